// Precision conversions for the single-precision factors of the preconditioners: the bands are kept in
// float, the Krylov vectors in double; the gather into the forest order converts on the way in, the
// scatter back converts on the way out, so no extra pass over the vector is needed.
#include "trisplit_kernels.h"
#include <cuda_runtime.h>

namespace {

inline unsigned grid(ts_int n) { return (unsigned)((n + 255) / 256); }

__global__ void to_float(ts_int n, const double *__restrict__ x, float *__restrict__ y)
{
  const ts_int k = (ts_int)(blockIdx.x * (size_t)blockDim.x + threadIdx.x);
  if (k < n) y[k] = __double2float_rn(x[k]);
}

__global__ void gather_to_float(ts_int n, const ts_int *__restrict__ perm, const double *__restrict__ x, float *__restrict__ y)
{
  const ts_int k = (ts_int)(blockIdx.x * (size_t)blockDim.x + threadIdx.x);
  if (k < n) y[k] = perm[k] >= 0 ? __double2float_rn(x[perm[k]]) : 0.0f; /* ghost slot */
}

__global__ void scatter_from_float(ts_int n, const ts_int *__restrict__ perm, const float *__restrict__ y, double *__restrict__ x)
{
  const ts_int k = (ts_int)(blockIdx.x * (size_t)blockDim.x + threadIdx.x);
  if (k < n && perm[k] >= 0) x[perm[k]] = (double)y[k];
}

inline ts_status launched() { return cudaGetLastError() == cudaSuccess ? TS_SUCCESS : TS_ERR_DEVICE; }

} // namespace

extern "C" {

ts_status ts_cuda_to_float(void *stream, ts_int n, const double *x, float *y)
{
  if (n <= 0) return TS_SUCCESS;
  to_float<<<grid(n), 256, 0, (cudaStream_t)stream>>>(n, x, y);
  return launched();
}

ts_status ts_cuda_gather_to_float(void *stream, ts_int n, const ts_int *perm, const double *x, float *y)
{
  if (n <= 0) return TS_SUCCESS;
  gather_to_float<<<grid(n), 256, 0, (cudaStream_t)stream>>>(n, perm, x, y);
  return launched();
}

ts_status ts_cuda_scatter_from_float(void *stream, ts_int n, const ts_int *perm, const float *y, double *x)
{
  if (n <= 0) return TS_SUCCESS;
  scatter_from_float<<<grid(n), 256, 0, (cudaStream_t)stream>>>(n, perm, y, x);
  return launched();
}

} // extern "C"
