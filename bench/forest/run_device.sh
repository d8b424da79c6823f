#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Forest pipeline checks and benchmark on the GPU machine; run from the repository root after
#   make -f tests/kernels/forest.mk   (on the build machine; outputs in .gpu/forest/, carried along)
# usage: bash bench/forest/run_device.sh [test|memcheck|bench ...]   (default: all three)
# Results go to $OUT (or ./.gpu/forest/out): gpu.txt, test.log, memcheck.log, bench.log, forest.csv
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
OUT=${OUT:-$PWD/.gpu/forest/out}
mkdir -p "$OUT"
steps=${*:-test memcheck bench}
{
  date -u '+%Y-%m-%d %H:%M:%S UTC'
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem --format=csv
  /usr/local/cuda/bin/nvcc --version | tail -1
} > "$OUT/gpu.txt" 2>&1
cat "$OUT/gpu.txt"
MTX=$(ls .gpu/forest/mtx/*.mtx.gz 2>/dev/null)
for s in $steps; do
  case $s in
  test)
    timeout ${T_TEST:-200} ./.gpu/forest/forest_test --big $MTX > "$OUT/test.log" 2>&1
    echo "== test rc=$?"; grep -E "^(FAIL|device)" "$OUT/test.log" | head -40; tail -1 "$OUT/test.log" ;;
  memcheck)
    timeout ${T_MEMCHECK:-90} /usr/local/cuda/bin/compute-sanitizer --tool memcheck --print-limit 20 ./.gpu/forest/forest_test --quick > "$OUT/memcheck.log" 2>&1
    echo "== memcheck rc=$?"; grep -E "FAIL|ERROR SUMMARY|passed" "$OUT/memcheck.log" | tail -5 ;;
  bench)
    timeout ${T_BENCH:-150} ./.gpu/forest/bench_forest --csv "$OUT/forest.csv" $MTX > "$OUT/bench.log" 2>&1
    echo "== bench rc=$?"; sed -n '/^times in ms/,$p' "$OUT/bench.log" ;;
  esac
done
