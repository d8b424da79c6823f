/* SPDX-License-Identifier: BSD-2-Clause */
/*
   jacobi_power.cu - twin of ts_ref_jacobi_power (reference/jacobi_power.c): one launch per step, y = D^-1 A x with
   each row's diagonal found in the row's own pass (csr_rows.cuh), no wait between the steps; the two squared norms
   by sumsq.cuh's block sums of a fixed grid and one pass over them, so a run repeats itself bit for bit. The
   products and sums differ from the host's by rounding.
*/
#include <utility>
#include "csr_rows.cuh"
#include "sumsq.cuh"

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

} // namespace

size_t ts_cuda_jacobi_power_buffer_size(ts_int n)
{
  (void)n;
  return ts_sumsq::buffer_size<2>();
}

ts_status ts_cuda_jacobi_power(void *stream, ts_int n, ts_int nnz, const ts_int *rowptr, const ts_int *col, const double *val, ts_int offset, int steps, double *x, double *y, double *norms, void *buffer)
{
  cudaStream_t st = ts_forest::as_stream(stream);
  ts_status    status;

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
  return ts_sumsq::launch<2>(st, n, ts_sumsq::Vectors<2>{{x, y}}, norms, buffer);
}
