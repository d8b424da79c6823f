#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Builds here (no GPU) what bench/mosa/run.sh needs on the GPU machine, into the ignored .gpu/mosa/:
# libtrisplit.so* (with its SONAME links), tutorials/ex1 and tests/ex7 against the CUDA + Open MPI PETSc 3.25.4
# (bench/gpu/petsc_env.sh), and the kernel test mosa_test.
# Carry [".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz", ".gpu/mosa"].
set -euo pipefail
cd "$(dirname "$0")/../.."
SHARED=${SHARED:-../shared}
. bench/gpu/petsc_env.sh --
[ -f ".gpu/$PETSC_CUDA_TARBALL" ] || { mkdir -p .gpu; cp "$SHARED/gpu/$PETSC_CUDA_TARBALL" .gpu/; }
P=$PETSC_CUDA_MAKE
make $P lib tutorials
make $P test search='tests-ex7_serial'   # builds ex7 through PETSc's harness (runs the host test here)
make $P kernel-tests                     # the kernel tests (tests/kernels) into build/cuda/tests/kernels
ts_copy_lib build/cuda/lib .gpu/mosa/lib
cp build/cuda/tutorials/ex1 build/cuda/tests/tests/ex7 build/cuda/tests/kernels/mosa_test .gpu/mosa/
du -sh .gpu/mosa
