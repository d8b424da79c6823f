/* SPDX-License-Identifier: BSD-2-Clause */
/*
   csr_dense.c - a CSR matrix into a column-major dense array (reference; twin: cuda/csr_dense.cu): the
   coarsest level of PCTRIAMG for a dense LU.
*/
#include <string.h>
#include "trisplit_kernels.h"

void ts_ref_csr_to_dense(ts_int m, ts_int ncols, const ts_int *rowptr, const ts_int *col, const double *val, ts_int lda, double *dense)
{
  for (ts_int j = 0; j < ncols; j++) memset(dense + (size_t)j * lda, 0, (size_t)m * sizeof(double));
  for (ts_int i = 0; i < m; i++)
    for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++) dense[(size_t)col[k] * lda + i] = val[k];
}
