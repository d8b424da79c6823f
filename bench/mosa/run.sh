#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# PCMOSA on the GPU; one step a subcommand, from the repository root:
#   bash bench/mosa/run.sh pack                     here (no GPU): into the ignored .gpu/mosa/, libtrisplit.so* (with
#                                                   its SONAME links), tutorials/ex1 and tests/ex7 against the CUDA +
#                                                   Open MPI PETSc 3.25.4 (bench/gpu/petsc_env.sh), and the kernel
#                                                   test mosa_test; the PETSc tarball into .gpu/
#   bash bench/mosa/run.sh run [checks|bench|all]   on the GPU machine (default all), carry
#                                                   [".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz", ".gpu/mosa"]
# run: the MOS-a device checks (checks), the setup time of PCMOSA vs N on ANISO2 and ROT (10^4 .. 1.44 10^6 rows)
# with the fitted exponent, and the time to solution against PETSc's GPU ilu and gamg in the same run (GMRES(20),
# rtol 1e-6, right preconditioning) (bench).
# Writes to $OUT: gpu.txt, checks.log, setup.csv, fit.txt, tts.csv, logview_aniso2.txt,
# logview_rot.txt, run.log.
set -u
cd "$(dirname "$0")/../.."
case ${1:-} in
pack)
  set -euo pipefail
  SHARED=${SHARED:-../shared}
  . bench/gpu/petsc_env.sh --
  [ -f ".gpu/$PETSC_CUDA_TARBALL" ] || { mkdir -p .gpu; cp "$SHARED/gpu/$PETSC_CUDA_TARBALL" .gpu/; }
  P=$PETSC_CUDA_MAKE
  make $P lib tutorials
  make $P test search='tests-ex7_serial'   # builds ex7 through PETSc's harness (runs the host test here)
  make $P kernel-tests                     # the kernel tests (tests/kernels) into build/cuda/tests/kernels
  ts_copy_lib build/cuda/lib .gpu/mosa/lib
  cp build/cuda/tutorials/ex1 build/cuda/tests/tests/ex7 build/cuda/tests/kernels/mosa_test .gpu/mosa/
  du -sh .gpu/mosa
  exit 0 ;;
run) ;;
*) echo "usage: bash bench/mosa/run.sh pack|run [checks|bench|all]" >&2; exit 1 ;;
esac
what=${2:-all}
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
# the CUDA + Open MPI PETSc 3.25.4 (unpacked from .gpu/), LD_LIBRARY_PATH, -use_gpu_aware_mpi 0
. bench/gpu/petsc_env.sh -- .gpu/mosa/lib || exit 1
# every kernel is loaded when the context is created (at the matrix's first copy to the GPU), so the
# setup times hold no lazy module loading
export CUDA_MODULE_LOADING=EAGER
M=.gpu/mosa
SAN=/usr/local/cuda/bin/compute-sanitizer
GPU="-mat_type aijcusparse -vec_type cuda"
KSP="-ksp_type gmres -ksp_gmres_restart 20 -ksp_rtol 1e-6 -ksp_pc_side right -ksp_max_it 10000"
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; date -u +%Y-%m-%dT%H:%MZ; } | tee "$OUT/gpu.txt"

its() { sed -n 's/.* in \([0-9]*\) iterations$/\1/p' | head -1; }
reason() { sed -n 's/.*PC [a-z]*: \([A-Z_]*\) in.*/\1/p' | head -1; }
secs() { sed -n 's/.*times: setup \([0-9.]*\) s, solve \([0-9.]*\) s, total \([0-9.]*\) s/\1,\2,\3/p' | head -1; }

