/* SPDX-License-Identifier: BSD-2-Clause */
/*
   bgtsv.c - reference factorization and solves of 2x2 block tridiagonal chains (the oracle of the
   block RPTS kernel, and the host solver of the block ALGTRI variant).

   The block twin of gtsv.c: sequential block elimination with block row interchanges, stored as
   gtsv.c stores the scalar factor (a multiplier, U with two block superdiagonals and one pivot
   bit per step), the pivot decision being the block RPTS rule of docs/algorithms.md 2.3.

   Elimination step i = 0..nb-2 eliminates block column i between
     the accumulated block row  p = (P0, P1)          in block columns i, i+1, and
     the current block row      r = (A_j, B_j, C_j)   in block columns i, i+1, i+2 (j = i+1).
   Keep p as pivot block row iff |det(m_p A_j)| <= |det(m_c P0)|, with the diagonal row scales
     TS_PIVOTING_NONE     m_p = m_c = 0                          (always p: block Thomas),
     TS_PIVOTING_PARTIAL  m_p = m_c = I,
     TS_PIVOTING_SCALED   (m_p)_kk = max-abs of scalar row k of (P0, P1), (m_c)_kk of (A_j, B_j, C_j),
   i.e. |det A_j| m_p00 m_p11 <= |det P0| m_c00 m_c11 (products, not quotients, as in gtsv.c: m = 0
   needs no special case). Ties keep p. Inside a block row nothing is interchanged.

   The multipliers act from the left (docs/algorithms.md 2.3, "block multiplier order"):
     p pivots:  L_i = A_j P0^-1,  U row i = (P0, P1, 0),       p <- (B_j - L_i P1, C_j)
     r pivots:  L_i = P0 A_j^-1,  U row i = (A_j, B_j, C_j),   p <- (P1 - L_i B_j, -L_i C_j)
   so that  P_{nb-2} L_{nb-2} ... P_0 L_0 T = U,  L_i the unit block elimination of block column i.
   2x2 inverses are adjugate / det: a block is singular iff its det is exactly zero.

   Factor buffer layout (ts_ref_bgttrf_size(nb) = 16 nb doubles + nb bytes; must be double aligned),
   every block column major as the bands (ts_ref_bgttrf's comment in trisplit_kernels.h):
     l [0  ,  4nb)  multiplier block of step i (block nb-1 zero)
     u0[4nb,  8nb)  U(i,i), the pivot blocks
     u1[8nb, 12nb)  U(i,i+1) (block nb-1 zero)
     u2[12nb,16nb)  U(i,i+2), fill-in of an interchange (blocks nb-2, nb-1 zero)
     piv (nb bytes after the doubles): piv[i] = 1 iff step i interchanged p and r (piv[nb-1] = 0)
*/
#include <math.h>
#include <string.h>
#include "gt_factor.h"

size_t ts_ref_bgttrf_size(ts_int nb) { return gt_size(nb, 4); }

/* ---- 2x2 blocks, column major: M[0] = M00, M[1] = M10, M[2] = M01, M[3] = M11 ---------------- */

static double b2_det(const double *M) { return M[0] * M[3] - M[2] * M[1]; }

static int b2_is_zero(const double *M) { return M[0] == 0.0 && M[1] == 0.0 && M[2] == 0.0 && M[3] == 0.0; }

static int b2_is_finite(const double *M) { return isfinite(M[0]) && isfinite(M[1]) && isfinite(M[2]) && isfinite(M[3]); }

/* max-abs of scalar row k of the blocks X, Y, Z of one block row */
static double b2_rowmax(int k, const double *X, const double *Y, const double *Z)
{
  return fmax(fmax(fmax(fabs(X[k]), fabs(X[k + 2])), fmax(fabs(Y[k]), fabs(Y[k + 2]))), fmax(fabs(Z[k]), fabs(Z[k + 2])));
}

/* C = s (A B), s = +1 or -1; C may not alias A or B */
static void b2_mul(double s, const double *A, const double *B, double *C)
{
  C[0] = s * (A[0] * B[0] + A[2] * B[1]);
  C[1] = s * (A[1] * B[0] + A[3] * B[1]);
  C[2] = s * (A[0] * B[2] + A[2] * B[3]);
  C[3] = s * (A[1] * B[2] + A[3] * B[3]);
}

/* C = D - A B */
static void b2_sub_mul(const double *D, const double *A, const double *B, double *C)
{
  double AB[4];
  b2_mul(1.0, A, B, AB);
  for (int k = 0; k < 4; k++) C[k] = D[k] - AB[k];
}

