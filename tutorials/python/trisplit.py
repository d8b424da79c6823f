# SPDX-License-Identifier: BSD-2-Clause
"""trisplit for petsc4py: the trisplit preconditioners in PETSc from Python, with a setter, a getter and
enum constants for every option of every trisplit PC.

    import trisplit
    PETSc = trisplit.init()            # petsc4py.init(sys.argv + ['-dll_append', <libtrisplit.so>])
    ksp = PETSc.KSP().create()
    pc = ksp.getPC()
    pc.setType(trisplit.PC_MOSD)
    trisplit.pctrisplit_set_m(pc, 2)
    trisplit.pctrisplit_set_pivoting(pc, trisplit.PCTRISPLIT_PIVOTING_PARTIAL)
    trisplit.pctrisplit_get_pivoting(pc)  # -> Pivoting.PARTIAL (an int: == trisplit.PCTRISPLIT_PIVOTING_PARTIAL)

init() must run before anything imports petsc4py.PETSc: PETSc reads -dll_append in PetscInitialize().
If PETSc is already initialized, init() loads the library with ctypes and calls
TriSplitInitializePackage() instead, which registers the same types.

Setters and getters (set the PC's type first: the options belong to the type). Each is named after the
C function it calls, lower case with underscores: pctrisplit_set_pivoting(pc, v) calls PCTriSplitSetPivoting()
on pc.handle, pctrisplit_get_pivoting(pc) PCTriSplitGetPivoting(). OPTIONS lists them all, with the option
of the options database each one corresponds to (-pc_<type>_<option>) and the PC types that have it;
options(pc_type) gives the names one type has, set_option(pc, name, value) / get_option(pc, name)
reach any of them by name. A setter given a PC whose type lacks the option raises ValueError (the C
setters ignore it, as PETSc's do). Enum values are IntEnum members: Pivoting, Weight, Precision,
AltSplitType, ShiftType, with the C names as module constants (PCTRISPLIT_PIVOTING_NONE, ...,
PC_ALTSPLIT_INNER, MAT_SHIFT_NONZERO); a setter takes a member, its int or its name ('partial').

Every option has a C setter and a C getter. The names of trisplit 0.2 still work for one release: the
shared options' pcalgtri_set_<name>/pcalgtri_get_<name> (now pctrisplit_...), pcalgtri_get_forest,
pcalgtri_get_repair, pcmosd_set_m, pcmosa_set_m, pcaltsplit_set_m (now pctrisplit_set_m) and the
constants PCALGTRI_PIVOTING_NONE, ... (now PCTRISPLIT_PIVOTING_NONE, ...).

The library is found, in this order: the lib argument of init(); the environment variable
TRISPLIT_LIB (the file or its folder); the folder 'make install' wrote into this file (INSTALLED_LIBDIR);
lib/ of the source tree this file sits in (tutorials/python/../../lib); `pkg-config --variable=libdir
trisplit` (with PREFIX/lib/pkgconfig on PKG_CONFIG_PATH).

petsc4py and trisplit must use the same PETSc (the same libpetsc): Debian's python3-petsc4py goes with
a trisplit built against /usr/lib/petsc; for another PETSc build petsc4py from that PETSc.
"""

import ctypes
import enum
import os
import shutil
import subprocess
import sys

try:
    import petsc4py  # noqa: F401  (only the package: PETSc itself is initialized by init())
except ImportError as _e:
    raise ImportError(
        "trisplit needs petsc4py, PETSc's Python bindings, for the PETSc trisplit was built with, and this "
        "Python (%s) cannot import it (%s). On Debian with /usr/lib/petsc: apt-get install python3-petsc4py "
        "(it serves /usr/bin/python3). For another PETSc: pip install petsc4py==<that PETSc's version> with "
        "PETSC_DIR and PETSC_ARCH set to it." % (sys.executable, _e)) from None

__all__ = ['PC_ALGTRI', 'PC_MOSD', 'PC_MOSA', 'PC_ALTSPLIT', 'PC_TRIAMG', 'PC_TYPES', 'MAT_TRIDIAG', 'MAT_SOLVER_RPTS',
           'Pivoting', 'Weight', 'Precision', 'AltSplitType', 'ShiftType', 'OPTIONS', 'Option',
           'find_library', 'init', 'version', 'forest', 'options', 'set_option', 'get_option']

