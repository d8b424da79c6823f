/* SPDX-License-Identifier: BSD-2-Clause */
/*
   aggregate.cu - twin of ts_ref_aggregate (reference/aggregate.c): the path bounds of the forest
   order (ts_cuda_path_bounds), the segment count of each path at its head, an exclusive scan of the
   counts (the first aggregate of each path), then every vertex's aggregate. Integers only: the same
   aggregates, bit for bit, as the host.
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
