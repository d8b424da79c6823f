#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Builds, on a machine without a GPU, what the benchmarks bench/compare/run.sh, bench/gpu/profile/run.sh and
# bench/gpu/reliability/run.sh need on the GPU machine (their pack steps run it),
# into the git-ignored folder .gpu/ (pass it as 'carry' to the device tool):
#   .gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz, .gpu/lib/libtrisplit.so*, .gpu/tutorials/ex1, .gpu/tests/ex5 (ex6, ex7)
set -euo pipefail
cd "$(dirname "$0")/../.."
SHARED=${SHARED:-../shared}
. bench/gpu/petsc_env.sh --
P=$PETSC_CUDA_MAKE
make $P lib tutorials build/cuda/bench/multirhs/multirhs
# the test programs through PETSc's harness build rules (the host test runs here without a GPU)
make $P test search='tests-ex5_host tests-ex6_host tests-ex7_serial'
mkdir -p .gpu/lib .gpu/tutorials .gpu/tests .gpu/bench
cp "$SHARED/gpu/$PETSC_CUDA_TARBALL" .gpu/
ts_copy_lib build/cuda/lib .gpu/lib
cp build/cuda/tutorials/ex1 build/cuda/tutorials/ex2 .gpu/tutorials/
cp build/cuda/tests/tests/ex5 build/cuda/tests/tests/ex6 build/cuda/tests/tests/ex7 .gpu/tests/
cp build/cuda/bench/multirhs/multirhs .gpu/bench/
du -sh .gpu