# PC types (PCSetType / -pc_type), the matrix type and the solver type of include/trisplit.h
PC_ALGTRI = 'algtri'
PC_MOSD = 'mosd'
PC_MOSA = 'mosa'
PC_ALTSPLIT = 'altsplit'
PC_TRIAMG = 'triamg'
PC_TYPES = (PC_ALGTRI, PC_MOSD, PC_MOSA, PC_ALTSPLIT, PC_TRIAMG)
MAT_TRIDIAG = 'tridiag'
MAT_SOLVER_RPTS = 'rpts'

LIBNAME = 'libtrisplit.so'
# 'make install' replaces None by the folder it installed libtrisplit.so into
INSTALLED_LIBDIR = None

_lib = None  # the ctypes handle, once loaded


# ---------------------------------------------------------------------------------------------------
# Enums: the C enums of include/trisplit.h (and PETSc's MatFactorShiftType), values as in C


class Pivoting(enum.IntEnum):
    """PCTriSplitPivoting: pivot rule of the tridiagonal solves (-pc_<type>_pivoting)."""
    NONE = 0
    PARTIAL = 1
    SCALED = 2


class Weight(enum.IntEnum):
    """PCTriSplitWeight: edge weights of the graph the forests are extracted from (-pc_<type>_weight)."""
    SCALED = 0
    ABS = 1


class Precision(enum.IntEnum):
    """PCTriSplitPrecision: precision of the tridiagonal factors (-pc_<type>_precision)."""
    DOUBLE = 0
    SINGLE = 1


class AltSplitType(enum.IntEnum):
    """PCAltSplitType: ALT-i (inner) or ALT-o (outer) (-pc_altsplit_type)."""
    INNER = 0
    OUTER = 1


class ShiftType(enum.IntEnum):
    """PETSc's MatFactorShiftType; trisplit's PCs take NONE or NONZERO (-pc_<type>_shift_type)."""
    NONE = 0
    NONZERO = 1
    POSITIVE_DEFINITE = 2
    INBLOCKS = 3


PCTRISPLIT_PIVOTING_NONE = Pivoting.NONE
PCTRISPLIT_PIVOTING_PARTIAL = Pivoting.PARTIAL
PCTRISPLIT_PIVOTING_SCALED = Pivoting.SCALED
PCTRISPLIT_WEIGHT_SCALED = Weight.SCALED
PCTRISPLIT_WEIGHT_ABS = Weight.ABS
PCTRISPLIT_PRECISION_DOUBLE = Precision.DOUBLE
PCTRISPLIT_PRECISION_SINGLE = Precision.SINGLE
PC_ALTSPLIT_INNER = AltSplitType.INNER
PC_ALTSPLIT_OUTER = AltSplitType.OUTER
MAT_SHIFT_NONE = ShiftType.NONE
MAT_SHIFT_NONZERO = ShiftType.NONZERO
__all__ += ['PCTRISPLIT_PIVOTING_NONE', 'PCTRISPLIT_PIVOTING_PARTIAL', 'PCTRISPLIT_PIVOTING_SCALED',
            'PCTRISPLIT_WEIGHT_SCALED', 'PCTRISPLIT_WEIGHT_ABS', 'PCTRISPLIT_PRECISION_DOUBLE',
            'PCTRISPLIT_PRECISION_SINGLE', 'PC_ALTSPLIT_INNER', 'PC_ALTSPLIT_OUTER', 'MAT_SHIFT_NONE',
            'MAT_SHIFT_NONZERO']
# the constants of trisplit 0.2 (PCAlgTriPivoting, ...), kept for one release
PCALGTRI_PIVOTING_NONE, PCALGTRI_PIVOTING_PARTIAL, PCALGTRI_PIVOTING_SCALED = Pivoting.NONE, Pivoting.PARTIAL, Pivoting.SCALED
PCALGTRI_WEIGHT_SCALED, PCALGTRI_WEIGHT_ABS = Weight.SCALED, Weight.ABS
PCALGTRI_PRECISION_DOUBLE, PCALGTRI_PRECISION_SINGLE = Precision.DOUBLE, Precision.SINGLE
__all__ += ['PCALGTRI_PIVOTING_NONE', 'PCALGTRI_PIVOTING_PARTIAL', 'PCALGTRI_PIVOTING_SCALED', 'PCALGTRI_WEIGHT_SCALED',
            'PCALGTRI_WEIGHT_ABS', 'PCALGTRI_PRECISION_DOUBLE', 'PCALGTRI_PRECISION_SINGLE']


