#!/bin/bash
# host Galerkin product before/after, one core each run, alternating
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
for P in "model8 -n 512" "rot -n 512" "lap3d -n 64" "aniso1 -n 512" "model8 -n 512 -pc_triamg_pair_share 0.6"; do
  for rep in 1 2; do
    for tree in old main; do
      out=$(/work/$tree/build/tests/tutorials/ex1 -problem $P -pc_type triamg -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -log_view 2>&1)
      its=$(echo "$out" | sed -n 's/.*in \([0-9]*\) iterations.*/\1/p')
      gal=$(echo "$out" | awk '/^TriAMGGalerkin /{print $4}')
      num=$(echo "$out" | awk '/^TriAMGPtAPNum /{print $4}')
      sym=$(echo "$out" | awk '/^TriAMGPtAPSym /{print $4}')
      setup=$(echo "$out" | awk '/^PCSetUp /{print $4}')
      echo "$P | $tree | its $its | PCSetUp $setup | Galerkin $gal | symbolic $sym | numeric $num"
    done
  done
done