if [ "$what" = checks ] || [ "$what" = all ]; then
  pass=0; fail=0
  check() { if [ "$2" = ok ]; then pass=$((pass+1)); echo "PASS $1"; else fail=$((fail+1)); echo "FAIL $1"; fi; }
  {
    # the kernels against the host oracle, bit for bit
    timeout 120 $M/mosa_test; rc=$?
    [ $rc = 0 ] && check "mosa_test (device kernels == host kernels)" ok || check "mosa_test rc=$rc" no
    timeout 120 $SAN --tool memcheck --error-exitcode 9 $M/mosa_test --quick > /tmp/san1.log 2>&1; rc=$?
    tail -2 /tmp/san1.log
    [ $rc = 0 ] && check "compute-sanitizer memcheck [mosa_test --quick]" ok || check "compute-sanitizer memcheck [mosa_test --quick] rc=$rc" no
    # the PETSc test: host == device iterations, a singular level fails on the device
    timeout 120 $M/ex7 -n 32 -device > /tmp/ex7_cuda.out 2>&1
    if diff /tmp/ex7_cuda.out tests/output/ex7_cuda.out; then check "ex7_cuda" ok; else check "ex7_cuda" no; fi
    # iteration counts of the model problems, host and device setups
    for p in aniso1 aniso2 model8 rot; do
      for pc in "mosa" "mosa -pc_mosa_m 3"; do
        h=$(timeout 60 $M/ex1 -problem $p -n 128 $KSP -pc_type $pc 2>&1 | its)
        d=$(timeout 60 $M/ex1 -problem $p -n 128 $KSP -pc_type $pc $GPU 2>&1 | its)
        echo "iterations $p n=128 [$pc]: host $h device $d"
        [ -n "$h" ] && [ "$h" = "$d" ] && check "host==device $p $pc" ok || check "host==device $p $pc" no
      done
    done
    timeout 120 $SAN --tool memcheck --error-exitcode 9 $M/ex1 -problem rot -n 32 -pc_type mosa $GPU > /tmp/san2.log 2>&1; rc=$?
    grep "ERROR SUMMARY" /tmp/san2.log
    [ $rc = 0 ] && check "compute-sanitizer memcheck [ex1 rot mosa device]" ok || check "compute-sanitizer memcheck [ex1 rot mosa device] rc=$rc" no
    echo "$pass passed, $fail failed"
  } 2>&1 | tee "$OUT/checks.log"
fi

if [ "$what" = bench ] || [ "$what" = all ]; then
  {
    # setup time vs N (one process per size; EAGER loading keeps module loads out of the setup)
    echo "problem,n,N,pc,iterations,reason,setup_s,solve_s,total_s,levels,rounds" > "$OUT/setup.csv"
    for prob in aniso2 rot; do
      for n in 100 200 400 600 800 1200; do
        o=$(timeout 120 $M/ex1 -problem $prob -n $n $KSP -pc_type mosa $GPU -view_times -ksp_view 2>&1)
        lv=$(echo "$o" | grep -c "level [0-9]*: c_diag")
        rd=$(echo "$o" | sed -n 's/.*product: \([0-9]*\) slot rounds at most, \([0-9]*\) rows.*/\1:\2/p' | head -1)
        echo "$o" | grep -E "level|c_diag\(B_m\)|built on the GPU" | sed "s/^/  $prob $n: /"
        echo "$prob,$n,$((n*n)),mosa,$(echo "$o" | its),$(echo "$o" | reason),$(echo "$o" | secs),$lv,$rd" | tee -a "$OUT/setup.csv"
      done
    done
    python3 bench/mosa/fit.py "$OUT/setup.csv" > "$OUT/fit.txt"
    cat "$OUT/fit.txt"
    # where the setup goes at 1.44M rows
    for prob in aniso2 rot; do
      timeout 120 $M/ex1 -problem $prob -n 1200 $KSP -pc_type mosa $GPU -view_times -log_view > "$OUT/logview_$prob.txt" 2>&1
    done
    # time to solution at 1.44M rows, all PCs in this run
    echo "problem,N,pc,iterations,reason,setup_s,solve_s,total_s" > "$OUT/tts.csv"
    for prob in aniso2 rot; do
      for pc in "mosa" "mosa -pc_mosa_m 2" "algtri" "mosd -pc_mosd_m 3" "ilu -pc_factor_mat_solver_type cusparse" "gamg" "jacobi"; do
        o=$(timeout 90 $M/ex1 -problem $prob -n 1200 $KSP -pc_type $pc $GPU -view_times 2>&1)
        echo "$prob,1440000,$pc,$(echo "$o" | its),$(echo "$o" | reason),$(echo "$o" | secs)" | tee -a "$OUT/tts.csv"
      done
    done
  } 2>&1 | tee "$OUT/run.log"
fi
