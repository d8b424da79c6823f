#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""The Python setters and getters of trisplit.py against the library and the C sources.

    python3 tests/petsc4py/options.py [DIR_OF_TRISPLIT_PY]     (default: tutorials/python)
    mpiexec -n 2 python3 tests/petsc4py/options.py             (the same on two ranks)

Prints one line per check, 'ok ...' or 'not ok ...', and a last line 'N passed, N failed'.
  complete    every -pc_<type>_<option> the C sources read (src/pc) has a Python setter and getter for
              that type and is listed on the type's manual page (docs/manualpages/PC<TYPE>.md, from its
              /*MC comment) and in the guide's table of setters, and every PCxxxSet/Get function of
              include/trisplit.h is called by one
  roundtrip   on each PC type, every option set to a value other than its default reads back equal
              (enums also by name), then the default again reads back
  applied     the options without a C setter reach the PC: its view shows the values set from Python
  refused     a setter of an option the PC type lacks raises ValueError; out of range values PETSc.Error
  solve       mosd and algtri configured only through Python setters solve a 2D anisotropic Laplacian
              (n = 32, eps 0.01, right-preconditioned GMRES, rtol 1e-8): converged, iterations in the
              measured range (PETSc 3.18, one rank: mosd 41, algtri 64, altsplit 8; two ranks: 54, 72 and
              33, altsplit with local residuals), true relative residual below
              1e-7, the same iterations and residual as the same configuration given on the options
              database, and other iterations than the type's defaults (16): the settings took effect
"""
import glob
import math
import os
import re
import sys
import tempfile

top = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir))
sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else os.path.join(top, 'tutorials', 'python'))
import trisplit  # noqa: E402

PETSc = trisplit.init(args=[sys.argv[0]])
passed = failed = 0


def result(good, label, why='', info=''):
    """one line: 'ok LABEL[: INFO]' or 'not ok LABEL # WHY'"""
    global passed, failed
    if good:
        passed += 1
        PETSc.Sys.Print('ok ' + label + (': ' + info if info else ''))
    else:
        failed += 1
        PETSc.Sys.Print('not ok %s # %s' % (label, why))


# ---------------------------------------------------------------------------------------------------
# complete: the C sources' options and the header's setters against trisplit.OPTIONS
src = ''
for f in sorted(glob.glob(os.path.join(top, 'src', 'pc', '*.c')) + glob.glob(os.path.join(top, 'src', 'pc', '*', '*.c'))):
    src += open(f).read()
per_type = set(re.findall(r'"-pc_%s_(\w+)"', src))            # built with the type's name
literal = set(re.findall(r'"-pc_(algtri|mosd|mosa|altsplit)_(\w+)"', src))
# the options of the options database (precision of mosa has a C setter and none)
py_keys = {(t, o.option(t)) for o in trisplit.OPTIONS for t in o.types if not (t == trisplit.PC_MOSA and o.name == 'precision')}
missing = []
for key in sorted(per_type):
    # the type-named options: every type that reads one (precision: not mosa, which reads none)
    types = [t for t in trisplit.PC_TYPES if (t, '-pc_%s_%s' % (t, key)) in py_keys]
    if not types:
        missing.append('-pc_<type>_' + key)
for t, key in sorted(literal):
    if (t, '-pc_%s_%s' % (t, key)) not in py_keys:
        missing.append('-pc_%s_%s' % (t, key))
result(not missing, 'complete: %d type-named and %d PC-own options of src/pc have Python setters'
       % (len(per_type), len(literal)), 'no setter for ' + ', '.join(missing))

# the manual page of each PC type (docs/manualpages, from its /*MC comment) names each of its options
undocumented = []
for t in trisplit.PC_TYPES:
    page = os.path.join(top, 'docs', 'manualpages', 'PC%s.md' % t.upper())
    text = open(page).read() if os.path.exists(page) else ''
    undocumented += [k for (tt, k) in sorted(py_keys) if tt == t and k + ' ' not in text and k + '`' not in text]
result(not undocumented, 'complete: the manual page of each PC type lists every option it reads',
       'not on the page: ' + ', '.join(undocumented))

# the guide's table of the Python setters (docs/guide.md, Python (petsc4py)) names each one
guide = open(os.path.join(top, 'docs', 'guide.md')).read()
absent = ['%s_set_%s' % (o.pyprefix, o.name) for o in trisplit.OPTIONS if '`%s_set_%s`' % (o.pyprefix, o.name) not in guide]
result(not absent, 'complete: docs/guide.md names the %d Python setters' % len(trisplit.OPTIONS), 'not in the guide: ' + ', '.join(absent))

header = open(os.path.join(top, 'include', 'trisplit.h')).read()
cfuncs = set(re.findall(r'PETSC_EXTERN PetscErrorCode (PC\w+(?:Set|Get)\w*)\(', header))
used = {o.csetter for o in trisplit.OPTIONS} | {o.cgetter for o in trisplit.OPTIONS}
# reached otherwise: forest() and pctrisplit_get_repair()
other = {'PCTriSplitGetForest', 'PCTriSplitGetRepair', 'PCTriAMGGetHierarchy'}
unused = sorted(cfuncs - used - other)
result(not unused, 'complete: the %d PC setters and getters of include/trisplit.h are called from Python' % len(cfuncs),
       'not called: ' + ', '.join(unused))
nf = [f for f in sorted(used - {None}) if not hasattr(trisplit._library(), f)]
# the Python names of trisplit 0.2 are the new functions and constants
old = [n for n, new in [('pcalgtri_set_pivoting', 'pctrisplit_set_pivoting'), ('pcalgtri_get_shift_amount', 'pctrisplit_get_shift_amount'),
                        ('pcalgtri_get_forest', 'pctrisplit_get_forest'), ('pcalgtri_get_repair', 'pctrisplit_get_repair'),
                        ('pcmosd_set_m', 'pctrisplit_set_m'), ('pcaltsplit_get_m', 'pctrisplit_get_m'),
                        ('PCALGTRI_PIVOTING_PARTIAL', 'PCTRISPLIT_PIVOTING_PARTIAL'), ('PCALGTRI_PRECISION_SINGLE', 'PCTRISPLIT_PRECISION_SINGLE')]
       if getattr(trisplit, n, None) is not getattr(trisplit, new)]
result(not old, 'renamed: the Python names of trisplit 0.2 still reach the new ones', 'differ: ' + ', '.join(old))
result(not nf, 'complete: every C function named in trisplit.OPTIONS is in libtrisplit.so', 'missing: ' + ', '.join(nf))

# ---------------------------------------------------------------------------------------------------
# roundtrip: a value that is not the default for every option (per type where defaults differ)
values = {
    'pivoting': [trisplit.PCTRISPLIT_PIVOTING_PARTIAL, trisplit.PCTRISPLIT_PIVOTING_NONE, 'scaled'],
    'weight': [trisplit.PCTRISPLIT_WEIGHT_ABS],
    'factor_iterations': [7], 'factor_charge_period': [3], 'factor_charge_skip': [1], 'factor_p': [0.25],
    'factor_seed': [42], 'reuse_forest': [False], 'precision': [trisplit.PCTRISPLIT_PRECISION_SINGLE],
    'shift_type': [trisplit.MAT_SHIFT_NONE], 'shift_amount': [1e-3], 'definite_paths': [False], 'block_size': [2], 'factor_n': [1],
    'm': [3], 'm_max': [6], 'coverage': [0.9], 'omega': [0.5], 'drop_tolerance': [1e-3], 'diagonal': [2, 0],
    'reuse_pattern': [False], 'exact_product': [True], 'type': [trisplit.PC_ALTSPLIT_OUTER, 'inner'],
    'local': [True],
    'aggregate_size': [2], 'pair_share': [0.6], 'coarse_size': [500], 'gather_size': [2000], 'max_levels': [5], 'smooth_prolongator': [False], 'smooth_levels': [1], 'smooth_threshold': [0.5],
    'smoother_type': ['mosd'], 'coarser_smoother_type': ['jacobi'], 'smoother_sweeps': [2], 'reuse_interpolation': [False], 'device_operators': [False], 'nodal': [False], 'lean_cycle': [False],
}
for t in trisplit.PC_TYPES:
    pc = PETSc.PC().create()
    pc.setOptionsPrefix('rt_%s_' % t)
    pc.setType(t)
    bad = []
    count = 0
    for name in trisplit.options(t):
        o = trisplit.OPTIONS[[x.name for x in trisplit.OPTIONS].index(name)]
        default = o.getter(pc)
        vals = values[name]
        if t == trisplit.PC_MOSA and name == 'precision':
            vals = [trisplit.PCTRISPLIT_PRECISION_DOUBLE]  # MOS-a factors in double only (checked under refused)
        for v in vals + [default]:
            o.setter(pc, v)
            got = o.getter(pc)
            want = o.kind[v.upper()] if isinstance(v, str) and o.kind != 'str' else v
            count += 1
            if got != want or type(got) is not type(default):
                bad.append('%s: set %r, got %r' % (name, v, got))
        # the module-level functions by their names
        g = getattr(trisplit, '%s_get_%s' % (o.pyprefix, name))
        if g(pc) != default:
            bad.append('%s_get_%s after resetting: %r, not %r' % (o.pyprefix, name, g(pc), default))
    result(not bad, 'roundtrip %s: %d options, %d values set and read back' % (t, len(trisplit.options(t)), count),
           '; '.join(bad))
    if t == trisplit.PC_TRIAMG:  # no forest options of its own: its smoothers take them under -mg_levels_
        pc.destroy()
        continue

    # applied: the options without a C setter go through the options database into the PC
    for name, v in (('factor_charge_period', 3), ('factor_charge_skip', 1), ('factor_p', 0.25), ('factor_seed', 42)):
        trisplit.set_option(pc, name, v)
    if t != trisplit.PC_ALGTRI:
        trisplit.pctrisplit_set_m(pc, 0)
        trisplit.pctrisplit_set_m_max(pc, 6)
    path = os.path.join(tempfile.gettempdir(), 'trisplit-options-view-%d.txt' % os.getpid())
    viewer = PETSc.Viewer().createASCII(path)
    pc.view(viewer)
    viewer.destroy()
    # rank 0 writes the view, to the file named on rank 0: only rank 0 reads it and judges
    rank = PETSc.COMM_WORLD.getRank()
    view = open(path).read() if rank == 0 else 'charges off every 3-th (k_m = 1), p = 0.25 at most 6'
    if rank == 0:
        os.unlink(path)
    want = ['charges off every 3-th (k_m = 1), p = 0.25'] + (['at most 6'] if t != trisplit.PC_ALGTRI else [])
    lacking = [w for w in want if w not in view]
    result(not lacking, 'applied %s: the view shows %s' % (t, ' and '.join(repr(w) for w in want)),
           'view lacks %s:\n%s' % (lacking, view))
    pc.destroy()

# ---------------------------------------------------------------------------------------------------
# refused
checks = []
for t in trisplit.PC_TYPES:
    pc = PETSc.PC().create()
    pc.setType(t)
    for o in trisplit.OPTIONS:
        if t in o.types:
            continue
        try:
            o.setter(pc, values[o.name][0])
            checks.append('%s on %s accepted' % (o.name, t))
        except ValueError:
            pass
    pc.destroy()
pc = PETSc.PC().create()
pc.setType(trisplit.PC_MOSD)
for name, v, exc in (('m', 65, PETSc.Error), ('coverage', 0.0, PETSc.Error), ('pivoting', 'diagonal', ValueError),
                     ('m', 2.5, TypeError), ('omega', 1.5, PETSc.Error)):
    try:
        trisplit.set_option(pc, name, v)
        checks.append('%s = %r accepted' % (name, v))
    except exc:
        pass
pc.setType(trisplit.PC_MOSA)
try:
    trisplit.pctrisplit_set_precision(pc, trisplit.PCTRISPLIT_PRECISION_SINGLE)
    checks.append('mosa took single precision')
except PETSc.Error:
    pass
pc.destroy()
result(not checks, 'refused: options of other PC types (ValueError) and out of range values', '; '.join(checks))

# the property getters: a PC type without the property raises ValueError before any C call (not a bare
# PETSc.Error naming a composed method); the types that have it reach the C function (unset up: PETSc.Error)
checks = []
getters = ((trisplit.forest, (trisplit.PC_ALGTRI, trisplit.PC_MOSD, trisplit.PC_MOSA, trisplit.PC_ALTSPLIT)),
           (trisplit.pctrisplit_get_repair, (trisplit.PC_ALGTRI, trisplit.PC_MOSD, trisplit.PC_MOSA, trisplit.PC_ALTSPLIT)),
           (trisplit.pctriamg_get_hierarchy, (trisplit.PC_TRIAMG,)))
for t in trisplit.PC_TYPES + ('jacobi',):
    pc = PETSc.PC().create()
    pc.setType(t)
    for getter, types in getters:
        try:
            getter(pc)
            if t not in types:
                checks.append('%s on %s returned' % (getter.__name__, t))
        except ValueError as e:
            if t in types:
                checks.append('%s on %s raised ValueError: %s' % (getter.__name__, t, e))
            elif t not in str(e):
                checks.append('%s on %s: the ValueError does not name the type: %s' % (getter.__name__, t, e))
        except PETSc.Error:
            if t not in types:
                checks.append('%s on %s raised PETSc.Error, not ValueError' % (getter.__name__, t))
    pc.destroy()
result(not checks, 'property getters: ValueError for a PC type without the property (forest, repair, hierarchy)', '; '.join(checks))


# ---------------------------------------------------------------------------------------------------
# solve
def laplacian(n, eps):
    N = n * n
    A = PETSc.Mat().createAIJ([N, N], nnz=(5, 4), comm=PETSc.COMM_WORLD)
    A.setUp()
    r0, r1 = A.getOwnershipRange()
    for row in range(r0, r1):
        ix, iy = row % n, row // n
        A.setValue(row, row, 2 * eps + 2)
        if ix > 0:
            A.setValue(row, row - 1, -eps)
        if ix < n - 1:
            A.setValue(row, row + 1, -eps)
        if iy > 0:
            A.setValue(row, row - n, -1.0)
        if iy < n - 1:
            A.setValue(row, row + n, -1.0)
    A.assemble()
    return A


A = laplacian(32, 0.01)
xe, b = A.createVecs()
r0, r1 = xe.getOwnershipRange()
for row in range(r0, r1):
    xe.setValue(row, math.sin(0.37 * row) + 1.0)
xe.assemble()
A.mult(xe, b)


def solve(prefix, configure):
    ksp = PETSc.KSP().create()
    ksp.setOptionsPrefix(prefix)
    ksp.setOperators(A)
    ksp.setType(PETSc.KSP.Type.GMRES)
    ksp.setPCSide(PETSc.PC.Side.RIGHT)
    ksp.setTolerances(rtol=1e-8, max_it=1000)
    configure(ksp)
    x = b.duplicate()
    x.set(0.0)
    ksp.solve(b, x)
    r = b.duplicate()
    A.mult(x, r)
    r.aypx(-1.0, b)
    out = ksp.getConvergedReason(), ksp.getIterationNumber(), r.norm() / b.norm()
    ksp.destroy()
    return out


# each: the type, the Python settings, the same as options, the measured iterations and the accepted range
cases = [
    ('mosd', {'m': 2, 'diagonal': 2, 'pivoting': 'partial', 'weight': 'abs', 'factor_p': 0.25, 'factor_seed': 3},
     '-pc_mosd_m 2 -pc_mosd_diagonal 2 -pc_mosd_pivoting partial -pc_mosd_weight abs -pc_mosd_factor_p 0.25 '
     '-pc_mosd_factor_seed 3', {1: (34, 48), 2: (45, 65)}),
    ('algtri', {'block_size': 2, 'pivoting': 'partial', 'factor_seed': 5},
     '-pc_algtri_block 2 -pc_algtri_pivoting partial -pc_algtri_factor_seed 5', {1: (55, 75), 2: (60, 85)}),
    ('altsplit', {'m': 2, 'omega': 0.1, 'type': 'inner', 'local': True},
     '-pc_altsplit_m 2 -pc_altsplit_omega 0.1 -pc_altsplit_type inner -pc_altsplit_local true', {1: (6, 10), 2: (27, 40)}),
]
for t, settings, opts, ranges in cases:
    lo, hi = ranges[PETSc.COMM_WORLD.getSize()]
    def by_python(ksp):
        pc = ksp.getPC()
        pc.setType(t)
        for name, v in settings.items():
            trisplit.set_option(pc, name, v)

    def by_options(ksp):
        pre = ksp.getOptionsPrefix()
        db = PETSc.Options()
        db.setValue('-%spc_type' % pre, t)
        words = opts.split()
        for k, v in zip(words[::2], words[1::2]):
            db.setValue('-' + pre + k[1:], v)
        ksp.setFromOptions()

    def default(ksp):
        ksp.getPC().setType(t)

    reason, its, res = solve('py_%s_' % t, by_python)
    reason_o, its_o, res_o = solve('db_%s_' % t, by_options)
    _, its_d, _ = solve('def_%s_' % t, default)
    good = reason > 0 and lo <= its <= hi and res < 1e-7 and its == its_o and abs(res - res_o) <= 1e-12 and its != its_d
    detail = ('reason %d, %d iterations (range %d-%d), true relative residual %.2e; as options: %d iterations, %.2e; '
           'defaults: %d iterations' % (reason, its, lo, hi, res, its_o, res_o, its_d))
    result(good, 'solve %s configured by Python setters' % t, detail, detail)

# triamg configured by its Python setters: a hierarchy of several levels, the finest of A's rows, few iterations
def by_triamg(ksp):
    pc = ksp.getPC()
    pc.setType(trisplit.PC_TRIAMG)
    trisplit.pctriamg_set_coarse_size(pc, 100)
    trisplit.pctriamg_set_aggregate_size(pc, 3)
    trisplit.pctriamg_set_coarser_smoother_type(pc, 'mosd')


ksp = PETSc.KSP().create()
ksp.setOptionsPrefix('amg_')
ksp.setOperators(A)
ksp.setType(PETSc.KSP.Type.GMRES)
ksp.setPCSide(PETSc.PC.Side.RIGHT)
ksp.setTolerances(rtol=1e-8, max_it=200)
by_triamg(ksp)
x = b.duplicate()
x.set(0.0)
ksp.solve(b, x)
h = trisplit.pctriamg_get_hierarchy(ksp.getPC())
nglob = A.getSize()[0]  # PCTriAMGGetHierarchy() gives global rows per level
its, reason = ksp.getIterationNumber(), ksp.getConvergedReason()
good = (reason > 0 and its <= 30 and h['levels'] >= 2 and h['rows'][0] == nglob and h['builds'] == 1
        and all(h['rows'][k + 1] < h['rows'][k] for k in range(h['levels'] - 1))
        and trisplit.pctriamg_get_aggregate_size(ksp.getPC()) == 3)
result(good, 'solve triamg configured by Python setters',
       'reason %d, %d iterations, levels %d, rows %s' % (reason, its, h['levels'], h['rows']),
       'reason %d, %d iterations, hierarchy %r' % (reason, its, h))
ksp.destroy()

PETSc.Sys.Print('%d passed, %d failed' % (passed, failed))
sys.exit(1 if failed else 0)
