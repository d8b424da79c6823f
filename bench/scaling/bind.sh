#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# bench/scaling/bind.sh PROGRAM ARGS...: one GPU per MPI rank when the machine has several.
#   mpiexec -n R bench/scaling/bind.sh .gpu/tutorials/ex1 ...
# Sets CUDA_VISIBLE_DEVICES to GPU (local rank mod number of GPUs) before exec'ing PROGRAM; the GPUs are those
# of CUDA_VISIBLE_DEVICES when it is set already (a list, as a scheduler may give), else 0..NGPUS-1, NGPUS from
# the environment (bench/scaling/run.sh exports it once) or from nvidia-smi -L. With one GPU (or none) nothing
# is changed: all ranks share it. TS_BIND_VERBOSE=1 prints "bind: local rank L -> GPU G" on stderr.
lr=${OMPI_COMM_WORLD_LOCAL_RANK:-${MPI_LOCALRANKID:-${SLURM_LOCALID:-0}}}
if [ -n "${CUDA_VISIBLE_DEVICES:-}" ]; then
  list=$(echo "$CUDA_VISIBLE_DEVICES" | tr ',' ' ')
else
  n=${NGPUS:-$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')}
  list=$(i=0; while [ "$i" -lt "${n:-0}" ]; do printf '%s ' $i; i=$((i + 1)); done)
fi
count=$(echo $list | wc -w)
if [ "$count" -gt 1 ]; then
  pick=$((lr % count + 1))
  CUDA_VISIBLE_DEVICES=$(echo $list | cut -d' ' -f$pick)
  export CUDA_VISIBLE_DEVICES
fi
[ "${TS_BIND_VERBOSE:-0}" = 1 ] && echo "bind: local rank $lr -> GPU ${CUDA_VISIBLE_DEVICES:-shared/none} of ${count} listed" >&2
exec "$@"
