/* SPDX-License-Identifier: BSD-2-Clause */
/*
   aggregate.cu - twin of ts_ref_aggregate (reference/aggregate.c): the path bounds of the forest
   order (ts_cuda_path_bounds), the segment count of each path at its head, an exclusive scan of the
   counts (the first aggregate of each path), then every vertex's aggregate. Integers only: the same
   aggregates, bit for bit, as the host; then the join of the rows of aggregates without a diagonal
   (ts_cuda_aggregate_join).
*/
#include <cub/cub.cuh>
#include "forest_common.cuh"

namespace {

using ts_forest::check_launch;
using ts_forest::grid_for;
using ts_forest::kThreads;

__global__ void segment_counts(ts_int n, const ts_int *__restrict__ begin, const ts_int *__restrict__ end, ts_int s, ts_int *__restrict__ count)
{
  for (ts_int k = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; k < n; k += (ts_int)gridDim.x * blockDim.x) count[k] = begin[k] == k ? ts_aggregate_segments(end[k] - k, s) : 0;
}

__global__ void assign(ts_int n, const ts_int *__restrict__ perm, const ts_int *__restrict__ begin, const ts_int *__restrict__ end, const ts_int *__restrict__ first, const ts_int *__restrict__ count, ts_int s, ts_int *__restrict__ agg, ts_int *__restrict__ nagg)
{
  for (ts_int k = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; k < n; k += (ts_int)gridDim.x * blockDim.x) {
    const ts_int b = begin[k], nseg = ts_aggregate_segments(end[k] - b, s);

    agg[perm[k]] = first[b] + ts_aggregate_segment(k - b, nseg, s);
    if (k == n - 1) *nagg = first[b] + nseg;
  }
}

} // namespace

size_t ts_cuda_aggregate_buffer_size(ts_int n)
{
  ts_forest::Carver cv(nullptr);
  size_t            bytes = 0;

  cv.take<ts_int>(n > 0 ? n : 1); /* begin */
  cv.take<ts_int>(n > 0 ? n : 1); /* end */
  cv.take<ts_int>(n > 0 ? n : 1); /* count */
  cv.take<ts_int>(n > 0 ? n : 1); /* first */
  cub::DeviceScan::ExclusiveSum(nullptr, bytes, (const ts_int *)nullptr, (ts_int *)nullptr, n > 0 ? n : 1);
  cv.take_bytes(bytes);
  cv.take_bytes(ts_cuda_path_bounds_buffer_size(n));
  return cv.size();
}

ts_status ts_cuda_aggregate(void *stream, ts_int n, const ts_int *perm, const ts_int *path_id, ts_int s, ts_int *agg, ts_int *nagg, void *buffer)
{
  cudaStream_t      st = ts_forest::as_stream(stream);
  ts_forest::Carver cv(buffer);
  ts_int           *begin = cv.take<ts_int>(n > 0 ? n : 1);
  ts_int           *end   = cv.take<ts_int>(n > 0 ? n : 1);
  ts_int           *count = cv.take<ts_int>(n > 0 ? n : 1);
  ts_int           *first = cv.take<ts_int>(n > 0 ? n : 1);
  size_t            bytes = 0;
  void             *scan, *pb;

  if (s < 1 || n < 0) return TS_ERR_ARGUMENT;
  if (n == 0) {
    TS_FOREST_TRY(cudaMemsetAsync(nagg, 0, sizeof(ts_int), st));
    return TS_SUCCESS;
  }
  cub::DeviceScan::ExclusiveSum(nullptr, bytes, count, first, n);
  scan = cv.take_bytes(bytes);
  pb   = cv.take_bytes(ts_cuda_path_bounds_buffer_size(n));
  TS_FOREST_TRY_STATUS(ts_cuda_path_bounds(stream, n, perm, path_id, begin, end, pb));
  segment_counts<<<grid_for(n), kThreads, 0, st>>>(n, begin, end, s, count);
  TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(scan, bytes, count, first, n, st));
  assign<<<grid_for(n), kThreads, 0, st>>>(n, perm, begin, end, first, count, s, agg, nagg);
  return check_launch();
}

namespace {

__global__ void join_mark(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, const ts_int *__restrict__ agg, unsigned char *__restrict__ live)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x)
    if (ts_aggregate_row_has_diagonal(rowptr, col, val, i)) live[agg[i]] = 1; /* every writer stores 1 */
}

__global__ void join_move(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, const ts_int *__restrict__ agg, const unsigned char *__restrict__ live, ts_int *__restrict__ to, ts_int *__restrict__ keep)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) {
    const ts_int t = ts_aggregate_join_row(n, rowptr, col, val, agg, live, i);

    to[i]   = t;
    keep[t] = 1; /* every writer stores 1 */
  }
}

__global__ void join_renumber(ts_int n, const ts_int *__restrict__ to, const ts_int *__restrict__ first, ts_int *__restrict__ agg, ts_int *__restrict__ nagg)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) {
    agg[i] = first[to[i]];
    if (i == 0) *nagg = first[n];
  }
}

} // namespace

size_t ts_cuda_aggregate_join_buffer_size(ts_int n)
{
  ts_forest::Carver cv(nullptr);
  const ts_int      m     = (n > 0 ? n : 0) + 1;
  size_t            bytes = 0;

  cv.take<ts_int>(m);        /* to */
  cv.take<ts_int>(m);        /* keep */
  cv.take<ts_int>(m);        /* first */
  cv.take<unsigned char>(m); /* live */
  cub::DeviceScan::ExclusiveSum(nullptr, bytes, (const ts_int *)nullptr, (ts_int *)nullptr, m);
  cv.take_bytes(bytes);
  return cv.size();
}

