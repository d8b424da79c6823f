# SPDX-License-Identifier: BSD-2-Clause
# trisplit: GPU preconditioners built on fast tridiagonal solves, as a PETSc plugin.
#
#   make                      build the library ($(LIBDIR)/libtrisplit.so*) and the tutorials against $PETSC_DIR
#                             (default: Debian's /usr/lib/petsc); make V=1 prints the full command lines
#   make run                  build, solve ANISO1 with algtri and jacobi; without PETSc it asks before installing
#                             Debian's petsc-dev (only on a terminal), else prints the command and stops
#   make check                set up (installs petsc-dev if missing, as CI does), build, run the whole test suite
#   make check-docs           run every command of README.md and docs/ and compare the answers they state
#   make check-paths          every path the docs and source comments name exists; bench/results is indexed
#   make test                 run the test suite (library already built); make test search='tests-ex1*'
#   make lib | tutorials      only the library | only tutorials/ex1, ex2 and ex3
#   make cuda-kernels         compile src/kernels/cuda/*.cu with nvcc (also without a CUDA PETSc)
#   make kernel-tests | kernel-sim | kernel-device   build the kernel tests (tests/kernels) | run their host
#                             simulations (no GPU) | run them on the GPU
#   make check-gpu-pack       build everything the GPU machine runs and pack it into .gpu/ (docs/testing.md);
#                             there: bash tests/gpu/run.sh
#   make install PREFIX=dir   install the library (versioned, with its symlinks), trisplit.h, trisplit.pc and the
#                             Python module trisplit.py (PYTHONDIR, default: $(PYTHON)'s folder under PREFIX)
#   make uninstall PREFIX=dir remove what 'make install' installed
#   make manpages             docs/manualpages/*.md from the source comments; make check-manpages: none missing or stale
#
# Variables: PETSC_DIR [PETSC_ARCH]; BUILD (objects, default build), LIBDIR (library, default lib), TUTDIR
# (tutorial programs, default tutorials): another PETSc build keeps its own, e.g. BUILD=build/cuda
# LIBDIR=build/cuda/lib TUTDIR=build/cuda/tutorials; CUDA_ARCH (default: PETSc's CUDA architecture, else sm_90);
# PREFIX, DESTDIR, PYTHON, PYTHONDIR (install); V=1.
PETSC_DIR ?= /usr/lib/petsc
export PETSC_DIR
TRISPLIT_DIR := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))

# PETSc's 'rules' below defines targets of its own: the first one would otherwise be the default goal.
.DEFAULT_GOAL := all

# The two files every external PETSc package includes; 'variables' gives the compilers and flags.
ifneq ($(wildcard ${PETSC_DIR}/lib/petsc/conf/variables),)
include ${PETSC_DIR}/lib/petsc/conf/variables
include ${PETSC_DIR}/lib/petsc/conf/rules
endif

# Quiet build lines ("  CC  src/pc/algtri.c") unless V=1, which shows the full command lines.
ifeq ($(V),1)
  ts_quiet =
else
  ts_quiet = @printf '  %-6s %s\n' '$(1)' '$(2)';
endif

BUILD        ?= build
LIBDIR       ?= lib
PREFIX       ?= /usr/local

# The version is the public header's: TRISPLIT_VERSION_MAJOR, _MINOR, _SUBMINOR.
ts_version_field = $(shell sed -n 's/^\#define TRISPLIT_VERSION_$(1)  *\([0-9][0-9]*\).*/\1/p' $(TRISPLIT_DIR)/include/trisplit.h)
TS_VERSION_MAJOR    := $(call ts_version_field,MAJOR)
TS_VERSION_MINOR    := $(call ts_version_field,MINOR)
TS_VERSION_SUBMINOR := $(call ts_version_field,SUBMINOR)
ifeq ($(strip $(TS_VERSION_MAJOR)),)
  $(error no '#define TRISPLIT_VERSION_MAJOR' in include/trisplit.h)
endif
TS_VERSION := $(TS_VERSION_MAJOR).$(TS_VERSION_MINOR).$(TS_VERSION_SUBMINOR)