# ---------------------------------------------------------------------------------------------------
# Loading


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
                  ('installed', INSTALLED_LIBDIR),
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
    if 'petsc4py.PETSc' in sys.modules and sys.modules['petsc4py.PETSc'].Sys.isInitialized():
        # too late for -dll_append: load the library into the running PETSc and register its types
        if _lib is None:
            path = find_library(lib)
            _check_scalar(sys.modules['petsc4py.PETSc'])
            _lib = ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
            err = _lib.TriSplitInitializePackage()
            if err:
                raise RuntimeError('TriSplitInitializePackage() failed with PETSc error %d' % err)
        return sys.modules['petsc4py.PETSc']
    path = find_library(lib)
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


def _library():
    """The ctypes handle; loads the library into a PETSc initialized without init() (e.g. by
    petsc4py.init(['-dll_append', ...]) or a plain 'from petsc4py import PETSc')."""
    if _lib is None:
        if 'petsc4py.PETSc' not in sys.modules:
            raise RuntimeError('call trisplit.init() first')
        init()
    return _lib


def _petsc():
    from petsc4py import PETSc
    return PETSc


def _cint():
    import numpy
    return {4: ctypes.c_int32, 8: ctypes.c_int64}[numpy.dtype(_petsc().IntType).itemsize]


def _call(name, *args):
    """Call the C function name(args...) of libtrisplit; a PETSc error raises petsc4py's PETSc.Error."""
    fn = getattr(_library(), name)
    fn.restype = ctypes.c_int
    err = fn(*args)
    if err:
        raise _petsc().Error(err)


def version():
    """The version of the loaded libtrisplit (TriSplitGetVersion()), e.g. 'trisplit 0.2.0'."""
    buf = ctypes.create_string_buffer(128)
    _call('TriSplitGetVersion', buf, ctypes.c_size_t(len(buf)))
    return buf.value.decode()


def _require(pc, types, name, cname):
    """ValueError unless pc has one of the PC types that have the property name (the C function cname would
    raise a bare PETSc.Error naming its composed method)."""
    t = pc.getType()
    if t not in types:
        raise ValueError('%s(pc): the PC has type %r; %s() is for PCs of type %s' % (name, t, cname, ', '.join(types)))


def forest(pc):
    """Statistics of the linear forest of a set-up trisplit PC on this rank (PCTriSplitGetForest()):
    a dict with npaths, longest, coverage (c_pi of the forest) and coverage_id (c_id of the tridiagonal
    part in the original order)."""
    _require(pc, _ALL, 'forest', 'PCTriSplitGetForest')
    cint = _cint()
    npaths, longest = cint(), cint()
    cov, cov_id = ctypes.c_double(), ctypes.c_double()
    _call('PCTriSplitGetForest', ctypes.c_void_p(pc.handle), ctypes.byref(npaths), ctypes.byref(longest),
          ctypes.byref(cov), ctypes.byref(cov_id))
    return {'npaths': npaths.value, 'longest': longest.value, 'coverage': cov.value, 'coverage_id': cov_id.value}


pctrisplit_get_forest = forest


def pctrisplit_get_repair(pc):
    """What the last PCSetUp() of a trisplit PC repaired on this rank (PCTriSplitGetRepair()): a dict with
    nshifted (factors shifted), shift (the largest total shift) and dropped (the MOS-a level dropped, -1: none)."""
    _require(pc, _ALL, 'pctrisplit_get_repair', 'PCTriSplitGetRepair')
    cint = _cint()
    nshifted, dropped, shift = cint(), cint(), ctypes.c_double()
    _call('PCTriSplitGetRepair', ctypes.c_void_p(pc.handle), ctypes.byref(nshifted), ctypes.byref(shift),
          ctypes.byref(dropped))
    return {'nshifted': nshifted.value, 'shift': shift.value, 'dropped': dropped.value}


