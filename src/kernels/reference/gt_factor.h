/* SPDX-License-Identifier: BSD-2-Clause */
/*
   gt_factor.h - layout of the (block) tridiagonal factors of gtsv.c and bgtsv.c (internal to the
   reference kernels): multipliers l, U's diagonal u0 and two superdiagonals u1, u2, each n entries
   of bs doubles (bs = 1 for scalars, 4 for 2x2 blocks), then n pivot bytes.
*/
#ifndef TS_GT_FACTOR_H
#define TS_GT_FACTOR_H

#include <stddef.h>
#include "trisplit_kernels.h"

typedef struct {
  double        *l, *u0, *u1, *u2;
  unsigned char *piv;
} gt_factor;

/* Pointers into the caller's buffer, same layout for const and non-const users. */
static inline gt_factor gt_view(ts_int n, size_t bs, const void *buf)
{
  gt_factor f;
  double   *d = (double *)buf;
  f.l   = d;
  f.u0  = d + bs * (size_t)n;
  f.u1  = d + 2 * bs * (size_t)n;
  f.u2  = d + 3 * bs * (size_t)n;
  f.piv = (unsigned char *)(d + 4 * bs * (size_t)n);
  return f;
}

static inline size_t gt_size(ts_int n, size_t bs) { return n <= 0 ? 0 : 4 * bs * (size_t)n * sizeof(double) + (size_t)n; }

#endif
