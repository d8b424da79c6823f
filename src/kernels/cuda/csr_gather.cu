/* SPDX-License-Identifier: BSD-2-Clause */
/*
   csr_gather.cu - twin of ts_ref_csr_row_lengths and ts_ref_csr_gather (reference/csr_gather.c): one thread per
   chosen row.
*/
#include "forest_common.cuh"

namespace {

__global__ void row_lengths(ts_int nr, const ts_int *__restrict__ rows, const ts_int *__restrict__ rowptr, ts_int *__restrict__ len)
{
  for (ts_int r = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; r < nr; r += (ts_int)gridDim.x * blockDim.x) len[r] = rowptr[rows[r] + 1] - rowptr[rows[r]];
}

__global__ void gather_rows(ts_int nr, const ts_int *__restrict__ rows, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, const ts_int *__restrict__ outptr, ts_int *__restrict__ outcol, double *__restrict__ outval)
{
  for (ts_int r = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; r < nr; r += (ts_int)gridDim.x * blockDim.x)
    for (ts_int k = rowptr[rows[r]], o = outptr[r]; k < rowptr[rows[r] + 1]; k++, o++) {
      outcol[o] = col[k];
      outval[o] = val[k];
    }
}

} // namespace

ts_status ts_cuda_csr_row_lengths(void *stream, ts_int nr, const ts_int *rows, const ts_int *rowptr, ts_int *len)
{
  if (nr < 0) return TS_ERR_ARGUMENT;
  if (!nr) return TS_SUCCESS;
  row_lengths<<<ts_forest::grid_for((size_t)nr), ts_forest::kThreads, 0, ts_forest::as_stream(stream)>>>(nr, rows, rowptr, len);
  return ts_forest::check_launch();
}

ts_status ts_cuda_csr_gather(void *stream, ts_int nr, const ts_int *rows, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *outptr, ts_int *outcol, double *outval)
{
  if (nr < 0) return TS_ERR_ARGUMENT;
  if (!nr) return TS_SUCCESS;
  gather_rows<<<ts_forest::grid_for((size_t)nr), ts_forest::kThreads, 0, ts_forest::as_stream(stream)>>>(nr, rows, rowptr, col, val, outptr, outcol, outval);
  return ts_forest::check_launch();
}
