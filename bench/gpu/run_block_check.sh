#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The device check of 2x2 block factors (ts_cuda_bgttrf_check) on the GPU:
#   here:   make -f tests/kernels/mosa.mk .gpu/mosa/block_check_test
#           bash bench/gpu/run_block_check.sh pack     # after building build/cme (B=...) with tests/ex8; OLD=DIR adds
#                                                      # the library of DIR (e.g. an earlier build) as old/ for the timing
#   device: bash bench/gpu/run_block_check.sh run      # carry [".gpu/block_check.tar.xz", ".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz"]
# run checks (PASS/FAIL lines, then "N passed, M failed"):
#   - block_check_test --device: status and first zero-pivot block equal ts_ref_bgttrf's on every chain and pivoting;
#     compute-sanitizer memcheck of it;
#   - tests/ex8 with -mat_type aijcusparse prints tests/output/ex8_host.out (2x2 block algtri on the GPU);
# then times algtri's setup with 2x2 blocks (tutorials/ex1 ANISO1 1200², BiCGStab, -log_view's PCSetUp), with the
# library of this build and, if packed, the old one.
set -u
cd "$(dirname "$0")/../.."
D=.gpu/block_check
case "${1:-}" in
pack)
  set -e
  . bench/gpu/petsc_env.sh --
  B=${B:-build/cme}
  ts_pack block_check $B .gpu/mosa/block_check_test $B/tests/tests/ex8 $B/tutorials/ex1
  if [ -n "${OLD:-}" ]; then
    mkdir -p .gpu/block_check_old && ts_copy_lib "$OLD" .gpu/block_check_old/lib && tar cJf .gpu/block_check_old.tar.xz -C .gpu block_check_old && rm -rf .gpu/block_check_old
  fi
  exit 0 ;;
run) ;;
*) sed -n '2,16p' "$0"; exit 1 ;;
esac

. bench/gpu/petsc_env.sh -- || exit 1
ts_unpack block_check || exit 1
[ -f ${D}_old.tar.xz ] && tar xJf ${D}_old.tar.xz -C .gpu
$D/block_check_test --device > /tmp/block_check.log 2>&1
tail -2 /tmp/block_check.log
if tail -1 /tmp/block_check.log | grep -q " 0 failed"; then ts_check "block_check_test --device == ts_ref_bgttrf" ok
else ts_check "block_check_test --device == ts_ref_bgttrf" no; grep FAIL /tmp/block_check.log | head; fi
if compute-sanitizer --tool memcheck --error-exitcode 9 $D/block_check_test --device --quick > /tmp/block_memcheck.log 2>&1; then ts_check "compute-sanitizer memcheck [block_check_test --device --quick]" ok
else ts_check "compute-sanitizer memcheck [block_check_test --device --quick]" no; tail -20 /tmp/block_memcheck.log; fi
$D/ex8 -mat_type aijcusparse > /tmp/ex8_cuda.out 2>&1
if diff /tmp/ex8_cuda.out tests/output/ex8_host.out > /tmp/ex8.diff; then ts_check "tests/ex8 on the GPU == tests/output/ex8_host.out" ok
else ts_check "tests/ex8 on the GPU == tests/output/ex8_host.out" no; cat /tmp/ex8.diff; fi
echo "$pass passed, $fail failed"
for lib in $D/lib ${D}_old/lib; do
  [ -d $lib ] || continue
  echo "== algtri 2x2 blocks, ANISO1 1200², BiCGStab, library $lib"
  LD_LIBRARY_PATH=$PWD/$lib:$LD_LIBRARY_PATH $D/ex1 -problem aniso1 -n 1200 -ksp_type bcgs -ksp_pc_side right -ksp_rtol 1e-6 -pc_type algtri -pc_algtri_block 2 -mat_type aijcusparse -vec_type cuda -warmup -view_times -log_view 2>&1 | grep -E "iterations|times:|^PCSetUp|^TriSplitTriLU|^KSPSolve" | cut -c1-100
done
