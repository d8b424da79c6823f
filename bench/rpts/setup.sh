#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Setup against solve of the tridiagonal solves on the GPU (bench/rpts/setup.c): the rpts MatSolverType on one
# long system of each family at 2^20 and 2^25 rows, algtri on a 1D Laplacian of 2^24 rows (one path) against
# ANISO1 4096^2 (the same size), and the 2x2 block forest on both.
#   here:   bash bench/rpts/setup.sh pack      # after: . bench/gpu/petsc_env.sh --; make $PETSC_CUDA_MAKE lib build/cuda/bench/rpts/setup
#   device: bash bench/rpts/setup.sh run       # carry [".gpu/rpts_setup.tar.xz", ".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz"]
# run writes $OUT/setup.txt (one line per measurement: first setup, refactor, solve, their ratio) and
# $OUT/device.txt (GPU, driver, date, commit).
set -u
cd "$(dirname "$0")/../.."
case "${1:-}" in
pack)
  set -e
  . bench/gpu/petsc_env.sh --
  [ -f .gpu/$PETSC_CUDA_TARBALL ] || { mkdir -p .gpu && cp "${SHARED:-../shared}/gpu/$PETSC_CUDA_TARBALL" .gpu/; }
  ts_pack rpts_setup build/cuda build/cuda/bench/rpts/setup
  exit 0 ;;
run) ;;
*) sed -n '2,10p' "$0"; exit 1 ;;
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
