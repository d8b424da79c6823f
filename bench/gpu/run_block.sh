#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The 2x2 block ALGTRI on the GPU machine, in one call (built here into .gpu/me/ from build/cuda-me:
# lib/libtrisplit.so, bin/ex1, bin/ex8, bin/forest_test; the matrices in .gpu/me/mtx (the smaller ones: the carry limit)):
#   1. host == device block forests bit for bit (tests/kernels/forest_test, with the scalar checks)
#   2. tests/ex8 on the device: same output as on the host (iteration counts, exact block solves)
#   3. time to solution of algtri block 1 / 2 (double, single) against jacobi on the model problems
set -u
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
. bench/gpu/petsc_env.sh -- .gpu/me/lib || exit 1
GPU="-mat_type aijcusparse -vec_type cuda"
B=.gpu/me/bin
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; date -u +%Y-%m-%dT%H:%MZ; } | tee "$OUT/gpu.txt"
timeout 240 $B/forest_test --big .gpu/me/mtx/*.mtx.gz > "$OUT/forest_test.log" 2>&1
echo "forest_test rc=$?"; grep -E "^FAIL" "$OUT/forest_test.log" | head; tail -1 "$OUT/forest_test.log"
$B/ex8 $GPU > "$OUT/ex8_cuda.out" 2>&1
diff "$OUT/ex8_cuda.out" tests/output/ex8_host.out > /dev/null && echo "PASS ex8 cuda == host" || { echo "FAIL ex8 cuda"; diff "$OUT/ex8_cuda.out" tests/output/ex8_host.out | head -20; }
timeout 60 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 $B/ex1 -problem aniso2 -n 32 -pc_type algtri -pc_algtri_block 2 $GPU > "$OUT/memcheck_block.log" 2>&1
echo "memcheck block algtri rc=$?"; grep "ERROR SUMMARY" "$OUT/memcheck_block.log"
its() { sed -n 's/.* in \([0-9]*\) iterations$/\1/p' | head -1; }
echo "problem,N,ksp,pc,iterations,setup_s,solve_s,total_s" > "$OUT/tts_block.csv"
for prob in "aniso1 1200" "aniso2 1200" "model8 1000" "rot 1000"; do
  set -- $prob
  for ksp in gmres bcgs; do
    kopt="-ksp_type $ksp -ksp_pc_side right -ksp_gmres_restart 20 -ksp_max_it 20000"
    for pc in "jacobi" "algtri" "algtri -pc_algtri_block 2" "algtri -pc_algtri_block 2 -pc_algtri_precision single" "algtri -pc_algtri_block 2 -pc_algtri_factor_charge_period 1"; do
      o=$(timeout 60 $B/ex1 -problem $1 -n $2 $kopt -pc_type $pc $GPU -view_times 2>&1)
      t=$(echo "$o" | sed -n 's/.*setup \([0-9.]*\) s, solve \([0-9.]*\) s, total \([0-9.]*\) s/\1,\2,\3/p' | head -1)
      echo "$1,$(($2*$2)),$ksp,$pc,$(echo "$o" | its),$t" | tee -a "$OUT/tts_block.csv"
    done
  done
done
$B/ex1 -problem aniso1 -n 1200 -ksp_type gmres -ksp_pc_side right -pc_type algtri -pc_algtri_block 2 $GPU -log_view -ksp_view > "$OUT/logview_block.txt" 2>&1
