#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# tests/petsc4py: trisplit from Python through Debian's python3-petsc4py.
#
# Runs tutorials/python/ex1.py (2D anisotropic Laplacian, n = 64, eps = 0.01, GMRES, rtol 1e-8) with the
# library of the Debian-PETSc build, loaded by trisplit.init() through petsc4py.init([... '-dll_append', lib]):
#   algtri           one rank              converged, 20-40 iterations (measured 28), error < 1e-6, forest line
#   mosd, m = 2      one rank              converged, 20-40 iterations (measured 27), error < 1e-6
#   algtri           two ranks (Open MPI)  converged, 35-65 iterations (measured 48), error < 1e-6
#   late loading     PETSc imported before trisplit.init(): the ctypes route registers the types
#   options.py       every setter and getter of trisplit.py on each PC type (round trips, every option of
#                    src/pc reachable, bad values refused) and solves configured by Python setters only
#                    (iterations, true residual, the same as by options); its checks count one by one;
#                    then all of it on two ranks (one check)
#   no petsc4py      with a petsc4py that cannot be imported (a PYTHONPATH shim), 'import trisplit' raises
#                    ImportError naming python3-petsc4py and pip install petsc4py, not ModuleNotFoundError
#   make install     PREFIX=$(mktemp -d): the installed trisplit.py finds PREFIX/lib/libtrisplit.so from a
#                    clean environment (env -i, cwd /) and solves; make uninstall leaves no file; with
#                    PREFIX=/usr/local DESTDIR=... the module's folder is on the Python's sys.path
# Prints one line per case ('ok ...' / 'not ok ...') and closes with exactly one line 'N passed, N failed';
# exit status 0 only if none failed.
#
#   bash tests/petsc4py/run.sh                      # library: lib/libtrisplit.so (built with 'make lib' if missing)
#   TRISPLIT_LIB=build/doc/lib bash tests/petsc4py/run.sh
#   PYTHON=/usr/bin/python3 MPIEXEC=mpiexec ...     # the defaults
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
top=$PWD
py=${PYTHON:-/usr/bin/python3}
mpiexec=${MPIEXEC:-mpiexec}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
work=${TMPDIR:-/tmp}/trisplit-petsc4py.$$
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

ok() { passed=$((passed + 1)); echo "ok $1"; }
notok() {
  failed=$((failed + 1)); echo "not ok $1 # $2"
  [ -f "$3" ] && sed 's/^/#   /' "$3" | head -n 30
}

