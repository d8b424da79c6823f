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
#                                'ok'/'not ok' lines and summary), tests/kernels/run.sh device (what make kernel-device
#                                runs) and compute-sanitizer memcheck of the PETSc programs on the GPU; builds nothing
#   bash tests/gpu/run.sh --dry-run   here, after the pack step: the same steps in a copy of the checkout (another
#                                path, as on the GPU machine), with host tests that read the same expected outputs
#                                instead of the cuda ones and the kernel host simulations instead of the device runs
# The parts (harness: the 'requires: cuda' tests; kernels: the kernel tests' device modes; sanitizer: every
# compute-sanitizer run) run one after the other, each with up to JOBS commands at once
# (default: the cores, at most 8; on a machine of several GPUs the one-process sanitizer runs go round the GPUs), so
# that the whole suite fits one call of the GPU machine. The last line is
# 'N passed, N failed, N skipped' (harness tests, kernel runs and sanitizer runs together); the status is non-zero
# on any failure. Knobs: PARTS (default 'harness kernels sanitizer': any of them), TESTS='name ...' (a subset of
# the harness tests), JOBS, OUT (a copy of the logs goes there when set).
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
  ls $B/tests/kernels/{forest_test,mosa_test,block_check_test,gttrf_check_test,definite_test,test_rpts,mosa_sim,host_sim_rpts,acc_sim,triamg_test,triamg_test_smallhash} >> $B/tests/gpu/files.txt
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
  if grep -q -F "$old" $B/tests/tests/run*.sh $B/tests/tutorials/run*.sh; then echo "# the harness scripts still name $old"; echo "0 passed, 1 failed, 0 skipped"; exit 1; fi
  echo "# harness scripts: $old -> $top"
fi

