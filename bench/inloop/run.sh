#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The in-loop apply on the GPU machine (device tool, carry [".gpu/inloop", ".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz"]):
#   1. bench/inloop/inloop (built here against the 3.25 bundle into .gpu/inloop with the library in .gpu/inloop/lib,
#      see README.md): one PCApply back to back, synchronised, after an L2 eviction, after a MatMult;
#   2. tutorials/ex1 with BiCGStab for exactly 200 iterations (rtol 1e-30) with algtri and with jacobi: the
#      difference of the KSPSolve times over the 400 applies is algtri's apply inside the loop, less jacobi's.
cd "$(dirname "$0")/../.."
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
