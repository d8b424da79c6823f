#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# tests/dllappend: load trisplit into an unmodified PETSc program.
#
# PETSc's KSP tutorial ex2 (src/ksp/ksp/tutorials/ex2.c), compiled as PETSc ships it and not linked
# with trisplit, is run twice:
#   1. -dll_append <libtrisplit.so> -pc_type algtri: PETSc dlopen()s the plugin and calls
#      PetscDLLibraryRegister_trisplit(); the solve must succeed, -ksp_view must show the PC type
#      algtri and -ksp_converged_reason a converged solve;
#   2. -pc_type algtri without the plugin: must fail (the type is unknown to plain PETSc), proving
#      that run 1 got algtri from the plugin.
# Writes a PETSc-harness counts file so that gmakefile.test's summary counts it, and TAP lines like
# the harness ('ok LABEL', 'not ok LABEL # reason'). Driven by gmakefile.test; by hand:
#   MPIEXEC=mpiexec bash tests/dllappend/run.sh -x build/tests/dllappend/ex2 -l $PWD/lib/libtrisplit.so \
#     -d build/tests/dllappend -L tests_dllappend-ex2 -c /tmp/ex2.counts
set -u

exe="" lib="" dir="" label="tests_dllappend-ex2" counts="" tap=/dev/null err=/dev/null quiet=false
while getopts "x:l:d:L:c:t:e:q" opt; do
  case $opt in
    x) exe=$OPTARG ;;
    l) lib=$OPTARG ;;
    d) dir=$OPTARG ;;
    L) label=$OPTARG ;;
    c) counts=$OPTARG ;;
    t) tap=$OPTARG ;;
    e) err=$OPTARG ;;
    q) quiet=true ;;
    *) echo "usage: $0 -x ex2 -l libtrisplit.so -d workdir [-L label] [-c counts] [-t taplog] [-e errlog] [-q]" >&2; exit 2 ;;
  esac
done
if [ -z "$exe" ] || [ -z "$lib" ] || [ -z "$dir" ]; then
  echo "$0: -x, -l and -d are required" >&2
  exit 2
fi
mpiexec=${MPIEXEC:-mpiexec}
mkdir -p "$dir"
case $lib in /*) ;; *) lib=$PWD/$lib ;; esac

. "$(dirname "$0")/counts.sh"

opts="-ksp_converged_reason -ksp_view"
out=$dir/ex2_dllappend.out
# shellcheck disable=SC2086
# LD_BIND_NOW: resolve every symbol of the plugin when it is loaded, so that a function the PETSc at
# hand lacks fails here, not only once a rarely taken path calls it.
LD_BIND_NOW=1 $mpiexec -n 1 "$exe" -dll_append "$lib" -pc_type algtri $opts > "$out" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
  report "$label" not "exit status $rc, see $out"
elif ! grep -Eq '^ *type: algtri' "$out"; then
  report "$label" not "-ksp_view shows no PC of type algtri, see $out"
elif ! grep -q 'Linear solve converged due to' "$out"; then
  report "$label" not "did not converge, see $out"
else
  report "$label" OK
fi
if [ $failed -ne 0 ] && ! $quiet; then sed 's/^/#   /' "$out" | head -40; fi

ctl=$dir/ex2_control.out
# shellcheck disable=SC2086
{ $mpiexec -n 1 "$exe" -pc_type algtri $opts > "$ctl" 2>&1; } 2> /dev/null  # it aborts: keep the shell quiet
rc=$?
if [ $rc -ne 0 ] && grep -q 'algtri' "$ctl"; then
  report "$label+control" OK
else
  report "$label+control" not "without -dll_append, -pc_type algtri should fail naming algtri (status $rc), see $ctl"
fi

finish
