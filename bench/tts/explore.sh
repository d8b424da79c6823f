#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Issue 21's hard problems: which trisplit variants take fewer iterations (more factors, 2x2 blocks for coupled
# fields, single-precision factors), BiCGStab, against jacobi of the same run. On the GPU machine (device tool,
# carry [".gpu/inloop", ".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz"]; .gpu/inloop from `bash bench/inloop/run.sh
# pack` plus ex19 from `bash bench/tts/run.sh pack`: cp .gpu/tts/bin/ex19 .gpu/inloop/).
cd "$(dirname "$0")/../.."
. bench/gpu/petsc_env.sh -- .gpu/inloop/lib || exit 1
B=.gpu/inloop
GPU="-mat_type aijcusparse -vec_type cuda"
K="-ksp_type bcgs -ksp_pc_side right -ksp_rtol 1e-6"
for p in "rot -n 1000 -eps 1e-5" "convdiff -n 1000"; do
  for pc in "-pc_type jacobi" "-pc_type algtri" "-pc_type algtri -pc_algtri_precision single" "-pc_type algtri -pc_algtri_block 2" \
    "-pc_type mosd -pc_mosd_m 3" "-pc_type altsplit -pc_altsplit_m 3" "-pc_type altsplit -pc_altsplit_m 4" "-pc_type mosa -pc_mosa_m 3"; do
    echo "== ex1 -problem $p $pc"
    timeout 30 $B/ex1 -problem $p $K $pc -view_times -ksp_max_it 10000 $GPU 2>&1 | grep -i "iterations\|times"
  done
done
for pc in "-pc_type jacobi" "-pc_type algtri" "-pc_type algtri -pc_algtri_block 2" "-pc_type altsplit -pc_altsplit_m 3" "-pc_type mosd -pc_mosd_m 3"; do
  echo "== ex19 500x500 $pc"
  timeout 60 $B/ex19 -dll_append $PWD/$B/lib/libtrisplit.so -da_grid_x 500 -da_grid_y 500 -dm_mat_type aijcusparse \
    -dm_vec_type cuda $K $pc -ksp_max_it 10000 -snes_converged_reason -ksp_converged_reason -log_view 2>&1 |
    grep -E "Linear solve|Nonlinear solve|^SNESSolve|^KSPSolve|^PCSetUp "
done
