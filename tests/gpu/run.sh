#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The GPU suite: every 'requires: cuda' harness test and the device modes of the kernel tests, on a machine with a
# GPU that has no compilers (docs/testing.md, "On the GPU machine"). Run from the top of the repository.
#
#   make check-gpu-pack          here (bash tests/gpu/run.sh pack): the library, the tutorials, every test program
#                                with its harness script and the kernel tests against the CUDA PETSc 3.25 bundle
#                                (bench/gpu/petsc_env.sh) into build/cuda, packed as .gpu/gpu-suite.tar.xz; the
#                                bundle's tarball is copied into .gpu/ beside it
#   bash tests/gpu/run.sh        on the GPU machine, with .gpu/ carried: unpacks both (PETSc into /opt), points the
#                                harness scripts at this checkout, runs the 'requires: cuda' tests (the harness's
#                                'ok'/'not ok' lines and summary) and tests/kernels/run.sh device; nothing is built
#   bash tests/gpu/run.sh --dry-run   here, after the pack step: the same steps in a copy of the checkout (another
#                                path, as on the GPU machine), with host tests that read the same expected outputs
#                                instead of the cuda ones and the kernel host simulations instead of the device runs
# The last line is 'N passed, N failed, N skipped' (harness tests and kernel runs together); the status is non-zero
# on any failure. Knobs: TESTS='name ...' (a subset of the harness tests), KERNELS=0 (no kernel tests), OUT (a copy
# of the logs goes there when set, as the device tool's $OUT).
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
top=$PWD
B=build/cuda
SUITE=.gpu/gpu-suite.tar.xz
# host tests whose expected outputs the cuda tests share (the dry run's list)
DRY_TESTS="tests-ex3_serial tests-ex3_mpi tests-ex7_device_on_host tests-ex8_host_mpi tests-transpose_host_mpi
  tests-determinism_charged_mpi tutorials-ex1_mosd_m2 tutorials-ex1_factor_n1 tutorials-ex2_pde2961_algtri tutorials-ex4_mosa"

pack() {
  set -e
  . bench/gpu/petsc_env.sh --
  export PATH=$PATH:/usr/local/cuda/bin
  read -r -a mk <<< "$PETSC_CUDA_MAKE"
  make --no-print-directory -j2 "${mk[@]}" lib tutorials kernel-tests
  make --no-print-directory -j2 "${mk[@]}" -f gmakefile.test test-executables
  mkdir -p $B/tests/gpu .gpu
  make -s --no-print-directory "${mk[@]}" -f gmakefile.test print-test query=requires queryval=cuda | tr ' ' '\n' | grep . > $B/tests/gpu/cuda-tests.txt
  echo "$DRY_TESTS" | tr ' ' '\n' | grep . > $B/tests/gpu/dry-tests.txt
  echo "$top" > $B/tests/gpu/root.txt
  git describe --always --dirty > $B/tests/gpu/commit.txt
  # the library (with its symlinks), the test programs and their scripts, the kernel tests: no objects, no logs
  (cd $B/tests && find tests tutorials -maxdepth 1 \( -name 'run*.sh' -o -type f -perm -u+x ! -name '*.*' \)) | sed "s|^|$B/tests/|" > $B/tests/gpu/files.txt
  ls $B/tests/kernels/{forest_test,mosa_test,block_check_test,gttrf_check_test,test_rpts,mosa_sim,host_sim_rpts,acc_sim} >> $B/tests/gpu/files.txt
  tar cJf $SUITE $B/lib $B/tests/gpu -T $B/tests/gpu/files.txt
  [ -f ".gpu/$PETSC_CUDA_TARBALL" ] || cp "${PETSC_CUDA_TARBALL_PATH:-${SHARED:-../shared}/gpu/$PETSC_CUDA_TARBALL}" .gpu/
  echo "$(grep -c . $B/tests/gpu/cuda-tests.txt) cuda tests; carry .gpu ($(du -sh .gpu | cut -f1)):"
  ls -l $SUITE ".gpu/$PETSC_CUDA_TARBALL"
}