# libtrisplit.so.MAJOR.MINOR.SUBMINOR (SONAME libtrisplit.so.MAJOR) with the symlinks libtrisplit.so.MAJOR
# (what programs load) and libtrisplit.so (what -ltrisplit and -dll_append find).
TS_LIBBASE  := libtrisplit.so
TS_SONAME   := $(TS_LIBBASE).$(TS_VERSION_MAJOR)
TS_LIBREAL  := $(TS_LIBBASE).$(TS_VERSION)
LIBNAME     := $(LIBDIR)/$(TS_LIBBASE)

PETSCCONF := $(firstword $(wildcard ${PETSC_DIR}/${PETSC_ARCH}/include/petscconf.h ${PETSC_DIR}/include/petscconf.h))
TS_HAVE_CUDA := $(if $(PETSCCONF),$(shell grep -c '^\#define PETSC_HAVE_CUDA 1' $(PETSCCONF)),0)
TS_INDEX_DEF := $(if $(PETSCCONF),$(if $(filter-out 0,$(shell grep -c '^\#define PETSC_USE_64BIT_INDICES 1' $(PETSCCONF))),-DTS_INDEX_64),)

TS_INCLUDES := -I$(TRISPLIT_DIR)/include -I$(TRISPLIT_DIR)/src/kernels
TS_CFLAGS   := -Wall ${PCC_FLAGS} ${CFLAGS} ${PETSC_CCPPFLAGS} $(TS_INCLUDES) $(TS_INDEX_DEF)

