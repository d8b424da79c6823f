# SPDX-License-Identifier: BSD-2-Clause
"""trisplit for petsc4py: load the trisplit preconditioners into PETSc from Python.

    import trisplit
    PETSc = trisplit.init()            # petsc4py.init(sys.argv + ['-dll_append', <libtrisplit.so>])
    ksp = PETSc.KSP().create()
    ksp.getPC().setType(trisplit.PC_ALGTRI)

init() must run before anything imports petsc4py.PETSc: PETSc reads -dll_append in PetscInitialize().
If PETSc is already initialized, init() loads the library with ctypes and calls
TriSplitInitializePackage() instead, which registers the same types.

The library is found, in this order: the lib argument; the environment variable TRISPLIT_LIB; lib/ of
the source tree this file sits in (tutorials/python/../../lib); `pkg-config --variable=libdir trisplit`
(after `make install PREFIX=...`, with PREFIX/lib/pkgconfig on PKG_CONFIG_PATH).

petsc4py and trisplit must use the same PETSc (the same libpetsc): Debian's python3-petsc4py goes with
a trisplit built against /usr/lib/petsc; for another PETSc build petsc4py from that PETSc.
"""

import ctypes
import os
import shutil
import subprocess
import sys

__all__ = ['PC_ALGTRI', 'PC_MOSD', 'PC_MOSA', 'PC_ALTSPLIT', 'MAT_TRIDIAG', 'MAT_SOLVER_RPTS',
           'find_library', 'init', 'forest']

# PC types (PCSetType / -pc_type), the matrix type and the solver type of include/trisplit.h
PC_ALGTRI = 'algtri'
PC_MOSD = 'mosd'
PC_MOSA = 'mosa'
PC_ALTSPLIT = 'altsplit'
MAT_TRIDIAG = 'tridiag'
MAT_SOLVER_RPTS = 'rpts'

LIBNAME = 'libtrisplit.so'

_lib = None  # the ctypes handle, once loaded


def _pkg_config_libdir():
    if shutil.which('pkg-config') is None:
        return None
    try:
        out = subprocess.run(['pkg-config', '--variable=libdir', 'trisplit'], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout.strip() or None


def find_library(lib=None):
    """Return the absolute path of libtrisplit.so (see the module's doc for the search order).

    lib may name the file or the folder holding it. Raises FileNotFoundError with every place tried."""
    tried = []
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [('argument', lib), ('TRISPLIT_LIB', os.environ.get('TRISPLIT_LIB')),
                  ('source tree', os.path.join(here, os.pardir, os.pardir, 'lib')), ('pkg-config', None)]
    for source, path in candidates:
        if source == 'pkg-config':
            path = _pkg_config_libdir()
        if not path:
            continue
        if os.path.isdir(path):
            path = os.path.join(path, LIBNAME)
        path = os.path.abspath(path)
        if os.path.isfile(path):
            return path
        tried.append('%s: %s' % (source, path))
        if source in ('argument', 'TRISPLIT_LIB'):
            break  # an explicit choice that does not exist is an error, not a hint to look elsewhere
    raise FileNotFoundError('%s not found (tried %s); build it with make, or set TRISPLIT_LIB'
                            % (LIBNAME, '; '.join(tried) or 'nothing: no pkg-config'))


def init(lib=None, args=None, comm=None):
    """Initialize PETSc through petsc4py with trisplit loaded; return the petsc4py.PETSc module.

    lib:  libtrisplit.so or its folder (default: find_library()).
    args: the command line given to PETSc (default: sys.argv), '-dll_append <lib>' is added to it.
    comm: passed on to petsc4py.init()."""
    global _lib
    path = find_library(lib)
    if 'petsc4py.PETSc' in sys.modules and sys.modules['petsc4py.PETSc'].Sys.isInitialized():
        # too late for -dll_append: load the library into the running PETSc and register its types
        if _lib is None:
            _check_scalar(sys.modules['petsc4py.PETSc'])
            _lib = ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
            err = _lib.TriSplitInitializePackage()
            if err:
                raise RuntimeError('TriSplitInitializePackage() failed with PETSc error %d' % err)
        return sys.modules['petsc4py.PETSc']
    import petsc4py
    argv = list(sys.argv if args is None else args)
    if not argv or argv[0].startswith('-'):
        argv.insert(0, sys.argv[0] if sys.argv and sys.argv[0] else 'python')
    petsc4py.init(argv + ['-dll_append', path], comm=comm)
    from petsc4py import PETSc
    _check_scalar(PETSc)
    _lib = ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)  # the copy PETSc opened: dlopen returns the same handle
    return PETSc


def _check_scalar(PETSc):
    import numpy
    if numpy.dtype(PETSc.ScalarType) != numpy.float64:
        raise RuntimeError('trisplit needs a real double-precision PETSc; this petsc4py has scalars of type %s'
                           % numpy.dtype(PETSc.ScalarType))


def forest(pc):
    """Statistics of the linear forest of a set-up PC of type algtri on this rank (PCAlgTriGetForest()):
    a dict with npaths, longest, coverage (c_pi of the forest) and coverage_id (c_id of the tridiagonal
    part in the original order)."""
    if _lib is None:
        raise RuntimeError('call trisplit.init() first')
    from petsc4py import PETSc
    import numpy
    cint = {4: ctypes.c_int32, 8: ctypes.c_int64}[numpy.dtype(PETSc.IntType).itemsize]
    npaths, longest = cint(), cint()
    cov, cov_id = ctypes.c_double(), ctypes.c_double()
    fn = _lib.PCAlgTriGetForest
    fn.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    err = fn(pc.handle, ctypes.byref(npaths), ctypes.byref(longest), ctypes.byref(cov), ctypes.byref(cov_id))
    if err:
        raise RuntimeError('PCAlgTriGetForest() failed with PETSc error %d (is the PC of type algtri and set up?)' % err)
    return {'npaths': npaths.value, 'longest': longest.value, 'coverage': cov.value, 'coverage_id': cov_id.value}
