/* SPDX-License-Identifier: BSD-2-Clause */
/*
   csr_gather.c - chosen rows of a CSR matrix, packed (reference; twin: cuda/csr_gather.cu): the rows of PCTRIAMG's
   prolongator that other ranks need, and the rows of its product that belong to other ranks.
*/
#include "trisplit_kernels.h"

void ts_ref_csr_row_lengths(ts_int nr, const ts_int *rows, const ts_int *rowptr, ts_int *len)
{
  for (ts_int r = 0; r < nr; r++) len[r] = rowptr[rows[r] + 1] - rowptr[rows[r]];
}

void ts_ref_csr_gather(ts_int nr, const ts_int *rows, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *outptr, ts_int *outcol, double *outval)
{
  for (ts_int r = 0; r < nr; r++)
    for (ts_int k = rowptr[rows[r]], o = outptr[r]; k < rowptr[rows[r] + 1]; k++, o++) {
      outcol[o] = col[k];
      outval[o] = val[k];
    }
}
