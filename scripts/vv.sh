#!/usr/bin/env bash
# Runs a conformance suite with gpuf (the suites are not part of this repository: check
# them out elsewhere):
#
#   scripts/vv.sh acc /path/to/OpenACCV-V [JOBS]   # every Tests/*.F90, -fopenacc
#   scripts/vv.sh omp /path/to/OpenMP_VV  [JOBS]   # every tests/**/*.F90, -fopenmp,
#                                                  # OMP_TARGET_OFFLOAD=mandatory
#
# Each file (named by its path relative to the suite) is compiled once and run on the host
# device and on the sim device (32 lanes); a
# run passes when it exits with status 0 within 60 s (a file without a main program passes
# when it compiles with -c). Prints one line per file (PASS/FAIL
# for compile, host, sim and the first error line; `ondevice` when the sim run printed that it
# ran on the device, as the OpenMP suite's tests do) into target/vv-SUITE.log, then totals.
set -uo pipefail
cd "$(dirname "$0")/.."
suite=${1:?usage: $0 acc|omp PATH [JOBS]}
root=$(cd "${2:?usage: $0 acc|omp PATH [JOBS]}" && pwd)
jobs=${3:-2}
gpuf=${GPUF:-$PWD/target/release/gpuf}
[ -x "$gpuf" ] || cargo build --release -q -p gpuf -p gpuf-rt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
case "$suite" in
  acc) files=$(ls "$root"/Tests/*.F90); flags="-O1 -fopenacc -I$root/Tests"; env_run="" ;;
  omp) files=$(find "$root/tests" -name '*.F90' | sort); flags="-O1 -fopenmp -I$root/ompvv"; env_run="OMP_TARGET_OFFLOAD=mandatory" ;;
  *) echo "unknown suite $suite" >&2; exit 2 ;;
esac
log=$PWD/target/vv-$suite.log
: > "$log"
one() {
  f=$1
  # Files of the same name exist in several directories (OpenMP_VV's 5.0 and 5.1 both have
  # 16): name the run and its work directory after the path relative to the suite.
  n=${f#"$root"/}
  n=${n%.F90}
  d=$work/${n//\//__}
  mkdir -p "$d"
  cd "$d" || return
  # A file without a main program (the OpenACC suite's declare_copyin_mod.F90, a module
  # other tests use) passes when it compiles to an object.
  if ! grep -qiE '^\s*program\b' "$f"; then
    if timeout 120 "$gpuf" $flags -I"$(dirname "$f")" -c "$f" -o unit.o > compile.txt 2>&1; then
      echo "PASS $n (no main program: compiled with -c)"
    else
      why=$(grep -m1 -E '^error' compile.txt | cut -c1-150)
      echo "FAIL compile $n :: ${why:-compiler exited non-zero}"
    fi
    return
  fi
  if ! timeout 120 "$gpuf" $flags -I"$(dirname "$f")" "$f" -o prog > compile.txt 2>&1; then
    why=$(grep -m1 -E '^error' compile.txt | cut -c1-150)
    echo "FAIL compile $n :: ${why:-compiler exited non-zero}"
    return
  fi
  res=""
  for dev in host sim; do
    if env $env_run ACC_DEVICE_TYPE=$dev GPUF_SIM_LANES=32 timeout 60 ./prog > run-$dev.txt 2>&1; then
      res="$res $dev=pass"
    else
      res="$res $dev=fail($(grep -m1 -v '^\s*$' run-$dev.txt | cut -c1-100))"
    fi
  done
  dev=""
  if grep -qi "on the device" run-sim.txt; then dev=" ondevice"; fi
  case "$res" in
    *fail*) echo "FAIL run $n ::$res$dev" ;;
    *) echo "PASS $n$dev" ;;
  esac
}
export -f one
export work gpuf flags env_run root
echo "$files" | xargs -P "$jobs" -I{} bash -c 'one "$@"' _ {} >> "$log"
total=$(wc -l < "$log")
pass=$(grep -c '^PASS' "$log")
cfail=$(grep -c '^FAIL compile' "$log")
host=$(grep -c -E '^PASS|host=pass' "$log")
sim=$(grep -c -E '^PASS|sim=pass' "$log")
ondev=$(grep -c -E '^PASS .* ondevice$|sim=pass.* ondevice$' "$log")
echo "$suite: $total files: compiled $((total - cfail)), pass on host $host, pass on sim $sim, pass on both $pass, passing on sim reporting the device $ondev (log: $log)"
