/* SPDX-License-Identifier: BSD-2-Clause */
/* The 2x2 block variant of the linear forest (docs/algorithms.md 4.4, AlgTriBlockPrecond): a matching
   (a [0,1]-factor) contracts pairs of vertices into coarse vertices, a linear forest of the coarse
   graph orders them, and P A P^T restricted to it is 2x2 block tridiagonal. An unmatched vertex
   gets a ghost partner (an extra row with diagonal 1 and no coupling), so every block is 2x2 and
   the block solver never sees mixed sizes. The CUDA twins (src/kernels/cuda/block_forest.cu)
   produce the same arrays bit for bit: coarse weights are summed in the same order. */
#include "trisplit_kernels.h"
#include "block_forest_rows.h"

ts_int ts_ref_contract(ts_int n, const ts_int *match, ts_int *coarse, ts_int *fine)
{
  ts_int nc = 0;

  /* the smaller vertex of a pair (or a single vertex) represents it; coarse ids follow it */
  for (ts_int v = 0; v < n; v++) {
    const ts_int p = match[v];
    if (p < 0 || v < p) {
      fine[2 * nc]     = v;
      fine[2 * nc + 1] = p < 0 ? -1 : p;
      coarse[v]        = nc++;
    }
  }
  for (ts_int v = 0; v < n; v++)
    if (match[v] >= 0 && match[v] < v) coarse[v] = coarse[match[v]];
  return nc;
}

void ts_ref_coarse_graph(ts_int nc, const ts_int *g_rowptr, const ts_int *g_col, const double *g_w, const ts_int *coarse, const ts_int *fine, ts_int *c_rowptr, ts_int *c_col, double *c_w, ts_int *work)
{
  ts_int longest = 0, out = 0;

  /* work holds one coarse row's (coarse column, fine entry) pairs */
  for (ts_int C = 0; C < nc; C++) {
    ts_int len = 0;
    for (int r = 0; r < 2; r++)
      if (fine[2 * C + r] >= 0) len += g_rowptr[fine[2 * C + r] + 1] - g_rowptr[fine[2 * C + r]];
    longest = len > longest ? len : longest;
  }
  c_rowptr[0] = 0;
  for (ts_int C = 0; C < nc; C++) {
    ts_int      *key = work, *idx = work + longest;
    const ts_int len = ts_coarse_row_sorted(C, g_rowptr, g_col, coarse, fine, key, idx);
    out += ts_coarse_row_sum(len, key, idx, g_w, c_col + out, c_w + out);
    c_rowptr[C + 1] = out;
  }
}

void ts_ref_block_perm(ts_int nb, const ts_int *fine, const ts_int *c_perm, const ts_int *c_path_id, ts_int *perm, ts_int *iperm, ts_int *block_path)
{
  for (ts_int k = 0; k < nb; k++) ts_block_perm_row(k, fine, c_perm, c_path_id, perm, iperm, block_path);
}

void ts_ref_block_bands(ts_int nb, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *perm, const ts_int *iperm, const ts_int *block_path, double *a, double *b, double *c)
{
  for (ts_int k = 0; k < nb; k++) ts_block_bands_row(k, rowptr, col, val, perm, iperm, block_path, a, b, c);
}

double ts_ref_block_coverage(ts_int n, const ts_int *g_rowptr, const ts_int *g_col, const double *g_w, const ts_int *coarse, const ts_int *c_partner)
{
  double covered = 0.0, total = 0.0;

  for (ts_int v = 0; v < n; v++) {
    const ts_int C = coarse[v];
    for (ts_int e = g_rowptr[v]; e < g_rowptr[v + 1]; e++) {
      const ts_int D = coarse[g_col[e]];
      total += g_w[e];
      if (D == C || c_partner[2 * C] == D || c_partner[2 * C + 1] == D) covered += g_w[e];
    }
  }
  return total > 0.0 ? covered / total : 1.0;
}
