/* SPDX-License-Identifier: BSD-2-Clause */
/* Vector permutations between the original and the forest order, for k columns at once (the
   multi-right-hand-side applies of the splittings) with an optional diagonal scaling fused in: one
   pass over the columns instead of two. Ghost slots (perm[k] < 0, the unmatched vertices' partners
   of the block forest) read as 0 and are never written back. The one-column entry points are the
   same loops with k = 1. */
#include "trisplit_kernels.h"

void ts_ref_gather_columns(ts_int n, ts_int k, const ts_int *perm, const double *s, const double *x, ts_int ldx, double *y, ts_int ldy)
{
  for (ts_int c = 0; c < k; c++) {
    const double *xc = x + (size_t)c * (size_t)ldx;
    double       *yc = y + (size_t)c * (size_t)ldy;

    for (ts_int i = 0; i < n; i++) {
      const ts_int v = perm[i];
      yc[i]          = v < 0 ? 0.0 : (s ? s[v] * xc[v] : xc[v]);
    }
  }
}

void ts_ref_scatter_columns(ts_int n, ts_int k, const ts_int *perm, const double *s, const double *y, ts_int ldy, double *x, ts_int ldx)
{
  for (ts_int c = 0; c < k; c++) {
    const double *yc = y + (size_t)c * (size_t)ldy;
    double       *xc = x + (size_t)c * (size_t)ldx;

    for (ts_int i = 0; i < n; i++) {
      const ts_int v = perm[i];
      if (v >= 0) xc[v] = s ? s[v] * yc[i] : yc[i];
    }
  }
}

void ts_ref_gather(ts_int n, const ts_int *perm, const double *x, double *y) { ts_ref_gather_columns(n, 1, perm, NULL, x, n, y, n); }

void ts_ref_scatter(ts_int n, const ts_int *perm, const double *y, double *x) { ts_ref_scatter_columns(n, 1, perm, NULL, y, n, x, n); }

void ts_ref_gather_scaled(ts_int n, const ts_int *perm, const double *s, const double *x, double *y) { ts_ref_gather_columns(n, 1, perm, s, x, n, y, n); }
