/* SPDX-License-Identifier: BSD-2-Clause */
/*
   forest_pipeline.cu - ts_cuda_linear_forest_build: the whole linear-forest setup from device CSR
   arrays of A in one stream-ordered call (what PCALGTRI does on the host): row scale, transpose,
   weight graph, [0,2]-factor, cycles, paths, permutation, bands. The weight graph is sized by the
   bound 2 nnz(A); the only thing that comes back to the host in between is whether A's pattern is
   structurally symmetric (then the transpose needs no sort).
*/
#include "forest_common.cuh"

namespace ts_forest {
namespace {

struct PipelineWork {
  double *g_w, *partner_w;
  ts_int *g_rowptr, *g_col, *partner, *path_id, *position;
  int    *rounds;
  void   *scratch;
};

size_t pipeline_carve(Carver &cv, const ts_factor_params *params, ts_int n, ts_int nnz, PipelineWork &w)
{
  const ts_int gb = 2 * nnz;
  w.g_rowptr      = cv.take<ts_int>((size_t)n + 1);
  w.g_col         = cv.take<ts_int>(gb);
  w.g_w           = cv.take<double>(gb);
  w.partner       = cv.take<ts_int>(2 * (size_t)n);
  w.partner_w     = cv.take<double>(2 * (size_t)n);
  w.path_id       = cv.take<ts_int>(n);
  w.position      = cv.take<ts_int>(n);
  w.rounds        = cv.take<int>(1);
  size_t sc       = ts_cuda_weight_graph_buffer_size(n, nnz);
  size_t x        = ts_cuda_factor_buffer_size(params, n, gb);
  sc              = x > sc ? x : sc;
  x               = ts_cuda_linear_forest_buffer_size(n);
  sc              = x > sc ? x : sc;
  x               = ts_cuda_coverage_buffer_size(n, gb);
  sc              = x > sc ? x : sc;
  w.scratch       = cv.take_bytes(sc);
  return cv.size();
}

__global__ void rounds_to_stats_kernel(const int *rounds, ts_int *stats) { stats[3] = (ts_int)*rounds; }

} /* anonymous namespace */
} /* namespace ts_forest */

using namespace ts_forest;

