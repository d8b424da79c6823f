/* SPDX-License-Identifier: BSD-2-Clause */
/* Kernels of the splittings into several forests (docs/algorithms.md 5.2, 5.3): reweighting of used
   edges, coverage sums, fused permutations and the MOS-d diagonals and bands. */
#include <math.h>
#include "trisplit_kernels.h"

void ts_ref_graph_reweight(ts_int n, const ts_int *g_rowptr, const ts_int *g_col, double *g_w, const ts_int *partner, double omega, unsigned char *covered)
{
  for (ts_int v = 0; v < n; v++)
    for (int s = 0; s < 2; s++) {
      const ts_int w = partner[2 * v + s];
      if (w < 0) continue;
      for (ts_int e = g_rowptr[v]; e < g_rowptr[v + 1]; e++)
        if (g_col[e] == w) {
          g_w[e] *= omega;
          covered[e] = 1;
        }
    }
}

double ts_ref_masked_sum(ts_int nnz, const double *w, const unsigned char *covered)
{
  double sum = 0.0;
  for (ts_int e = 0; e < nnz; e++)
    if (!covered || covered[e]) sum += w[e];
  return sum;
}

void ts_ref_compose(ts_int n, const ts_int *perm, const ts_int *iperm_next, ts_int *link)
{
  for (ts_int k = 0; k < n; k++) link[k] = iperm_next[perm[k]];
}

ts_int ts_ref_mos_diagonal(int k, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, int m, double *t, double *tinv, double *j)
{
  ts_int zeros = 0;
  ts_ref_diagp(k, n, rowptr, col, val, t);
  for (ts_int i = 0; i < n; i++) {
    double aii = 0.0;
    for (ts_int e = rowptr[i]; e < rowptr[i + 1]; e++)
      if (col[e] == i) aii = val[e];
    zeros += t[i] == 0.0;
    tinv[i] = t[i] != 0.0 ? 1.0 / t[i] : 0.0;
    j[i]    = 1.0 + (aii - t[i]) * tinv[i] / (double)m;
  }
  return zeros;
}

void ts_ref_mos_bands(ts_int n, int m, int l, const ts_int *perm, const double *t, const double *j, double *a, double *b, double *c)
{
  for (ts_int k = 0; k < n; k++) {
    const ts_int v    = perm[k];
    const double left = t[v] * ts_powi(j[v], m - 1 - l);
    b[k]              = j[v];
    if (a[k] != 0.0) a[k] /= left * ts_powi(j[perm[k - 1]], l);
    if (c[k] != 0.0) c[k] /= left * ts_powi(j[perm[k + 1]], l);
  }
}

double ts_ref_diag_coverage(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val)
{
  double diag = 0.0, all = 0.0;
  for (ts_int i = 0; i < n; i++)
    for (ts_int e = rowptr[i]; e < rowptr[i + 1]; e++) {
      all += fabs(val[e]);
      if (col[e] == i) diag += fabs(val[e]);
    }
  return all > 0.0 ? diag / all : 1.0;
}
