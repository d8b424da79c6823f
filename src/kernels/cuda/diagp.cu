/* SPDX-License-Identifier: BSD-2-Clause */
/*
   diagp.cu - the diagonal scalings diagp_k (docs/algorithms.md 5.1) on the GPU, twin of
   src/kernels/reference/diagp.c: one thread per row, the row sum in column order (diagp.cuh).
*/
#include "forest_common.cuh"
#include "diagp.cuh"

namespace ts_forest {
namespace {

__global__ void diagp_kernel(int k, ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, double *__restrict__ d)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) {
    double diag, off;
    row_diag_off(i, rowptr, col, val, diag, off);
    d[i] = diagp_value(k, diag, off);
  }
}

} /* anonymous namespace */
} /* namespace ts_forest */

using namespace ts_forest;

extern "C" ts_status ts_cuda_diagp(void *stream, int k, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, double *d)
{
  if (n < 0 || k < 0 || k > 2) return TS_ERR_ARGUMENT;
  if (n == 0) return TS_SUCCESS;
  diagp_kernel<<<grid_for(n), kThreads, 0, as_stream(stream)>>>(k, n, rowptr, col, val, d);
  return check_launch();
}
