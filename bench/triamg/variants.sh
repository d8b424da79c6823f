#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Where PCTRIAMG's setup goes and what its options change, on one GPU: tutorials/ex1 with triamg under option
# variants (VARIANTS, one a line, 'label|options'), GMRES(20) and BiCGStab, rtol 1e-6, right preconditioning,
# -warmup, REPS times; prints 'problem ksp variant: iterations, setup, solve, total' and, with LOGVIEW=1, the setup
# events of one -log_view -log_view_gpu_time run per variant (count and seconds). Run on the GPU machine after tests/gpu/run.sh unpacked the suite (build/cuda):
#   bash bench/triamg/variants.sh
set -u
. bench/gpu/petsc_env.sh -- build/cuda/lib || exit 1
EX1=${TS_EX1:-build/cuda/tests/tutorials/ex1}
GPUOPT=${GPUOPT-"-mat_type aijcusparse -vec_type cuda -use_gpu_aware_mpi 0"}
PROBLEMS=${PROBLEMS:-"aniso1|-problem aniso1 -n 1200
rot|-problem rot -n 1000"}
VARIANTS=${VARIANTS:-"default|"}
KSPS=${KSPS:-"gmres bcgs"}
REPS=${REPS:-1}
while IFS='|' read -r plabel popts; do
  while IFS='|' read -r vlabel vopts; do
    for k in $KSPS; do for rep in $(seq "$REPS"); do
      kopts="-ksp_type $k"; [ "$k" = gmres ] && kopts="$kopts -ksp_gmres_restart 20"
      out=$(timeout 120 $EX1 $popts $kopts -ksp_rtol 1e-6 -ksp_pc_side right -pc_type triamg $vopts $GPUOPT -warmup -view_times 2>&1)
      its=$(echo "$out" | sed -n 's/.*: \([A-Z_]*\) in \([0-9]*\) iterations.*/\1 \2/p' | tail -n 1)
      t=$(echo "$out" | sed -n 's/.*times: setup \([0-9.]*\) s, solve \([0-9.]*\) s, total \([0-9.]*\) s.*/setup \1 solve \2 total \3/p' | tail -n 1)
      echo "$plabel $k $vlabel: $its, $t"
      [ -n "$its" ] || echo "$out" | tail -n 5 | sed 's/^/#   /'
    done; done
    if [ "${LOGVIEW:-0}" = 1 ]; then
      $EX1 $popts -ksp_type gmres -ksp_gmres_restart 20 -ksp_rtol 1e-6 -ksp_pc_side right -pc_type triamg $vopts $GPUOPT -log_view -log_view_gpu_time 2>&1 |
        grep -E '^(PCSetUp |KSPSolve |TriAMG|TriSplit(Forest|Factor|RPTSPlan|PivCheck)|MatAssemblyEnd|MatCUSPARSCopyTo|MatLUFactor|MatConvert|MatPtAP|KSPSetUp|PCApply|VecSetRandom)' | awk -v v="$plabel $vlabel" '{printf "#   %s %-18s %5s %10s s\n", v, $1, $2, $4}'
    fi
  done <<< "$VARIANTS"
done <<< "$PROBLEMS"
