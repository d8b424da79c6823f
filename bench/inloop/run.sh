#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The apply of a trisplit PC inside a Krylov loop, on the GPU machine.
#   bash bench/inloop/run.sh pack      # here: bench/inloop/inloop.c built against the 3.25 bundle, the library of
#                                      # build/cme (B=...) and its tutorials/ex1, into .gpu/inloop
#   bash bench/inloop/run.sh run       # device tool, carry [".gpu/inloop", ".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz"]
# run runs
#   1. inloop: one PCApply back to back, synchronised, after an L2 eviction by reads, after a MatMult;
#   2. tutorials/ex1 with BiCGStab for exactly 200 iterations (rtol 1e-30) with algtri and with jacobi: the
#      difference of the KSPSolve times over the 400 applies is algtri's apply inside the loop, less jacobi's.
cd "$(dirname "$0")/../.."
case ${1:-} in
pack | run) ;;
*) echo "usage: bash bench/inloop/run.sh pack|run" >&2; exit 1 ;;
esac
if [ "$1" = pack ]; then
  set -e
  . bench/gpu/petsc_env.sh --
  B=${B:-build/cme}
  rm -rf build/inloop .gpu/inloop && mkdir -p build/inloop .gpu/inloop
  sed 's|#include "../../tutorials/problems.h"|#include "problems.h"|' bench/inloop/inloop.c > build/inloop/inloop.c
  cp tutorials/problems.h build/inloop/
  make -s -C build/inloop -f "$PETSC_CUDA_DIR/share/petsc/Makefile.basic.user" PETSC_DIR="$PETSC_CUDA_DIR" \
    CFLAGS="-I$PWD/include" LOADLIBES="-L$PWD/$B/lib -ltrisplit" inloop
  cp build/inloop/inloop $B/tutorials/ex1 .gpu/inloop/
  ts_copy_lib $B/lib .gpu/inloop/lib
  exit 0
fi
. bench/gpu/petsc_env.sh -- .gpu/inloop/lib || exit 1
GPU="-mat_type aijcusparse -vec_type cuda"
for p in "aniso1 -n 1200" "aniso2 -n 1200" "rot -n 1000" "model8 -n 1000"; do
  echo "== inloop -problem $p"
  .gpu/inloop/inloop -problem $p -mat_type aijcusparse
  for pc in algtri jacobi; do
    echo "== ex1 -problem $p -pc_type $pc, BiCGStab, 200 iterations"
    .gpu/inloop/ex1 -problem $p -ksp_type bcgs -ksp_pc_side right -ksp_rtol 1e-30 -ksp_max_it 200 -pc_type $pc -view_times $GPU 2>&1 | grep -i "times\|iterations"
  done
done
