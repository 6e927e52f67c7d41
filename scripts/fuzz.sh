#!/usr/bin/env bash
# Coverage-guided fuzzing of gpuf with libFuzzer (stable Rust: sanitizer-coverage through
# LLVM's sancov pass, no nightly needed).
#
#   scripts/fuzz.sh frontend 10000000 2   # 10 million front-end executions on 2 processes
#   scripts/fuzz.sh pipeline 100000 2     # whole-pipeline executions
#   FUZZ_ARGS="-max_len=1024" scripts/fuzz.sh frontend ...   # more libFuzzer options
#
# The corpus starts from every Fortran file under tests/ and grows in target/fuzz/corpus-*;
# crashes (panics, internal-error diagnostics, hangs over 10 s) are written to
# target/fuzz/artifacts-*/ and make the script exit non-zero. Each process prints libFuzzer's
# "Done N runs" line; the script sums them.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-frontend}
runs=${2:-1000000}
jobs=${3:-1}
case "$what" in frontend | pipeline) ;; *) echo "usage: $0 frontend|pipeline [RUNS] [JOBS]" >&2; exit 2 ;; esac
triple=x86_64-unknown-linux-gnu
export CARGO_TARGET_DIR=target/fuzz/build
RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares -Cdebug-assertions --cfg fuzzing" \
  cargo build --release -q -p gpuf-fuzz --features libfuzzer --target "$triple" --bin "fuzz_$what"
bin="$CARGO_TARGET_DIR/$triple/release/fuzz_$what"
corpus=target/fuzz/corpus-$what
artifacts=target/fuzz/artifacts-$what
seeds=target/fuzz/seeds
mkdir -p "$corpus" "$artifacts" "$seeds"
find tests -name '*.f90' -o -name '*.F90' -o -name '*.f' | while read -r f; do
  cp "$f" "$seeds/$(echo "$f" | tr '/' '_')"
done
per=$(( (runs + jobs - 1) / jobs ))
logs=()
for j in $(seq 1 "$jobs"); do
  log=target/fuzz/$what-$j.log
  logs+=("$log")
  "$bin" "$corpus" "$seeds" -runs="$per" -seed="$j" -timeout=10 -rss_limit_mb=4096 -max_len=65536 \
    -artifact_prefix="$artifacts/" -print_final_stats=1 ${FUZZ_ARGS:-} > "$log" 2>&1 &
done
status=0
wait || status=$?
total=0
for log in "${logs[@]}"; do
  n=$(grep -o 'Done [0-9]* runs' "$log" | awk '{print $2}' | tail -1)
  total=$(( total + ${n:-0} ))
  grep -E 'Done [0-9]+ runs|ERROR|crash-|timeout-' "$log" || true
done
echo "fuzz $what: $total executions, $(ls "$artifacts" | wc -l) finding(s) in $artifacts"
exit $status
