#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# MOS-a keeping its levels' product patterns across SAME_NONZERO_PATTERN updates (-pc_mosa_reuse_pattern), on the GPU:
#   here:   make -f tests/kernels/mosa.mk                  # .gpu/mosa/mosa_test
#           bash bench/gpu/run_mosa_patterns.sh pack       # after building build/cme (B=...) with its tutorials and
#                                                          # tests/ex7: into .gpu/mosa_patterns.tar.xz
#   device: bash bench/gpu/run_mosa_patterns.sh run        # carry [".gpu/mosa_patterns.tar.xz",
#                                                          #        ".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz"]
# run checks (PASS/FAIL lines, then "N passed, M failed"):
#   - tests/kernels/mosa_test: the device product and its refresh on a kept pattern against the host's, bit for bit;
#     compute-sanitizer memcheck of mosa_test --quick;
#   - tests/ex7 -device prints tests/output/ex7_cuda.out (the sequences with the patterns kept or not);
#   - tutorials/ex4's test mosa on the GPU prints tutorials/output/ex4_mosa.out;
# then times 20-system sequences (tutorials/ex4, BiCGStab, rtol 1e-6) of ANISO1 1200², ROT 1000² and CONVDIFF 1000²
# (Peclet 1e4): MOS-a m = 2 with the patterns kept and without, with -log_view's MOS-a events, and algtri and jacobi
# (CONVDIFF: jacobi + GMRES(20), BiCGStab diverges) of the same call.
set -u
cd "$(dirname "$0")/../.."
D=.gpu/mosa_patterns
case "${1:-}" in
pack)
  set -e
  . bench/gpu/petsc_env.sh --
  B=${B:-build/cme}
  ts_pack mosa_patterns $B $B/tutorials/ex4 $B/tests/tests/ex7 .gpu/mosa/mosa_test
  exit 0 ;;
run) ;;
*) sed -n '2,16p' "$0"; exit 1 ;;
esac

. bench/gpu/petsc_env.sh -- || exit 1
ts_unpack mosa_patterns || exit 1
GPU="-mat_type aijcusparse -vec_type cuda"
$D/mosa_test > /tmp/mosa_test.log 2>&1
tail -1 /tmp/mosa_test.log
if tail -1 /tmp/mosa_test.log | grep -q " 0 failed"; then ts_check "mosa_test (products and refreshes, device == host)" ok
else ts_check "mosa_test (products and refreshes, device == host)" no; grep FAIL /tmp/mosa_test.log | head; fi
if compute-sanitizer --tool memcheck --error-exitcode 9 $D/mosa_test --quick > /tmp/mosa_memcheck.log 2>&1; then ts_check "compute-sanitizer memcheck [mosa_test --quick]" ok
else ts_check "compute-sanitizer memcheck [mosa_test --quick]" no; tail -20 /tmp/mosa_memcheck.log; fi
$D/ex7 -n 32 -device > /tmp/ex7_cuda.out 2>&1
if diff /tmp/ex7_cuda.out tests/output/ex7_cuda.out > /tmp/ex7.diff; then ts_check "tests/ex7 -device == tests/output/ex7_cuda.out" ok
else ts_check "tests/ex7 -device == tests/output/ex7_cuda.out" no; cat /tmp/ex7.diff; fi
$D/ex4 -problem convdiff -n 48 -steps 6 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type mosa -pc_mosa_m 2 -mat_type aijcusparse > /tmp/ex4_mosa.out 2>&1
if diff /tmp/ex4_mosa.out tutorials/output/ex4_mosa.out > /tmp/ex4.diff; then ts_check "tutorials/ex4 mosa on the GPU == tutorials/output/ex4_mosa.out" ok
else ts_check "tutorials/ex4 mosa on the GPU == tutorials/output/ex4_mosa.out" no; cat /tmp/ex4.diff; fi
echo "$pass passed, $fail failed"

SEQ="-steps 20 -ksp_rtol 1e-6 -ksp_pc_side right -view_times -view_steps 0 $GPU"
for p in "aniso1 -n 1200" "rot -n 1000" "convdiff -n 1000 -peclet 10000"; do
  jacobi_ksp=bcgs
  case $p in convdiff*) jacobi_ksp="gmres -ksp_gmres_restart 20" ;; esac
  for run in "jacobi|-ksp_type $jacobi_ksp -pc_type jacobi" "algtri|-ksp_type bcgs -pc_type algtri" \
             "mosa m=2, patterns kept|-ksp_type bcgs -pc_type mosa -pc_mosa_m 2 -pc_mosa_reuse_pattern 1" \
             "mosa m=2, patterns follow the values|-ksp_type bcgs -pc_type mosa -pc_mosa_m 2 -pc_mosa_reuse_pattern 0"; do
    echo "== ex4 -problem $p: ${run%%|*}"
    opts=${run#*|}
    case $opts in *mosa*) log="-log_view -log_view_gpu_time" ;; *) log="" ;; esac
    timeout 60 $D/ex4 -problem $p $SEQ $opts $log 2>&1 | grep -E "times:|steps|every step|diverged|DIVERGED|^(PCSetUp|KSPSolve|TriSplitMOSAProd|TriSplitTriLU) " | cut -c1-120
  done
done
