/* SPDX-License-Identifier: BSD-2-Clause */
/*
   diagp.cuh - diag and diagp_k of one CSR row, exactly as ts_ref_diagp (src/kernels/reference/diagp.c):
   the off-diagonal sum in column order with __dadd_rn, so that one thread per row rounds as the host.
   Shared by the scaling (diagp.cu), the weight graph's row scale (graph.cu) and the MOS-d diagonals
   (splitting.cu).
*/
#ifndef TS_DIAGP_CUH
#define TS_DIAGP_CUH

#include <math.h>
#include "trisplit_kernels.h"

namespace ts_forest {

/* diag and sum_{j != i} |A_ij| of row i */
__device__ __forceinline__ void row_diag_off(ts_int i, const ts_int *rowptr, const ts_int *col, const double *val, double &diag, double &off)
{
  diag = 0.0;
  off  = 0.0;
  for (ts_int e = rowptr[i]; e < rowptr[i + 1]; e++) {
    const double v = val[e];
    if (col[e] == i) diag = v;
    else off = __dadd_rn(off, fabs(v));
  }
}

__device__ __forceinline__ double diagp_value(int k, double diag, double off)
{
  const double unit = diag == 0.0 ? 1.0 : (diag > 0.0 ? 1.0 : -1.0);
  switch (k) {
  case 0:
    return diag;
  case 1:
    return unit * fmax(fabs(diag), off); /* multiplication by +-1 is exact */
  default:
    return unit * __dadd_rn(fabs(diag), off);
  }
}

} /* namespace ts_forest */

#endif
