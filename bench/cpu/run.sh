#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# trisplit's PCs against PETSc's on the CPU, one rank: tutorials/ex1 (one solve), tutorials/ex4 (a sequence of
# 20 systems with one nonzero pattern) and tutorials/ex2 on the real matrices that no PETSc PC solved on the GPU
# (bench/results/compare/h100-petsc325) but mosd did; BiCGStab, right preconditioning, rtol 1e-6 (the
# tutorials' default). Every case runs REPS times (default 3) and the minimum of each time is kept (the machine
# may be shared: the 1-minute load average at the start of each case is recorded).
#
#   bash bench/cpu/run.sh [OUTDIR]      (default: host/ in bench/results/cpu/, to be renamed by what the run shows
#                                        and added to bench/results/cpu/README.md)
#   PARTS="ex1 ex4 matrices" SIZES="256 512" EX4_SIZES=256 REPS=3 PROBLEMS="aniso1 ..." MATDIR=../shared/matrices
#
# Writes OUTDIR/raw.txt (every run's output, appended), OUTDIR/ex1.tsv, ex4.tsv, matrices.tsv (one line per case:
# the minimum setup, solve and total times of the REPS runs, the load average) and prints the tables as markdown
# (OUTDIR/tables.md).
# Needs the tutorials built (make); they are copied to a temporary folder first, so a rebuild during the run
# does not disturb it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=${1:-bench/results/cpu/host}
SIZES=${SIZES:-"256 512"}
REPS=${REPS:-3}
PROBLEMS=${PROBLEMS:-"aniso1 aniso2 model8 rot convdiff"}
EX4_SIZES=${EX4_SIZES:-256}
PARTS=${PARTS:-"ex1 ex4 matrices"}
MATDIR=${MATDIR:-../shared/matrices}
MATRICES=${MATRICES:-"adder_dcop_05 dw2048 rajat19 saad2_gcro"}
mkdir -p "$out"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cp tutorials/ex1 tutorials/ex2 tutorials/ex4 "$tmp/"

# label|options
pcs=(
  "algtri|-pc_type algtri"
  "mosd m=2|-pc_type mosd -pc_mosd_m 2"
  "altsplit|-pc_type altsplit"
  "mosa|-pc_type mosa"
  "ilu (ILU(0))|-pc_type ilu"
  "gamg|-pc_type gamg"
  "jacobi|-pc_type jacobi"
  "bjacobi (ILU(0) block)|-pc_type bjacobi"
)
common="-ksp_type bcgs -ksp_pc_side right -ksp_max_it 10000 -view_times"

touch "$out/raw.txt"
# one case: prints "its<TAB>reason<TAB>rtrue<TAB>setup<TAB>solve<TAB>total" (times: the minimum of REPS runs)
run_case() {
  local prog=$1; shift
  local best_s= best_v= best_t= its= reason= res= load
  load=$(cut -d' ' -f1 /proc/loadavg)
  for ((r = 1; r <= REPS; r++)); do
    local o
    o=$("$tmp/$prog" "$@" 2>&1)
    if [ "$prog" = ex2 ]; then   # of -log_view only the two events used
      { echo "\$ $prog $*"; grep -E '^(matrix|  true|PCSetUp |KSPSolve )' <<< "$o"; } >> "$out/raw.txt"
    else
      { echo "\$ $prog $*"; echo "$o"; } >> "$out/raw.txt"
    fi
    if [ "$prog" != ex4 ]; then
      its=$(sed -n 's/.*: \([A-Z_]*\) in \([0-9]*\) iterations$/\2/p' <<< "$o" | head -n 1)
      reason=$(sed -n 's/.*: \([A-Z_]*\) in \([0-9]*\) iterations$/\1/p' <<< "$o" | head -n 1)
      res=$(sed -n 's/.*true relative residual \([0-9.e+-]*\),.*/\1/p' <<< "$o" | head -n 1)
      # no solve: PETSc's error message instead (e.g. ILU(0): "Matrix is missing diagonal entry 470")
      if [ -z "$reason" ]; then reason="ERROR: $(grep -m 1 -A 2 'Error Message' <<< "$o" | tail -n 2 | sed 's/^\[0\]PETSC ERROR: //' | paste -sd ':')"; fi
    else
      its=$(sed -n 's/.*: [0-9]* steps, \([0-9]*\) iterations in all.*/\1/p' <<< "$o")
      reason=$(grep -q 'every step converged.*: yes' <<< "$o" && echo all-converged || echo NOT-all-converged)
      res=-
    fi
    if [ "$prog" = ex2 ]; then   # ex2 has no timers of its own: PCSetUp and KSPSolve of -log_view
      s=$(awk '$1 == "PCSetUp" {print $4}' <<< "$o"); v=$(awk '$1 == "KSPSolve" {print $4}' <<< "$o")
      t=$(awk -v a="$s" -v b="$v" 'BEGIN {printf "%.6f", a + b}'); s=$(printf '%.6f' "$s"); v=$(printf '%.6f' "$v")
    else
    read -r s v t < <(sed -n 's/.*times: setup \([0-9.]*\) s\( (first step [0-9.]* s)\)*, solve \([0-9.]*\) s, total \([0-9.]*\) s.*/\1 \3 \4/p' <<< "$o" | head -n 1)
    fi
    if [ -z "$best_t" ] || awk -v a="$t" -v b="$best_t" 'BEGIN{exit !(a < b)}'; then best_s=$s best_v=$v best_t=$t; fi
  done
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$its" "$reason" "$res" "$best_s" "$best_v" "$best_t" "$load"
}

