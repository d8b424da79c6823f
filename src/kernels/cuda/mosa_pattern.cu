/* SPDX-License-Identifier: BSD-2-Clause */
/*
   mosa_pattern.cu - the sparse bookkeeping around MOS-a's product on the device: the row capacities
   q_i + 1 of the pruned product (q_i: off-diagonal count of row i of A), the compaction of the
   product's padded rows into the CSR of B_{l+1}, and the diagonal coverage c_diag(B_l) (a parallel
   sum: equal to ts_ref_diag_coverage up to rounding).
*/
#include <cub/cub.cuh>
#include "mosa_common.cuh"

namespace ts_mosa {
namespace {

using ts_forest::check_launch;
using ts_forest::grid_for;
using ts_forest::kThreads;

/* q_i, and the capacities q_i + 1 to scan */
__global__ void offdiag_count(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, ts_int *__restrict__ q, ts_int *__restrict__ cap)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) {
    ts_int qi = rowptr[i + 1] - rowptr[i];
    for (ts_int e = rowptr[i]; e < rowptr[i + 1]; e++) qi -= col[e] == i;
    q[i]   = qi;
    cap[i] = qi + 1;
  }
}

template <class T>
__global__ void compact_rows(ts_int n, const ts_int *__restrict__ out_rowptr, const ts_int *__restrict__ out_col, const T *__restrict__ out_val, const ts_int *__restrict__ rowptr, ts_int *__restrict__ col, T *__restrict__ val)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x)
    for (ts_int k = 0; k < rowptr[i + 1] - rowptr[i]; k++) {
      col[rowptr[i] + k] = out_col[out_rowptr[i] + k];
      val[rowptr[i] + k] = out_val[out_rowptr[i] + k];
    }
}

/* |A_ii| and sum_j |A_ij| of every row */
template <class T>
__global__ void diag_parts(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const T *__restrict__ val, T *__restrict__ diag, T *__restrict__ all)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) {
    T d = 0, a = 0;
    for (ts_int e = rowptr[i]; e < rowptr[i + 1]; e++) {
      a = add_rn(a, (T)fabs(val[e]));
      if (col[e] == i) d = add_rn(d, (T)fabs(val[e]));
    }
    diag[i] = d;
    all[i]  = a;
  }
}

template <class T>
__global__ void coverage_ratio(const T *sums, T *coverage)
{
  *coverage = sums[1] > 0 ? sums[0] / sums[1] : (T)1;
}

/* row pointer from row lengths: rowptr[0] = 0, rowptr[i + 1] = rowptr[i] + len[i] */
size_t rowptr_carve(ts_forest::Carver &cv, ts_int n, void **temp, size_t *bytes)
{
  *bytes = 0;
  cub::DeviceScan::InclusiveSum(nullptr, *bytes, (const ts_int *)nullptr, (ts_int *)nullptr, n > 0 ? n : 1);
  *temp = cv.take_bytes(*bytes);
  return cv.size();
}

ts_status rowptr_from_lengths(cudaStream_t s, ts_int n, const ts_int *len, ts_int *rowptr, void *buffer)
{
  ts_forest::Carver cv(buffer);
  void             *temp;
  size_t            bytes;

  rowptr_carve(cv, n, &temp, &bytes);
  TS_FOREST_TRY(cudaMemsetAsync(rowptr, 0, sizeof(ts_int), s));
  if (n > 0) TS_FOREST_TRY(cub::DeviceScan::InclusiveSum(temp, bytes, len, rowptr + 1, n, s));
  return TS_SUCCESS;
}

size_t coverage_carve(ts_forest::Carver &cv, ts_int n, double **diag, double **all, double **sums, void **temp, size_t *bytes)
{
  *bytes = 0;
  cub::DeviceReduce::Sum(nullptr, *bytes, (const double *)nullptr, (double *)nullptr, n > 0 ? n : 1);
  *diag = cv.take<double>(n > 0 ? n : 1);
  *all  = cv.take<double>(n > 0 ? n : 1);
  *sums = cv.take<double>(2);
  *temp = cv.take_bytes(*bytes);
  return cv.size();
}

} /* anonymous namespace */
} /* namespace ts_mosa */

using namespace ts_mosa;

extern "C" {

size_t ts_cuda_mosa_pattern_buffer_size(ts_int n)
{
  ts_forest::Carver cv(nullptr);
  ts_forest::Carver cv2(nullptr);
  double           *d, *a, *sums;
  void             *temp;
  size_t            bytes, cov = coverage_carve(cv, n, &d, &a, &sums, &temp, &bytes), scan;
  cv2.take<ts_int>(n > 0 ? n : 1); /* the counts of ts_cuda_mosa_rowcap */
  scan = rowptr_carve(cv2, n, &temp, &bytes);
  return cov > scan ? cov : scan;
}

ts_status ts_cuda_mosa_rowcap(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, ts_int *q, ts_int *out_rowptr, void *buffer)
{
  cudaStream_t      s = ts_forest::as_stream(stream);
  ts_forest::Carver cv(buffer);
  ts_int           *counts = cv.take<ts_int>(n > 0 ? n : 1);

  if (n > 0) offdiag_count<<<grid_for(n), kThreads, 0, s>>>(n, rowptr, col, q, counts);
  TS_FOREST_TRY_STATUS(rowptr_from_lengths(s, n, counts, out_rowptr, (char *)buffer + cv.size()));
  return check_launch();
}

ts_status ts_cuda_mosa_compact(void *stream, ts_int n, const ts_int *out_rowptr, const ts_int *out_col, const double *out_val, const ts_int *out_len, ts_int *rowptr, ts_int *col, double *val, void *buffer)
{
  cudaStream_t s = ts_forest::as_stream(stream);

  TS_FOREST_TRY_STATUS(rowptr_from_lengths(s, n, out_len, rowptr, buffer));
  if (n > 0) compact_rows<double><<<grid_for(n), kThreads, 0, s>>>(n, out_rowptr, out_col, out_val, rowptr, col, val);
  return check_launch();
}

ts_status ts_cuda_diag_coverage(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, double *coverage, void *buffer)
{
  cudaStream_t      s = ts_forest::as_stream(stream);
  ts_forest::Carver cv(buffer);
  double           *diag, *all, *sums;
  void             *temp;
  size_t            bytes;

  coverage_carve(cv, n, &diag, &all, &sums, &temp, &bytes);
  if (n <= 0) TS_FOREST_TRY(cudaMemsetAsync(sums, 0, 2 * sizeof(double), s));
  else {
    diag_parts<double><<<grid_for(n), kThreads, 0, s>>>(n, rowptr, col, val, diag, all);
    TS_FOREST_TRY(cub::DeviceReduce::Sum(temp, bytes, diag, sums, n, s));
    TS_FOREST_TRY(cub::DeviceReduce::Sum(temp, bytes, all, sums + 1, n, s));
  }
  coverage_ratio<double><<<1, 1, 0, s>>>(sums, coverage);
  return check_launch();
}

} /* extern "C" */
