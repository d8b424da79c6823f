# SPDX-License-Identifier: BSD-2-Clause
# bench/gpu/petsc_env.sh: the CUDA + Open MPI PETSc for the GPU suite (tests/gpu/run.sh), the benchmarks (bench/*/)
# and CI (.ci/run). Sourced, from the top of the repository, never run:
#
#   . bench/gpu/petsc_env.sh -- [LIBDIR...]
#
# (the -- keeps a script's own arguments out: 'source' without arguments passes the caller's.)
# 1. sets PETSC_CUDA_TARBALL (petsc-cuda-mpi-3.25.4-sm90.tar.xz: PETSc 3.25.4, CUDA sm_90, Open MPI 4.1, see
#    ../shared/gpu/README.md), PETSC_CUDA_DIR (/opt/petsc-cuda-mpi, where it unpacks) and PETSC_CUDA_MAKE (the
#    make variables of the build/cuda layout: make $PETSC_CUDA_MAKE lib tutorials);
# 2. unpacks the tarball into /opt unless $PETSC_CUDA_DIR exists, from the first that exists of
#    $PETSC_CUDA_TARBALL_PATH, .gpu/$PETSC_CUDA_TARBALL (on the GPU machine: carry it there) and
#    $SHARED/gpu/$PETSC_CUDA_TARBALL (here; SHARED defaults to ../shared); returns 1 if none does;
# 3. exports LD_LIBRARY_PATH=LIBDIR...:$PETSC_CUDA_DIR/lib:/usr/local/cuda/lib64 (the LIBDIRs made absolute; the
#    bundle's LAPACK/BLAS/gfortran copies are not on libpetsc.so's run path), and PETSC_OPTIONS with
#    -use_gpu_aware_mpi 0 (neither Debian's Open MPI nor the GPU machine's is CUDA-aware: without it PETSc aborts
#    at the first GPU use with 2 or more ranks), and what Open MPI needs as root on a few cores:
#    OMPI_ALLOW_RUN_AS_ROOT(_CONFIRM), OMPI_MCA_rmaps_base_oversubscribe.
# The libtrisplit.so of a build is a symlink chain (libtrisplit.so -> .so.0 -> .so.0.2.0, SONAME libtrisplit.so.0):
# copy it with ts_copy_lib BUILD_LIBDIR DEST, which keeps the links. ts_pack packs a benchmark's files and
# ts_unpack unpacks them on the device; ts_build_ex19 builds PETSc's SNES ex19 against the bundle.
PETSC_CUDA_TARBALL=petsc-cuda-mpi-3.25.4-sm90.tar.xz
PETSC_CUDA_DIR=/opt/petsc-cuda-mpi
PETSC_CUDA_MAKE="PETSC_DIR=$PETSC_CUDA_DIR BUILD=build/cuda LIBDIR=build/cuda/lib TUTDIR=build/cuda/tutorials"

if [ ! -f "$PETSC_CUDA_DIR/lib/petsc/conf/variables" ]; then
  ts_tarball=""
  for ts_t in "${PETSC_CUDA_TARBALL_PATH:-}" ".gpu/$PETSC_CUDA_TARBALL" "${SHARED:-../shared}/gpu/$PETSC_CUDA_TARBALL"; do
    if [ -n "$ts_t" ] && [ -f "$ts_t" ]; then ts_tarball=$ts_t; break; fi
  done
  if [ -z "$ts_tarball" ]; then
    echo "petsc_env.sh: no $PETSC_CUDA_DIR and no $PETSC_CUDA_TARBALL (in .gpu/, ${SHARED:-../shared}/gpu/ or PETSC_CUDA_TARBALL_PATH)" >&2
    return 1
  fi
  tar xJf "$ts_tarball" -C /opt || return 1
  unset ts_t ts_tarball
fi

ts_ld=""
for ts_d in "$@"; do
  case $ts_d in --) continue ;; /*) ;; *) ts_d=$PWD/$ts_d ;; esac
  ts_ld=$ts_ld$ts_d:
done
export LD_LIBRARY_PATH=$ts_ld$PETSC_CUDA_DIR/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
unset ts_d ts_ld
case " ${PETSC_OPTIONS:-} " in
  *" -use_gpu_aware_mpi "*) ;;
  *) export PETSC_OPTIONS="-use_gpu_aware_mpi 0${PETSC_OPTIONS:+ $PETSC_OPTIONS}" ;;
esac
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

# ts_copy_lib LIBDIR DEST: the library of a build (its file and both symlinks) into DEST
ts_copy_lib() { mkdir -p "$2" && cp -P "$1"/libtrisplit.so* "$2"/; }

# ts_build_ex19 DIR: PETSc's SNES ex19 (driven cavity, 4 fields) from the bundle's examples into DIR/ex19, built with
# the bundle's own makefile rules
ts_build_ex19() {
  mkdir -p "$1" && cp "$PETSC_CUDA_DIR/share/petsc/examples/src/snes/tutorials/ex19.c" "$1"/ &&
    make -s -C "$1" -f "$PETSC_CUDA_DIR/share/petsc/Makefile.basic.user" PETSC_DIR="$PETSC_CUDA_DIR" ex19
}

# ts_pack NAME BUILD FILE...: .gpu/NAME.tar.xz holding NAME/lib (the library of BUILD), the FILEs and NAME/commit.txt
# (the commit they were built from); what a benchmark's pack step carries to the device in one file
ts_pack() {
  local name=$1 build=$2
  shift 2
  rm -rf ".gpu/$name" && mkdir -p ".gpu/$name" && ts_copy_lib "$build/lib" ".gpu/$name/lib" && cp "$@" ".gpu/$name/" &&
    git rev-parse --short HEAD > ".gpu/$name/commit.txt" && tar cJf ".gpu/$name.tar.xz" -C .gpu "$name" && rm -rf ".gpu/$name" &&
    du -sh ".gpu/$name.tar.xz"
}

# ts_unpack NAME: the other end of ts_pack, on the device: .gpu/NAME.tar.xz unpacked, .gpu/NAME/lib first on
# LD_LIBRARY_PATH, the commit printed
ts_unpack() {
  tar xJf ".gpu/$1.tar.xz" -C .gpu || return 1
  export LD_LIBRARY_PATH=$PWD/.gpu/$1/lib:$LD_LIBRARY_PATH
  echo "commit $(cat ".gpu/$1/commit.txt")"
}