dry=false
case "${1:-}" in
pack) pack; exit ;;
--dry-run)
  # a copy of the checkout elsewhere (tracked and untracked files, .gpu), so that the path fix is exercised too
  [ -f $SUITE ] || { echo "no $SUITE: run 'make check-gpu-pack' first"; exit 1; }
  copy=$(mktemp -d /tmp/trisplit-gpu-dry.XXXXXX)
  { git ls-files; git ls-files --others --exclude-standard; } | grep -v '^build/' | tar cf - -T - | tar xf - -C "$copy"
  mkdir -p "$copy/.gpu" && cp $SUITE "$copy/.gpu/"
  echo "# dry run in $copy"
  DRY=1 bash "$copy/tests/gpu/run.sh" "${@:2}"; rc=$?
  rm -rf "$copy"
  exit $rc ;;
"") ;;
*) sed -n '3,19p' "$0"; exit 2 ;;
esac
[ "${DRY:-0}" = 1 ] && dry=true

t0=$SECONDS
[ -f $SUITE ] || { echo "no $SUITE (make check-gpu-pack, then carry .gpu)"; echo "0 passed, 1 failed, 0 skipped"; exit 1; }
tar xJf $SUITE || { echo "0 passed, 1 failed, 0 skipped"; exit 1; }
. bench/gpu/petsc_env.sh -- $B/lib || { echo "0 passed, 1 failed, 0 skipped"; exit 1; }
echo "# commit $(cat $B/tests/gpu/commit.txt), packed in $(cat $B/tests/gpu/root.txt), run in $top"
if command -v nvidia-smi > /dev/null; then nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | sed 's/^/# GPU /'; fi
# the harness scripts name the checkout they were generated in: name this one
old=$(cat $B/tests/gpu/root.txt)
if [ "$old" != "$top" ]; then
  grep -l -F "$old" $B/tests/tests/run*.sh $B/tests/tutorials/run*.sh | xargs -r sed -i "s|$old|$top|g"
fi

# the harness tests: each script as PETSc's gmakefile.test runs it, counts in $B/tests/counts
T=$B/tests
list=$T/gpu/cuda-tests.txt; $dry && list=$T/gpu/dry-tests.txt
tests=${TESTS:-$(cat $list)}
rm -rf $T/counts && mkdir -p $T/counts
: > $T/test__tap.log; : > $T/test__err.log
for name in $tests; do
  script=$T/${name%%-*}/run${name#*-}.sh
  if [ -x "$script" ]; then "$script"
  else echo "not ok $name # no script $script"; printf 'total 1\nsuccess 0\nfailed 1\nfailures %s\ntime\n' "$name" > $T/counts/$name.counts; fi
done
python3 /opt/petsc-cuda-mpi/share/petsc/examples/config/report_tests.py -d $T/counts -t 5 -e $((SECONDS - t0)) -s 2> /dev/null || true
eval "$(cat /dev/null $T/counts/*.counts | awk '$1=="success"{s+=$2} $1=="failed"{f+=$2} $1=="todo"||$1=="skip"{k+=$2} END{printf "passed=%d failed=%d skipped=%d", s, f, k}')"
echo "# harness: $passed passed, $failed failed, $skipped skipped"
[ $((passed + failed + skipped)) -eq 0 ] && failed=$((failed + 1))

# the kernel tests (what 'make kernel-device' runs; 'make kernel-sim' in the dry run)
if [ "${KERNELS:-1}" != 0 ]; then
  mode=device; $dry && mode=sim
  bash tests/kernels/run.sh -d $T/kernels $mode | tee $T/kernels/run.log
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' $T/kernels/run.log | tail -n 1)
  if [ -n "$line" ]; then read -r kp kf <<< "$(sed -E 's/^([0-9]+) passed, ([0-9]+) failed$/\1 \2/' <<< "$line")"
  else kp=0 kf=1; fi
  passed=$((passed + kp)); failed=$((failed + kf))
fi
if [ -n "${OUT:-}" ]; then mkdir -p "$OUT" && cp $T/test__tap.log $T/test__err.log "$OUT/" 2>/dev/null; cp -r $T/kernels/logs "$OUT/kernel-logs" 2>/dev/null; fi
echo "# done in $((SECONDS - t0)) s"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
