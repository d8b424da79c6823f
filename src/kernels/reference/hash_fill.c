/* SPDX-License-Identifier: BSD-2-Clause */
/*
   hash_fill.c - a reproducible start vector from the charges' hash (reference; twin: cuda/hash_fill.cu):
   PCTRIAMG's power method starts from it on the host and the device alike.
*/
#include "trisplit_kernels.h"

void ts_ref_hash_fill(ts_int n, ts_int offset, double *x)
{
  for (ts_int i = 0; i < n; i++) x[i] = (double)ts_hash32((uint32_t)(offset + i)) * 0x1p-32;
}
