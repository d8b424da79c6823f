#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# trisplit against PETSc's GPU preconditioners: one script, three steps (docs/internals.md, "The comparison with
# PETSc's GPU preconditioners"); and the same-run comparison of two builds (samerun-pack, samerun-run, below).
#
#   bash bench/compare/run.sh pack           # here, no GPU needed: bench/gpu/prepare.sh (lib + drivers against
#                                            # the CUDA PETSc into .gpu/), the helpers (stamp, copybw) into
#                                            # .gpu/compare/, the matrices of ../shared/matrices into .gpu/matrices/
#   bash bench/compare/run.sh run            # on the GPU machine (device tool, one call, < 10 minutes), with carry
#       [".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz", ".gpu/lib", ".gpu/tutorials", ".gpu/matrices", ".gpu/compare"]
#                                            # writes $OUT/compare.tar.gz and $OUT/compare_real.tar.gz (raw,
#                                            # time-stamped driver outputs)
#   bash bench/compare/run.sh report TARBALL... # here: bench/results/compare/<gpu>-petsc<version>/ (--out DIR:
#                                            # elsewhere) with results.csv, results.md, histories.csv.gz,
#                                            # logview.md and the PNG plots (report.py)
#
# What the run step runs (every run -mat_type aijcusparse -vec_type cuda, rtol 1e-6, right preconditioning,
# zero initial guess, b = A x with x_i = sin(16 pi i/N)):
#   - copybw (device copy bandwidth), then one -log_view -log_view_gpu_time run per PC on ANISO1 (200 iterations)
#   - the model problems of tutorials/ex1, one process per run, one after the other (timed runs: -view_times)
#   - every matrix of .gpu/matrices/MANIFEST.tsv through tutorials/ex2, PAR processes at a time
#   in the order model core set, real core set, model m-sweep, real m-sweep; a phase starts no run past its
#   deadline (MODEL_END, REAL_END, BUDGET seconds after the start), such runs are recorded as skipped
#   Krylov: GMRES(20) and BiCGStab; ALT-o (altsplit outer) with FGMRES(20).
#   PCs: trisplit algtri (scalar, 2x2 blocks, single-precision factors), mosd m=1..4, altsplit (inner) m=1..4,
#   altsplit outer m=2, mosa m=1..3 against PETSc's jacobi,
#   ilu (-pc_factor_mat_solver_type cusparse), bjacobi+ilu, gamg. The m = 1, 3, 4 sweep (and blocks in single
#   precision) runs with GMRES only
#   (the first thing dropped when time runs short).
# Each driver output goes through stamp, which prefixes every line with the wall-clock time: the -ksp_monitor lines
# give residual histories against measured time. With right preconditioning the monitored norm is the
# unpreconditioned residual ||b - A x_k|| (true residual up to rounding; the drivers print the true residual of
# the final iterate, and one run checks the history against -ksp_monitor_true_residual).
# Environment (defaults): BUDGET=530, MODEL_END=220, REAL_END=430 (seconds), PAR=12, TIMEOUT_MODEL=25,
# TIMEOUT_REAL=20 (per run), PROBLEMS, MATRICES (file names), GPU (empty: a host dry run), EX1, EX2, STAMP,
# PASSES ("model:core real:core model:sweep real:sweep": a subset splits the suite over two device calls),
# SWEEP_MODEL and SWEEP_REAL (labels of the sweep run on the model problems and on the matrices; empty: all),
# MATRICES_SWEEP (the matrices of the sweep; default MATRICES), CORE (labels of the core set; empty: all), LOGVIEW (1: the -log_view runs).
# The 2026-11-22 H200 run used the earlier order (model core + sweep, then real core + sweep) with
# BUDGET=505 MODEL_END=335 PAR=8 TIMEOUT_REAL=30: its real-matrix sweep and 6 matrices did not fit.
#
# samerun-pack, samerun-run:
# Same-run comparison of two builds of the library on the GPU, for a change that must not alter results or speed
# (issue 29's refactors): tutorials/ex1 of each build, old and new alternating, BiCGStab with right
# preconditioning, rtol 1e-6, -warmup -view_times, -mat_type aijcusparse -vec_type cuda, REPS repetitions.
#   bash bench/compare/run.sh samerun-pack OLD   here: .gpu/samerun-old.tar.xz from the worktree OLD's CUDA build
#                                                and .gpu/samerun-new.tar.xz from this checkout's (make
#                                                $PETSC_CUDA_MAKE lib tutorials in both first)
#   bash bench/compare/run.sh samerun-run        there (carry .gpu/samerun-*.tar.xz and the PETSc tarball): one
#                                                line a run, 'rep | old/new | pc | problem | reason iterations |
#                                                setup solve total'
# Knobs: REPS (3), PCS (one a line), PROBLEMS (one a line).
set -u
usage() { echo "usage: bash bench/compare/run.sh pack|run|report TARBALL...|samerun-pack OLD|samerun-run (the head of this script)" >&2; exit 1; }
what=${1:-}
# samerun-pack's OLD as the caller named it, before the cd to the repository root
if [ "$what" = samerun-pack ]; then
  [ $# -ge 2 ] || usage
  samerun_old=$(cd "$2" && pwd) || exit 1
fi
cd "$(dirname "$0")/../.."
ROOT=$PWD

# ----------------------------------------------------------------------------------------------------------
if [ "$what" = pack ]; then
  set -e
  SHARED=${SHARED:-../shared}
  bash bench/gpu/prepare.sh
  mkdir -p .gpu/compare .gpu/matrices
  cc -O2 -o .gpu/compare/stamp bench/compare/stamp.c
  nvcc -O2 -arch=sm_90 -o .gpu/compare/copybw bench/compare/copybw.cu
  cp "$SHARED"/matrices/MANIFEST.tsv "$SHARED"/matrices/*.mtx.gz .gpu/matrices/
  commit=${COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
  if git rev-parse --git-dir >/dev/null 2>&1 && ! git diff --quiet HEAD -- src include tutorials 2>/dev/null; then commit="$commit+local changes"; fi
  echo "$commit" > .gpu/compare/commit.txt
  du -shc .gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz .gpu/lib .gpu/tutorials .gpu/matrices .gpu/compare
  exit 0
fi

# ----------------------------------------------------------------------------------------------------------
if [ "$what" = report ]; then
  shift
  exec "${PYTHON:-/usr/bin/python3}" bench/compare/report.py "$@"
fi

# ----------------------------------------------------------------------------------------------------------
# samerun-pack, samerun-run (the head of this script)
samerun() {
  . bench/gpu/petsc_env.sh -- || exit 1
  if [ "$1" = samerun-pack ]; then
    (cd "$samerun_old" && . bench/gpu/petsc_env.sh -- && ts_pack samerun-old build/cuda build/cuda/tutorials/ex1) && mkdir -p .gpu &&
      mv "$samerun_old/.gpu/samerun-old.tar.xz" .gpu/ && ts_pack samerun-new build/cuda build/cuda/tutorials/ex1
    exit
  fi
  for v in old new; do tar xJf .gpu/samerun-$v.tar.xz -C .gpu || exit 1; echo "# $v: commit $(cat .gpu/samerun-$v/commit.txt)"; done
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | sed 's/^/# /'
  PCS=${PCS:-"algtri
mosd -pc_mosd_m 2
altsplit -pc_altsplit_m 2
mosa -pc_mosa_m 2"}
  PROBLEMS=${PROBLEMS:-"aniso1 -n 1200
rot -n 1000"}
  base=$LD_LIBRARY_PATH
  for rep in $(seq "${REPS:-3}"); do
    while read -r pc; do
      while read -r p; do
        for v in old new; do
          r=$(LD_LIBRARY_PATH=$PWD/.gpu/samerun-$v/lib:$base timeout 120 .gpu/samerun-$v/ex1 -problem $p -ksp_type bcgs -ksp_pc_side right -ksp_rtol 1e-6 -pc_type $pc -mat_type aijcusparse -vec_type cuda -warmup -view_times 2>&1)
          its=$(echo "$r" | sed -n 's/.*: \([A-Z_]*\) in \([0-9]*\) iterations.*/\1 \2/p' | tail -n 1)
          t=$(echo "$r" | sed -n 's/.*times: setup \([0-9.]*\) s, solve \([0-9.]*\) s, total \([0-9.]*\) s.*/\1 \2 \3/p' | tail -n 1)
          echo "$rep | $v | $pc | $p | $its | $t"
          [ -n "$its" ] || echo "$r" | tail -n 4 | sed 's/^/#   /'
        done
      done <<< "$PROBLEMS"
    done <<< "$PCS"
  done
}
if [ "$what" = samerun-pack ] || [ "$what" = samerun-run ]; then
  samerun "$what"
  exit
