/* SPDX-License-Identifier: BSD-2-Clause */
/*
   block_check.cuh - the pivot decisions of ts_ref_bgttrf (src/kernels/reference/bgtsv.c) on one
   segment of a 2x2 block chain, for the device check of a block factor (block_check.cu) and its host
   simulation (tests/kernels/block_check_test.cu without --device).

   Segments. Where a sub-diagonal block A_j is zero, the host's step j - 1 keeps the accumulated row
   as pivot (|det A_j| m_p = 0 <= |det P0| m_c), its multiplier is zero, and the accumulated row becomes
   (B_j, C_j): the elimination starts afresh at j, as it does at block 0. So the chain splits into
   segments at every zero A_j (the path boundaries of a block forest among them), each eliminated on
   its own: the host's first zero pivot is the smallest over the segments of the first zero pivot
   within a segment, and a segment's last accumulated pivot block is checked as the host checks it at
   the boundary (or at the end). The decisions are the host's only: the factor is not stored (the block
   RPTS solve recomputes its own). Equal to the host's unless an inverse pivot block overflows.

   Arithmetic as the host's (-ffp-contract=off): every product goes through mul_rn, every sum through
   add_rn/sub_rn, divisions are IEEE.
*/
#ifndef TS_BLOCK_CHECK_CUH
#define TS_BLOCK_CHECK_CUH

#include <math.h>
#include "mosa_common.cuh"

namespace ts_block {

using ts_mosa::add_rn;
using ts_mosa::mul_rn;
using ts_mosa::sub_rn;

#define TS_BLOCK_HD TS_MOSA_HD

/* 2x2 blocks column major: M[0] = M00, M[1] = M10, M[2] = M01, M[3] = M11 (the host's b2_*) */
TS_BLOCK_HD double det2(const double *M) { return sub_rn(mul_rn(M[0], M[3]), mul_rn(M[2], M[1])); }

TS_BLOCK_HD bool is_zero2(const double *M) { return M[0] == 0.0 && M[1] == 0.0 && M[2] == 0.0 && M[3] == 0.0; }

TS_BLOCK_HD bool is_finite2(const double *M) { return isfinite(M[0]) && isfinite(M[1]) && isfinite(M[2]) && isfinite(M[3]); }

TS_BLOCK_HD double rowmax2(int k, const double *X, const double *Y, const double *Z)
{
  return fmax(fmax(fmax(fabs(X[k]), fabs(X[k + 2])), fmax(fabs(Y[k]), fabs(Y[k + 2]))), fmax(fabs(Z[k]), fabs(Z[k + 2])));
}

/* C = s (A B), s = +1 or -1 */
TS_BLOCK_HD void mul2(double s, const double *A, const double *B, double *C)
{
  C[0] = mul_rn(s, add_rn(mul_rn(A[0], B[0]), mul_rn(A[2], B[1])));
  C[1] = mul_rn(s, add_rn(mul_rn(A[1], B[0]), mul_rn(A[3], B[1])));
  C[2] = mul_rn(s, add_rn(mul_rn(A[0], B[2]), mul_rn(A[2], B[3])));
  C[3] = mul_rn(s, add_rn(mul_rn(A[1], B[2]), mul_rn(A[3], B[3])));
}

/* C = D - A B */
TS_BLOCK_HD void sub_mul2(const double *D, const double *A, const double *B, double *C)
{
  double AB[4];
  mul2(1.0, A, B, AB);
  for (int k = 0; k < 4; k++) C[k] = sub_rn(D[k], AB[k]);
}

/* L = A P^-1 */
TS_BLOCK_HD void right_divide2(const double *A, const double *P, double *L)
{
  const double det = det2(P), Pinv[4] = {P[3] / det, -P[1] / det, -P[2] / det, P[0] / det};
  mul2(1.0, A, Pinv, L);
}

TS_BLOCK_HD void copy2(const double *X, double *Y)
{
  for (int k = 0; k < 4; k++) Y[k] = X[k];
}

/* The first zero pivot (block step) of the host's elimination within the segment of blocks [start,
   end), end the next segment's first block or nb; -1 when none. */
TS_BLOCK_HD ts_int segment_first_zero(ts_pivoting pivoting, ts_int nb, ts_int start, ts_int end, const double *a, const double *b, const double *c)
{
  const double zero[4] = {0.0, 0.0, 0.0, 0.0};
  double       P0[4], P1[4], L[4], T[4];

  copy2(b + 4 * start, P0);
  copy2(start < nb - 1 ? c + 4 * start : zero, P1);
  for (ts_int i = start; i + 1 < end; i++) {
    const ts_int  j  = i + 1;
    const double *Aj = a + 4 * j, *Bj = b + 4 * j, *Cj = j < nb - 1 ? c + 4 * j : zero;
    double        mp = 0.0, mc = 0.0;

    if (pivoting == TS_PIVOTING_PARTIAL) mp = mc = 1.0;
    else if (pivoting == TS_PIVOTING_SCALED) {
      mp = mul_rn(rowmax2(0, P0, P1, zero), rowmax2(1, P0, P1, zero));
      mc = mul_rn(rowmax2(0, Aj, Bj, Cj), rowmax2(1, Aj, Bj, Cj));
    }
    if (mul_rn(fabs(det2(Aj)), mp) <= mul_rn(fabs(det2(P0)), mc)) {
      if (det2(P0) == 0.0) return i; /* A_j is not zero inside a segment: the host stops here */
      right_divide2(Aj, P0, L);
      sub_mul2(Bj, L, P1, T);
      copy2(T, P0);
      copy2(Cj, P1);
    } else {
      right_divide2(P0, Aj, L);
      sub_mul2(P1, L, Bj, P0);
      mul2(-1.0, L, Cj, T);
      copy2(T, P1);
    }
  }
  return det2(P0) == 0.0 ? end - 1 : -1; /* the host's check at the boundary step, or at the end */
}

/* whether block i starts a segment */
TS_BLOCK_HD bool segment_start(ts_int i, const double *a) { return i == 0 || is_zero2(a + 4 * i); }

/* whether the blocks of block row i that belong to the chain are finite (a's block 0 and c's block
   nb - 1 are not read, as on the host) */
TS_BLOCK_HD bool row_finite(ts_int nb, ts_int i, const double *a, const double *b, const double *c)
{
  return is_finite2(b + 4 * i) && (i == 0 || is_finite2(a + 4 * i)) && (i == nb - 1 || is_finite2(c + 4 * i));
}

} /* namespace ts_block */

#endif
