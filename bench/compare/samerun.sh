#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Same-run comparison of two builds of the library on the GPU, for a change that must not alter results or speed
# (issue 29's refactors): tutorials/ex1 of each build, old and new alternating, BiCGStab with right
# preconditioning, rtol 1e-6, -warmup -view_times, -mat_type aijcusparse -vec_type cuda, REPS repetitions.
#   bash bench/compare/samerun.sh pack OLD   here: .gpu/samerun-old.tar.xz from the worktree OLD's CUDA build and
#                                            .gpu/samerun-new.tar.xz from this checkout's (make $PETSC_CUDA_MAKE lib
#                                            tutorials in both first)
#   bash bench/compare/samerun.sh run        there (carry .gpu/samerun-*.tar.xz and the PETSc tarball): one line a run,
#                                            'rep | old/new | pc | problem | reason iterations | setup solve total'
# Knobs: REPS (3), PCS (one a line), PROBLEMS (one a line).
set -u
. bench/gpu/petsc_env.sh -- || exit 1
case ${1:-} in
pack)
  old=$(cd "$2" && pwd) || exit 1
  (cd "$old" && . bench/gpu/petsc_env.sh -- && ts_pack samerun-old build/cuda build/cuda/tutorials/ex1) && mkdir -p .gpu &&
    mv "$old/.gpu/samerun-old.tar.xz" .gpu/ && ts_pack samerun-new build/cuda build/cuda/tutorials/ex1
  exit ;;
run) ;;
*) sed -n '3,12p' "$0"; exit 2 ;;
esac
for v in old new; do tar xJf .gpu/samerun-$v.tar.xz -C .gpu || exit 1; echo "# $v: commit $(cat .gpu/samerun-$v/commit.txt)"; done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | sed 's/^/# /'
PCS=${PCS:-"algtri
mosd -pc_mosd_m 2
altsplit -pc_altsplit_m 2
mosa -pc_mosa_m 2"}
PROBLEMS=${PROBLEMS:-"aniso1 -n 1200
rot -n 1000"}
base=$LD_LIBRARY_PATH
for rep in $(seq "${REPS:-3}"); do
  while read -r pc; do
    while read -r p; do
      for v in old new; do
        r=$(LD_LIBRARY_PATH=$PWD/.gpu/samerun-$v/lib:$base timeout 120 .gpu/samerun-$v/ex1 -problem $p -ksp_type bcgs -ksp_pc_side right -ksp_rtol 1e-6 -pc_type $pc -mat_type aijcusparse -vec_type cuda -warmup -view_times 2>&1)
        its=$(echo "$r" | sed -n 's/.*: \([A-Z_]*\) in \([0-9]*\) iterations.*/\1 \2/p' | tail -n 1)
        t=$(echo "$r" | sed -n 's/.*times: setup \([0-9.]*\) s, solve \([0-9.]*\) s, total \([0-9.]*\) s.*/\1 \2 \3/p' | tail -n 1)
        echo "$rep | $v | $pc | $p | $its | $t"
        [ -n "$its" ] || echo "$r" | tail -n 4 | sed 's/^/#   /'
      done
    done <<< "$PROBLEMS"
  done <<< "$PCS"
done
