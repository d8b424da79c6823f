/* SPDX-License-Identifier: BSD-2-Clause */
/*
   prolongator.cu - twin of ts_ref_prolongator (reference/prolongator.c): one thread per row with the
   row helpers of trisplit_kernels.h (shared with the host); the Gershgorin bound is a maximum (exact in
   any order), the rows' lengths an exclusive scan, so P is the host's bit for bit.
*/
#include <cub/cub.cuh>
#include "forest_common.cuh"

namespace {

using ts_forest::check_launch;
using ts_forest::grid_for;
using ts_forest::kThreads;

__global__ void row_ratios(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, double *__restrict__ ratio)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) ratio[i] = ts_prolongator_ratio(rowptr, col, val, i);
}

/* pass 0: the length of every row; pass 1: the rows at prow[i] */
__global__ void rows(int pass, ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, const ts_int *__restrict__ agg, const double *__restrict__ rho, double theta, ts_int *__restrict__ count, const ts_int *__restrict__ prow, ts_int *__restrict__ pcol, double *__restrict__ pval, double *__restrict__ omega)
{
  const double w = ts_prolongator_omega(*rho);

  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) {
    if (!pass) count[i] = ts_prolongator_row(rowptr, col, val, agg, i, w, theta, nullptr, nullptr);
    else ts_prolongator_row(rowptr, col, val, agg, i, w, theta, pcol + prow[i], pval + prow[i]);
    if (pass && i == 0) *omega = w;
  }
}

struct Work {
  double *ratio, *rho;
  ts_int *count;
  void   *temp;
  size_t  temp_bytes;
};

Work carve(ts_forest::Carver &cv, ts_int n)
{
  Work         w;
  size_t       a = 0, b = 0;
  const ts_int m = n > 0 ? n : 1;

  w.ratio = cv.take<double>(m);
  w.rho   = cv.take<double>(1);
  w.count = cv.take<ts_int>((size_t)m + 1);
  cub::DeviceReduce::Max(nullptr, a, (const double *)nullptr, (double *)nullptr, m);
  cub::DeviceScan::ExclusiveSum(nullptr, b, (const ts_int *)nullptr, (ts_int *)nullptr, m + 1);
  w.temp_bytes = a > b ? a : b;
  w.temp       = cv.take_bytes(w.temp_bytes);
  return w;
}

} // namespace

size_t ts_cuda_prolongator_buffer_size(ts_int n)
{
  ts_forest::Carver cv(nullptr);

  (void)carve(cv, n);
  return cv.size();
}

ts_status ts_cuda_prolongator(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *agg, int smooth, double rho, double theta, ts_int *prow, ts_int *pcol, double *pval, double *omega, void *buffer)
{
  cudaStream_t      st = ts_forest::as_stream(stream);
  ts_forest::Carver cv(buffer);
  Work              w = carve(cv, n);
  size_t            bytes;

  if (n < 0 || rho < 0) return TS_ERR_ARGUMENT;
  if (!smooth) rho = 0.0;
  TS_FOREST_TRY(cudaMemcpyAsync(w.rho, &rho, sizeof(double), cudaMemcpyHostToDevice, st));
  if (n == 0) {
    TS_FOREST_TRY(cudaMemsetAsync(prow, 0, sizeof(ts_int), st));
    TS_FOREST_TRY(cudaMemsetAsync(omega, 0, sizeof(double), st));
    return TS_SUCCESS;
  }
  if (smooth && rho == 0.0) {
    row_ratios<<<grid_for(n), kThreads, 0, st>>>(n, rowptr, col, val, w.ratio);
    bytes = w.temp_bytes;
    TS_FOREST_TRY(cub::DeviceReduce::Max(w.temp, bytes, w.ratio, w.rho, n, st));
  }
  TS_FOREST_TRY(cudaMemsetAsync(w.count + n, 0, sizeof(ts_int), st));
  rows<<<grid_for(n), kThreads, 0, st>>>(0, n, rowptr, col, val, agg, w.rho, theta, w.count, nullptr, nullptr, nullptr, nullptr);
  bytes = w.temp_bytes;
  TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(w.temp, bytes, w.count, prow, n + 1, st));
  rows<<<grid_for(n), kThreads, 0, st>>>(1, n, rowptr, col, val, agg, w.rho, theta, nullptr, prow, pcol, pval, omega);
  return check_launch();
}
