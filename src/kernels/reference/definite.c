/* SPDX-License-Identifier: BSD-2-Clause */
/* The cut of a symmetric tridiagonal chain where it stops being positive definite (trisplit_kernels.h,
   "Definite paths"): nothing where a row refuses it or where every stretch is positive definite, else the stretches of judged links one after the other,
   each by ts_definite_stretch(), the function its CUDA twin (src/kernels/cuda/definite.cu) runs per stretch. */
#include <math.h>
#include "trisplit_kernels.h"

ts_int ts_ref_definite_paths(ts_int n, double eps, double *a, const double *b, double *c)
{
  ts_int cut = 0, s = 0, stretch;
  int    dominant = 1;

  for (ts_int i = 0; i < n; i++) {
    if (ts_definite_refuses(i, a, b, c)) return 0; /* not from a symmetric positive definite matrix */
    dominant = dominant && ts_definite_dominant(i, a, b, c);
  }
  if (dominant) return 0; /* every stretch positive definite: the factor is left as it is */

  /* a stretch ends at a link that is not judged, which the cut leaves as it is: the next stretch starts there */
  for (ts_int t = 0, indefinite = 0;; t++) {
    if (t == n) {
      if (!indefinite) return 0; /* a positive definite factor is left as it is */
      break;
    }
    if ((t == 0 || !ts_definite_link(t, a, b, c)) && !ts_definite_stretch_positive(n, t, a, b, c)) indefinite = 1;
  }
  while (s < n) {
    s = ts_definite_stretch(n, s, eps, a, b, c, &stretch);
    cut += stretch;
  }
  return cut;
}
