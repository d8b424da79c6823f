#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Runs the kernel tests that 'make kernel-tests' built (makefile: make kernel-sim, make kernel-device).
#   bash tests/kernels/run.sh -d DIR sim      the host simulations (no GPU)
#   bash tests/kernels/run.sh -d DIR device   the device modes on the GPU, and compute-sanitizer memcheck of their
#                                             quick modes (where compute-sanitizer is installed)
#   -n: print the commands only (dry run). Each program run prints 'ok LABEL' or 'not ok LABEL' (its exit status;
#   the last lines of its output on failure, the whole output in DIR/logs/), then 'N passed, N failed'.
# Exit status non-zero on any failure.
set -u
dir="" dry=false
while getopts "d:n" o; do
  case $o in d) dir=$OPTARG ;; n) dry=true ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
mode=${1:-}
[ -n "$dir" ] && [ -n "$mode" ] || { sed -n '3,9p' "$0"; exit 2; }
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
data=$top/tests/data
mkdir -p "$dir/logs"
SAN=${COMPUTE_SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
passed=0 failed=0

# t LABEL TIMEOUT PROGRAM ARGS...: one run
t() {
  local label=$1 tmo=$2 log=$dir/logs/$1.log rc=0; shift 2
  if $dry; then echo "# $label: $*"; return; fi
  timeout "$tmo" "$@" > "$log" 2>&1 || rc=$?
  if [ $rc -eq 0 ]; then passed=$((passed + 1)); echo "ok $label"
  else failed=$((failed + 1)); echo "not ok $label (status $rc)"; tail -n 15 "$log" | sed 's/^/#   /'; fi
}
# m LABEL TIMEOUT PROGRAM ARGS...: the run under compute-sanitizer memcheck (skipped where there is none)
m() {
  local label=$1 tmo=$2; shift 2
  if [ -x "$SAN" ] || $dry; then t "memcheck-$label" "$tmo" "$SAN" --tool memcheck --error-exitcode 9 --print-limit 20 "$@"
  else echo "# skipped memcheck-$label: no compute-sanitizer"; fi
}

case $mode in
sim)
  # MOS-a's device row and path routines on the host against the reference kernels, bit for bit
  t mosa_sim 300 "$dir/mosa_sim"
  # without --device: the host simulations of the 2x2 block check and the parallel zero-pivot check
  t block_check_sim 300 "$dir/block_check_test"
  t gttrf_check_sim 300 "$dir/gttrf_check_test"
  # RPTS's partition routines thread by thread: random sweeps against the reference solver; the analysis
  # (rpts_analyze.cuh) on the matrices with singular inner blocks and on the accuracy suite at N = 512
  t rpts_sim 300 "$dir/host_sim_rpts"
  t rpts_acc_robust 300 "$dir/acc_sim" robust 508 100002 -q
  t rpts_acc_suite 300 "$dir/acc_sim" suite 512 -analyze
  # triamg's prolongator and Galerkin product against their definitions
  t triamg_sim 300 "$dir/triamg_test"
  ;;
device)
  # host == device forests, scalar and 2x2 blocks, on the generated matrices and those of tests/data
  t forest_test 300 "$dir/forest_test" "$data"/*.mtx.gz
  m forest_test 300 "$dir/forest_test" --quick
  # MOS-a's products and their refresh on a kept pattern, device == host bit for bit
  t mosa_test 300 "$dir/mosa_test"
  m mosa_test 300 "$dir/mosa_test" --quick
  # 2x2 block factors: status and first zero-pivot block equal the host elimination's
  t block_check_device 300 "$dir/block_check_test" --device
  m block_check_device 300 "$dir/block_check_test" --device --quick
  # the parallel zero-pivot check of scalar chains against the host's
  t gttrf_check_device 300 "$dir/gttrf_check_test" --device
  # triamg's prolongator, Galerkin product and refresh, device == host bit for bit
  t triamg_device 300 "$dir/triamg_test" --device
  m triamg_device 300 "$dir/triamg_test" --device --quick
  # RPTS, scalar, 2x2 blocks and permuted (fused) solves against the host; Table 4 at N = 512 and 2^20
  t test_rpts 300 "$dir/test_rpts"
  t test_rpts_suite 300 "$dir/test_rpts" --suite-only --suite 512 --suite 1048576
  m test_rpts 300 "$dir/test_rpts" --quick --no-gallery
  if [ -x "$SAN" ] || $dry; then t racecheck-test_rpts_permuted 300 "$SAN" --tool racecheck --error-exitcode 9 --print-limit 20 "$dir/test_rpts" --permuted-only --quick; fi
  ;;
*) sed -n '3,9p' "$0"; exit 2 ;;
esac
$dry && exit 0
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
