// Gather with a diagonal scaling fused in: y[k] = s[perm[k]] x[perm[k]] (the first pass of the
// MOS apply, T^-1 and P_{m-1} in one read of x).
#include "trisplit_kernels.h"
#include <cuda_runtime.h>

namespace {
template <typename T>
__global__ void gather_scaled(ts_int n, const ts_int *__restrict__ perm, const T *__restrict__ s, const T *__restrict__ x, T *__restrict__ y)
{
  const ts_int k = (ts_int)(blockIdx.x * (size_t)blockDim.x + threadIdx.x);
  if (k < n) {
    const ts_int v = perm[k];
    y[k]           = s[v] * x[v];
  }
}
} // namespace

extern "C" ts_status ts_cuda_gather_scaled(void *stream, ts_int n, const ts_int *perm, const double *s, const double *x, double *y)
{
  if (n <= 0) return TS_SUCCESS;
  gather_scaled<double><<<(unsigned)((n + 255) / 256), 256, 0, (cudaStream_t)stream>>>(n, perm, s, x, y);
  return cudaGetLastError() == cudaSuccess ? TS_SUCCESS : TS_ERR_DEVICE;
}