/* L = A P^-1 (det P != 0) */
static void b2_right_divide(const double *A, const double *P, double *L)
{
  const double det = b2_det(P), Pinv[4] = {P[3] / det, -P[1] / det, -P[2] / det, P[0] / det};
  b2_mul(1.0, A, Pinv, L);
}

/* y -= M x (trans: M^T x) for 2-vectors */
static void b2_gemv_sub(int trans, const double *M, const double *x, double *y)
{
  const double x0 = x[0], x1 = x[1];
  y[0] -= (trans ? M[1] : M[2]) * x1 + M[0] * x0;
  y[1] -= (trans ? M[2] : M[1]) * x0 + M[3] * x1;
}

/* the 2-vectors x and y trade places (a block row interchange) */
static void b2_swap(double *x, double *y)
{
  const double t0 = x[0], t1 = x[1];
  x[0] = y[0];
  x[1] = y[1];
  y[0] = t0;
  y[1] = t1;
}

/* y = M^-1 y (trans: M^-T y), Cramer's rule */
static void b2_solve(int trans, const double *M, double *y)
{
  const double det = b2_det(M), m01 = trans ? M[1] : M[2], m10 = trans ? M[2] : M[1];
  const double y0 = y[0], y1 = y[1];
  y[0] = (M[3] * y0 - m01 * y1) / det;
  y[1] = (M[0] * y1 - m10 * y0) / det;
}

ts_status ts_ref_bgttrf(ts_pivoting pivoting, ts_int nb, const double *a, const double *b, const double *c, void *factor, ts_int *zero_row)
{
  gt_factor f;
  ts_int     i, first_zero = -1;
  double     P0[4], P1[4], T[4];

  if (zero_row) *zero_row = -1;
  if (nb < 0 || (pivoting != TS_PIVOTING_NONE && pivoting != TS_PIVOTING_PARTIAL && pivoting != TS_PIVOTING_SCALED)) return TS_ERR_ARGUMENT;
  if (nb == 0) return TS_SUCCESS;
  /* Only the blocks that are part of the matrix are read: a's block 0 and c's block nb-1 are not. */
  for (i = 0; i < nb; i++)
    if (!b2_is_finite(b + 4 * i) || (i > 0 && !b2_is_finite(a + 4 * i)) || (i < nb - 1 && !b2_is_finite(c + 4 * i))) return TS_ERR_NONFINITE;

  f = gt_view(nb, 4, factor);
  memcpy(P0, b, sizeof(P0));
  if (nb > 1) memcpy(P1, c, sizeof(P1));
  else memset(P1, 0, sizeof(P1));
  for (i = 0; i < nb - 1; i++) {
    const ts_int  j  = i + 1;
    const double *Aj = a + 4 * j, *Bj = b + 4 * j, *Cj = j < nb - 1 ? c + 4 * j : NULL;
    const double  zero[4] = {0.0, 0.0, 0.0, 0.0};
    double        mp = 0.0, mc = 0.0, *L = f.l + 4 * i, *U0 = f.u0 + 4 * i, *U1 = f.u1 + 4 * i, *U2 = f.u2 + 4 * i;

    if (!Cj) Cj = zero;
    if (pivoting == TS_PIVOTING_PARTIAL) mp = mc = 1.0;
    else if (pivoting == TS_PIVOTING_SCALED) {
      /* det of a diagonal row scale = product of its two entries; p has no spike here */
      mp = b2_rowmax(0, P0, P1, zero) * b2_rowmax(1, P0, P1, zero);
      mc = b2_rowmax(0, Aj, Bj, Cj) * b2_rowmax(1, Aj, Bj, Cj);
    }
    if (fabs(b2_det(Aj)) * mp <= fabs(b2_det(P0)) * mc) {
      /* p stays the pivot block row. */
      const int singular = b2_det(P0) == 0.0;
      if (singular && first_zero < 0) first_zero = i;
      if (singular && !b2_is_zero(Aj)) {
        /* Nothing can eliminate A_j: the factor is unusable (as in gtsv.c). */
        if (zero_row) *zero_row = first_zero;
        return TS_ERR_ZERO_PIVOT;
      }
      if (singular) memset(L, 0, 4 * sizeof(double)); /* A_j = 0: nothing to eliminate */
      else b2_right_divide(Aj, P0, L);
      memcpy(U0, P0, sizeof(P0));
      memcpy(U1, P1, sizeof(P1));
      memset(U2, 0, 4 * sizeof(double));
      f.piv[i] = 0;
      b2_sub_mul(Bj, L, P1, P0);
      memcpy(P1, Cj, sizeof(P1));
    } else {
      /* r becomes the pivot block row (det A_j != 0 here). */
      b2_right_divide(P0, Aj, L);
      memcpy(U0, Aj, sizeof(P0));
      memcpy(U1, Bj, sizeof(P1));
      memcpy(U2, Cj, sizeof(P1));
      f.piv[i] = 1;
      b2_sub_mul(P1, L, Bj, P0);
      b2_mul(-1.0, L, Cj, T);
      memcpy(P1, T, sizeof(P1));
    }
  }
  /* The last accumulated block row is U's last; its P1 is zero (c's block nb-1 is not part of T). */
  memset(f.l + 4 * (nb - 1), 0, 4 * sizeof(double));
  memcpy(f.u0 + 4 * (nb - 1), P0, sizeof(P0));
  memset(f.u1 + 4 * (nb - 1), 0, 4 * sizeof(double));
  memset(f.u2 + 4 * (nb - 1), 0, 4 * sizeof(double));
  f.piv[nb - 1] = 0;
  if (b2_det(P0) == 0.0 && first_zero < 0) first_zero = nb - 1;
  if (first_zero >= 0) {
    if (zero_row) *zero_row = first_zero;
    return TS_ERR_ZERO_PIVOT;
  }
  return TS_SUCCESS;
}

