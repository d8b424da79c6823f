#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Issue 21: time to solution of trisplit's PCs against PETSc's GPU PCs of the same run, in one device call.
#
#   bash bench/tts/run.sh pack             # here, no GPU: the library, tutorials/ex1 and ex4 and PETSc's SNES ex19,
#                                          # built against the CUDA PETSc 3.25 bundle, into .gpu/tts/ (small), and
#                                          # the bundle's tarball into .gpu/
#   bash bench/tts/run.sh run              # on the GPU machine (device tool, one call), with carry
#       [".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz", ".gpu/tts"]          # writes $OUT/tts.tar.gz (raw logs)
#   bash bench/tts/run.sh report TARBALL...  # here: bench/results/tts/<gpu>/ (--out DIR: elsewhere; bench/tts/report.py)
#
# Every run: -mat_type aijcusparse -vec_type cuda (ex19: -dm_mat_type, -dm_vec_type), rtol 1e-6, right
# preconditioning. PCs: PETSc's jacobi, ilu (-pc_factor_mat_solver_type cusparse), bjacobi + ilu, gamg
# (-pc_gamg_reuse_interpolation true) against trisplit's algtri, mosd m=2, altsplit m=2, mosa m=2; each with
# BiCGStab and GMRES(20). The phases, most important first (a phase starts no run after its deadline, given
# in seconds after the start; those runs are recorded as skipped):
#   apply  ex1 ANISO1 algtri, GMRES(20) and BiCGStab, 200 iterations, -log_view -log_view_gpu_time: the PCApply
#          and TriSplitSolve time per call inside the Krylov loop                               (END_APPLY)
#   seq    tutorials/ex4: 20 systems A_k = f_k A + s_k I, one KSP, new values in the same Mat, new b each
#          step; ANISO1 1200², ROT 1000², CONVDIFF 1000²; -ksp_error_if_not_converged stops a sequence at
#          its first failed step                                                                 (END_SEQ)
#   hard   ex1 single solves: CONVDIFF 1000² (peclet 1e4), ROT 1000² eps 1e-5                   (END_HARD)
#   ex19   PETSc's SNES ex19 (driven cavity, 4 fields) on a 500² grid (1 M unknowns) with -dll_append
#          libtrisplit.so; -snes_monitor -ksp_converged_reason -log_view -log_view_gpu_time    (END_EX19)
#   easy   ex1 single solves: ANISO1 1200², ANISO2 1200², MODEL8 1000² (the PC list of bench/compare)
#                                                                                             (BUDGET)
# Within a phase each case gets an equal share of the phase's time, so that a short budget thins every
# table instead of dropping the last ones. The whole matrix does not fit in one call of 9.5 minutes when
# the slow PCs run into their timeouts: a timed-out run is reported as a lower bound (> TIMEOUT s).
# Environment (defaults): BUDGET=550 (s; the device tool allows 570), END_APPLY=40, END_SEQ=290,
# END_HARD=380, END_EX19=470; TIMEOUT_APPLY=40, TIMEOUT_SEQ=25, TIMEOUT_ILU=12 (ILU(0) sequences: about 2 s
# per solve on the H100), TIMEOUT_ONE=15, TIMEOUT_EX19=45; PHASES ("apply seq hard ex19 easy": a subset
# splits the suite over several calls); STEPS=20; sizes N_ANISO=1200, N_ROT=1000, N_CONVDIFF=1000,
# N_MODEL8=1000, EX19_GRID=500; TTS_SMALL=1 (host dry run: small sizes, 3 steps, no GPU options);
# GPU (empty: host paths), EX19_ARGS (extra ex19 options, e.g. -lidvelocity 10), EX1_ARGS (extra options of the
# hard and easy single solves: -warmup times a second solve of the process, after CUDA has loaded the kernels).
# Expect the GMRES(20) half of the sequence and easy tables to be partly skipped in one call (a sequence of 20
# solves takes 5-25 s a run, plus 2-3 s to start). Two calls cover everything: PHASES="apply seq" END_SEQ=550,
# then PHASES="hard ex19 easy" END_HARD=180 END_EX19=370; report takes both tarballs (rename one) and merges them.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
what=${1:-}

