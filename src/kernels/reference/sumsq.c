/* SPDX-License-Identifier: BSD-2-Clause */
/*
   sumsq.c - the squared 2-norm of a vector, summed in order (reference; twin: cuda/sumsq.cu): the norms of
   PCTRIAMG's smoothers' estimate, queued level after level and read once.
*/
#include "trisplit_kernels.h"

void ts_ref_sumsq(ts_int n, const double *x, double *sum)
{
  double s = 0.0;

  for (ts_int i = 0; i < n; i++) s += x[i] * x[i];
  *sum = s;
}
