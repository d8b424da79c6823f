#!/bin/bash
# same-run host comparison of the chain before (ca984e7) and after (the parameter block) on tutorials/ex1
out=/work/main/bench/results/refactor-samerun/params-host/results.txt
: > $out
for rep in 1 2 3; do
for pc in "algtri" "mosd -pc_mosd_m 2" "altsplit -pc_altsplit_m 2" "mosa -pc_mosa_m 2"; do
  for p in "aniso1 -n 512" "rot -n 512"; do
    for v in old new; do
      if [ $v = old ]; then ex=/tmp/old/tutorials/ex1; else ex=/work/main/tutorials/ex1; fi
      r=$($ex -problem $p -ksp_type bcgs -ksp_pc_side right -pc_type $pc -view_times 2>&1)
      its=$(echo "$r" | sed -n 's/.*: \([A-Z_]*\) in \([0-9]*\) iterations.*/\1 \2/p')
      t=$(echo "$r" | sed -n 's/.*times: setup \([0-9.]*\) s, solve \([0-9.]*\) s, total \([0-9.]*\) s.*/\1 \2 \3/p')
      echo "$rep | $v | $pc | $p | $its | $t" >> $out
    done
  done
done
done
