/* Vector permutations between the original and the forest order. Ghost slots (perm[k] < 0, the
   unmatched vertices' partners of the block forest) read as 0 and are never written back. */
#include "trisplit_kernels.h"

void ts_ref_gather(ts_int n, const ts_int *perm, const double *x, double *y)
{
  for (ts_int k = 0; k < n; k++) y[k] = perm[k] >= 0 ? x[perm[k]] : 0.0;
}

void ts_ref_scatter(ts_int n, const ts_int *perm, const double *y, double *x)
{
  for (ts_int k = 0; k < n; k++)
    if (perm[k] >= 0) x[perm[k]] = y[k];
}

void ts_ref_gather_scaled(ts_int n, const ts_int *perm, const double *s, const double *x, double *y)
{
  for (ts_int k = 0; k < n; k++) y[k] = s[perm[k]] * x[perm[k]];
}