hdr='iterations\treason\ttrue_rel_residual\tsetup_s\tsolve_s\ttotal_s\tload1'
if [[ " $PARTS " == *" ex1 "* ]]; then
printf "n\tproblem\tpc\t$hdr\n" > "$out/ex1.tsv"
for n in $SIZES; do
  for p in $PROBLEMS; do
    for e in "${pcs[@]}"; do
      label=${e%%|*} opts=${e#*|}
      # shellcheck disable=SC2086
      line=$(run_case ex1 -problem "$p" -n "$n" $common -view_numbers $opts)
      printf '%s\t%s\t%s\t%s\n' "$n" "$p" "$label" "$line" | tee -a "$out/ex1.tsv"
    done
  done
done

fi

if [[ " $PARTS " == *" ex4 "* ]]; then
printf "n\tproblem\tpc\t$hdr\n" > "$out/ex4.tsv"
for n in $EX4_SIZES; do
  for e in "${pcs[@]}"; do
    label=${e%%|*} opts=${e#*|}
    # shellcheck disable=SC2086
    line=$(run_case ex4 -problem rot -n "$n" -steps 20 $common -view_steps 0 $opts)
    printf '%s\t%s\t%s\t%s\n' "$n" rot "$label" "$line" | tee -a "$out/ex4.tsv"
  done
done
fi

if [[ " $PARTS " == *" matrices "* ]]; then
printf "n\tproblem\tpc\t$hdr\n" > "$out/matrices.tsv"
for m in $MATRICES; do
  f=$MATDIR/$m.mtx.gz
  if [ ! -f "$f" ]; then echo "no $f: skipped"; continue; fi
  for e in "${pcs[@]}"; do
    label=${e%%|*} opts=${e#*|}
    # shellcheck disable=SC2086
    line=$(run_case ex2 -f "$f" ${common/-view_times/-log_view} -ksp_max_it 2000 -view_numbers $opts)
    printf '%s\t%s\t%s\t%s\n' - "$m" "$label" "$line" | tee -a "$out/matrices.tsv"
  done
done
fi

# markdown tables, fastest total first within each problem
python3 - "$out" > "$out/tables.md" <<'PY'
import csv, sys
out = sys.argv[1]
import os
for name, title in (("ex1.tsv", "tutorials/ex1, one solve"), ("ex4.tsv", "tutorials/ex4 -problem rot -steps 20 (sums over the 20 steps)"),
                    ("matrices.tsv", "tutorials/ex2, real matrices (at most 2000 iterations)")):
    if not os.path.exists(f"{out}/{name}"):
        continue
    rows = list(csv.reader(open(f"{out}/{name}"), delimiter="\t"))
    head, rows = rows[0], rows[1:]
    print(f"### {title}\n")
    print("| n | problem | PC | iterations | converged | true rel. residual | setup s | solve s | total s | load |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    key = lambda r: (int(r[0]) if r[0].isdigit() else 0, r[1], float(r[8]) if r[4].startswith(("CONVERGED", "all")) else 1e9)
    for r in sorted(rows, key=key):
        print("| " + " | ".join(r) + " |")
    print()
PY
cat "$out/tables.md"
