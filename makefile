# trisplit: GPU preconditioners built on fast tridiagonal solves, as a PETSc plugin.
#
#   make                      build lib/libtrisplit.so against $PETSC_DIR (default: Debian's /usr/lib/petsc)
#   make run                  set up (installs petsc-dev if missing), build, solve ANISO1 with algtri and jacobi
#   make check                set up, build, run the whole test suite through PETSc's test harness
#   make test                 run the test suite (library already built); make test search='tests-ex1*'
#   make tutorials            build tutorials/ex1 and ex2
#   make cuda-kernels         compile src/kernels/cuda/*.cu with nvcc (also without a CUDA PETSc)
#   make install PREFIX=dir   install the library, headers and trisplit.pc
#
PETSC_DIR ?= /usr/lib/petsc
export PETSC_DIR
TRISPLIT_DIR := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))

# The two files every external PETSc package includes; 'variables' gives the compilers and flags.
ifneq ($(wildcard ${PETSC_DIR}/lib/petsc/conf/variables),)
include ${PETSC_DIR}/lib/petsc/conf/variables
include ${PETSC_DIR}/lib/petsc/conf/rules
endif

BUILD        ?= build
LIBDIR       ?= lib
LIBNAME      := $(LIBDIR)/libtrisplit.so
PREFIX       ?= /usr/local

PETSCCONF := $(firstword $(wildcard ${PETSC_DIR}/${PETSC_ARCH}/include/petscconf.h ${PETSC_DIR}/include/petscconf.h))
TS_HAVE_CUDA := $(if $(PETSCCONF),$(shell grep -c '^\#define PETSC_HAVE_CUDA 1' $(PETSCCONF)),0)
TS_INDEX_DEF := $(if $(PETSCCONF),$(if $(filter-out 0,$(shell grep -c '^\#define PETSC_USE_64BIT_INDICES 1' $(PETSCCONF))),-DTS_INDEX_64),)

TS_INCLUDES := -I$(TRISPLIT_DIR)/include -I$(TRISPLIT_DIR)/src/kernels
TS_CFLAGS   := -Wall ${PCC_FLAGS} ${CFLAGS} ${PETSC_CCPPFLAGS} $(TS_INCLUDES) $(TS_INDEX_DEF)

NVCC        ?= $(firstword $(wildcard /usr/local/cuda/bin/nvcc) nvcc)
CUDA_ARCH   ?= sm_90
# Kernels know nothing of PETSc: they compile with nvcc alone, PETSc or not.
TS_NVCCFLAGS := -O3 -std=c++17 -arch=$(CUDA_ARCH) -Xcompiler -fPIC -Xcompiler -fvisibility=hidden $(TS_INCLUDES) $(TS_INDEX_DEF)

