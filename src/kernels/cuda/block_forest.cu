/* SPDX-License-Identifier: BSD-2-Clause */
/*
   block_forest.cu - the CUDA twins of src/kernels/reference/block_forest.c: the 2x2 block variant of
   the linear forest (docs/algorithms.md 4.4). A matching ([0,1]-factor) of the weight graph contracts
   pairs into coarse vertices, the coarse graph sums the weights between two pairs, and the [0,2]-
   factor, cycle breaking and path scan of the scalar pipeline run on the coarse graph unchanged.

   Equality with the host: the contraction is a scan of representative flags (ids in the same
   order); each coarse row is built by one thread with the host's code (block_forest_rows.h: its fine
   entries sorted by coarse column and then by fine edge, summed in that order), so the coarse
   weights are bitwise the host's, and equal from both ends of a coarse edge.
*/
#include <cub/cub.cuh>
#include "forest_common.cuh"
#include "block_forest_rows.h"

namespace ts_forest {
namespace {

struct BlockWork {
  ts_int        *g_rowptr, *g_col, *match, *flags, *rep_scan, *coarse, *fine, *sizes;
  ts_int        *c_count, *c_rowptr, *c_col, *c_partner, *c_path_id, *c_position, *c_perm, *c_iperm;
  ts_int        *e_off, *e_len, *e_key, *e_idx; /* per coarse row: its fine entries sorted by (column, index) */
  double        *g_w, *match_w, *c_w, *c_partner_w;
  unsigned char *covered;
  int           *rounds;
  void          *scratch;
};

size_t block_carve(Carver &cv, const ts_factor_params *params, ts_int n, ts_int nnz, BlockWork &w)
{
  const ts_int     gb       = 2 * nnz;
  ts_factor_params matching = *params;
  matching.n                = 1;
  w.g_rowptr                = cv.take<ts_int>((size_t)n + 1);
  w.g_col                   = cv.take<ts_int>(gb);
  w.g_w                     = cv.take<double>(gb);
  w.match                   = cv.take<ts_int>(n);
  w.match_w                 = cv.take<double>(n);
  w.flags                   = cv.take<ts_int>(n);
  w.rep_scan                = cv.take<ts_int>(n);
  w.coarse                  = cv.take<ts_int>(n);
  w.fine                    = cv.take<ts_int>(2 * (size_t)n);
  w.sizes                   = cv.take<ts_int>(2);
  w.c_count                 = cv.take<ts_int>((size_t)n + 1);
  w.c_rowptr                = cv.take<ts_int>((size_t)n + 1);
  w.c_col                   = cv.take<ts_int>(gb);
  w.c_w                     = cv.take<double>(gb);
  w.c_partner               = cv.take<ts_int>(2 * (size_t)n);
  w.c_partner_w             = cv.take<double>(2 * (size_t)n);
  w.c_path_id               = cv.take<ts_int>(n);
  w.c_position              = cv.take<ts_int>(n);
  w.c_perm                  = cv.take<ts_int>(n);
  w.c_iperm                 = cv.take<ts_int>(n);
  w.covered                 = cv.take<unsigned char>(gb);
  w.e_off                   = cv.take<ts_int>((size_t)n + 1);
  w.e_len                   = cv.take<ts_int>(n);
  w.e_key                   = cv.take<ts_int>(gb);
  w.e_idx                   = cv.take<ts_int>(gb);
  w.rounds                  = cv.take<int>(2);
  size_t sc = ts_cuda_weight_graph_buffer_size(n, nnz), x;
  x         = ts_cuda_factor_buffer_size(&matching, n, gb);
  sc        = x > sc ? x : sc;
  x         = ts_cuda_factor_buffer_size(params, n, gb);
  sc        = x > sc ? x : sc;
  x         = ts_cuda_linear_forest_buffer_size(n);
  sc        = x > sc ? x : sc;
  x         = ts_cuda_masked_sum_buffer_size(gb);
  sc        = x > sc ? x : sc;
  x         = 0;
  cub::DeviceScan::ExclusiveSum(nullptr, x, (const ts_int *)nullptr, (ts_int *)nullptr, n + 1);
  sc        = x > sc ? x : sc;
  w.scratch = cv.take_bytes(sc);
  return cv.size();
}

/* the smaller vertex of a pair, or a single vertex, represents it */
__global__ void representative_kernel(ts_int n, const ts_int *__restrict__ match, ts_int *__restrict__ flags)
{
  for (ts_int v = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; v < n; v += (ts_int)gridDim.x * blockDim.x) flags[v] = match[v] < 0 || v < match[v];
}

__global__ void contract_kernel(ts_int n, const ts_int *__restrict__ match, const ts_int *__restrict__ rep_scan, const ts_int *__restrict__ g_rowptr, ts_int *__restrict__ coarse, ts_int *__restrict__ fine, ts_int *__restrict__ sizes)
{
  for (ts_int v = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; v < n; v += (ts_int)gridDim.x * blockDim.x) {
    const ts_int p = match[v];
    if (p < 0 || v < p) {
      const ts_int id = rep_scan[v];
      coarse[v]       = id;
      fine[2 * id]    = v;
      fine[2 * id + 1] = p < 0 ? -1 : p;
    } else coarse[v] = rep_scan[p];
    if (v == n - 1) {
      sizes[0] = rep_scan[v] + (p < 0 || v < p);
      sizes[1] = g_rowptr[n];
    }
  }
}

/* fine entries of coarse row C: those of its first vertex and of its partner */
__global__ void coarse_span_kernel(ts_int nc, const ts_int *__restrict__ g_rowptr, const ts_int *__restrict__ fine, ts_int *__restrict__ span)
{
  for (ts_int C = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; C <= nc; C += (ts_int)gridDim.x * blockDim.x) {
    ts_int len = 0;
    for (int r = 0; C < nc && r < 2; r++) {
      const ts_int v = fine[2 * C + r];
      if (v >= 0) len += g_rowptr[v + 1] - g_rowptr[v];
    }
    span[C] = len; /* span[nc] = 0: the exclusive scan ends with the total */
  }
}

/* each coarse row's entries leaving the pair in the canonical order of block_forest_rows.h; count its distinct columns */
__global__ void coarse_sort_kernel(ts_int nc, const ts_int *__restrict__ g_rowptr, const ts_int *__restrict__ g_col, const ts_int *__restrict__ coarse, const ts_int *__restrict__ fine, const ts_int *__restrict__ e_off, ts_int *__restrict__ e_len, ts_int *__restrict__ e_key, ts_int *__restrict__ e_idx, ts_int *__restrict__ count)
{
  for (ts_int C = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; C <= nc; C += (ts_int)gridDim.x * blockDim.x) {
    if (C == nc) {
      count[nc] = 0; /* the exclusive scan ends with the edge count */
      continue;
    }
    ts_int      *key = e_key + e_off[C], *idx = e_idx + e_off[C], distinct = 0;
    const ts_int len = ts_coarse_row_sorted(C, g_rowptr, g_col, coarse, fine, key, idx);
    for (ts_int k = 0; k < len; k++) distinct += k == 0 || key[k] != key[k - 1];
    e_len[C] = len;
    count[C] = distinct;
  }
}

/* sums in the canonical order within one coarse column: the host's order of additions */
__global__ void coarse_fill_kernel(ts_int nc, const double *__restrict__ g_w, const ts_int *__restrict__ e_off, const ts_int *__restrict__ e_len, const ts_int *__restrict__ e_key, const ts_int *__restrict__ e_idx, const ts_int *__restrict__ c_rowptr, ts_int *__restrict__ c_col, double *__restrict__ c_w)
{
  for (ts_int C = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; C < nc; C += (ts_int)gridDim.x * blockDim.x)
    ts_coarse_row_sum(e_len[C], e_key + e_off[C], e_idx + e_off[C], g_w, c_col + c_rowptr[C], c_w + c_rowptr[C]);
}

__global__ void block_perm_kernel(ts_int nb, const ts_int *__restrict__ fine, const ts_int *__restrict__ c_perm, const ts_int *__restrict__ c_path_id, ts_int *__restrict__ perm, ts_int *__restrict__ iperm, ts_int *__restrict__ block_path)
{
  for (ts_int k = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; k < nb; k += (ts_int)gridDim.x * blockDim.x) ts_block_perm_row(k, fine, c_perm, c_path_id, perm, iperm, block_path);
}

__global__ void block_bands_kernel(ts_int nb, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, const ts_int *__restrict__ perm, const ts_int *__restrict__ iperm, const ts_int *__restrict__ block_path, double *__restrict__ a, double *__restrict__ b, double *__restrict__ c)
{
  for (ts_int k = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; k < nb; k += (ts_int)gridDim.x * blockDim.x) ts_block_bands_row(k, rowptr, col, val, perm, iperm, block_path, a, b, c);
}

/* fine edges inside a pair or between coarse forest partners */
__global__ void block_covered_kernel(ts_int n, const ts_int *__restrict__ g_rowptr, const ts_int *__restrict__ g_col, const ts_int *__restrict__ coarse, const ts_int *__restrict__ c_partner, unsigned char *__restrict__ covered)
{
  for (ts_int v = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; v < n; v += (ts_int)gridDim.x * blockDim.x) {
    const ts_int C = coarse[v];
    for (ts_int e = g_rowptr[v]; e < g_rowptr[v + 1]; e++) {
      const ts_int D = coarse[g_col[e]];
      covered[e]     = D == C || c_partner[2 * C] == D || c_partner[2 * C + 1] == D;
    }
  }
}

/* T^T of a 2x2 block chain: at_k = c_{k-1}^T, bt_k = b_k^T, ct_k = a_{k+1}^T (column-major blocks) */
__global__ void block_transpose_kernel(ts_int nb, const double *__restrict__ a, const double *__restrict__ b, const double *__restrict__ c, double *__restrict__ at, double *__restrict__ bt, double *__restrict__ ct)
{
  const int swap[4] = {0, 2, 1, 3};
  for (size_t e = blockIdx.x * (size_t)blockDim.x + threadIdx.x; e < 4 * (size_t)nb; e += (size_t)gridDim.x * blockDim.x) {
    const ts_int k = (ts_int)(e / 4);
    const int    i = (int)(e % 4), t = swap[i];
    at[e]          = k > 0 ? c[4 * (size_t)(k - 1) + t] : 0.0;
    bt[e]          = b[4 * (size_t)k + t];
    ct[e]          = k + 1 < nb ? a[4 * (size_t)(k + 1) + t] : 0.0;
  }
}

__global__ void block_rounds_kernel(const int *rounds, ts_int *stats) { stats[3] = (ts_int)(rounds[0] + rounds[1]); }

} /* anonymous namespace */
} /* namespace ts_forest */