# ----------------------------------------------------------------------------------------------------------
usage() { echo "usage: bash bench/tts/run.sh pack|run|report TARBALL... (steps and knobs: the head of this script)" >&2; exit 1; }

if [ "$what" = pack ]; then
  SHARED=${SHARED:-../shared}
  . bench/gpu/petsc_env.sh --
  PETSC_DIR=$PETSC_CUDA_DIR
  # a build folder of our own: other work in this tree uses build/ and build/cuda
  make -j2 PETSC_DIR="$PETSC_DIR" BUILD=build/tts LIBDIR=build/tts/lib TUTDIR=build/tts/tutorials lib tutorials
  ts_build_ex19 build/tts/ex19
  rm -rf .gpu/tts
  mkdir -p .gpu/tts/bin
  ts_copy_lib build/tts/lib .gpu/tts/lib
  cp build/tts/tutorials/ex1 build/tts/tutorials/ex4 build/tts/ex19/ex19 .gpu/tts/bin/
  [ -f ".gpu/$PETSC_CUDA_TARBALL" ] || cp "$SHARED/gpu/$PETSC_CUDA_TARBALL" .gpu/
  commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  git diff --quiet HEAD -- src include tutorials bench/tts 2>/dev/null || commit="$commit+local changes"
  echo "$commit" > .gpu/tts/commit.txt
  du -shc ".gpu/$PETSC_CUDA_TARBALL" .gpu/tts
  exit 0
fi

# ----------------------------------------------------------------------------------------------------------
if [ "$what" = report ]; then
  shift
  exec "${PYTHON:-/usr/bin/python3}" bench/tts/report.py "$@"
fi

[ "$what" = run ] || usage

# ----------------------------------------------------------------------------------------------------------
# device side. No set -e from here on: runs fail on purpose (divergence, timeouts) and are recorded.
set +e
OUT=${OUT:-/tmp/out}
W=${WORK:-/tmp/tts}
BIN=${BIN:-$ROOT/.gpu/tts/bin}
LIB=$ROOT/.gpu/tts/lib
if [ "${TTS_SMALL:-0}" = 1 ]; then
  : "${N_ANISO:=48}" "${N_ROT:=40}" "${N_CONVDIFF:=40}" "${N_MODEL8:=40}" "${EX19_GRID:=16}" "${STEPS:=3}"
  : "${GPU=}" "${BUDGET:=240}" "${END_APPLY:=20}" "${END_SEQ:=110}" "${END_HARD:=150}" "${END_EX19:=190}"
fi
N_ANISO=${N_ANISO:-1200} N_ROT=${N_ROT:-1000} N_CONVDIFF=${N_CONVDIFF:-1000} N_MODEL8=${N_MODEL8:-1000}
EX19_GRID=${EX19_GRID:-500} STEPS=${STEPS:-20}
GPU=${GPU--mat_type aijcusparse -vec_type cuda}
BUDGET=${BUDGET:-550} END_APPLY=${END_APPLY:-40} END_SEQ=${END_SEQ:-290} END_HARD=${END_HARD:-380} END_EX19=${END_EX19:-470}
TIMEOUT_APPLY=${TIMEOUT_APPLY:-40} TIMEOUT_SEQ=${TIMEOUT_SEQ:-25} TIMEOUT_ILU=${TIMEOUT_ILU:-12}
TIMEOUT_ONE=${TIMEOUT_ONE:-15} TIMEOUT_EX19=${TIMEOUT_EX19:-45}
PHASES=${PHASES:-apply seq hard ex19 easy}
EX19_ARGS=${EX19_ARGS:-}
EX1_ARGS=${EX1_ARGS:-}
# the same PETSc options for ex19's DM-created objects; ILU(0) through cuSPARSE only where there is a GPU
if [ -n "$GPU" ]; then
  EX19_GPU="-dm_mat_type aijcusparse -dm_vec_type cuda"
  ILU_SOLVER="-pc_factor_mat_solver_type cusparse"
else
  EX19_GPU="" ILU_SOLVER=""
