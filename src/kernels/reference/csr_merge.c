/* SPDX-License-Identifier: BSD-2-Clause */
/*
   csr_merge.c - rows of a CSR matrix with columns renamed and extra entries added (reference; twin:
   cuda/csr_merge.cu; the row helpers ts_merge_row_length() and ts_merge_row() are shared): a rank's coarse rows of
   PCTRIAMG's distributed Galerkin product, its own product's and those other ranks sent, in the final numbering.
*/
#include "trisplit_kernels.h"

void ts_ref_csr_merge_count(ts_int m, const ts_int *rowptr, const ts_int *col, ts_int nd, const ts_int *map, ts_int ne, const ts_int *erow, const ts_int *ecol, ts_int *ci)
{
  ci[0] = 0;
  for (ts_int i = 0; i < m; i++) ci[i + 1] = ci[i] + ts_merge_row_length(i, rowptr, col, nd, map, ne, erow, ecol);
}

void ts_ref_csr_merge(ts_int m, const ts_int *rowptr, const ts_int *col, const double *val, ts_int nd, const ts_int *map, ts_int ne, const ts_int *erow, const ts_int *ecol, const double *eval, const ts_int *ci, ts_int *cj, double *cv)
{
  for (ts_int i = 0; i < m; i++) ts_merge_row(i, rowptr, col, val, nd, map, ne, erow, ecol, eval, ci, cj, cv);
}
