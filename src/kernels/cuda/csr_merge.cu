/* SPDX-License-Identifier: BSD-2-Clause */
/*
   csr_merge.cu - twin of ts_ref_csr_merge* (reference/csr_merge.c): one thread per row counts its merged length
   (ts_merge_row_length(), shared with the host), an exclusive scan gives C's row starts, and one thread per row
   writes it (ts_merge_row()). Only a rank boundary's rows search or sort anything.
*/
#include "row_starts.cuh"

namespace {

__global__ void merge_lengths(ts_int m, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, ts_int nd, const ts_int *__restrict__ map, ts_int ne, const ts_int *__restrict__ erow, const ts_int *__restrict__ ecol, ts_int *__restrict__ count)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < m; i += (ts_int)gridDim.x * blockDim.x) count[i] = ts_merge_row_length(i, rowptr, col, nd, map, ne, erow, ecol);
}

__global__ void merge_rows(ts_int m, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, ts_int nd, const ts_int *__restrict__ map, ts_int ne, const ts_int *__restrict__ erow, const ts_int *__restrict__ ecol, const double *__restrict__ eval, const ts_int *__restrict__ ci, ts_int *__restrict__ cj, double *__restrict__ cv)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < m; i += (ts_int)gridDim.x * blockDim.x) ts_merge_row(i, rowptr, col, val, nd, map, ne, erow, ecol, eval, ci, cj, cv);
}

} // namespace

size_t ts_cuda_csr_merge_count_buffer_size(ts_int m)
{
  return ts_row_starts::buffer_size(m);
}

ts_status ts_cuda_csr_merge_count(void *stream, ts_int m, const ts_int *rowptr, const ts_int *col, ts_int nd, const ts_int *map, ts_int ne, const ts_int *erow, const ts_int *ecol, ts_int *ci, void *buffer)
{
  cudaStream_t st = ts_forest::as_stream(stream);

  if (m < 0 || ne < 0) return TS_ERR_ARGUMENT;
  if (m) merge_lengths<<<ts_forest::grid_for((size_t)m), ts_forest::kThreads, 0, st>>>(m, rowptr, col, nd, map, ne, erow, ecol, ts_row_starts::counts(buffer));
  TS_FOREST_TRY_STATUS(ts_row_starts::scan(st, m, buffer, ci));
  return ts_forest::check_launch();
}

ts_status ts_cuda_csr_merge(void *stream, ts_int m, const ts_int *rowptr, const ts_int *col, const double *val, ts_int nd, const ts_int *map, ts_int ne, const ts_int *erow, const ts_int *ecol, const double *eval, const ts_int *ci, ts_int *cj, double *cv)
{
  cudaStream_t st = ts_forest::as_stream(stream);

  if (m < 0 || ne < 0) return TS_ERR_ARGUMENT;
  if (!m) return TS_SUCCESS;
  merge_rows<<<ts_forest::grid_for((size_t)m), ts_forest::kThreads, 0, st>>>(m, rowptr, col, val, nd, map, ne, erow, ecol, eval, ci, cj, cv);
  return ts_forest::check_launch();
}
