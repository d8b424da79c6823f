#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Forest pipeline benchmark on the GPU machine; one step a subcommand, from the repository root:
#   bash bench/forest/run.sh pack [TARGETS]   here: make -f bench/forest/Makefile [TARGETS] (on the build machine; outputs in .gpu/forest/, carried along)
#   bash bench/forest/run.sh run [STEPS]      on the GPU machine (STEPS: bench, the default)
# Results go to $OUT (or ./.gpu/forest/out): gpu.txt, bench.log, forest.csv. The pipeline's test (host == device
# forests, compute-sanitizer) runs in the GPU suite: make kernel-device, bash tests/gpu/run.sh (docs/testing.md).
case ${1:-} in
pack)
  shift
  exec make -f bench/forest/Makefile "$@" ;;
run) shift ;;
*) sed -n "3,7p" "$0"; exit 1 ;;
esac
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
