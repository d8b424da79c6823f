/* SPDX-License-Identifier: BSD-2-Clause */
/*
   aggregate_pairs.cu - twin of reference/aggregate_pairs.c: the weights across the forest's paths (one thread a row,
   the shared ts_pair_row()), the two sums in the host's order (the rows' sums into TS_PAIR_LANES lanes by one block,
   lane l adding rows l, l + TS_PAIR_LANES, ... in turn, then the lanes in order by one thread), and the aggregates'
   numbers after the pairing (the leaders flagged, an exclusive scan, the others take their leader's number).
*/
#include <cub/cub.cuh>
#include "forest_common.cuh"

namespace {

using ts_forest::check_launch;
using ts_forest::grid_for;
using ts_forest::kThreads;

__global__ void pair_scales(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, double *__restrict__ r)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) r[i] = ts_pair_scale(rowptr, col, val, i);
}

__global__ void pair_rows(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, const ts_int *__restrict__ path_id, const double *__restrict__ r, double *__restrict__ out, double *__restrict__ within, double *__restrict__ all)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) ts_pair_row(n, rowptr, col, val, path_id, r, i, out, &within[i], &all[i]);
}

/* one block of TS_PAIR_LANES threads */
__global__ void pair_sums(ts_int n, const double *__restrict__ within, const double *__restrict__ all, double *__restrict__ sums)
{
  __shared__ double lane[2 * TS_PAIR_LANES];
  const int         l  = threadIdx.x;
  double            si = 0.0, sa = 0.0;

  for (ts_int i = l; i < n; i += TS_PAIR_LANES) {
    si = __dadd_rn(si, within[i]);
    sa = __dadd_rn(sa, all[i]);
  }
  lane[2 * l]     = si;
  lane[2 * l + 1] = sa;
  __syncthreads();
  if (l == 0) {
    double s0 = 0.0, s1 = 0.0;

    for (int k = 0; k < TS_PAIR_LANES; k++) {
      s0 = __dadd_rn(s0, lane[2 * k]);
      s1 = __dadd_rn(s1, lane[2 * k + 1]);
    }
    sums[0] = s0;
    sums[1] = s1;
  }
}

__global__ void pair_leaders(ts_int nagg, const ts_int *__restrict__ partner, ts_int *__restrict__ flag)
{
  for (ts_int a = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; a < nagg; a += (ts_int)gridDim.x * blockDim.x) flag[a] = (partner[a] < 0 || a < partner[a]) ? 1 : 0;
}

/* the others of the pairs take their leaders' numbers (a leader's is never written here) */
__global__ void pair_followers(ts_int nagg, const ts_int *__restrict__ partner, const ts_int *__restrict__ flag, ts_int *__restrict__ id, ts_int *__restrict__ count)
{
  for (ts_int a = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; a < nagg; a += (ts_int)gridDim.x * blockDim.x) {
    if (a == nagg - 1) *count = id[a] + flag[a]; /* the scan's total, read before a follower's number replaces it */
    if (!flag[a]) id[a] = id[partner[a]];
  }
}

__global__ void pair_renumber(ts_int n, const ts_int *__restrict__ id, ts_int *__restrict__ agg)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) agg[i] = id[agg[i]];
}

} // namespace

extern "C" {

size_t ts_cuda_pair_weights_buffer_size(ts_int n)
{
  ts_forest::Carver cv(nullptr);
  const size_t      m = (size_t)(n > 0 ? n : 1);

  cv.take<double>(m); /* r */
  cv.take<double>(m); /* within */
  cv.take<double>(m); /* all */
  return cv.size();
}

ts_status ts_cuda_pair_weights(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *path_id, double *out, double *sums, void *buffer)
{
  cudaStream_t      st = ts_forest::as_stream(stream);
  ts_forest::Carver cv(buffer);
  const size_t      m      = (size_t)(n > 0 ? n : 1);
  double           *r      = cv.take<double>(m);
  double           *within = cv.take<double>(m);
  double           *all    = cv.take<double>(m);

  if (n < 0) return TS_ERR_ARGUMENT;
  if (n > 0) {
    pair_scales<<<grid_for(n), kThreads, 0, st>>>(n, rowptr, col, val, r);
    pair_rows<<<grid_for(n), kThreads, 0, st>>>(n, rowptr, col, val, path_id, r, out, within, all);
  }
  pair_sums<<<1, TS_PAIR_LANES, 0, st>>>(n, within, all, sums);
  return check_launch();
}

size_t ts_cuda_aggregate_pair_ids_buffer_size(ts_int nagg)
{
  ts_forest::Carver cv(nullptr);
  const ts_int      m     = nagg > 0 ? nagg : 1;
  size_t            bytes = 0;

  cv.take<ts_int>(m); /* flag */
  cv.take<ts_int>(m); /* id */
  cub::DeviceScan::ExclusiveSum(nullptr, bytes, (const ts_int *)nullptr, (ts_int *)nullptr, m);
  cv.take_bytes(bytes);
  return cv.size();
}

ts_status ts_cuda_aggregate_pair_ids(void *stream, ts_int nagg, const ts_int *partner, ts_int n, ts_int *agg, ts_int *count, void *buffer)
{
  cudaStream_t      st = ts_forest::as_stream(stream);
  ts_forest::Carver cv(buffer);
  const ts_int      m     = nagg > 0 ? nagg : 1;
  ts_int           *flag  = cv.take<ts_int>(m);
  ts_int           *id    = cv.take<ts_int>(m);
  size_t            bytes = 0;
  void             *scan;

  if (nagg < 0 || n < 0) return TS_ERR_ARGUMENT;
  if (nagg == 0) {
    TS_FOREST_TRY(cudaMemsetAsync(count, 0, sizeof(ts_int), st));
    return TS_SUCCESS;
  }
  cub::DeviceScan::ExclusiveSum(nullptr, bytes, flag, id, nagg);
  scan = cv.take_bytes(bytes);
  pair_leaders<<<grid_for(nagg), kThreads, 0, st>>>(nagg, partner, flag);
  TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(scan, bytes, flag, id, nagg, st));
  pair_followers<<<grid_for(nagg), kThreads, 0, st>>>(nagg, partner, flag, id, count);
  if (n > 0) pair_renumber<<<grid_for(n), kThreads, 0, st>>>(n, id, agg);
  return check_launch();
}

} /* extern "C" */
