/* SPDX-License-Identifier: BSD-2-Clause */
// Whether a CSR pattern fits a band, on the device: the twin of src/kernels/reference/band_pattern.c
// (the same first row outside the band), one thread per row and an atomic minimum.
#include "forest_common.cuh"

namespace {

__global__ void outside_band(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, ts_int width, ts_int *row)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x)
    for (ts_int e = rowptr[i]; e < rowptr[i + 1]; e++)
      if (col[e] < i - width || col[e] > i + width) {
        if constexpr (sizeof(ts_int) == sizeof(int)) atomicMin(reinterpret_cast<int *>(row), (int)i);
        else atomicMin(reinterpret_cast<long long *>(row), (long long)i);
        break;
      }
}

__global__ void init(ts_int n, ts_int *row) { *row = n; }
__global__ void finish(ts_int n, ts_int *row)
{
  if (*row == n) *row = -1;
}

} // namespace

extern "C" ts_status ts_cuda_csr_outside_band(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, ts_int width, ts_int *row)
{
  cudaStream_t s = ts_forest::as_stream(stream);

  if (n < 0 || !row) return TS_ERR_ARGUMENT;
  init<<<1, 1, 0, s>>>(n, row);
  if (n > 0) outside_band<<<ts_forest::grid_for(n), ts_forest::kThreads, 0, s>>>(n, rowptr, col, width, row);
  finish<<<1, 1, 0, s>>>(n, row);
  return ts_forest::check_launch();
}