T=$B/tests
parts=" ${PARTS:-harness kernels sanitizer} "
# Open MPI binds the ranks of every mpiexec to the first cores: the MPI tests that run at once would share two cores
export OMPI_MCA_hwloc_base_binding_policy=none
JOBS=${JOBS:-$(n=$(nproc); [ "$n" -gt 8 ] && n=8; echo "$n")}
# the GPUs this run may use: CUDA_VISIBLE_DEVICES's list where it is set, else every GPU nvidia-smi lists
if [ -n "${CUDA_VISIBLE_DEVICES:-}" ]; then TS_GPU_LIST=$CUDA_VISIBLE_DEVICES
else TS_GPU_LIST=$( (nvidia-smi -L 2> /dev/null || true) | grep -c '^GPU' | awk '{for (i = 0; i < $1; i++) printf "%s%d", i ? "," : "", i}'); fi
export TS_GPU_LIST
IFS=, read -r -a gpu_list <<< "${TS_GPU_LIST:-0}"
GPUS=${#gpu_list[@]}
echo "# GPUs used: ${TS_GPU_LIST:-default}"
passed=0 failed=0 skipped=0
# add_line LOG: add the closing 'N passed, N failed' line of LOG to the totals (one failure if it has none)
add_line() {
  local line kp kf
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$1" | tail -n 1)
  if [ -n "$line" ]; then read -r kp kf <<< "$(sed -E 's/^([0-9]+) passed, ([0-9]+) failed$/\1 \2/' <<< "$line")"
  else kp=0 kf=1; fi
  passed=$((passed + kp)); failed=$((failed + kf))
}

# run_list N DIR [GPUS]: the commands of standard input ('LABEL COMMAND...', one a line) with up to N at once, each
# output in DIR/LABEL.out and its status in DIR/LABEL.rc; then every output in the order of the list. With GPUS > 1
# the k-th command sees only the GPU k mod GPUS of TS_GPU_LIST (one-process runs on a machine of several GPUs)
run_list() {
  local n=$1 d=$2 gpus=${3:-1} label cmd labels=() k=0
  mkdir -p "$d"
  while read -r label cmd; do
    while [ "$(jobs -rp | wc -l)" -ge "$n" ]; do wait -n || true; done
    [ "$gpus" -gt 1 ] && cmd="CUDA_VISIBLE_DEVICES=${gpu_list[$((k % gpus))]} $cmd"
    k=$((k + 1))
    { rc=0; bash -c "$cmd" > "$d/$label.out" 2>&1 < /dev/null || rc=$?; echo $rc > "$d/$label.rc"; } &
    labels+=("$label")
  done
  wait
  for label in "${labels[@]}"; do cat "$d/$label.out"; done
}

# the harness tests: each script as PETSc's gmakefile.test runs it (up to $JOBS at once, as make -j does), counts
# in $B/tests/counts
harness_part() {
  local passed=0 failed=0 skipped=0 list name script exe tests
  list=$T/gpu/cuda-tests.txt; $dry && list=$T/gpu/dry-tests.txt
  if $dry; then # the GPU run's list must find its scripts and programs too
    for name in $(cat $T/gpu/cuda-tests.txt); do
      script=$T/${name%%-*}/run${name#*-}.sh
      exe=$(sed -n "s/^executable='\(.*\)'$/\1/p" "$script" 2>/dev/null)
      if [ -x "$script" ] && [ -x "$(dirname "$script")/${exe#../}" ]; then passed=$((passed + 1))
      else failed=$((failed + 1)); echo "not ok $name: no script $script or no program"; fi
    done
    echo "# the GPU run's $(grep -c . $T/gpu/cuda-tests.txt) tests: $passed scripts and programs found, $failed missing"
  fi
  tests=${TESTS:-$(cat $list)}
  rm -rf $T/counts $T/harness && mkdir -p $T/counts
  : > $T/test__tap.log; : > $T/test__err.log
  for name in $tests; do
    script=$T/${name%%-*}/run${name#*-}.sh
    if [ -x "$script" ]; then echo "$name $script"
    else echo "$name echo 'not ok $name # no script $script'; printf 'total 1\nsuccess 0\nfailed 1\nfailures %s\ntime\n' $name > $T/counts/$name.counts"; fi
  done | run_list "$JOBS" $T/harness
  python3 /opt/petsc-cuda-mpi/share/petsc/examples/config/report_tests.py -d $T/counts -t 5 -e $((SECONDS - t0)) -s 2> /dev/null || true
  local sp=$passed sf=$failed
  eval "$(cat /dev/null $T/counts/*.counts | awk '$1=="success"{s+=$2} $1=="failed"{f+=$2} $1=="todo"||$1=="skip"{k+=$2} END{printf "passed=%d failed=%d skipped=%d", s, f, k}')"
  passed=$((passed + sp)) failed=$((failed + sf))
  [ $((passed + failed + skipped)) -eq 0 ] && failed=$((failed + 1))
  echo "# harness: $passed passed, $failed failed, $skipped skipped"
}

# the kernel tests' plain device runs ('make kernel-sim' in the dry run), up to JOBS at once (their host references
# take most of the time)
kernels_part() {
  local mode=device
  $dry && mode=sim
  bash tests/kernels/run.sh -d $T/kernels -s plain -j "$JOBS" $mode | tee $T/kernels/run.log
  add_line $T/kernels/run.log
  echo "# kernels: $passed passed, $failed failed, 0 skipped"
}

# compute-sanitizer: memcheck of the kernel tests' quick modes and racecheck of the permuted RPTS solves
# (tests/kernels/run.sh -s sanitizer); memcheck of the PETSc programs on the GPU: the forest build, RPTS, the
# splittings and triamg (tutorials/ex1), the repair and the block factors (tests/ex3), MOS-a on the device (tests/ex7),
# the RPTS MatSolverType (tests/ex5), PCMatApply (tests/ex6); racecheck and initcheck of algtri and of the RPTS
# solver. Racecheck skips cuSPARSE's SpMV kernel (csrmv_v3_kernel, PETSc's MatMult), in which it reports shared-memory
# hazards of NVIDIA's code in every program that multiplies by a MATAIJCUSPARSE (bench/results/sanitizers).
# Not in the dry run (no GPU here)
sanitizer_part() {
  local GPU="-mat_type aijcusparse -vec_type cuda" tool label cmd n=0 f=0 d=$T/sanitizer/logs half=$(((JOBS + 1) / 2)) skip
  rm -rf $d && mkdir -p $d
  bash tests/kernels/run.sh -d $T/kernels -s sanitizer -j $half device > $T/kernels/sanitizer.log 2>&1 &
  while read -r tool label cmd; do
    skip=""; [ $tool = racecheck ] && skip="--kernel-name-exclude kns=csrmv_v3_kernel"
    echo "$tool-$label timeout 300 ${COMPUTE_SANITIZER:-/usr/local/cuda/bin/compute-sanitizer} --tool $tool $skip --error-exitcode 9 --print-limit 20 $cmd"
  done <<EOS | run_list "$half" $d "$GPUS" > /dev/null
memcheck ex1_algtri $T/tutorials/ex1 -problem aniso2 -n 32 -pc_type algtri $GPU
memcheck ex1_mosd $T/tutorials/ex1 -problem aniso2 -n 32 -pc_type mosd -pc_mosd_m 2 $GPU
memcheck ex1_altsplit $T/tutorials/ex1 -problem aniso2 -n 32 -pc_type altsplit -pc_altsplit_m 2 $GPU
memcheck ex1_block $T/tutorials/ex1 -problem aniso2 -n 32 -pc_type algtri -pc_algtri_block 2 $GPU
memcheck ex1_factor_n1 $T/tutorials/ex1 -problem rot -n 32 -pc_algtri_factor_n 1 $GPU
memcheck ex1_triamg $T/tutorials/ex1 -problem rot -n 32 -pc_type triamg $GPU
memcheck ex3 $T/tests/ex3 -n 100 -mat_type aijcusparse
memcheck ex7 $T/tests/ex7 -n 16 -device
memcheck ex5 $T/tests/ex5 -n 512 $GPU
memcheck ex6 $T/tests/ex6 -n 32 $GPU
racecheck ex1_algtri $T/tutorials/ex1 -problem aniso2 -n 32 -pc_type algtri $GPU
racecheck ex5 $T/tests/ex5 -n 512 $GPU
initcheck ex1_algtri $T/tutorials/ex1 -problem aniso2 -n 32 -pc_type algtri $GPU
initcheck ex5 $T/tests/ex5 -n 512 $GPU
EOS
  wait
  cat $T/kernels/sanitizer.log
  add_line $T/kernels/sanitizer.log
  {
    for rc in $d/*.rc; do
      label=$(basename "$rc" .rc) n=$((n + 1))
      if [ "$(cat "$rc")" = 0 ]; then echo "ok $label"
      else f=$((f + 1)); echo "not ok $label"; tail -n 15 "$d/$label.out" | sed 's/^/#   /'; fi
    done
    echo "$((n - f)) passed, $f failed"
  } | tee $T/sanitizer/run.log
  add_line $T/sanitizer/run.log
  echo "# sanitizer: $passed passed, $failed failed, 0 skipped"
}

# the parts one after the other (the GPU is time-sliced between processes: the sanitized kernels would slow the
# harness's many short launches past their timeouts), each report printed whole
mkdir -p $T/parts
passed=0 failed=0 skipped=0
for part in harness kernels sanitizer; do
  [[ $parts == *" $part "* ]] || continue
  [ $part = sanitizer ] && $dry && continue
  ts=$SECONDS
  (passed=0 failed=0; ${part}_part) > $T/parts/$part.out 2>&1
  echo "# $part part: $((SECONDS - ts)) s" >> $T/parts/$part.out
  cat $T/parts/$part.out
  line=$(grep -E "^# $part: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$" $T/parts/$part.out | tail -n 1)
  if [ -n "$line" ]; then
    read -r kp kf ks <<< "$(sed -E 's/^# [a-z]+: ([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped$/\1 \2 \3/' <<< "$line")"
  else kp=0 kf=1 ks=0; echo "# the $part part ended without its summary"; fi
  passed=$((passed + kp)) failed=$((failed + kf)) skipped=$((skipped + ks))
done
if [ -n "${OUT:-}" ]; then
  mkdir -p "$OUT" && tar czf "$OUT/gpu-logs.tar.gz" $T/test__tap.log $T/test__err.log $T/parts $T/harness $T/kernels/logs $T/sanitizer/logs 2>/dev/null
fi
echo "# done in $((SECONDS - t0)) s"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
