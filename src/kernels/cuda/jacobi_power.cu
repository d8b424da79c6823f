/* SPDX-License-Identifier: BSD-2-Clause */
/*
   jacobi_power.cu - twin of ts_ref_jacobi_power (reference/jacobi_power.c): one launch per step, y = D^-1 A x with
   each row's diagonal found in the row's own pass (csr_rows.cuh), no wait between the steps; the two squared norms
   by block sums of a fixed grid and one pass over them, so a run repeats itself bit for bit. The products and sums
   differ from the host's by rounding.
*/
#include <utility>
#include "csr_rows.cuh"

namespace {

template <int G>
__global__ void __launch_bounds__(256) jacobi_step(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, const double *__restrict__ x, double *__restrict__ y)
{
  const int64_t t    = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  const ts_int  row  = (ts_int)(t / G);
  const int     lane = (int)(t % G);
  double        s, d;

  if (row >= n) return;
  s = ts_csr_rows::row_sum<G>(rowptr, col, val, x, row, lane, &d);
  if (!lane) y[row] = d != 0.0 ? s / d : 0.0;
}

constexpr int kBlocks = 512;

__global__ void __launch_bounds__(256) norm_blocks(ts_int n, const double *__restrict__ x, const double *__restrict__ y, double *__restrict__ partial)
{
  __shared__ double sx[256], sy[256];
  double            a = 0.0, b = 0.0;

  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) {
    a += x[i] * x[i];
    b += y[i] * y[i];
  }
  sx[threadIdx.x] = a;
  sy[threadIdx.x] = b;
  __syncthreads();
  for (int w = 128; w > 0; w /= 2) {
    if ((int)threadIdx.x < w) {
      sx[threadIdx.x] += sx[threadIdx.x + w];
      sy[threadIdx.x] += sy[threadIdx.x + w];
    }
    __syncthreads();
  }
  if (!threadIdx.x) {
    partial[2 * blockIdx.x]     = sx[0];
    partial[2 * blockIdx.x + 1] = sy[0];
  }
}

__global__ void norm_final(int nblocks, const double *__restrict__ partial, double *__restrict__ norms)
{
  double a = 0.0, b = 0.0;

  for (int k = 0; k < nblocks; k++) {
    a += partial[2 * k];
    b += partial[2 * k + 1];
  }
  norms[0] = a;
  norms[1] = b;
}

} // namespace

size_t ts_cuda_jacobi_power_buffer_size(ts_int n)
{
  (void)n;
  return 2 * kBlocks * sizeof(double);
}

ts_status ts_cuda_jacobi_power(void *stream, ts_int n, ts_int nnz, const ts_int *rowptr, const ts_int *col, const double *val, ts_int offset, int steps, double *x, double *y, double *norms, void *buffer)
{
  cudaStream_t st = ts_forest::as_stream(stream);
  ts_status    status;
  int          nblocks;

  if (n < 0 || nnz < 0 || steps < 0) return TS_ERR_ARGUMENT;
  if (!n || !steps) {
    TS_FOREST_TRY(cudaMemsetAsync(norms, 0, 2 * sizeof(double), st));
    return TS_SUCCESS;
  }
  TS_FOREST_TRY_STATUS(ts_cuda_hash_fill(stream, n, offset, x));
  status = ts_csr_rows::with_group_width(n, nnz, [&](auto width) {
    for (int k = 0; k < steps; k++) {
      jacobi_step<decltype(width)::value><<<ts_csr_rows::group_blocks(n, width), 256, 0, st>>>(n, rowptr, col, val, x, y);
      if (k + 1 < steps) std::swap(x, y);
    }
    return ts_forest::check_launch();
  });
  TS_FOREST_TRY_STATUS(status);
  nblocks = (int)ts_forest::grid_for((size_t)n) < kBlocks ? (int)ts_forest::grid_for((size_t)n) : kBlocks;
  norm_blocks<<<nblocks, 256, 0, st>>>(n, x, y, (double *)buffer);
  norm_final<<<1, 1, 0, st>>>(nblocks, (const double *)buffer, norms);
  return ts_forest::check_launch();
}
