/* SPDX-License-Identifier: BSD-2-Clause */
/*
   hash_fill.cu - twin of ts_ref_hash_fill (reference/hash_fill.c): the same vector, bit for bit (an integer
   hash scaled by a power of two).
*/
#include "forest_common.cuh"

namespace {

__global__ void hash_fill_kernel(ts_int n, ts_int offset, double *__restrict__ x)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) x[i] = (double)ts_hash32((uint32_t)(offset + i)) * 0x1p-32;
}

} // namespace

ts_status ts_cuda_hash_fill(void *stream, ts_int n, ts_int offset, double *x)
{
  if (n < 0) return TS_ERR_ARGUMENT;
  if (!n) return TS_SUCCESS;
  hash_fill_kernel<<<ts_forest::grid_for((size_t)n), ts_forest::kThreads, 0, ts_forest::as_stream(stream)>>>(n, offset, x);
  return ts_forest::check_launch();
}
