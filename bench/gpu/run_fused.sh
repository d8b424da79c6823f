#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The GPU checks and benchmark of the fused apply (the forest permutations inside RPTS's finest stage,
# ts_cuda_[ds]gtsv_permuted), in one device-tool call (about 6 minutes):
#   here:    bash bench/gpu/run_fused.sh pack    # builds into .gpu/ (prepare.sh, the RPTS test, bench_forest)
#   device:  bash bench/gpu/run_fused.sh run     # carry [".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz", ".gpu/bundle",
#                                                #   ".gpu/forest/mtx", ".gpu/commit.txt"] (under the 64 MiB a call takes)
# run: test_rpts --permuted-only (fused solve == host composition around the plain solve, bit for bit,
# float/double, 3 pivotings, ghost slots, scales, accumulate, in place, N up to 2^20) and --quick (the plain
# solver still passes), compute-sanitizer memcheck of the permuted solves, ex8 (2x2 blocks) and transpose
# against their expected outputs, bench_forest (apply vs one RPTS solve of the same N, issue 4), then
# bench/gpu/run_petsc.sh all (ex5/ex6/ex7 expected outputs, host == device iteration counts of every PC,
# sanitizers, time to solution against jacobi/ILU/GAMG on ANISO1/ANISO2/MODEL8).
# Everything lands in $OUT/results.tar.gz (and checks.log, tts.csv, apply.txt beside it). TTS=0 leaves out the
# time-to-solution part (run_petsc.sh checks instead of all); RACECHECK=1 adds compute-sanitizer racecheck of
# the permuted solves.
set -u
cd "$(dirname "$0")/../.."
case "${1:-}" in
pack)
  set -e
  SHARED=${SHARED:-../shared}
  bash bench/gpu/prepare.sh
  . bench/gpu/petsc_env.sh --
  P=$PETSC_CUDA_MAKE
  make $P test search='tests-ex8_host tests-transpose_host'
  cp build/cuda/tests/tests/ex8 build/cuda/tests/tests/transpose .gpu/tests/
  make -f bench/rpts/Makefile .gpu/test_rpts .gpu/lib/.done
  make -f tests/kernels/forest.mk .gpu/forest/bench_forest
  mkdir -p .gpu/forest/mtx
  for m in hangGlider_2 bodyy4; do cp "$SHARED/matrices/$m.mtx.gz" .gpu/forest/mtx/; done
  git rev-parse --short HEAD > .gpu/commit.txt
  # the binaries, compressed (their CUDA code is most of the bytes)
  mkdir -p .gpu/bundle
  tar cJf .gpu/bundle/bins.tar.xz -C .gpu test_rpts forest/bench_forest lib tutorials tests
  du -sh .gpu/bundle .gpu/forest/mtx
  exit 0 ;;
run) ;;
*) sed -n '2,12p' "$0"; exit 1 ;;
esac

FINAL=${OUT:-/tmp/out}
export OUT=/tmp/fused_out
mkdir -p "$OUT" "$FINAL"
T0=$(date +%s)
. bench/gpu/petsc_env.sh -- .gpu/lib || exit 1
tar xJf .gpu/bundle/bins.tar.xz -C .gpu
GPU="-mat_type aijcusparse -vec_type cuda"
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; date -u +%Y-%m-%dT%H:%MZ; echo "commit $(cat .gpu/commit.txt)"; } | tee "$OUT/device.txt"
pass=0 fail=0
{
  timeout 150 .gpu/test_rpts --permuted-only > "$OUT/test_rpts_permuted.log" 2>&1
  rc=$?; grep -E "^FAIL" "$OUT/test_rpts_permuted.log" | head -5; tail -3 "$OUT/test_rpts_permuted.log"
  [ $rc = 0 ] && ts_check "test_rpts --permuted-only (fused permuted RPTS == host composition, bitwise)" ok || ts_check "test_rpts --permuted-only rc=$rc" no
  timeout 90 .gpu/test_rpts --quick --no-gallery > "$OUT/test_rpts_quick.log" 2>&1
  rc=$?; grep -E "^FAIL" "$OUT/test_rpts_quick.log" | head -5; tail -1 "$OUT/test_rpts_quick.log"
  [ $rc = 0 ] && ts_check "test_rpts --quick (plain and block RPTS, permuted)" ok || ts_check "test_rpts --quick rc=$rc" no
  timeout 120 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 .gpu/test_rpts --permuted-only --quick > "$OUT/sanitizer_permuted.log" 2>&1
  rc=$?; grep "ERROR SUMMARY" "$OUT/sanitizer_permuted.log" | tail -1
  [ $rc = 0 ] && ts_check "compute-sanitizer memcheck [test_rpts --permuted-only --quick]" ok || ts_check "memcheck permuted rc=$rc" no
  if [ "${RACECHECK:-0}" = 1 ]; then
    timeout 150 /usr/local/cuda/bin/compute-sanitizer --tool racecheck --error-exitcode 9 .gpu/test_rpts --permuted-only --quick > "$OUT/racecheck_permuted.log" 2>&1
    rc=$?; grep "ERROR SUMMARY" "$OUT/racecheck_permuted.log" | tail -1
    [ $rc = 0 ] && ts_check "compute-sanitizer racecheck [test_rpts --permuted-only --quick]" ok || ts_check "racecheck permuted rc=$rc" no
  fi
  for t in "ex8 -mat_type aijcusparse:ex8_host" "transpose $GPU:transpose_cuda"; do
    cmd=${t%%:*} ref=${t#*:}
    timeout 120 .gpu/tests/$cmd > "$OUT/${cmd%% *}_device.out" 2>&1
    if diff "$OUT/${cmd%% *}_device.out" tests/output/$ref.out > /tmp/t.diff; then ts_check "$cmd (device) == tests/output/$ref.out" ok; else ts_check "$cmd (device)" no; head -12 /tmp/t.diff; fi
  done
  echo "$pass passed, $fail failed"
} 2>&1 | tee "$OUT/checks_fused.log"
timeout 150 .gpu/forest/bench_forest --no-host --csv "$OUT/forest.csv" .gpu/forest/mtx/*.mtx.gz > "$OUT/bench_forest.log" 2>&1
sed -n '/^apply of the forest/,$p' "$OUT/bench_forest.log" | tee "$OUT/apply.txt"
what=all; [ "${TTS:-1}" = 0 ] && what=checks
echo "== run_petsc.sh $what after $(($(date +%s) - T0)) s"
bash bench/gpu/run_petsc.sh $what > "$OUT/run_petsc.log" 2>&1
grep -E "^(PASS|FAIL)|passed|iterations " "$OUT/run_petsc.log" | grep -v "^PASS" | tail -30
cat "$OUT/checks_fused.log" <(grep -E "^(PASS|FAIL)" "$OUT/run_petsc.log") | grep -E "^(PASS|FAIL)" > "$FINAL/checks.log"
echo "$(grep -c ^PASS "$FINAL/checks.log") passed, $(grep -c ^FAIL "$FINAL/checks.log") failed" | tee -a "$FINAL/checks.log"
cp "$OUT/apply.txt" "$FINAL/"
if [ -f "$OUT/tts.csv" ]; then cp "$OUT/tts.csv" "$FINAL/"; column -s, -t < "$OUT/tts.csv" | head -60; fi
tar czf "$FINAL/results.tar.gz" -C "$OUT" .
echo "elapsed $(($(date +%s) - T0)) s"
