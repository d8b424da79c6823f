/* SPDX-License-Identifier: BSD-2-Clause */
/*
   graph.cu - the symmetric weight graph on the GPU, twin of src/kernels/reference/graph.c: the row
   scale (one thread per row, sums in column order as diagp.cu), the CSR transpose
   (stable radix sort of the column indices: each transposed row lists its source rows in
   increasing order, as the host's counting sort), and the union pattern of A and A^T without
   the diagonal with weights s_i|A_ij| + s_j|A_ji| (one thread per row, the host's merge).
*/
#include <cub/cub.cuh>
#include <math.h>
#include "forest_common.cuh"
#include "diagp.cuh"

namespace ts_forest {
namespace {

__global__ void scale_kernel(int abs_weights, ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, double *__restrict__ scale)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) {
    if (abs_weights) {
      scale[i] = 1.0;
      continue;
    }
    double diag, off;
    row_diag_off(i, rowptr, col, val, diag, off);
    const double d = diagp_value(1, diag, off);
    scale[i]       = d != 0.0 ? __drcp_rn(fabs(d)) : 0.0; /* 1.0 / |d|, correctly rounded */
  }
}

/* ---- transpose ---------------------------------------------------------------------------- */

/* row id of every entry, and the identity 0..nnz-1 as sort values */
__global__ void expand_rows_kernel(ts_int n, const ts_int *__restrict__ rowptr, ts_int *__restrict__ row_of, ts_int *__restrict__ iota, ts_int nnz)
{
  write_row_of(n, rowptr, row_of);
  for (ts_int e = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; e < nnz; e += (ts_int)gridDim.x * blockDim.x) iota[e] = e;
}

__global__ void transpose_fill_kernel(ts_int nnz, const ts_int *__restrict__ src, const ts_int *__restrict__ row_of, const double *__restrict__ val, ts_int *__restrict__ t_col, double *__restrict__ t_val)
{
  for (ts_int k = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; k < nnz; k += (ts_int)gridDim.x * blockDim.x) {
    const ts_int e = src[k];
    t_col[k]       = row_of[e];
    if (val && t_val) t_val[k] = val[e];
  }
}

/* t_rowptr[j] = first position of a key >= j in the sorted column indices */
__global__ void transpose_rowptr_kernel(ts_int ncols, ts_int nnz, const ts_int *__restrict__ keys, ts_int *__restrict__ t_rowptr)
{
  for (ts_int j = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; j <= ncols; j += (ts_int)gridDim.x * blockDim.x) {
    ts_int lo = 0, hi = nnz;
    while (lo < hi) {
      const ts_int mid = lo + (hi - lo) / 2;
      if (keys[mid] < j) lo = mid + 1;
      else hi = mid;
    }
    t_rowptr[j] = lo;
  }
}

struct TransposeWork {
  ts_int *row_of, *iota, *keys_out, *src;
  void   *cub_temp;
  size_t  cub_bytes;
};

size_t transpose_carve(Carver &cv, ts_int ncols, ts_int nnz, TransposeWork &w)
{
  w.row_of   = cv.take<ts_int>(nnz);
  w.iota     = cv.take<ts_int>(nnz);
  w.keys_out = cv.take<ts_int>(nnz);
  w.src      = cv.take<ts_int>(nnz);
  size_t bytes = 0;
  cub::DeviceRadixSort::SortPairs(nullptr, bytes, (const ts_int *)nullptr, (ts_int *)nullptr, (const ts_int *)nullptr, (ts_int *)nullptr, (ts_int)nnz, 0, bits_for((uint64_t)(ncols > 0 ? ncols : 1)));
  w.cub_bytes = bytes;
  w.cub_temp  = cv.take_bytes(bytes);
  return cv.size();
}

/* ---- structurally symmetric patterns ------------------------------------------------------ */

/* position of column j in row i (sorted columns), or -1 */
__device__ __forceinline__ ts_int find_in_row(const ts_int *rowptr, const ts_int *col, ts_int i, ts_int j)
{
  ts_int lo = rowptr[i], hi = rowptr[i + 1];
  while (lo < hi) {
    const ts_int mid = lo + (hi - lo) / 2;
    if (col[mid] < j) lo = mid + 1;
    else hi = mid;
  }
  return lo < rowptr[i + 1] && col[lo] == j ? lo : -1;
}

