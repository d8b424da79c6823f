/* SPDX-License-Identifier: BSD-2-Clause */
/*
   csr_join.c - two CSR blocks of the same rows side by side, [D | O] (reference; twin: cuda/csr_join.cu; the row
   helper ts_join_row() is shared): PCTRIAMG's view of one rank's rows across ranks, the diagonal block's columns
   first and the off-diagonal block's after them.
*/
#include "trisplit_kernels.h"

void ts_ref_csr_join(ts_int n, const ts_int *di, const ts_int *dj, const double *dv, const ts_int *oi, const ts_int *oj, const double *ov, ts_int shift, ts_int *ci, ts_int *cj, double *cv)
{
  for (ts_int i = 0; i < n; i++) {
    if (cj) ci[i] = di[i] + oi[i];
    ts_join_row(i, di, dj, dv, oi, oj, ov, shift, cj, cv);
  }
  if (cj) ci[n] = di[n] + oi[n];
}
