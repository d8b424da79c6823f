/* SPDX-License-Identifier: BSD-2-Clause */
/*
   csr_split.c - the first rows of a CSR matrix split at a column (reference; twin: cuda/csr_split.cu; the row
   helper ts_split_row() is shared): PCTRIAMG's distributed levels, whose rows hold this rank's columns first,
   become their diagonal and off-diagonal blocks.
*/
#include "trisplit_kernels.h"

void ts_ref_csr_split_count(ts_int m, const ts_int *rowptr, const ts_int *col, ts_int nd, ts_int *di)
{
  di[0] = 0;
  for (ts_int i = 0; i < m; i++) {
    ts_int c = 0;

    for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++) c += col[k] < nd;
    di[i + 1] = di[i] + c;
  }
}

void ts_ref_csr_split(ts_int m, const ts_int *rowptr, const ts_int *col, const double *val, ts_int nd, const ts_int *di, ts_int *dj, double *dv, ts_int *oi, ts_int *oj, double *ov)
{
  for (ts_int i = 0; i < m; i++) {
    if (oi) oi[i] = rowptr[i] - di[i];
    ts_split_row(i, rowptr, col, val, nd, di, dj, dv, oj, ov);
  }
  if (oi) oi[m] = rowptr[m] - di[m];
}