using namespace ts_forest;

extern "C" {

size_t ts_cuda_block_forest_buffer_size(const ts_factor_params *params, ts_int n, ts_int nnz)
{
  Carver    cv(nullptr);
  BlockWork w;
  return block_carve(cv, params, n, nnz, w);
}

ts_status ts_cuda_block_forest_match(void *stream, ts_weighting weighting, const ts_factor_params *params, ts_int n, ts_int nnz, const ts_int *rowptr, const ts_int *col, const double *val, void *buffer, ts_int *sizes)
{
  if (!params || n < 0 || nnz < 0) return TS_ERR_ARGUMENT;
  cudaStream_t s = as_stream(stream);
  if (n == 0) return cudaMemsetAsync(sizes, 0, 2 * sizeof(ts_int), s) == cudaSuccess ? TS_SUCCESS : TS_ERR_DEVICE;
  Carver           cv(buffer);
  BlockWork        w;
  ts_factor_params matching = *params;
  matching.n                = 1;
  block_carve(cv, params, n, nnz, w);
  TS_FOREST_TRY_STATUS(ts_cuda_weight_graph(stream, weighting, n, nnz, rowptr, col, val, w.g_rowptr, w.g_col, w.g_w, w.scratch));
  TS_FOREST_TRY_STATUS(ts_cuda_factor(stream, &matching, n, 2 * nnz, w.g_rowptr, w.g_col, w.g_w, w.match, w.match_w, w.scratch, w.rounds));
  representative_kernel<<<grid_for(n), kThreads, 0, s>>>(n, w.match, w.flags);
  size_t bytes = 0;
  TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(nullptr, bytes, w.flags, w.rep_scan, n, s));
  TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(w.scratch, bytes, w.flags, w.rep_scan, n, s));
  contract_kernel<<<grid_for(n), kThreads, 0, s>>>(n, w.match, w.rep_scan, w.g_rowptr, w.coarse, w.fine, w.sizes);
  TS_FOREST_TRY(cudaMemcpyAsync(sizes, w.sizes, 2 * sizeof(ts_int), cudaMemcpyDeviceToDevice, s));
  return check_launch();
}

