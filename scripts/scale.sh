#!/usr/bin/env bash
# How compile time and memory grow with the length of a program unit: generates programs
# of about 5,000, 20,000 and 50,000 lines (half declarations of several kinds, half
# statements using them) in a temporary directory, compiles each with gpuf through the
# front end and gimplify only (`--emit=gimple`) and fully, and prints the wall and user
# seconds and the maximum resident set size of each. Both should grow linearly.
# The full compile uses -O2 (OPT=0 for -O0); a huge host function is cut into pieces of
# bounded length (codegen's gen/outline.rs), each optimised, since LLVM's optimisers grow
# faster than linearly with the length of one function; a single huge statement (a
# 10,000-arm `where`) is compiled as at -O0 (codegen's `skip_huge_functions`).
#
# Usage: scripts/scale.sh [LINES...]   (GPUF=path/to/gpuf; default target/release/gpuf,
# built if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
gpuf=${GPUF:-target/release/gpuf}
opt=${OPT:-2}
if [ ! -x "$gpuf" ]; then cargo build --release -p gpuf >&2; fi
if [ ! -x /usr/bin/time ]; then
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
  $sudo apt-get -o DPkg::Lock::Timeout=600 install -y time >&2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sizes=("$@")
if [ ${#sizes[@]} -eq 0 ]; then sizes=(5000 20000 50000); fi

# gen LINES: a program with LINES/2 declarations (in groups of 4 kinds) and as many
# statements, printing a checksum.
gen() {
  awk -v lines="$1" 'BEGIN {
    n = int(lines / 8)
    print "program scale"
    print "  implicit none"
    print "  integer :: total"
    for (k = 0; k < n; k++) {
      printf "  integer :: i%d\n", k
      printf "  real(8) :: r%d(4)\n", k
      printf "  integer, parameter :: c%d = %d\n", k, k % 97
      printf "  character(len=8) :: s%d\n", k
    }
    print "  total = 0"
    for (k = 0; k < n; k++) {
      printf "  i%d = c%d + 1\n", k, k
      printf "  r%d(1) = i%d * 2.0d0\n", k, k
      printf "  s%d = \"x\"\n", k
      printf "  total = total + i%d + int(r%d(1))\n", k, k
    }
    print "  print *, total"
    print "end program"
  }'
}

measure() { # label, command...: prints "label  wall-s user-s max-RSS-MB"
  local label=$1
  shift
  /usr/bin/time -f "%e %U %M" -o "$work/time" "$@" > /dev/null 2> "$work/err" || {
    echo "$label: failed" >&2
    cat "$work/err" >&2
    return 1
  }
  read -r wall user rss < "$work/time"
  printf '%-26s %8.2f %8.2f %9.1f\n' "$label" "$wall" "$user" "$(awk -v k="$rss" 'BEGIN { print k / 1024 }')"
}

printf '%-26s %8s %8s %9s\n' program wall-s user-s maxrss-MB
for lines in "${sizes[@]}"; do
  src="$work/scale$lines.f90"
  gen "$lines" > "$src"
  measure "$lines lines, --emit=gimple" "$gpuf" compile --emit=gimple "$src" -o "$work/out.gimple"
  measure "$lines lines, full -O$opt" "$gpuf" compile -O"$opt" "$src" -o "$work/prog"
done