/* the rows of aggregates without a diagonal marked (live), moved to a neighbour's aggregate (to, and the aggregates
   that keep a row), an exclusive scan of the kept ones over n + 1 entries (their new numbers; the count at n), the
   rows renumbered: integers only, every row's choice made from the same agg and live as the host's */
ts_status ts_cuda_aggregate_join(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, ts_int *agg, ts_int *nagg, void *buffer)
{
  cudaStream_t      st = ts_forest::as_stream(stream);
  ts_forest::Carver cv(buffer);
  const ts_int      m     = (n > 0 ? n : 0) + 1;
  ts_int           *to    = cv.take<ts_int>(m);
  ts_int           *keep  = cv.take<ts_int>(m);
  ts_int           *first = cv.take<ts_int>(m);
  unsigned char    *live  = cv.take<unsigned char>(m);
  size_t            bytes = 0;
  void             *scan;

  if (n < 0) return TS_ERR_ARGUMENT;
  if (n == 0) {
    TS_FOREST_TRY(cudaMemsetAsync(nagg, 0, sizeof(ts_int), st));
    return TS_SUCCESS;
  }
  cub::DeviceScan::ExclusiveSum(nullptr, bytes, keep, first, m);
  scan = cv.take_bytes(bytes);
  TS_FOREST_TRY(cudaMemsetAsync(live, 0, (size_t)m, st));
  TS_FOREST_TRY(cudaMemsetAsync(keep, 0, (size_t)m * sizeof(ts_int), st));
  join_mark<<<grid_for(n), kThreads, 0, st>>>(n, rowptr, col, val, agg, live);
  join_move<<<grid_for(n), kThreads, 0, st>>>(n, rowptr, col, val, agg, live, to, keep);
  TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(scan, bytes, keep, first, m, st));
  join_renumber<<<grid_for(n), kThreads, 0, st>>>(n, to, first, agg, nagg);
  return check_launch();
}

namespace {

/* each row's term, then one block's sum per block: integers, so any order gives the same sum */
__global__ void checksum_blocks(ts_int n, ts_int rstart, ts_int cstart, const ts_int *__restrict__ agg, int64_t *__restrict__ partial)
{
  __shared__ int64_t s[kThreads];
  int64_t            t = 0;

  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) t += (int64_t)(rstart + i + 1) * (int64_t)(cstart + agg[i] + 1);
  s[threadIdx.x] = t;
  __syncthreads();
  for (int w = kThreads / 2; w > 0; w /= 2) {
    if ((int)threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
    __syncthreads();
  }
  if (!threadIdx.x) partial[blockIdx.x] = s[0];
}

static unsigned checksum_grid(ts_int n) { return n > 0 ? (grid_for((size_t)n) < 1024 ? grid_for((size_t)n) : 1024) : 1; }

} // namespace

size_t ts_cuda_aggregate_checksum_buffer_size(ts_int n)
{
  size_t bytes = 0;

  cub::DeviceReduce::Sum(nullptr, bytes, (const int64_t *)nullptr, (int64_t *)nullptr, (int)checksum_grid(n));
  return ts_forest::Carver::align(checksum_grid(n) * sizeof(int64_t)) + ts_forest::Carver::align(bytes);
}

ts_status ts_cuda_aggregate_checksum(void *stream, ts_int n, ts_int rstart, ts_int cstart, const ts_int *agg, int64_t *sum, void *buffer)
{
  cudaStream_t      st = ts_forest::as_stream(stream);
  ts_forest::Carver cv(buffer);
  const unsigned    g       = checksum_grid(n);
  int64_t          *partial = cv.take<int64_t>(g);
  size_t            bytes   = 0;
  void             *tmp;

  if (n < 0) return TS_ERR_ARGUMENT;
  if (!n) {
    TS_FOREST_TRY(cudaMemsetAsync(sum, 0, sizeof(int64_t), st));
    return TS_SUCCESS;
  }
  checksum_blocks<<<g, kThreads, 0, st>>>(n, rstart, cstart, agg, partial);
  TS_FOREST_TRY(ts_forest::check_launch() == TS_SUCCESS ? cudaSuccess : cudaErrorLaunchFailure);
  cub::DeviceReduce::Sum(nullptr, bytes, partial, sum, (int)g);
  tmp = cv.take_bytes(bytes);
  TS_FOREST_TRY(cub::DeviceReduce::Sum(tmp, bytes, partial, sum, (int)g, st));
  return TS_SUCCESS;
}

namespace {

__global__ void expand_kernel(ts_int n, ts_int bs, const ts_int *__restrict__ aggn, ts_int *__restrict__ agg)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) agg[i] = aggn[i / bs] * bs + i % bs;
}

} // namespace

ts_status ts_cuda_aggregate_expand(void *stream, ts_int n, ts_int bs, const ts_int *aggn, ts_int *agg)
{
  if (n < 0 || bs < 1) return TS_ERR_ARGUMENT;
  if (!n) return TS_SUCCESS;
  expand_kernel<<<ts_forest::grid_for((size_t)n), ts_forest::kThreads, 0, ts_forest::as_stream(stream)>>>(n, bs, aggn, agg);
  return ts_forest::check_launch();
}
