#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Runs on the GPU machine (see bench/gpu/README.md): the PETSc-level GPU checks and the
# time-to-solution comparison against PETSc's GPU preconditioners, all in one call.
#   .gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz   the CUDA PETSc of ../shared/gpu (bench/gpu/petsc_env.sh unpacks it)
#   .gpu/lib/libtrisplit.so*, .gpu/tutorials/ex1, .gpu/tests/ex5   built here against it
# Usage on the device: bash bench/gpu/run_petsc.sh [checks|bench|all]
set -u
what=${1:-all}
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
. bench/gpu/petsc_env.sh -- .gpu/lib || exit 1
EX1=.gpu/tutorials/ex1
GPU="-mat_type aijcusparse -vec_type cuda"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$OUT/gpu.txt"
date -u +%Y-%m-%dT%H:%MZ | tee -a "$OUT/gpu.txt"

its() { sed -n 's/.* in \([0-9]*\) iterations$/\1/p' | head -1; }

if [ "$what" = checks ] || [ "$what" = all ]; then
  pass=0; fail=0
  check() { if [ "$2" = ok ]; then pass=$((pass+1)); echo "PASS $1"; else fail=$((fail+1)); echo "FAIL $1"; fi; }
  # rpts MatSolverType on the GPU, expected outputs as on the host
  for t in cuda cuda_large; do
    n=512; [ $t = cuda_large ] && n=1048576
    .gpu/tests/ex5 -n $n $GPU > "$OUT/ex5_$t.out" 2>&1
    if diff -q "$OUT/ex5_$t.out" tests/output/ex5_$t.out >/dev/null; then check "ex5_$t" ok; else check "ex5_$t" no; diff "$OUT/ex5_$t.out" tests/output/ex5_$t.out | head -20; fi
  done
  # PCMatApply on the device (RPTS with several right-hand sides) against PCApply per column
  .gpu/tests/ex6 $GPU > "$OUT/ex6_cuda.out" 2>&1
  if diff -q "$OUT/ex6_cuda.out" tests/output/ex6_cuda.out >/dev/null; then check ex6_cuda ok; else check ex6_cuda no; diff "$OUT/ex6_cuda.out" tests/output/ex6_cuda.out | head -20; fi
  # PCMOSA built on the device: host == device iterations, a singular level fails there too
  .gpu/tests/ex7 -n 32 -device > "$OUT/ex7_cuda.out" 2>&1
  if diff -q "$OUT/ex7_cuda.out" tests/output/ex7_cuda.out >/dev/null; then check ex7_cuda ok; else check ex7_cuda no; diff "$OUT/ex7_cuda.out" tests/output/ex7_cuda.out | head -20; fi
  /usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 .gpu/tests/ex6 -n 32 $GPU > "$OUT/sanitizer_ex6.log" 2>&1
  if [ $? = 0 ]; then check "compute-sanitizer memcheck [ex6 PCMatApply]" ok; else check "compute-sanitizer memcheck [ex6 PCMatApply]" no; tail -5 "$OUT/sanitizer_ex6.log"; fi
  # host and device give the same iteration counts (same forests, solves equal up to rounding)
  for p in aniso1 aniso2 model8 rot; do
    for pc in "algtri" "mosd -pc_mosd_m 2" "altsplit -pc_altsplit_m 2" "altsplit -pc_altsplit_m 2 -pc_altsplit_type outer -ksp_type fgmres" "mosa"; do
      h=$($EX1 -problem $p -n 128 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type $pc 2>&1 | its)
      d=$($EX1 -problem $p -n 128 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type $pc $GPU 2>&1 | its)
      echo "iterations $p n=128 [$pc]: host $h device $d"
      [ -n "$h" ] && [ "$h" = "$d" ] && check "host==device $p $pc" ok || check "host==device $p $pc" no
    done
  done
  # single-precision factors of the splittings (GPU only): they converge within 10% (at least 2) of the
  # iterations with double factors, PCView says so, and a transposed apply (BiCG) refuses them clearly
  for pc in "mosd -pc_mosd_m 2" "altsplit -pc_altsplit_m 2"; do
    t=${pc%% *}
    d=$($EX1 -problem aniso1 -n 128 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type $pc $GPU 2>&1 | its)
    o=$($EX1 -problem aniso1 -n 128 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type $pc -pc_${t}_precision single -ksp_view $GPU 2>&1)
    s=$(echo "$o" | its)
    echo "iterations aniso1 n=128 [$pc]: double factors $d, single factors $s"
    ok=no
    if [ -n "$s" ] && [ -n "$d" ] && [ $((s > d ? s - d : d - s)) -le $((d / 10 > 2 ? d / 10 : 2)) ] && echo "$o" | grep -q "factors in single precision"; then ok=ok; fi
    check "single-precision factors [$pc]" $ok
  done
  o=$($EX1 -problem aniso1 -n 64 -ksp_type bicg -pc_type mosd -pc_mosd_m 2 -pc_mosd_precision single $GPU 2>&1); rc=$?
  if [ $rc != 0 ] && echo "$o" | grep -q "Transposed solves with single-precision factors are not implemented"; then check "mosd single: transposed apply refused" ok; else check "mosd single: transposed apply refused" no; echo "$o" | tail -5; fi
  # compute-sanitizer memcheck, racecheck and initcheck of the device paths (forest build, RPTS,
  # splittings) and of the rpts solver; logs kept in $OUT/sanitizer_<tool>.log
  for tool in memcheck racecheck initcheck; do
    : > "$OUT/sanitizer_$tool.log"
    for pc in "algtri" "mosd -pc_mosd_m 2" "altsplit -pc_altsplit_m 2"; do
      /usr/local/cuda/bin/compute-sanitizer --tool $tool --error-exitcode 9 $EX1 -problem aniso2 -n 32 -pc_type $pc $GPU >> "$OUT/sanitizer_$tool.log" 2>&1
      rc=$?; [ $rc = 0 ] && check "compute-sanitizer $tool [$pc]" ok || check "compute-sanitizer $tool [$pc]" no
    done
    /usr/local/cuda/bin/compute-sanitizer --tool $tool --error-exitcode 9 .gpu/tests/ex5 -n 512 $GPU >> "$OUT/sanitizer_$tool.log" 2>&1
    rc=$?; [ $rc = 0 ] && check "compute-sanitizer $tool [ex5 rpts]" ok || check "compute-sanitizer $tool [ex5 rpts]" no
    grep "ERROR SUMMARY" "$OUT/sanitizer_$tool.log" | sort | uniq -c
  done
  echo "$pass passed, $fail failed"
