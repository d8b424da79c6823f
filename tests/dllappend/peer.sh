#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# tests/dllappend/peer.sh: peer tests. One of PETSc's own KSP tutorials (compiled unchanged, not linked
# with trisplit) runs every case of tests/dllappend/peer.cases that names it, each with the tutorial's
# default preconditioner and with -dll_append <libtrisplit.so> -pc_type algtri, mosd and altsplit
# (LD_BIND_NOW=1, -ksp_converged_reason -malloc_dump). It prints one line per run,
#   np 2 | -m 64 -n 64 | algtri | CONVERGED_RTOL 129
# (the converged reason and iteration count of each solve; no floating-point digits) and compares
# them with the expected output (diff -w). Counted like a harness test: LABEL (every run exited with
# status 0 and printed a converged reason) and diff-LABEL (the comparison). -m rewrites the expected
# output (make test REPLACE=1). Driven by gmakefile.test; by hand, for example:
#   MPIEXEC=mpiexec bash tests/dllappend/peer.sh -n ex2 -x build/tests/dllappend/peer/ex2 \
#     -l $PWD/lib/libtrisplit.so -d build/tests/dllappend/peer -s tests/dllappend/peer.cases \
#     -o tests/dllappend/output/peer_ex2.out
set -u

name="" exe="" lib="" dir="" label="" counts="" tap=/dev/null err=/dev/null quiet=false replace=false
cases="" expected="" matdir="" datafiles=""
while getopts "n:x:l:d:L:c:t:e:qms:o:M:D:" opt; do
  case $opt in
    n) name=$OPTARG ;;
    x) exe=$OPTARG ;;
    l) lib=$OPTARG ;;
    d) dir=$OPTARG ;;
    L) label=$OPTARG ;;
    c) counts=$OPTARG ;;
    t) tap=$OPTARG ;;
    e) err=$OPTARG ;;
    q) quiet=true ;;
    m) replace=true ;;
    s) cases=$OPTARG ;;
    o) expected=$OPTARG ;;
    M) matdir=$OPTARG ;;
    D) datafiles=$OPTARG ;;
    *) echo "usage: $0 -n tutorial -x exe -l libtrisplit.so -d workdir -s cases -o expected [-M matdir] [-D datafiles] [-L label] [-c counts] [-t tap] [-e err] [-q] [-m]" >&2; exit 2 ;;
  esac
done
if [ -z "$name" ] || [ -z "$exe" ] || [ -z "$lib" ] || [ -z "$dir" ] || [ -z "$cases" ] || [ -z "$expected" ]; then
  echo "$0: -n, -x, -l, -d, -s and -o are required" >&2
  exit 2
fi
label=${label:-tests_peer-$name}
mpiexec=${MPIEXEC:-mpiexec}
mkdir -p "$dir"
case $lib in /*) ;; *) lib=$PWD/$lib ;; esac

. "$(dirname "$0")/counts.sh"

out=$dir/peer_$name.out
: > "$out"
runfail=""
ncase=0
while read -r tut np args; do
  case $tut in ''|'#'*) continue ;; esac
  [ "$tut" = "$name" ] || continue
  ncase=$((ncase + 1))
  # shellcheck disable=SC2016
  xargs_=$(sed -e "s|\${MATDIR}|$matdir|g" -e "s|\${DATAFILES}|$datafiles|g" <<< "$args")
  for pc in default algtri mosd altsplit; do
    log=$dir/peer_${name}_${ncase}_$pc.log
    extra=""
    [ "$pc" = default ] || extra="-dll_append $lib -pc_type $pc"
    # shellcheck disable=SC2086
    LD_BIND_NOW=1 $mpiexec -n "$np" "$exe" $xargs_ $extra -ksp_converged_reason -malloc_dump > "$log" 2>&1 < /dev/null
    rc=$?
    res=$(sed -n -E 's/^ *Linear solve (converged|did not converge) due to ([A-Z_]+) iterations ([0-9]+).*/\2 \3/p' "$log" | paste -sd, - | sed 's/,/, /g')
    printf 'np %s | %s | %s | %s\n' "$np" "$args" "$pc" "${res:-no solve}" >> "$out"
    if [ $rc -ne 0 ]; then runfail="$runfail case $ncase $pc: exit status $rc, see $log;"
    elif [ -z "$res" ]; then runfail="$runfail case $ncase $pc: no converged reason, see $log;"
    fi
  done
done < "$cases"

if [ $ncase -eq 0 ]; then
  report "$label" not "no case for $name in $cases"
elif [ -n "$runfail" ]; then
  report "$label" not "$runfail"
else
  report "$label" OK
fi

if $replace; then
  mkdir -p "$(dirname "$expected")"
  cp "$out" "$expected"
  report "diff-$label" OK
elif [ ! -f "$expected" ]; then
  report "diff-$label" not "no expected output $expected (make test REPLACE=1 writes it)"
elif diff -w "$expected" "$out" > "$out.diff"; then
  report "diff-$label" OK
else
  report "diff-$label" not "output differs from $expected"
  if ! $quiet; then sed 's/^/#   /' "$out.diff"; fi
fi

finish
