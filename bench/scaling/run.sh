#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Weak and strong scaling of every trisplit PC and PETSc's GPU baselines over MPI ranks (bench/scaling/README.md).
#   here:   bash bench/scaling/run.sh pack          # .gpu/: the PETSc bundle, lib + ex1/ex2 of build/cuda (FROM=...),
#                                                    # the matrix of MATRIX (a path or 'largest'); carry [".gpu"]
#   device: . bench/gpu/petsc_env.sh -- .gpu/lib && bash bench/scaling/run.sh run
#   here:   bash bench/scaling/run.sh report OUTDIR scaling.csv [more.csv...]   # bench/scaling/report.py
# Knobs (environment; defaults in brackets):
#   RANKS ["1 2 3 4"]   rank counts; one GPU per rank through bench/scaling/bind.sh when there are several GPUs
#   MODES ["strong weak"]
#   STRONG ["aniso1 -n 2400;rot -n 2000"]   ex1 problems of the strong scaling, ';'-separated; STRONG= none
#   MATRIX [""]         also strong scaling of ex2 -f MATRIX (a .mtx[.gz] path, or 'largest': most nonzeros in
#                       ${SHARED:-../shared}/matrices/MANIFEST.tsv, found there or in .gpu/matrices/)
#   WEAK ["aniso1 rot"], WEAK_N0 [1200]: weak scaling, n = round(WEAK_N0 * sqrt(ranks)), WEAK_N0^2 unknowns per rank
#   PCS ["algtri mosd_m2 altsplit_m2 mosa_m2 jacobi bjacobi_ilu0 gamg"]   labels of the table below (also hypre:
#                       BoomerAMG with PETSc's device defaults, needs a PETSc with hypre; triamg)
#   KSPS ["gmres bcgs"] GMRES(20) with right preconditioning, BiCGStab; rtol 1e-6, at most MAXIT [10000] iterations
#   GPU ["-mat_type aijcusparse -vec_type cuda"]; GPU= runs on the host (a dry run without a GPU)
#   BUDGET [540] seconds for all runs: the rest is skipped (SKIPPED_BUDGET rows) and said; TIMEOUT [120] s per run
#   EX1 [.gpu/tutorials/ex1], EX2 [.gpu/tutorials/ex2], MPIEXEC [mpiexec], EXTRA [""] options for every run
#   OUT [/tmp/out]: scaling.csv, run.log, device.txt, logs.tar.gz (every run's output with -log_view)
set -u
cd "$(dirname "$0")/../.."
SHARED=${SHARED:-../shared}