/* Both searches below cost a row of len entries len binary searches of dependent loads: one thread per row alone
   spent milliseconds on the few long rows of a dense coarse level (PCTRIAMG's smoothers' forests), so long rows
   (long_row(), forest_common.cuh) go to one warp each, its lanes on the row's entries (the *_warp kernels, launched
   after the thread kernels, which skip those rows). Both only look up, so the split changes no result. */

__global__ void structural_symmetry_kernel(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, int *__restrict__ asym)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) {
    if (long_row(rowptr, i)) continue;
    for (ts_int e = rowptr[i]; e < rowptr[i + 1]; e++) {
      const ts_int j = col[e];
      if (j != i && (j < 0 || j >= n || find_in_row(rowptr, col, j, i) < 0)) {
        *asym = 1; /* any writer; the value only goes from 0 to 1 */
        break;
      }
    }
  }
}

__global__ void structural_symmetry_warp_kernel(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, int *__restrict__ asym)
{
  const WarpGrid g = warp_grid();

  for (ts_int i = g.first; i < n; i += g.stride) {
    if (!long_row(rowptr, i)) continue;
    for (ts_int e = rowptr[i] + g.lane; e < rowptr[i + 1]; e += 32) {
      const ts_int j = col[e];
      if (j != i && (j < 0 || j >= n || find_in_row(rowptr, col, j, i) < 0)) {
        *asym = 1;
        break;
      }
    }
  }
}

/* t_val[k] = A(i, j) for the entry k = (j, i) of row j: the transpose's values on A's own pattern */
__global__ void transpose_values_symmetric_kernel(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, double *__restrict__ t_val)
{
  for (ts_int j = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; j < n; j += (ts_int)gridDim.x * blockDim.x) {
    if (long_row(rowptr, j)) continue;
    for (ts_int k = rowptr[j]; k < rowptr[j + 1]; k++) t_val[k] = val[find_in_row(rowptr, col, col[k], j)];
  }
}

__global__ void transpose_values_symmetric_warp_kernel(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, double *__restrict__ t_val)
{
  const WarpGrid g = warp_grid();

  for (ts_int j = g.first; j < n; j += g.stride) {
    if (!long_row(rowptr, j)) continue;
    for (ts_int k = rowptr[j] + g.lane; k < rowptr[j + 1]; k += 32) t_val[k] = val[find_in_row(rowptr, col, col[k], j)];
  }
}

/* ---- graph -------------------------------------------------------------------------------- */

/* the host's graph_row: merge row i of A and of A^T without the diagonal; count or fill */
template <bool FILL>
__device__ __forceinline__ ts_int graph_row(ts_int i, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *t_rowptr, const ts_int *t_col, const double *t_val, const double *scale, ts_int *g_col, double *g_w)
{
  ts_int       e = rowptr[i], f = t_rowptr[i], cnt = 0;
  const ts_int eend = rowptr[i + 1], fend = t_rowptr[i + 1];
  const double si   = FILL ? scale[i] : 0.0;
  while (e < eend || f < fend) {
    const ts_int je = e < eend ? col[e] : -1;
    const ts_int jf = f < fend ? t_col[f] : -1;
    ts_int       j;
    double       wa = 0.0, wt = 0.0;
    if (jf < 0 || (je >= 0 && je < jf)) {
      j = je;
      if (FILL) wa = __dmul_rn(si, fabs(val[e]));
      e++;
    } else if (je < 0 || jf < je) {
      j = jf;
      if (FILL) wt = __dmul_rn(scale[jf], fabs(t_val[f]));
      f++;
    } else {
      j = je;
      if (FILL) {
        wa = __dmul_rn(si, fabs(val[e]));
        wt = __dmul_rn(scale[j], fabs(t_val[f]));
      }
      e++;
      f++;
    }
    if (j == i) continue;
    if (FILL) {
      g_col[cnt] = j;
      g_w[cnt]   = __dadd_rn(wa, wt);
    }
    cnt++;
  }
  return cnt;
}

/* count and fill by merges, one thread a row; same: the transposed pattern is A's own (a structurally symmetric A),
   whose long rows both leave to graph_same_warp_kernel */
