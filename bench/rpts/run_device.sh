#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# RPTS checks and benchmark on the GPU machine; run from the repository root after
#   make -f bench/rpts/Makefile   (on the build machine; outputs in .gpu/, carried along)
# usage: bash bench/rpts/run_device.sh [test|suite|memcheck|bench ...]   (default: test suite bench memcheck)
# Results go to $OUT (or ./.gpu/out): gpu.txt, test.log, suite.log, memcheck.log, bench.log, bench_rpts.csv
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$PWD/.gpu/lib:$LD_LIBRARY_PATH
OUT=${OUT:-$PWD/.gpu/out}
mkdir -p "$OUT"
steps=${*:-test suite bench memcheck}
{
  date -u '+%Y-%m-%d %H:%M:%S UTC'
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem,power.limit --format=csv
  /usr/local/cuda/bin/nvcc --version | tail -1
} > "$OUT/gpu.txt" 2>&1
cat "$OUT/gpu.txt"
test_rc=0
for s in $steps; do
  case $s in
  test)
    timeout ${T_TEST:-150} ./.gpu/test_rpts > "$OUT/test.log" 2>&1; test_rc=$?
    echo "== test rc=$test_rc"; grep -E "FAIL|NOTE" "$OUT/test.log" | head -20; tail -2 "$OUT/test.log" ;;
  suite)
    timeout ${T_SUITE:-120} ./.gpu/test_rpts --suite-only --suite 512 --suite 1048576 > "$OUT/suite.log" 2>&1
    echo "== suite rc=$?"; grep -E "FAIL|pass$" "$OUT/suite.log" | head -20 ;;
  memcheck)
    timeout ${T_MEMCHECK:-150} /usr/local/cuda/bin/compute-sanitizer --tool memcheck --print-limit 20 ./.gpu/test_rpts --quick --no-gallery > "$OUT/memcheck.log" 2>&1
    echo "== memcheck rc=$?"; tail -4 "$OUT/memcheck.log" ;;
  bench)
    if [ $test_rc -ne 0 ] && [ $test_rc -ne 1 ]; then echo "test crashed: no bench"; continue; fi
    timeout ${T_BENCH:-240} ./.gpu/bench_rpts ${BENCH_ARGS:---tune} --csv "$OUT/bench_rpts.csv" > "$OUT/bench.log" 2>&1
    echo "== bench rc=$?"; grep -E "^(rpts|copy|cusparse)" "$OUT/bench.log" | grep -E " (65536|1048576|33554432|134217728) " | head -60; tail -6 "$OUT/bench.log" ;;
  esac
done