KERNEL_REF_SRC  := $(sort $(wildcard src/kernels/reference/*.c))
KERNEL_CUDA_SRC := $(sort $(wildcard src/kernels/cuda/*.cu))
PETSC_C_SRC     := $(sort $(wildcard src/pc/*.c src/mat/*.c))
PETSC_CU_SRC    := $(sort $(wildcard src/pc/*.cu src/mat/*.cu))

LIB_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(KERNEL_REF_SRC) $(PETSC_C_SRC))
ifeq ($(TS_HAVE_CUDA),1)
LIB_OBJ += $(patsubst %.cu,$(BUILD)/%.o,$(KERNEL_CUDA_SRC) $(PETSC_CU_SRC))
TS_CFLAGS += -DTS_HAVE_CUDA
endif

TS_HEADERS     := $(wildcard include/*.h include/trisplit/private/*.h src/kernels/*.h)
KERNEL_HEADERS := $(wildcard src/kernels/*.h src/kernels/cuda/*.cuh src/kernels/cuda/*.h)

.PHONY: all lib tutorials cuda-kernels run check test valgrind-check fuzz install distclean-trisplit ensure-petsc bench
all: lib tutorials

lib: $(LIBNAME)

$(LIBNAME): $(LIB_OBJ)
	@mkdir -p $(LIBDIR)
	${CLINKER} -shared -o $@ $(LIB_OBJ) ${PETSC_LIB}

# The reference kernels are the oracle of the CUDA ones, which never fuse multiply and add:
# neither may the host compiler, or the weights of the forests could differ in the last bit.
$(BUILD)/src/kernels/reference/%.o: TS_CFLAGS += -ffp-contract=off

$(BUILD)/%.o: %.c $(TS_HEADERS)
	@mkdir -p $(dir $@)
	${PCC} -c $(TS_CFLAGS) -o $@ $<

$(BUILD)/src/kernels/%.o: src/kernels/%.cu $(KERNEL_HEADERS)
	@mkdir -p $(dir $@)
	$(NVCC) -c $(TS_NVCCFLAGS) -o $@ $<

$(BUILD)/src/pc/%.o: src/pc/%.cu $(TS_HEADERS)
	@mkdir -p $(dir $@)
	$(NVCC) -c ${CUDAC_FLAGS} $(TS_NVCCFLAGS) --compiler-options="${PETSC_CXXCPPFLAGS}" -DTS_HAVE_CUDA -o $@ $<

$(BUILD)/src/mat/%.o: src/mat/%.cu $(TS_HEADERS)
	@mkdir -p $(dir $@)
	$(NVCC) -c ${CUDAC_FLAGS} $(TS_NVCCFLAGS) --compiler-options="${PETSC_CXXCPPFLAGS}" -DTS_HAVE_CUDA -o $@ $<

# CI compiles the CUDA kernels even where PETSc has no CUDA, so they can never rot unseen.
cuda-kernels: $(patsubst %.cu,$(BUILD)/cuda-check/%.o,$(KERNEL_CUDA_SRC))
	@echo "compiled $(words $^) CUDA kernel files with $(NVCC) for $(CUDA_ARCH)"

$(BUILD)/cuda-check/%.o: %.cu $(KERNEL_HEADERS)
	@mkdir -p $(dir $@)
	$(NVCC) -c $(TS_NVCCFLAGS) -o $@ $<

# ------------------------------------------------------------------------------------------
# Tutorials
# TUTDIR: where the tutorial programs go (another PETSc build keeps its own, e.g. TUTDIR=build-cuda/tutorials)
TUTDIR    ?= tutorials
TUTORIALS := $(TUTDIR)/ex1 $(TUTDIR)/ex2
tutorials: $(TUTORIALS)

$(TUTDIR)/%: tutorials/%.c $(LIBNAME) include/trisplit.h
	@mkdir -p $(TUTDIR)
	${CLINKER} $(TS_CFLAGS) -o $@ $< -Wl,-rpath,$(abspath $(LIBDIR)) -L$(LIBDIR) -ltrisplit ${PETSC_LIB}

# Benchmark drivers that are PETSc programs (bench/<name>/<name>.c), built like the tutorials
$(BUILD)/bench/%: bench/%.c $(LIBNAME) include/trisplit.h
	@mkdir -p $(dir $@)
	${CLINKER} $(TS_CFLAGS) -o $@ $< -Wl,-rpath,$(abspath $(LIBDIR)) -L$(LIBDIR) -ltrisplit ${PETSC_LIB}

# ------------------------------------------------------------------------------------------
# Set up on a fresh Debian machine: PETSc from apt when PETSC_DIR holds none.
ensure-petsc:
	@if [ ! -f ${PETSC_DIR}/lib/petsc/conf/variables ]; then \
	  echo "PETSc not found in ${PETSC_DIR}: installing Debian's petsc-dev"; \
	  SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq petsc-dev libpetsc3.18-dev-examples python3 make >/dev/null; \
	fi

MPIEXEC_RUN ?= $(if ${MPIEXEC},${MPIEXEC},mpiexec)
run: ensure-petsc
	@$(MAKE) --no-print-directory lib tutorials
	@echo "== ANISO1 256x256, GMRES(20), rtol 1e-6, right preconditioning: algtri"
	@./tutorials/ex1 -problem aniso1 -n 256 -ksp_type gmres -ksp_gmres_restart 20 -ksp_rtol 1e-6 -ksp_pc_side right -pc_type algtri
	@echo "== the same with jacobi"
	@./tutorials/ex1 -problem aniso1 -n 256 -ksp_type gmres -ksp_gmres_restart 20 -ksp_rtol 1e-6 -ksp_pc_side right -pc_type jacobi

check: ensure-petsc
	@$(MAKE) --no-print-directory lib tutorials
	@$(MAKE) --no-print-directory test

# The test suite runs through PETSc's own harness (gmakegentest.py), see gmakefile.test.
test:
	@$(MAKE) --no-print-directory -f gmakefile.test test

# valgrind memcheck of a representative subset, and the Matrix Market reader under libFuzzer
# (docs/reliability.md)
valgrind-check fuzz:
	@$(MAKE) --no-print-directory -f gmakefile.test $@

# ------------------------------------------------------------------------------------------
install: lib
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 755 $(LIBNAME) $(DESTDIR)$(PREFIX)/lib/
	install -m 644 include/trisplit.h $(DESTDIR)$(PREFIX)/include/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@PETSC_DIR@|${PETSC_DIR}|g' conf/trisplit.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/trisplit.pc

distclean-trisplit:
	rm -rf $(BUILD) $(LIBDIR) $(TUTORIALS) tests/*.o

# PETSc's 'rules' owns 'clean' (single colon in 3.18, double colon later): hook ours in accordingly.
ifneq ($(shell grep -c '^clean::' ${PETSC_DIR}/lib/petsc/conf/rules 2>/dev/null),0)
clean:: distclean-trisplit
else
clean: distclean-trisplit
endif