__global__ void graph_count_kernel(int same, ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const ts_int *__restrict__ t_rowptr, const ts_int *__restrict__ t_col, ts_int *__restrict__ counts, ts_int *__restrict__ g_rowptr)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) {
    if (i == 0) g_rowptr[0] = 0;
    if (same && long_row(rowptr, i)) continue;
    counts[i] = graph_row<false>(i, rowptr, col, nullptr, t_rowptr, t_col, nullptr, nullptr, nullptr, nullptr);
  }
}

__global__ void graph_fill_kernel(int same, ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, const ts_int *__restrict__ t_rowptr, const ts_int *__restrict__ t_col, const double *__restrict__ t_val, const double *__restrict__ scale, const ts_int *__restrict__ g_rowptr, ts_int *__restrict__ g_col, double *__restrict__ g_w)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) {
    const ts_int o = g_rowptr[i];
    if (same && long_row(rowptr, i)) continue;
    graph_row<true>(i, rowptr, col, val, t_rowptr, t_col, t_val, scale, g_col + o, g_w + o);
  }
}

/* The long rows of a graph whose transposed pattern is A's own, one warp each: every column meets itself in the
   merge of graph_row(), so row i of the graph is row i of A without its diagonal, each entry at its own place
   less one after the diagonal, with graph_row()'s weight; pass 0 counts, pass 1 fills (a merge of a long row on one
   thread is a long serial loop, as the searches above were). */
template <bool FILL>
__global__ void graph_same_warp_kernel(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, const double *__restrict__ t_val, const double *__restrict__ scale, ts_int *__restrict__ counts, const ts_int *__restrict__ g_rowptr, ts_int *__restrict__ g_col, double *__restrict__ g_w)
{
  const WarpGrid g = warp_grid();

  for (ts_int i = g.first; i < n; i += g.stride) {
    if (!long_row(rowptr, i)) continue;
    const ts_int b = rowptr[i], e = rowptr[i + 1], d = find_in_row(rowptr, col, i, i);

    if constexpr (!FILL) {
      if (g.lane == 0) counts[i] = e - b - (d >= 0);
    } else {
      for (ts_int k = b + g.lane; k < e; k += 32) {
        const ts_int j = col[k], at = g_rowptr[i] + (k - b) - (d >= 0 && k > d);

        if (j == i) continue;
        g_col[at] = j;
        g_w[at]   = __dadd_rn(__dmul_rn(scale[i], fabs(val[k])), __dmul_rn(scale[j], fabs(t_val[k])));
      }
    }
  }
}

size_t scan_bytes(ts_int n)
{
  size_t bytes = 0;
  cub::DeviceScan::InclusiveSum(nullptr, bytes, (ts_int *)nullptr, (ts_int *)nullptr, n > 0 ? n : 1);
  return bytes;
}

} /* anonymous namespace */
} /* namespace ts_forest */

using namespace ts_forest;