fi

# ----------------------------------------------------------------------------------------------------------
# run: the GPU side
W=${WORK:-/tmp/compare}
STAMP=${STAMP:-$ROOT/.gpu/compare/stamp}
EX1=${EX1:-$ROOT/.gpu/tutorials/ex1}
EX2=${EX2:-$ROOT/.gpu/tutorials/ex2}
GPU=${GPU--mat_type aijcusparse -vec_type cuda}
export W STAMP EX1 EX2 GPU

# one run: ID TIMEOUT DEADLINE(epoch s) DRIVER(ex1|ex2) ARGS...; writes $W/runs/ID.log (time-stamped output)
run_one() {
  local id=$1 to=$2 dl=$3 drv=$4 exe f rc
  shift 4
  f=$W/runs/$id.log
  exe=$EX1; [ "$drv" = ex2 ] && exe=$EX2
  { echo "#id $id"; echo "#cmd $drv $* $GPU"; } > "$f"
  if [ "$(date +%s)" -ge "$dl" ]; then echo "#status skipped (time budget)" >> "$f"; return 0; fi
  timeout -k 3 "$to" "$exe" "$@" $GPU 2>&1 | "$STAMP" >> "$f"
  rc=${PIPESTATUS[0]}
  echo "#rc $rc" >> "$f"
  printf '%-44s rc=%-3s %s\n' "$id" "$rc" "$(grep -m1 -o '[A-Z_]* in [0-9]* iterations' "$f")"
}

