#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Issue 20 (RPTS item) on the GPU machine, in one run: the kernel tests (--quick), the matrices with singular
# inner blocks (analysed plans, up to 2^23 + 4 rows), the accuracy suite at N = 512, 2^20 and 2^23 through
# analyze + planned solve, the default solve of this build against the kernel of 2f8abeb (bench_rpts_old,
# alternated twice) and the analysis's cost at 2^20 and 2^23.
# Build here first (make -f bench/rpts/Makefile .gpu/test_rpts .gpu/bench_rpts; the old bench from
# `git show 2f8abeb:...` into .gpu/old), pack into .gpu/rpts_robust.tar.xz (dir robust/: test_rpts,
# bench_rpts, bench_rpts_old, lib/ with LAPACK), carry it, then:  bash bench/rpts/run_robust.sh
# Logs to $OUT (or ./.gpu/out): gpu.txt, test.log, robust.log, suite.log, bench_{new,old}_{1,2}.log, analyze.log
# (the device machine returns only the first 8 files of its $OUT: give the script another OUT and pack it,
#  D=$OUT; OUT=/tmp/o bash bench/rpts/run_robust.sh ...; tar -C /tmp/o -cJf $D/logs.tar.xz .)
OUT=${OUT:-$PWD/.gpu/out}
mkdir -p "$OUT"
if [ -f .gpu/rpts_robust.tar.xz ]; then tar -C .gpu -xJf .gpu/rpts_robust.tar.xz; fi
B=$PWD/.gpu/robust
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$B/lib:$LD_LIBRARY_PATH
{
  date -u '+%Y-%m-%d %H:%M:%S UTC'
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,clocks.mem,power.limit --format=csv
  /usr/local/cuda/bin/nvcc --version | tail -1
} > "$OUT/gpu.txt" 2>&1
cat "$OUT/gpu.txt"
steps=${*:-bench analyze test robust suite}
for s in $steps; do
  t0=$(date +%s)
  case $s in
  test)
    timeout ${T_TEST:-110} $B/test_rpts --quick > "$OUT/test.log" 2>&1
    echo "== test rc=$? ($(( $(date +%s) - t0 )) s)"; grep -E "^FAIL" "$OUT/test.log" | head -20; grep -E "singular inner blocks:|permuted solves" "$OUT/test.log"; tail -1 "$OUT/test.log" ;;
  robust)
    timeout ${T_ROBUST:-60} $B/test_rpts --robust-only > "$OUT/robust.log" 2>&1
    echo "== robust rc=$? ($(( $(date +%s) - t0 )) s)"; grep -E "FAIL|singular inner blocks:" "$OUT/robust.log" | head -20 ;;
  suite)
    timeout ${T_SUITE:-100} $B/test_rpts --suite-only --suite 512 --suite 1048576 --suite 8388608 > "$OUT/suite.log" 2>&1
    echo "== suite rc=$? ($(( $(date +%s) - t0 )) s)"; grep -E "FAIL|^suite N" "$OUT/suite.log" | head -20 ;;
  bench)
    # the default solve: this build and 2f8abeb's, alternated (double and float, 1 right-hand side, 2^16..2^25)
    for r in 1 2; do
      for v in new old; do
        exe=$B/bench_rpts; [ $v = old ] && exe=$B/bench_rpts_old
        timeout 40 $exe --quick --no-block --nrhs 1 --nmin 16 --nmax 25 --csv "$OUT/bench_${v}_$r.csv" > "$OUT/bench_${v}_$r.log" 2>&1
        echo "== bench $v $r rc=$?"
      done
    done
    echo "($(( $(date +%s) - t0 )) s)" ;;
  analyze)
    timeout 40 $B/bench_rpts --analyze-only > "$OUT/analyze.log" 2>&1
    echo "== analyze rc=$? ($(( $(date +%s) - t0 )) s)"; grep "^analyze" "$OUT/analyze.log" ;;
  esac
done