lib=${TRISPLIT_LIB:-$top/lib/libtrisplit.so}
case $lib in /*) ;; *) lib=$top/$lib ;; esac
if [ -z "${TRISPLIT_LIB:-}" ] && [ ! -f "$lib" ]; then
  echo "# $lib missing: make lib"
  make --no-print-directory -C "$top" lib > "$work/make.log" 2>&1 || notok "build" "make lib failed" "$work/make.log"
fi
export TRISPLIT_LIB=$lib

if ! "$py" -c 'import petsc4py' 2> "$work/import.log"; then
  notok "import petsc4py" "$py cannot import petsc4py (Debian: apt-get install python3-petsc4py)" "$work/import.log"
  echo "$passed passed, $failed failed"
  exit 1
fi

# field NAME FILE: the value after 'NAME: ' in ex1.py's output
field() { sed -n "s/^$1: //p" "$2" | head -n 1; }

# case LABEL MIN MAX NP ARGS...: run ex1.py and check reason > 0, MIN <= iterations <= MAX, error < 1e-6
case_ex1() {
  local label=$1 min=$2 max=$3 np=$4 out=$work/$1.out rc reason its err; shift 4
  if [ "$np" = 1 ]; then
    "$py" tutorials/python/ex1.py "$@" > "$out" 2>&1
  else
    "$mpiexec" -n "$np" "$py" tutorials/python/ex1.py "$@" > "$out" 2>&1
  fi
  rc=$?
  reason=$(field 'converged reason' "$out" | sed -E 's/.*\((-?[0-9]+)\)$/\1/')
  its=$(field iterations "$out")
  err=$(field 'relative error' "$out")
  if [ $rc -ne 0 ]; then notok "$label" "exit status $rc" "$out"
  elif ! [[ $reason =~ ^-?[0-9]+$ ]] || [ "$reason" -le 0 ]; then notok "$label" "converged reason '$reason' is not positive" "$out"
  elif ! [[ $its =~ ^[0-9]+$ ]] || [ "$its" -lt "$min" ] || [ "$its" -gt "$max" ]; then notok "$label" "$its iterations, expected $min to $max" "$out"
  elif ! awk -v e="$err" 'BEGIN { exit !(e != "" && e + 0 < 1e-6) }'; then notok "$label" "relative error '$err' not below 1e-6" "$out"
  else ok "$label: reason $reason, $its iterations, error $err"
  fi
}

case_ex1 algtri 20 40 1 -pc_type algtri
if [ "$failed" -eq 0 ] && ! grep -Eq '^forest of rank 0: [0-9]+ paths, longest [0-9]+, coverage 0\.9' "$work/algtri.out"; then
  notok "algtri forest" "no forest line with coverage 0.9x (trisplit.forest())" "$work/algtri.out"
fi
case_ex1 mosd_m2 20 40 1 -pc_type mosd -pc_mosd_m 2
case_ex1 algtri_np2 35 65 2 -pc_type algtri

# PETSc initialized before trisplit.init(): -dll_append comes too late, the ctypes route must register the types
cat > "$work/late.py" << 'EOF'
import sys
sys.path.insert(0, sys.argv[1])
from petsc4py import PETSc
import trisplit
trisplit.init()
for t in trisplit.PC_TYPES:
    pc = PETSc.PC().create()
    pc.setType(t)
    assert pc.getType() == t, (pc.getType(), t)
    pc.destroy()
print('late loading: %d PC types registered' % len(trisplit.PC_TYPES))
EOF
if "$py" "$work/late.py" "$top/tutorials/python" > "$work/late.out" 2>&1 && grep -q 'registered' "$work/late.out"; then
  ok "late loading (PETSc imported first): all 5 PC types registered"
else
  notok "late loading" "PCSetType failed after PETSc was imported first" "$work/late.out"
fi

# every setter and getter on each PC type, and solves configured through them (tests/petsc4py/options.py)
"$py" tests/petsc4py/options.py "$top/tutorials/python" > "$work/options.out" 2>&1
rc=$?
grep -E '^(not )?ok ' "$work/options.out"
p=$(sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1/p' "$work/options.out")
f=$(sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\2/p' "$work/options.out")
if [ -z "$p" ] || [ -z "$f" ]; then
  notok "options.py" "no summary line (exit status $rc)" "$work/options.out"
else
  passed=$((passed + p)); failed=$((failed + f))
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then notok "options.py" "exit status $rc" "$work/options.out"; fi
fi

# the same on two ranks (the iterations of the solves have their own ranges there)
"$mpiexec" -n 2 "$py" tests/petsc4py/options.py "$top/tutorials/python" > "$work/options_np2.out" 2>&1
rc=$?
if [ $rc -eq 0 ] && grep -q '^[0-9][0-9]* passed, 0 failed$' "$work/options_np2.out"; then
  ok "options.py on two ranks: $(tail -n 1 "$work/options_np2.out"); $(grep -o 'solve mosd.*iterations (range' "$work/options_np2.out" | sed 's/ configured by Python setters: reason 2,//; s/ (range//')"
else
  notok "options.py on two ranks" "exit status $rc" "$work/options_np2.out"
fi

# petsc4py missing: a shim whose import fails as a missing package's does
mkdir -p "$work/shim/petsc4py"
echo "raise ModuleNotFoundError(\"No module named 'petsc4py'\", name='petsc4py')" > "$work/shim/petsc4py/__init__.py"
PYTHONPATH="$work/shim:$top/tutorials/python" "$py" -c 'import trisplit' > "$work/nopetsc4py.out" 2>&1
rc=$?
last=$(tail -n 1 "$work/nopetsc4py.out")
if [ $rc -eq 0 ]; then notok "no petsc4py" "import trisplit succeeded with petsc4py hidden" "$work/nopetsc4py.out"
elif [[ $last != "ImportError: trisplit needs petsc4py"* ]]; then notok "no petsc4py" "the last line is not trisplit's ImportError" "$work/nopetsc4py.out"
elif [[ $last != *"apt-get install python3-petsc4py"* ]] || [[ $last != *"pip install petsc4py"* ]]; then
  notok "no petsc4py" "the message names not both python3-petsc4py and pip install petsc4py" "$work/nopetsc4py.out"
else ok "no petsc4py: ImportError naming python3-petsc4py and pip install petsc4py"
fi

# the README's Python command, exactly as printed, where the first python3 on PATH cannot import petsc4py (a pyenv
# or conda Python): a python3 on PATH that runs without its site folders stands in for one
readme_cmd=$(sed -n 's/^`\([^`]*python3 tutorials\/python\/ex1.py[^`]*\)` .*/\1/p' "$top/README.md" | head -n 1)
mkdir -p "$work/nopetsc4py-bin"
printf '#!/bin/sh\nexec %s -S "$@"\n' "$py" > "$work/nopetsc4py-bin/python3"
chmod +x "$work/nopetsc4py-bin/python3"
if [ -z "$readme_cmd" ]; then notok "README's Python command" "no \`... python3 tutorials/python/ex1.py ...\` line in README.md" /dev/null
elif PATH="$work/nopetsc4py-bin:$PATH" python3 -c 'import petsc4py' > /dev/null 2>&1; then
  notok "README's Python command" "the stand-in python3 imports petsc4py" /dev/null