def pctriamg_get_hierarchy(pc):
    """The hierarchy of a set-up triamg PC on this rank (PCTriAMGGetHierarchy()): a dict with levels, rows
    (per level, finest first), checksums (of each level's aggregate ids), builds and refreshes."""
    _require(pc, _AMG, 'pctriamg_get_hierarchy', 'PCTriAMGGetHierarchy')
    cint = _cint()
    nlevels, builds, refreshes = cint(), cint(), cint()
    rows, sums = ctypes.POINTER(cint)(), ctypes.POINTER(ctypes.c_int64)()
    _call('PCTriAMGGetHierarchy', ctypes.c_void_p(pc.handle), ctypes.byref(nlevels), ctypes.byref(rows),
          ctypes.byref(sums), ctypes.byref(builds), ctypes.byref(refreshes))
    k = nlevels.value
    return {'levels': k, 'rows': [rows[i] for i in range(k)] if rows else [],
            'checksums': [sums[i] for i in range(k)] if sums else [], 'builds': builds.value, 'refreshes': refreshes.value}


# ---------------------------------------------------------------------------------------------------
# Options: one record per option, setters and getters generated from them


class Option:
    """One option of the trisplit PCs.

    name:    the Python name (set_option(pc, name, v); the functions <prefix>_set_<name>, <prefix>_get_<name>)
    key:     the options database key without '-pc_<type>_' (e.g. 'pivoting'), or the full key if it
             starts with '-'
    kind:    'int', 'real', 'bool', 'str' (a PC type name) or an IntEnum class
    types:   the PC types that have it
    csetter: the C setter (None: options database only); cgetter: the C getter (None: options database)
    default: the default (per type: a dict) for the getters that read the options database"""

    def __init__(self, name, key, kind, types, csetter, cgetter, default=None, pyprefix='pctrisplit'):
        self.name, self.key, self.kind, self.types = name, key, kind, tuple(types)
        self.csetter, self.cgetter, self.default, self.pyprefix = csetter, cgetter, default, pyprefix

    def option(self, pc_type):
        """The options database key for a PC of type pc_type, e.g. -pc_mosd_pivoting."""
        return self.key if self.key.startswith('-') else '-pc_%s_%s' % (pc_type, self.key)

    def __repr__(self):
        return 'Option(%s: %s, %s)' % (self.name, self.option('<type>'), '/'.join(self.types))


