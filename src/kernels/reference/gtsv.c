/* SPDX-License-Identifier: BSD-2-Clause */
/*
   gtsv.c - reference tridiagonal factorization and solves (the oracle of the RPTS kernels).

   Sequential Gaussian elimination of the chain (a,b,c) with row interchanges, stored as LAPACK's
   dgttrf stores it, but the pivot decision is the RPTS rule of docs/algorithms.md 2.3, so that
   this code can be compared with the partitioned CUDA solver step by step.

   Elimination step i = 0..n-2 eliminates column i between
     the accumulated row  p = (p0, p1)          in columns i, i+1 (row 0 at i = 0), and
     the current row      r = (a_j, b_j, c_j)   in columns i, i+1, i+2 (j = i+1).
   Keep p as pivot row iff |a_j| * m_p <= |p0| * m_c, with
     TS_PIVOTING_NONE     m_p = m_c = 0                      (always p: Thomas),
     TS_PIVOTING_PARTIAL  m_p = m_c = 1                      (LAPACK dgttrf's rule),
     TS_PIVOTING_SCALED   m_p = max(|p0|,|p1|), m_c = max(|a_j|,|b_j|,|c_j|)
   (each candidate scaled by the max-abs of its own row; the accumulated row has no spike here, so
   "all its entries" are p0 and p1). Ties keep p, as in LAPACK and in the CUDA kernels. The products
   are formed as written (not the quotients) so that m = 0 needs no special case; the price is that
   entries beyond ~1e154 may overflow the comparison, which then keeps p (Inf <= Inf).

   Factor buffer layout (ts_ref_gttrf_size(n) = 4n doubles + n bytes; must be double aligned):
     l [0 ,  n)  multiplier of step i (l[n-1] unused, 0)                       (LAPACK dl)
     u0[n , 2n)  U(i,i), the pivots                                              (LAPACK d)
     u1[2n, 3n)  U(i,i+1) (u1[n-1] = 0)                                          (LAPACK du)
     u2[3n, 4n)  U(i,i+2), fill-in of an interchange (u2[n-2..n-1] = 0)          (LAPACK du2)
     piv (n bytes after the doubles): piv[i] = 1 iff step i interchanged p and r (piv[n-1] = 0)
   so  P_{n-2} L_{n-2} ... P_0 L_0 T = U  with L_i the unit elimination of column i by l[i].
*/
#include <math.h>
#include <string.h>
#include "gt_factor.h"

size_t ts_ref_gttrf_size(ts_int n) { return gt_size(n, 1); }

static double max2(double x, double y) { return x >= y ? x : y; }

ts_status ts_ref_gttrf(ts_pivoting pivoting, ts_int n, const double *a, const double *b, const double *c, void *factor, ts_int *zero_row)
{
  gt_factor f;
  ts_int    i, first_zero = -1;
  double    p0, p1;

  if (zero_row) *zero_row = -1;
  if (n < 0 || (pivoting != TS_PIVOTING_NONE && pivoting != TS_PIVOTING_PARTIAL && pivoting != TS_PIVOTING_SCALED)) return TS_ERR_ARGUMENT;
  if (n == 0) return TS_SUCCESS;
  /* Only the entries that are part of the matrix are read: a[0] and c[n-1] are not. */
  for (i = 0; i < n; i++)
    if (!isfinite(b[i]) || (i > 0 && !isfinite(a[i])) || (i < n - 1 && !isfinite(c[i]))) return TS_ERR_NONFINITE;

  f  = gt_view(n, 1, factor);
  p0 = b[0];
  p1 = n > 1 ? c[0] : 0.0;
  for (i = 0; i < n - 1; i++) {
    const ts_int j  = i + 1;
    const double aj = a[j], bj = b[j], cj = j < n - 1 ? c[j] : 0.0;
    double       mp = 0.0, mc = 0.0, l;

    if (pivoting == TS_PIVOTING_PARTIAL) mp = mc = 1.0;
    else if (pivoting == TS_PIVOTING_SCALED) {
      mp = max2(fabs(p0), fabs(p1));
      mc = max2(fabs(aj), max2(fabs(bj), fabs(cj)));
    }
    if (fabs(aj) * mp <= fabs(p0) * mc) {
      /* p stays the pivot row: U row i = (p0, p1, 0), r -= l p. */
      if (p0 == 0.0 && first_zero < 0) first_zero = i;
      if (p0 == 0.0 && aj != 0.0) {
        /* Nothing can eliminate a_j (no pivoting, or scaled with an all-zero accumulated row,
           which makes T singular anyway): stop, the factor is unusable. */
        if (zero_row) *zero_row = first_zero;
        return TS_ERR_ZERO_PIVOT;
      }
      l         = aj == 0.0 ? 0.0 : aj / p0; /* aj == 0: nothing to eliminate, not even 0/0 */
      f.l[i]    = l;
      f.u0[i]   = p0;
      f.u1[i]   = p1;
      f.u2[i]   = 0.0;
      f.piv[i]  = 0;
      p0        = bj - l * p1;
      p1        = cj;
    } else {
      /* r becomes the pivot row (aj != 0 here): U row i = (a_j, b_j, c_j), p -= l r. */
      l         = p0 / aj;
      f.l[i]    = l;
      f.u0[i]   = aj;
      f.u1[i]   = bj;
      f.u2[i]   = cj;
      f.piv[i]  = 1;
      p0        = p1 - l * bj;
      p1        = -l * cj;
    }
  }
  /* The last accumulated row is U's last row; p1 is 0 there (c[n-1] is not part of T). */
  f.l[n - 1]   = 0.0;
  f.u0[n - 1]  = p0;
  f.u1[n - 1]  = 0.0;
  f.u2[n - 1]  = 0.0;
  f.piv[n - 1] = 0;
  if (p0 == 0.0 && first_zero < 0) first_zero = n - 1;
  if (first_zero >= 0) {
    if (zero_row) *zero_row = first_zero;
    return TS_ERR_ZERO_PIVOT;
  }
  return TS_SUCCESS;
}

