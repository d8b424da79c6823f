#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# GPU reliability (docs/reliability.md, "GPU"); one step a subcommand:
#   bash bench/gpu/reliability/run.sh pack                  here (no GPU): .gpu/ (bench/gpu/prepare.sh), and
#                                                           build/reliability-gpu/ex2 (PETSc 3.25's KSP tutorial ex2,
#                                                           unchanged, against /opt/petsc-cuda-mpi) and cuda_hog
#   bash bench/gpu/reliability/run.sh run [peer|oom|all]    on the GPU machine, in one call (default all), carry
#                                                           .gpu/ and build/reliability-gpu/
# run:
#   1. peer test on the GPU: PETSc 3.25's own KSP tutorial ex2 (compiled unchanged against /opt/petsc-cuda-mpi,
#      build/reliability-gpu/ex2) with -mat_type aijcusparse -vec_type cuda, default PC and
#      -dll_append .gpu/lib/libtrisplit.so -pc_type algtri|mosd|altsplit; the same on the host for comparison;
#   2. CUDA out-of-memory: cuda_hog leaves LEAVE MiB of the GPU free (LEAVES='4096 2048 ...'), then tutorials/ex1 on the GPU with
#      algtri: it must end with PETSc's out-of-memory error (PETSC_ERR_MEM, 55) or converge, never crash.
set -u
cd "$(dirname "$0")/../../.."
case ${1:-} in
pack)
  set -euo pipefail
  bash bench/gpu/prepare.sh
  . bench/gpu/petsc_env.sh --
  mkdir -p build/reliability-gpu
  cat > build/reliability-gpu/Makefile <<'MK'
PETSC_DIR := /opt/petsc-cuda-mpi
include $(PETSC_DIR)/lib/petsc/conf/variables
ex2: $(PETSC_DIR)/share/petsc/examples/src/ksp/ksp/tutorials/ex2.c
	$(PCC) $(PCC_FLAGS) $(CFLAGS) $(CCPPFLAGS) $< -o $@ $(PETSC_LIB)
MK
  make -C build/reliability-gpu ex2
  /usr/local/cuda/bin/nvcc -O2 -arch=sm_90 -o build/reliability-gpu/cuda_hog bench/gpu/reliability/cuda_hog.cu
  ls -la build/reliability-gpu
  exit 0 ;;
run) ;;
*) echo "usage: bash bench/gpu/reliability/run.sh pack|run [peer|oom|all]" >&2; exit 1 ;;
esac
what=${2:-all}
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
. bench/gpu/petsc_env.sh -- .gpu/lib || exit 1
B=build/reliability-gpu
LIB=$PWD/.gpu/lib/libtrisplit.so
GPU="-mat_type aijcusparse -vec_type cuda"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$OUT/gpu.txt"
date -u +%Y-%m-%dT%H:%MZ | tee -a "$OUT/gpu.txt"
reason() { sed -n -E 's/^ *Linear solve (converged|did not converge) due to ([A-Z_]+) iterations ([0-9]+).*/\2 \3/p' "$1" | paste -sd, -; }

if [ "$what" = peer ] || [ "$what" = all ]; then
echo "== 1. PETSc ex2 (unmodified, PETSc 3.25 CUDA) with -dll_append" | tee "$OUT/peer_gpu.txt"
for size in "-m 64 -n 64" "-m 256 -n 256"; do
  for where in gpu host; do
    for pc in default algtri mosd altsplit; do
      extra=""; [ $pc = default ] || extra="-dll_append $LIB -pc_type $pc"
      opts=""; [ $where = gpu ] && opts=$GPU
      log=$OUT/peer_ex2_${where}_${pc}_$(echo $size | tr -d ' -').log
      t0=$(date +%s%N)
      # shellcheck disable=SC2086
      $B/ex2 $size $opts $extra -ksp_converged_reason -ksp_view -log_view > "$log" 2>&1
      rc=$?
      t=$(awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN{printf "%.2f", (b - a) / 1e9}')
      pctype=$(sed -n -E 's/^ *PC Object: .*//; s/^ +type: (algtri|mosd|altsplit|ilu|bjacobi|jacobi|none)$/\1/p' "$log" | head -1)
      mattype=$(grep -oE 'type: (seq|mpi)aij[a-z]*' "$log" | head -1 | cut -c7-)
      printf '%-6s %-14s %-8s rc=%d pc=%-8s mat=%-12s %s  (%s s)\n' "$where" "$size" "$pc" $rc "$pctype" "$mattype" "$(reason "$log")" "$t" | tee -a "$OUT/peer_gpu.txt"
    done
  done
done

fi

if [ "$what" = oom ] || [ "$what" = all ]; then
echo "== 2. CUDA allocation failure: cuda_hog leaves LEAVE MiB free, then ex1 -problem aniso1 -n 3000 on the GPU with algtri" | tee "$OUT/oom.txt"
for leave in ${LEAVES:-4096 2048 1024 512 256}; do
  rm -f "$OUT/hog.ready"
  $B/cuda_hog $leave "$OUT/hog.ready" > "$OUT/hog_$leave.txt" 2>&1 &
  hog=$!
  for _ in $(seq 1 100); do [ -f "$OUT/hog.ready" ] && break; sleep 0.1; done
  log=$OUT/oom_leave$leave.log
  timeout 60 .gpu/tutorials/ex1 -problem aniso1 -n 3000 $GPU -pc_type algtri -ksp_max_it 20 -ksp_converged_reason > "$log" 2>&1
  rc=$?
  kill $hog; wait $hog 2>/dev/null
  msg=$(grep -m1 -oE 'Out of GPU memory[^\n]*|Out of memory[^\n]*|PETSC ERROR: [A-Z][^#]*' "$log" | head -1)
  printf 'leave %5d MiB: %s | rc=%d | %s | %s\n' $leave "$(head -1 "$OUT/hog_$leave.txt")" $rc "$(reason "$log")" "$msg" | tee -a "$OUT/oom.txt"
  { echo "---- leave $leave MiB: ex1 output (PETSc error lines)"; grep -E "PETSC ERROR: (#|[A-Z])|Linear solve|CUDA" "$log" | head -12; } >> "$OUT/oom_logs.txt"
  rm -f "$OUT/hog_$leave.txt" "$log"
done
fi
