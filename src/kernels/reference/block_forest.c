/* The 2x2 block variant of the linear forest (ALGORITHMS.md 4.4, AlgTriBlockPrecond): a matching
   (a [0,1]-factor) contracts pairs of vertices into coarse vertices, a linear forest of the coarse
   graph orders them, and P A P^T restricted to it is 2x2 block tridiagonal. An unmatched vertex
   gets a ghost partner (an extra row with diagonal 1 and no coupling), so every block is 2x2 and
   the block solver never sees mixed sizes. The CUDA twins (src/kernels/cuda/block_forest.cu)
   produce the same arrays bit for bit: coarse weights are summed in the same order. */
#include "trisplit_kernels.h"

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

/* Sort one row's (column, weight) pairs by column; rows are short. */
static void sort_row(ts_int len, ts_int *col, double *w)
{
  for (ts_int i = 1; i < len; i++) {
    const ts_int c = col[i];
    const double x = w[i];
    ts_int       k = i;
    for (; k > 0 && col[k - 1] > c; k--) {
      col[k] = col[k - 1];
      w[k]   = w[k - 1];
    }
    col[k] = c;
    w[k]   = x;
  }
}

void ts_ref_coarse_graph(ts_int nc, const ts_int *g_rowptr, const ts_int *g_col, const double *g_w, const ts_int *coarse, const ts_int *fine, ts_int *c_rowptr, ts_int *c_col, double *c_w, ts_int *slot)
{
  ts_int len = 0;

  for (ts_int d = 0; d < nc; d++) slot[d] = -1;
  c_rowptr[0] = 0;
  for (ts_int C = 0; C < nc; C++) {
    const ts_int start = len;
    /* weights accumulate in the order the fine entries appear (first vertex, then its partner,
       columns ascending): the device sums in exactly this order */
    for (int r = 0; r < 2; r++) {
      const ts_int v = fine[2 * C + r];
      if (v < 0) continue;
      for (ts_int e = g_rowptr[v]; e < g_rowptr[v + 1]; e++) {
        const ts_int D = coarse[g_col[e]];
        if (D == C) continue;
        if (slot[D] >= start) c_w[slot[D]] += g_w[e];
        else {
          slot[D]    = len;
          c_col[len] = D;
          c_w[len++] = g_w[e];
        }
      }
    }
    sort_row(len - start, c_col + start, c_w + start);
    c_rowptr[C + 1] = len;
  }
}

void ts_ref_block_perm(ts_int nb, const ts_int *fine, const ts_int *c_perm, const ts_int *c_path_id, ts_int *perm, ts_int *iperm, ts_int *block_path)
{
  for (ts_int k = 0; k < nb; k++) {
    const ts_int C = c_perm[k];
    for (int r = 0; r < 2; r++) {
      const ts_int v   = fine[2 * C + r];
      perm[2 * k + r] = v;
      if (v >= 0) iperm[v] = 2 * k + r;
    }
    block_path[k] = c_path_id[C];
  }
}

void ts_ref_block_bands(ts_int nb, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *perm, const ts_int *iperm, const ts_int *block_path, double *a, double *b, double *c)
{
  for (ts_int k = 0; k < nb; k++) {
    for (int i = 0; i < 4; i++) a[4 * k + i] = b[4 * k + i] = c[4 * k + i] = 0.0;
    for (int r = 0; r < 2; r++) {
      const ts_int v = perm[2 * k + r];
      if (v < 0) { /* ghost row: x = rhs, and the ghost's right-hand side is always 0 */
        b[4 * k + 3] = 1.0;
        continue;
      }
      for (ts_int e = rowptr[v]; e < rowptr[v + 1]; e++) {
        const ts_int slot = iperm[col[e]], kj = slot / 2, at = 4 * k + r + 2 * (slot % 2);
        if (kj == k) b[at] = val[e];
        else if (block_path[kj] == block_path[k]) {
          /* consecutive block rows of one coarse path are joined by a coarse forest edge */
          if (kj == k - 1) a[at] = val[e];
          else if (kj == k + 1) c[at] = val[e];
        }
      }
    }
  }
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
