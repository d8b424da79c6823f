# SPDX-License-Identifier: BSD-2-Clause
# Build the forest-pipeline test and benchmark into .gpu/forest/ (ignored; carried to the GPU machine).
# Run from the repository root:  make -f tests/kernels/forest.mk [-j2]
# The device runs bench/forest/run_device.sh (tests, compute-sanitizer, benchmark).
NVCC    ?= /usr/local/cuda/bin/nvcc
ARCH    ?= sm_90
O       := .gpu/forest
# no --use_fast_math, no -ftz: the kernels must round exactly as the host
NVFLAGS := -O3 -std=c++17 -arch=$(ARCH) -lineinfo -Isrc/kernels
# the oracle: plain C, no FMA contraction (x86-64 baseline has none; -ffp-contract=off for safety)
CFLAGS  := -O2 -ffp-contract=off -Isrc/kernels
MATDIR  ?= ../shared/matrices

CU_SRC  := $(addprefix src/kernels/cuda/,diagp.cu graph.cu factor.cu forest.cu coverage.cu permute.cu forest_pipeline.cu forest_srcsr.cu block_forest.cu splitting.cu)
CU_OBJ  := $(patsubst src/kernels/cuda/%.cu,$(O)/obj/%.o,$(CU_SRC))
REF_SRC := $(addprefix src/kernels/reference/,diagp.c graph.c factor.c forest.c permute.c block_forest.c)
REF_OBJ := $(patsubst src/kernels/reference/%.c,$(O)/obj/ref_%.o,$(REF_SRC))
HDRS    := src/kernels/trisplit_kernels.h $(wildcard src/kernels/cuda/forest_*.cuh) src/kernels/cuda/diagp.cuh

all: $(O)/forest_test $(O)/bench_forest $(O)/mtx/.done

$(O)/obj/%.o: src/kernels/cuda/%.cu $(HDRS)
	@mkdir -p $(O)/obj
	$(NVCC) -c $(NVFLAGS) $< -o $@

$(O)/obj/ref_%.o: src/kernels/reference/%.c src/kernels/trisplit_kernels.h
	@mkdir -p $(O)/obj
	gcc -c $(CFLAGS) $< -o $@

$(O)/forest_test: tests/kernels/forest_test.cu tests/kernels/forest_matrices.h $(CU_OBJ) $(REF_OBJ)
	$(NVCC) $(NVFLAGS) $< $(CU_OBJ) $(REF_OBJ) -o $@ -lz

# the benchmark also times the forest's apply (RPTS, src/kernels/cuda/gtsv.cu)
$(O)/obj/gtsv.o: src/kernels/cuda/gtsv.cu src/kernels/cuda/rpts.cuh src/kernels/cuda/rpts_io.cuh $(HDRS)
	@mkdir -p $(O)/obj
	$(NVCC) -c $(NVFLAGS) $< -o $@

$(O)/bench_forest: bench/forest/bench_forest.cu tests/kernels/forest_matrices.h $(CU_OBJ) $(REF_OBJ) $(O)/obj/gtsv.o
	$(NVCC) $(NVFLAGS) $< $(CU_OBJ) $(O)/obj/gtsv.o $(REF_OBJ) -o $@ -lcusparse -lz

# the shared matrices do not travel: a copy goes along in .gpu/forest/mtx
$(O)/mtx/.done:
	@mkdir -p $(O)/mtx
	cp $(MATDIR)/*.mtx.gz $(O)/mtx/
	touch $@

clean:
	rm -rf $(O)/obj $(O)/forest_test $(O)/bench_forest

.PHONY: all clean
