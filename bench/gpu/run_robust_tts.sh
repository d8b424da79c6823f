#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# One device call for the robustness work of issue 20 and the sequence and apply timings of issue 21, on top of
# bench/gpu/run_repair.sh (the zero-pivot repair, block factors, MOS-a's kept forests):
#   here:   bash bench/gpu/run_robust_tts.sh pack   # after building build/cme (lib, tutorials, the test programs
#           ex3 ex5 ex7 through their host tests) and bench/inloop/inloop into .gpu/inloop (bench/inloop/README.md)
#   device: bash bench/gpu/run_robust_tts.sh run    # carry [".gpu/robust_bins.tar.xz", ".gpu/repair_bins.tar.xz",
#                                                   #        ".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz"]
# run writes to $OUT: repair/ (run_repair.sh's files), ex5_gpu_*.out and checks.log (tests/ex5 on the GPU == its
# expected outputs: Table 4 and the singular-block matrices through rpts and algtri with the RPTS plans),
# inloop.log (bench/inloop: one PCApply back to back, synchronised, after the L2 is evicted), seq.log
# (tutorials/ex4: MOS-a, algtri, jacobi over 20 systems of one pattern, -view_times). PARTS (default "repair ex5
# inloop seq") runs a subset.
set -u
cd "$(dirname "$0")/../.."
case "${1:-}" in
pack)
  set -e
  . bench/gpu/petsc_env.sh --
  B=${B:-build/cme}
  bash bench/gpu/run_repair.sh pack
  rm -rf .gpu/robust && mkdir -p .gpu/robust
  cp $B/tests/tests/ex5 $B/tutorials/ex4 .gpu/inloop/inloop .gpu/robust/
  git rev-parse --short HEAD > .gpu/robust/commit.txt
  tar cJf .gpu/robust_bins.tar.xz -C .gpu robust && rm -rf .gpu/robust
  du -sh .gpu/robust_bins.tar.xz
  exit 0 ;;
run) ;;
*) sed -n '2,13p' "$0"; exit 1 ;;
esac

OUT=${OUT:-/tmp/out}
PARTS=${PARTS:-repair ex5 inloop seq} # a subset reruns parts
has() { [[ " $PARTS " == *" $1 "* ]]; }
mkdir -p "$OUT/repair"
has repair && OUT="$OUT/repair" timeout 330 bash bench/gpu/run_repair.sh run > "$OUT/repair/console.log" 2>&1
tar xJf .gpu/repair_bins.tar.xz -C .gpu
tar xJf .gpu/robust_bins.tar.xz -C .gpu
. bench/gpu/petsc_env.sh -- .gpu/repair/lib || exit 1
R=.gpu/robust
GPU="-mat_type aijcusparse -vec_type cuda -options_left no"
has ex5 && {
  echo "commit $(cat $R/commit.txt)"
  for t in "512:ex5_cuda" "1048576:ex5_cuda_large"; do
    timeout 120 $R/ex5 -n ${t%%:*} $GPU > "$OUT/${t#*:}_gpu.out" 2>&1
    if diff -q "$OUT/${t#*:}_gpu.out" tests/output/${t#*:}.out > /dev/null; then echo "PASS tests/ex5 -n ${t%%:*} on the GPU == ${t#*:}.out"
    else echo "FAIL tests/ex5 -n ${t%%:*} on the GPU == ${t#*:}.out"; diff "$OUT/${t#*:}_gpu.out" tests/output/${t#*:}.out | head -20; fi
  done
  timeout 60 $R/ex5 -n 1048576 $GPU -info 2>&1 | grep -i "RPTS plan" | head -20
} > "$OUT/checks.log" 2>&1
has inloop && {
  for o in "-problem aniso1 -n 1200" "-problem aniso1 -n 1200 -pc_algtri_precision single" "-problem aniso2 -n 1200" "-problem rot -n 1000" "-problem model8 -n 1000"; do
    echo "== inloop $o"
    timeout 60 $R/inloop $o $GPU
  done
} > "$OUT/inloop.log" 2>&1
has seq && {
  for p in "aniso1 -n 1200" "rot -n 1000" "convdiff -n 1000"; do
    for pc in "-pc_type mosa -pc_mosa_m 2" "-pc_type mosa -pc_mosa_m 2 -pc_mosa_reuse_forest 0" "-pc_type algtri" "-pc_type jacobi"; do
      echo "== ex4 -problem $p $pc"
      timeout 40 $R/ex4 -problem $p -steps 20 -ksp_type bcgs -ksp_pc_side right -ksp_rtol 1e-6 -view_steps 0 -view_times $pc $GPU 2>&1 | tail -4
    done
  done
} > "$OUT/seq.log" 2>&1
cat "$OUT/checks.log" "$OUT/repair/checks.log" 2>/dev/null
grep -c PASS "$OUT/checks.log" "$OUT/repair/checks.log" 2>/dev/null
