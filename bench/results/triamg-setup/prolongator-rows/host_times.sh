#!/bin/bash
# host prolongator before (/work/ci, d474a04) and after (/work/main, 8a1a595), alternating
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
for P in "model8 -n 512" "rot -n 512" "lap3d -n 64" "lap3d -n 64 -pc_triamg_pair_share 0.6"; do
  for rep in 1 2; do
    for tree in ci main; do
      out=$(/work/$tree/build/tests/tutorials/ex1 -problem $P -pc_type triamg -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -log_view 2>&1)
      its=$(echo "$out" | sed -n 's/.*in \([0-9]*\) iterations.*/\1/p')
      pro=$(echo "$out" | awk '/^TriAMGProlong /{print $4}')
      agg=$(echo "$out" | awk '/^TriAMGAggregate /{print $4}')
      est=$(echo "$out" | awk '/^TriAMGEstimate /{print $4}')
      setup=$(echo "$out" | awk '/^PCSetUp /{print $4}')
      echo "$P | $tree | its $its | PCSetUp $setup | Prolong $pro (Aggregate $agg, Estimate $est)"
    done
  done
done
