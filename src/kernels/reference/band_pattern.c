/* SPDX-License-Identifier: BSD-2-Clause */
/* Whether a CSR pattern fits a band (the rpts solver's check of a tridiagonal pattern); the CUDA twin is
   src/kernels/cuda/band_pattern.cu. */
#include "trisplit_kernels.h"

ts_int ts_ref_csr_outside_band(ts_int n, const ts_int *rowptr, const ts_int *col, ts_int width)
{
  for (ts_int i = 0; i < n; i++)
    for (ts_int e = rowptr[i]; e < rowptr[i + 1]; e++)
      if (col[e] < i - width || col[e] > i + width) return i;
  return -1;
}