_ALL = (PC_ALGTRI, PC_MOSD, PC_MOSA, PC_ALTSPLIT)  # the PCs of one level: the forest options
_MULTI = (PC_MOSD, PC_MOSA, PC_ALTSPLIT)
_AMG = (PC_TRIAMG,)
OPTIONS = [
    # the forest options, on every trisplit PC (PCTriSplit* names)
    Option('pivoting', 'pivoting', Pivoting, _ALL, 'PCTriSplitSetPivoting', 'PCTriSplitGetPivoting'),
    Option('weight', 'weight', Weight, _ALL, 'PCTriSplitSetWeight', 'PCTriSplitGetWeight'),
    Option('factor_iterations', 'factor_iterations', 'int', _ALL, 'PCTriSplitSetFactorIterations', 'PCTriSplitGetFactorIterations'),
    Option('factor_charge_period', 'factor_charge_period', 'int', _ALL, 'PCTriSplitSetFactorChargePeriod', 'PCTriSplitGetFactorChargePeriod'),
    Option('factor_charge_skip', 'factor_charge_skip', 'int', _ALL, 'PCTriSplitSetFactorChargeSkip', 'PCTriSplitGetFactorChargeSkip'),
    Option('factor_p', 'factor_p', 'real', _ALL, 'PCTriSplitSetFactorP', 'PCTriSplitGetFactorP'),
    Option('factor_seed', 'factor_seed', 'int', _ALL, 'PCTriSplitSetFactorSeed', 'PCTriSplitGetFactorSeed'),
    Option('reuse_forest', 'reuse_forest', 'bool', _ALL, 'PCTriSplitSetReuseForest', 'PCTriSplitGetReuseForest'),
    Option('precision', 'precision', Precision, _ALL, 'PCTriSplitSetPrecision', 'PCTriSplitGetPrecision'),
    Option('shift_type', 'shift_type', ShiftType, _ALL, 'PCTriSplitSetShiftType', 'PCTriSplitGetShiftType'),
    Option('shift_amount', 'shift_amount', 'real', _ALL, 'PCTriSplitSetShiftAmount', 'PCTriSplitGetShiftAmount'),
    Option('definite_paths', 'definite_paths', 'bool', _ALL, 'PCTriSplitSetDefinitePaths', 'PCTriSplitGetDefinitePaths'),
    # algtri only
    Option('block_size', '-pc_algtri_block', 'int', (PC_ALGTRI,), 'PCAlgTriSetBlockSize', 'PCAlgTriGetBlockSize', pyprefix='pcalgtri'),
    Option('factor_n', '-pc_algtri_factor_n', 'int', (PC_ALGTRI,), 'PCAlgTriSetFactorN', 'PCAlgTriGetFactorN', pyprefix='pcalgtri'),
    # the PCs of several factors
    Option('m', 'm', 'int', _MULTI, 'PCTriSplitSetM', 'PCTriSplitGetM'),
    Option('m_max', 'm_max', 'int', _MULTI, 'PCTriSplitSetMMax', 'PCTriSplitGetMMax'),
    Option('coverage', 'coverage', 'real', _MULTI, 'PCTriSplitSetCoverage', 'PCTriSplitGetCoverage'),
    Option('omega', 'omega', 'real', (PC_MOSD, PC_ALTSPLIT), 'PCTriSplitSetOmega', 'PCTriSplitGetOmega'),
    Option('drop_tolerance', '-pc_mosa_droptol', 'real', (PC_MOSA,), 'PCTriSplitSetDropTolerance', 'PCTriSplitGetDropTolerance'),
    # one PC type's own
    Option('diagonal', '-pc_mosd_diagonal', 'int', (PC_MOSD,), 'PCMOSDSetDiagonal', 'PCMOSDGetDiagonal', pyprefix='pcmosd'),
    Option('reuse_pattern', '-pc_mosa_reuse_pattern', 'bool', (PC_MOSA,), 'PCMOSASetReusePattern', 'PCMOSAGetReusePattern', pyprefix='pcmosa'),
    Option('exact_product', '-pc_mosa_exact_product', 'bool', (PC_MOSA,), 'PCMOSASetExactProduct', 'PCMOSAGetExactProduct', pyprefix='pcmosa'),
    Option('type', '-pc_altsplit_type', AltSplitType, (PC_ALTSPLIT,), 'PCAltSplitSetType', 'PCAltSplitGetType', pyprefix='pcaltsplit'),
    Option('local', '-pc_altsplit_local', 'bool', (PC_ALTSPLIT,), 'PCAltSplitSetLocal', 'PCAltSplitGetLocal', pyprefix='pcaltsplit'),
    # triamg (its smoothers take the forest options under -mg_levels_)
    Option('aggregate_size', '-pc_triamg_aggregate_size', 'int', _AMG, 'PCTriAMGSetAggregateSize', 'PCTriAMGGetAggregateSize', pyprefix='pctriamg'),
    Option('coarse_size', '-pc_triamg_coarse_size', 'int', _AMG, 'PCTriAMGSetCoarseSize', 'PCTriAMGGetCoarseSize', pyprefix='pctriamg'),
    Option('pair_share', '-pc_triamg_pair_share', 'real', _AMG, 'PCTriAMGSetPairShare', 'PCTriAMGGetPairShare', pyprefix='pctriamg'),
    Option('gather_size', '-pc_triamg_gather_size', 'int', _AMG, 'PCTriAMGSetGatherSize', 'PCTriAMGGetGatherSize', pyprefix='pctriamg'),
    Option('max_levels', '-pc_triamg_max_levels', 'int', _AMG, 'PCTriAMGSetMaxLevels', 'PCTriAMGGetMaxLevels', pyprefix='pctriamg'),
    Option('smooth_prolongator', '-pc_triamg_smooth_prolongator', 'bool', _AMG, 'PCTriAMGSetSmoothProlongator', 'PCTriAMGGetSmoothProlongator', pyprefix='pctriamg'),
    Option('smooth_levels', '-pc_triamg_smooth_levels', 'int', _AMG, 'PCTriAMGSetSmoothLevels', 'PCTriAMGGetSmoothLevels', pyprefix='pctriamg'),
    Option('smooth_threshold', '-pc_triamg_smooth_threshold', 'real', _AMG, 'PCTriAMGSetSmoothThreshold', 'PCTriAMGGetSmoothThreshold', pyprefix='pctriamg'),
    Option('smoother_type', '-pc_triamg_smoother_type', 'str', _AMG, 'PCTriAMGSetSmootherType', 'PCTriAMGGetSmootherType', pyprefix='pctriamg'),
    Option('coarser_smoother_type', '-pc_triamg_coarser_smoother_type', 'str', _AMG, 'PCTriAMGSetCoarserSmootherType', 'PCTriAMGGetCoarserSmootherType', pyprefix='pctriamg'),
    Option('smoother_sweeps', '-pc_triamg_smoother_sweeps', 'int', _AMG, 'PCTriAMGSetSmootherSweeps', 'PCTriAMGGetSmootherSweeps', pyprefix='pctriamg'),
    Option('reuse_interpolation', '-pc_triamg_reuse_interpolation', 'bool', _AMG, 'PCTriAMGSetReuseInterpolation', 'PCTriAMGGetReuseInterpolation', pyprefix='pctriamg'),
    Option('device_operators', '-pc_triamg_device_operators', 'bool', _AMG, 'PCTriAMGSetDeviceOperators', 'PCTriAMGGetDeviceOperators', pyprefix='pctriamg'),
    Option('nodal', '-pc_triamg_nodal', 'bool', _AMG, 'PCTriAMGSetNodal', 'PCTriAMGGetNodal', pyprefix='pctriamg'),
    Option('lean_cycle', '-pc_triamg_lean_cycle', 'bool', _AMG, 'PCTriAMGSetLeanCycle', 'PCTriAMGGetLeanCycle', pyprefix='pctriamg'),
]
_BY_NAME = {o.name: o for o in OPTIONS}


