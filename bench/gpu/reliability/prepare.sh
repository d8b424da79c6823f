#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Builds, on a machine without a GPU, what bench/gpu/reliability/run.sh needs besides .gpu/ (bench/gpu/prepare.sh):
# build/reliability-gpu/ex2 (PETSc 3.25's KSP tutorial ex2, unchanged, against /opt/petsc-cuda-mpi) and cuda_hog.
set -euo pipefail
cd "$(dirname "$0")/../../.."
. bench/gpu/petsc_env.sh --
mkdir -p build/reliability-gpu
cat > build/reliability-gpu/Makefile <<'MK'
PETSC_DIR := /opt/petsc-cuda-mpi
include $(PETSC_DIR)/lib/petsc/conf/variables
ex2: $(PETSC_DIR)/share/petsc/examples/src/ksp/ksp/tutorials/ex2.c
	$(PCC) $(PCC_FLAGS) $(CFLAGS) $(CCPPFLAGS) $< -o $@ $(PETSC_LIB)
MK
make -C build/reliability-gpu ex2
/usr/local/cuda/bin/nvcc -O2 -arch=sm_90 -o build/reliability-gpu/cuda_hog bench/gpu/reliability/cuda_hog.cu
ls -la build/reliability-gpu
