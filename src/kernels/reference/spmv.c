/* SPDX-License-Identifier: BSD-2-Clause */
/*
   spmv.c - y = base + sign A x for a CSR matrix (reference; twin: cuda/spmv.cu): the products of PCTRIAMG's
   device-resident level operators, the oracle of their CUDA twin.
*/
#include "trisplit_kernels.h"

void ts_ref_csr_spmv(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const double *x, const double *base, double sign, double *y)
{
  for (ts_int i = 0; i < n; i++) {
    double s = 0.0;

    for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++) s += val[k] * x[col[k]];
    y[i] = (base ? base[i] : 0.0) + sign * s;
  }
}