elif (cd "$top" && PATH="$work/nopetsc4py-bin:$PATH" bash -c "$readme_cmd") > "$work/readme_cmd.out" 2>&1 && grep -q 'CONVERGED_RTOL' "$work/readme_cmd.out"; then
  ok "README's Python command as printed, python3 on PATH without petsc4py: $readme_cmd"
else
  notok "README's Python command" "'$readme_cmd' failed where python3 cannot import petsc4py" "$work/readme_cmd.out"
fi

# make install into a fresh prefix, then the installed module from a clean environment (env -i, cwd /)
prefix=$(mktemp -d "${TMPDIR:-/tmp}/trisplit-prefix.XXXXXX")
cat > "$work/installed.py" << 'EOF'
import os, sys
import trisplit
prefix, pydir = sys.argv[1], sys.argv[2]
assert os.path.dirname(trisplit.__file__) == pydir, trisplit.__file__
lib = trisplit.find_library()
assert lib == os.path.join(prefix, 'lib', 'libtrisplit.so'), lib
PETSc = trisplit.init(args=['installed.py'])
n = 400
A = PETSc.Mat().createAIJ([n, n], nnz=3)
for i in range(n):
    A.setValue(i, i, 2.5)
    if i > 0:
        A.setValue(i, i - 1, -1.0)
    if i < n - 1:
        A.setValue(i, i + 1, -1.0)
A.assemble()
x, b = A.createVecs()
b.set(1.0)
ksp = PETSc.KSP().create()
ksp.setOperators(A)
pc = ksp.getPC()
pc.setType(trisplit.PC_ALGTRI)
trisplit.pctrisplit_set_pivoting(pc, trisplit.PCTRISPLIT_PIVOTING_PARTIAL)
ksp.setTolerances(rtol=1e-10)
ksp.solve(b, x)
# the forest of a tridiagonal matrix is its one path: the PC is A^-1, one iteration
print('%s with %s: reason %d, %d iteration(s)' % (trisplit.__file__, lib, ksp.getConvergedReason(), ksp.getIterationNumber()))
assert ksp.getConvergedReason() > 0 and ksp.getIterationNumber() == 1
EOF
if ! make --no-print-directory -C "$top" install PREFIX="$prefix" PYTHON="$py" > "$work/install.log" 2>&1; then
  notok "make install" "make install PREFIX=$prefix failed" "$work/install.log"
else
  pymod=$(find "$prefix" -name trisplit.py | head -n 1)
  pydir=$(dirname "${pymod:-none}")
  if [ -z "$pymod" ]; then notok "make install" "no trisplit.py under $prefix" "$work/install.log"
  elif (cd / && env -i PATH=/usr/bin:/bin PYTHONPATH="$pydir" OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
        "$py" "$work/installed.py" "$prefix" "$pydir") > "$work/installed.out" 2>&1; then
    ok "make install PREFIX=\$(mktemp -d), clean environment: $(tail -n 1 "$work/installed.out")"
  else
    notok "make install" "the installed module failed from a clean environment" "$work/installed.out"
  fi
  make --no-print-directory -C "$top" uninstall PREFIX="$prefix" PYTHON="$py" > "$work/uninstall.log" 2>&1
  left=$(find "$prefix" -type f)
  if [ -n "$left" ]; then notok "make uninstall" "files left: $left" "$work/uninstall.log"; else ok "make uninstall: no file left"; fi
fi
rm -rf "$prefix"

# PREFIX=/usr/local (staged under DESTDIR): the module's folder is one that $py reads
stage=$work/stage
if make --no-print-directory -C "$top" install PREFIX=/usr/local DESTDIR="$stage" PYTHON="$py" > "$work/stage.log" 2>&1 \
   && staged=$(find "$stage" -name trisplit.py | head -n 1) && [ -n "$staged" ]; then
  dir=${staged#"$stage"}; dir=${dir%/trisplit.py}
  if "$py" -c 'import sys; sys.exit(0 if sys.argv[1] in sys.path else 1)' "$dir" \
     && grep -q "^INSTALLED_LIBDIR = '/usr/local/lib'$" "$staged"; then
    ok "make install PREFIX=/usr/local: trisplit.py in $dir (on $py's sys.path), INSTALLED_LIBDIR /usr/local/lib"
  else
    notok "make install PREFIX=/usr/local" "$dir is not on $py's sys.path, or INSTALLED_LIBDIR is not /usr/local/lib" "$work/stage.log"
  fi
else
  notok "make install PREFIX=/usr/local DESTDIR=..." "failed, or no trisplit.py" "$work/stage.log"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
