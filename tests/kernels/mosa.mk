# SPDX-License-Identifier: BSD-2-Clause
# Build the MOS-a kernel test into .gpu/mosa/ (ignored; carried to the GPU machine).
# Run from the repository root:  make -f tests/kernels/mosa.mk [-j2]
# The device runs .gpu/mosa/mosa_test (and compute-sanitizer on mosa_test --quick), block_check_test --device
# and gttrf_check_test --device.
NVCC    ?= /usr/local/cuda/bin/nvcc
ARCH    ?= sm_90
O       := .gpu/mosa
# no --use_fast_math, no -ftz: the kernels must round exactly as the host
NVFLAGS := -O3 -std=c++17 -arch=$(ARCH) -lineinfo -Isrc/kernels
CFLAGS  := -O2 -ffp-contract=off -Isrc/kernels

CU_SRC  := $(sort $(wildcard src/kernels/cuda/mosa_*.cu)) src/kernels/cuda/rowsolve.cu src/kernels/cuda/block_check.cu src/kernels/cuda/gttrf_check.cu
CU_OBJ  := $(patsubst src/kernels/cuda/%.cu,$(O)/obj/%.o,$(CU_SRC))
REF_SRC := $(addprefix src/kernels/reference/,bgtsv.c diagp.c graph.c factor.c forest.c permute.c gtsv.c rowsolve.c splitting.c)
REF_OBJ := $(patsubst src/kernels/reference/%.c,$(O)/obj/ref_%.o,$(REF_SRC))
HDRS    := src/kernels/trisplit_kernels.h $(wildcard src/kernels/cuda/mosa_*.cuh) src/kernels/cuda/block_check.cuh src/kernels/cuda/gttrf_check.cuh src/kernels/cuda/forest_common.cuh $(wildcard tests/kernels/*.h)

all: $(O)/mosa_test $(O)/mosa_sim $(O)/block_check_test $(O)/gttrf_check_test

$(O)/obj/%.o: src/kernels/cuda/%.cu $(HDRS)
	@mkdir -p $(O)/obj
	$(NVCC) -c $(NVFLAGS) $< -o $@

$(O)/obj/ref_%.o: src/kernels/reference/%.c src/kernels/trisplit_kernels.h
	@mkdir -p $(O)/obj
	gcc -c $(CFLAGS) $< -o $@

$(O)/mosa_test: tests/kernels/mosa_test.cu tests/kernels/forest_matrices.h tests/kernels/check.h $(CU_OBJ) $(REF_OBJ)
	$(NVCC) $(NVFLAGS) $< $(CU_OBJ) $(REF_OBJ) -o $@ -lz

# the device check of 2x2 block factors (the same program runs the host simulation without --device)
$(O)/block_check_test: tests/kernels/block_check_test.cu $(O)/obj/block_check.o $(REF_OBJ)
	$(NVCC) $(NVFLAGS) -Xcompiler -ffp-contract=off $< $(O)/obj/block_check.o $(REF_OBJ) -o $@

# the parallel zero-pivot check of scalar chains (likewise: host simulation without --device)
$(O)/gttrf_check_test: tests/kernels/gttrf_check_test.cu $(O)/obj/gttrf_check.o $(REF_OBJ)
	$(NVCC) $(NVFLAGS) -Xcompiler -ffp-contract=off $< $(O)/obj/gttrf_check.o $(REF_OBJ) -o $@

clean:
	rm -rf $(O)

.PHONY: all clean

# the host simulation of the row and path routines (no GPU; run here before device time is spent)
$(O)/mosa_sim: tests/kernels/mosa_sim.cu $(HDRS) $(REF_OBJ)
	$(NVCC) -O2 -std=c++17 -Xcompiler -ffp-contract=off -Isrc/kernels $< $(REF_OBJ) -o $@ -lz

sim: $(O)/mosa_sim $(O)/block_check_test $(O)/gttrf_check_test
	./$(O)/mosa_sim
	./$(O)/block_check_test
	./$(O)/gttrf_check_test

.PHONY: sim
