/* SPDX-License-Identifier: BSD-2-Clause */
/*
   jacobi_power.c - PCTRIAMG's estimate of rho(D^-1 A) by the power method (reference; twin: cuda/jacobi_power.cu):
   from the hashed start vector (ts_ref_hash_fill), steps of x <- D^-1 A x without normalization, then the squared
   norms of the last two iterates (ts_ref_sumsq, as the device's share sumsq.cuh).
*/
#include "trisplit_kernels.h"

void ts_ref_jacobi_power(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, ts_int offset, int steps, double *x, double *y, double norms[2])
{
  norms[0] = norms[1] = 0.0;
  ts_ref_hash_fill(n, offset, x);
  for (int k = 0; k < steps; k++) {
    for (ts_int i = 0; i < n; i++) {
      double s = 0.0, d = 0.0;

      for (ts_int e = rowptr[i]; e < rowptr[i + 1]; e++) {
        s += val[e] * x[col[e]];
        if (col[e] == i) d = val[e];
      }
      y[i] = d != 0.0 ? s / d : 0.0; /* a zero or missing diagonal takes no part */
    }
    if (k + 1 < steps) {
      double *t = x;

      x = y;
      y = t;
    }
  }
  if (steps > 0) { /* each sum in order, as the two sums of one loop were */
    ts_ref_sumsq(n, x, &norms[0]);
    ts_ref_sumsq(n, y, &norms[1]);
  }
}
