#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# RPTS benchmark on the GPU machine; run from the repository root after
#   make -f bench/rpts/Makefile   (on the build machine; outputs in .gpu/, carried along)
# usage: bash bench/rpts/run_device.sh
# Results go to $OUT (or ./.gpu/out): gpu.txt, bench.log, bench_rpts.csv. The RPTS tests (test_rpts against the
# host, Table 4, compute-sanitizer) run in the GPU suite: make kernel-device, bash tests/gpu/run.sh (docs/testing.md).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
OUT=${OUT:-$PWD/.gpu/out}
mkdir -p "$OUT"
steps=${*:-bench}
{
  date -u '+%Y-%m-%d %H:%M:%S UTC'
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem,power.limit --format=csv
  /usr/local/cuda/bin/nvcc --version | tail -1
} > "$OUT/gpu.txt" 2>&1
cat "$OUT/gpu.txt"
for s in $steps; do
  case $s in
  bench)
    timeout ${T_BENCH:-240} ./.gpu/bench_rpts ${BENCH_ARGS:---tune} --csv "$OUT/bench_rpts.csv" > "$OUT/bench.log" 2>&1
    echo "== bench rc=$?"; grep -E "^(rpts|copy|cusparse)" "$OUT/bench.log" | grep -E " (65536|1048576|33554432|134217728) " | head -60; tail -6 "$OUT/bench.log" ;;
  esac
done
