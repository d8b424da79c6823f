/* SPDX-License-Identifier: BSD-2-Clause */
/* Rows of a tridiagonal chain that are not strictly diagonally dominant by a margin. Every row of a
   strictly row diagonally dominant chain keeps its elimination's pivots away from zero, with or
   without pivoting, so a count of 0 spares the path-by-path elimination that would find a zero pivot
   (the check of the CUDA backend; its twin is src/kernels/cuda/dominance.cu). */
#include <math.h>
#include "trisplit_kernels.h"

ts_int ts_ref_tridiag_weak_rows(ts_int n, const double *a, const double *b, const double *c)
{
  ts_int weak = 0;

  for (ts_int i = 0; i < n; i++) {
    const double off = (i > 0 ? fabs(a[i]) : 0.0) + (i + 1 < n ? fabs(c[i]) : 0.0);

    if (!(fabs(b[i]) > off * TS_DOMINANCE_MARGIN)) weak++; /* a NaN is weak too */
  }
  return weak;
}