if [ "$what" = one ]; then
  shift
  run_one "$@"
  exit 0
fi

[ "$what" = run ] || usage

OUT=${OUT:-/tmp/out}
BUDGET=${BUDGET:-530}
MODEL_END=${MODEL_END:-220}
REAL_END=${REAL_END:-430}
PAR=${PAR:-12}
TIMEOUT_MODEL=${TIMEOUT_MODEL:-25}
TIMEOUT_REAL=${TIMEOUT_REAL:-20}
PROBLEMS=${PROBLEMS:-"aniso1 1200|aniso2 1200|model8 1000|lap3d 100|rot 1000 -eps 1e-3 -theta 45|convdiff 1000 -peclet 10000"}
LOGVIEW_N=${LOGVIEW_N:-1200}
PASSES=${PASSES:-model:core real:core model:sweep real:sweep}
LOGVIEW=${LOGVIEW:-1}
T0=$(date +%s)
mkdir -p "$OUT"
rm -rf "$W"
mkdir -p "$W/runs" "$W/logview"
if [ -n "$GPU" ]; then
  . bench/gpu/petsc_env.sh -- "$ROOT/.gpu/lib" || exit 1
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$W/gpu.txt" 2>&1
else
  echo "host (no GPU: GPU options empty)" > "$W/gpu.txt"
fi
{
  date -u +%Y-%m-%dT%H:%MZ
  echo "commit $(cat .gpu/compare/commit.txt 2>/dev/null || git rev-parse --short HEAD 2>/dev/null)"
  echo "cpu $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
  echo "budget $BUDGET model_end $MODEL_END real_end $REAL_END par $PAR timeout_model $TIMEOUT_MODEL timeout_real $TIMEOUT_REAL"
  echo "problems $PROBLEMS"
} >> "$W/gpu.txt"
cat "$W/gpu.txt"
[ -n "$GPU" ] && .gpu/compare/copybw > "$W/copybw.txt" 2>&1
cat "$W/copybw.txt" 2>/dev/null

