#!/bin/bash
# run1.sh MATRIX CONFIGFILE OUTLOG [PARALLEL] [TIMEOUT]: runs tutorials/ex2 on MATRIX with every line of CONFIGFILE
# (KSP + PC options), rtol 1e-6, right preconditioning, unpreconditioned norm, at most 2000 iterations, host aij.
# Prints one line per configuration: matrix | options | summary line of ex2 | true residual | wall seconds
HERE=$(pwd)
MAT=$1; CFG=$(realpath "$2"); OUTLOG=$(realpath "$3"); P=${4:-2}; TO=${5:-60}
export MAT TO
C="-ksp_rtol 1e-6 -ksp_pc_side right -ksp_norm_type unpreconditioned -view_numbers -ksp_max_it 2000 -ksp_converged_reason -mat_type aij"
export C
one() {
  o="$1"
  s=$(date +%s.%N)
  out=$(timeout $TO ./tutorials/ex2 -f /work/shared/matrices/$MAT.mtx.gz $C $o 2>&1); rc=$?
  e=$(date +%s.%N)
  sum=$(echo "$out" | grep -E 'KSP .* PC ' | sed 's/.*: KSP/KSP/' | head -1)
  res=$(echo "$out" | grep -o 'true relative residual [^,]*' | head -1 | awk '{print $4}')
  err=$(echo "$out" | grep -A1 -m1 'Error Message' | tail -1 | sed 's/^\[0\]PETSC ERROR: //' | cut -c1-200)
  [ $rc = 124 ] && sum="TIMEOUT ${TO}s"
  [ -z "$sum" ] && sum="rc=$rc $err"
  printf '%s | %s | %s | %s | %.2f\n' "$MAT" "$o" "$sum" "${res:--}" "$(echo "$e - $s" | bc)"
}
export -f one
cd "$(dirname "$(realpath "$0")")/../../.." || exit 1
grep -v '^#' "$CFG" | grep -v '^$' | tr '\n' '\0' | xargs -0 -P $P -I{} bash -c 'one "$@"' _ {} >> "$OUTLOG"
