/* SPDX-License-Identifier: BSD-2-Clause */
// The bands of T^T from those of T, the twin of src/kernels/reference/tridiag_transpose.c. RPTS only
// solves T X = B; a transposed solve (PCApplyTranspose on the GPU) runs RPTS on a copy of the bands
// built once by this kernel, the diagonal shared with T.
#include "trisplit_kernels.h"
#include <cuda_runtime.h>

namespace {

template <typename T>
__global__ void tridiag_transpose(ts_int n, const T *__restrict__ a, const T *__restrict__ c, T *__restrict__ at, T *__restrict__ ct)
{
  const ts_int i = (ts_int)(blockIdx.x * (size_t)blockDim.x + threadIdx.x);
  if (i >= n) return;
  at[i] = i > 0 ? c[i - 1] : T(0);     // T^T(i,i-1) = T(i-1,i)
  ct[i] = i + 1 < n ? a[i + 1] : T(0); // T^T(i,i+1) = T(i+1,i)
}

} // namespace

extern "C" ts_status ts_cuda_tridiag_transpose(void *stream, ts_int n, const double *a, const double *c, double *at, double *ct)
{
  if (n <= 0) return TS_SUCCESS;
  tridiag_transpose<double><<<(unsigned)((n + 255) / 256), 256, 0, (cudaStream_t)stream>>>(n, a, c, at, ct);
  return cudaGetLastError() == cudaSuccess ? TS_SUCCESS : TS_ERR_DEVICE;
}
