#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# MPI on one GPU, the pieces bench/gpu/run_chain.sh does not cover: ALT-i's local residuals, PCMatApply
# (tests/ex6) and PCApplyTranspose (tests/transpose) across 2 and 3 ranks, against the host's expected
# outputs. Binaries from 'bench/gpu/run_chain.sh pack'; carry .gpu/bins.tar.xz and the PETSc tarball.
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
tar xJf .gpu/bins.tar.xz -C .gpu
. bench/gpu/petsc_env.sh -- .gpu/new/lib || exit 1
pass=0 fail=0
same() { # same NAME OUTPUT EXPECTED...: the output equals one of the expected files
  local name=$1 out=$2; shift 2
  for ref in "$@"; do diff -q "$out" "$ref" > /dev/null && { ts_check "$name == $ref" ok; return; }; done
  ts_check "$name" no; diff "$out" "$1" | head -10
}
{
  for np in 1 2 3; do
    mpiexec -n $np .gpu/new/tutorials/ex1 -problem aniso1 -n 64 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type altsplit -pc_altsplit_m 2 -pc_altsplit_local -mat_type aijcusparse > "$OUT/local_$np.out" 2>&1
    same "ALT-i local residuals on the GPU, $np rank(s)" "$OUT/local_$np.out" tutorials/output/ex1_altsplit_local_nsize-$np.out
  done
  for np in 2 3; do
    mpiexec -n $np .gpu/new/tests/ex6 -mat_type aijcusparse -vec_type cuda > "$OUT/ex6_$np.out" 2>&1
    same "PCMatApply on the GPU (tests/ex6), $np ranks" "$OUT/ex6_$np.out" tests/output/ex6_cuda.out tests/output/ex6_host.out
  done
  mpiexec -n 2 .gpu/new/tests/transpose -mat_type aijcusparse -vec_type cuda > "$OUT/transpose_2.out" 2>&1
  # the device lines say yes, the host lines are the host test's on 2 ranks
  grep -q ": no" "$OUT/transpose_2.out" && ts_check "PCApplyTranspose on the GPU (tests/transpose), 2 ranks: every device check" no || ts_check "PCApplyTranspose on the GPU (tests/transpose), 2 ranks: every device check" ok
  same "PCApplyTranspose, the host lines on 2 ranks" <(grep "^[a-z0-9 =]*: host" "$OUT/transpose_2.out") tests/output/transpose_host_mpi.out
  echo "$pass passed, $fail failed"
} 2>&1 | tee "$OUT/mpi_extra.log"
