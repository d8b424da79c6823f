/* SPDX-License-Identifier: BSD-2-Clause */
// CUDA twins of src/kernels/reference/splitting.c: reweighting of used edges, masked sums, fused
// permutations, MOS-d diagonals and bands. One thread per vertex or entry; the arithmetic of each
// output is written exactly as in the reference so the results agree bit for bit (the sum excepted).
#include "trisplit_kernels.h"
#include "diagp.cuh"
#include <cub/cub.cuh>
#include <cuda_runtime.h>

namespace {

inline unsigned grid(ts_int n) { return (unsigned)((n + 255) / 256); }
inline ts_status launched() { return cudaGetLastError() == cudaSuccess ? TS_SUCCESS : TS_ERR_DEVICE; }

__global__ void graph_reweight(ts_int n, const ts_int *__restrict__ g_rowptr, const ts_int *__restrict__ g_col, double *g_w, const ts_int *__restrict__ partner, double omega, unsigned char *covered)
{
  const ts_int v = (ts_int)(blockIdx.x * (size_t)blockDim.x + threadIdx.x);
  if (v >= n) return;
  for (int s = 0; s < 2; s++) {
    const ts_int w = partner[2 * v + s];
    if (w < 0) continue;
    for (ts_int e = g_rowptr[v]; e < g_rowptr[v + 1]; e++)
      if (g_col[e] == w) {
        g_w[e] = __dmul_rn(g_w[e], omega);
        covered[e] = 1;
      }
  }
}

__global__ void masked_copy(ts_int nnz, const double *__restrict__ w, const unsigned char *__restrict__ covered, double *__restrict__ y)
{
  const ts_int e = (ts_int)(blockIdx.x * (size_t)blockDim.x + threadIdx.x);
  if (e < nnz) y[e] = (!covered || covered[e]) ? w[e] : 0.0;
}

// workspace: the masked values (nnz doubles, 256-byte aligned) then CUB's temporary storage
inline size_t masked_values_bytes(ts_int nnz) { return (((size_t)(nnz > 0 ? nnz : 1) * sizeof(double)) + 255) / 256 * 256; }
inline size_t cub_sum_bytes(ts_int nnz)
{
  size_t bytes = 0;
  cub::DeviceReduce::Sum(nullptr, bytes, (const double *)nullptr, (double *)nullptr, nnz > 0 ? nnz : 1);
  return bytes;
}

__global__ void compose(ts_int n, const ts_int *__restrict__ perm, const ts_int *__restrict__ iperm_next, ts_int *__restrict__ link)
{
  const ts_int k = (ts_int)(blockIdx.x * (size_t)blockDim.x + threadIdx.x);
  if (k < n) link[k] = iperm_next[perm[k]];
}

// One thread per row, T = diagp_k as ts_cuda_diagp (diagp.cuh), then 1/T and J.
__global__ void mos_diagonal(int kind, ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, int m, double *t, double *tinv, double *j)
{
  const ts_int i = (ts_int)(blockIdx.x * (size_t)blockDim.x + threadIdx.x);
  if (i >= n) return;
  double diag, off;
  ts_forest::row_diag_off(i, rowptr, col, val, diag, off);
  const double ti = ts_forest::diagp_value(kind, diag, off);
  const double ri = ti != 0.0 ? __ddiv_rn(1.0, ti) : 0.0;
  t[i]            = ti;
  tinv[i]         = ri;
  j[i]            = __dadd_rn(1.0, __ddiv_rn(__dmul_rn(__dsub_rn(diag, ti), ri), (double)m));
}

__device__ inline double powi_rn(double x, int k)
{
  double r = 1.0;
  for (int i = 0; i < k; i++) r = __dmul_rn(r, x);
  return r;
}

__global__ void mos_bands(ts_int n, int m, int l, const ts_int *__restrict__ perm, const double *__restrict__ t, const double *__restrict__ j, double *a, double *b, double *c)
{
  const ts_int k = (ts_int)(blockIdx.x * (size_t)blockDim.x + threadIdx.x);
  if (k >= n) return;
  const ts_int v    = perm[k];
  const double left = __dmul_rn(t[v], powi_rn(j[v], m - 1 - l));
  b[k]              = j[v];
  if (a[k] != 0.0) a[k] = __ddiv_rn(a[k], __dmul_rn(left, powi_rn(j[perm[k - 1]], l)));
  if (c[k] != 0.0) c[k] = __ddiv_rn(c[k], __dmul_rn(left, powi_rn(j[perm[k + 1]], l)));
}

} // namespace

extern "C" {

ts_status ts_cuda_graph_reweight(void *stream, ts_int n, const ts_int *g_rowptr, const ts_int *g_col, double *g_w, const ts_int *partner, double omega, unsigned char *covered)
{
  if (n <= 0) return TS_SUCCESS;
  graph_reweight<<<grid(n), 256, 0, (cudaStream_t)stream>>>(n, g_rowptr, g_col, g_w, partner, omega, covered);
  return launched();
}

size_t ts_cuda_masked_sum_buffer_size(ts_int nnz) { return masked_values_bytes(nnz) + cub_sum_bytes(nnz); }

ts_status ts_cuda_masked_sum(void *stream, ts_int nnz, const double *w, const unsigned char *covered, double *sum, void *buffer)
{
  cudaStream_t s = (cudaStream_t)stream;
  if (nnz <= 0) return cudaMemsetAsync(sum, 0, sizeof(double), s) == cudaSuccess ? TS_SUCCESS : TS_ERR_DEVICE;
  double *values = (double *)buffer;
  size_t  bytes  = cub_sum_bytes(nnz);
  masked_copy<<<grid(nnz), 256, 0, s>>>(nnz, w, covered, values);
  if (cub::DeviceReduce::Sum((char *)buffer + masked_values_bytes(nnz), bytes, values, sum, nnz, s) != cudaSuccess) return TS_ERR_DEVICE;
  return launched();
}

ts_status ts_cuda_compose(void *stream, ts_int n, const ts_int *perm, const ts_int *iperm_next, ts_int *link)
{
  if (n <= 0) return TS_SUCCESS;
  compose<<<grid(n), 256, 0, (cudaStream_t)stream>>>(n, perm, iperm_next, link);
  return launched();
}

ts_status ts_cuda_mos_diagonal(void *stream, int k, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, int m, double *t, double *tinv, double *j)
{
  if (n <= 0) return TS_SUCCESS;
  if (k < 0 || k > 2 || m < 1) return TS_ERR_ARGUMENT;
  mos_diagonal<<<grid(n), 256, 0, (cudaStream_t)stream>>>(k, n, rowptr, col, val, m, t, tinv, j);
  return launched();
}

ts_status ts_cuda_mos_bands(void *stream, ts_int n, int m, int l, const ts_int *perm, const double *t, const double *j, double *a, double *b, double *c)
{
  if (n <= 0) return TS_SUCCESS;
  mos_bands<<<grid(n), 256, 0, (cudaStream_t)stream>>>(n, m, l, perm, t, j, a, b, c);
  return launched();
}

} // extern "C"
