#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# PCTRIAMG on the real matrices of ../shared/matrices (issue 41): does triamg converge wherever GAMG or BoomerAMG
# does, and does any run stop with a PETSc error? tutorials/ex2 on every matrix of MANIFEST.tsv with triamg, gamg,
# BoomerAMG (-pc_type hypre) and the single-level trisplit PCs algtri, mosd, altsplit, each with its defaults, each
# with GMRES(20) and BiCGStab, rtol 1e-6, right preconditioning, at most MAXIT iterations, b = A x with
# x_i = sin(16 pi i/N) (ex2's). One step a subcommand:
#
#   bash bench/amgtable/run.sh cpu [OUTDIR]    here, Debian PETSc 3.18, one rank, one run at a time under
#                                              nice -n 10: appends every run to OUTDIR/$RAWNAME (default
#                                              cpu.txt; OUTDIR default: bench/results/triamg-matrices)
#   bash bench/amgtable/run.sh pack            here: .gpu/amgtable.tar.xz, the library and ex2 against the CUDA
#                                              PETSc and the matrices of at least GPU_MINROWS rows with MANIFEST.tsv,
#                                              and the CUDA PETSc's tarball copied into .gpu/ (28 MB together)
#   bash bench/amgtable/run.sh run             on the GPU machine, carry [".gpu/amgtable.tar.xz",
#                                              ".gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz"]: the same runs with
#                                              -mat_type aijcusparse -vec_type cuda on those matrices, into
#                                              $OUT/gpu.txt (OUT default /tmp/out); GPU= (empty) is a host dry run
#                                              (device host-dryrun; there BoomerAMG stops with "GPU error": the
#                                              bundle's hypre is built for the GPU)
#   bash bench/amgtable/run.sh report RAW...   here: the markdown table (report.py) from cpu.txt and gpu.txt
#                                              (plain or .gz) on stdout
#   bash bench/amgtable/run.sh variants        here: triamg under option variants (VARIANTS, 'label|options' one
#                                              a line) on MATRICES, both Krylov methods, one line a run:
#                                              'matrix ksp variant: REASON its, true residual, setup + solve s'
#                                              (the diagnosis of the misses; PCS is ignored)
#
# Raw format, one record a run (report.py reads it):
#   #run matrix=NAME rows=N kind=KIND ksp=gmres|bcgs pc=LABEL device=cpu|gpu|host-dryrun
#   #cmd the command
#   ex2's result lines ("matrix ...: REASON in N iterations", "  true relative residual ..."), the PCSetUp and
#   KSPSolve lines of -log_view (setup and solve seconds: their 4th field), the first 20 "PETSC ERROR" lines, and,
#   when the run failed without one, its last 5 lines
#   #rc RC wall SECONDS        (RC 124: killed by the timeout)
# GPU times: -log_view's events without -log_view_gpu_time, and ex2 has no warm-up run: the first setup of each
# process carries CUDA's module loading. They orient; the question of the table is convergence.
#
# Knobs (defaults): MATDIR (../shared/matrices), MATRICES (names; empty: every line of MANIFEST.tsv),
# CPU_MAXROWS (0: no limit; larger matrices are recorded as skipped), GPU_MINROWS (50000: of the 44 matrices only
# cvxbqp1, 50000 rows, has that many), PCS ('label|options',
# one a line; a label triamg-NAME is a variant of triamg, which report.py counts apart), KSPS ("gmres bcgs"),
# MAXIT (1000), TIMEOUT (60 s a run), RAWNAME (cpu.txt), EX2 (tutorials/ex2; copied to a temporary folder first, so
# a rebuild during the run does not disturb it), GPU (-mat_type aijcusparse -vec_type cuda).
set -u
cd "$(dirname "$0")/../.."

MATDIR=${MATDIR:-../shared/matrices}
MAXIT=${MAXIT:-1000}
TIMEOUT=${TIMEOUT:-60}
KSPS=${KSPS:-gmres bcgs}
CPU_MAXROWS=${CPU_MAXROWS:-0}
GPU_MINROWS=${GPU_MINROWS:-50000}
PCS=${PCS:-"triamg|-pc_type triamg
gamg|-pc_type gamg
boomeramg|-pc_type hypre -pc_hypre_type boomeramg
algtri|-pc_type algtri
mosd|-pc_type mosd
altsplit|-pc_type altsplit"}

kspopts() {
  case $1 in
  gmres) echo "-ksp_type gmres -ksp_gmres_restart 20" ;;
  *) echo "-ksp_type $1" ;;
  esac
}