fi
T0=$(date +%s)
mkdir -p "$OUT"
rm -rf "$W"
mkdir -p "$W/runs"
. bench/gpu/petsc_env.sh -- "$LIB" || exit 1
{
  date -u +%Y-%m-%dT%H:%MZ
  if [ -n "$GPU" ]; then nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1
  else echo "host (no GPU: GPU options empty)"; fi
  echo "commit $(cat .gpu/tts/commit.txt 2>/dev/null || echo unknown)"
  echo "cpu $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
  echo "budget $BUDGET end_apply $END_APPLY end_seq $END_SEQ end_hard $END_HARD end_ex19 $END_EX19 phases $PHASES"
  echo "timeouts apply $TIMEOUT_APPLY seq $TIMEOUT_SEQ ilu $TIMEOUT_ILU one $TIMEOUT_ONE ex19 $TIMEOUT_EX19"
  echo "sizes aniso $N_ANISO rot $N_ROT convdiff $N_CONVDIFF model8 $N_MODEL8 ex19 $EX19_GRID steps $STEPS"
  echo "gpu_options $GPU"
  echo "ex1_options $EX1_ARGS"
} > "$W/gpu.txt"
cat "$W/gpu.txt"

KSPS=("bcgs|-ksp_type bcgs -ksp_pc_side right" "gmres|-ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right")
# label|options, in the order they run: the trisplit PCs and PETSc's cheap ones first, ILU(0) last (it is
# the slowest per solve and the first a short budget drops); bjacobi + ILU equals ILU on one process
PCS=("algtri|-pc_type algtri" "jacobi|-pc_type jacobi" "gamg|-pc_type gamg -pc_gamg_reuse_interpolation true"
  "mosd-m2|-pc_type mosd -pc_mosd_m 2" "altsplit-m2|-pc_type altsplit -pc_altsplit_m 2"
  "mosa-m2|-pc_type mosa -pc_mosa_m 2" "ilu|-pc_type ilu $ILU_SOLVER" "bjacobi-ilu|-pc_type bjacobi -sub_pc_type ilu")

now() { date +%s; }
# run_one ID TIMEOUT DEADLINE PROGRAM ARGS...: $W/runs/ID.log with the command, the output, rc and wall time.
# The timeout never reaches past the budget; past DEADLINE the run is only recorded as skipped.
run_one() {
  local id=$1 to=$2 dl=$3 prog=$4 f=$W/runs/$1.log left t1 t2 rc
  shift 4
  { echo "#id $id"; echo "#cmd $prog $*"; echo "#timeout $to"; } > "$f"
  left=$((T0 + BUDGET - $(now)))
  if [ "$(now)" -ge "$dl" ] || [ "$left" -le 3 ]; then
    echo "#status skipped (time budget)" >> "$f"
    printf '%-48s skipped\n' "$id"
    return 0
  fi
  [ "$left" -lt "$to" ] && to=$left && echo "#timeout $to (budget)" >> "$f"
  t1=$(date +%s.%N)
  timeout -k 3 "$to" "$BIN/$prog" "$@" >> "$f" 2>&1
  rc=$?
  t2=$(date +%s.%N)
  echo "#rc $rc" >> "$f"
  echo "#wall $(awk -v a="$t1" -v b="$t2" 'BEGIN { printf "%.3f", b - a }')" >> "$f"
  printf '%-48s rc=%-3s %s\n' "$id" "$rc" "$(grep -m1 -o -e 'times:.*' -e 'Nonlinear solve [a-z ]* due to [A-Z_]*' "$f")"
}

# case deadlines: case i of n in a phase from $1 to $2 ends at $1 + (i+1) ($2 - $1) / n
share() { echo $(($1 + ($3 + 1) * ($2 - $1) / $4)); }

