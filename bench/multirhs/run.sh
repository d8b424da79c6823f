#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Device checks and benchmark of the multi-right-hand-side and transposed applies (issues 5 and 7).
#   bash bench/multirhs/run.sh pack      here, without a GPU: builds the library, tests/ex6, tests/transpose
#                                        and bench/multirhs against the CUDA + Open MPI PETSc 3.25.4
#                                        (bench/gpu/petsc_env.sh) into .gpu/multirhs/
#   bash bench/multirhs/run.sh run       on the GPU machine (device tool, carry [".gpu/multirhs",
#                                        ".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz"]): the checks against the expected
#                                        outputs, compute-sanitizer memcheck of both tests, and the per-column
#                                        cost of PCMatApply for algtri (scalar, 2x2 blocks), mosd, altsplit and mosa (1200^2 ANISO1)
set -u
cd "$(dirname "$0")/../.."
D=.gpu/multirhs
case "${1:-run}" in
pack)
  set -e
  SHARED=${SHARED:-../shared}
  . bench/gpu/petsc_env.sh --
  [ -f ".gpu/$PETSC_CUDA_TARBALL" ] || { mkdir -p .gpu; cp "$SHARED/gpu/$PETSC_CUDA_TARBALL" .gpu/; }
  B=build/cuda-multirhs
  P="PETSC_DIR=$PETSC_CUDA_DIR BUILD=$B LIBDIR=$B/lib TUTDIR=$B/tutorials"
  make $P lib $B/bench/multirhs/multirhs
  make $P test search='tests-ex6_host tests-transpose_host' # builds the test programs (host runs here)
  mkdir -p $D/tests $D/bench
  ts_copy_lib $B/lib $D/lib
  cp $B/tests/tests/ex6 $B/tests/tests/transpose $D/tests/
  cp $B/bench/multirhs/multirhs $D/bench/
  du -sh $D
  ;;
run)
  OUT=${OUT:-/tmp/out}
  mkdir -p "$OUT"
  . bench/gpu/petsc_env.sh -- $D/lib || exit 1
  GPU="-mat_type aijcusparse -vec_type cuda"
  { nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; date -u +%Y-%m-%dT%H:%MZ; } | tee "$OUT/gpu.txt"
  pass=0 fail=0
  check() { if [ "$2" = ok ]; then pass=$((pass + 1)); echo "PASS $1"; else fail=$((fail + 1)); echo "FAIL $1"; fi; }
  for t in transpose ex6; do
    $D/tests/$t $GPU > "$OUT/${t}_cuda.out" 2>&1
    if diff "$OUT/${t}_cuda.out" tests/output/${t}_cuda.out > "$OUT/${t}_cuda.diff"; then check "${t}_cuda" ok; else check "${t}_cuda" no; head -20 "$OUT/${t}_cuda.diff"; fi
  done
  for t in "transpose -n 16" "ex6 -n 24"; do
    /usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 9 $D/tests/$t $GPU >> "$OUT/sanitizer_memcheck.log" 2>&1
    [ $? = 0 ] && check "compute-sanitizer memcheck [$t]" ok || check "compute-sanitizer memcheck [$t]" no
  done
  grep "ERROR SUMMARY" "$OUT/sanitizer_memcheck.log"
  echo "$pass passed, $fail failed"
  : > "$OUT/multirhs_gpu.txt"
  for pc in "algtri" "algtri -pc_algtri_block 2" "mosd -pc_mosd_m 2" "mosd -pc_mosd_m 3" "altsplit -pc_altsplit_m 2" "altsplit -pc_altsplit_m 3" "mosa -pc_mosa_m 2"; do
    $D/bench/multirhs -n 1200 -reps 20 -pc_type $pc $GPU 2>&1 | tee -a "$OUT/multirhs_gpu.txt"
  done
  ;;
esac
