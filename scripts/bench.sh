#!/usr/bin/env bash
# Compile time and run time of gpuf against gfortran -O2, measured in the same run over the
# programs in bench/ (best of 3 for each). The problem sizes are chosen so that each program
# runs 0.3-1 s when gfortran -O2 compiles it serially: at 7-70 ms one millisecond of noise
# would be 5-14% and a ratio could not be read to 5%. gpuf-built programs run on the host
# device on one thread (ACC_DEVICE_TYPE=host ACC_NUM_CORES=1); gfortran builds them serially
# (-O2, no -fopenacc, no -fopenmp), which is what issue 12 compares with. Each run is timed
# twice over: wall time and CPU time (user + system, from bash's `time`); on a machine busy
# with other work the CPU-time ratio is the one to read. The load average at the start is
# printed with the results. A further column runs gfortran's own build of the directives
# (-fopenacc, or -fopenmp with its nvptx and amdgcn offload compilers, which fall back to
# the host without a GPU; OMP_NUM_THREADS=1) against gpuf's. Prints one line per program
# with the ratios gpuf/gfortran (below 1 means gpuf is faster) and whether the two programs
# printed the same output.
# Then compile time against `gfortran -O2 -fopenacc` (GCC 12 with its nvptx and amdgcn
# offload compilers; gpuf builds both GPU images too), per program and as geometric means.
# Then a "sim" section: the sim device's micro-benchmark (µs per launch, shuffle round, vote
# round and barrier; runtime-lib/examples/sim_bench.rs) and the run time of each program on
# the sim device against the host device (ACC_DEVICE_TYPE=sim vs host, best of 3).
# Last, the PTX instruction count of each kernel against GCC 12's nvptx offload compiler for
# the same program (bench/gcc12-nvptx-ptx-counts.txt), and its loads of read-only arrays
# through the non-coherent cache (ld.global.nc).
# A "threads" section: each program's run time on the host device with ACC_NUM_CORES=1
# against 2 (same binary; hyperfine, the fastest of 5 runs after a warm-up, which other
# work on the machine disturbs least), as the speed-up of 2 threads over 1 (gang loops are
# split over host threads). 01_stencil is issue 12's stencil
# (2048 x 2048, collapse(2), 100 sweeps) with its copy back a compute region too, as OpenACC
# codes write it, so the whole time loop runs on the device.
# `scripts/bench.sh sim` prints only the sim section; `scripts/bench.sh threads` only the
# threads section; `scripts/bench.sh host` only the host run-time section.
set -euo pipefail
cd "$(dirname "$0")/.."
gpuf=${GPUF:-target/release/gpuf}
if [ ! -x "$gpuf" ]; then cargo build --release --workspace >&2; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
best() { # best wall time and best CPU time (user + system) in seconds of 3 runs of "$@"
  local bw=999999 bc=999999 t
  for _ in 1 2 3; do
    t=$( { TIMEFORMAT='%R %U %S'; time "$@" > /dev/null 2>&1; } 2>&1 | tail -n 1)
    read -r bw bc <<< "$(awk -v t="$t" -v bw="$bw" -v bc="$bc" 'BEGIN { split(t, f, " "); w = f[1]; c = f[2] + f[3]; print (w < bw ? w : bw), (c < bc ? c : bc) }')"
  done
  echo "$bw $bc"
}
wall() { best "$@" | cut -d' ' -f1; }
only=${1:-all}
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
omp() { case "$1" in *_omp_*) echo -fopenmp ;; esac; }
gf_dir() { case "$1" in *_omp_*) echo -fopenmp ;; *) echo -fopenacc ;; esac; }
if [ "$only" = all ] || [ "$only" = threads ]; then
echo "host device: 2 threads against 1 (ACC_NUM_CORES, hyperfine, fastest of 5 runs after a warm-up)"
printf '%-16s %10s %10s %8s\n' program 1-thread 2-threads speed-up
for src in bench/*.f90; do
  n=$(basename "$src" .f90)
  # shellcheck disable=SC2046
  "$gpuf" compile -O2 $(omp "$n") "$src" -o "$work/$n.gpuf"
  hyperfine -N -w 1 -r 5 --export-json "$work/$n.json" \
    "env ACC_DEVICE_TYPE=host ACC_NUM_CORES=1 $work/$n.gpuf" \
    "env ACC_DEVICE_TYPE=host ACC_NUM_CORES=2 $work/$n.gpuf" > /dev/null 2>&1
  t1=$(jq '.results[0].min' "$work/$n.json")
  t2=$(jq '.results[1].min' "$work/$n.json")
  printf '%-16s %10.3f %10.3f %8.2f\n' "$n" "$t1" "$t2" "$(awk -v a="$t1" -v b="$t2" 'BEGIN { print a / b }')"
done
echo
fi
if [ "$only" = threads ]; then exit 0; fi
if [ "$only" != sim ]; then
echo "host run time: gpuf on the host device, 1 thread, against gfortran -O2 serial (best of 3; wall and CPU seconds)"
echo "and against gfortran's own build of the directives (gf-dir: -fopenacc or -fopenmp, host fallback, 1 thread; CPU seconds)"
printf '%-16s %9s %9s %6s %9s %9s %6s %9s %6s %s\n' program gf-wall gpuf-wall ratio gf-cpu gpuf-cpu ratio gf-dir ratio same-output
declare -A comp
for src in bench/*.f90; do
  n=$(basename "$src" .f90)
  gc=$(wall gfortran -O2 "$src" -o "$work/$n.gf")
  # shellcheck disable=SC2046
  ga=$(wall gfortran -O2 $(gf_dir "$n") "$src" -o "$work/$n.gfdir")
  # shellcheck disable=SC2046
  pc=$(wall "$gpuf" compile -O2 $(omp "$n") "$src" -o "$work/$n.gpuf")
  comp[$n]="$gc $ga $pc"
  read -r gw gu <<< "$(best "$work/$n.gf")"
  read -r pw pu <<< "$(best env ACC_DEVICE_TYPE=host ACC_NUM_CORES=1 OMP_NUM_THREADS=1 "$work/$n.gpuf")"
  read -r _ du <<< "$(best env OMP_NUM_THREADS=1 "$work/$n.gfdir")"
  same=no
  if cmp -s <("$work/$n.gf") <(ACC_DEVICE_TYPE=host "$work/$n.gpuf"); then same=yes; fi
  printf '%-16s %9.3f %9.3f %6.2f %9.3f %9.3f %6.2f %9.3f %6.2f %s\n' "$n" "$gw" "$pw" "$(awk -v a="$pw" -v b="$gw" 'BEGIN { print a / b }')" "$gu" "$pu" "$(awk -v a="$pu" -v b="$gu" 'BEGIN { print a / b }')" "$du" "$(awk -v a="$pu" -v b="$du" 'BEGIN { print a / b }')" "$same"
done
echo
if [ "$only" = host ]; then exit 0; fi
echo "compile time: gpuf compile -O2 (host, sim and both GPU images) against gfortran -O2 and against"
echo "gfortran -O2 with the directives (-fopenacc or -fopenmp, with its nvptx and amdgcn offload compilers)"
printf '%-16s %10s %10s %10s %7s %7s\n' program gf-comp gfdir-comp gpuf-comp ratio ratio-dir
logs=0; logs_acc=0; count=0
for src in bench/*.f90; do
  n=$(basename "$src" .f90)
  read -r gc ga pc <<< "${comp[$n]}"
  printf '%-16s %10.3f %10.3f %10.3f %7.2f %7.2f\n' "$n" "$gc" "$ga" "$pc" "$(awk -v a="$pc" -v b="$gc" 'BEGIN { print a / b }')" "$(awk -v a="$pc" -v b="$ga" 'BEGIN { print a / b }')"
  logs=$(awk -v s="$logs" -v a="$pc" -v b="$gc" 'BEGIN { print s + log(a / b) }')
  logs_acc=$(awk -v s="$logs_acc" -v a="$pc" -v b="$ga" 'BEGIN { print s + log(a / b) }')
  count=$((count + 1))
done
awk -v s="$logs" -v t="$logs_acc" -v n="$count" 'BEGIN { printf "geometric mean: %.2f against gfortran -O2, %.2f against gfortran -O2 with the directives\n", exp(s / n), exp(t / n) }'
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
  hr=$(wall env ACC_DEVICE_TYPE=host "$work/$n.gpuf")
  sr=$(wall env ACC_DEVICE_TYPE=sim "$work/$n.gpuf")
  same=no
  if cmp -s <(ACC_DEVICE_TYPE=host "$work/$n.gpuf") <(ACC_DEVICE_TYPE=sim "$work/$n.gpuf"); then same=yes; fi
  printf '%-16s %10.3f %10.3f %9.2f %s\n' "$n" "$hr" "$sr" "$(awk -v a="$sr" -v b="$hr" 'BEGIN { print a / b }')" "$same"
done

if [ "$only" != sim ]; then
echo
echo "PTX instructions per kernel (scripts/ptx-count.sh): gpuf -O2 against GCC 12's nvptx offload"
echo "(stored in bench/gcc12-nvptx-ptx-counts.txt with the command that measured them)"
printf '%-16s %-34s %8s %8s %7s %8s\n' program kernel gpuf gcc12 ratio nc-loads
for src in bench/*.f90; do
  n=$(basename "$src" .f90)
  # shellcheck disable=SC2046
  "$gpuf" compile -O2 $(omp "$n") "$src" -target nvptx --emit=asm -o "$work/$n.ptx" 2>/dev/null || continue
  k=0
  while read -r name count nc; do
    g=$(awk -v n="$n" -v k="$k" '$1 == n && $2 == k { print $3 }' bench/gcc12-nvptx-ptx-counts.txt)
    ratio=$(awk -v a="$count" -v b="${g:-0}" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
    printf '%-16s %-34s %8s %8s %7s %8s\n' "$n" "$name" "$count" "${g:--}" "$ratio" "$nc"
    k=$((k + 1))
  done < <(scripts/ptx-count.sh "$work/$n.ptx")
done
fi
