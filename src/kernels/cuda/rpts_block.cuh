/* SPDX-License-Identifier: BSD-2-Clause */
/*
   rpts_block.cuh - block RPTS for 2x2 block tridiagonal chains (docs/algorithms.md 2.2-2.5 with n = 2),
   templated on the scalar type T and the pivoting mode PIV. The stage plan, the coarse sizes and the
   buffer layout are those of the scalar solver (rpts.cuh); what differs is the algebra of a partition:

   - The scalar reduction's division-free trick (p1 q - q1 p gives the same row whichever pivots) needs
     commuting entries. Blocks do not commute, so the reduction is Algorithm 1 as printed, with the pivot
     decision made during the reduction and left multipliers (docs/algorithms.md 2.3, "block multiplier
     order"): keep the previous block row iff |det(A_j)| mp0 mp1 <= |det(S1)| mc0 mc1 (row scales of
     the previous row, spike included, and of the current row; none: 0, partial: 1), then
       previous pivots:  new = -A_j S1^-1 prev + cur,     current pivots:  new = prev - S1 A_j^-1 cur.
   - The substitution solves the inner rows 1..m-2 of a partition with the interface values known, by
     the sequential block elimination of the host oracle (ts_ref_bgttrf: same rule, no spike), with the
     U rows kept in thread-local arrays (M is small). The final stage is the same elimination over the
     whole coarse chain by one thread.
   - One thread per partition and direction reads its rows straight from global memory: a block is 32
     bytes in double (one sector), so the loads waste no bandwidth without a shared-memory transpose.
     Block solves are bound by the latency of the 2x2 arithmetic (docs/algorithms.md 2.10), not by memory.
   2x2 inverses are adjugate / det (as in the oracle); a singular pivot block gives Inf/NaN, as a zero
   pivot does in the scalar kernel.

   Layout (ts_ref_bgttrf): bands of 4 T per block row, block column major; x column k at x + k ldx,
   block row i at x[2i], x[2i+1]. Coarse chains in the buffer use the same layout (ld 2 n_k).
   The partition routines are __host__ __device__: tests/kernels/host_sim_rpts.cu runs them on the host.
*/
#ifndef TS_RPTS_BLOCK_CUH
#define TS_RPTS_BLOCK_CUH

#include "rpts.cuh"

