/* SPDX-License-Identifier: BSD-2-Clause */
/* Diagonal scalings diagp_0/1/2 (docs/algorithms.md 5.1, thesis Eqs. 39-43). */
#include <math.h>
#include "trisplit_kernels.h"

void ts_ref_diagp(int k, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, double *d)
{
  for (ts_int i = 0; i < n; i++) {
    double diag = 0.0, off = 0.0;
    /* column order, so the CUDA twin (one thread per row) rounds identically */
    for (ts_int e = rowptr[i]; e < rowptr[i + 1]; e++) {
      if (col[e] == i) diag = val[e];
      else off += fabs(val[e]);
    }
    const double unit = diag == 0.0 ? 1.0 : (diag > 0.0 ? 1.0 : -1.0);
    switch (k) {
    case 0:
      d[i] = diag;
      break;
    case 1:
      d[i] = unit * fmax(fabs(diag), off);
      break;
    default:
      d[i] = unit * (fabs(diag) + off);
      break;
    }
  }
}
