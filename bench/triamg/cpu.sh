#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# PCTRIAMG against PETSc's GAMG on the CPU (Debian PETSc 3.18, one rank), tutorials/ex1, rtol 1e-6:
# iterations and setup + solve seconds (ex1 -view_times), GMRES(20) and BiCGStab, right preconditioning.
# Usage (from the repository root, after make): bench/triamg/cpu.sh > results.txt
set -u
EX=${EX:-tutorials/ex1}
run() { # label, problem options, solver options
  local out its t
  out=$($EX $2 $3 -view_times 2>&1)
  its=$(echo "$out" | sed -n 's/.*: \([A-Z_]*\) in \([0-9]*\) iterations/\1 \2/p')
  t=$(echo "$out" | sed -n 's/.*times: setup \([0-9.]*\) s, solve \([0-9.]*\) s, total \([0-9.]*\) s/\1 \2 \3/p')
  echo "$1 | $2 | $its | $t"
}
for prob in "aniso1" "aniso2" "model8" "rot" "convdiff" "rot -theta 0 -eps 1e-4"; do
  for n in 256 512; do
    P="-problem $prob -n $n"
    for k in "gmres -ksp_gmres_restart 20" "bcgs"; do
      K="-ksp_type $k -ksp_pc_side right"
      run "triamg $k" "$P" "$K -pc_type triamg"
      run "gamg $k" "$P" "$K -pc_type gamg"
    done
  done
done
for n in 48 64; do
  P="-problem lap3d -n $n"
  for k in "gmres -ksp_gmres_restart 20" "bcgs"; do
    K="-ksp_type $k -ksp_pc_side right"
    run "triamg $k" "$P" "$K -pc_type triamg"
    run "gamg $k" "$P" "$K -pc_type gamg"
  done
done
