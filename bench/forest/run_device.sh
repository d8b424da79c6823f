#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Forest pipeline benchmark on the GPU machine; run from the repository root after
#   make -f bench/forest/Makefile   (on the build machine; outputs in .gpu/forest/, carried along)
# usage: bash bench/forest/run_device.sh
# Results go to $OUT (or ./.gpu/forest/out): gpu.txt, bench.log, forest.csv. The pipeline's test (host == device
# forests, compute-sanitizer) runs in the GPU suite: make kernel-device, bash tests/gpu/run.sh (docs/testing.md).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
OUT=${OUT:-$PWD/.gpu/forest/out}
mkdir -p "$OUT"
steps=${*:-bench}
{
  date -u '+%Y-%m-%d %H:%M:%S UTC'
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem --format=csv
  /usr/local/cuda/bin/nvcc --version | tail -1
} > "$OUT/gpu.txt" 2>&1
cat "$OUT/gpu.txt"
MTX=$(ls .gpu/forest/mtx/*.mtx.gz 2>/dev/null)
for s in $steps; do
  case $s in
  bench)
    timeout ${T_BENCH:-150} ./.gpu/forest/bench_forest --csv "$OUT/forest.csv" $MTX > "$OUT/bench.log" 2>&1
    echo "== bench rc=$?"; sed -n '/^times in ms/,$p' "$OUT/bench.log" ;;
  esac
done
