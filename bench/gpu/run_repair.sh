#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# One device call that checks issues 20 and 21 on the GPU against the host's expected outputs:
#   here:   bash bench/gpu/run_repair.sh pack    # after building against the 3.25 bundle in build/cme:
#           make PETSC_DIR=/opt/petsc-cuda-mpi BUILD=build/cme LIBDIR=build/cme/lib TUTDIR=build/cme/tutorials lib tutorials
#           make PETSC_DIR=/opt/petsc-cuda-mpi BUILD=build/cme LIBDIR=build/cme/lib TUTDIR=build/cme/tutorials \
#                test search='tests-ex3_serial tests-ex7_serial'      (builds the test programs; their host runs pass)
#   device: bash bench/gpu/run_repair.sh run     # carry [".gpu/repair_bins.tar.xz", ".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz"]
# (.gpu/ is shared with the other GPU scripts: this one packs into .gpu/repair_bins.tar.xz only.)
# run writes to $OUT:
#   repair.log   every output and PASS/FAIL line;
#   checks.log   the PASS/FAIL lines:
#     - tests/ex3 with -mat_type aijcusparse on 1, 2, 3 ranks == the host's ex3_serial/_mpi/_mpi3 outputs: the
#       zero-pivot repair (shift nonzero) and its absence (shift none: DIVERGED_PC_FAILED, FACTOR_NUMERIC_ZEROPIVOT)
#       of scalar and 2x2 block factors, the block factor checked with the host's elimination (issue 20);
#     - tests/ex3 -pc_algtri_pivoting none on the GPU == ex3_nopivot.out (a 2x2 block zero pivot without pivoting);
#     - tests/ex7 -device (1 rank) == ex7_cuda.out, written on the host by ex7 -device -device_on_host: MOS-a's
#       repair (level 0 shifted, level 1 dropped) and the forests kept over 20 setups (issue 21), and 2 ranks
#       == bench/gpu/repair_expected/ex7_device_np2.out (the same, host-written);
#     - compute-sanitizer memcheck of tests/ex3 and tests/ex7 -device (the repair's host round trips);
#   timing.csv   MOS-a's setup per step on the GPU with and without forest reuse (tutorials/ex3 -type mosa,
#                20 steps, -log_view's PCSetUp and TriSplit events).
set -u
cd "$(dirname "$0")/../.."
case "${1:-}" in
pack)
  set -e
  . bench/gpu/petsc_env.sh --
  B=${B:-build/cme}
  rm -rf .gpu/repair && mkdir -p .gpu/repair/tests .gpu/repair/tutorials
  [ -f .gpu/$PETSC_CUDA_TARBALL ] || cp "${SHARED:-../shared}/gpu/$PETSC_CUDA_TARBALL" .gpu/
  ts_copy_lib $B/lib .gpu/repair/lib
  for t in ex3 ex7; do cp $B/tests/tests/$t .gpu/repair/tests/; done
  cp $B/tutorials/ex3 .gpu/repair/tutorials/
  git rev-parse --short HEAD > .gpu/repair/commit.txt
  tar cJf .gpu/repair_bins.tar.xz -C .gpu repair && rm -rf .gpu/repair
  du -sh .gpu/repair_bins.tar.xz
  exit 0 ;;
run) ;;
*) sed -n '2,25p' "$0"; exit 1 ;;
esac

