// Gathers into and scatters out of a forest order for k columns in one launch, with an optional
// diagonal scaling fused in (the twins of src/kernels/reference/permute_columns.c). The multi-
// right-hand-side applies of the splittings move k columns per permutation pass: one launch instead
// of k, and the permutation is read from cache after the first column.
#include "trisplit_kernels.h"
#include <cuda_runtime.h>

namespace {

constexpr unsigned threads = 256;
constexpr unsigned max_grid_y = 65535;

// blockIdx.y walks the columns (wrapping beyond 65535 of them), x the rows
template <typename T>
__global__ void gather_columns(ts_int n, ts_int k, const ts_int *__restrict__ perm, const T *__restrict__ s, const T *__restrict__ x, ts_int ldx, T *__restrict__ y, ts_int ldy)
{
  const ts_int i = (ts_int)(blockIdx.x * (size_t)blockDim.x + threadIdx.x);
  if (i >= n) return;
  const ts_int v = perm[i];
  for (ts_int c = blockIdx.y; c < k; c += gridDim.y) y[i + (size_t)c * ldy] = v < 0 ? T(0) : (s ? s[v] * x[v + (size_t)c * ldx] : x[v + (size_t)c * ldx]);
}

template <typename T>
__global__ void scatter_columns(ts_int n, ts_int k, const ts_int *__restrict__ perm, const T *__restrict__ s, const T *__restrict__ y, ts_int ldy, T *__restrict__ x, ts_int ldx)
{
  const ts_int i = (ts_int)(blockIdx.x * (size_t)blockDim.x + threadIdx.x);
  if (i >= n) return;
  const ts_int v = perm[i];
  if (v < 0) return; // a ghost slot is never written back
  for (ts_int c = blockIdx.y; c < k; c += gridDim.y) x[v + (size_t)c * ldx] = s ? s[v] * y[i + (size_t)c * ldy] : y[i + (size_t)c * ldy];
}

inline dim3 grid(ts_int n, ts_int k) { return dim3((unsigned)((n + threads - 1) / threads), (unsigned)(k < (ts_int)max_grid_y ? k : (ts_int)max_grid_y)); }
inline ts_status launched() { return cudaGetLastError() == cudaSuccess ? TS_SUCCESS : TS_ERR_DEVICE; }

} // namespace

extern "C" {

ts_status ts_cuda_gather_columns(void *stream, ts_int n, ts_int k, const ts_int *perm, const double *s, const double *x, ts_int ldx, double *y, ts_int ldy)
{
  if (n <= 0 || k <= 0) return TS_SUCCESS;
  gather_columns<double><<<grid(n, k), threads, 0, (cudaStream_t)stream>>>(n, k, perm, s, x, ldx, y, ldy);
  return launched();
}

ts_status ts_cuda_scatter_columns(void *stream, ts_int n, ts_int k, const ts_int *perm, const double *s, const double *y, ts_int ldy, double *x, ts_int ldx)
{
  if (n <= 0 || k <= 0) return TS_SUCCESS;
  scatter_columns<double><<<grid(n, k), threads, 0, (cudaStream_t)stream>>>(n, k, perm, s, y, ldy, x, ldx);
  return launched();
}

} // extern "C"