void ts_ref_gttrs(ts_int n, ts_int nrhs, const void *factor, double *x, ts_int ldx)
{
  gt_factor f;
  ts_int    i, k, k0, kb;

  if (n <= 0 || nrhs <= 0) return;
  f = gt_view(n, 1, factor);
  /* Columns in groups of four, rows outer: the factor is read once per group (as RPTS does on the
     device); every column sees the same operations in the same order as alone. */
  for (k0 = 0; k0 < nrhs; k0 += 4) {
    double *y[4];
    kb = nrhs - k0 < 4 ? nrhs - k0 : 4;
    for (k = 0; k < kb; k++) y[k] = x + (size_t)(k0 + k) * (size_t)ldx;
    /* L: replay the eliminations (and interchanges) on the right-hand sides. */
    for (i = 0; i < n - 1; i++) {
      if (f.piv[i]) {
        for (k = 0; k < kb; k++) {
          const double t = y[k][i];
          y[k][i]        = y[k][i + 1];
          y[k][i + 1]    = t - f.l[i] * y[k][i];
        }
      } else
        for (k = 0; k < kb; k++) y[k][i + 1] -= f.l[i] * y[k][i];
    }
    /* U: back substitution with up to two superdiagonals (u1, u2 are 0 past the end). */
    for (k = 0; k < kb; k++) {
      y[k][n - 1] /= f.u0[n - 1];
      if (n > 1) y[k][n - 2] = (y[k][n - 2] - f.u1[n - 2] * y[k][n - 1]) / f.u0[n - 2];
    }
    for (i = n - 3; i >= 0; i--)
      for (k = 0; k < kb; k++) y[k][i] = (y[k][i] - f.u1[i] * y[k][i + 1] - f.u2[i] * y[k][i + 2]) / f.u0[i];
  }
}

void ts_ref_gttrs_transpose(ts_int n, ts_int nrhs, const void *factor, double *x, ts_int ldx)
{
  gt_factor f;
  ts_int    i, k;

  if (n <= 0 || nrhs <= 0) return;
  f = gt_view(n, 1, factor);
  for (k = 0; k < nrhs; k++) {
    double *y = x + (size_t)k * (size_t)ldx;
    /* T^T = U^T (P_{n-2} L_{n-2} ... P_0 L_0)^{-T}: first U^T z = y, forward ... */
    y[0] /= f.u0[0];
    if (n > 1) y[1] = (y[1] - f.u1[0] * y[0]) / f.u0[1];
    for (i = 2; i < n; i++) y[i] = (y[i] - f.u1[i - 1] * y[i - 1] - f.u2[i - 2] * y[i - 2]) / f.u0[i];
    /* ... then the transposed eliminations in reverse order. */
    for (i = n - 2; i >= 0; i--) {
      if (f.piv[i]) {
        const double t = y[i + 1];
        y[i + 1]       = y[i] - f.l[i] * t;
        y[i]           = t;
      } else y[i] -= f.l[i] * y[i + 1];
    }
  }
}

ts_status ts_ref_gtsv(ts_pivoting pivoting, ts_int n, ts_int nrhs, const double *a, const double *b, const double *c, double *x, ts_int ldx, void *work, ts_int *zero_row)
{
  ts_status st;

  if (zero_row) *zero_row = -1;
  if (n < 0 || nrhs < 0 || ldx < (n > 1 ? n : 1)) return TS_ERR_ARGUMENT;
  st = ts_ref_gttrf(pivoting, n, a, b, c, work, zero_row);
  if (st != TS_SUCCESS) return st; /* x is left untouched on failure */
  ts_ref_gttrs(n, nrhs, work, x, ldx);
  return TS_SUCCESS;
}
