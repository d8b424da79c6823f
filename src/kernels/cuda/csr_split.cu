/* SPDX-License-Identifier: BSD-2-Clause */
/*
   csr_split.cu - twin of ts_ref_csr_split* (reference/csr_split.c): one thread per row counts its columns below nd,
   an exclusive scan gives the diagonal block's row starts, and one thread per row copies its entries
   (ts_split_row(), shared with the host); the off-diagonal block's row i starts at rowptr[i] - di[i], so it needs
   no scan of its own.
*/
#include "row_starts.cuh"

namespace {

__global__ void count_below(ts_int m, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, ts_int nd, ts_int *__restrict__ count)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < m; i += (ts_int)gridDim.x * blockDim.x) {
    ts_int c = 0;

    for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++) c += col[k] < nd;
    count[i] = c;
  }
}

__global__ void split_rows(ts_int m, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, ts_int nd, const ts_int *__restrict__ di, ts_int *__restrict__ dj, double *__restrict__ dv, ts_int *__restrict__ oi, ts_int *__restrict__ oj, double *__restrict__ ov)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < m; i += (ts_int)gridDim.x * blockDim.x) {
    if (oi) {
      oi[i] = rowptr[i] - di[i];
      if (i == m - 1) oi[m] = rowptr[m] - di[m];
    }
    ts_split_row(i, rowptr, col, val, nd, di, dj, dv, oj, ov);
  }
}

} // namespace

size_t ts_cuda_csr_split_count_buffer_size(ts_int m)
{
  return ts_row_starts::buffer_size(m);
}

ts_status ts_cuda_csr_split_count(void *stream, ts_int m, const ts_int *rowptr, const ts_int *col, ts_int nd, ts_int *di, void *buffer)
{
  cudaStream_t st = ts_forest::as_stream(stream);

  if (m < 0) return TS_ERR_ARGUMENT;
  if (m) count_below<<<ts_forest::grid_for((size_t)m), ts_forest::kThreads, 0, st>>>(m, rowptr, col, nd, ts_row_starts::counts(buffer));
  TS_FOREST_TRY_STATUS(ts_row_starts::scan(st, m, buffer, di));
  return ts_forest::check_launch();
}

ts_status ts_cuda_csr_split(void *stream, ts_int m, const ts_int *rowptr, const ts_int *col, const double *val, ts_int nd, const ts_int *di, ts_int *dj, double *dv, ts_int *oi, ts_int *oj, double *ov)
{
  cudaStream_t st = ts_forest::as_stream(stream);

  if (m < 0) return TS_ERR_ARGUMENT;
  if (!m) {
    if (oi) TS_FOREST_TRY(cudaMemsetAsync(oi, 0, sizeof(ts_int), st));
    return TS_SUCCESS;
  }
  split_rows<<<ts_forest::grid_for((size_t)m), ts_forest::kThreads, 0, st>>>(m, rowptr, col, val, nd, di, dj, dv, oi, oj, ov);
  return ts_forest::check_launch();
}