largest_matrix() { # the file name of the matrix with the most nonzeros in the MANIFEST, if there is one
  [ -f "$SHARED/matrices/MANIFEST.tsv" ] && awk -F'\t' 'NR > 1 && $5 + 0 > m { m = $5 + 0; f = $2 } END { print f }' "$SHARED/matrices/MANIFEST.tsv"
}
resolve_matrix() { # MATRIX -> a path that exists, or nothing
  local m=$1 f
  [ "$m" != largest ] && { [ -f "$m" ] && echo "$m"; return; }
  f=$(largest_matrix)
  for p in ${f:+"$SHARED/matrices/$f"} ${f:+".gpu/matrices/$f"}; do [ -f "$p" ] && { echo "$p"; return; }; done
  ls .gpu/matrices/*.mtx* 2> /dev/null | head -1
}

if [ "${1:-}" = pack ]; then
  set -e
  . bench/gpu/petsc_env.sh --
  FROM=${FROM:-build/cuda}
  mkdir -p .gpu/lib .gpu/tutorials
  [ -f .gpu/$PETSC_CUDA_TARBALL ] || cp "$SHARED/gpu/$PETSC_CUDA_TARBALL" .gpu/
  if [ -x "$FROM/tutorials/ex1" ]; then
    ts_copy_lib "$FROM/lib" .gpu/lib
    cp "$FROM/tutorials/ex1" "$FROM/tutorials/ex2" .gpu/tutorials/
  fi
  [ -x .gpu/tutorials/ex1 ] || { echo "no .gpu/tutorials/ex1 and no $FROM/tutorials/ex1: build with make \$PETSC_CUDA_MAKE lib tutorials (or bench/gpu/prepare.sh)" >&2; exit 1; }
  if [ -n "${MATRIX:-}" ]; then
    m=$(resolve_matrix "$MATRIX")
    [ -n "$m" ] || { echo "MATRIX=$MATRIX: not found" >&2; exit 1; }
    mkdir -p .gpu/matrices && cp "$m" .gpu/matrices/
    echo "matrix: .gpu/matrices/$(basename "$m")"
  fi
  git rev-parse --short HEAD > .gpu/scaling_commit.txt
  du -sh .gpu
  [ "$(du -sm .gpu | cut -f1)" -le 64 ] || echo "warning: .gpu is over the carry limit of 64 MiB" >&2
  exit 0
fi
case ${1:-} in
run) ;;
report) shift; exec "${PYTHON:-/usr/bin/python3}" bench/scaling/report.py "$@" ;;
*) echo "usage: bash bench/scaling/run.sh pack|run|report OUTDIR CSV... (knobs: the head of this script)" >&2; exit 1 ;;
esac

OUT=${OUT:-/tmp/out}
RANKS=${RANKS:-1 2 3 4}
MODES=${MODES:-strong weak}
STRONG=${STRONG-aniso1 -n 2400;rot -n 2000}
MATRIX=${MATRIX:-}
WEAK=${WEAK-aniso1 rot}
WEAK_N0=${WEAK_N0:-1200}
PCS=${PCS:-algtri mosd_m2 altsplit_m2 mosa_m2 jacobi bjacobi_ilu0 gamg}
KSPS=${KSPS:-gmres bcgs}
GPU=${GPU-"-mat_type aijcusparse -vec_type cuda"}
BUDGET=${BUDGET:-540}
TIMEOUT=${TIMEOUT:-120}
MAXIT=${MAXIT:-10000}
EX1=${EX1:-.gpu/tutorials/ex1}
EX2=${EX2:-.gpu/tutorials/ex2}
MPIEXEC=${MPIEXEC:-mpiexec}
EXTRA=${EXTRA:-}
# Open MPI as root and with more ranks than cores (bench/gpu/petsc_env.sh sets the same)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

declare -A PC_OPTS=(
  [algtri]="-pc_type algtri"
  [mosd_m2]="-pc_type mosd -pc_mosd_m 2"
  [altsplit_m2]="-pc_type altsplit -pc_altsplit_type inner -pc_altsplit_m 2"
  [mosa_m2]="-pc_type mosa -pc_mosa_m 2"
  [jacobi]="-pc_type jacobi"
  [bjacobi_ilu0]="-pc_type bjacobi -sub_pc_type ilu"
  [gamg]="-pc_type gamg"
  [hypre]="-pc_type hypre -pc_hypre_type boomeramg"
  [triamg]="-pc_type triamg"
)
# ILU(0) of the blocks on the device when the matrices are there
[ -n "$GPU" ] && PC_OPTS[bjacobi_ilu0]+=" -sub_pc_factor_mat_solver_type cusparse"
declare -A KSP_OPTS=(
  [gmres]="-ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right"
  [bcgs]="-ksp_type bcgs"
)
for pc in $PCS; do [ -n "${PC_OPTS[$pc]:-}" ] || { echo "unknown PC label '$pc' (known: ${!PC_OPTS[*]})" >&2; exit 1; }; done
for k in $KSPS; do [ -n "${KSP_OPTS[$k]:-}" ] || { echo "unknown KSP label '$k' (known: ${!KSP_OPTS[*]})" >&2; exit 1; }; done
[ -x "$EX1" ] || { echo "no $EX1 (EX1=...)" >&2; exit 1; }

mkdir -p "$OUT/logs"
NGPUS=0
[ -n "$GPU" ] && NGPUS=$(nvidia-smi -L 2> /dev/null | grep -c '^GPU')
[ -n "${CUDA_VISIBLE_DEVICES:-}" ] && [ -n "$GPU" ] && NGPUS=$(echo "$CUDA_VISIBLE_DEVICES" | tr ',' '\n' | grep -c .)
export NGPUS TS_BIND_VERBOSE=1
commit=$(cat .gpu/scaling_commit.txt 2> /dev/null || git rev-parse --short HEAD 2> /dev/null || echo unknown)
{
  if [ -n "$GPU" ]; then nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader; else echo "host: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"; fi
  echo "date $(date -u +%Y-%m-%dT%H:%MZ) commit $commit gpus $NGPUS"
  echo "RANKS='$RANKS' MODES='$MODES' STRONG='$STRONG' MATRIX='$MATRIX' WEAK='$WEAK' WEAK_N0=$WEAK_N0"
  echo "PCS='$PCS' KSPS='$KSPS' GPU='$GPU' BUDGET=$BUDGET TIMEOUT=$TIMEOUT MAXIT=$MAXIT EXTRA='$EXTRA'"
  echo "PETSC_OPTIONS='${PETSC_OPTIONS:-}'"
} > "$OUT/device.txt"
cat "$OUT/device.txt"

# the cases: mode|case label|problem|program|problem options|ranks ('' = every rank count)
cases=()
if [[ " $MODES " == *" strong "* ]]; then
  IFS=';' read -ra strong <<< "$STRONG"
  for s in "${strong[@]}"; do
    read -r p rest <<< "$s"
    [ -n "$p" ] || continue
    n=$(echo "$rest" | sed -n 's/.*-n \([0-9]*\).*/\1/p')
    cases+=("strong|$p n=$n|$p|ex1|-problem $p $rest")
  done
  if [ -n "$MATRIX" ]; then
    m=$(resolve_matrix "$MATRIX")
    if [ -n "$m" ]; then
      name=$(basename "$m"); name=${name%.gz}; name=${name%.mtx}
      cases+=("strong|$name|$name|ex2|-f $m")
    else
      echo "MATRIX=$MATRIX not found: the matrix case is left out" | tee -a "$OUT/run.log"
    fi
  fi
fi
if [[ " $MODES " == *" weak "* ]]; then
  for p in $WEAK; do cases+=("weak|$p weak n0=$WEAK_N0|$p|ex1|-problem $p"); done
fi

CSV=$OUT/scaling.csv
echo "mode,case,problem,n,ranks,gpus,unknowns,pc,ksp,reason,iterations,setup_s,solve_s,total_s,pcapply_calls,pcapply_s,apply_per_call_s,pcsetup_log_s,wall_s,log" > "$CSV"
start=$SECONDS
runs=0 skipped=0
for c in "${cases[@]}"; do
  IFS='|' read -r mode label prob prog popts <<< "$c"
  for pc in $PCS; do
    for ksp in $KSPS; do
      for r in $RANKS; do
        n=$(echo "$popts" | sed -n 's/.*-n \([0-9]*\).*/\1/p')
        opts=$popts
        if [ "$mode" = weak ]; then
          n=$(awk -v n0="$WEAK_N0" -v r="$r" 'BEGIN { printf "%d", n0 * sqrt(r) + 0.5 }')
          opts="$popts -n $n"
        fi
        gpus=0; [ -n "$GPU" ] && gpus=$((r < NGPUS ? r : NGPUS))
        log=${mode}_${label// /_}_${pc}_${ksp}_r$r.log; log=${log//=/}
        if [ $((SECONDS - start)) -ge "$BUDGET" ]; then
          skipped=$((skipped + 1))
          echo "$mode,$label,$prob,$n,$r,$gpus,,$pc,$ksp,SKIPPED_BUDGET,,,,,,,,,," >> "$CSV"
          continue
        fi
        exe=$EX1; [ "$prog" = ex2 ] && exe=$EX2
        args="$opts ${KSP_OPTS[$ksp]} -ksp_rtol 1e-6 -ksp_max_it $MAXIT ${PC_OPTS[$pc]} $GPU -log_view $EXTRA"
        [ "$prog" = ex1 ] && args="$args -view_times"
        t0=$(date +%s.%N)
        # shellcheck disable=SC2086
        { echo "+ $MPIEXEC -n $r bench/scaling/bind.sh $exe $args"; timeout "$TIMEOUT" "$MPIEXEC" -n "$r" bench/scaling/bind.sh "$exe" $args 2>&1; echo "rc $?"; } > "$OUT/logs/$log"
        wall=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
        runs=$((runs + 1))
        L=$OUT/logs/$log
        rc=$(sed -n 's/^rc \([0-9]*\)$/\1/p' "$L" | tail -1)
        read -r reason its <<< "$(sed -n 's/.* PC [A-Za-z0-9_]*: \([A-Z_]*\) in \([0-9]*\) iterations$/\1 \2/p' "$L" | head -1)"
        if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then reason=TIMEOUT; its=""
        elif [ -z "${reason:-}" ]; then reason="ERROR_rc$rc"; its=""; fi
        if [ "$prog" = ex1 ]; then unknowns=$(sed -n 's/.* N=\([0-9]*\): KSP.*/\1/p' "$L" | head -1)
        else unknowns=$(sed -n 's/^matrix \([0-9]*\) x .*/\1/p' "$L" | head -1); fi
        # -log_view: max count and max time over the ranks of an event
        ev() { awk -v e="$1" '$1 == e && NF > 4 { print $2, $4; exit }' "$L"; }
        read -r acalls atime <<< "$(ev PCApply)"
        read -r _ psetup <<< "$(ev PCSetUp)"
        read -r _ ksolve <<< "$(ev KSPSolve)"
        per=""
        [ -n "${acalls:-}" ] && [ "${acalls:-0}" -gt 0 ] && per=$(awk -v t="$atime" -v c="$acalls" 'BEGIN { printf "%.4e", t / c }')
        if [ "$prog" = ex1 ]; then
          read -r setup solve total <<< "$(sed -n 's/.*times: setup \([0-9.]*\) s, solve \([0-9.]*\) s, total \([0-9.]*\) s.*/\1 \2 \3/p' "$L" | head -1)"
        else # ex2 has no -view_times: setup = PCSetUp (the sub-PCs' too), solve = KSPSolve, whose event begins
          # after KSPSetUp and KSPSetUpOnBlocks (as ex1's -view_times splits them)
          setup=${psetup:-}; solve=${ksolve:-}; total=""
          [ -n "$setup" ] && [ -n "$solve" ] && total=$(awk -v a="$setup" -v b="$solve" 'BEGIN { printf "%.6f", a + b }')
        fi
        echo "$mode,$label,$prob,$n,$r,$gpus,${unknowns:-},$pc,$ksp,$reason,${its:-},${setup:-},${solve:-},${total:-},${acalls:-},${atime:-},$per,${psetup:-},$wall,$log" >> "$CSV"
        printf '%-6s %-22s %-13s %-5s ranks %s: %-16s %5s its  setup %8s  solve %8s  apply/call %10s  (%s s wall)\n' \
          "$mode" "$label" "$pc" "$ksp" "$r" "$reason" "${its:-}" "${setup:-}" "${solve:-}" "${per:-}" "$wall" | tee -a "$OUT/run.log"
        unset reason its setup solve total acalls atime psetup ksolve
      done
    done
  done
done
msg="$runs runs in $((SECONDS - start)) s"
[ $skipped -gt 0 ] && msg="$msg; BUDGET=$BUDGET s exceeded: $skipped runs skipped (SKIPPED_BUDGET rows of scaling.csv)"
echo "$msg" | tee -a "$OUT/run.log"
tar czf "$OUT/logs.tar.gz" -C "$OUT" logs && { [ "${KEEP_LOGS:-0}" = 1 ] || rm -rf "$OUT/logs"; }