extern "C" {

ts_status ts_cuda_graph_scale(void *stream, ts_weighting weighting, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, double *scale)
{
  if (n < 0) return TS_ERR_ARGUMENT;
  if (n == 0) return TS_SUCCESS;
  scale_kernel<<<grid_for(n), kThreads, 0, as_stream(stream)>>>(weighting == TS_WEIGHT_ABS, n, rowptr, col, val, scale);
  return check_launch();
}

size_t ts_cuda_csr_transpose_buffer_size(ts_int n, ts_int ncols, ts_int nnz)
{
  (void)n;
  Carver        cv(nullptr);
  TransposeWork w;
  return transpose_carve(cv, ncols, nnz, w);
}

ts_status ts_cuda_csr_transpose(void *stream, ts_int n, ts_int ncols, ts_int nnz, const ts_int *rowptr, const ts_int *col, const double *val, ts_int *t_rowptr, ts_int *t_col, double *t_val, void *buffer)
{
  if (n < 0 || ncols < 0 || nnz < 0) return TS_ERR_ARGUMENT;
  cudaStream_t  s = as_stream(stream);
  Carver        cv(buffer);
  TransposeWork w;
  transpose_carve(cv, ncols, nnz, w);
  if (nnz > 0) {
    expand_rows_kernel<<<grid_for(n > nnz ? n : nnz), kThreads, 0, s>>>(n, rowptr, w.row_of, w.iota, nnz);
    TS_FOREST_TRY(cub::DeviceRadixSort::SortPairs(w.cub_temp, w.cub_bytes, col, w.keys_out, w.iota, w.src, nnz, 0, bits_for((uint64_t)(ncols > 0 ? ncols : 1)), s));
    transpose_fill_kernel<<<grid_for(nnz), kThreads, 0, s>>>(nnz, w.src, w.row_of, val, t_col, t_val);
  }
  transpose_rowptr_kernel<<<grid_for((size_t)ncols + 1), kThreads, 0, s>>>(ncols, nnz, w.keys_out, t_rowptr);
  return check_launch();
}

ts_status ts_cuda_csr_structurally_symmetric(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, int *asym)
{
  if (n < 0) return TS_ERR_ARGUMENT;
  cudaStream_t s = as_stream(stream);
  TS_FOREST_TRY(cudaMemsetAsync(asym, 0, sizeof(int), s));
  if (n > 0) {
    structural_symmetry_kernel<<<grid_for(n), kThreads, 0, s>>>(n, rowptr, col, asym);
    structural_symmetry_warp_kernel<<<grid_for((size_t)n * 32), kThreads, 0, s>>>(n, rowptr, col, asym);
  }
  return check_launch();
}

ts_status ts_cuda_csr_transpose_values_symmetric(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, double *t_val)
{
  if (n < 0) return TS_ERR_ARGUMENT;
  if (n > 0) {
    transpose_values_symmetric_kernel<<<grid_for(n), kThreads, 0, as_stream(stream)>>>(n, rowptr, col, val, t_val);
    transpose_values_symmetric_warp_kernel<<<grid_for((size_t)n * 32), kThreads, 0, as_stream(stream)>>>(n, rowptr, col, val, t_val);
  }
  return check_launch();
}

size_t ts_cuda_graph_rowptr_buffer_size(ts_int n) { return Carver::align((size_t)(n > 0 ? n : 1) * sizeof(ts_int)) + Carver::align(scan_bytes(n)); }

ts_status ts_cuda_graph_rowptr(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const ts_int *t_rowptr, const ts_int *t_col, ts_int *g_rowptr, void *buffer)
{
  if (n < 0) return TS_ERR_ARGUMENT;
  cudaStream_t s = as_stream(stream);
  if (n == 0) {
    TS_FOREST_TRY(cudaMemsetAsync(g_rowptr, 0, sizeof(ts_int), s));
    return TS_SUCCESS;
  }
  Carver  cv(buffer);
  ts_int *counts = cv.take<ts_int>(n);
  size_t  bytes  = scan_bytes(n);
  void   *temp   = cv.take_bytes(bytes);
  const int same = t_rowptr == rowptr && t_col == col;
  graph_count_kernel<<<grid_for(n), kThreads, 0, s>>>(same, n, rowptr, col, t_rowptr, t_col, counts, g_rowptr);
  if (same) graph_same_warp_kernel<false><<<grid_for((size_t)n * 32), kThreads, 0, s>>>(n, rowptr, col, nullptr, nullptr, nullptr, counts, nullptr, nullptr, nullptr);
  TS_FOREST_TRY(cub::DeviceScan::InclusiveSum(temp, bytes, counts, g_rowptr + 1, n, s));
  return check_launch();
}

ts_status ts_cuda_graph_fill(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *t_rowptr, const ts_int *t_col, const double *t_val, const double *scale, const ts_int *g_rowptr, ts_int *g_col, double *g_w)
{
  if (n < 0) return TS_ERR_ARGUMENT;
  if (n == 0) return TS_SUCCESS;
  const int same = t_rowptr == rowptr && t_col == col; /* a structurally symmetric A: its long rows without a merge */
  graph_fill_kernel<<<grid_for(n), kThreads, 0, as_stream(stream)>>>(same, n, rowptr, col, val, t_rowptr, t_col, t_val, scale, g_rowptr, g_col, g_w);
  if (same)
    graph_same_warp_kernel<true><<<grid_for((size_t)n * 32), kThreads, 0, as_stream(stream)>>>(n, rowptr, col, val, t_val, scale, nullptr, g_rowptr, g_col, g_w);
  return check_launch();
}

} /* extern "C" */