def options(pc_type=None):
    """The names of the options a PC type has (all of them without pc_type)."""
    return [o.name for o in OPTIONS if pc_type is None or pc_type in o.types]


def _option(name):
    try:
        return _BY_NAME[name]
    except KeyError:
        raise ValueError('no trisplit option %r (the options: %s)' % (name, ', '.join(_BY_NAME))) from None


def _pc_type(pc, o):
    t = pc.getType()
    if t not in o.types:
        raise ValueError('%s_set/get_%s: the PC has type %r, the option belongs to %s (call pc.setType() first)'
                         % (o.pyprefix, o.name, t, ', '.join(o.types)))
    return t


def _convert(o, value):
    """value as the option's Python type (enum member, int, float, bool); raises ValueError/TypeError."""
    if isinstance(o.kind, type) and issubclass(o.kind, enum.IntEnum):
        if isinstance(value, str):
            try:
                return o.kind[value.upper()]
            except KeyError:
                raise ValueError('%s: %r is none of %s' % (o.name, value, ', '.join(m.name.lower() for m in o.kind))) from None
        return o.kind(int(value))
    if o.kind == 'int':
        if isinstance(value, bool) or int(value) != value:
            raise TypeError('%s takes an integer, got %r' % (o.name, value))
        return int(value)
    if o.kind == 'real':
        return float(value)
    if o.kind == 'str':
        if not isinstance(value, str):
            raise TypeError('%s takes a PC type name, got %r' % (o.name, value))
        return value
    if not isinstance(value, bool) and value not in (0, 1):
        raise TypeError('%s takes a bool, got %r' % (o.name, value))
    return bool(value)


def _ctype(o):
    if o.kind == 'str':
        return ctypes.c_char_p
    if o.kind == 'int':
        return _cint()
    if o.kind == 'real':
        return ctypes.c_double
    return ctypes.c_int  # PetscBool and the enums


def _db_string(o, value):
    if isinstance(value, enum.IntEnum):
        return value.name.lower()
    if isinstance(value, bool):
        return 'true' if value else 'false'
    return repr(value) if isinstance(value, float) else str(value)


