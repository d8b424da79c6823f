/* SPDX-License-Identifier: BSD-2-Clause */
/*
   block_check.cu - whether the host's elimination of a 2x2 block tridiagonal chain (ts_ref_bgttrf)
   meets a zero pivot or a non-finite entry, decided on the device: one pass flags the non-finite block
   rows, one thread per segment (block_check.cuh) replays the host's pivot decisions, and the first
   zero pivot is the smallest a thread finds. Replaces the host's elimination on a copy of the bands
   (the block forest's factor check), which cost two copies of the bands and a serial pass.
*/
#include "block_check.cuh"

namespace ts_block {
namespace {

using ts_forest::check_launch;
using ts_forest::grid_for;
using ts_forest::kThreads;


__global__ void flag_nonfinite(ts_int nb, const double *__restrict__ a, const double *__restrict__ b, const double *__restrict__ c, ts_int *info)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < nb; i += (ts_int)gridDim.x * blockDim.x)
    if (!row_finite(nb, i, a, b, c)) ts_mosa::atomic_set_one(&info[0]);
}

/* one thread per segment, at its first block */
__global__ void segments(ts_pivoting pivoting, ts_int nb, const double *__restrict__ a, const double *__restrict__ b, const double *__restrict__ c, ts_int *info)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < nb; i += (ts_int)gridDim.x * blockDim.x) {
    if (!segment_start(i, a)) continue;
    ts_int end = i + 1;
    while (end < nb && !segment_start(end, a)) end++;
    const ts_int zero = segment_first_zero(pivoting, nb, i, end, a, b, c);
    if (zero >= 0) ts_mosa::atomic_min(&info[1], zero);
  }
}


} /* anonymous namespace */
} /* namespace ts_block */

extern "C" ts_status ts_cuda_bgttrf_check(void *stream, ts_pivoting pivoting, ts_int nb, const double *a, const double *b, const double *c, ts_int *info)
{
  cudaStream_t s = ts_forest::as_stream(stream);

  if (nb < 0 || !info || (pivoting != TS_PIVOTING_NONE && pivoting != TS_PIVOTING_PARTIAL && pivoting != TS_PIVOTING_SCALED)) return TS_ERR_ARGUMENT;
  ts_mosa::status_init<<<1, 1, 0, s>>>(nb, info);
  if (nb > 0) {
    ts_block::flag_nonfinite<<<ts_block::grid_for((size_t)nb), ts_block::kThreads, 0, s>>>(nb, a, b, c, info);
    ts_block::segments<<<ts_block::grid_for((size_t)nb), ts_block::kThreads, 0, s>>>(pivoting, nb, a, b, c, info);
  }
  ts_mosa::status_final<<<1, 1, 0, s>>>(nb, info);
  return ts_block::check_launch();
}
