#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# PCTRIAMG's benchmarks, one step a subcommand:
#   bash bench/triamg/run.sh pack | run    triamg against PETSc's GPU preconditioners (below)
#   bash bench/triamg/run.sh cpu           triamg against GAMG on the CPU
#   bash bench/triamg/run.sh variants      triamg's setup under option variants, on the GPU
#   bash bench/triamg/run.sh ranks         triamg on 1 and several GPUs, one rank per GPU, with and without the gather
#   (where a setup goes, from -log_view :f.txt:ascii_flamegraph: python3 bench/triamg/flame.py DEPTH f.txt ...)
#
# pack, run:
# PCTRIAMG against PETSc's GPU preconditioners on one GPU (issue 31's tables), tutorials/ex1, rtol 1e-6, right
# preconditioning, -mat_type aijcusparse -vec_type cuda, -warmup (each timed solve follows an untimed one with a
# KSP of its own, so CUDA's one-time module loading is left out for every PC alike; the timed setup builds the
# whole hierarchy anew).
#
#   bash bench/triamg/run.sh pack        here: .gpu/triamg.tar.xz (the library and ex1 against the CUDA PETSc)
#   bash bench/triamg/run.sh run         on the GPU machine, carry [".gpu"]: one line per run on stdout,
#                                        (without .gpu/triamg.tar.xz: the ex1 of the GPU suite that
#                                        tests/gpu/run.sh unpacked)
#                                        "label | problem | KSP | reason its | setup solve total" (seconds)
# Knobs: SIZES (small, large or both: 1-1.44M or 4-5.76M rows), PCS (default "triamg jacobi gamg hypre"; also
# ilu, bjilu, gamgtri: GAMG with algtri smoothers; triamgpcmg: triamg through PCMG's cycle; triamgpetsc: triamg as
# before the lean cycle, with PETSc's GMRES estimate of the Chebyshev bounds and mosd below the finest level),
# KSPS (default "gmres bcgs"), PROBLEMS (default: the six of issue 31), LOGVIEW=1 (one -log_view run of triamg
# on ANISO1 first), TIMEOUT (per run, 90 s), SEQUENCE=1 (tutorials/ex4: 20 systems of one pattern at the small size,
# GAMG with -pc_gamg_reuse_interpolation, triamg with its default reuse).
#
# cpu:
# PCTRIAMG against PETSc's GAMG on the CPU (Debian PETSc 3.18, one rank), tutorials/ex1, rtol 1e-6:
# iterations and setup + solve seconds (ex1 -view_times), GMRES(20) and BiCGStab, right preconditioning.
#   bash bench/triamg/run.sh cpu > results.txt   (after make)
#
# variants:
# Where PCTRIAMG's setup goes and what its options change, on one GPU: tutorials/ex1 with triamg under option
# variants (VARIANTS, one a line, 'label|options'), GMRES(20) and BiCGStab, rtol 1e-6, right preconditioning,
# -warmup, REPS times; prints 'problem ksp variant: iterations, setup, solve, total' and, with LOGVIEW=1, the setup
# events of one -log_view -log_view_gpu_time run per variant (count and seconds). Run on the GPU machine after tests/gpu/run.sh unpacked the suite (build/cuda):
#   bash bench/triamg/run.sh variants
set -u
cd "$(dirname "$0")/../.."

pcopts() {
  case $1 in
  triamg) echo "-pc_type triamg" ;;
  jacobi) echo "-pc_type jacobi" ;;
  gamg) echo "-pc_type gamg" ;;
  hypre) echo "-pc_type hypre -pc_hypre_type boomeramg" ;;
  ilu) echo "-pc_type ilu -pc_factor_mat_solver_type cusparse" ;;
  bjilu) echo "-pc_type bjacobi -sub_pc_type ilu" ;;
  gamgtri) echo "-pc_type gamg -mg_levels_pc_type algtri" ;;
  triamgpcmg) echo "-pc_type triamg -pc_triamg_lean_cycle 0" ;;
  triamgpetsc) echo "-pc_type triamg -pc_triamg_lean_cycle 0 -mg_levels_ksp_chebyshev_esteig 0,0.1,0,1.1 -pc_triamg_coarser_smoother_type mosd" ;;
  *) echo "-pc_type $1" ;;
  esac
}

