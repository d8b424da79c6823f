/* SPDX-License-Identifier: BSD-2-Clause */
/*
   coverage.cu - the weight coverages of a factor (twin of ts_ref_factor_coverage, reference/factor.c)
   and of the identity order (twin of ts_ref_identity_coverage, reference/graph.c): masked copies
   summed by CUB, parallel sums, so equal to the host's up to rounding.
*/
#include <cub/cub.cuh>
#include "forest_common.cuh"

namespace ts_forest {
namespace {

/* masked copies for the coverage sums */
__global__ void factor_mask_kernel(size_t m, const ts_int *__restrict__ partner, const double *__restrict__ partner_w, double *__restrict__ out)
{
  for (size_t s = blockIdx.x * (size_t)blockDim.x + threadIdx.x; s < m; s += (size_t)gridDim.x * blockDim.x) out[s] = partner[s] >= 0 ? partner_w[s] : 0.0;
}

__global__ void identity_mask_kernel(ts_int n, const ts_int *__restrict__ g_rowptr, const ts_int *__restrict__ g_col, const double *__restrict__ g_w, double *__restrict__ out)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x)
    for (ts_int e = g_rowptr[i]; e < g_rowptr[i + 1]; e++) out[e] = (g_col[e] == i - 1 || g_col[e] == i + 1) ? g_w[e] : 0.0;
}

__global__ void ratio_kernel(const double *sums, double *coverage) { *coverage = sums[0] > 0.0 ? sums[1] / sums[0] : 0.0; }

/* The graph's edge count g_rowptr[n] lives on the device: sums run over the bound, zero padded. */
struct CoverageWork {
  double *masked;
  double *sums;
  void   *cub_temp;
  size_t  cub_bytes;
};

size_t coverage_carve(Carver &cv, ts_int n, ts_int g_nnz_bound, CoverageWork &w)
{
  const size_t m = (size_t)(g_nnz_bound > 4 * n ? g_nnz_bound : 4 * n) + 1;
  w.masked       = cv.take<double>(m);
  w.sums         = cv.take<double>(2);
  size_t bytes   = 0;
  cub::DeviceReduce::Sum(nullptr, bytes, (const double *)nullptr, (double *)nullptr, (ts_int)m);
  w.cub_bytes = bytes;
  w.cub_temp  = cv.take_bytes(bytes);
  return cv.size();
}

/* g_rowptr[n] is on the device: sum g_w over the bound after zeroing the tail */
__global__ void copy_pad_kernel(size_t m, const ts_int *__restrict__ g_rowptr, ts_int n, const double *__restrict__ g_w, double *__restrict__ out)
{
  const size_t nnz = (size_t)g_rowptr[n];
  for (size_t s = blockIdx.x * (size_t)blockDim.x + threadIdx.x; s < m; s += (size_t)gridDim.x * blockDim.x) out[s] = s < nnz ? g_w[s] : 0.0;
}

__global__ void zero_tail_kernel(size_t m, const ts_int *__restrict__ g_rowptr, ts_int n, double *__restrict__ out)
{
  const size_t nnz = (size_t)g_rowptr[n];
  for (size_t s = nnz + blockIdx.x * (size_t)blockDim.x + threadIdx.x; s < m; s += (size_t)gridDim.x * blockDim.x) out[s] = 0.0;
}

} /* anonymous namespace */
} /* namespace ts_forest */

using namespace ts_forest;

extern "C" {

size_t ts_cuda_coverage_buffer_size(ts_int n, ts_int g_nnz_bound)
{
  Carver       cv(nullptr);
  CoverageWork w;
  return coverage_carve(cv, n, g_nnz_bound, w);
}

static ts_status sum_into(cudaStream_t s, const CoverageWork &w, size_t m, double *dst)
{
  size_t bytes = w.cub_bytes;
  TS_FOREST_TRY(cub::DeviceReduce::Sum(w.cub_temp, bytes, w.masked, dst, (ts_int)m, s));
  return TS_SUCCESS;
}

ts_status ts_cuda_factor_coverage(void *stream, int nf, ts_int n, ts_int g_nnz_bound, const ts_int *g_rowptr, const double *g_w, const ts_int *partner, const double *partner_w, double *coverage, void *buffer)
{
  if (n < 0 || g_nnz_bound < 0 || nf < 1 || nf > TS_FACTOR_MAX_N) return TS_ERR_ARGUMENT;
  cudaStream_t s = as_stream(stream);
  Carver       cv(buffer);
  CoverageWork w;
  coverage_carve(cv, n, g_nnz_bound, w);
  const size_t m = (size_t)g_nnz_bound + 1, mp = (size_t)n * nf;
  copy_pad_kernel<<<grid_for(m), kThreads, 0, s>>>(m, g_rowptr, n, g_w, w.masked);
  TS_FOREST_TRY_STATUS(sum_into(s, w, m, w.sums));
  if (mp > 0) {
    factor_mask_kernel<<<grid_for(mp), kThreads, 0, s>>>(mp, partner, partner_w, w.masked);
    TS_FOREST_TRY_STATUS(sum_into(s, w, mp, w.sums + 1));
  } else TS_FOREST_TRY(cudaMemsetAsync(w.sums + 1, 0, sizeof(double), s));
  ratio_kernel<<<1, 1, 0, s>>>(w.sums, coverage);
  return check_launch();
}

ts_status ts_cuda_identity_coverage(void *stream, ts_int n, ts_int g_nnz_bound, const ts_int *g_rowptr, const ts_int *g_col, const double *g_w, double *coverage, void *buffer)
{
  if (n < 0 || g_nnz_bound < 0) return TS_ERR_ARGUMENT;
  cudaStream_t s = as_stream(stream);
  Carver       cv(buffer);
  CoverageWork w;
  coverage_carve(cv, n, g_nnz_bound, w);
  const size_t m = (size_t)g_nnz_bound + 1;
  copy_pad_kernel<<<grid_for(m), kThreads, 0, s>>>(m, g_rowptr, n, g_w, w.masked);
  TS_FOREST_TRY_STATUS(sum_into(s, w, m, w.sums));
  if (n > 0) identity_mask_kernel<<<grid_for(n), kThreads, 0, s>>>(n, g_rowptr, g_col, g_w, w.masked);
  zero_tail_kernel<<<grid_for(m), kThreads, 0, s>>>(m, g_rowptr, n, w.masked);
  TS_FOREST_TRY_STATUS(sum_into(s, w, m, w.sums + 1));
  ratio_kernel<<<1, 1, 0, s>>>(w.sums, coverage);
  return check_launch();
}

} /* extern "C" */
