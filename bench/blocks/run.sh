#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# triamg on a block system (issue 41, item 3): PETSc's SNES ex19 (driven cavity, 4 fields per grid point on a DMDA,
# so the matrix has block size 4) on the GPU, triamg against GAMG and BoomerAMG, BiCGStab, rtol 1e-6, right
# preconditioning, every run with -dm_mat_type aijcusparse -dm_vec_type cuda and -dll_append of the library.
# GAMG diverges on ex19 with its defaults (smoothed aggregation; bench/results/triamg-blocks); with unsmoothed
# aggregation (-pc_gamg_agg_nsmooths 0) it converges, so that is the GAMG compared.
#
#   bash bench/blocks/run.sh pack    here: the CUDA library and ex19 built against the CUDA PETSc bundle
#                                    (bench/gpu/petsc_env.sh: ts_build_ex19, ts_pack) into .gpu/blocks.tar.xz
#   bash bench/blocks/run.sh run     on the GPU machine, carry [".gpu/blocks.tar.xz",
#                                    ".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz"]: every run into $OUT/ex19.txt
#                                    (the command, the Newton steps' linear iterations, SNES's reason, -log_view's
#                                    SNESSolve time), a table on stdout
# Knobs: GRIDS ("256 512"), PCS ('label|options', one a line), TIMEOUT (120 s a run), WARM (1: one untimed solve of
# a 64² grid first, so that CUDA's module loading is not in the first run's time), GPU (the device options; empty:
# a host dry run)
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
what=${1:-}
GRIDS=${GRIDS:-"256 512"}
TIMEOUT=${TIMEOUT:-120}
WARM=${WARM:-1}
GPU=${GPU--dm_mat_type aijcusparse -dm_vec_type cuda}
PCS=${PCS:-"triamg|-pc_type triamg
gamg-unsmoothed|-pc_type gamg -pc_gamg_agg_nsmooths 0
boomeramg|-pc_type hypre -pc_hypre_type boomeramg
mosd-m2|-pc_type mosd -pc_mosd_m 2
jacobi|-pc_type jacobi"}

if [ "$what" = pack ]; then
  . bench/gpu/petsc_env.sh -- > /dev/null || exit 1
  make $PETSC_CUDA_MAKE lib > /dev/null && ts_build_ex19 build/blocks/ex19 && ts_pack blocks build/cuda build/blocks/ex19/ex19 || exit 1
  # the PETSc the run step unpacks there (bench/gpu/petsc_env.sh looks in .gpu/)
  [ -f ".gpu/$PETSC_CUDA_TARBALL" ] || cp "${SHARED:-../shared}/gpu/$PETSC_CUDA_TARBALL" .gpu/ || exit 1
  exit 0
fi
[ "$what" = run ] || { echo "usage: bash bench/blocks/run.sh pack|run" >&2; exit 1; }
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
. bench/gpu/petsc_env.sh -- > /dev/null || exit 1
ts_unpack blocks >&2 || exit 1
raw="$OUT/ex19.txt"
: > "$raw"
{
  echo "# commit $(cat .gpu/blocks/commit.txt), $(date -u +%FT%TZ)"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | sed 's/^/# GPU /'
} >> "$raw"
base="-ksp_type bcgs -ksp_rtol 1e-6 -ksp_pc_side right -ksp_max_it 2000 $GPU -dll_append $PWD/.gpu/blocks/lib/libtrisplit.so -ksp_converged_reason -snes_converged_reason -log_view"
if [ "$WARM" = 1 ]; then timeout "$TIMEOUT" .gpu/blocks/ex19 -da_grid_x 64 -da_grid_y 64 $base -pc_type jacobi > /dev/null 2>&1; fi
printf '%-16s %6s  %-24s %-40s %s\n' pc grid snes "linear iterations per Newton step" "SNESSolve s"
while IFS='|' read -r label opts; do
  [ -n "$label" ] || continue
  for g in $GRIDS; do
    cmd=".gpu/blocks/ex19 -da_grid_x $g -da_grid_y $g $base $opts"
    log=$(timeout "$TIMEOUT" $cmd 2>&1); rc=$?
    its=$(echo "$log" | awk '/Linear solve/{r=($3=="converged")?"":"!"; print $NF r}' | tr '\n' ',' | sed 's/,$//')
    snes=$(echo "$log" | grep -m1 "Nonlinear solve" | sed 's/.*due to //')
    t=$(echo "$log" | awk '$1=="SNESSolve"{print $4}' | head -1)
    [ $rc = 124 ] && snes="timeout ($TIMEOUT s)"
    { echo "#run pc=$label grid=$g rc=$rc"; echo "#cmd $cmd"; echo "$log" | grep -E "Linear solve|Nonlinear solve|^SNESSolve|^KSPSolve|^PCSetUp|PETSC ERROR" | head -40; } >> "$raw"
    printf '%-16s %6s  %-24s %-40s %s\n' "$label" "$g²" "${snes:-none}" "${its:-none}" "${t:--}"
  done
done <<< "$PCS"