case ${1:-} in
cpu)
  EX=${EX:-tutorials/ex1}
  cpu_case() { # label, problem options, solver options
    local out its t
    out=$($EX $2 $3 -view_times 2>&1)
    its=$(echo "$out" | sed -n 's/.*: \([A-Z_]*\) in \([0-9]*\) iterations/\1 \2/p')
    t=$(echo "$out" | sed -n 's/.*times: setup \([0-9.]*\) s, solve \([0-9.]*\) s, total \([0-9.]*\) s/\1 \2 \3/p')
    echo "$1 | $2 | $its | $t"
  }
  cpu_pair() { # problem options: triamg and GAMG with both KSPs
    local k K
    for k in "gmres -ksp_gmres_restart 20" "bcgs"; do
      K="-ksp_type $k -ksp_pc_side right"
      cpu_case "triamg $k" "$1" "$K -pc_type triamg"
      cpu_case "gamg $k" "$1" "$K -pc_type gamg"
    done
  }
  for prob in "aniso1" "aniso2" "model8" "rot" "convdiff" "rot -theta 0 -eps 1e-4"; do
    for n in 256 512; do cpu_pair "-problem $prob -n $n"; done
  done
  for n in 48 64; do cpu_pair "-problem lap3d -n $n"; done
  exit
  ;;
