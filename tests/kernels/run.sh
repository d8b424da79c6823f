#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Runs the kernel tests that 'make kernel-tests' built (makefile: make kernel-sim, make kernel-device).
#   bash tests/kernels/run.sh -d DIR sim      the host simulations (no GPU)
#   bash tests/kernels/run.sh -d DIR device   the device modes on the GPU, and compute-sanitizer memcheck of their
#                                             quick modes (where compute-sanitizer is installed)
#   -s plain|sanitizer: of the device mode, only the plain runs or only those under compute-sanitizer (the GPU suite
#   runs them apart: sanitized kernels slow down the plain runs' many small launches sharing the GPU by far).
#   -n: print the commands only (dry run). -j N: up to N runs at once (default 1; the report keeps the order of the
#   list; with TS_GPU_LIST=a,b,... in the environment the k-th run sees only the k-th GPU of the list, cyclically).
#   Each program run prints 'ok LABEL' or 'not ok LABEL' (its exit status; the last lines of its output on failure,
#   the whole output in DIR/logs/), then 'N passed, N failed'.
# Exit status non-zero on any failure.
set -u
dir="" dry=false jobs=1 subset=all
while getopts "d:nj:s:" o; do
  case $o in d) dir=$OPTARG ;; n) dry=true ;; j) jobs=$OPTARG ;; s) subset=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
mode=${1:-}
[ -n "$dir" ] && [ -n "$mode" ] || { sed -n '3,9p' "$0"; exit 2; }
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
data=$top/tests/data
mkdir -p "$dir/logs"
SAN=${COMPUTE_SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
passed=0 failed=0 labels=()
IFS=, read -r -a gpu_list <<< "${TS_GPU_LIST:-}" # the GPUs the runs go round (TS_GPU_LIST=0,1,...), if several

# t LABEL TIMEOUT PROGRAM ARGS...: one run, in the background (at most $jobs at once); report() reads the results
t() {
  local label=$1 tmo=$2 log=$dir/logs/$1.log; shift 2
  case $subset:$label in plain:memcheck-* | plain:racecheck-*) return ;; sanitizer:memcheck-* | sanitizer:racecheck-* | all:*) ;; sanitizer:*) return ;; esac
  if $dry; then echo "# $label: $*"; return; fi
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  rm -f "$log.rc"
  if [ "${#gpu_list[@]}" -gt 1 ]; then export CUDA_VISIBLE_DEVICES=${gpu_list[$((${#labels[@]} % ${#gpu_list[@]}))]}; fi
  { rc=0; timeout "$tmo" "$@" > "$log" 2>&1 || rc=$?; echo $rc > "$log.rc"; } &
  labels+=("$label")
}
# the runs' results, in the order of the list
report() {
  local label log rc
  wait
  for label in "${labels[@]}"; do
    log=$dir/logs/$label.log rc=$(cat "$log.rc" 2> /dev/null || echo 127)
    if [ "$rc" -eq 0 ]; then passed=$((passed + 1)); echo "ok $label"
    else failed=$((failed + 1)); echo "not ok $label (status $rc)"; tail -n 15 "$log" | sed 's/^/#   /'; fi
  done
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
  # the cut of symmetric factors where they stop being positive definite: the device kernels' logic against the
  # reference, bit for bit
  t definite_sim 300 "$dir/definite_test"
  # RPTS's partition routines thread by thread: random sweeps against the reference solver; the analysis
  # (rpts_analyze.cuh) on the matrices with singular inner blocks and on the accuracy suite at N = 512
  t rpts_sim 300 "$dir/host_sim_rpts"
  t rpts_acc_robust 300 "$dir/acc_sim" robust 508 100002 -q
  t rpts_acc_suite 300 "$dir/acc_sim" suite 512 -analyze
  # triamg's prolongator and Galerkin product against their definitions
  t triamg_sim 300 "$dir/triamg_test"
  ;;
device)
  # the longest first (the runs can go at once: -j)
  # RPTS, scalar, 2x2 blocks and permuted (fused) solves against the host, in four runs; Table 4 at N = 512 and 2^20
  t test_rpts_scalar 300 "$dir/test_rpts" --no-blocks --no-permuted --no-gallery
  t test_rpts_gallery 300 "$dir/test_rpts" --gallery-only
  t test_rpts_blocks 300 "$dir/test_rpts" --blocks-only
  t test_rpts_permuted 300 "$dir/test_rpts" --permuted-only
  t test_rpts_suite 300 "$dir/test_rpts" --suite-only --suite 512 --suite 1048576
  m test_rpts_scalar 300 "$dir/test_rpts" --quick --no-gallery --no-blocks --no-permuted
  m test_rpts_blocks 300 "$dir/test_rpts" --quick --blocks-only
  m test_rpts_permuted 300 "$dir/test_rpts" --quick --permuted-only
  if [ -x "$SAN" ] || $dry; then t racecheck-test_rpts_permuted 300 "$SAN" --tool racecheck --error-exitcode 9 --print-limit 20 "$dir/test_rpts" --permuted-only --tiny; fi
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
  # the cut of symmetric factors where they stop being positive definite, device == host bit for bit
  t definite_device 300 "$dir/definite_test" --device
  m definite_device 300 "$dir/definite_test" --device --quick
  # triamg's prolongator, Galerkin product and refresh, device == host bit for bit
  t triamg_device 300 "$dir/triamg_test" --device
  m triamg_device 300 "$dir/triamg_test" --device --quick
  # the same with at most 16 columns a Galerkin row in shared memory: most rows through the radix sort
  t triamg_smallhash_device 300 "$dir/triamg_test_smallhash" --device --quick
  m triamg_smallhash_device 300 "$dir/triamg_test_smallhash" --device --quick
  ;;
*) sed -n '3,9p' "$0"; exit 2 ;;
esac
$dry && exit 0
report
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
