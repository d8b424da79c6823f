#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# On the GPU machine: host == device checks for the splittings built on the GPU (fixed and automatic m)
# and their time to solution on the three model problems. Same setup as run_petsc.sh.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
. bench/gpu/petsc_env.sh -- .gpu/lib || exit 1
EX1=.gpu/tutorials/ex1; GPU="-mat_type aijcusparse -vec_type cuda"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%Y-%m-%dT%H:%MZ
its() { sed -n 's/.* in \([0-9]*\) iterations$/\1/p' | head -1; }
pass=0; fail=0
for p in aniso1 aniso2 model8 rot; do
  for pc in "algtri" "mosd -pc_mosd_m 2" "mosd -pc_mosd_m 4" "mosd" "altsplit -pc_altsplit_m 3" "altsplit" "altsplit -pc_altsplit_m 2 -pc_altsplit_type outer -ksp_type fgmres"; do
    h=$($EX1 -problem $p -n 128 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type $pc 2>&1 | its)
    d=$($EX1 -problem $p -n 128 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type $pc $GPU 2>&1 | its)
    if [ -n "$h" ] && [ "$h" = "$d" ]; then pass=$((pass+1)); r=PASS; else fail=$((fail+1)); r=FAIL; fi
    echo "$r host==device $p n=128 [$pc]: host $h device $d"
  done
done
for pc in "mosd -pc_mosd_m 3" "altsplit -pc_altsplit_m 3"; do
  /usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 $EX1 -problem rot -n 64 -pc_type $pc $GPU > "$OUT/sanitizer.log" 2>&1
  if [ $? = 0 ]; then pass=$((pass+1)); echo "PASS memcheck [$pc]"; else fail=$((fail+1)); echo "FAIL memcheck [$pc]"; tail -5 "$OUT/sanitizer.log"; fi
done
$EX1 -problem aniso1 -n 64 -pc_type mosd $GPU -ksp_view 2>&1 | sed -n '/type: mosd/,/linear system/p'
echo "$pass passed, $fail failed"
echo "problem,N,ksp,pc,iterations,setup_s,solve_s,total_s" > "$OUT/tts_splittings.csv"
for prob in "aniso1 1200" "aniso2 1200" "model8 1000"; do
  set -- $prob
  for ksp in gmres bcgs; do
    kopt="-ksp_type $ksp -ksp_pc_side right"; [ $ksp = gmres ] && kopt="$kopt -ksp_gmres_restart 20"
    for pc in jacobi algtri "mosd -pc_mosd_m 1" "mosd -pc_mosd_m 2" "mosd -pc_mosd_m 3" "mosd -pc_mosd_m 4" "altsplit -pc_altsplit_m 1" "altsplit -pc_altsplit_m 2" "altsplit -pc_altsplit_m 3" "altsplit -pc_altsplit_m 4"; do
      o=$(timeout 60 $EX1 -problem $1 -n $2 $kopt -ksp_max_it 20000 -pc_type $pc $GPU -view_times 2>&1)
      t=$(echo "$o" | sed -n 's/.*setup \([0-9.]*\) s, solve \([0-9.]*\) s, total \([0-9.]*\) s/\1,\2,\3/p' | head -1)
      echo "$1,$(($2*$2)),$ksp,$pc,$(echo "$o" | its),$t" | tee -a "$OUT/tts_splittings.csv"
    done
  done
done
