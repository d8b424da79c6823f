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
for t in (trisplit.PC_ALGTRI, trisplit.PC_MOSD, trisplit.PC_MOSA, trisplit.PC_ALTSPLIT):
    pc = PETSc.PC().create()
    pc.setType(t)
    assert pc.getType() == t, (pc.getType(), t)
    pc.destroy()
print('late loading: 4 PC types registered')
EOF
if "$py" "$work/late.py" "$top/tutorials/python" > "$work/late.out" 2>&1 && grep -q 'registered' "$work/late.out"; then
  ok "late loading (PETSc imported first): 4 PC types registered"
else
  notok "late loading" "PCSetType failed after PETSc was imported first" "$work/late.out"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