KSP_GMRES="-ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right"
KSP_BCGS="-ksp_type bcgs -ksp_pc_side right"
KSP_FGMRES="-ksp_type fgmres -ksp_gmres_restart 20 -ksp_pc_side right"
# label|options; the Krylov method is chosen per pass
PC_CORE=("jacobi|-pc_type jacobi" "ilu-cusparse|-pc_type ilu -pc_factor_mat_solver_type cusparse"
  "bjacobi-ilu|-pc_type bjacobi -sub_pc_type ilu" "gamg|-pc_type gamg" "algtri|-pc_type algtri"
  "algtri-b2|-pc_type algtri -pc_algtri_block 2" "algtri-single|-pc_type algtri -pc_algtri_precision single"
  "mosd-m2|-pc_type mosd -pc_mosd_m 2" "altsplit-m2|-pc_type altsplit -pc_altsplit_m 2" "mosa-m2|-pc_type mosa -pc_mosa_m 2"
  "mosd-auto|-pc_type mosd")
# the sweep (GMRES only): the defaults of each PC (m by coverage, omega) and the option families a default is
# chosen from (m, omega, weights, blocks in single precision)
PC_SWEEP=("mosd-auto|-pc_type mosd" "altsplit-auto|-pc_type altsplit" "mosa-auto|-pc_type mosa"
  "algtri-abs|-pc_type algtri -pc_algtri_weight abs" "mosd-m2-omega0.5|-pc_type mosd -pc_mosd_m 2 -pc_mosd_omega 0.5"
  "altsplit-m2-omega0|-pc_type altsplit -pc_altsplit_m 2 -pc_altsplit_omega 0"
  "mosd-m1|-pc_type mosd -pc_mosd_m 1" "mosd-m3|-pc_type mosd -pc_mosd_m 3" "mosd-m4|-pc_type mosd -pc_mosd_m 4"
  "altsplit-m1|-pc_type altsplit -pc_altsplit_m 1" "altsplit-m3|-pc_type altsplit -pc_altsplit_m 3"
  "altsplit-m4|-pc_type altsplit -pc_altsplit_m 4" "algtri-b2-single|-pc_type algtri -pc_algtri_block 2 -pc_algtri_precision single"
  "mosa-m1|-pc_type mosa -pc_mosa_m 1" "mosa-m3|-pc_type mosa -pc_mosa_m 3")
PC_OUTER="altsplit-outer-m2|-pc_type altsplit -pc_altsplit_m 2 -pc_altsplit_type outer"
COMMON="-ksp_rtol 1e-6 -ksp_monitor -view_numbers"

# CORE: the labels of the core set to run (empty: all), e.g. to confirm one configuration against the baselines
in_core() { [ -z "${CORE:-}" ] || [[ " $CORE " == *" ${1%%|*} "* ]]; }
# jobs of one problem and pass: lines "ID DRIVER ARGS..." (problem id first, then the driver's problem args)
joblist() { # PASS PID DRIVER PROBLEM-ARGS...
  local pass=$1 pid=$2 drv=$3 e
  shift 3
  if [ "$pass" = core ]; then
    for e in "${PC_CORE[@]}"; do in_core "$e" && echo "${pid}__gmres__${e%%|*} $drv $* $KSP_GMRES ${e#*|}"; done
    in_core "$PC_OUTER" && echo "${pid}__fgmres__${PC_OUTER%%|*} $drv $* $KSP_FGMRES ${PC_OUTER#*|}"
    for e in "${PC_CORE[@]}"; do in_core "$e" && echo "${pid}__bcgs__${e%%|*} $drv $* $KSP_BCGS ${e#*|}"; done
  else
    for e in "${PC_SWEEP[@]}"; do
      # SWEEP_MODEL: the sweep labels run on the model problems (all when empty)
      if [ "$drv" = ex1 ] && [ -n "${SWEEP_MODEL:-}" ] && [[ " $SWEEP_MODEL " != *" ${e%%|*} "* ]]; then continue; fi
      if [ "$drv" = ex2 ] && [ -n "${SWEEP_REAL:-}" ] && [[ " $SWEEP_REAL " != *" ${e%%|*} "* ]]; then continue; fi
      echo "${pid}__gmres__${e%%|*} $drv $* $KSP_GMRES ${e#*|}"
    done
  fi
}