NVCC        ?= $(firstword $(wildcard /usr/local/cuda/bin/nvcc) nvcc)
# The CUDA architecture PETSc was configured for, from its petscvariables: nvcc flags in CUDAC_FLAGS
# (-gencode arch=compute_90,code=sm_90, -arch=sm_90, --gpu-architecture=sm_90) or --with-cuda-arch=90 in
# CONFIGURE_OPTIONS. A PETSc without CUDA names none: sm_90 (H100/H200). CUDA_ARCH=sm_80 overrides.
comma := ,
TS_PETSC_CUDA_ARCH := $(firstword \
  $(patsubst code=sm_%,%,$(filter code=sm_%,$(subst $(comma), ,${CUDAC_FLAGS}))) \
  $(patsubst -arch=sm_%,%,$(filter -arch=sm_%,${CUDAC_FLAGS})) \
  $(patsubst --gpu-architecture=sm_%,%,$(filter --gpu-architecture=sm_%,${CUDAC_FLAGS})) \
  $(filter $(foreach d,1 2 3 4 5 6 7 8 9,$(d)%),$(patsubst --with-cuda-arch=%,%,$(filter --with-cuda-arch=%,$(subst ",,${CONFIGURE_OPTIONS})))))
CUDA_ARCH   ?= sm_$(or $(TS_PETSC_CUDA_ARCH),90)
# Kernels know nothing of PETSc: they compile with nvcc alone, PETSc or not.
TS_NVCCFLAGS := -O3 -std=c++17 -arch=$(CUDA_ARCH) -Xcompiler -fPIC -Xcompiler -fvisibility=hidden $(TS_INCLUDES) $(TS_INDEX_DEF)

KERNEL_REF_SRC  := $(sort $(wildcard src/kernels/reference/*.c))
KERNEL_CUDA_SRC := $(sort $(wildcard src/kernels/cuda/*.cu))
# src/pc and src/mat, with one level of subfolders (src/pc/forest/*.c)
PETSC_C_SRC     := $(sort $(wildcard src/pc/*.c src/pc/*/*.c src/mat/*.c src/mat/*/*.c))
PETSC_CU_SRC    := $(sort $(wildcard src/pc/*.cu src/pc/*/*.cu src/mat/*.cu src/mat/*/*.cu))

LIB_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(KERNEL_REF_SRC) $(PETSC_C_SRC))
ifeq ($(TS_HAVE_CUDA),1)
LIB_OBJ += $(patsubst %.cu,$(BUILD)/%.o,$(KERNEL_CUDA_SRC) $(PETSC_CU_SRC))
TS_CFLAGS += -DTS_HAVE_CUDA
endif

TS_HEADERS     := $(wildcard include/*.h include/trisplit/private/*.h src/kernels/*.h)
KERNEL_HEADERS := $(wildcard src/kernels/*.h src/kernels/cuda/*.cuh src/kernels/cuda/*.h)

.PHONY: all lib tutorials cuda-kernels kernel-tests kernel-sim kernel-device check-gpu-pack run check check-docs check-paths ask-petsc test valgrind-check fuzz install uninstall distclean-trisplit ensure-petsc bench version manpages check-manpages
all: lib tutorials

lib: $(LIBNAME)

$(LIBDIR)/$(TS_LIBREAL): $(LIB_OBJ)
	@mkdir -p $(LIBDIR)
	$(call ts_quiet,LD,$@)${CLINKER} -shared -Wl,-soname,$(TS_SONAME) -o $@ $(LIB_OBJ) ${PETSC_LIB}

$(LIBDIR)/$(TS_SONAME): $(LIBDIR)/$(TS_LIBREAL)
	@ln -sf $(TS_LIBREAL) $@

$(LIBNAME): $(LIBDIR)/$(TS_SONAME)
	@ln -sf $(TS_SONAME) $@

version:
	@echo $(TS_VERSION)

# The reference kernels are the oracle of the CUDA ones, which never fuse multiply and add:
# neither may the host compiler, or the weights of the forests could differ in the last bit.
$(BUILD)/src/kernels/reference/%.o: TS_CFLAGS += -ffp-contract=off

$(BUILD)/%.o: %.c $(TS_HEADERS)
	@mkdir -p $(dir $@)
	$(call ts_quiet,CC,$<)${PCC} -c $(TS_CFLAGS) -o $@ $<

$(BUILD)/src/kernels/%.o: src/kernels/%.cu $(KERNEL_HEADERS)
	@mkdir -p $(dir $@)
	$(call ts_quiet,NVCC,$<)$(NVCC) -c $(TS_NVCCFLAGS) -o $@ $<

$(BUILD)/src/pc/%.o: src/pc/%.cu $(TS_HEADERS)
	@mkdir -p $(dir $@)
	$(call ts_quiet,NVCC,$<)$(NVCC) -c ${CUDAC_FLAGS} $(TS_NVCCFLAGS) --compiler-options="${PETSC_CXXCPPFLAGS}" -DTS_HAVE_CUDA -o $@ $<

$(BUILD)/src/mat/%.o: src/mat/%.cu $(TS_HEADERS)
	@mkdir -p $(dir $@)
	$(call ts_quiet,NVCC,$<)$(NVCC) -c ${CUDAC_FLAGS} $(TS_NVCCFLAGS) --compiler-options="${PETSC_CXXCPPFLAGS}" -DTS_HAVE_CUDA -o $@ $<

# the entry points of RPTS instantiate no solver: those are compiled by type and pivoting in gtsv_*_*.cu, so
# that a first solve loads a small module (src/kernels/cuda/rpts.cuh, TS_RPTS_EXTERN)
$(BUILD)/src/kernels/cuda/gtsv.o: TS_NVCCFLAGS += -DTS_RPTS_EXTERN

# CI compiles the CUDA kernels even where PETSc has no CUDA, so they can never rot unseen. They are the
# library's own kernel objects (nvcc alone, no PETSc flags): a CUDA PETSc build in the same BUILD reuses them.
cuda-kernels: $(patsubst %.cu,$(BUILD)/%.o,$(KERNEL_CUDA_SRC))
	@echo "compiled $(words $^) CUDA kernel files with $(NVCC) for $(CUDA_ARCH)"

# ------------------------------------------------------------------------------------------
# Kernel tests (tests/kernels): the CUDA kernels against the reference kernels, linked with the library's own
# kernel objects (the same nvcc, CUDA_ARCH, -I and flags: no fast math), into $(BUILD)/tests/kernels/.
#   make kernel-tests    build them (nvcc only; no GPU needed)
#   make kernel-sim      run the host simulations (no GPU): MOS-a's row and path routines, the 2x2 block and scalar
#                        zero-pivot checks, RPTS's partition routines and analysis, triamg's reference kernels against
#                        their definitions; CI runs it
#   make kernel-device   run the device modes on the GPU (and compute-sanitizer memcheck of the quick ones)
# Both runs end with 'N passed, N failed' (one per program run); the status is non-zero on any failure.
KT          := $(BUILD)/tests/kernels
KT_CUDA      = $(patsubst %,$(BUILD)/src/kernels/cuda/%.o,$(1))
KT_REF       = $(patsubst %,$(BUILD)/src/kernels/reference/%.o,$(1))
# the test programs' own host code is an oracle too: no contraction into FMA, as the reference kernels
KT_NVCCFLAGS := $(TS_NVCCFLAGS) -Xcompiler -ffp-contract=off -I$(TRISPLIT_DIR)/tests/kernels -I$(TRISPLIT_DIR)/tests/gallery
KT_GALLERY   := $(KT)/obj/tridiag_gallery.o $(KT)/obj/block_gallery.o
KT_RPTS      := $(call KT_CUDA,gtsv bgtsv $(patsubst src/kernels/cuda/%.cu,%,$(wildcard src/kernels/cuda/gtsv_*_*.cu)))
KT_HDRS      := $(KERNEL_HEADERS) $(wildcard tests/kernels/*.h)
KT_REF_MOSA  := $(call KT_REF,bgtsv diagp graph factor forest permute gtsv rowsolve splitting)
KERNEL_TESTS := $(addprefix $(KT)/,forest_test mosa_test block_check_test gttrf_check_test definite_test test_rpts mosa_sim host_sim_rpts acc_sim triamg_test triamg_test_smallhash)

$(KT)/obj/%.o: tests/gallery/%.c tests/gallery/%.h
	@mkdir -p $(dir $@)
	$(call ts_quiet,CC,$<)${PCC} -c $(TS_CFLAGS) -o $@ $<

$(KT)/forest_test: tests/kernels/forest_test.cu $(KT_HDRS) $(call KT_CUDA,diagp graph factor forest coverage permute forest_pipeline forest_srcsr block_forest splitting) \
    $(call KT_REF,diagp graph factor forest permute block_forest)
$(KT)/mosa_test: tests/kernels/mosa_test.cu $(KT_HDRS) $(call KT_CUDA,$(patsubst src/kernels/cuda/%.cu,%,$(wildcard src/kernels/cuda/mosa_*.cu)) rowsolve block_check gttrf_check) $(KT_REF_MOSA)
$(KT)/mosa_sim: tests/kernels/mosa_sim.cu $(KT_HDRS) $(KT_REF_MOSA)
# the device check of 2x2 block factors, and the parallel zero-pivot check of scalar chains (without --device:
# the host simulation)
$(KT)/block_check_test: tests/kernels/block_check_test.cu $(KT_HDRS) $(call KT_CUDA,block_check) $(KT_REF_MOSA)
$(KT)/gttrf_check_test: tests/kernels/gttrf_check_test.cu $(KT_HDRS) $(call KT_CUDA,gttrf_check) $(KT_REF_MOSA)
# the cut of symmetric factors where they stop being positive definite (without --device: the host simulation)
$(KT)/definite_test: tests/kernels/definite_test.cu $(KT_HDRS) $(call KT_CUDA,definite) $(call KT_REF,definite)
# triamg's prolongator, Galerkin product and level operators' kernels (without --device: the reference against
# their definitions)
KT_TRIAMG_CUDA := prolongator spmv jacobi_power sumsq csr_dense csr_join csr_split csr_merge csr_gather csr_collapse hash_fill aggregate aggregate_pairs mosa_factor graph
KT_TRIAMG_REF  := $(call KT_REF,prolongator galerkin spmv jacobi_power sumsq csr_dense csr_join csr_split csr_merge csr_gather csr_collapse hash_fill aggregate aggregate_pairs)
$(KT)/triamg_test: tests/kernels/triamg_test.cu $(KT_HDRS) $(call KT_CUDA,galerkin $(KT_TRIAMG_CUDA)) $(KT_TRIAMG_REF)
# the same tests against a Galerkin product whose shared-memory rows hold at most 16 columns, so that most rows take
# the radix sort instead (src/kernels/cuda/galerkin.cu)
$(KT)/obj/galerkin_smallhash.o: src/kernels/cuda/galerkin.cu $(KERNEL_HEADERS)
	@mkdir -p $(dir $@)
	$(call ts_quiet,NVCC,$<)$(NVCC) -c $(TS_NVCCFLAGS) -DTS_GALERKIN_HASH_CAP=16 -o $@ $<
$(KT)/triamg_test_smallhash: tests/kernels/triamg_test.cu $(KT_HDRS) $(KT)/obj/galerkin_smallhash.o $(call KT_CUDA,$(KT_TRIAMG_CUDA)) $(KT_TRIAMG_REF)
$(KT)/test_rpts: KT_DEFS := -DTS_HAVE_GALLERY
$(KT)/test_rpts: tests/kernels/test_rpts.cu $(KT_HDRS) $(KT_RPTS) $(call KT_REF,gtsv bgtsv) $(KT_GALLERY)
# RPTS's partition routines thread by thread on the host (and the accuracy study on it)
$(KT)/host_sim_rpts $(KT)/acc_sim: KT_DEFS := -DTS_HAVE_GALLERY
$(KT)/host_sim_rpts: tests/kernels/host_sim_rpts.cu $(KT_HDRS) $(call KT_REF,gtsv bgtsv) $(KT_GALLERY)
$(KT)/acc_sim: tests/kernels/acc_sim.cu tests/kernels/host_sim_rpts.cu $(KT_HDRS) $(call KT_REF,gtsv bgtsv) $(KT_GALLERY)

$(KERNEL_TESTS):
	@mkdir -p $(dir $@)
	$(call ts_quiet,NVCC,$@)$(NVCC) $(KT_NVCCFLAGS) $(KT_DEFS) -o $@ $< $(filter %.o,$^) -lz -llapack -lblas -lm

kernel-tests: $(KERNEL_TESTS)

# kt_run LABEL CMD...: one program run of kernel-sim / kernel-device, counted in the closing line
KT_RUN := bash $(TRISPLIT_DIR)/tests/kernels/run.sh
kernel-sim: $(KT)/mosa_sim $(KT)/block_check_test $(KT)/gttrf_check_test $(KT)/definite_test $(KT)/host_sim_rpts $(KT)/acc_sim $(KT)/triamg_test
	@$(KT_RUN) -d $(KT) sim

kernel-device: $(KERNEL_TESTS)
	@$(KT_RUN) -d $(KT) device

# The GPU suite (docs/testing.md): build and pack here, run on the GPU machine with bash tests/gpu/run.sh
check-gpu-pack:
	@bash $(TRISPLIT_DIR)/tests/gpu/run.sh pack

# ------------------------------------------------------------------------------------------
# Tutorials
# TUTDIR: where the tutorial programs go (another PETSc build keeps its own, e.g. TUTDIR=build/cuda/tutorials)
TUTDIR    ?= tutorials
TUTORIALS := $(TUTDIR)/ex1 $(TUTDIR)/ex2 $(TUTDIR)/ex3 $(TUTDIR)/ex4
tutorials: $(TUTORIALS)

# tutorials/problems.h: the model problems the tutorials, tests and benchmarks share
$(TUTDIR)/%: tutorials/%.c tutorials/problems.h $(LIBNAME) include/trisplit.h
	@mkdir -p $(TUTDIR)
	$(call ts_quiet,CCLD,$@)${CLINKER} $(TS_CFLAGS) -o $@ $< -Wl,-rpath,$(abspath $(LIBDIR)) -L$(LIBDIR) -ltrisplit ${PETSC_LIB}

# Benchmark drivers that are PETSc programs (bench/<name>/<name>.c), built like the tutorials
$(BUILD)/bench/%: bench/%.c tutorials/problems.h $(LIBNAME) include/trisplit.h
	@mkdir -p $(dir $@)
	$(call ts_quiet,CCLD,$@)${CLINKER} $(TS_CFLAGS) -o $@ $< -Wl,-rpath,$(abspath $(LIBDIR)) -L$(LIBDIR) -ltrisplit ${PETSC_LIB}

# ------------------------------------------------------------------------------------------
# Set up on a fresh Debian machine: PETSc from apt when PETSC_DIR holds none.
ensure-petsc:
	@if [ ! -f ${PETSC_DIR}/lib/petsc/conf/variables ]; then \
	  echo "PETSc not found in ${PETSC_DIR}: installing Debian's petsc-dev"; \
	  SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq petsc-dev libpetsc3.18-dev-examples python3 make >/dev/null; \
	fi

# make run installs nothing unasked: without PETSc it asks (stdin a terminal) before running the one apt-get
# command, else prints that command and stops.
TS_RUN_PKGS := petsc-dev
ask-petsc:
	@if [ ! -f ${PETSC_DIR}/lib/petsc/conf/variables ]; then \
	  SUDO=; [ "$$(id -u)" = 0 ] || SUDO="sudo "; \
	  echo "PETSc not found in ${PETSC_DIR}. Debian's PETSc installs with:"; \
	  echo "    $${SUDO}apt-get install $(TS_RUN_PKGS)"; \
	  echo "(another PETSc: make run PETSC_DIR=/path/to/petsc [PETSC_ARCH=...])"; \
	  if [ -t 0 ]; then \
	    printf 'Run that apt-get command now? [y/N] '; read -r answer; \
	    case "$$answer" in y|Y|yes|Yes) ;; *) echo "Nothing installed."; exit 1;; esac; \
	    $${SUDO}apt-get install -y $(TS_RUN_PKGS) || { $${SUDO}apt-get update && $${SUDO}apt-get install -y $(TS_RUN_PKGS); } || exit 1; \
	  else exit 1; fi; \
	fi

MPIEXEC_RUN ?= $(if ${MPIEXEC},${MPIEXEC},mpiexec)
run: ask-petsc
	@$(MAKE) --no-print-directory lib tutorials
	@echo "== ANISO1 256x256, GMRES(20), rtol 1e-6, right preconditioning: algtri, then jacobi"
	@$(TUTDIR)/ex1 -problem aniso1 -n 256 -ksp_type gmres -ksp_gmres_restart 20 -ksp_rtol 1e-6 -ksp_pc_side right -pc_type algtri -compare jacobi

check: ensure-petsc
	@$(MAKE) --no-print-directory lib tutorials
	@$(MAKE) --no-print-directory test

# Every command of README.md and docs/ against the built tutorials, each compared with the answer the text states
# (tests/docs/check_commands.py), after the checker's own test: a wrong stated answer must fail it; and first
# every path the docs and comments name (check-paths).
check-docs: check-paths
	@$(MAKE) --no-print-directory lib tutorials
	@TUTDIR=$(TUTDIR) python3 tests/docs/check_commands.py --self-test
	@TUTDIR=$(TUTDIR) python3 tests/docs/check_commands.py

# Every repository path named in README.md, docs/*.md and the source comments exists, and bench/results/README.md
# indexes every results folder (tests/docs/check_paths.py), after the checker's own test: planted stale paths
# must fail it.
check-paths:
	@python3 tests/docs/check_paths.py --self-test
	@python3 tests/docs/check_paths.py

# The test suite runs through PETSc's own harness (gmakegentest.py), see gmakefile.test.
test:
	@$(MAKE) --no-print-directory -f gmakefile.test test

# valgrind memcheck of a representative subset, and the Matrix Market reader under libFuzzer
# (docs/reliability.md)
valgrind-check fuzz:
	@$(MAKE) --no-print-directory -f gmakefile.test $@

# ------------------------------------------------------------------------------------------
# make install [PREFIX=/usr/local] [DESTDIR=] [PYTHONDIR=]: the library with its two symlinks, the public header,
# a pkg-config file whose version is the header's (conf/trisplit.pc.in) and the Python module trisplit.py in
# PYTHONDIR (default: where $(PYTHON) looks for modules under PREFIX, PREFIX/lib/python3.X/dist-packages on
# Debian, site-packages elsewhere), with the installed lib folder written into it (INSTALLED_LIBDIR).
# make uninstall removes exactly these.
PYTHON      ?= $(firstword $(wildcard /usr/bin/python3) python3)
# posix_prefix under PREFIX; Debian's Python (scheme posix_local) reads dist-packages there, not site-packages
PYTHONDIR   ?= $(shell $(PYTHON) -c 'import sys, sysconfig; \
  p = sysconfig.get_path("purelib", "posix_prefix", vars={"base": sys.argv[1], "platbase": sys.argv[1]}); \
  d = getattr(sysconfig, "get_default_scheme", lambda: "")() == "posix_local"; \
  print(p.replace("site-packages", "dist-packages") if d else p)' '$(PREFIX)')
TS_INST_LIB := $(DESTDIR)$(PREFIX)/lib
TS_INST_INC := $(DESTDIR)$(PREFIX)/include
TS_INST_PC  := $(DESTDIR)$(PREFIX)/lib/pkgconfig
TS_INST_PY   = $(DESTDIR)$(PYTHONDIR)
install: lib
	$(call ts_quiet,INSTALL,$(DESTDIR)$(PREFIX))install -d $(TS_INST_LIB) $(TS_INST_INC) $(TS_INST_PC)
	@install -m 755 $(LIBDIR)/$(TS_LIBREAL) $(TS_INST_LIB)/
	@ln -sf $(TS_LIBREAL) $(TS_INST_LIB)/$(TS_SONAME)
	@ln -sf $(TS_SONAME) $(TS_INST_LIB)/$(TS_LIBBASE)
	@install -m 644 include/trisplit.h $(TS_INST_INC)/
	@sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@PETSC_DIR@|${PETSC_DIR}|g' -e 's|@VERSION@|$(TS_VERSION)|g' \
	  conf/trisplit.pc.in > $(TS_INST_PC)/trisplit.pc
	@echo "installed trisplit $(TS_VERSION) in $(DESTDIR)$(PREFIX): lib/$(TS_LIBREAL) (+ $(TS_SONAME), $(TS_LIBBASE)), include/trisplit.h, lib/pkgconfig/trisplit.pc"
	@if [ -z '$(PYTHONDIR)' ]; then echo "trisplit.py not installed: $(PYTHON) gave no module folder (give PYTHONDIR=...)"; else \
	  install -d $(TS_INST_PY) && \
	  sed -e "s|^INSTALLED_LIBDIR = None|INSTALLED_LIBDIR = '$(PREFIX)/lib'|" tutorials/python/trisplit.py > $(TS_INST_PY)/trisplit.py && \
	  grep -q "^INSTALLED_LIBDIR = '$(PREFIX)/lib'" $(TS_INST_PY)/trisplit.py && \
	  echo "installed the Python module: $(TS_INST_PY)/trisplit.py"; fi

uninstall:
	$(call ts_quiet,RM,$(DESTDIR)$(PREFIX))rm -f $(TS_INST_LIB)/$(TS_LIBREAL) $(TS_INST_LIB)/$(TS_SONAME) $(TS_INST_LIB)/$(TS_LIBBASE) \
	  $(TS_INST_INC)/trisplit.h $(TS_INST_PC)/trisplit.pc
	@if [ -n '$(PYTHONDIR)' ]; then rm -f $(TS_INST_PY)/trisplit.py $(TS_INST_PY)/__pycache__/trisplit.*.pyc; \
	  rmdir $(TS_INST_PY)/__pycache__ 2>/dev/null || true; fi
	-@rmdir $(TS_INST_PC) 2>/dev/null || true

# Manual pages (docs/manualpages/*.md) from the /*@, /*MC and /*E comments of src/ and include/ (conf/manpages.py);
# check-manpages fails if a page is missing or stale, or a public symbol or registered type has none (CI runs it).
manpages:
	@$(PYTHON) conf/manpages.py

check-manpages:
	@$(PYTHON) conf/manpages.py --check

distclean-trisplit:
	rm -rf $(BUILD) $(LIBDIR)/$(TS_LIBBASE)* $(TUTORIALS) tests/*.o

# PETSc's 'rules' owns 'clean' (single colon in 3.18, double colon later): hook ours in accordingly.
ifneq ($(shell grep -c '^clean::' ${PETSC_DIR}/lib/petsc/conf/rules 2>/dev/null),0)
clean:: distclean-trisplit
else
clean: distclean-trisplit
endif