# the matrices of a MANIFEST.tsv: "name file rows kind" a line, MATRICES' names only when set
manifest() {
  awk -F'\t' -v want=" ${MATRICES:-} " 'NR > 1 && (want ~ /^ *$/ || index(want, " " $1 " ")) { print $1, $2, $3, $10 }' "$1"
}

# one run, appended to RAWFILE: EXE DEVICE NAME FILE ROWS KIND KSP LABEL PC-OPTIONS [EXTRA...]
one_run() {
  local exe=$1 dev=$2 name=$3 file=$4 rows=$5 kind=$6 ksp=$7 label=$8 pcopts=$9 o rc t0 t1
  shift 9
  local cmd="ex2 -f $file $(kspopts "$ksp") -ksp_pc_side right -ksp_rtol 1e-6 -ksp_max_it $MAXIT $pcopts $* -view_numbers -log_view"
  t0=$(date +%s.%N)
  # shellcheck disable=SC2086
  o=$(timeout -k 5 "$TIMEOUT" $NICE "$exe" -f "$file" $(kspopts "$ksp") -ksp_pc_side right -ksp_rtol 1e-6 -ksp_max_it "$MAXIT" \
    $pcopts "$@" -view_numbers -log_view 2>&1)
  rc=$?
  t1=$(date +%s.%N)
  {
    echo "#run matrix=$name rows=$rows kind=$kind ksp=$ksp pc=$label device=$dev"
    echo "#cmd $cmd"
    grep -E '^(matrix [0-9]+ x |  true relative|PCSetUp |KSPSolve )' <<< "$o"
    grep -m 20 'PETSC ERROR' <<< "$o"
    if [ "$rc" != 0 ] && ! grep -q 'PETSC ERROR' <<< "$o"; then tail -n 5 <<< "$o"; fi
    echo "#rc $rc wall $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')"
  } >> "$RAWFILE"
  printf '%-18s %-6s %-10s rc=%-3s %s\n' "$name" "$ksp" "$label" "$rc" "$(grep -m1 -o '[A-Z_]* in [0-9]* iterations' <<< "$o")"
}

# every run of one matrix: EXE DEVICE NAME FILE ROWS KIND [EXTRA...]
matrix_runs() {
  local exe=$1 dev=$2 name=$3 file=$4 rows=$5 kind=$6 ksp label pcopts
  shift 6
  for ksp in $KSPS; do
    while IFS='|' read -r label pcopts; do
      [ -n "$label" ] && one_run "$exe" "$dev" "$name" "$file" "$rows" "$kind" "$ksp" "$label" "$pcopts" "$@"
    done <<< "$PCS"
  done
}

header() { # DEVICE-LINE: what, where, when, at which commit
  echo "# $1"
  echo "# date $(date -u +%Y-%m-%dT%H:%MZ) host $(hostname) cpu$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
  echo "# maxit $MAXIT timeout $TIMEOUT ksps $KSPS pcs $(echo "$PCS" | cut -d'|' -f1 | paste -sd' ')"
}

# the whole step in one function, and its call and the exit on one line: bash reads both before it runs them, so an
# edit of this file during a run does not reach the run
main() {
case ${1:-} in
cpu)
  out=${2:-bench/results/triamg-matrices}
  if [ ! -f "$MATDIR/MANIFEST.tsv" ]; then echo "no $MATDIR/MANIFEST.tsv (the project's shared matrices): nothing to run"; exit 0; fi
  EX2=${EX2:-tutorials/ex2}
  [ -x "$EX2" ] || { echo "no $EX2: run make first" >&2; exit 1; }
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  cp "$EX2" "$tmp/ex2"
  mkdir -p "$out"
  RAWFILE=$out/${RAWNAME:-cpu.txt} NICE="nice -n 10"
  commit=$(git rev-parse --short HEAD)
  git diff --quiet HEAD -- src include tutorials || commit="$commit+local changes"
  header "cpu, Debian PETSc $(pkg-config --modversion PETSc 2>/dev/null || echo 3.18), commit $commit" >> "$RAWFILE"
  manifest "$MATDIR/MANIFEST.tsv" | while read -r name file rows kind; do
    if [ "$CPU_MAXROWS" -gt 0 ] && [ "$rows" -gt "$CPU_MAXROWS" ]; then
      echo "#skipped matrix=$name rows=$rows kind=$kind device=cpu reason=more than CPU_MAXROWS=$CPU_MAXROWS rows" | tee -a "$RAWFILE"
      continue
    fi
    matrix_runs "$tmp/ex2" cpu "$name" "$MATDIR/$file" "$rows" "$kind" < /dev/null
  done
  ;;