# 1. -log_view per PC on ANISO1 (GPU event times: -log_view_gpu_time), 200 iterations; and one history check
echo "== log_view on aniso1 n=$LOGVIEW_N ($(($(date +%s) - T0)) s)"
[ "$LOGVIEW" = 1 ] && for e in "${PC_CORE[@]}" "$PC_OUTER"; do
  k=$KSP_GMRES; [ "${e%%|*}" = altsplit-outer-m2 ] && k=$KSP_FGMRES
  timeout -k 3 60 $EX1 -problem aniso1 -n $LOGVIEW_N $k ${e#*|} -ksp_max_it 200 -view_times -view_numbers $GPU \
    -log_view ${GPU:+-log_view_gpu_time} > "$W/logview/${e%%|*}.txt" 2>&1
  echo "logview ${e%%|*}: rc $? $(grep -m1 -o 'times:.*' "$W/logview/${e%%|*}.txt")"
done
[ "$LOGVIEW" = 1 ] && run_one check__gmres__algtri-truemonitor 60 $((T0 + BUDGET)) ex1 -problem aniso1 -n $LOGVIEW_N $KSP_GMRES -pc_type algtri \
  -ksp_rtol 1e-6 -ksp_monitor_true_residual -view_numbers -view_times

# 2. the model problems one run at a time (timings: ex1 -view_times, device synchronised), and
# 3. the real matrices, PAR at a time (ex2; times from the stamps: KSPSolve start marked by -ksp_view_pre).
# Order: model core, real core, model sweep, real sweep, so that the m-sweep is what a short budget drops.
IFS='|' read -r -a probs <<< "$PROBLEMS"
if [ -n "${MATRICES:-}" ]; then mats=$MATRICES
else mats=$(awk -F'\t' 'NR > 1 { print $2 }' .gpu/matrices/MANIFEST.tsv); fi
model_pass() { # PASS DEADLINE
  local pass=$1 dl=$2 p name n extra
  echo "== model problems, $pass ($(($(date +%s) - T0)) s)"
  for p in "${probs[@]}"; do
    read -r name n extra <<< "$p"
    joblist "$pass" "$name" ex1 -problem "$name" -n "$n" $extra | while read -r id drv args; do
      run_one "$id" "$TIMEOUT_MODEL" "$dl" "$drv" $args $COMMON -view_times -ksp_max_it 10000
    done
  done
}
real_pass() { # PASS DEADLINE
  local m
  echo "== real matrices, $1, $PAR at a time ($(($(date +%s) - T0)) s)"
  local list=$mats
  [ "$1" = sweep ] && list=${MATRICES_SWEEP:-$mats}
  for m in $list; do
    joblist "$1" "mm-${m%.mtx.gz}" ex2 -f "$ROOT/.gpu/matrices/$m"
  done | while read -r id drv args; do
    echo "$id $TIMEOUT_REAL $2 $drv $args $COMMON -ksp_view_pre -ksp_max_it 2000"
  done > "$W/jobs_$1.txt"
  xargs -P "$PAR" -L 1 bash "$ROOT/bench/compare/run.sh" one < "$W/jobs_$1.txt" > "$W/real_$1.log" 2>&1
  echo "real $1: $(wc -l < "$W/jobs_$1.txt") jobs, $(grep -c 'rc=0 ' "$W/real_$1.log") rc=0 ($(($(date +%s) - T0)) s)"
}
for pass in $PASSES; do
  case $pass in
  model:core) model_pass core $((T0 + MODEL_END)) ;;
  real:core) real_pass core $((T0 + REAL_END)) ;;
  model:sweep) model_pass sweep $((T0 + BUDGET)) ;;
  real:sweep) real_pass sweep $((T0 + BUDGET)) ;;
  esac
done

echo "== done ($(($(date +%s) - T0)) s); packing"
echo "elapsed $(($(date +%s) - T0))" >> "$W/gpu.txt"
# two tarballs (the device tool returns files of at most 16 MB): the real-matrix runs apart
(cd "$W" && ls runs | grep '^mm-' > real_files.txt; sed 's|^|runs/|' real_files.txt > real_paths.txt
 tar czf "$OUT/compare_real.tar.gz" -T real_paths.txt
 tar czf "$OUT/compare.tar.gz" --exclude-from=real_paths.txt --exclude=real_files.txt --exclude=real_paths.txt .)
cp "$W/gpu.txt" "$OUT/"
ls -la "$OUT"
