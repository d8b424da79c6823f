/* SPDX-License-Identifier: BSD-2-Clause */
/*
   mosa_factor.cu - the chain factor MOS-a's product reads, built on the device: the path bounds of
   the forest order (twin of ts_ref_path_bounds: heads, a running maximum, the ends) and
   ts_ref_gttrf run path by path (mosa_chain.cuh says why that is the same factor). The RPTS apply
   stores no factor, but the transposed row solves of the product need L and U explicitly.
*/
#include <cub/cub.cuh>
#include <cuda/functional>
#include "mosa_chain.cuh"

namespace ts_mosa {
namespace {

using ts_forest::check_launch;
using ts_forest::grid_for;
using ts_forest::kThreads;

/* begin[k] = k at the first position of a path, 0 elsewhere: a running maximum then gives begin */
__global__ void path_heads(ts_int n, const ts_int *__restrict__ perm, const ts_int *__restrict__ path_id, ts_int *__restrict__ heads)
{
  for (ts_int k = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; k < n; k += (ts_int)gridDim.x * blockDim.x) heads[k] = (k == 0 || path_id[perm[k]] != path_id[perm[k - 1]]) ? k : 0;
}

/* end of every path, written at its last position, then copied to every position of the path */
__global__ void path_last(ts_int n, const ts_int *__restrict__ begin, ts_int *__restrict__ end)
{
  for (ts_int k = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; k < n; k += (ts_int)gridDim.x * blockDim.x)
    if (k == n - 1 || begin[k + 1] != begin[k]) end[begin[k]] = k + 1;
}

__global__ void path_fill(ts_int n, const ts_int *__restrict__ begin, ts_int *__restrict__ end)
{
  for (ts_int k = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; k < n; k += (ts_int)gridDim.x * blockDim.x)
    if (begin[k] != k) end[k] = end[begin[k]];
}



/* one thread per path, at its first position */
template <class T>
__global__ void gttrf_paths(ts_pivoting pivoting, ts_int n, const ts_int *__restrict__ begin, const ts_int *__restrict__ end, const T *__restrict__ a, const T *__restrict__ b, const T *__restrict__ c, void *factor, ts_int *info)
{
  const ChainFactor<T> f = chain_factor<T>(n, factor);

  for (ts_int pb = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; pb < n; pb += (ts_int)gridDim.x * blockDim.x)
    if (begin[pb] == pb) gttrf_path(pivoting, n, pb, end[pb], a, b, c, f, info);
}

} /* anonymous namespace */
} /* namespace ts_mosa */

using namespace ts_mosa;

extern "C" {

size_t ts_cuda_path_bounds_buffer_size(ts_int n)
{
  size_t bytes = 0;
  cub::DeviceScan::InclusiveScan(nullptr, bytes, (const ts_int *)nullptr, (ts_int *)nullptr, cuda::maximum<ts_int>{}, n > 0 ? n : 1);
  return ts_forest::Carver::align((size_t)(n > 0 ? n : 1) * sizeof(ts_int)) + bytes;
}

ts_status ts_cuda_path_bounds(void *stream, ts_int n, const ts_int *perm, const ts_int *path_id, ts_int *begin, ts_int *end, void *buffer)
{
  cudaStream_t      s = ts_forest::as_stream(stream);
  ts_forest::Carver cv(buffer);
  ts_int           *heads = cv.take<ts_int>(n > 0 ? n : 1);
  size_t            bytes = ts_cuda_path_bounds_buffer_size(n) - cv.size();

  if (n <= 0) return TS_SUCCESS;
  path_heads<<<grid_for(n), kThreads, 0, s>>>(n, perm, path_id, heads);
  TS_FOREST_TRY(cub::DeviceScan::InclusiveScan(cv.take_bytes(bytes), bytes, heads, begin, cuda::maximum<ts_int>{}, n, s));
  path_last<<<grid_for(n), kThreads, 0, s>>>(n, begin, end);
  path_fill<<<grid_for(n), kThreads, 0, s>>>(n, begin, end);
  return check_launch();
}

ts_status ts_cuda_gttrf_paths(void *stream, ts_pivoting pivoting, ts_int n, const ts_int *begin, const ts_int *end, const double *a, const double *b, const double *c, void *factor, ts_int *info)
{
  cudaStream_t s = ts_forest::as_stream(stream);

  if (pivoting != TS_PIVOTING_NONE && pivoting != TS_PIVOTING_PARTIAL && pivoting != TS_PIVOTING_SCALED) return TS_ERR_ARGUMENT;
  ts_mosa::status_init<<<1, 1, 0, s>>>(n, info);
  if (n > 0) gttrf_paths<double><<<grid_for(n), kThreads, 0, s>>>(pivoting, n, begin, end, a, b, c, factor, info);
  ts_mosa::status_final<<<1, 1, 0, s>>>(n, info);
  return check_launch();
}

} /* extern "C" */
