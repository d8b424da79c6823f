#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The matching forest (-pc_algtri_factor_n 1: paths of at most two vertices) on the GPU:
#   here:   bash bench/gpu/run_factor_n1.sh pack   # after building build/cme (B=...): the library, tutorials/ex1
#                                                  # and ex2, cvxbqp1 from ../shared/matrices, into .gpu/factor_n1
#                                                  # packed as .gpu/factor_n1.tar.xz (the library is 33 MB)
#   device: bash bench/gpu/run_factor_n1.sh run    # carry [".gpu/factor_n1.tar.xz", ".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz"]
# run checks (PASS/FAIL lines, then "N passed, M failed"):
#   - tutorials/ex1 with the arguments of its test factor_n1 and -mat_type aijcusparse -vec_type cuda prints what
#     the host prints (tutorials/output/ex1_factor_n1.out: the same forest statistics, coverage and iterations);
#   - compute-sanitizer memcheck of that run;
# and solves cvxbqp1 (../shared/matrices) with algtri -pc_algtri_factor_n 1 and BiCGStab on the GPU (the matrix on
# which the linear forest's long paths fail; docs/guide.md).
set -u
cd "$(dirname "$0")/../.."
D=.gpu/factor_n1
case "${1:-}" in
pack)
  set -e
  . bench/gpu/petsc_env.sh --
  B=${B:-build/cme}
  M="${SHARED:-../shared}/matrices/cvxbqp1.mtx.gz"
  [ -f "$M" ] || { echo "no cvxbqp1 in ${SHARED:-../shared}/matrices: that solve is skipped"; M=""; }
  ts_pack factor_n1 $B $B/tutorials/ex1 $B/tutorials/ex2 $M
  exit 0 ;;
run) ;;
*) sed -n '2,13p' "$0"; exit 1 ;;
esac

. bench/gpu/petsc_env.sh -- || exit 1
ts_unpack factor_n1 || exit 1
ARGS="-problem rot -n 32 -ksp_type gmres -ksp_pc_side right -ksp_view -pc_algtri_factor_n 1"
GPU="-mat_type aijcusparse -vec_type cuda"
# the test's filter, less the line only a GPU run prints ("forests built and factors applied on the GPU")
filter() { sed -n -e "/type: algtri/,/linear system/{/linear system/!p;}" -e "/iterations/p" | grep -v "applied on the GPU"; }
$D/ex1 $ARGS $GPU 2>&1 | filter > /tmp/factor_n1_gpu.out
if diff /tmp/factor_n1_gpu.out tutorials/output/ex1_factor_n1.out > /tmp/factor_n1.diff; then ts_check "tutorials/ex1 factor_n1 on the GPU == the host's output" ok
else ts_check "tutorials/ex1 factor_n1 on the GPU == the host's output" no; cat /tmp/factor_n1.diff; fi
if compute-sanitizer --tool memcheck --error-exitcode 9 $D/ex1 $ARGS $GPU > /tmp/factor_n1_memcheck.log 2>&1; then ts_check "compute-sanitizer memcheck [ex1 factor_n1]" ok
else ts_check "compute-sanitizer memcheck [ex1 factor_n1]" no; tail -20 /tmp/factor_n1_memcheck.log; fi
if [ -f $D/cvxbqp1.mtx.gz ]; then
  for o in "-pc_type algtri -pc_algtri_factor_n 1" "-pc_type jacobi"; do
    echo "== cvxbqp1, BiCGStab, $o"
    $D/ex2 -f $D/cvxbqp1.mtx.gz -ksp_type bcgs -ksp_pc_side right -ksp_rtol 1e-6 -ksp_max_it 2000 -view_numbers $o $GPU -ksp_view 2>&1 | grep -E "linear forest|coverage|iterations|residual"
  done
fi
echo "$pass passed, $fail failed"
