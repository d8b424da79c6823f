/* SPDX-License-Identifier: BSD-2-Clause */
/*
   spmv.cu - twin of ts_ref_csr_spmv (reference/spmv.c): y = base + sign A x, each row summed by a group of threads
   (csr_rows.cuh: a 5-point row takes 4 lanes, a 9-point row 8 and a coarse row of 100 entries a whole warp). The
   device's order of a row's sum differs from the host's column order by rounding only.
*/
#include "csr_rows.cuh"

namespace {

template <int G>
__global__ void __launch_bounds__(256) spmv_groups(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, const double *__restrict__ x, const double *base, double sign, double *y)
{
  const int64_t t    = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  const ts_int  row  = (ts_int)(t / G);
  const int     lane = (int)(t % G);
  double        s;

  if (row >= n) return; /* a whole group leaves together: G divides the warp and the rows are aligned to groups */
  s = ts_csr_rows::row_sum<G>(rowptr, col, val, x, row, lane, nullptr);
  if (!lane) y[row] = (base ? base[row] : 0.0) + sign * s;
}

} // namespace

ts_status ts_cuda_csr_spmv(void *stream, ts_int n, ts_int nnz, const ts_int *rowptr, const ts_int *col, const double *val, const double *x, const double *base, double sign, double *y)
{
  cudaStream_t st = ts_forest::as_stream(stream);

  if (n < 0 || nnz < 0) return TS_ERR_ARGUMENT;
  if (!n) return TS_SUCCESS;
  return ts_csr_rows::with_group_width(n, nnz, [&](auto width) {
    spmv_groups<decltype(width)::value><<<ts_csr_rows::group_blocks(n, width), 256, 0, st>>>(n, rowptr, col, val, x, base, sign, y);
    return ts_forest::check_launch();
  });
}
