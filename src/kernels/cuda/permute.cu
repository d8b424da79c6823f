/* SPDX-License-Identifier: BSD-2-Clause */
/*
   permute.cu - vectors between the original and a forest order, twin of src/kernels/reference/permute.c.

   One gather and one scatter kernel, templated on the scalar read (TI) and written (TO), for k columns
   with an optional diagonal scaling: every ts_cuda_ gather, scatter and float conversion of
   trisplit_kernels.h is one launch of them. A negative index is a ghost slot of the block forest
   (the gather writes 0, the scatter skips it); no index array is the identity. The scaling is one
   multiply in the type it is stored in, the conversions round to nearest, so the results are those
   of the reference bit for bit.
*/
#include "forest_common.cuh"

namespace ts_forest {
namespace {

constexpr unsigned kMaxGridY = 65535;

/* y[i + c ldy] = TO(s[v] x[v + c ldx]), v = perm[i]; blockIdx.y walks the columns (the permutation is
   read from cache after the first one), x the rows */
template <typename TI, typename TO>
__global__ void gather_kernel(ts_int n, ts_int k, const ts_int *__restrict__ perm, const TI *__restrict__ s, const TI *__restrict__ x, ts_int ldx, TO *__restrict__ y, ts_int ldy)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) {
    const ts_int v = perm ? perm[i] : i;
    for (ts_int c = blockIdx.y; c < k; c += gridDim.y) {
      const TI xv             = v < 0 ? TI(0) : (s ? s[v] * x[v + (size_t)c * ldx] : x[v + (size_t)c * ldx]);
      y[i + (size_t)c * ldy] = static_cast<TO>(xv);
    }
  }
}

/* x[v + c ldx] = s[v] TO(y[i + c ldy]), v = perm[i] >= 0 */
template <typename TI, typename TO>
__global__ void scatter_kernel(ts_int n, ts_int k, const ts_int *__restrict__ perm, const TO *__restrict__ s, const TI *__restrict__ y, ts_int ldy, TO *__restrict__ x, ts_int ldx)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) {
    const ts_int v = perm ? perm[i] : i;
    if (v < 0) continue;
    for (ts_int c = blockIdx.y; c < k; c += gridDim.y) {
      const TO yv            = static_cast<TO>(y[i + (size_t)c * ldy]);
      x[v + (size_t)c * ldx] = s ? s[v] * yv : yv;
    }
  }
}

inline dim3 grid(ts_int n, ts_int k) { return dim3(grid_for((size_t)n), (unsigned)(k < (ts_int)kMaxGridY ? k : (ts_int)kMaxGridY)); }

template <typename TI, typename TO>
ts_status gather(void *stream, ts_int n, ts_int k, const ts_int *perm, const TI *s, const TI *x, ts_int ldx, TO *y, ts_int ldy)
{
  if (n <= 0 || k <= 0) return TS_SUCCESS;
  gather_kernel<TI, TO><<<grid(n, k), kThreads, 0, as_stream(stream)>>>(n, k, perm, s, x, ldx, y, ldy);
  return check_launch();
}

template <typename TI, typename TO>
ts_status scatter(void *stream, ts_int n, ts_int k, const ts_int *perm, const TO *s, const TI *y, ts_int ldy, TO *x, ts_int ldx)
{
  if (n <= 0 || k <= 0) return TS_SUCCESS;
  scatter_kernel<TI, TO><<<grid(n, k), kThreads, 0, as_stream(stream)>>>(n, k, perm, s, y, ldy, x, ldx);
  return check_launch();
}

} /* anonymous namespace */
} /* namespace ts_forest */

using namespace ts_forest;

extern "C" {

ts_status ts_cuda_gather(void *stream, ts_int n, const ts_int *perm, const double *x, double *y)
{
  return n < 0 ? TS_ERR_ARGUMENT : gather<double, double>(stream, n, 1, perm, nullptr, x, n, y, n);
}

ts_status ts_cuda_scatter(void *stream, ts_int n, const ts_int *perm, const double *y, double *x)
{
  return n < 0 ? TS_ERR_ARGUMENT : scatter<double, double>(stream, n, 1, perm, nullptr, y, n, x, n);
}

ts_status ts_cuda_gather_scaled(void *stream, ts_int n, const ts_int *perm, const double *s, const double *x, double *y)
{
  return gather<double, double>(stream, n, 1, perm, s, x, n, y, n);
}

ts_status ts_cuda_gather_columns(void *stream, ts_int n, ts_int k, const ts_int *perm, const double *s, const double *x, ts_int ldx, double *y, ts_int ldy)
{
  return gather<double, double>(stream, n, k, perm, s, x, ldx, y, ldy);
}

ts_status ts_cuda_scatter_columns(void *stream, ts_int n, ts_int k, const ts_int *perm, const double *s, const double *y, ts_int ldy, double *x, ts_int ldx)
{
  return scatter<double, double>(stream, n, k, perm, s, y, ldy, x, ldx);
}

ts_status ts_cuda_to_float(void *stream, ts_int n, const double *x, float *y)
{
  return gather<double, float>(stream, n, 1, nullptr, nullptr, x, n, y, n);
}

ts_status ts_cuda_gather_to_float(void *stream, ts_int n, const ts_int *perm, const double *x, float *y)
{
  return gather<double, float>(stream, n, 1, perm, nullptr, x, n, y, n);
}

ts_status ts_cuda_scatter_from_float(void *stream, ts_int n, const ts_int *perm, const float *y, double *x)
{
  return scatter<float, double>(stream, n, 1, perm, nullptr, y, n, x, n);
}

} /* extern "C" */