namespace ts_brpts {

using ts_rpts::i64;

constexpr int M_BLOCK = 14;  /* block rows per partition: even, so that inner parts of zero-diagonal chains are nonsingular */
constexpr int NF_BLOCK = 32; /* the final stage solves at most this many block rows with one thread */
constexpr int THREADS  = 128;

/* ---- 2x2 blocks (column major) and 2-vectors --------------------------------------------------- */

template <class T>
struct B2 {
  T m[4];
};
template <class T>
struct V2 {
  T v[2];
};

template <class T>
TS_HD B2<T> bload(const T *p)
{
  return {{p[0], p[1], p[2], p[3]}};
}
template <class T>
TS_HD V2<T> vload(const T *p)
{
  return {{p[0], p[1]}};
}
template <class T>
TS_HD void bstore(T *p, const B2<T> &A)
{
  for (int k = 0; k < 4; ++k) p[k] = A.m[k];
}
template <class T>
TS_HD void vstore(T *p, const V2<T> &x)
{
  p[0] = x.v[0];
  p[1] = x.v[1];
}
template <class T>
TS_HD B2<T> bzero()
{
  return {{T(0), T(0), T(0), T(0)}};
}
template <class T>
TS_HD V2<T> vzero()
{
  return {{T(0), T(0)}};
}
template <class T>
TS_HD T det(const B2<T> &A) { return A.m[0] * A.m[3] - A.m[2] * A.m[1]; }
template <class T>
TS_HD B2<T> mul(const B2<T> &A, const B2<T> &B)
{
  return {{A.m[0] * B.m[0] + A.m[2] * B.m[1], A.m[1] * B.m[0] + A.m[3] * B.m[1], A.m[0] * B.m[2] + A.m[2] * B.m[3], A.m[1] * B.m[2] + A.m[3] * B.m[3]}};
}
template <class T>
TS_HD V2<T> mul(const B2<T> &A, const V2<T> &x)
{
  return {{A.m[0] * x.v[0] + A.m[2] * x.v[1], A.m[1] * x.v[0] + A.m[3] * x.v[1]}};
}
template <class T>
TS_HD B2<T> add(const B2<T> &A, const B2<T> &B)
{
  return {{A.m[0] + B.m[0], A.m[1] + B.m[1], A.m[2] + B.m[2], A.m[3] + B.m[3]}};
}
template <class T>
TS_HD V2<T> add(const V2<T> &x, const V2<T> &y)
{
  return {{x.v[0] + y.v[0], x.v[1] + y.v[1]}};
}
template <class T>
TS_HD V2<T> sub(const V2<T> &x, const V2<T> &y)
{
  return {{x.v[0] - y.v[0], x.v[1] - y.v[1]}};
}
/* -A^-1 by the adjugate */
template <class T>
TS_HD B2<T> neg_inv(const B2<T> &A)
{
  const T r = T(-1) / det(A);
  return {{A.m[3] * r, -A.m[1] * r, -A.m[2] * r, A.m[0] * r}};
}
/* A^-1 x */
template <class T>
TS_HD V2<T> solve(const B2<T> &A, const V2<T> &x)
{
  const T r = T(1) / det(A);
  return {{(A.m[3] * x.v[0] - A.m[2] * x.v[1]) * r, (A.m[0] * x.v[1] - A.m[1] * x.v[0]) * r}};
}
/* max-abs of scalar row k of a block */
template <class T>
TS_HD T rowmax(const B2<T> &A, int k) { return ts_rpts::tmax(fabs(A.m[k]), fabs(A.m[k + 2])); }
/* det of the diagonal row scale of the block row (X, Y, Z): product of the two row max-abs */
template <class T>
TS_HD T scale_det(const B2<T> &X, const B2<T> &Y, const B2<T> &Z)
{
  using ts_rpts::tmax;
  return tmax(rowmax(X, 0), tmax(rowmax(Y, 0), rowmax(Z, 0))) * tmax(rowmax(X, 1), tmax(rowmax(Y, 1), rowmax(Z, 1)));
}

/* The block pivot rule: keep the previous row (pivot block P, row scale det sp) against the current
   row (pivot block A, row scale det sc) iff |det A| sp <= |det P| sc. */
template <int PIV, class T>
TS_HD bool keep_previous(const B2<T> &P, T sp, const B2<T> &A, T sc)
{
  if (PIV == TS_PIVOTING_NONE) return true;
  if (PIV == TS_PIVOTING_PARTIAL) return fabs(det(A)) <= fabs(det(P));
  return fabs(det(A)) * sp <= fabs(det(P)) * sc;
}

/* Block row i of a chain of n rows; a's block 0 and c's block n-1 read as zero. */
template <class T>
struct Chain {
  const T *a, *b, *c;
  i64      n;
  TS_HD B2<T> A(i64 i) const { return i > 0 ? bload(a + 4 * i) : bzero<T>(); }
  TS_HD B2<T> B(i64 i) const { return bload(b + 4 * i); }
  TS_HD B2<T> C(i64 i) const { return i < n - 1 ? bload(c + 4 * i) : bzero<T>(); }
};

/* Algorithm 1 on the partition of m >= 2 rows starting at row f. Downward (REV = false) eliminates
   rows 1..m-1 into e0 x[0] + e1 x[m-1] + e2 x[m] = er; upward (REV = true) rows m-2..0 into
   e0 x[m-1] + e1 x[0] + e2 x[-1] = er. */
template <int PIV, int MMAX, int R, bool REV, class T>
TS_HD void reduce_partition(const Chain<T> &ch, const T *d, i64 ldd, i64 f, int m, B2<T> &e0, B2<T> &e1, B2<T> &e2, V2<T> (&er)[R])
{
  const i64 i1 = REV ? f + m - 2 : f + 1;
  B2<T>     s0 = REV ? ch.C(i1) : ch.A(i1), s1 = ch.B(i1), s2 = REV ? ch.A(i1) : ch.C(i1);
  V2<T>     r[R];
  for (int k = 0; k < R; ++k) r[k] = vload(d + k * ldd + 2 * i1);
  for (int j = 2; j < MMAX; ++j) {
    if (j < m) {
      const i64   i  = REV ? f + m - 1 - j : f + j;
      const B2<T> ca = REV ? ch.C(i) : ch.A(i), cb = ch.B(i), cc = REV ? ch.A(i) : ch.C(i);
      T           sp = T(0), sc = T(0);
      if (PIV == TS_PIVOTING_SCALED) {
        sp = scale_det(s0, s1, s2);
        sc = scale_det(ca, cb, cc);
      }
      if (keep_previous<PIV>(s1, sp, ca, sc)) { /* new = -ca s1^-1 prev + cur */
        const B2<T> rp = mul(ca, neg_inv(s1));
        s0             = mul(rp, s0);
        s1             = add(mul(rp, s2), cb);
        s2             = cc;
        for (int k = 0; k < R; ++k) r[k] = add(mul(rp, r[k]), vload(d + k * ldd + 2 * i));
      } else { /* new = prev - s1 ca^-1 cur */
        const B2<T> rc = mul(s1, neg_inv(ca));
        s1             = add(s2, mul(rc, cb));
        s2             = mul(rc, cc);
        for (int k = 0; k < R; ++k) r[k] = add(r[k], mul(rc, vload(d + k * ldd + 2 * i)));
      }
    }
  }
  e0 = s0;
  e1 = s1;
  e2 = s2;
  for (int k = 0; k < R; ++k) er[k] = r[k];
}

/* Sequential block elimination with the oracle's pivot rule (ts_ref_bgttrf) of the rows f..f+m-1
   (m <= MMAX) with right-hand sides d (plus dfirst on row f and dlast on row f+m-1); the solution
   goes to x (may alias d: every row is read before any is written). */
template <int PIV, int MMAX, int R, class T>
TS_HD void chain_solve(const Chain<T> &ch, const T *d, i64 ldd, i64 f, int m, const V2<T> (&dfirst)[R], const V2<T> (&dlast)[R], T *x, i64 ldx)
{
  B2<T>    U0[MMAX], U1[MMAX], U2[MMAX];
  V2<T>    y[MMAX][R];
  B2<T>    P0 = ch.B(f), P1 = m > 1 ? ch.C(f) : bzero<T>();
  V2<T>    q[R];
  for (int k = 0; k < R; ++k) q[k] = add(vload(d + k * ldd + 2 * f), dfirst[k]);
  if (m == 1)
    for (int k = 0; k < R; ++k) q[k] = add(q[k], dlast[k]);
  for (int j = 1; j < MMAX; ++j) {
    if (j < m) {
      const i64   i  = f + j;
      const B2<T> A = ch.A(i), B = ch.B(i), C = j < m - 1 ? ch.C(i) : bzero<T>();
      V2<T>       dj[R];
      for (int k = 0; k < R; ++k) {
        dj[k] = vload(d + k * ldd + 2 * i);
        if (j == m - 1) dj[k] = add(dj[k], dlast[k]);
      }
      T sp = T(0), sc = T(0);
      if (PIV == TS_PIVOTING_SCALED) {
        sp = scale_det(P0, P1, bzero<T>());
        sc = scale_det(A, B, C);
      }
      if (keep_previous<PIV>(P0, sp, A, sc)) {
        const B2<T> l = mul(A, neg_inv(P0)); /* -A P0^-1 */
        U0[j - 1]     = P0;
        U1[j - 1]     = P1;
        U2[j - 1]     = bzero<T>();
        for (int k = 0; k < R; ++k) {
          y[j - 1][k] = q[k];
          q[k]        = add(dj[k], mul(l, q[k]));
        }
        P0 = add(B, mul(l, P1));
        P1 = C;
      } else {
        const B2<T> l = mul(P0, neg_inv(A)); /* -P0 A^-1 */
        U0[j - 1]     = A;
        U1[j - 1]     = B;
        U2[j - 1]     = C;
        for (int k = 0; k < R; ++k) {
          y[j - 1][k] = dj[k];
          q[k]        = add(q[k], mul(l, dj[k]));
        }
        P0 = add(P1, mul(l, B));
        P1 = mul(l, C);
      }
    }
  }
  /* back substitution: x[m-1] = P0^-1 q, then x[i] = U0^-1 (y - U1 x[i+1] - U2 x[i+2]) */
  V2<T> x1[R], x2[R];
  for (int k = 0; k < R; ++k) {
    x1[k] = solve(P0, q[k]);
    x2[k] = vzero<T>();
    vstore(x + k * ldx + 2 * (f + m - 1), x1[k]);
  }
  for (int j = MMAX - 2; j >= 0; --j) {
    if (j <= m - 2) {
      for (int k = 0; k < R; ++k) {
        const V2<T> v = solve(U0[j], sub(sub(y[j][k], mul(U1[j], x1[k])), mul(U2[j], x2[k])));
        vstore(x + k * ldx + 2 * (f + j), v);
        x2[k] = x1[k];
        x1[k] = v;
      }
    }
  }
}

/* ---- what one thread does ------------------------------------------------------------------------ */

/* reduction stage, thread g of 2 ceil(n/M): partition g/2, downward (g even) or upward */
template <int PIV, int M, int R, class T>
TS_HD void reduce_thread(i64 g, const Chain<T> &ch, const T *d, i64 ldd, T *ac, T *bc, T *cc, T *dc, i64 nc)
{
  const i64  p = g >> 1, f = p * M;
  const bool up = g & 1;
  const int  m  = (int)(ch.n - f < M ? ch.n - f : M);
  if (m == 1) { /* a last partition of one row gives only its top row: the row itself */
    if (up) {
      bstore(ac + 8 * p, ch.A(f));
      bstore(bc + 8 * p, ch.B(f));
      bstore(cc + 8 * p, ch.C(f));
      for (int k = 0; k < R; ++k) vstore(dc + k * 2 * nc + 4 * p, vload(d + k * ldd + 2 * f));
    }
    return;
  }
  B2<T> e0, e1, e2;
  V2<T> er[R];
  if (!up) {
    reduce_partition<PIV, M, R, false>(ch, d, ldd, f, m, e0, e1, e2, er);
    const i64 i = 2 * p + 1;
    bstore(ac + 4 * i, e0);
    bstore(bc + 4 * i, e1);
    bstore(cc + 4 * i, e2);
    for (int k = 0; k < R; ++k) vstore(dc + k * 2 * nc + 2 * i, er[k]);
  } else {
    reduce_partition<PIV, M, R, true>(ch, d, ldd, f, m, e0, e1, e2, er);
    const i64 i = 2 * p;
    bstore(ac + 4 * i, e2);
    bstore(bc + 4 * i, e1);
    bstore(cc + 4 * i, e0);
    for (int k = 0; k < R; ++k) vstore(dc + k * 2 * nc + 2 * i, er[k]);
  }
}

/* substitution stage, thread p: interface values from the coarse solution xc, inner rows solved */
template <int PIV, int M, int R, class T>
TS_HD void subst_thread(i64 p, const Chain<T> &ch, T *d, i64 ldd, const T *xc, i64 nc)
{
  const i64 f = p * M;
  const int m = (int)(ch.n - f < M ? ch.n - f : M);
  V2<T>     x0[R], xl[R];
  for (int k = 0; k < R; ++k) {
    x0[k] = vload(xc + k * 2 * nc + 4 * p);
    xl[k] = m >= 2 ? vload(xc + k * 2 * nc + 4 * p + 2) : x0[k];
  }
  if (m >= 3) {
    /* inner rows 1..m-2: row 1 loses a_1 x[0], row m-2 loses c_{m-2} x[m-1] */
    const B2<T> a1 = ch.A(f + 1), cl = ch.C(f + m - 2);
    V2<T>       df[R], dl[R];
    for (int k = 0; k < R; ++k) {
      const V2<T> u = mul(a1, x0[k]), v = mul(cl, xl[k]);
      df[k]         = {{-u.v[0], -u.v[1]}};
      dl[k]         = {{-v.v[0], -v.v[1]}};
    }
    chain_solve<PIV, M - 2, R>(ch, d, ldd, f + 1, m - 2, df, dl, d, ldd);
  }
  for (int k = 0; k < R; ++k) {
    vstore(d + k * ldd + 2 * f, x0[k]);
    if (m >= 2) vstore(d + k * ldd + 2 * (f + m - 1), xl[k]);
  }
}

/* ---- kernels and launches -------------------------------------------------------------------------- */

template <class T, int PIV, int M, int R>
__global__ void __launch_bounds__(THREADS) breduce_kernel(Chain<T> ch, const T *d, i64 ldd, T *ac, T *bc, T *cc, T *dc, i64 nc)
{
  const i64 g = (i64)blockIdx.x * THREADS + threadIdx.x;
  if (g < 2 * ((ch.n + M - 1) / M)) reduce_thread<PIV, M, R>(g, ch, d, ldd, ac, bc, cc, dc, nc);
}

template <class T, int PIV, int M, int R>
__global__ void __launch_bounds__(THREADS) bsubst_kernel(Chain<T> ch, T *d, i64 ldd, const T *xc, i64 nc)
{
  const i64 p = (i64)blockIdx.x * THREADS + threadIdx.x;
  if (p < (ch.n + M - 1) / M) subst_thread<PIV, M, R>(p, ch, d, ldd, xc, nc);
}

template <class T, int PIV, int R>
__global__ void bfinal_kernel(Chain<T> ch, T *d, i64 ldd)
{
  V2<T> z[R];
  for (int k = 0; k < R; ++k) z[k] = vzero<T>();
  if (threadIdx.x == 0) chain_solve<PIV, NF_BLOCK, R>(ch, d, ldd, 0, (int)ch.n, z, z, d, ldd);
}

/* Stage plan of the scalar solver with M_BLOCK everywhere and 4 T per row (the right-hand sides get
   R x 4 T per coarse row, twice what they need: the coarse chains are 1/7 of the fine one). */
inline ts_rpts::Plan plan(i64 nb, int R, size_t tsize)
{
  return ts_rpts::make_plan(nb, R, 4 * tsize, NF_BLOCK, [](int, i64) { return M_BLOCK; });
}

inline size_t buffer_size(i64 nb, i64 nrhs, size_t tsize)
{
  if (nb <= 0 || nrhs <= 0) return 0;
  const ts_rpts::Plan pl = plan(nb, nrhs < ts_rpts::RMAX ? (int)nrhs : ts_rpts::RMAX, tsize);
  return pl.bytes ? pl.bytes + 256 : 0;
}

template <class T, int PIV, int R>
inline cudaError_t solve_batch(cudaStream_t st, const ts_rpts::Plan &pl, const T *a, const T *b, const T *c, T *x, i64 ldx, unsigned char *buf)
{
  Chain<T> ch[ts_rpts::MAXSTG + 1];
  T       *D[ts_rpts::MAXSTG + 1];
  i64      ld[ts_rpts::MAXSTG + 1];
  ch[0] = {a, b, c, pl.n[0]};
  D[0]  = x;
  ld[0] = ldx;
  for (int k = 1; k <= pl.S; ++k) {
    const size_t   nb = ts_rpts::align256((size_t)pl.n[k] * 4 * sizeof(T));
    unsigned char *q  = buf + pl.off[k];
    ch[k]             = {reinterpret_cast<const T *>(q), reinterpret_cast<const T *>(q + nb), reinterpret_cast<const T *>(q + 2 * nb), pl.n[k]};
    D[k]              = reinterpret_cast<T *>(q + 3 * nb);
    ld[k]             = 2 * pl.n[k];
  }
  for (int k = 0; k < pl.S; ++k) {
    const i64 threads = 2 * ((pl.n[k] + M_BLOCK - 1) / M_BLOCK);
    breduce_kernel<T, PIV, M_BLOCK, R><<<(unsigned)((threads + THREADS - 1) / THREADS), THREADS, 0, st>>>(ch[k], D[k], ld[k], const_cast<T *>(ch[k + 1].a), const_cast<T *>(ch[k + 1].b), const_cast<T *>(ch[k + 1].c), D[k + 1], pl.n[k + 1]);
  }
  bfinal_kernel<T, PIV, R><<<1, 32, 0, st>>>(ch[pl.S], D[pl.S], ld[pl.S]);
  for (int k = pl.S - 1; k >= 0; --k) {
    const i64 threads = (pl.n[k] + M_BLOCK - 1) / M_BLOCK;
    bsubst_kernel<T, PIV, M_BLOCK, R><<<(unsigned)((threads + THREADS - 1) / THREADS), THREADS, 0, st>>>(ch[k], D[k], ld[k], D[k + 1], pl.n[k + 1]);
  }
  return cudaGetLastError();
}

template <class T, int PIV>
inline ts_status solve_piv(cudaStream_t st, i64 nb, i64 nrhs, const T *a, const T *b, const T *c, T *x, i64 ldx, void *buffer)
{
  unsigned char *buf = reinterpret_cast<unsigned char *>(((uintptr_t)buffer + 255) & ~(uintptr_t)255);
  i64            j   = 0;
  cudaError_t    e   = cudaSuccess;
  if (nrhs >= 4) {
    const ts_rpts::Plan pl = plan(nb, 4, sizeof(T));
    for (; j + 4 <= nrhs && e == cudaSuccess; j += 4) e = solve_batch<T, PIV, 4>(st, pl, a, b, c, x + j * ldx, ldx, buf);
  }
  if (j < nrhs && e == cudaSuccess) {
    const ts_rpts::Plan pl = plan(nb, 1, sizeof(T));
    for (; j < nrhs && e == cudaSuccess; ++j) e = solve_batch<T, PIV, 1>(st, pl, a, b, c, x + j * ldx, ldx, buf);
  }
  return e == cudaSuccess ? TS_SUCCESS : TS_ERR_DEVICE;
}

/* X (2 nb x nrhs, column major, ldx) is overwritten by the solution of the block chain (a,b,c) X = X. */
template <class T>
inline ts_status solve(void *stream, ts_pivoting piv, i64 nb, i64 nrhs, const T *a, const T *b, const T *c, T *x, i64 ldx, void *buffer)
{
  if (nb < 0 || nrhs < 0 || ldx < (nb > 0 ? 2 * nb : 1)) return TS_ERR_ARGUMENT;
  if (piv != TS_PIVOTING_NONE && piv != TS_PIVOTING_PARTIAL && piv != TS_PIVOTING_SCALED) return TS_ERR_ARGUMENT;
  if (nb == 0 || nrhs == 0) return TS_SUCCESS;
  if (!a || !b || !c || !x) return TS_ERR_ARGUMENT;
  if (!buffer && buffer_size(nb, nrhs, sizeof(T)) > 0) return TS_ERR_ARGUMENT;
  cudaStream_t st = reinterpret_cast<cudaStream_t>(stream);
  switch (piv) {
  case TS_PIVOTING_NONE: return solve_piv<T, TS_PIVOTING_NONE>(st, nb, nrhs, a, b, c, x, ldx, buffer);
  case TS_PIVOTING_PARTIAL: return solve_piv<T, TS_PIVOTING_PARTIAL>(st, nb, nrhs, a, b, c, x, ldx, buffer);
  default: return solve_piv<T, TS_PIVOTING_SCALED>(st, nb, nrhs, a, b, c, x, ldx, buffer);
  }
}

} // namespace ts_brpts

#endif
