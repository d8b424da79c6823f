/* SPDX-License-Identifier: BSD-2-Clause */
/* Forward relative error ||x - xt||_2 / ||xt||_2 in long double, NaN where x is not finite: the accuracy
   measure of the RPTS tests (test_rpts.cu, on the GPU, and acc_sim.cu, its host simulation, which must
   print the same digits). */
#ifndef TRISPLIT_TESTS_KERNELS_FRE_H
#define TRISPLIT_TESTS_KERNELS_FRE_H

#include <cmath>

static inline double fre(int n, const double *x, const double *xt)
{
  long double num = 0, den = 0;
  for (int i = 0; i < n; ++i) {
    if (!std::isfinite(x[i])) return NAN;
    const long double d = (long double)x[i] - xt[i];
    num += d * d;
    den += (long double)xt[i] * xt[i];
  }
  return den > 0 ? (double)sqrtl(num / den) : (double)sqrtl(num);
}

#endif
