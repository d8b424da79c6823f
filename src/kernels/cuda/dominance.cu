/* SPDX-License-Identifier: BSD-2-Clause */
// Rows of a tridiagonal chain that are not strictly diagonally dominant by a margin, the twin of
// src/kernels/reference/dominance.c (the same comparison, so the same count).
#include "trisplit_kernels.h"
#include <cuda_runtime.h>

namespace {

template <typename T>
__global__ void weak_rows(ts_int n, const T *__restrict__ a, const T *__restrict__ b, const T *__restrict__ c, ts_int *__restrict__ count)
{
  ts_int weak = 0;

  for (ts_int i = (ts_int)(blockIdx.x * (size_t)blockDim.x + threadIdx.x); i < n; i += (ts_int)(gridDim.x * (size_t)blockDim.x)) {
    const T off = (i > 0 ? fabs(a[i]) : T(0)) + (i + 1 < n ? fabs(c[i]) : T(0));

    if (!(fabs(b[i]) > off * T(TS_DOMINANCE_MARGIN))) weak++;
  }
  if (!weak) return; // the common case: no atomics at all
  if constexpr (sizeof(ts_int) == sizeof(int)) atomicAdd(reinterpret_cast<int *>(count), (int)weak);
  else atomicAdd(reinterpret_cast<unsigned long long *>(count), (unsigned long long)weak);
}

} // namespace

extern "C" ts_status ts_cuda_tridiag_weak_rows(void *stream, ts_int n, const double *a, const double *b, const double *c, ts_int *count)
{
  cudaStream_t s = (cudaStream_t)stream;

  if (n < 0) return TS_ERR_ARGUMENT;
  if (cudaMemsetAsync(count, 0, sizeof(ts_int), s) != cudaSuccess) return TS_ERR_DEVICE;
  if (n == 0) return TS_SUCCESS;
  const unsigned blocks = (unsigned)((n + 255) / 256 < 4096 ? (n + 255) / 256 : 4096);
  weak_rows<double><<<blocks, 256, 0, s>>>(n, a, b, c, count);
  return cudaGetLastError() == cudaSuccess ? TS_SUCCESS : TS_ERR_DEVICE;
}
