/* SPDX-License-Identifier: BSD-2-Clause */
/*
   csr_collapse.cu - twin of ts_ref_csr_collapse (reference/csr_collapse.c): one thread per node row with the row
   helper of trisplit_kernels.h (shared with the host), the rows' lengths an exclusive scan, so the node matrix is
   the host's bit for bit.
*/
#include "row_starts.cuh"

namespace {

__global__ void collapse_rows(int pass, ts_int nn, ts_int bs, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, ts_int *__restrict__ count, const ts_int *__restrict__ nrow, ts_int *__restrict__ ncol, double *__restrict__ nval)
{
  for (ts_int node = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; node < nn; node += (ts_int)gridDim.x * blockDim.x) {
    if (!pass) count[node] = ts_collapse_row(rowptr, col, val, bs, node, nullptr, nullptr);
    else ts_collapse_row(rowptr, col, val, bs, node, ncol + nrow[node], nval + nrow[node]);
  }
}

} // namespace

size_t ts_cuda_csr_collapse_buffer_size(ts_int nn)
{
  return ts_row_starts::buffer_size(nn);
}

ts_status ts_cuda_csr_collapse_count(void *stream, ts_int nn, ts_int bs, const ts_int *rowptr, const ts_int *col, ts_int *nrow, void *buffer)
{
  cudaStream_t st = ts_forest::as_stream(stream);

  if (nn < 0 || bs < 1) return TS_ERR_ARGUMENT;
  if (nn) collapse_rows<<<ts_forest::grid_for((size_t)nn), ts_forest::kThreads, 0, st>>>(0, nn, bs, rowptr, col, nullptr, ts_row_starts::counts(buffer), nullptr, nullptr, nullptr);
  TS_FOREST_TRY_STATUS(ts_row_starts::scan(st, nn, buffer, nrow));
  return ts_forest::check_launch();
}

ts_status ts_cuda_csr_collapse(void *stream, ts_int nn, ts_int bs, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *nrow, ts_int *ncol, double *nval)
{
  if (nn < 0 || bs < 1) return TS_ERR_ARGUMENT;
  if (!nn) return TS_SUCCESS;
  collapse_rows<<<ts_forest::grid_for((size_t)nn), ts_forest::kThreads, 0, ts_forest::as_stream(stream)>>>(1, nn, bs, rowptr, col, val, nullptr, nrow, ncol, nval);
  return ts_forest::check_launch();
}