pack)
  [ -f "$MATDIR/MANIFEST.tsv" ] || { echo "no $MATDIR/MANIFEST.tsv (the project's shared matrices): nothing to pack" >&2; exit 1; }
  . bench/gpu/petsc_env.sh -- > /dev/null || exit 1
  make $PETSC_CUDA_MAKE lib tutorials > /dev/null || exit 1
  files=$(MATRICES= manifest "$MATDIR/MANIFEST.tsv" | awk -v min="$GPU_MINROWS" -v d="$MATDIR" '$3 >= min { print d "/" $2 }')
  [ -n "$files" ] || echo "no matrix of at least $GPU_MINROWS rows in $MATDIR: the pack holds ex2 only" >&2
  # shellcheck disable=SC2086
  ts_pack amgtable build/cuda build/cuda/tutorials/ex2 "$MATDIR/MANIFEST.tsv" $files || exit 1
  # the PETSc the run step unpacks there (bench/gpu/petsc_env.sh looks in .gpu/)
  [ -f ".gpu/$PETSC_CUDA_TARBALL" ] || cp "${SHARED:-../shared}/gpu/$PETSC_CUDA_TARBALL" .gpu/ || exit 1
  du -shc .gpu/amgtable.tar.xz ".gpu/$PETSC_CUDA_TARBALL"
  ;;
run)
  GPU=${GPU--mat_type aijcusparse -vec_type cuda}
  OUT=${OUT:-/tmp/out}
  mkdir -p "$OUT"
  . bench/gpu/petsc_env.sh -- > /dev/null || exit 1
  ts_unpack amgtable >&2 || exit 1
  RAWFILE=$OUT/gpu.txt NICE=
  if [ -n "$GPU" ]; then dev=gpu; where=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -n 1)
  else dev=host-dryrun; where="host dry run (GPU empty)"; fi
  header "$dev: $where, PETSc $(basename "$(readlink -f "$PETSC_CUDA_DIR/lib/libpetsc.so")"), commit $(cat .gpu/amgtable/commit.txt), GPU options '$GPU'" > "$RAWFILE"
  manifest .gpu/amgtable/MANIFEST.tsv | while read -r name file rows kind; do
    [ "$rows" -ge "$GPU_MINROWS" ] || continue
    # shellcheck disable=SC2086
    matrix_runs .gpu/amgtable/ex2 "$dev" "$name" ".gpu/amgtable/$file" "$rows" "$kind" $GPU < /dev/null
  done
  ls -la "$OUT"
  ;;
variants)
  [ -f "$MATDIR/MANIFEST.tsv" ] || { echo "no $MATDIR/MANIFEST.tsv (the project's shared matrices): nothing to run"; exit 0; }
  VARIANTS=${VARIANTS:-"default|"}
  manifest "$MATDIR/MANIFEST.tsv" | while read -r name file rows kind; do
    while IFS='|' read -r vlabel vopts; do
      for ksp in $KSPS; do
        # shellcheck disable=SC2086
        o=$(timeout -k 5 "$TIMEOUT" nice -n 10 ${EX2:-tutorials/ex2} -f "$MATDIR/$file" $(kspopts "$ksp") -ksp_pc_side right -ksp_rtol 1e-6 \
          -ksp_max_it "$MAXIT" -pc_type triamg $vopts -view_numbers -log_view 2>&1)
        rc=$?
        r=$(sed -n 's/.*: \([A-Z_]*\) in \([0-9]*\) iterations$/\1 \2/p' <<< "$o")
        t=$(awk '$1 == "PCSetUp" { s = $4 } $1 == "KSPSolve" { v = $4 } END { if (s != "") printf "%.3f + %.3f s", s, v }' <<< "$o")
        res=$(sed -n 's/.*true relative residual \([^,]*\),.*/\1/p' <<< "$o")
        [ "$rc" = 0 ] || r="rc=$rc $(grep -m1 'PETSC ERROR: [A-Za-z]' <<< "$o" | grep -v 'Error Message' | cut -c1-100) $r"
        echo "$name $ksp $vlabel: $r, rtrue $res, $t"
      done
    done <<< "$VARIANTS"
  done
  ;;
report)
  shift
  exec "${PYTHON:-/usr/bin/python3}" bench/amgtable/report.py "$@"
  ;;
*)
  echo "usage: bash bench/amgtable/run.sh cpu [OUTDIR] | pack | run | report RAW... | variants (the head of this script)" >&2
  exit 1
  ;;
esac
}
main "$@"; exit
