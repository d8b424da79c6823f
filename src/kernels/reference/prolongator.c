/* SPDX-License-Identifier: BSD-2-Clause */
/*
   prolongator.c - PCTRIAMG's smoothed prolongator P = (I - omega D^-1 A) P0, row by row (reference;
   twin: cuda/prolongator.cu; the row helpers are shared, trisplit_kernels.h).
*/
#include "trisplit_kernels.h"

ts_status ts_ref_prolongator(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *agg, int smooth, double rho, double theta, ts_int *prow, ts_int *pcol, double *pval, double *omega)
{
  double w;

  if (n < 0 || rho < 0) return TS_ERR_ARGUMENT;
  if (!smooth) rho = 0.0;
  else if (rho == 0.0)
    for (ts_int i = 0; i < n; i++) {
      double r = ts_prolongator_ratio(rowptr, col, val, i);

      if (r > rho) rho = r;
    }
  w       = ts_prolongator_omega(rho);
  *omega  = w;
  prow[0] = 0; /* one pass: the caller's arrays hold the bound (trisplit_kernels.h), the device counts first */
  for (ts_int i = 0; i < n; i++) prow[i + 1] = prow[i] + ts_prolongator_row(rowptr, col, val, agg, i, w, theta, pcol + prow[i], pval + prow[i]);
  return TS_SUCCESS;
}
