/* SPDX-License-Identifier: BSD-2-Clause */
/*
   prolongator.cu - twin of ts_ref_prolongator (reference/prolongator.c): a row of up to kShortRow entries
   (forest_common.cuh) by one thread with the row helper of trisplit_kernels.h (shared with the host), a longer row
   by one warp; the Gershgorin bound and the rows' cuts are maxima (exact in any order), the rows' lengths an
   exclusive scan, and every entry of P sums its terms in the row's order, so P is the host's bit for bit.
   Why a warp for long rows: the coarse levels of an isotropic problem have few rows of hundreds of entries, and
   ts_prolongator_row() costs about 2 len t lookups for a row of len entries and t targets, one thread alone: on
   MODEL8 1000² (H200) the two passes took 0.2 ms on the finest level and 5 ms on the coarsest (1200 rows), 12 ms
   of the whole setup's 55 (bench/results/triamg-device/setup_kernels_model8.csv.gz).
*/
#include <cub/cub.cuh>
#include "forest_common.cuh"

namespace {

using ts_forest::check_launch;
using ts_forest::grid_for;
using ts_forest::kThreads;
using ts_forest::long_row;
using ts_forest::warp_grid;

__global__ void row_ratios(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, double *__restrict__ ratio)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) ratio[i] = ts_prolongator_ratio(rowptr, col, val, i);
}

/* the distinct targets a warp keeps for its row; a row of more runs ts_prolongator_row() on one lane */
constexpr int kTargets = 128;
constexpr int kWarps   = kThreads / 32;

/* pass 0: the length of every short row; pass 1: the short rows at prow[i] */
__global__ void rows(int pass, ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, const ts_int *__restrict__ agg, const double *__restrict__ rho, double theta, ts_int *__restrict__ count, const ts_int *__restrict__ prow, ts_int *__restrict__ pcol, double *__restrict__ pval, double *__restrict__ omega)
{
  const double w = ts_prolongator_omega(*rho);

  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) {
    if (pass && i == 0) *omega = w;
    if (long_row(rowptr, i)) continue;
    if (!pass) count[i] = ts_prolongator_row(rowptr, col, val, agg, i, w, theta, nullptr, nullptr);
    else ts_prolongator_row(rowptr, col, val, agg, i, w, theta, pcol + prow[i], pval + prow[i]);
  }
}

/* The long rows, one warp each, as ts_prolongator_row(): the diagonal and the cut by warp reductions; the row's
   distinct targets (its own aggregate first, then each new one at its first column) collected chunk by chunk in
   shared memory; pass 0 counts them, pass 1 gives each lane targets whose place in the sorted row is the number of
   smaller ones and whose value sums the row's entries in CSR order, the host's sum. */
__global__ void rows_warp(int pass, ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, const ts_int *__restrict__ agg, const double *__restrict__ rho, double theta, ts_int *__restrict__ count, const ts_int *__restrict__ prow, ts_int *__restrict__ pcol, double *__restrict__ pval)
{
  __shared__ ts_int         targets[kWarps][kTargets];
  const double              w    = ts_prolongator_omega(*rho);
  const ts_forest::WarpGrid g    = warp_grid();
  const int                 lane = g.lane;
  ts_int                   *list = targets[threadIdx.x >> 5];

  for (ts_int i = g.first; i < n; i += g.stride) { /* the same i for the whole warp */
    const ts_int b = rowptr[i], e = rowptr[i + 1], own = agg[i];
    double       d = 0.0, cut = 0.0;
    ts_int       t = 1;
    int          has_d = 0;

    if (!long_row(rowptr, i)) continue;
    for (ts_int k = b + lane; k < e; k += 32) {
      const double a = val[k] < 0 ? -val[k] : val[k];

      if (col[k] == i) {
        d     = val[k];
        has_d = 1;
      } else if (a > cut) cut = a;
    }
    for (int o = 16; o; o >>= 1) cut = fmax(cut, __shfl_xor_sync(0xffffffffu, cut, o));
    {
      const unsigned found = __ballot_sync(0xffffffffu, has_d);

      d = found ? __shfl_sync(0xffffffffu, d, __ffs(found) - 1) : 0.0;
    }
    cut = theta * cut;
    if (w == 0.0 || d == 0.0) {
      if (lane == 0) {
        if (!pass) count[i] = 1;
        else {
          pcol[prow[i]] = own;
          pval[prow[i]] = 1.0;
        }
      }
      continue;
    }
    if (lane == 0) list[0] = own;
    __syncwarp();
    for (ts_int base = b; base < e && t <= kTargets; base += 32) {
      const ts_int   k = base + lane, J = k < e ? ts_prolongator_target(col, val, agg, i, k, cut) : -1;
      const unsigned same = __match_any_sync(0xffffffffu, J);
      int            fresh = k < e && (__ffs(same) - 1) == lane; /* the chunk's first lane of its target */
      unsigned       fresh_lanes;

      for (ts_int s = 0; s < t && fresh; s++) fresh = list[s] != J;
      fresh_lanes = __ballot_sync(0xffffffffu, fresh);
      if (fresh) {
        const ts_int at = t + __popc(fresh_lanes & ((1u << lane) - 1u));

        if (at < kTargets) list[at] = J;
      }
      t += __popc(fresh_lanes);
      __syncwarp();
    }
    if (t > kTargets) { /* more targets than the list holds: the thread's way, on one lane */
      if (lane == 0) {
        if (!pass) count[i] = ts_prolongator_row(rowptr, col, val, agg, i, w, theta, nullptr, nullptr);
        else ts_prolongator_row(rowptr, col, val, agg, i, w, theta, pcol + prow[i], pval + prow[i]);
      }
      continue;
    }
    if (!pass) {
      if (lane == 0) count[i] = t;
      continue;
    }
    for (ts_int s = lane; s < t; s += 32) {
      const ts_int J = list[s];
      ts_int       place = 0;
      double       v     = J == own ? 1.0 : 0.0;

      for (ts_int r = 0; r < t; r++) place += list[r] < J;
      for (ts_int m = b; m < e; m++)
        if (ts_prolongator_target(col, val, agg, i, m, cut) == J) v = v + (-(w * val[m]) / d);
      pcol[prow[i] + place] = J;
      pval[prow[i] + place] = v;
    }
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
  rows_warp<<<grid_for((size_t)n * 32), kThreads, 0, st>>>(0, n, rowptr, col, val, agg, w.rho, theta, w.count, nullptr, nullptr, nullptr);
  bytes = w.temp_bytes;
  TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(w.temp, bytes, w.count, prow, n + 1, st));
  rows<<<grid_for(n), kThreads, 0, st>>>(1, n, rowptr, col, val, agg, w.rho, theta, nullptr, prow, pcol, pval, omega);
  rows_warp<<<grid_for((size_t)n * 32), kThreads, 0, st>>>(1, n, rowptr, col, val, agg, w.rho, theta, nullptr, prow, pcol, pval);
  return check_launch();
}
