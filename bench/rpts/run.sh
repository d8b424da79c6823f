#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# RPTS benchmark on the GPU machine; one step a subcommand, from the repository root:
#   bash bench/rpts/run.sh pack [TARGETS]   here: make -f bench/rpts/Makefile [TARGETS] (on the build machine; outputs in .gpu/, carried along)
#   bash bench/rpts/run.sh run [STEPS]      on the GPU machine (STEPS: bench, the default)
# Results go to $OUT (or ./.gpu/out): gpu.txt, bench.log, bench_rpts.csv. The RPTS tests (test_rpts against the
# host, Table 4, compute-sanitizer) run in the GPU suite: make kernel-device, bash tests/gpu/run.sh (docs/testing.md).
#
# Setup against solve (setup-pack, setup-run):
# Setup against solve of the tridiagonal solves on the GPU (bench/rpts/setup.c): the rpts MatSolverType on one
# long system of each family at 2^20 and 2^25 rows, algtri on a 1D Laplacian of 2^24 rows (one path) against
# ANISO1 4096^2 (the same size), and the 2x2 block forest on both.
#   here:   bash bench/rpts/run.sh setup-pack     # after: . bench/gpu/petsc_env.sh --; make $PETSC_CUDA_MAKE lib build/cuda/bench/rpts/setup
#   device: bash bench/rpts/run.sh setup-run      # carry [".gpu/rpts_setup.tar.xz", ".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz"]
# run writes $OUT/setup.txt (one line per measurement: first setup, refactor, solve, their ratio) and
# $OUT/device.txt (GPU, driver, date, commit).
set -u
cd "$(dirname "$0")/../.."

rpts_setup() { # setup-pack | setup-run
  case "$1" in
  setup-pack)
    set -e
    . bench/gpu/petsc_env.sh --
    [ -f .gpu/$PETSC_CUDA_TARBALL ] || { mkdir -p .gpu && cp "${SHARED:-../shared}/gpu/$PETSC_CUDA_TARBALL" .gpu/; }
    ts_pack rpts_setup build/cuda build/cuda/bench/rpts/setup
    exit 0 ;;
  setup-run) ;;
  *) sed -n "3,20p" "$0"; exit 1 ;;
  esac

  OUT=${OUT:-/tmp/out}
  mkdir -p "$OUT"
  ts_dir=.gpu/rpts_setup
  . bench/gpu/petsc_env.sh -- || exit 1
  ts_unpack rpts_setup || exit 1
  { nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%Y-%m-%dT%H:%MZ; echo "commit $(cat $ts_dir/commit.txt)"; } | tee "$OUT/device.txt"
  G="-mat_type aijcusparse -vec_type cuda"
  {
    for p in 20 25; do
      for f in random dominant ones laplace; do
        timeout 200 $ts_dir/setup $G -family $f -log2n $p -reps 5
      done
    done
    timeout 300 $ts_dir/setup $G -log2n 0 -algtri_log2n 24 -reps 3
    timeout 300 $ts_dir/setup $G -log2n 0 -algtri_log2n 24 -reps 3 -pc_algtri_block 2 | sed 's/^algtri /algtri-block2 /'
  } 2>&1 | tee "$OUT/setup.txt"
}

case ${1:-} in
pack)
  shift
  exec make -f bench/rpts/Makefile "$@" ;;
run) shift ;;
setup-pack | setup-run) rpts_setup "$1"; exit ;;
*) sed -n "3,20p" "$0"; exit 1 ;;
esac
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
