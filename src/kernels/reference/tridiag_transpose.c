/* SPDX-License-Identifier: BSD-2-Clause */
/* The bands of T^T from those of T (device transposed solves: RPTS only solves T X = B, so the
   transposed apply solves with a transposed copy of the bands). */
#include "trisplit_kernels.h"

void ts_ref_tridiag_transpose(ts_int n, const double *a, const double *c, double *at, double *ct)
{
  /* T^T(i,i-1) = T(i-1,i) and T^T(i,i+1) = T(i+1,i); a zero coupling between two paths stays zero */
  for (ts_int i = 0; i < n; i++) {
    at[i] = i > 0 ? c[i - 1] : 0.0;
    ct[i] = i + 1 < n ? a[i + 1] : 0.0;
  }
}
