#!/bin/sh
# Compare one program built by gpuf with the same program built by gfortran, on the host
# device and on the sim device with 32 and 64 lanes (what the test suite does for every
# program in tests/programs). Usage: scripts/diff1.sh prog.f90 [gpuf flags...]
# Uses $CARGO_TARGET_DIR/debug/gpuf (or target/debug/gpuf); run `cargo build` first.
set -u
src=$1; shift
root=$(cd "$(dirname "$0")/.." && pwd)
gpuf=${CARGO_TARGET_DIR:-$root/target}/debug/gpuf
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
abs=$(cd "$(dirname "$src")" && pwd)/$(basename "$src")
input=${abs%.*}.in; [ -f "$input" ] || input=/dev/null
(cd "$d" && gfortran -O1 -fopenacc -ffree-line-length-none "$abs" -o ref) || { echo "gfortran rejected $src"; exit 2; }
(cd "$d" && ./ref <"$input" >want.txt 2>/dev/null; echo "exit $?" >>want.txt)
"$gpuf" compile "$abs" -o "$d/prog" "$@" || { echo "gpuf rejected $src"; exit 1; }
status=0
for dev in host sim:32 sim:64; do
  (cd "$d" && ACC_DEVICE_TYPE=${dev%%:*} GPUF_SIM_LANES=${dev#*:} ./prog <"$input" >got.txt 2>err.txt; echo "exit $?" >>got.txt)
  if ! cmp -s "$d/want.txt" "$d/got.txt"; then
    echo "== $src on $dev differs from gfortran:"; diff "$d/want.txt" "$d/got.txt" | head -40; cat "$d/err.txt" | head -5; status=1
  fi
done
[ $status = 0 ] && echo "ok: $src"
exit $status