extern "C" {

/* scale, transpose and the two passes of the graph, with their arrays carved from the workspace */
static size_t weight_graph_carve(Carver &cv, ts_int n, ts_int nnz, double **scale, ts_int **t_rowptr, ts_int **t_col, double **t_val, int **asym, void **scratch)
{
  size_t sc = ts_cuda_csr_transpose_buffer_size(n, n, nnz), x = ts_cuda_graph_rowptr_buffer_size(n);
  *scale    = cv.take<double>(n);
  *t_rowptr = cv.take<ts_int>((size_t)n + 1);
  *t_col    = cv.take<ts_int>(nnz);
  *t_val    = cv.take<double>(nnz);
  *asym     = cv.take<int>(1);
  *scratch  = cv.take_bytes(x > sc ? x : sc);
  return cv.size();
}

size_t ts_cuda_weight_graph_buffer_size(ts_int n, ts_int nnz)
{
  Carver  cv(nullptr);
  double *scale, *t_val;
  ts_int *t_rowptr, *t_col;
  int    *asym;
  void   *scratch;
  return weight_graph_carve(cv, n, nnz, &scale, &t_rowptr, &t_col, &t_val, &asym, &scratch);
}

ts_status ts_cuda_weight_graph(void *stream, ts_weighting weighting, ts_int n, ts_int nnz, const ts_int *rowptr, const ts_int *col, const double *val, ts_int *g_rowptr, ts_int *g_col, double *g_w, void *buffer)
{
  Carver       cv(buffer);
  double      *scale, *t_val;
  ts_int      *t_rowptr, *t_col;
  int         *asym, h_asym = 1;
  void        *scratch;
  cudaStream_t s = as_stream(stream);
  weight_graph_carve(cv, n, nnz, &scale, &t_rowptr, &t_col, &t_val, &asym, &scratch);
  if (n <= 0) return n < 0 ? TS_ERR_ARGUMENT : TS_SUCCESS;
  TS_FOREST_TRY_STATUS(ts_cuda_graph_scale(stream, weighting, n, rowptr, col, val, scale));
  /* A structurally symmetric pattern (most PDE matrices) is its own transposed pattern: the transposed
     values are found by a search in each row, which avoids the radix sort of all nnz entries (the
     largest stage of the setup). One 4-byte read-back decides. */
  TS_FOREST_TRY_STATUS(ts_cuda_csr_structurally_symmetric(stream, n, rowptr, col, asym));
  TS_FOREST_TRY(cudaMemcpyAsync(&h_asym, asym, sizeof(int), cudaMemcpyDeviceToHost, s));
  TS_FOREST_TRY(cudaStreamSynchronize(s));
  if (!h_asym) {
    TS_FOREST_TRY_STATUS(ts_cuda_csr_transpose_values_symmetric(stream, n, rowptr, col, val, t_val));
    TS_FOREST_TRY_STATUS(ts_cuda_graph_rowptr(stream, n, rowptr, col, rowptr, col, g_rowptr, scratch));
    return ts_cuda_graph_fill(stream, n, rowptr, col, val, rowptr, col, t_val, scale, g_rowptr, g_col, g_w);
  }
  TS_FOREST_TRY_STATUS(ts_cuda_csr_transpose(stream, n, n, nnz, rowptr, col, val, t_rowptr, t_col, t_val, scratch));
  TS_FOREST_TRY_STATUS(ts_cuda_graph_rowptr(stream, n, rowptr, col, t_rowptr, t_col, g_rowptr, scratch));
  return ts_cuda_graph_fill(stream, n, rowptr, col, val, t_rowptr, t_col, t_val, scale, g_rowptr, g_col, g_w);
}

size_t ts_cuda_linear_forest_build_buffer_size(const ts_factor_params *params, ts_int n, ts_int nnz)
{
  Carver       cv(nullptr);
  PipelineWork w;
  return pipeline_carve(cv, params, n, nnz, w);
}

ts_status ts_cuda_linear_forest_build(void *stream, ts_weighting weighting, const ts_factor_params *params, ts_int n, ts_int nnz, const ts_int *rowptr, const ts_int *col, const double *val, ts_int *perm, ts_int *iperm, ts_int *path_id, ts_int *position, double *a, double *b, double *c, void *buffer, ts_int *stats)
{
  if (!params || params->n != 2 || n < 0 || nnz < 0) return TS_ERR_ARGUMENT;
  if (n == 0) return TS_SUCCESS;
  cudaStream_t s = as_stream(stream);
  Carver       cv(buffer);
  PipelineWork w;
  pipeline_carve(cv, params, n, nnz, w);
  ts_int *pid = path_id ? path_id : w.path_id;
  ts_int *pos = position ? position : w.position;
  TS_FOREST_TRY_STATUS(ts_cuda_weight_graph(stream, weighting, n, nnz, rowptr, col, val, w.g_rowptr, w.g_col, w.g_w, w.scratch));
  TS_FOREST_TRY_STATUS(ts_cuda_factor(stream, params, n, 2 * nnz, w.g_rowptr, w.g_col, w.g_w, w.partner, w.partner_w, w.scratch, w.rounds));
  TS_FOREST_TRY_STATUS(ts_cuda_linear_forest(stream, n, w.partner, w.partner_w, pid, pos, perm, iperm, w.scratch, stats, nullptr));
  TS_FOREST_TRY_STATUS(ts_cuda_forest_bands(stream, n, rowptr, col, val, perm, iperm, pid, a, b, c));
  if (stats) rounds_to_stats_kernel<<<1, 1, 0, s>>>(w.rounds, stats);
  return check_launch();
}

ts_status ts_cuda_linear_forest_build_coverage(void *stream, const ts_factor_params *params, ts_int n, ts_int nnz, void *buffer, double *coverage)
{
  if (!params || n < 0 || nnz < 0) return TS_ERR_ARGUMENT;
  if (n == 0) return TS_SUCCESS;
  Carver       cv(buffer);
  PipelineWork w;
  pipeline_carve(cv, params, n, nnz, w);
  TS_FOREST_TRY_STATUS(ts_cuda_factor_coverage(stream, 2, n, 2 * nnz, w.g_rowptr, w.g_w, w.partner, w.partner_w, coverage, w.scratch));
  return ts_cuda_identity_coverage(stream, n, 2 * nnz, w.g_rowptr, w.g_col, w.g_w, coverage + 1, w.scratch);
}

} /* extern "C" */
