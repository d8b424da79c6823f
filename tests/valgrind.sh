#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# tests/valgrind.sh: a representative subset of the suite under valgrind memcheck (run by
# 'make -f gmakefile.test valgrind-check', which builds what it needs; CI runs it).
#
# Every case runs as  [mpiexec -n NP] valgrind --tool=memcheck --leak-check=full
#   --errors-for-leak-kinds=definite --error-exitcode=42 --suppressions=tests/valgrind.supp EXE ARGS -malloc_dump
# and passes when it exits with status 0: no invalid read or write, no use of uninitialised values, no
# definite leak outside Open MPI (tests/valgrind.supp drops the stacks that pass through Open MPI, PMIx,
# hwloc, libevent or the dynamic loader) and no PETSc memory left at PetscFinalize() (-malloc_dump).
# Prints 'ok valgrind-NAME' / 'not ok valgrind-NAME # ...' per case and, last, 'N passed, N failed,
# 0 skipped'; exit status non-zero if any failed. Logs: WORKDIR/NAME.log.
#
#   bash tests/valgrind.sh -T build/tests -d build/tests/valgrind [-m matrices] [-k case-pattern]
set -u

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
testdir="" dir="" matrices=${TRISPLIT_MATRICES:-$top/../shared/matrices} pattern='*'
while getopts "T:d:m:k:" opt; do
  case $opt in
    T) testdir=$OPTARG ;;
    d) dir=$OPTARG ;;
    m) matrices=$OPTARG ;;
    k) pattern=$OPTARG ;;
    *) echo "usage: $0 -T testdir -d workdir [-m matrices] [-k case-pattern]" >&2; exit 2 ;;
  esac
done
if [ -z "$testdir" ] || [ -z "$dir" ]; then echo "$0: -T and -d are required" >&2; exit 2; fi
mpiexec=${MPIEXEC:-mpiexec}
mkdir -p "$dir"
if ! command -v valgrind > /dev/null; then
  echo "not ok valgrind # valgrind is not installed (apt-get install valgrind)"
  echo "0 passed, 1 failed, 0 skipped"
  exit 1
fi
VG=(valgrind -q --tool=memcheck --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite
    --error-exitcode=42 --num-callers=40 --suppressions="$top/tests/valgrind.supp")

# NAME NP EXE ARGS...
cases=(
  "ex1_algtri        1 tutorials/ex1 -problem aniso1 -n 32 -pc_type algtri"
  "ex1_mosd          1 tutorials/ex1 -problem aniso1 -n 32 -pc_type mosd"
  "ex1_altsplit      1 tutorials/ex1 -problem aniso1 -n 32 -pc_type altsplit"
  "ex1_convdiff      1 tutorials/ex1 -problem convdiff -n 32 -pc_type algtri -pc_algtri_pivoting partial"
  "ex1_algtri_mpi    2 tutorials/ex1 -problem aniso1 -n 32 -pc_type algtri"
  "ex2_sherman1      1 tutorials/ex2 -f $matrices/sherman1.mtx.gz -pc_type mosd"
  "ex3               1 tests/ex3"
  "ex3_mpi           2 tests/ex3"
  "ex7_mosa          1 tests/ex7 -n 16"
  "ex7_mosa_mpi      2 tests/ex7 -n 16"
)

passed=0 failed=0
start=$(date +%s)
for c in "${cases[@]}"; do
  read -r name np exe args <<< "$c"
  # shellcheck disable=SC2254
  case $name in $pattern) ;; *) continue ;; esac
  log=$dir/$name.log
  t0=$(date +%s)
  # shellcheck disable=SC2086
  (cd "$dir" && $mpiexec -n "$np" "${VG[@]}" "$testdir/$exe" $args -malloc_dump) > "$log" 2>&1 < /dev/null
  rc=$?
  t=$(( $(date +%s) - t0 ))
  if [ $rc -eq 0 ]; then
    echo "ok valgrind-$name (${t} s)"; passed=$((passed + 1))
  else
    why="exit status $rc"
    [ $rc -eq 42 ] && why="valgrind found errors"
    echo "not ok valgrind-$name # $why, see $log"; failed=$((failed + 1))
    grep -E '^==[0-9]+== ' "$log" | head -30 | sed 's/^/#   /'
  fi
done
echo "# valgrind-check: $((passed + failed)) cases in $(( $(date +%s) - start )) s"
echo "$passed passed, $failed failed, 0 skipped"
[ $failed -eq 0 ] && [ $passed -gt 0 ]