void ts_ref_bgttrs(ts_int nb, ts_int nrhs, const void *factor, double *x, ts_int ldx)
{
  gt_factor f;
  ts_int     i, k;

  if (nb <= 0 || nrhs <= 0) return;
  f = gt_view(nb, 4, factor);
  for (k = 0; k < nrhs; k++) {
    double *y = x + (size_t)k * (size_t)ldx;
    /* L: replay the block eliminations (and interchanges) on the right-hand side. */
    for (i = 0; i < nb - 1; i++) {
      double *yi = y + 2 * i, *yj = yi + 2;
      if (f.piv[i]) b2_swap(yi, yj);
      b2_gemv_sub(0, f.l + 4 * i, yi, yj);
    }
    /* U: block back substitution with two block superdiagonals (zero past the end). */
    for (i = nb - 1; i >= 0; i--) {
      double *yi = y + 2 * i;
      if (i + 1 < nb) b2_gemv_sub(0, f.u1 + 4 * i, yi + 2, yi);
      if (i + 2 < nb) b2_gemv_sub(0, f.u2 + 4 * i, yi + 4, yi);
      b2_solve(0, f.u0 + 4 * i, yi);
    }
  }
}

void ts_ref_bgttrs_transpose(ts_int nb, ts_int nrhs, const void *factor, double *x, ts_int ldx)
{
  gt_factor f;
  ts_int     i, k;

  if (nb <= 0 || nrhs <= 0) return;
  f = gt_view(nb, 4, factor);
  for (k = 0; k < nrhs; k++) {
    double *y = x + (size_t)k * (size_t)ldx;
    /* T^T = U^T (P_{nb-2} L_{nb-2} ... P_0 L_0)^{-T}: first U^T z = y, forward ... */
    for (i = 0; i < nb; i++) {
      double *yi = y + 2 * i;
      if (i >= 1) b2_gemv_sub(1, f.u1 + 4 * (i - 1), yi - 2, yi);
      if (i >= 2) b2_gemv_sub(1, f.u2 + 4 * (i - 2), yi - 4, yi);
      b2_solve(1, f.u0 + 4 * i, yi);
    }
    /* ... then the transposed eliminations in reverse order: L_i^T, then the interchange. */
    for (i = nb - 2; i >= 0; i--) {
      double *yi = y + 2 * i, *yj = yi + 2;
      b2_gemv_sub(1, f.l + 4 * i, yj, yi);
      if (f.piv[i]) b2_swap(yi, yj);
    }
  }
}

ts_status ts_ref_bgtsv(ts_pivoting pivoting, ts_int nb, ts_int nrhs, const double *a, const double *b, const double *c, double *x, ts_int ldx, void *work, ts_int *zero_row)
{
  ts_status st;

  if (zero_row) *zero_row = -1;
  if (nb < 0 || nrhs < 0 || ldx < (nb > 0 ? 2 * nb : 1)) return TS_ERR_ARGUMENT;
  st = ts_ref_bgttrf(pivoting, nb, a, b, c, work, zero_row);
  if (st != TS_SUCCESS) return st; /* x is left untouched on failure */
  ts_ref_bgttrs(nb, nrhs, work, x, ldx);
  return TS_SUCCESS;
}