fi

if [ "$what" = bench ] || [ "$what" = all ]; then
  # time to solution: setup + solve, GMRES(20) right preconditioning and BiCGStab, rtol 1e-6
  echo "problem,N,ksp,pc,iterations,reason,setup_s,solve_s,total_s" > "$OUT/tts.csv"
  for prob in "aniso1 1200" "aniso2 1200" "model8 1000"; do
    set -- $prob
    for ksp in gmres bcgs; do
      kopt="-ksp_type $ksp -ksp_pc_side right"; [ $ksp = gmres ] && kopt="$kopt -ksp_gmres_restart 20"
      pcs=("jacobi" "ilu -pc_factor_mat_solver_type cusparse" "gamg" "algtri" "altsplit -pc_altsplit_m 2" "altsplit -pc_altsplit_m 4" "mosd -pc_mosd_m 2")
      [ $ksp = gmres ] && pcs+=("mosd -pc_mosd_m 1" "mosd -pc_mosd_m 3" "mosd -pc_mosd_m 4" "altsplit -pc_altsplit_m 1" "altsplit -pc_altsplit_m 3"
        "mosd -pc_mosd_m 2 -pc_mosd_precision single" "altsplit -pc_altsplit_m 3 -pc_altsplit_precision single" "altsplit -pc_altsplit_m 4 -pc_altsplit_precision single")
      for pc in "${pcs[@]}"; do
        o=$(timeout 60 $EX1 -problem $1 -n $2 $kopt -ksp_max_it 20000 -pc_type $pc $GPU -view_times 2>&1)
        it=$(echo "$o" | its); reason=$(echo "$o" | sed -n 's/.*PC [a-z]*: \([A-Z_]*\) in.*/\1/p' | head -1)
        t=$(echo "$o" | sed -n 's/.*setup \([0-9.]*\) s, solve \([0-9.]*\) s, total \([0-9.]*\) s/\1,\2,\3/p' | head -1)
        echo "$1,$(($2*$2)),$ksp,$pc,$it,$reason,$t" | tee -a "$OUT/tts.csv"
      done
    done
  done
  # one -log_view of the device path on ANISO1
  $EX1 -problem aniso1 -n 1200 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type algtri $GPU -log_view > "$OUT/logview_algtri.txt" 2>&1
fi
