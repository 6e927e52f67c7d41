#!/usr/bin/env bash
# The Fortran tests of the OpenMP Validation & Verification suite under gpuf.
#
#   scripts/vv-omp.sh PATH_TO_OpenMP_VV [FILTER]    # e.g. scripts/vv-omp.sh ~/OpenMP_VV 4.5
#
# Every `*.F90` / `*.f90` under PATH/tests (whose path contains FILTER, when given) is
# compiled with `gpuf -fopenmp -O1 -I PATH/ompvv` (the tests `#include "ompvv.F90"`) and run
# twice: on the host device (ACC_DEVICE_TYPE=host) and on the sim device with
# OMP_TARGET_OFFLOAD=mandatory (ACC_DEVICE_TYPE=sim). A run passes when it exits with 0 (the
# suite's OMPVV_REPORT_AND_RETURN stops with 1 after a failed check) within 60 seconds.
# One line per file: `PASS`, `FAIL compile`, or `FAIL host` / `FAIL sim` with the exit code;
# then the totals. The compiler's first error and each failed run's output are kept in
# target/vv-omp/<test>.log. The exit status is 0 whatever the results (it is a measurement),
# 2 for bad usage.
set -uo pipefail
cd "$(dirname "$0")/.."
vv=${1:-}
filter=${2:-}
if [ -z "$vv" ] || [ ! -d "$vv/tests" ] || [ ! -f "$vv/ompvv/ompvv.F90" ]; then
  echo "usage: $0 PATH_TO_OpenMP_VV [FILTER]   (a checkout with tests/ and ompvv/ompvv.F90)" >&2
  exit 2
fi
vv=$(cd "$vv" && pwd)
gpuf=${GPUF:-$PWD/target/debug/gpuf}
[ -x "$gpuf" ] || cargo build -q -p gpuf || exit 2
out=$PWD/target/vv-omp
rm -rf "$out"
mkdir -p "$out"
total=0 pass=0 fail_compile=0 fail_host=0 fail_sim=0
while IFS= read -r src; do
  rel=${src#"$vv/tests/"}
  case "$rel" in *"$filter"*) ;; *) continue ;; esac
  total=$((total + 1))
  name=$(echo "$rel" | tr '/' '_')
  name=${name%.*}
  work="$out/$name"
  log="$out/$name.log"
  mkdir -p "$work"
  # Module files (ompvv_lib) land in the test's own directory.
  if ! (cd "$work" && "$gpuf" -fopenmp -O1 -cpp -I "$vv/ompvv" "$src" -o prog) >"$log" 2>&1; then
    echo "FAIL compile  $rel  ($(grep -m1 -E '^(error|warning)\[' "$log" || head -n1 "$log"))"
    fail_compile=$((fail_compile + 1))
    continue
  fi
  result=PASS
  for dev in host sim; do
    if [ "$dev" = sim ]; then env=(ACC_DEVICE_TYPE=sim OMP_TARGET_OFFLOAD=mandatory); else env=(ACC_DEVICE_TYPE=host); fi
    (cd "$work" && env "${env[@]}" timeout 60 ./prog) >"$work/$dev.out" 2>&1
    code=$?
    if [ $code -ne 0 ]; then
      { echo "--- $dev (exit $code)"; cat "$work/$dev.out"; } >>"$log"
      [ "$result" = PASS ] && result="FAIL $dev (exit $code)"
      if [ "$dev" = host ]; then fail_host=$((fail_host + 1)); else fail_sim=$((fail_sim + 1)); fi
    fi
  done
  echo "$result  $rel"
  [ "$result" = PASS ] && pass=$((pass + 1))
done < <(find "$vv/tests" -type f \( -name '*.F90' -o -name '*.f90' \) | sort)
echo "total $total: pass $pass (both devices), compile failures $fail_compile, host run failures $fail_host, sim run failures $fail_sim"