OUT=${OUT:-/tmp/out}
mkdir -p "$OUT/extra"
tar xJf .gpu/repair_bins.tar.xz -C .gpu
. bench/gpu/petsc_env.sh -- .gpu/repair/lib || exit 1
R=.gpu/repair
pass=0 fail=0
# same OUTPUT REF: the output equals the expected output (or its _alt variant)
same() { diff -q "$1" "$2" > /dev/null || { [ -f "${2%.out}_alt.out" ] && diff -q "$1" "${2%.out}_alt.out" > /dev/null; }; }
{
  { nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%Y-%m-%dT%H:%MZ; echo "commit $(cat $R/commit.txt)"; } | tee "$OUT/device.txt"
  echo "== tests/ex3 on the GPU against the host's expected outputs (repair, block factors checked)"
  for t in "1:ex3_serial" "2:ex3_mpi" "3:ex3_mpi3"; do
    np=${t%%:*} ref=tests/output/${t#*:}.out
    timeout 300 mpiexec -n $np $R/tests/ex3 -mat_type aijcusparse -malloc_dump > "$OUT/extra/ex3_gpu_np$np.out" 2>&1
    if same "$OUT/extra/ex3_gpu_np$np.out" $ref; then ts_check "tests/ex3 on the GPU, $np rank(s) == $ref" ok; else ts_check "tests/ex3 on the GPU, $np rank(s) == $ref" no; diff "$OUT/extra/ex3_gpu_np$np.out" $ref | head -20; fi
  done
  timeout 300 $R/tests/ex3 -mat_type aijcusparse -pc_algtri_pivoting none -malloc_dump > "$OUT/extra/ex3_gpu_nopivot.out" 2>&1
  if same "$OUT/extra/ex3_gpu_nopivot.out" tests/output/ex3_nopivot.out; then ts_check "tests/ex3 -pc_algtri_pivoting none on the GPU == ex3_nopivot.out" ok; else ts_check "tests/ex3 -pc_algtri_pivoting none on the GPU" no; diff "$OUT/extra/ex3_gpu_nopivot.out" tests/output/ex3_nopivot.out | head -20; fi

  echo "== tests/ex7 -device: MOS-a's repair and its forests kept across 20 setups, on the GPU"
  timeout 500 $R/tests/ex7 -n 32 -device > "$OUT/extra/ex7_device_np1.out" 2>&1
  if same "$OUT/extra/ex7_device_np1.out" tests/output/ex7_cuda.out; then ts_check "tests/ex7 -device, 1 rank == ex7_cuda.out" ok; else ts_check "tests/ex7 -device, 1 rank" no; diff "$OUT/extra/ex7_device_np1.out" tests/output/ex7_cuda.out | head -20; fi
  timeout 500 mpiexec -n 2 $R/tests/ex7 -n 32 -device > "$OUT/extra/ex7_device_np2.out" 2>&1
  if same "$OUT/extra/ex7_device_np2.out" bench/gpu/repair_expected/ex7_device_np2.out; then ts_check "tests/ex7 -device, 2 ranks == the host's" ok; else ts_check "tests/ex7 -device, 2 ranks" no; diff "$OUT/extra/ex7_device_np2.out" bench/gpu/repair_expected/ex7_device_np2.out | head -20; fi

  echo "== compute-sanitizer memcheck"
  for t in "ex3 -n 100 -mat_type aijcusparse" "ex7 -n 16 -device"; do
    timeout 500 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 $R/tests/$t > "$OUT/extra/memcheck_${t%% *}.log" 2>&1
    rc=$?; grep "ERROR SUMMARY" "$OUT/extra/memcheck_${t%% *}.log" | tail -1
    [ $rc = 0 ] && ts_check "compute-sanitizer memcheck [tests/$t]" ok || ts_check "compute-sanitizer memcheck [tests/$t]" no
  done

  echo "== MOS-a's setup per step on the GPU, forests kept or rebuilt (tutorials/ex3 -type mosa, 20 steps)"
  echo "n,reuse,pcsetup_count,pcsetup_s,forest_count,forest_s,product_s,graph_s,factor_s" > "$OUT/timing.csv"
  for n in 256 1024; do
    for reuse in 1 0; do
      o=$(timeout 300 $R/tutorials/ex3 -type mosa -n $n -pc_mosa_reuse_forest $reuse -mat_type aijcusparse -vec_type cuda -log_view 2>&1)
      ev() { echo "$o" | awk -v e="$1" '$1 == e {print $2 "," $4; exit}'; }
      line="$n,$reuse,$(ev PCSetUp),$(ev TriSplitForest),$(ev TriSplitMOSAProd | cut -d, -f2),$(ev TriSplitGraph | cut -d, -f2),$(ev TriSplitFactor | cut -d, -f2)"
      echo "$line" >> "$OUT/timing.csv"; echo "$line"
      echo "$o" > "$OUT/extra/tut_ex3_mosa_n${n}_reuse$reuse.log"
    done
  done
  echo "$pass passed, $fail failed"
} 2>&1 | tee "$OUT/repair.log"
grep -E "^(PASS|FAIL)" "$OUT/repair.log" > "$OUT/checks.log"
echo "$(grep -c ^PASS "$OUT/checks.log") passed, $(grep -c ^FAIL "$OUT/checks.log") failed" | tee -a "$OUT/checks.log"
tar czf "$OUT/extra.tar.gz" -C "$OUT" extra && rm -rf "$OUT/extra"
