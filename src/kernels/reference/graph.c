/* SPDX-License-Identifier: BSD-2-Clause */
/* The symmetric weight graph C the forests are extracted from (docs/algorithms.md 4.1 and 5.3):
   union of the off-diagonal patterns of A and A^T, weights s_i |A_ij| + s_j |A_ji|. */
#include <math.h>
#include "trisplit_kernels.h"

void ts_ref_csr_transpose(ts_int n, ts_int ncols, const ts_int *rowptr, const ts_int *col, const double *val, ts_int *t_rowptr, ts_int *t_col, double *t_val)
{
  for (ts_int j = 0; j <= ncols; j++) t_rowptr[j] = 0;
  for (ts_int e = 0; e < rowptr[n]; e++) t_rowptr[col[e] + 1]++;
  for (ts_int j = 0; j < ncols; j++) t_rowptr[j + 1] += t_rowptr[j];
  /* rows of A in increasing order fill each row of A^T in increasing column order; t_rowptr[j]
     serves as the insertion cursor of row j and is shifted back afterwards */
  for (ts_int i = 0; i < n; i++) {
    for (ts_int e = rowptr[i]; e < rowptr[i + 1]; e++) {
      const ts_int dst = t_rowptr[col[e]]++;
      t_col[dst]       = i;
      if (val && t_val) t_val[dst] = val[e];
    }
  }
  for (ts_int j = ncols; j > 0; j--) t_rowptr[j] = t_rowptr[j - 1];
  t_rowptr[0] = 0;
}

void ts_ref_graph_scale(ts_weighting weighting, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, double *scale)
{
  if (weighting == TS_WEIGHT_ABS) {
    for (ts_int i = 0; i < n; i++) scale[i] = 1.0;
    return;
  }
  ts_ref_diagp(1, n, rowptr, col, val, scale);
  for (ts_int i = 0; i < n; i++) scale[i] = scale[i] != 0.0 ? 1.0 / fabs(scale[i]) : 0.0;
}

/* Merge the sorted rows i of A and of A^T without the diagonal; emit (column, weight) or count. */
static ts_int graph_row(ts_int i, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *t_rowptr, const ts_int *t_col, const double *t_val, const double *scale, ts_int *g_col, double *g_w)
{
  ts_int e = rowptr[i], f = t_rowptr[i], cnt = 0;
  while (e < rowptr[i + 1] || f < t_rowptr[i + 1]) {
    const ts_int je = e < rowptr[i + 1] ? col[e] : -1;
    const ts_int jf = f < t_rowptr[i + 1] ? t_col[f] : -1;
    ts_int       j;
    double       wa = 0.0, wt = 0.0; /* s_i |A_ij| and s_j |A_ji| */
    if (jf < 0 || (je >= 0 && je < jf)) {
      j = je;
      if (g_w) wa = scale[i] * fabs(val[e]);
      e++;
    } else if (je < 0 || jf < je) {
      j = jf;
      if (g_w) wt = scale[jf] * fabs(t_val[f]);
      f++;
    } else {
      j = je;
      if (g_w) {
        wa = scale[i] * fabs(val[e]);
        wt = scale[j] * fabs(t_val[f]);
      }
      e++;
      f++;
    }
    if (j == i) continue;
    if (g_col) {
      g_col[cnt] = j;
      g_w[cnt]   = wa + wt; /* the same two products summed in row j: C is exactly symmetric */
    }
    cnt++;
  }
  return cnt;
}

void ts_ref_graph_rowptr(ts_int n, const ts_int *rowptr, const ts_int *col, const ts_int *t_rowptr, const ts_int *t_col, ts_int *g_rowptr)
{
  g_rowptr[0] = 0;
  for (ts_int i = 0; i < n; i++) g_rowptr[i + 1] = g_rowptr[i] + graph_row(i, rowptr, col, NULL, t_rowptr, t_col, NULL, NULL, NULL, NULL);
}

void ts_ref_graph_fill(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *t_rowptr, const ts_int *t_col, const double *t_val, const double *scale, const ts_int *g_rowptr, ts_int *g_col, double *g_w)
{
  for (ts_int i = 0; i < n; i++) graph_row(i, rowptr, col, val, t_rowptr, t_col, t_val, scale, g_col + g_rowptr[i], g_w + g_rowptr[i]);
}

double ts_ref_identity_coverage(ts_int n, const ts_int *g_rowptr, const ts_int *g_col, const double *g_w)
{
  double total = 0.0, id = 0.0;
  for (ts_int i = 0; i < n; i++) {
    for (ts_int e = g_rowptr[i]; e < g_rowptr[i + 1]; e++) {
      total += g_w[e];
      if (g_col[e] == i - 1 || g_col[e] == i + 1) id += g_w[e];
    }
  }
  return total > 0.0 ? id / total : 0.0;
}