def set_option(pc, name, value):
    """Set the trisplit option name (see OPTIONS) of pc, whose type must have it."""
    o = _option(name)
    t = _pc_type(pc, o)
    value = _convert(o, value)
    if o.csetter:
        if o.kind == 'str':
            _call(o.csetter, ctypes.c_void_p(pc.handle), ctypes.c_char_p(value.encode()))
        else:
            _call(o.csetter, ctypes.c_void_p(pc.handle), _ctype(o)(int(value) if o.kind != 'real' else value))
        if o.cgetter:
            return
    # no C getter: the options database keeps the value (and applies it where there is no C setter)
    PETSc = _petsc()
    PETSc.Options().setValue(o.option(t)[0] + (pc.getOptionsPrefix() or '') + o.option(t)[1:], _db_string(o, value))
    if not o.csetter:
        pc.setFromOptions()


def get_option(pc, name):
    """The value of the trisplit option name (see OPTIONS) of pc: an enum member, int, float or bool."""
    o = _option(name)
    t = _pc_type(pc, o)
    if o.cgetter:
        v = _ctype(o)()
        _call(o.cgetter, ctypes.c_void_p(pc.handle), ctypes.byref(v))
        return v.value.decode() if o.kind == 'str' else _convert(o, v.value)
    opts = _petsc().Options(pc.getOptionsPrefix())
    key = o.option(t)[1:]
    default = o.default[t] if isinstance(o.default, dict) else o.default
    if o.kind == 'int':
        return opts.getInt(key, default)
    if o.kind == 'real':
        return opts.getReal(key, default)
    if o.kind == 'bool':
        return opts.getBool(key, default)
    return _convert(o, opts.getString(key, default.name.lower()))


def _make_accessors(o):
    def setter(pc, value):
        set_option(pc, o.name, value)

    def getter(pc):
        return get_option(pc, o.name)

    where = o.csetter + '()' if o.csetter else 'the options database and PCSetFromOptions()'
    setter.__name__ = '%s_set_%s' % (o.pyprefix, o.name)
    getter.__name__ = '%s_get_%s' % (o.pyprefix, o.name)
    setter.__doc__ = 'Set %s (%s) of a PC of type %s, through %s.' % (o.name, o.option('<type>'), ', '.join(o.types), where)
    getter.__doc__ = 'Get %s (%s) of a PC of type %s, through %s.' % (
        o.name, o.option('<type>'), ', '.join(o.types), o.cgetter + '()' if o.cgetter else 'the options database')
    return setter, getter


for _o in OPTIONS:
    _s, _g = _make_accessors(_o)
    globals()[_s.__name__], globals()[_g.__name__] = _s, _g
    __all__ += [_s.__name__, _g.__name__]
    _o.setter, _o.getter = _s, _g
__all__ += ['pctrisplit_get_forest', 'pctrisplit_get_repair', 'pctriamg_get_hierarchy']
# the names of trisplit 0.2, kept for one release: the shared options under pcalgtri_, the number of
# factors under each PC type's name (PCMOSDSetM(), PCMOSASetM(), PCAltSplitSetM() in C)
for _o in OPTIONS:
    if _o.pyprefix == 'pctrisplit' and _o.types == tuple(_ALL):
        globals()['pcalgtri_set_' + _o.name], globals()['pcalgtri_get_' + _o.name] = _o.setter, _o.getter
        __all__ += ['pcalgtri_set_' + _o.name, 'pcalgtri_get_' + _o.name]
pcalgtri_get_forest, pcalgtri_get_repair = pctrisplit_get_forest, pctrisplit_get_repair
pcmosd_set_m = pcmosa_set_m = pcaltsplit_set_m = _BY_NAME['m'].setter
pcmosd_get_m = pcmosa_get_m = pcaltsplit_get_m = _BY_NAME['m'].getter
__all__ += ['pcalgtri_get_forest', 'pcalgtri_get_repair', 'pcmosd_set_m', 'pcmosa_set_m', 'pcaltsplit_set_m',
            'pcmosd_get_m', 'pcmosa_get_m', 'pcaltsplit_get_m']
del _o, _s, _g
