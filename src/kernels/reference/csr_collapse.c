/* SPDX-License-Identifier: BSD-2-Clause */
/*
   csr_collapse.c - the node graph of a system with bs unknowns per node (reference; twin: cuda/csr_collapse.cu;
   the row helper ts_collapse_row() is shared): PCTRIAMG's nodal aggregates follow its forest.
*/
#include "trisplit_kernels.h"

void ts_ref_csr_collapse(ts_int nn, ts_int bs, const ts_int *rowptr, const ts_int *col, const double *val, ts_int *nrow, ts_int *ncol, double *nval)
{
  nrow[0] = 0;
  for (ts_int node = 0; node < nn; node++) nrow[node + 1] = nrow[node] + ts_collapse_row(rowptr, col, val, bs, node, NULL, NULL);
  for (ts_int node = 0; node < nn; node++) ts_collapse_row(rowptr, col, val, bs, node, ncol + nrow[node], nval + nrow[node]);
}
