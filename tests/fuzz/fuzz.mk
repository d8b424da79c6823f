# -*- mode: makefile-gmake -*-
# SPDX-License-Identifier: BSD-2-Clause
# Fuzzing the Matrix Market reader of tutorials/ex2.c with libFuzzer (clang -fsanitize=fuzzer,address,
# undefined), see tests/fuzz/mmread_fuzz.c. Needs clang (apt-get install clang) and lib/libtrisplit.so.
#
#   make -f tests/fuzz/fuzz.mk fuzz                  build, then fuzz for FUZZ_TIME seconds (default 60)
#   make -f tests/fuzz/fuzz.mk fuzz FUZZ_TIME=30     (also: make -f gmakefile.test fuzz FUZZ_TIME=30)
#   make -f tests/fuzz/fuzz.mk fuzz-build            only build $(BUILD)/fuzz/mmread_fuzz
#   make -f tests/fuzz/fuzz.mk fuzz FUZZ_SEED=1 FUZZ_RUNS=150000
#                                                    a reproducible run (CI's): this seed, this many inputs
#
# The run starts from the seed corpus tests/fuzz/corpus (kept unchanged) and a scratch corpus in
# $(BUILD)/fuzz/corpus; a crash leaves its input in $(BUILD)/fuzz/crash-*, and the target fails.
# Reproduce one: $(BUILD)/fuzz/mmread_fuzz $(BUILD)/fuzz/crash-<hash>
TS_FUZZ_TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
PETSC_DIR ?= /usr/lib/petsc
include $(PETSC_DIR)/lib/petsc/conf/variables

BUILD     ?= build
LIBDIR    ?= lib
FUZZ_TIME ?= 60
# FUZZ_SEED 0 lets libFuzzer pick a seed (a new search every run); a fixed seed and FUZZ_RUNS make the
# run the same on every machine, so CI passes or fails for the code, not for the draw.
FUZZ_SEED ?= 0
FUZZ_RUNS ?= -1
FUZZ_CC   ?= clang
FUZZ_DIR  := $(TS_FUZZ_TOP)/$(BUILD)/fuzz
TS_FUZZ_LIBDIR := $(abspath $(TS_FUZZ_TOP)/$(LIBDIR))
# Open MPI's wrapper knows where mpi.h and libmpi are; PETSc's flags give the rest.
MPI_COMPILE := $(shell mpicc -showme:compile 2>/dev/null)
MPI_LINK    := $(shell mpicc -showme:link 2>/dev/null)

.PHONY: fuzz fuzz-build
fuzz-build: $(FUZZ_DIR)/mmread_fuzz

$(FUZZ_DIR)/mmread_fuzz: $(TS_FUZZ_TOP)/tests/fuzz/mmread_fuzz.c $(TS_FUZZ_TOP)/tutorials/ex2.c $(TS_FUZZ_TOP)/include/trisplit.h
	@command -v $(FUZZ_CC) > /dev/null || { echo "$(FUZZ_CC) not found: apt-get install clang"; exit 1; }
	@test -f $(TS_FUZZ_LIBDIR)/libtrisplit.so || { echo "$(TS_FUZZ_LIBDIR)/libtrisplit.so missing: make lib"; exit 1; }
	@mkdir -p $(FUZZ_DIR)
	$(FUZZ_CC) -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	  $(PETSC_CCPPFLAGS) $(MPI_COMPILE) -I$(TS_FUZZ_TOP)/include -o $@ $< \
	  -Wl,-rpath,$(TS_FUZZ_LIBDIR) -L$(TS_FUZZ_LIBDIR) -ltrisplit $(PETSC_LIB) $(MPI_LINK)

# libFuzzer: -timeout per input (a hang is a failure), -rss_limit_mb for the whole process.
# Open MPI's own leaks at MPI_Init are no business of the reader: leak detection is off (PETSc's
# error paths are checked by the tests instead), address and undefined-behaviour checks stay on.
fuzz: $(FUZZ_DIR)/mmread_fuzz
	@mkdir -p $(FUZZ_DIR)/corpus
	cd $(FUZZ_DIR) && ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ./mmread_fuzz -max_total_time=$(FUZZ_TIME) -seed=$(FUZZ_SEED) -runs=$(FUZZ_RUNS) -timeout=10 -rss_limit_mb=4096 -max_len=4096 -print_final_stats=1 \
	  corpus $(TS_FUZZ_TOP)/tests/fuzz/corpus
