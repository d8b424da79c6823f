/* SPDX-License-Identifier: BSD-2-Clause */
/*
   csr_dense.cu - twin of ts_ref_csr_to_dense (reference/csr_dense.c): the array zeroed on the stream, then one
   thread per row scatters its entries (copies: the same array, bit for bit).
*/
#include "forest_common.cuh"

namespace {

__global__ void scatter_rows(ts_int m, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, ts_int lda, double *__restrict__ dense)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < m; i += (ts_int)gridDim.x * blockDim.x)
    for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++) dense[(size_t)col[k] * lda + i] = val[k];
}

} // namespace

ts_status ts_cuda_csr_to_dense(void *stream, ts_int m, ts_int ncols, const ts_int *rowptr, const ts_int *col, const double *val, ts_int lda, double *dense)
{
  cudaStream_t st = ts_forest::as_stream(stream);

  if (m < 0 || ncols < 0 || lda < m) return TS_ERR_ARGUMENT;
  if (!m || !ncols) return TS_SUCCESS;
  TS_FOREST_TRY(cudaMemsetAsync(dense, 0, (size_t)lda * ncols * sizeof(double), st));
  scatter_rows<<<ts_forest::grid_for((size_t)m), ts_forest::kThreads, 0, st>>>(m, rowptr, col, val, lda, dense);
  return ts_forest::check_launch();
}
