#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Builds here (no GPU) what bench/mosa/run.sh needs on the GPU machine, into the ignored .gpu/mosa/:
# libtrisplit.so, tutorials/ex1 and tests/ex7 against the CUDA PETSc 3.22.5, and the kernel test
# mosa_test. Carry [".gpu/petsc-cuda-3.22.5-sm90.tar.xz", ".gpu/mosa"] (about 35 MiB).
set -euo pipefail
cd "$(dirname "$0")/../.."
SHARED=${SHARED:-../shared}
[ -d /opt/petsc-cuda ] || tar xJf "$SHARED/gpu/petsc-cuda-3.22.5-sm90.tar.xz" -C /opt
[ -f .gpu/petsc-cuda-3.22.5-sm90.tar.xz ] || { mkdir -p .gpu; cp "$SHARED/gpu/petsc-cuda-3.22.5-sm90.tar.xz" .gpu/; }
P="PETSC_DIR=/opt/petsc-cuda BUILD=build/cuda LIBDIR=build/cuda/lib TUTDIR=build/cuda/tutorials"
make $P lib tutorials
make $P test search='tests-ex7_serial'   # builds ex7 through PETSc's harness (runs the host test here)
make -f tests/kernels/mosa.mk
mkdir -p .gpu/mosa/lib
cp build/cuda/lib/libtrisplit.so .gpu/mosa/lib/
cp build/cuda/tutorials/ex1 build/cuda/tests/tests/ex7 .gpu/mosa/
du -sh .gpu/mosa
