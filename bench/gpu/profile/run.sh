#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Where the time of a GMRES(20) iteration and of one RPTS solve goes on the GPU machine, in one call:
#   here:    bash bench/gpu/profile/run.sh pack   # builds into .gpu/ (bench/gpu/prepare.sh, plus bench_rpts)
#   device:  bash bench/gpu/profile/run.sh run    # carry [".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz", ".gpu/profile",
#                                                 #   ".gpu/commit.txt"]
# run:
#  1. ex1 on ANISO1 1200^2, GMRES(20) right preconditioning, for jacobi, algtri and ALT-i m = 2, 3: -log_view
#     with -log_view_gpu_time (GPU time of each event; PETSc then waits for the GPU at each event's end) and
#     without it (wall clock; the launches stay asynchronous), so per iteration the GPU's work and the
#     wall clock can be set side by side.
#  2. Nsight Compute (clocks left alone) over a window of launches in the middle of each solve: the duration
#     of every kernel of a few iterations, trisplit's, cuSPARSE's and PETSc's Vec kernels.
#  3. Nsight Compute on bench_rpts at N = 2^20 and 2^25 (double, 1 RHS): the duration of each stage kernel.
# Everything lands in $OUT (profile/ and profile.tar.gz).
set -u
cd "$(dirname "$0")/../../.."
case "${1:-}" in
pack)
  set -e
  bash bench/gpu/prepare.sh >/dev/null
  make -f bench/rpts/Makefile .gpu/bench_rpts
  git rev-parse --short HEAD > .gpu/commit.txt
  mkdir -p .gpu/profile
  tar cJf .gpu/profile/bins.tar.xz -C .gpu bench_rpts lib/libtrisplit.so lib/libtrisplit.so.[0-9]* tutorials/ex1
  du -sh .gpu/profile
  exit 0 ;;
run) ;;
*) echo "usage: bash bench/gpu/profile/run.sh pack|run (what run measures: the head of this script)" >&2; exit 1 ;;
esac

FINAL=${OUT:-/tmp/out}
P=/tmp/profile
mkdir -p "$P" "$FINAL"
. bench/gpu/petsc_env.sh -- .gpu/lib || exit 1
tar xJf .gpu/profile/bins.tar.xz -C .gpu
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
EX1=".gpu/tutorials/ex1 -problem aniso1 -n 1200 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -mat_type aijcusparse -vec_type cuda"
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; date -u +%Y-%m-%dT%H:%MZ; echo "commit $(cat .gpu/commit.txt)"; echo "ncu: $NCU"; } | tee "$P/device.txt"
for pc in "jacobi" "algtri" "altsplit -pc_altsplit_m 2" "altsplit -pc_altsplit_m 3"; do
  tag=$(echo "$pc" | awk '{print $1 ($3 ? "_m" $3 : "")}')
  timeout 60 $EX1 -pc_type $pc -view_times > "$P/times_$tag.txt" 2>&1
  timeout 60 $EX1 -pc_type $pc -log_view > "$P/logview_$tag.txt" 2>&1
  timeout 60 $EX1 -pc_type $pc -log_view -log_view_gpu_time > "$P/logview_gpu_$tag.txt" 2>&1
  echo "== $tag: $(grep -E 'iterations|total' "$P/times_$tag.txt" | tr '\n' ' ')"
  grep -E "^(KSPSolve|MatMult|PCApply|VecMDot|VecMAXPY|VecNormalize|VecNorm |TSTriSolve)" "$P/logview_gpu_$tag.txt" | awk '{printf "   %-14s count %6s cpu %s gpu-flops/s %s\n", $1, $2, $4, $(NF-6)}'
  if [ -n "$NCU" ]; then
    timeout 150 "$NCU" --clock-control none --metrics gpu__time_duration.sum --launch-skip 3000 --launch-count 60 --csv $EX1 -pc_type $pc > "$P/ncu_$tag.csv" 2> "$P/ncu_$tag.err"
    echo "   ncu rc=$? $(grep -c gpu__time_duration "$P/ncu_$tag.csv") kernels"
  fi
done
if [ -n "$NCU" ]; then
  for lg in 20 25; do
    timeout 150 "$NCU" --clock-control none --metrics gpu__time_duration.sum --kernel-name regex:"reduce|subst|final" --launch-skip 40 --launch-count 24 --csv .gpu/bench_rpts --quick --no-block --prec double --nrhs 1 --nmin $lg --nmax $lg > "$P/ncu_rpts_$lg.csv" 2> "$P/ncu_rpts_$lg.err"
    echo "== ncu rpts 2^$lg rc=$?"
    grep gpu__time_duration "$P/ncu_rpts_$lg.csv" | awk -F'","' '{print "   " $5 " | " $(NF)}' | sed 's/"$//' | cut -c1-160 | head -14
  done
  timeout 60 .gpu/bench_rpts --quick --no-block --prec double --nrhs 1 --nmin 20 --nmax 25 > "$P/bench_rpts.log" 2>&1
  tail -12 "$P/bench_rpts.log"
fi
cp -r "$P" "$FINAL/"
tar czf "$FINAL/profile.tar.gz" -C /tmp profile