ts_status ts_cuda_block_forest_finish(void *stream, const ts_factor_params *params, ts_int n, ts_int nnz, ts_int nb, ts_int g_nnz, ts_int *perm, ts_int *iperm, ts_int *block_path, void *buffer, ts_int *stats, double *sums)
{
  if (!params || params->n != 2 || n < 0 || nnz < 0 || nb < 0 || nb > n || g_nnz < 0 || g_nnz > 2 * nnz) return TS_ERR_ARGUMENT;
  if (n == 0) return TS_SUCCESS;
  cudaStream_t s = as_stream(stream);
  Carver       cv(buffer);
  BlockWork    w;
  block_carve(cv, params, n, nnz, w);

  size_t bytes = 0;
  coarse_span_kernel<<<grid_for((size_t)nb + 1), kThreads, 0, s>>>(nb, w.g_rowptr, w.fine, w.c_count);
  TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(nullptr, bytes, w.c_count, w.e_off, nb + 1, s));
  TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(w.scratch, bytes, w.c_count, w.e_off, nb + 1, s));
  coarse_sort_kernel<<<grid_for((size_t)nb + 1), kThreads, 0, s>>>(nb, w.g_rowptr, w.g_col, w.coarse, w.fine, w.e_off, w.e_len, w.e_key, w.e_idx, w.c_count);
  TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(w.scratch, bytes, w.c_count, w.c_rowptr, nb + 1, s));
  if (nb) coarse_fill_kernel<<<grid_for(nb), kThreads, 0, s>>>(nb, w.g_w, w.e_off, w.e_len, w.e_key, w.e_idx, w.c_rowptr, w.c_col, w.c_w);

  TS_FOREST_TRY_STATUS(ts_cuda_factor(stream, params, nb, g_nnz, w.c_rowptr, w.c_col, w.c_w, w.c_partner, w.c_partner_w, w.scratch, w.rounds + 1));
  TS_FOREST_TRY_STATUS(ts_cuda_linear_forest(stream, nb, w.c_partner, w.c_partner_w, w.c_path_id, w.c_position, w.c_perm, w.c_iperm, w.scratch, stats, nullptr));
  if (nb) block_perm_kernel<<<grid_for(nb), kThreads, 0, s>>>(nb, w.fine, w.c_perm, w.c_path_id, perm, iperm, block_path);

  block_covered_kernel<<<grid_for(n), kThreads, 0, s>>>(n, w.g_rowptr, w.g_col, w.coarse, w.c_partner, w.covered);
  TS_FOREST_TRY_STATUS(ts_cuda_masked_sum(stream, g_nnz, w.g_w, w.covered, sums, w.scratch));
  TS_FOREST_TRY_STATUS(ts_cuda_masked_sum(stream, g_nnz, w.g_w, nullptr, sums + 1, w.scratch));
  if (stats) block_rounds_kernel<<<1, 1, 0, s>>>(w.rounds, stats);
  return check_launch();
}

ts_status ts_cuda_block_bands(void *stream, ts_int nb, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *perm, const ts_int *iperm, const ts_int *block_path, double *a, double *b, double *c)
{
  if (nb < 0) return TS_ERR_ARGUMENT;
  if (nb == 0) return TS_SUCCESS;
  block_bands_kernel<<<grid_for(nb), kThreads, 0, as_stream(stream)>>>(nb, rowptr, col, val, perm, iperm, block_path, a, b, c);
  return check_launch();
}

ts_status ts_cuda_block_transpose(void *stream, ts_int nb, const double *a, const double *b, const double *c, double *at, double *bt, double *ct)
{
  if (nb < 0) return TS_ERR_ARGUMENT;
  if (nb == 0) return TS_SUCCESS;
  block_transpose_kernel<<<grid_for(4 * (size_t)nb), kThreads, 0, as_stream(stream)>>>(nb, a, b, c, at, bt, ct);
  return check_launch();
}

} /* extern "C" */
