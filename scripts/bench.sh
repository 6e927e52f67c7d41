#!/usr/bin/env bash
# Compile time and run time of gpuf against gfortran -O2, measured in the same run over the
# programs in bench/ (best of 3 for each). gpuf-built programs run on the host device
# (ACC_DEVICE_TYPE=host); gfortran builds them without -fopenacc. OpenMP programs
# (bench/*_omp_*) are compiled with -fopenmp, by gfortran with nvptx offload
# (-foffload=nvptx-none; without a GPU its program falls back to the host). Prints one line per
# program with the ratios gpuf/gfortran (below 1 means gpuf is faster) and whether the two
# programs printed the same output.
# Then a "sim" section: the sim device's micro-benchmark (µs per launch, shuffle round, vote
# round and barrier; runtime-lib/examples/sim_bench.rs) and the run time of each program on
# the sim device against the host device (ACC_DEVICE_TYPE=sim vs host, best of 3).
# Last, the PTX instruction count of each kernel against GCC 12's nvptx offload compiler for
# the same program (bench/gcc12-nvptx-ptx-counts.txt).
# `scripts/bench.sh sim` prints only the sim section.
set -euo pipefail
cd "$(dirname "$0")/.."
gpuf=${GPUF:-target/release/gpuf}
if [ ! -x "$gpuf" ]; then cargo build --release --workspace >&2; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
best() { # best wall time in seconds of 3 runs of "$@"
  local b=999999
  for _ in 1 2 3; do
    local s e
    s=$(date +%s.%N); "$@" > /dev/null 2>&1; e=$(date +%s.%N)
    b=$(awk -v s="$s" -v e="$e" -v b="$b" 'BEGIN { t = e - s; print (t < b) ? t : b }')
  done
  echo "$b"
}
only=${1:-all}
omp() { case "$1" in *_omp_*) echo -fopenmp ;; esac; }
gf_omp() { case "$1" in *_omp_*) echo -fopenmp -foffload=nvptx-none ;; esac; }
if [ "$only" != sim ]; then
printf '%-16s %10s %10s %7s %10s %10s %7s %s\n' program gf-comp gpuf-comp ratio gf-run gpuf-run ratio same-output
for src in bench/*.f90; do
  n=$(basename "$src" .f90)
  # shellcheck disable=SC2046
  gc=$(best gfortran -O2 $(gf_omp "$n") "$src" -o "$work/$n.gf")
  # shellcheck disable=SC2046
  pc=$(best "$gpuf" compile -O2 $(omp "$n") "$src" -o "$work/$n.gpuf")
  gr=$(best "$work/$n.gf")
  pr=$(best env ACC_DEVICE_TYPE=host "$work/$n.gpuf")
  same=no
  if cmp -s <("$work/$n.gf") <(ACC_DEVICE_TYPE=host "$work/$n.gpuf"); then same=yes; fi
  printf '%-16s %10.3f %10.3f %7.2f %10.3f %10.3f %7.2f %s\n' "$n" "$gc" "$pc" "$(awk -v a="$pc" -v b="$gc" 'BEGIN { print a / b }')" "$gr" "$pr" "$(awk -v a="$pr" -v b="$gr" 'BEGIN { print a / b }')" "$same"
done
fi
echo
echo "sim device: micro-benchmark (runtime-lib/examples/sim_bench.rs)"
if [ -z "${GPUF:-}" ]; then cargo build --release -q -p gpuf-rt >&2; fi
cargo run --release -q -p gpuf-rt --example sim_bench
printf '%-16s %10s %10s %9s %s\n' program host-run sim-run sim/host same-output
for src in bench/*.f90; do
  n=$(basename "$src" .f90)
  # shellcheck disable=SC2046
  "$gpuf" compile -O2 $(omp "$n") "$src" -o "$work/$n.gpuf"
  hr=$(best env ACC_DEVICE_TYPE=host "$work/$n.gpuf")
  sr=$(best env ACC_DEVICE_TYPE=sim "$work/$n.gpuf")
  same=no
  if cmp -s <(ACC_DEVICE_TYPE=host "$work/$n.gpuf") <(ACC_DEVICE_TYPE=sim "$work/$n.gpuf"); then same=yes; fi
  printf '%-16s %10.3f %10.3f %9.2f %s\n' "$n" "$hr" "$sr" "$(awk -v a="$sr" -v b="$hr" 'BEGIN { print a / b }')" "$same"
done

if [ "$only" != sim ]; then
echo
echo "PTX instructions per kernel (scripts/ptx-count.sh): gpuf -O2 against GCC 12's nvptx offload"
echo "(stored in bench/gcc12-nvptx-ptx-counts.txt with the command that measured them)"
printf '%-16s %-34s %8s %8s %7s\n' program kernel gpuf gcc12 ratio
for src in bench/*.f90; do
  n=$(basename "$src" .f90)
  # shellcheck disable=SC2046
  "$gpuf" compile -O2 $(omp "$n") "$src" -target nvptx --emit=asm -o "$work/$n.ptx" 2>/dev/null || continue
  k=0
  while read -r name count; do
    g=$(awk -v n="$n" -v k="$k" '$1 == n && $2 == k { print $3 }' bench/gcc12-nvptx-ptx-counts.txt)
    ratio=$(awk -v a="$count" -v b="${g:-0}" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
    printf '%-16s %-34s %8s %8s %7s\n' "$n" "$name" "$count" "${g:--}" "$ratio"
    k=$((k + 1))
  done < <(scripts/ptx-count.sh "$work/$n.ptx")
done
fi