phase_apply() {
  local k dl=$((T0 + END_APPLY))
  echo "== apply: PCApply inside the Krylov loop, ANISO1 n=$N_ANISO ($(($(now) - T0)) s)"
  for k in "${KSPS[@]}"; do
    run_one "apply__aniso1__${k%%|*}__algtri" "$TIMEOUT_APPLY" "$dl" ex1 -problem aniso1 -n "$N_ANISO" ${k#*|} \
      -pc_type algtri -ksp_rtol 1e-6 -ksp_max_it 200 -view_times -view_numbers $GPU -log_view ${GPU:+-log_view_gpu_time}
  done
}

# PCs x KSPs of one case; $1 = ID prefix, $2 = case deadline, $3 = program, rest: its problem options
pc_ksp_runs() {
  local pre=$1 dl=$2 prog=$3 p k to
  shift 3
  for k in "${KSPS[@]}"; do
    for p in "${PCS[@]}"; do
      to=$TIMEOUT_ONE
      case $prog in ex4) to=$TIMEOUT_SEQ ;; ex19) to=$TIMEOUT_EX19 ;; esac
      case ${p%%|*} in ilu | bjacobi-ilu) [ "$prog" = ex4 ] && to=$TIMEOUT_ILU ;; esac
      # bjacobi + ILU is ILU(0) of the whole matrix on one process: BiCGStab only
      [ "${p%%|*}" = bjacobi-ilu ] && [ "${k%%|*}" = gmres ] && continue
      run_one "${pre}__${k%%|*}__${p%%|*}" "$to" "$dl" "$prog" "$@" ${k#*|} ${p#*|}
    done
  done
}

phase_seq() {
  local t=$(now) i=0 c name n extra cases=("aniso1 $N_ANISO" "rot $N_ROT" "convdiff $N_CONVDIFF -peclet 10000")
  echo "== seq: $STEPS systems per run, tutorials/ex4 ($(($(now) - T0)) s)"
  for c in "${cases[@]}"; do
    read -r name n extra <<< "$c"
    pc_ksp_runs "seq__$name" "$(share "$t" $((T0 + END_SEQ)) $i ${#cases[@]})" ex4 -problem "$name" -n "$n" $extra \
      -steps "$STEPS" -ksp_rtol 1e-6 -ksp_max_it 10000 -ksp_error_if_not_converged -view_times $GPU
    i=$((i + 1))
  done
}

phase_hard() {
  local t=$(now) i=0 c name n extra cases=("convdiff $N_CONVDIFF -peclet 10000" "rot $N_ROT -eps 1e-5 -theta 45")
  echo "== hard single solves ($(($(now) - T0)) s)"
  for c in "${cases[@]}"; do
    read -r name n extra <<< "$c"
    pc_ksp_runs "hard__$name" "$(share "$t" $((T0 + END_HARD)) $i ${#cases[@]})" ex1 -problem "$name" -n "$n" $extra \
      -ksp_rtol 1e-6 -ksp_max_it 10000 -view_times -view_numbers $GPU $EX1_ARGS
    i=$((i + 1))
  done
}

phase_ex19() {
  echo "== SNES ex19, ${EX19_GRID}x$EX19_GRID, 4 fields ($(($(now) - T0)) s)"
  # -snes_converged_reason: the outcome line; the linear solves' iterations from -ksp_converged_reason.
  # -log_view_gpu_time: without it PETSc 3.25 prints n/a for the time of every event that ran GPU work
  pc_ksp_runs "ex19__cavity" $((T0 + END_EX19)) ex19 -dll_append "$LIB/libtrisplit.so" -da_grid_x "$EX19_GRID" \
    -da_grid_y "$EX19_GRID" $EX19_GPU -snes_monitor -snes_converged_reason -ksp_converged_reason -ksp_rtol 1e-6 \
    -ksp_max_it 10000 -log_view ${GPU:+-log_view_gpu_time} $EX19_ARGS
}

phase_easy() {
  local t=$(now) i=0 c name n cases=("aniso1 $N_ANISO" "aniso2 $N_ANISO" "model8 $N_MODEL8")
  echo "== easy single solves ($(($(now) - T0)) s)"
  for c in "${cases[@]}"; do
    read -r name n <<< "$c"
    pc_ksp_runs "easy__$name" "$(share "$t" $((T0 + BUDGET)) $i ${#cases[@]})" ex1 -problem "$name" -n "$n" \
      -ksp_rtol 1e-6 -ksp_max_it 10000 -view_times -view_numbers $GPU $EX1_ARGS
    i=$((i + 1))
  done
}

for ph in $PHASES; do "phase_$ph"; done

echo "== done ($(($(now) - T0)) s); packing"
echo "elapsed $(($(now) - T0))" >> "$W/gpu.txt"
tar czf "$OUT/tts.tar.gz" -C "$W" .
cp "$W/gpu.txt" "$OUT/"
ls -la "$OUT"
