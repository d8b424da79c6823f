/* SPDX-License-Identifier: BSD-2-Clause */
/*
   csr_join.cu - twin of ts_ref_csr_join (reference/csr_join.c): one thread per row (ts_join_row(), shared with the
   host); row i starts at di[i] + oi[i], so no scan is needed.
*/
#include "forest_common.cuh"

namespace {

__global__ void join_rows(ts_int n, const ts_int *__restrict__ di, const ts_int *__restrict__ dj, const double *__restrict__ dv, const ts_int *__restrict__ oi, const ts_int *__restrict__ oj, const double *__restrict__ ov, ts_int shift, ts_int *__restrict__ ci, ts_int *__restrict__ cj, double *__restrict__ cv)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) {
    if (cj) {
      ci[i] = di[i] + oi[i];
      if (i == n - 1) ci[n] = di[n] + oi[n];
    }
    ts_join_row(i, di, dj, dv, oi, oj, ov, shift, cj, cv);
  }
}

} // namespace

ts_status ts_cuda_csr_join(void *stream, ts_int n, const ts_int *di, const ts_int *dj, const double *dv, const ts_int *oi, const ts_int *oj, const double *ov, ts_int shift, ts_int *ci, ts_int *cj, double *cv)
{
  cudaStream_t st = ts_forest::as_stream(stream);

  if (n < 0) return TS_ERR_ARGUMENT;
  if (!n) {
    if (cj) TS_FOREST_TRY(cudaMemsetAsync(ci, 0, sizeof(ts_int), st));
    return TS_SUCCESS;
  }
  join_rows<<<ts_forest::grid_for((size_t)n), ts_forest::kThreads, 0, st>>>(n, di, dj, dv, oi, oj, ov, shift, ci, cj, cv);
  return ts_forest::check_launch();
}
