#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The closing GPU runs of a work session, in two device-tool calls (each under ten minutes):
#   here:    bash bench/gpu/run_final.sh pack            # after building a clean checkout (see below)
#   device:  bash bench/gpu/run_final.sh model           # carry [".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz",
#                                                        #   ".gpu/final", ".gpu/compare"]
#            bash bench/gpu/run_final.sh real            # the same carry plus ".gpu/matrices"
#            PROBLEMS=... bash bench/gpu/run_final.sh rerun  # (same carry as real) checks of later fixes, and
#                                                        # model problems that a first budget left out
# "model": the device checks (ex5, ex6, ex7, ex8, transpose against the expected outputs; forest_test: host ==
# device forests, scalar and 2x2 blocks, on the generated matrices), the MOS-a setup time vs N with its fitted
# exponent, the forest setup stages against one SpMV (bench_forest), then bench/compare on the model problems
# (core set and the sweep of the new PCs). "real": bench/compare on every matrix of ../shared/matrices (core
# set and m-sweep) and the per-column cost of PCMatApply (bench/multirhs), after the checks of the fixes made after
# the model run (ex8, transpose, test_rpts --quick, forest_test on the generated and real matrices).
# pack expects a build of the commit under test in $SRC (default /work/final, a git worktree):
#   . bench/gpu/petsc_env.sh --; P=$PETSC_CUDA_MAKE
#   make $P lib tutorials build/cuda/bench/multirhs/multirhs; make $P test search='tests-ex5_host tests-ex6_host
#   tests-ex7_serial tests-ex8_host tests-transpose_host'; make -f tests/kernels/forest.mk; make -f tests/kernels/mosa.mk
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
F=.gpu/final
case "${1:-}" in
pack)
  set -e
  SRC=${SRC:-/work/final}
  rm -rf /tmp/final_pack && mkdir -p /tmp/final_pack/{lib,bin}
  . bench/gpu/petsc_env.sh --
  ts_copy_lib "$SRC"/build/cuda/lib /tmp/final_pack/lib
  cp "$SRC"/build/cuda/tutorials/ex1 "$SRC"/build/cuda/tutorials/ex2 "$SRC"/build/cuda/bench/multirhs/multirhs /tmp/final_pack/bin/
  for t in ex5 ex6 ex7 ex8 transpose; do cp "$SRC"/build/cuda/tests/tests/$t /tmp/final_pack/bin/; done
  cp "$SRC"/.gpu/forest/forest_test "$SRC"/.gpu/forest/bench_forest "$SRC"/.gpu/mosa/mosa_test "$SRC"/.gpu/test_rpts /tmp/final_pack/bin/
  mkdir -p $F .gpu/compare
  tar cJf $F/bundle.tar.xz -C /tmp/final_pack lib bin
  cp "$SRC"/.gpu/compare/stamp "$SRC"/.gpu/compare/copybw .gpu/compare/
  (cd "$SRC" && git rev-parse --short HEAD) > .gpu/compare/commit.txt
  du -sh $F .gpu/compare
  exit 0 ;;
model|real|rerun) ;;
*) sed -n '2,16p' "$0"; exit 1 ;;
esac

OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
T0=$(date +%s)
B=/tmp/final
mkdir -p $B && tar xJf $F/bundle.tar.xz -C $B
. bench/gpu/petsc_env.sh -- $B/lib || exit 1
export EX1=$B/bin/ex1 EX2=$B/bin/ex2
GPU="-mat_type aijcusparse -vec_type cuda"
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; date -u +%Y-%m-%dT%H:%MZ; echo "commit $(cat .gpu/compare/commit.txt)"; } | tee "$OUT/gpu.txt"
its() { sed -n 's/.* in \([0-9]*\) iterations$/\1/p' | head -1; }
secs() { sed -n 's/.*times: setup \([0-9.]*\) s, solve \([0-9.]*\) s, total \([0-9.]*\) s/\1,\2,\3/p' | head -1; }
# the device checks: PASS/FAIL lines and a count (run inside one { ...; } so the counters add up)
pass=0 fail=0
# device outputs of the test programs against the expected ones: "PROGRAM ARGS:EXPECTED" ...
check_outputs() {
  local t cmd ref
  for t in "$@"; do
    cmd=${t%%:*} ref=${t#*:}
    timeout 120 $B/bin/$cmd > /tmp/t.out 2>&1
    if diff /tmp/t.out tests/output/$ref.out > /tmp/t.diff; then ts_check "$cmd (device) == tests/output/$ref.out" ok; else ts_check "$cmd (device)" no; head -12 /tmp/t.diff; fi
  done
}
# host == device forests, scalar and 2x2 blocks (forest_test on the generated matrices and the files given)
check_forests() {
  local rc
  timeout 150 $B/bin/forest_test "$@" > /tmp/forest_test.log 2>&1
  rc=$?; grep -E "^FAIL" /tmp/forest_test.log | head -5; tail -1 /tmp/forest_test.log
  [ $rc = 0 ] && ts_check "forest_test (host == device forests, scalar and 2x2 blocks, $# matrix files)" ok || ts_check "forest_test rc=$rc" no
}

if [ "$1" = rerun ]; then
  # after fixes: the checks they concern, and the model problems a short first budget left out (PROBLEMS)
  {
    check_outputs "ex8 -mat_type aijcusparse:ex8_host"
    check_forests .gpu/matrices/*.mtx.gz
    echo "$pass passed, $fail failed"
  } 2>&1 | tee "$OUT/checks.log"
  left=$((560 - ($(date +%s) - T0)))
  echo "== compare ($PROBLEMS), $left s left"
  BUDGET=$left MODEL_END=$((left - 30)) PASSES="model:core model:sweep" SWEEP_MODEL="algtri-b2-single mosa-m1 mosa-m3" \
    TIMEOUT_MODEL=20 LOGVIEW=0 bash bench/compare/run.sh device
elif [ "$1" = model ]; then
  {
    check_outputs "ex5 -n 512 $GPU:ex5_cuda" "ex6 $GPU:ex6_cuda" "ex7 -n 32 -device:ex7_cuda" "ex8 -mat_type aijcusparse:ex8_host" "transpose $GPU:transpose_cuda"
    check_forests
    timeout 90 $B/bin/mosa_test > /tmp/mosa_test.log 2>&1
    [ $? = 0 ] && ts_check "mosa_test (device MOS-a kernels == host)" ok || { ts_check "mosa_test" no; tail -3 /tmp/mosa_test.log; }
    timeout 60 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 $B/bin/ex8 -n 16 $GPU > /tmp/san.log 2>&1
    [ $? = 0 ] && ts_check "compute-sanitizer memcheck [ex8: 2x2 blocks incl. transpose]" ok || { ts_check "memcheck ex8" no; grep -m3 "ERROR\|Invalid" /tmp/san.log; }
    echo "$pass passed, $fail failed"
  } 2>&1 | tee "$OUT/checks.log"
  # MOS-a setup time vs N (ANISO2, ROT) and its fitted exponent
  export CUDA_MODULE_LOADING=EAGER
  KSP="-ksp_type gmres -ksp_gmres_restart 20 -ksp_rtol 1e-6 -ksp_pc_side right -ksp_max_it 10000"
  echo "problem,n,N,iterations,setup_s,solve_s,total_s" > "$OUT/mosa_setup.csv"
  for prob in aniso2 rot; do
    for n in 100 200 400 600 800 1200; do
      o=$(timeout 60 $EX1 -problem $prob -n $n $KSP -pc_type mosa $GPU -view_times 2>&1)
      echo "$prob,$n,$((n * n)),$(echo "$o" | its),$(echo "$o" | secs)" | tee -a "$OUT/mosa_setup.csv"
    done
  done
  python3 bench/mosa/fit.py "$OUT/mosa_setup.csv" | tee "$OUT/mosa_fit.txt"
  unset CUDA_MODULE_LOADING
  timeout 120 $B/bin/bench_forest --no-host --csv "$OUT/forest.csv" > "$OUT/bench_forest.log" 2>&1
  sed -n '/^times in ms/,$p' "$OUT/bench_forest.log" | cut -c1-150
  left=$((560 - ($(date +%s) - T0)))
  echo "== compare (model problems), $left s left"
  BUDGET=$left MODEL_END=$((left - 150)) PASSES="model:core model:sweep" SWEEP_MODEL="algtri-b2-single mosa-m1 mosa-m3" \
    TIMEOUT_MODEL=20 bash bench/compare/run.sh device
else
  {
    check_outputs "ex8 -mat_type aijcusparse:ex8_host" "transpose $GPU:transpose_cuda"
    timeout 60 $B/bin/test_rpts --quick > /tmp/test_rpts.log 2>&1
    rc=$?; tail -1 /tmp/test_rpts.log; [ $rc = 0 ] && ts_check "test_rpts --quick (RPTS, scalar and block, against the host)" ok || ts_check "test_rpts rc=$rc" no
    check_forests .gpu/matrices/*.mtx.gz
    echo "$pass passed, $fail failed"
  } 2>&1 | tee "$OUT/checks.log"
  timeout 100 $B/bin/multirhs -n 1200 -reps 10 -pc_type algtri -pc_algtri_block 2 $GPU 2>&1 | tee "$OUT/multirhs_gpu.txt"
  timeout 100 $B/bin/multirhs -n 1200 -reps 10 -pc_type mosa -pc_mosa_m 2 $GPU 2>&1 | tee -a "$OUT/multirhs_gpu.txt"
  left=$((560 - ($(date +%s) - T0)))
  echo "== compare (real matrices), $left s left"
  BUDGET=$left REAL_END=$((left - 60)) PASSES="real:core real:sweep" LOGVIEW=0 PAR=14 bash bench/compare/run.sh device
fi
echo "elapsed $(($(date +%s) - T0)) s"