variants)
  . bench/gpu/petsc_env.sh -- build/cuda/lib || exit 1
  EX1=${TS_EX1:-build/cuda/tests/tutorials/ex1}
  GPUOPT=${GPUOPT-"-mat_type aijcusparse -vec_type cuda -use_gpu_aware_mpi 0"}
  PROBLEMS=${PROBLEMS:-"aniso1|-problem aniso1 -n 1200
  rot|-problem rot -n 1000"}
  VARIANTS=${VARIANTS:-"default|"}
  KSPS=${KSPS:-"gmres bcgs"}
  REPS=${REPS:-1}
  while IFS='|' read -r plabel popts; do
    while IFS='|' read -r vlabel vopts; do
      for k in $KSPS; do for rep in $(seq "$REPS"); do
        kopts="-ksp_type $k"; [ "$k" = gmres ] && kopts="$kopts -ksp_gmres_restart 20"
        out=$(timeout 120 $EX1 $popts $kopts -ksp_rtol 1e-6 -ksp_pc_side right -pc_type triamg $vopts $GPUOPT -warmup -view_times 2>&1)
        its=$(echo "$out" | sed -n 's/.*: \([A-Z_]*\) in \([0-9]*\) iterations.*/\1 \2/p' | tail -n 1)
        t=$(echo "$out" | sed -n 's/.*times: setup \([0-9.]*\) s, solve \([0-9.]*\) s, total \([0-9.]*\) s.*/setup \1 solve \2 total \3/p' | tail -n 1)
        echo "$plabel $k $vlabel: $its, $t"
        [ -n "$its" ] || echo "$out" | tail -n 5 | sed 's/^/#   /'
      done; done
      if [ "${LOGVIEW:-0}" = 1 ]; then
        $EX1 $popts -ksp_type gmres -ksp_gmres_restart 20 -ksp_rtol 1e-6 -ksp_pc_side right -pc_type triamg $vopts $GPUOPT -log_view -log_view_gpu_time 2>&1 |
          grep -E '^(PCSetUp |KSPSolve |TriAMG|TriSplit(Forest|Factor|RPTSPlan|PivCheck)|MatAssemblyEnd|MatCUSPARSCopyTo|MatLUFactor|MatConvert|MatPtAP|KSPSetUp|PCApply|VecSetRandom)' | awk -v v="$plabel $vlabel" '{printf "#   %s %-18s %5s %10s s\n", v, $1, $2, $4}'
      fi
    done <<< "$VARIANTS"
  done <<< "$PROBLEMS"
  exit
  ;;
ranks)
  # ranks:
  # PCTRIAMG on one and several GPUs of one host (one rank per GPU, bench/scaling/bind.sh), tutorials/ex1, BiCGStab,
  # rtol 1e-6, right preconditioning, -warmup; triamg at each gather size of GATHERS (-pc_triamg_gather_size; the
  # default first) and, on the most ranks, jacobi and algtri; weak scaling with 1200² unknowns per GPU. One line a
  # run: "ranks | problem | options | reason its | setup solve total". Run on the GPU machine after tests/gpu/run.sh
  # unpacked the suite (build/cuda). Knobs: RANKS ("1 2"), GATHERS ("0 20000"), PROBLEMS ("aniso1 -n 2400;rot -n
  # 2000;aniso1 -n 4800"), REPS (2), WEAK ("aniso1 rot"), BASELINES (on the most ranks: "jacobi algtri"; also bjilu,
  # gamg, hypre as in run).
  . bench/gpu/petsc_env.sh -- build/cuda/lib >/dev/null || exit 1
  EX1=${TS_EX1:-build/cuda/tests/tutorials/ex1}
  RANKS=${RANKS:-1 2}
  GATHERS=${GATHERS:-0 20000}
  REPS=${REPS:-2}
  G="-mat_type aijcusparse -vec_type cuda -use_gpu_aware_mpi 0 -ksp_type bcgs -ksp_pc_side right -ksp_rtol 1e-6 -ksp_max_it 3000 -warmup -view_times"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  echo "commit $(cat build/cuda/tests/gpu/commit.txt)"
  one() { # ranks, label, options
    local out
    out=$(timeout 120 mpiexec --allow-run-as-root -n "$1" bench/scaling/bind.sh $EX1 $3 $G 2>&1)
    echo "$1 | $2 | $3 | $(echo "$out" | sed -n 's/.*: \([A-Z_]*\) in \([0-9]*\) iterations.*/\1 \2/p' | tail -1) | $(echo "$out" | sed -n 's/.*times: setup \([0-9.]*\) s, solve \([0-9.]*\) s, total \([0-9.]*\) s.*/\1 \2 \3/p' | tail -1)"
  }
  last=$(echo $RANKS | awk '{print $NF}')
  IFS=';' read -r -a probs <<< "${PROBLEMS:-aniso1 -n 2400;rot -n 2000;aniso1 -n 4800}"
  for p in "${probs[@]}"; do
    for r in $RANKS; do
      for rep in $(seq "$REPS"); do
        if [ "$r" = 1 ]; then one 1 "$p" "-problem $p -pc_type triamg"; continue; fi
        for g in $GATHERS; do one "$r" "$p" "-problem $p -pc_type triamg -pc_triamg_gather_size $g"; done
      done
    done
    for pc in ${BASELINES:-jacobi algtri}; do one "$last" "$p" "-problem $p $(pcopts $pc)"; done
  done
  for p in ${WEAK-aniso1 rot}; do # 1200² unknowns per GPU
    for r in $RANKS; do
      n=$(awk -v r="$r" 'BEGIN { printf "%d", 1200 * sqrt(r) }')
      if [ "$r" = 1 ]; then one 1 "weak $p" "-problem $p -n $n -pc_type triamg"; continue; fi
      for g in $GATHERS; do one "$r" "weak $p" "-problem $p -n $n -pc_type triamg -pc_triamg_gather_size $g"; done
    done
  done
  exit
  ;;
pack | run) ;;
*) echo "usage: bash bench/triamg/run.sh pack|run|cpu|variants|ranks" >&2; exit 1 ;;
esac

. bench/gpu/petsc_env.sh -- >/dev/null

if [ "${1:-}" = pack ]; then
  make $PETSC_CUDA_MAKE lib tutorials >/dev/null && ts_pack triamg build/cuda build/cuda/tutorials/ex1
  exit
fi
if [ -f .gpu/triamg.tar.xz ]; then
  ts_unpack triamg >&2 || exit 1
  EX1=.gpu/triamg/ex1
else # the GPU suite's ex1, unpacked by tests/gpu/run.sh (make check-gpu-pack), when both do not fit one carry
  EX1=${TS_EX1:-build/cuda/tests/tutorials/ex1}
  export LD_LIBRARY_PATH=$PWD/build/cuda/lib:${LD_LIBRARY_PATH:-}
  echo "commit $(cat build/cuda/tests/gpu/commit.txt)" >&2
fi
SIZES=${SIZES:-small}
[ "$SIZES" = both ] && SIZES="small large"
PCS=${PCS:-triamg jacobi gamg hypre}
KSPS=${KSPS:-gmres bcgs}
TIMEOUT=${TIMEOUT:-90}
GPUOPT=${GPUOPT-"-mat_type aijcusparse -vec_type cuda -use_gpu_aware_mpi 0"}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >&2

# problem label and options at the small and the large size
problems() {
  cat <<'EOF'
aniso1|-problem aniso1 -n 1200|-problem aniso1 -n 2400
aniso2|-problem aniso2 -n 1200|-problem aniso2 -n 2400
model8|-problem model8 -n 1000|-problem model8 -n 2000
rot|-problem rot -n 1000|-problem rot -n 2000
rot_eps1e-5|-problem rot -eps 1e-5 -n 1000|-problem rot -eps 1e-5 -n 2000
rot_theta0|-problem rot -theta 0 -eps 1e-4 -n 1000|-problem rot -theta 0 -eps 1e-4 -n 2000
lap3d|-problem lap3d -n 112|-problem lap3d -n 160
EOF
}

kspopts() {
  case $1 in
  gmres) echo "-ksp_type gmres -ksp_gmres_restart 20" ;;
  *) echo "-ksp_type $1" ;;
  esac
}

run() { # label problem-options ksp pc
  local out its t
  out=$(timeout "$TIMEOUT" $EX1 $2 $(kspopts "$3") -ksp_pc_side right -ksp_max_it 2000 $(pcopts "$4") $GPUOPT -warmup -view_times 2>&1)
  its=$(echo "$out" | sed -n 's/.*: \([A-Z_]*\) in \([0-9]*\) iterations.*/\1 \2/p' | tail -1)
  t=$(echo "$out" | sed -n 's/.*times: setup \([0-9.]*\) s, solve \([0-9.]*\) s, total \([0-9.]*\) s.*/\1 \2 \3/p' | tail -1)
  [ -n "$its" ] || its="FAILED $(echo "$out" | grep -m1 -i "error\|killed" | cut -c1-80)"
  echo "$1 | $2 | $3 | $4 | $its | $t"
}

# SEQUENCE=1: tutorials/ex4, 20 systems of one pattern (issue 31's fourth table), instead of the single solves
if [ "${SEQUENCE:-0}" = 1 ]; then
  EX4=${EX1%/ex1}/ex4
  problems | while IFS='|' read -r label small large; do
    [ -n "${PROBLEMS:-}" ] && ! echo " $PROBLEMS " | grep -q " $label " && continue
    for k in $KSPS; do
      for pc in $PCS; do
        extra=""
        [ "$pc" = gamg ] && extra="-pc_gamg_reuse_interpolation"
        out=$(timeout "$TIMEOUT" $EX4 $small -steps 20 -view_steps 0 $(kspopts "$k") -ksp_pc_side right $(pcopts "$pc") $extra $GPUOPT -view_times 2>&1)
        echo "$label small | $small | $k | $pc | $(echo "$out" | sed -n 's/.*: 20 steps, \(.*\)/\1/p') | $(echo "$out" | sed -n 's/.*times: //p') | converged: $(echo "$out" | sed -n 's/.*relative error below 1e4 rtol: //p')"
      done
    done
  done
  exit
fi

if [ "${LOGVIEW:-0}" = 1 ]; then
  $EX1 -problem aniso1 -n 1200 $(kspopts gmres) -ksp_pc_side right -pc_type triamg $GPUOPT -warmup -view_times -log_view -log_view_gpu_time -ksp_view 2>&1
fi
problems | while IFS='|' read -r label small large; do
  [ -n "${PROBLEMS:-}" ] && ! echo " $PROBLEMS " | grep -q " $label " && continue
  for size in $SIZES; do
    case $size in small) P=$small ;; large) P=$large ;; esac
    for k in $KSPS; do
      for pc in $PCS; do run "$label $size" "$P" "$k" "$pc"; done
    done
  done
done
