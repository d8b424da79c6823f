/* SPDX-License-Identifier: BSD-2-Clause */
/*
   rpts.cuh - RPTS, the recursive partitioned tridiagonal Schur complement solver (docs/algorithms.md 2.2-2.7),
   templated on the scalar type T (float, double) and the pivoting mode PIV (ts_pivoting: 0 none,
   1 partial, 2 scaled partial).

   One solve of n rows and R <= 4 right-hand sides (matrix read once per batch of R columns):
     stage k = 0..S-1  reduce_kernel<M_k>: partitions of M_k rows, downward (warp 0) and upward (warp 1)
                       elimination of L = 32 partitions per block, 2 coarse equations per partition;
                       the coarse system (size 2 ceil(n_k/M_k) - (n_k mod M_k == 1)) goes to the buffer.
     final             final_kernel: one block solves n_S <= nf rows on chip (the same reduction recursively
                       in shared memory with partitions of MF rows, one thread solves the last <= NSEQ rows).
     stage k = S-1..0  subst_kernel<M_k>: recomputes the elimination of the inner rows of each partition
                       (no stored factors: pivot choices as 1 bit per step in an int64), back-substitutes.
   Small stages (n_k <= FUSED_MAX_ROWS) are fused two-level stages (reduce2_kernel, subst2_kernel): the 2L
   coarse rows of a tile stay in shared memory and are reduced again by partitions of M2 = 8, so one
   launch pair takes n_k to about n_k/32 rows.
   Tiles of L partitions are copied coalesced into shared memory with cp.async (all loads of a tile in
   flight at once) and walked by one thread per partition (transposition through shared memory).

   Pivoting. Eliminating a column between the accumulated row p and the current row q gives the same new
   accumulated row whichever is the pivot, up to a factor: p1 q - q1 p. So the reduction is division
   free and needs no pivot decision (rows renormalised by exact powers of two); the pivot rule (as
   Algorithm 1 and ts_ref_gttrf: keep the previous row iff |sc1| mp <= |sp1| mc; none: mp = mc = 0,
   partial: 1, scaled: max-abs of each row) decides in the substitution which row is kept as the pivot
   row of the back substitution (a select and 1 bit per step; partial pivoting tracks the scale of the
   accumulated row against the division-based one so that its decisions are the same).

   Partition sizes are even (16, 24, 32, 40; default 16, see M_DEFAULT, and 24 on double stages of at
   least 2^23 rows, see M_WIDE): inner blocks of M-2 rows of an odd size are singular for tridiag(a,0,c)
   and nearly so for tridiag(1,1e-8,1) (Table 4 ids 15, 16).

   Coarse layout: partition p gives row 2p (top: x[first-1], x[first], x[last]) and row 2p+1 (bottom:
   x[first], x[last], x[last+1]); a last partition of one row gives only its top row.

   Nothing here allocates: stage arrays live in the caller's buffer (buffer_size()). All launches go to
   the caller's stream; no synchronisation.
*/
#ifndef TS_RPTS_CUH
#define TS_RPTS_CUH

#include <cuda_runtime.h>
#include <stdint.h>
#include <string.h>
#include <type_traits>
#include "trisplit_kernels.h"
#include "rpts_io.cuh"
#include "gtsv_tuned.h"

namespace ts_rpts {

typedef long long i64;

constexpr int L       = 32;  /* partitions per block of the stage kernels */
constexpr int BLOCK   = 128; /* threads per block of the stage kernels (all load, 1-2 warps compute) */
/* The final stage runs in one block: its time is the latency of its chain of partition sweeps. The sweeps
   are loops (unrolled ones missed the instruction cache after the stage kernels); MF = 12 and NSEQ = 32
   trade steps against levels, smaller values lose accuracy on coarse levels of 32 rows or fewer
   (docs/performance.md, Kernel design notes). TS_RPTS_FINAL_ROLLED=0, TS_RPTS_MF and TS_RPTS_NSEQ select
   others for comparisons (bench/rpts/Makefile final-variants, mf-variants). */
#ifndef TS_RPTS_FINAL_ROLLED
  #define TS_RPTS_FINAL_ROLLED 1
#endif
#ifndef TS_RPTS_MF
  #define TS_RPTS_MF 12
#endif
#ifndef TS_RPTS_NSEQ
  #define TS_RPTS_NSEQ 32
#endif
constexpr int  MF           = TS_RPTS_MF; /* partition size inside the final (on-chip) stage */
static_assert(MF % 2 == 0, "the final stage's partitions must have an even number of rows (see MCAND)");
/* MF = 2 would not shrink a level (2 coarse rows per partition); substitute_partition keeps 1 bit per row */
static_assert(MF >= 4 && MF <= 64, "the final stage's partitions need 4..64 rows");
constexpr bool FINAL_ROLLED = TS_RPTS_FINAL_ROLLED != 0;
constexpr int NSEQ    = TS_RPTS_NSEQ; /* the final stage solves at most this many rows with one thread */
/* NSEQ >= 2: levels of more than 2 rows shrink (coarse_size(2, MF) = 2 would not); the last level is one
   substitute_partition of NSEQ + 2 rows (its identity end rows), 1 pivot bit per row in an int64. Any
   parity: the last level is eliminated as a whole, it has no inner block of its own. */
static_assert(NSEQ >= 2 && NSEQ + 2 <= 64, "the final stage's last level needs 2..62 rows");
constexpr int MAXSTG  = 16;  /* global stages */
constexpr int RMAX    = 4;   /* right-hand sides per batch */
constexpr int NCAND   = 4;
/* Dynamic M candidates, largest first. Even M: the inner blocks (M-2 rows) of matrices with a zero or
   tiny diagonal (tridiag(a,0,c), tridiag(1,1e-8,1)) are singular or nearly so for odd M-2. In shared
   memory a partition of even M takes M+1 slots (no bank conflicts). */
constexpr int MCAND[NCAND] = {40, 32, 24, 16};
/* Default: M = 16 on every stage. The stage kernels are bound by the latency of the per-partition
   recurrences; shorter partitions give more of them per SM (docs/performance.md, Kernel design notes).
   Algorithm 3 (largest M that still fills the device) is Config.M = TS_RPTS_M_DYNAMIC. */
constexpr int M_DEFAULT = 16;
/* Double-precision stages of at least WIDE_MIN_ROWS rows take partitions of M_WIDE = 24 instead (in
   place; a stage 0 with another io policy stays at M_DEFAULT): there both M run near copy speed and 24
   leaves a coarse system of n/12 rows instead of n/8 (docs/performance.md, Kernel design notes). */
constexpr int M_WIDE = 24;
/* An extra partition size for plans chosen by the analysis (rpts_analyze.cuh), not for the default or
   Algorithm 3: M = 2 mod 4 does not sample the 4-periodic near-singular modes of tridiag(1, 1e-8, 1) in
   phase as 16, 24, 32 and 40 do (docs/design.md, What RPTS's accuracy rests on), and M - 1 = 17 is prime,
   so its singular inner blocks, tridiag(1, 2 cos(k pi / 17), 1), share no diagonal with those of 16 or 24. */
constexpr int M_ALT = 18;
#ifndef TS_RPTS_WIDE_MIN_ROWS
  #define TS_RPTS_WIDE_MIN_ROWS (1LL << 23)
#endif
constexpr i64 WIDE_MIN_ROWS_DEFAULT = TS_RPTS_WIDE_MIN_ROWS;
/* whether a default stage of nk rows of tsize-byte scalars takes M_WIDE (wide_min_rows 0: never); the
   GPU's plan (plan_for) and its host simulation (tests/kernels/acc_sim.cu) */
__host__ __device__ constexpr bool wide_stage(i64 nk, size_t tsize, i64 wide_min_rows) { return tsize == 8 && wide_min_rows > 0 && nk >= wide_min_rows; }
/* Stages of at most this many rows are fused two-level stages (M_DEFAULT, then M2; see reduce2_kernel),
   larger ones plain M_DEFAULT stages: fusing saves a launch pair on small stages but is slower per byte on
   large ones, whose tiles live longer (docs/performance.md, Kernel design notes). */
constexpr i64 FUSED_MAX_ROWS = 1 << 18;
constexpr int NF_DEFAULT   = 2048;     /* final stage threshold (rows) */
/* Threads of the final stage's block: 2 per partition of its first level up to this many; a level with
   more partitions loops over them (several partitions per thread), so the final stage takes up to
   NF_MAXROWS rows whatever MF is. TS_RPTS_FINAL_THREADS overrides it (e.g. 1024 for MF = 4 at n = 2048:
   one partition per thread on the first level, but only 64 registers per thread). */
#ifndef TS_RPTS_FINAL_THREADS
  #define TS_RPTS_FINAL_THREADS 512
#endif
constexpr int FINAL_MAXT = TS_RPTS_FINAL_THREADS;
static_assert(FINAL_MAXT % 32 == 0 && FINAL_MAXT >= 32 && FINAL_MAXT <= 1024, "the final stage's block: whole warps, <= 1024 threads");
/* the most rows of the final stage: 2048 (NF_DEFAULT) for every MF; 256 MF where that is more (3072 with MF = 12,
   as before the levels looped: still one sweep per thread with 512 threads) */
constexpr int NF_MAXROWS   = 256 * MF > 2048 ? 256 * MF : 2048;
constexpr size_t FINAL_SMEM_MAX = 200 * 1024;

template <int M>
struct Stride {
  static constexpr int value = M % 2 ? M : M + 1;
};

/* ---------------------------------------------------------------------------------------------- */
/* device helpers                                                                                  */
/* ---------------------------------------------------------------------------------------------- */

/* The partition routines are __host__ __device__ so that a host simulation can check them. */
#define TS_HD __host__ __device__ __forceinline__

template <class T>
TS_HD T tabs(T x) { return fabs(x); }
template <class T>
TS_HD T tmax(T x, T y) { return x >= y ? x : y; }
TS_HD int clz64(uint64_t x)
{
#if defined(__CUDA_ARCH__)
  return __clzll((long long)x);
#else
  return __builtin_clzll(x);
#endif
}

/* 2^-E for the larger exponent E of x and y (1 if both are zero): rows are kept with their larger
   core entry in [1, 2) by exact power-of-two scalings (equations do not care about their scale). */
TS_HD double pow2_normalizer(double x, double y)
{
#if defined(__CUDA_ARCH__)
  int ex = __double2hiint(x) & 0x7ff00000, ey = __double2hiint(y) & 0x7ff00000;
#else
  long long bx, by;
  memcpy(&bx, &x, 8);
  memcpy(&by, &y, 8);
  int ex = (int)(bx >> 32) & 0x7ff00000, ey = (int)(by >> 32) & 0x7ff00000;
#endif
  int e = ex > ey ? ex : ey;
  e     = e == 0 ? 0x3ff00000 : (e > 0x7fd00000 ? 0x7fd00000 : e);
#if defined(__CUDA_ARCH__)
  return __hiloint2double(0x7fe00000 - e, 0);
#else
  long long b = (long long)(0x7fe00000 - e) << 32;
  double    r;
  memcpy(&r, &b, 8);
  return r;
#endif
}
TS_HD float pow2_normalizer(float x, float y)
{
#if defined(__CUDA_ARCH__)
  int ex = __float_as_int(x) & 0x7f800000, ey = __float_as_int(y) & 0x7f800000;
#else
  int ex, ey;
  memcpy(&ex, &x, 4);
  memcpy(&ey, &y, 4);
  ex &= 0x7f800000;
  ey &= 0x7f800000;
#endif
  int e = ex > ey ? ex : ey;
  e     = e == 0 ? 0x3f800000 : (e > 0x7e800000 ? 0x7e800000 : e);
  int   b = 0x7f000000 - e;
#if defined(__CUDA_ARCH__)
  return __int_as_float(b);
#else
  float r;
  memcpy(&r, &b, 4);
  return r;
#endif
}

/* rows of the coarse system of n rows in partitions of M: 2 per partition, 1 for a last partition of one row */
__host__ __device__ constexpr i64 coarse_size(i64 n, int M) { return 2 * ((n + M - 1) / M) - (n % M == 1 ? 1 : 0); }

/* Reduction of one partition of m >= 2 rows held in shared memory (rows 0..m-1 at sa[j], sb[j], sc[j],
   sd[r*ds + j]). Downward (REV = false) eliminates rows 1..m-1 into e0 x[0] + e1 x[m-1] + e2 x[m] = er;
   upward (REV = true) rows m-2..0 into e0 x[m-1] + e1 x[0] + e2 x[-1] = er.
   Eliminating column j-1 between the accumulated row p and the current row q gives, whichever of the
   two is the pivot row, the same new accumulated row up to a factor: p1 q - q1 p. The reduction
   therefore needs no pivot decision and no division (the pivot rule only decides which row is kept
   for the back substitution, see substitute_partition); the row is renormalised by a power of two.
   ROLLED: a loop over the m rows instead of MMAX unrolled guarded steps (the final stage, see MF). */
template <int MMAX, int R, bool REV, bool ROLLED = false, class T>
TS_HD void reduce_partition(const T *sa, const T *sb, const T *sc, const T *sd, int ds, int m, T &e0, T &e1, T &e2, T (&er)[R])
{
  const T *lo = REV ? sc : sa; /* coefficient of the column being eliminated */
  const T *up = REV ? sa : sc;
  const int i1 = REV ? m - 2 : 1;
  T s0 = lo[i1], s1 = sb[i1], s2 = up[i1];
  T r[R];
#pragma unroll
  for (int k = 0; k < R; ++k) r[k] = sd[k * ds + i1];
  const int jend = ROLLED ? m : MMAX;
#pragma unroll(ROLLED ? 1 : MMAX)
  for (int j = 2; j < jend; ++j) {
    if (j < m) {
      const int i  = REV ? m - 1 - j : j;
      const T   ca = lo[i], cb = sb[i], cc = up[i];
      const T   n1 = fma(s1, cb, -ca * s2);
      const T   n2 = s1 * cc;
      const T   g  = pow2_normalizer(n1, n2);
      const T   gs = g * s1, gc = g * ca;
#pragma unroll
      for (int k = 0; k < R; ++k) r[k] = fma(gs, sd[k * ds + i], -gc * r[k]);
      s0 = -gc * s0;
      s1 = g * n1;
      s2 = g * n2;
    }
  }
  e0 = s0;
  e1 = s1;
  e2 = s2;
#pragma unroll
  for (int k = 0; k < R; ++k) er[k] = r[k];
}

/* Substitution of one partition of m rows in shared memory (Algorithm 2): x[0] = x0, x[m-1] = xl, the
   neighbours x[-1] = xm1, x[m] = xp are known; the inner x[1..m-2] are computed by a downward elimination
   of rows 1..m-2 and a back substitution. At step j the pivot rule (docs/algorithms.md 2.3, on the rows as the
   division-based elimination would hold them) picks the pivot row of x[j-1]: the accumulated row, then
   stored over the free slot, or row j itself, left in place; 1 bit per step. The accumulated row is
   carried division free (see reduce_partition); for partial pivoting sig tracks its scale against the
   division-based row. The ends may take rows 0 and m-1 instead if they are the better pivots; x[1]
   chooses between its pivot row and row 0 by the scaled rule for partial pivoting too (not an
   elimination step: both rows are equations of x[1] with known neighbours).
   The pivot row of x[j-1] is stored with a select of the row and of the slot instead of a branch (a
   branch per row closed the compiler's scheduling regions), the next row is loaded a step ahead, and
   the back substitution stores x[j+2] one row late, so that no load waits for the chain. The operations
   are those of the branching version, in the same order. The pivot row is divided by an IEEE division,
   T(1) / pivot: a faster approximate reciprocal changed the rounding of results (docs/performance.md).
   On return sd[r*ds + j] = x_r[j], j = 0..m-1 (sa, sb, sc are overwritten). Needs m <= MMAX <= 64.
   ROLLED as in reduce_partition. */
template <int PIV, int MMAX, int R, bool ROLLED = false, class T>
TS_HD void substitute_partition(T *sa, T *sb, T *sc, T *sd, int ds, int m, const T (&x0)[R], const T (&xl)[R], const T (&xm1)[R], const T (&xp)[R])
{
  if (m >= 3) {
    T s1 = sb[1], s2 = sc[1];
    T sig = T(1); /* stored accumulated row = sig * division-based row (partial pivoting only) */
    T r[R];
    {
      const T a1 = sa[1];
#pragma unroll
      for (int k = 0; k < R; ++k) r[k] = fma(-a1, x0[k], sd[k * ds + 1]);
    }
    uint64_t bits = 2; /* bit j (j >= 2): the accumulated row was the pivot at step j; bit 1: slot 1 */
    int      ip   = 1; /* the free slot (its row is part of the accumulated row) */
    /* row j is loaded one step ahead: the loads may not pass the previous step's store of a pivot row
       (its slot is not known at compile time), which waits for that step's pivot decision */
    T na = sa[2], nb = sb[2], nc = sc[2], nd[R];
#pragma unroll
    for (int q = 0; q < R; ++q) nd[q] = sd[q * ds + 2];
    const int jend = ROLLED ? m - 1 : MMAX - 1;
#pragma unroll(ROLLED ? 1 : MMAX)
    for (int j = 2; j < jend; ++j) {
      if (j <= m - 2) {
        const T ca = na, cb = nb, cc = nc;
        T       dj[R];
#pragma unroll
        for (int q = 0; q < R; ++q) dj[q] = nd[q];
        na = sa[j + 1]; /* row j + 1 <= m - 1 */
        nb = sb[j + 1];
        nc = sc[j + 1];
#pragma unroll
        for (int q = 0; q < R; ++q) nd[q] = sd[q * ds + j + 1];
        bool kp;
        if (PIV == TS_PIVOTING_NONE) kp = true;
        else if (PIV == TS_PIVOTING_PARTIAL) kp = tabs(ca) * tabs(sig) <= tabs(s1);
        else kp = tabs(ca) * tmax(tabs(s1), tabs(s2)) <= tabs(s1) * tmax(tabs(ca), tmax(tabs(cb), tabs(cc)));
        /* the pivot row of x[j-1]: the accumulated row (s1 x[j-1] + s2 x[j] = r) into the free slot,
           or row j in place (a no-op store: it is in registers now). A select, not a branch, and no
           arithmetic: the loads of the next row, which may not pass this store, need not wait. */
        {
          const T   w = PIV == TS_PIVOTING_PARTIAL ? T(1) / sig : T(1); /* the division-based row */
          const int k = kp ? ip : j;
          sa[k]       = kp ? w * s1 : ca;
          sb[k]       = kp ? w * s2 : cb;
          sc[k]       = kp ? T(0) : cc;
#pragma unroll
          for (int q = 0; q < R; ++q) sd[q * ds + k] = kp ? w * r[q] : dj[q];
        }
        bits |= (uint64_t)kp << j;
        ip         = kp ? j : ip;
        const T n1 = fma(s1, cb, -ca * s2);
        const T n2 = s1 * cc;
        const T g  = pow2_normalizer(n1, n2);
        const T gs = g * s1, gc = g * ca;
#pragma unroll
        for (int k = 0; k < R; ++k) r[k] = fma(gs, dj[k], -gc * r[k]);
        if (PIV == TS_PIVOTING_PARTIAL) sig = kp ? gs : -gc * sig;
        s1 = g * n1;
        s2 = g * n2;
      }
    }
    /* x[m-2]: accumulated row (s1 x[m-2] + s2 x[m-1] = r) or row m-1 */
    T xa[R], xb[R];
    T pc, pm; /* pivot coefficient of the row that gave x[m-2] and that row's max-abs (only their ratio is used) */
    {
      const int i   = m - 1;
      const T   la  = sa[i], lb = sb[i], lc = sc[i];
      const T   mpa = tmax(tabs(s1), tabs(s2));
      const T   mcb = tmax(tabs(la), tmax(tabs(lb), tabs(lc)));
      const bool useA = PIV == TS_PIVOTING_NONE      ? true
                        : PIV == TS_PIVOTING_PARTIAL ? tabs(s1) >= tabs(la) * tabs(sig)
                                                     : tabs(s1) * mcb >= tabs(la) * mpa;
      const T    den  = useA ? s1 : la;
      pc              = den;
      pm              = useA ? mpa : mcb;
      const T inv     = T(1) / den;
#pragma unroll
      for (int k = 0; k < R; ++k) {
        const T numA = fma(-s2, xl[k], r[k]);
        const T numB = fma(-lc, xp[k], fma(-lb, xl[k], sd[k * ds + i]));
        xa[k]        = (useA ? numA : numB) * inv;
        xb[k]        = xl[k];
      }
    }
    /* back substitution: x[j] from its pivot row in slot k. x[j+2] is stored one row late, so that no
       store waits for the chain (and the loads of the rows above, which the compiler may not move above
       a store, need not wait either) */
#pragma unroll(ROLLED ? 1 : MMAX)
    for (int j = ROLLED ? m - 3 : MMAX - 3; j >= 1; --j) {
      if (j <= m - 3) {
        const uint64_t below = bits & ((2ull << j) - 1ull);
        const int      ipj   = 63 - clz64(below);
        const bool     kpn   = (bits >> (j + 1)) & 1ull;
        const int      k     = kpn ? ipj : j + 1;
        const T        ka = sa[k], kb = sb[k], kc = sc[k];
        const T        inv = T(1) / ka;
        if (j == 1) {
          pc = ka;
          pm = tmax(tabs(ka), tmax(tabs(kb), tabs(kc)));
        }
#pragma unroll
        for (int q = 0; q < R; ++q) {
          const T dk = sd[q * ds + k];
          if (j + 2 <= m - 2) sd[q * ds + j + 2] = xb[q]; /* x[j+2] is final and its slot is no longer read */
          const T xj = fma(-kc, xb[q], fma(-kb, xa[q], dk)) * inv;
          xb[q]      = xa[q];
          xa[q]      = xj;
        }
      }
    }
    /* x[1]: the pivot row found above, or row 0 (c0 x[1] = d0 - b0 x[0] - a0 x[-1]). Both rows are
       equations of the system and x[0], x[-1] are known, so this is not an elimination step: the row
       whose coefficient of x[1] is larger relative to its max-abs is taken, with partial pivoting too
       (its row rule alone, |pc| >= |c0|, took a row 1e15 x[2] + 0.6 x[1] + ... whose rounded right-
       hand side leaves x[1] with an absolute error of about ulp(1e15): Chang type 18). */
    if (PIV != TS_PIVOTING_NONE) {
      const T    a0 = sa[0], b0 = sb[0], c0 = sc[0];
      const T    mc0  = tmax(tabs(a0), tmax(tabs(b0), tabs(c0)));
      const bool keep = tabs(pc) * mc0 >= tabs(c0) * pm;
      if (!keep) {
#pragma unroll
        for (int q = 0; q < R; ++q) xa[q] = fma(-a0, xm1[q], fma(-b0, x0[q], sd[q * ds])) / c0;
      }
    }
#pragma unroll
    for (int q = 0; q < R; ++q) {
      if (m >= 4) sd[q * ds + 2] = xb[q];
      sd[q * ds + 1] = xa[q];
    }
  }
#pragma unroll
  for (int q = 0; q < R; ++q) {
    sd[q * ds] = x0[q];
    if (m >= 2) sd[q * ds + m - 1] = xl[q];
  }
}

/* ---------------------------------------------------------------------------------------------- */
/* tiles: L partitions of M rows of a, b, c and R columns of d <-> shared memory                   */
/* (partition t, row j at t*MS + j, MS = Stride<M>; array k at k*L*MS)                             */
/* ---------------------------------------------------------------------------------------------- */

/* Rows past n are identity rows (never used: partitions end at n). a[0] and c[n-1] are not part of the
   matrix and read as 0. */
/* global -> shared copy that bypasses the registers (LDGSTS, sm_80+): all loads of a tile in flight at once */
template <class T>
__device__ __forceinline__ void cp_async(T *smem, const T *gmem)
{
  const unsigned sa = (unsigned)__cvta_generic_to_shared(smem);
  if (sizeof(T) == 8) asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(sa), "l"(gmem) : "memory");
  else asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(sa), "l"(gmem) : "memory");
}

/* The same copy, marked evict_first in L2 (createpolicy). A stage reads its tile twice, in the
   reduction and again in the substitution, with the coarse solve in between; the substitution's read is
   the tile's last use in the solve. Where a stage's arrays fit in L2 (Exec.last_use_hint), marking that
   read evict_first makes L2 give up the tiles already substituted before the ones still to be read
   again. It leaves no lasting priority behind for the caller's kernels, and results are bitwise the same
   (docs/performance.md, Kernel design notes). */
template <class T>
__device__ __forceinline__ void cp_async_evict_first(T *smem, const T *gmem)
{
  const unsigned     sa = (unsigned)__cvta_generic_to_shared(smem);
  unsigned long long pol;
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;\n" : "=l"(pol));
  if (sizeof(T) == 8) asm volatile("cp.async.ca.shared.global.L2::cache_hint [%0], [%1], 8, %2;\n" ::"r"(sa), "l"(gmem), "l"(pol) : "memory");
  else asm volatile("cp.async.ca.shared.global.L2::cache_hint [%0], [%1], 4, %2;\n" ::"r"(sa), "l"(gmem), "l"(pol) : "memory");
}

/* Programmatic dependent launch (sm_90+). The kernels of one solve form a chain in which each reads what
   the one before wrote; launched with programmatic stream serialization (unless Config.no_pdl) a
   kernel's blocks start while the one before drains, instead of after it, and run what does not depend
   on it (the substitutions load and reduce their tile again) before grid_wait(), which returns once the
   kernel before has completed and its writes are visible (at once when it was launched plainly).
   Every kernel of the chain waits before it releases its dependents: when a kernel's dependent starts,
   every kernel two or more before it has completed, so the prologue may read what those wrote (a
   stage's own tile was written by the reduction of the stage above, long before). */
__device__ __forceinline__ void grid_wait()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;\n" ::: "memory");
#endif
}
__device__ __forceinline__ void grid_release()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;\n" ::: "memory");
#endif
}

/* SECOND: the substitution's pass over the tile (the io may keep what the reduction's pass read);
   last_use: that pass marks the tile's lines evict_first (see cp_async_evict_first) */
template <class T, int M, int R, bool ASYNC, bool SECOND = false, class IO>
__device__ __forceinline__ void load_tile(i64 n, i64 base, const T *__restrict__ a, const T *__restrict__ b, const T *__restrict__ c, const IO &io, T *s, bool last_use)
{
  constexpr int LM = L * M, MS = Stride<M>::value, AS = L * MS;
  constexpr int IT   = (LM + BLOCK - 1) / BLOCK;
  const bool    full = base > 0 && base + LM < n;
  const int     tid  = threadIdx.x;
#pragma unroll
  for (int arr = 0; arr < 3 + R; ++arr) {
    const bool band = arr < 3; /* else column arr - 3 of the right-hand sides, through io */
    const T   *src  = arr == 0 ? a : arr == 1 ? b : arr == 2 ? c : io.src(arr - 3);
    T          v[IT];
    if (ASYNC && full && (band || IO::raw_copy)) {
#pragma unroll
      for (int it = 0; it < IT; ++it) {
        const int i = tid + it * BLOCK;
        if (LM % BLOCK == 0 || i < LM) {
          T *dst = s + arr * AS + (MS == M ? i : (i / M) * MS + i % M);
          if (SECOND && last_use) cp_async_evict_first(dst, src + base + i);
          else cp_async(dst, src + base + i);
        }
      }
      continue;
    }
    if (full) {
#pragma unroll
      for (int it = 0; it < IT; ++it) {
        const int i = tid + it * BLOCK;
        if (LM % BLOCK == 0 || i < LM) v[it] = band ? __ldg(src + base + i) : SECOND ? io.reload(arr - 3, base + i) : io.load(arr - 3, base + i);
      }
    } else {
#pragma unroll
      for (int it = 0; it < IT; ++it) {
        const int i = tid + it * BLOCK;
        const i64 g = base + i;
        T         x = arr == 1 ? T(1) : T(0);
        if ((LM % BLOCK == 0 || i < LM) && g < n) x = band ? src[g] : SECOND ? io.reload(arr - 3, g) : io.load(arr - 3, g);
        if ((arr == 0 && g == 0) || (arr == 2 && g == n - 1)) x = T(0);
        v[it] = x;
      }
    }
#pragma unroll
    for (int it = 0; it < IT; ++it) {
      const int i = tid + it * BLOCK;
      if (LM % BLOCK == 0 || i < LM) s[arr * AS + (MS == M ? i : (i / M) * MS + i % M)] = v[it];
    }
  }
  if (ASYNC && full) asm volatile("cp.async.wait_all;\n" ::: "memory");
}

/* ---------------------------------------------------------------------------------------------- */
/* stage kernels                                                                                   */
/* ---------------------------------------------------------------------------------------------- */

template <class T, int M, int R>
constexpr int stage_smem() { return (3 + R) * L * Stride<M>::value * (int)sizeof(T); }

/* Coarse row of one partition of m rows (arrays at sa, sb, sc, sd with stride ds): direction w = 0
   (downward) gives the bottom row, index 2t + 1, w = 1 (upward) the top row, index 2t; a partition of
   one row gives itself as its top row. False where this thread gives no row. Shared by the stage
   kernels (tile in shared memory), the fused second level (coarse rows in shared memory) and the final
   stage (ROLLED sweeps, see MF). */
template <int MM, int R, bool ROLLED = false, class T>
TS_HD bool partition_row(const T *sa, const T *sb, const T *sc, const T *sd, int ds, int m, int w, int t, int &i, T &ca, T &cb, T &cc, T (&cd)[R])
{
  if (m == 1) {
    if (w != 1) return false;
    i  = 2 * t;
    ca = sa[0];
    cb = sb[0];
    cc = sc[0];
#pragma unroll
    for (int k = 0; k < R; ++k) cd[k] = sd[k * ds];
    return true;
  }
  T e0, e1, e2;
  if (w == 0) {
    reduce_partition<MM, R, false, ROLLED>(sa, sb, sc, sd, ds, m, e0, e1, e2, cd);
    i  = 2 * t + 1;
    ca = e0;
    cc = e2;
  } else {
    reduce_partition<MM, R, true, ROLLED>(sa, sb, sc, sd, ds, m, e0, e1, e2, cd);
    i  = 2 * t;
    ca = e2;
    cc = e0;
  }
  cb = e1;
  return true;
}

/* Interface values of partition p of m rows from the coarse solution x (size nc, stride ldx):
   x0 = x[first], xl = x[last], xm1 = x[first - 1], xp = x[last + 1] (0 outside the system). */
template <int R, class T>
TS_HD void interface_values(const T *x, i64 ldx, i64 nc, i64 p, int m, T (&x0)[R], T (&xl)[R], T (&xm1)[R], T (&xp)[R])
{
#pragma unroll
  for (int k = 0; k < R; ++k) {
    const T *xk = x + k * ldx;
    x0[k]       = xk[2 * p];
    xl[k]       = m >= 2 ? xk[2 * p + 1] : x0[k];
    xm1[k]      = p > 0 ? xk[2 * p - 1] : T(0);
    xp[k]       = 2 * p + 2 < nc ? xk[2 * p + 2] : T(0);
  }
}

/* ---------------------------------------------------------------------------------------------- */
/* fused two-level stage: the 2L coarse rows of a tile stay in shared memory and are reduced again */
/* by M2 = 8 (CP = 8 partitions per tile), so a stage writes 16 coarse rows per tile instead of 64: */
/* the finest stage moves about 9.2 n words instead of 9.6 n, the coarse system is n/32 instead of */
/* n/8, and there are half as many launches. The substitution recomputes both levels (no stored  */
/* factors). Results are those of two plain stages (M, then M2): the same routines in the same     */
/* order.                                                                                          */
/* Coarse area C: array k (a, b, c, d_0..d_{R-1}) at k*CS, coarse row i at cidx(i); partitions of */
/* M2 + 1 slots (no bank conflicts).                                                               */
/* ---------------------------------------------------------------------------------------------- */

/* M2 = 8 (TS_RPTS_M2 overrides it): the second level's chains are 6 rows instead of 14, so a fused
   stage's tile lives shorter; its coarse system is n/32 instead of n/64 (docs/performance.md). */
#ifndef TS_RPTS_M2
  #define TS_RPTS_M2 8
#endif
constexpr int M2 = TS_RPTS_M2;
static_assert(M2 % 2 == 0 && 2 * L % M2 == 0, "the fused stage's second level: even partitions that tile the 2L coarse rows");
constexpr int CP = 2 * L / M2;
constexpr int CS = CP * (M2 + 1);
TS_HD int cidx(int i) { return (i / M2) * (M2 + 1) + i % M2; }

template <class T, int M, int R>
constexpr int fused_smem() { return stage_smem<T, M, R>() + (3 + R) * CS * (int)sizeof(T); }

/* coarse rows of tile blk (tile of L partitions of M rows in s) present in C */
template <int M>
TS_HD int tile_coarse_rows(i64 n, i64 blk)
{
  const i64 r = coarse_size(n, M) - 2 * L * blk;
  return r < 2 * L ? (int)r : 2 * L;
}

/* thread tid < 2L of tile blk (in s): coarse row i (of the tile's 2L) of partition tid % L, direction
   tid / L; false where the thread gives none */
template <int M, int R, class T>
TS_HD bool tile_row(i64 n, i64 blk, int tid, const T *s, int &i, T &ca, T &cb, T &cc, T (&cd)[R])
{
  constexpr int MS = Stride<M>::value, AS = L * MS;
  const int     t = tid % L, w = tid / L;
  const i64     p = blk * L + t;
  if (w >= 2 || p * M >= n) return false;
  const int m = (int)(n - p * M < M ? n - p * M : M);
  const T  *q = s + t * MS;
  return partition_row<M, R>(q, q + AS, q + 2 * AS, q + 3 * AS, AS, m, w, t, i, ca, cb, cc, cd);
}

/* level-1 coarse rows of the tile -> C */
template <int M, int R, class T>
TS_HD void fused_level1(i64 n, i64 blk, int tid, const T *s, T *C)
{
  int i;
  T   ca, cb, cc, cd[R];
  if (!tile_row<M, R>(n, blk, tid, s, i, ca, cb, cc, cd)) return;
  const int j = cidx(i);
  C[j]          = ca;
  C[CS + j]     = cb;
  C[2 * CS + j] = cc;
#pragma unroll
  for (int k = 0; k < R; ++k) C[(3 + k) * CS + j] = cd[k];
}

/* thread tid < 2 CP: level-2 coarse row of partition tid % CP (direction tid / CP) of C -> global */
template <int M, int R, class T>
TS_HD void fused_level2(i64 n, i64 blk, int tid, const T *C, T *ac, T *bc, T *cc, T *dc, i64 nc)
{
  const int q = tid % CP, w = tid / CP, nloc = tile_coarse_rows<M>(n, blk);
  if (w >= 2 || q * M2 >= nloc) return;
  const int m  = nloc - q * M2 < M2 ? nloc - q * M2 : M2;
  const T  *sq = C + q * (M2 + 1);
  int       i;
  T         ca, cb, ccf, cd[R];
  if (!partition_row<M2, R>(sq, sq + CS, sq + 2 * CS, sq + 3 * CS, CS, m, w, q, i, ca, cb, ccf, cd)) return;
  const i64 g = 2 * CP * blk + i;
  ac[g]       = ca;
  bc[g]       = cb;
  cc[g]       = ccf;
#pragma unroll
  for (int k = 0; k < R; ++k) dc[k * nc + g] = cd[k];
}

/* thread tid < CP: level-2 substitution of partition tid of C from the stage's coarse solution xc
   (size nc); afterwards C's d arrays hold the level-1 coarse solution of the tile */
template <int PIV, int M, int R, class T>
TS_HD void fused_subst2(i64 n, i64 blk, int tid, T *C, const T *xc, i64 nc)
{
  const int q = tid, nloc = tile_coarse_rows<M>(n, blk);
  if (q >= CP || q * M2 >= nloc) return;
  const int m = nloc - q * M2 < M2 ? nloc - q * M2 : M2;
  T         x0[R], xl[R], xm1[R], xp[R];
  interface_values<R>(xc, nc, nc, CP * blk + q, m, x0, xl, xm1, xp);
  T *sq = C + q * (M2 + 1);
  substitute_partition<PIV, M2, R>(sq, sq + CS, sq + 2 * CS, sq + 3 * CS, CS, m, x0, xl, xm1, xp);
}

/* thread tid < L: level-1 substitution of partition tid of the tile; its interface values come from
   C, the neighbours outside the tile from the ends of the neighbouring level-2 partitions in xc */
template <int PIV, int M, int R, class T>
TS_HD void fused_subst1(i64 n, i64 blk, int tid, T *s, const T *C, const T *xc, i64 nc)
{
  constexpr int MS = Stride<M>::value, AS = L * MS;
  const int     t = tid;
  const i64     p = blk * L + t;
  if (t >= L || p * M >= n) return;
  const int m = (int)(n - p * M < M ? n - p * M : M), nloc = tile_coarse_rows<M>(n, blk);
  const i64 n1 = coarse_size(n, M);
  T         x0[R], xl[R], xm1[R], xp[R];
#pragma unroll
  for (int k = 0; k < R; ++k) {
    const T *X = C + (3 + k) * CS;
    x0[k]      = X[cidx(2 * t)];
    xl[k]      = m >= 2 ? X[cidx(2 * t + 1)] : x0[k];
    xm1[k]     = t > 0 ? X[cidx(2 * t - 1)] : (blk > 0 ? xc[k * nc + 2 * CP * blk - 1] : T(0));
    xp[k]      = 2 * t + 2 < nloc ? X[cidx(2 * t + 2)] : (2 * L * blk + 2 * t + 2 < n1 ? xc[k * nc + 2 * CP * (blk + 1)] : T(0));
  }
  T *q = s + t * MS;
  substitute_partition<PIV, M, R>(q, q + AS, q + 2 * AS, q + 3 * AS, AS, m, x0, xl, xm1, xp);
}

/* ---------------------------------------------------------------------------------------------- */
/* stage kernels                                                                                   */
/* ---------------------------------------------------------------------------------------------- */

template <class T, int M, int R, bool ASYNC, class IO>
__global__ void __launch_bounds__(BLOCK) reduce_kernel(i64 n, const T *__restrict__ a, const T *__restrict__ b, const T *__restrict__ c, IO io, T *__restrict__ ac, T *__restrict__ bc, T *__restrict__ cc, T *__restrict__ dc, i64 nc)
{
  extern __shared__ __align__(16) unsigned char smem_raw[];
  T            *s  = reinterpret_cast<T *>(smem_raw);
  constexpr int LM = L * M;
  const i64     base = (i64)blockIdx.x * LM;
  grid_wait(); /* the stage's system is the previous kernel's output */
  grid_release();
  load_tile<T, M, R, ASYNC>(n, base, a, b, c, io, s, false);
  __syncthreads();
  int i;
  T   ca, cb, ccf, cd[R];
  if (!tile_row<M, R>(n, blockIdx.x, threadIdx.x, s, i, ca, cb, ccf, cd)) return;
  const i64 g = 2 * L * (i64)blockIdx.x + i;
  ac[g]       = ca;
  bc[g]       = cb;
  cc[g]       = ccf;
#pragma unroll
  for (int k = 0; k < R; ++k) dc[k * nc + g] = cd[k];
}

/* tile d (R columns) in shared memory -> global, coalesced */
template <class T, int M, int R, class IO>
__device__ __forceinline__ void store_tile(i64 n, i64 base, const T *s, const IO &io)
{
  constexpr int LM = L * M, MS = Stride<M>::value, AS = L * MS;
  constexpr int IT   = (LM + BLOCK - 1) / BLOCK;
  const bool    full = base + LM <= n;
#pragma unroll
  for (int k = 0; k < R; ++k) {
#pragma unroll
    for (int it = 0; it < IT; ++it) {
      const int i = threadIdx.x + it * BLOCK;
      if ((LM % BLOCK == 0 || i < LM) && (full || base + i < n)) io.store(k, base + i, s[(3 + k) * AS + (MS == M ? i : (i / M) * MS + i % M)]);
    }
  }
}

template <class T, int PIV, int M, int R, bool ASYNC, class IO>
__global__ void __launch_bounds__(BLOCK) subst_kernel(i64 n, const T *__restrict__ a, const T *__restrict__ b, const T *__restrict__ c, IO io, const T *__restrict__ xc, i64 nc, bool last_use)
{
  extern __shared__ __align__(16) unsigned char smem_raw[];
  T            *s  = reinterpret_cast<T *>(smem_raw);
  constexpr int LM = L * M, MS = Stride<M>::value, AS = L * MS;
  const i64     base = (i64)blockIdx.x * LM;
  load_tile<T, M, R, ASYNC, true>(n, base, a, b, c, io, s, last_use);
  grid_wait(); /* the coarse solution xc */
  grid_release();
  __syncthreads();
  const int t = threadIdx.x;
  const i64 p = (i64)blockIdx.x * L + t;
  if (t < L && p * M < n) {
    const int m = (int)(n - p * M < M ? n - p * M : M);
    T         x0[R], xl[R], xm1[R], xp[R];
    interface_values<R>(xc, nc, nc, p, m, x0, xl, xm1, xp);
    substitute_partition<PIV, M, R>(s + t * MS, s + AS + t * MS, s + 2 * AS + t * MS, s + 3 * AS + t * MS, AS, m, x0, xl, xm1, xp);
  }
  __syncthreads();
  store_tile<T, M, R>(n, base, s, io);
}

/* fused two-level reduction: tile -> 2L coarse rows in C -> 2 CP coarse rows of the stage (size nc) */
template <class T, int M, int R, class IO>
__global__ void __launch_bounds__(BLOCK) reduce2_kernel(i64 n, const T *__restrict__ a, const T *__restrict__ b, const T *__restrict__ c, IO io, T *__restrict__ ac, T *__restrict__ bc, T *__restrict__ cc, T *__restrict__ dc, i64 nc)
{
  extern __shared__ __align__(16) unsigned char smem_raw[];
  T  *s = reinterpret_cast<T *>(smem_raw);
  T  *C = s + (3 + R) * L * Stride<M>::value;
  const i64 blk = blockIdx.x;
  grid_wait();
  grid_release();
  load_tile<T, M, R, true>(n, blk * L * M, a, b, c, io, s, false);
  __syncthreads();
  fused_level1<M, R>(n, blk, threadIdx.x, s, C);
  __syncthreads();
  fused_level2<M, R>(n, blk, threadIdx.x, C, ac, bc, cc, dc, nc);
}

/* fused two-level substitution: recomputes the level-1 coarse rows, substitutes level 2 from xc
   (size nc), then level 1 */
template <class T, int PIV, int M, int R, class IO>
__global__ void __launch_bounds__(BLOCK) subst2_kernel(i64 n, const T *__restrict__ a, const T *__restrict__ b, const T *__restrict__ c, IO io, const T *__restrict__ xc, i64 nc, bool last_use)
{
  extern __shared__ __align__(16) unsigned char smem_raw[];
  T  *s = reinterpret_cast<T *>(smem_raw);
  T  *C = s + (3 + R) * L * Stride<M>::value;
  const i64 blk  = blockIdx.x;
  const i64 base = blk * L * M;
  load_tile<T, M, R, true, true>(n, base, a, b, c, io, s, last_use);
  __syncthreads();
  fused_level1<M, R>(n, blk, threadIdx.x, s, C);
  grid_wait(); /* the coarse solution xc */
  grid_release();
  __syncthreads();
  fused_subst2<PIV, M, R>(n, blk, threadIdx.x, C, xc, nc);
  __syncthreads();
  fused_subst1<PIV, M, R>(n, blk, threadIdx.x, s, C, xc, nc);
  __syncthreads();
  store_tile<T, M, R>(n, base, s, io);
}

/* ---------------------------------------------------------------------------------------------- */
/* final stage: the whole system of n <= nf rows in one block                                    */
/* ---------------------------------------------------------------------------------------------- */

/* levels of the final stage for n rows: n_0 = n, n_{l+1} = coarse_size(n_l, MF) while n_l > NSEQ */
constexpr int final_level_count(int n)
{
  int lv = 1;
  for (; n > NSEQ; ++lv) n = (int)coarse_size(n, MF);
  return lv;
}
/* coarse_size is nondecreasing in n, so NF_MAXROWS rows need the most levels (MF = 12, NSEQ = 32: 4 levels;
   MF = 4: the rows only halve per level, 10 levels from 2048 down to NSEQ = 4, 11 down to NSEQ = 2) */
constexpr int MAXLEV = final_level_count(NF_MAXROWS);
static_assert(MAXLEV <= 16, "the final stage's levels (nl[MAXLEV] in every thread): more than expected");

/* levels of the final stage: n_0 = n, n_{l+1} = coarse_size(n_l, MF) while n_l > NSEQ. Returns the
   number of levels; each level is stored with one padding row before and after. n <= NF_MAXROWS (the
   cap on lv only keeps nl in bounds; Launch::final_solve refuses larger n). */
__host__ __device__ inline int final_levels(int n, int *nl)
{
  int lv = 0;
  nl[0]  = n;
  while (nl[lv] > NSEQ && lv + 1 < MAXLEV) {
    nl[lv + 1] = (int)coarse_size(nl[lv], MF);
    ++lv;
  }
  return lv + 1;
}

__host__ __device__ inline size_t final_smem(int n, int R, size_t tsize)
{
  int    nl[MAXLEV];
  int    lv  = final_levels(n, nl);
  size_t tot = 0;
  for (int l = 0; l < lv; ++l) tot += (size_t)(nl[l] + 2) * (3 + R);
  return tot * tsize;
}

/* 2 threads per partition of the first level, whole warps, at most FINAL_MAXT (the levels loop) */
inline int final_threads(int n)
{
  int t = n > NSEQ ? 2 * ((n + MF - 1) / MF) : 32;
  t     = (t + 31) / 32 * 32;
  return t < 32 ? 32 : t > FINAL_MAXT ? FINAL_MAXT : t;
}

/* The work items of the final stage, shared by final_kernel and its host simulation (host_sim_rpts.cu).
   Level arrays: a, b, c, d_0..d_{R-1}, each n+2 long (ds), row i at index i+1. */

/* reduction item q of a level of n0 rows (S) into the next (C, stride ds1): q < P the downward sweep of
   partition q (its bottom coarse row), else the upward sweep of partition q - P (its top row) */
template <int R, class T>
TS_HD void final_reduce_item(const T *S, T *C, int n0, int ds0, int ds1, int q)
{
  const int  P   = (n0 + MF - 1) / MF;
  const int  p   = q < P ? q : q - P;
  const bool up  = q >= P;
  const int  off = 1 + p * MF;
  const int  m   = n0 - p * MF < MF ? n0 - p * MF : MF;
  int        i;
  T          ca, cb, cc, cd[R];
  if (!partition_row<MF, R, FINAL_ROLLED>(S + off, S + ds0 + off, S + 2 * ds0 + off, S + 3 * ds0 + off, ds0, m, up ? 1 : 0, p, i, ca, cb, cc, cd)) return;
  C[1 + i]           = ca;
  C[ds1 + 1 + i]     = cb;
  C[2 * ds1 + 1 + i] = cc;
#pragma unroll
  for (int k = 0; k < R; ++k) C[(3 + k) * ds1 + 1 + i] = cd[k];
}

/* the last level (n rows at S[1..n]) by one thread: one partition of n + 2 rows whose end rows are identity rows */
template <int PIV, int R, class T>
TS_HD void final_last_level(T *S, int n)
{
  const int m = n + 2, ds = m;
  S[0]              = T(0);
  S[ds]             = T(1);
  S[2 * ds]         = T(0);
  S[m - 1]          = T(0);
  S[ds + m - 1]     = T(1);
  S[2 * ds + m - 1] = T(0);
  T z[R];
#pragma unroll
  for (int k = 0; k < R; ++k) {
    S[(3 + k) * ds]         = T(0);
    S[(3 + k) * ds + m - 1] = T(0);
    z[k]                    = T(0);
  }
  substitute_partition<PIV, NSEQ + 2, R, FINAL_ROLLED>(S, S + ds, S + 2 * ds, S + 3 * ds, ds, m, z, z, z, z);
}

/* substitution item p of a level of n0 rows (Sl) from the next level's solution X (row i at X[k*(n1+2) + i]) */
template <int PIV, int R, class T>
TS_HD void final_subst_item(T *Sl, const T *X, int n0, int n1, int p)
{
  const int ds0 = n0 + 2, off = 1 + p * MF;
  const int m = n0 - p * MF < MF ? n0 - p * MF : MF;
  T         x0[R], xl[R], xm1[R], xp[R];
  interface_values<R>(X, n1 + 2, n1, p, m, x0, xl, xm1, xp);
  substitute_partition<PIV, MF, R, FINAL_ROLLED>(Sl + off, Sl + ds0 + off, Sl + 2 * ds0 + off, Sl + 3 * ds0 + off, ds0, m, x0, xl, xm1, xp);
}

template <class T, int PIV, int R>
__global__ void __launch_bounds__(FINAL_MAXT) final_kernel(int n, const T *__restrict__ a, const T *__restrict__ b, const T *__restrict__ c, T *d, i64 ldd)
{
  extern __shared__ __align__(16) unsigned char smem_raw[];
  T  *s = reinterpret_cast<T *>(smem_raw);
  int nl[MAXLEV];
  const int lv = final_levels(n, nl);
  const int tid = threadIdx.x, nt = blockDim.x;
  grid_wait();
  grid_release();
  {
    const int ld0 = n + 2;
    T        *L0  = s;
    for (int i = tid; i < n + 2; i += nt) {
      const int  g  = i - 1;
      const bool in = g >= 0 && g < n;
      L0[i]           = in && g > 0 ? a[g] : T(0);
      L0[ld0 + i]     = in ? b[g] : T(1);
      L0[2 * ld0 + i] = in && g < n - 1 ? c[g] : T(0);
#pragma unroll
      for (int k = 0; k < R; ++k) L0[(3 + k) * ld0 + i] = in ? d[k * ldd + g] : T(0);
    }
  }
  __syncthreads();
  /* reductions; level l: a, b, c, d_0..d_{R-1}, each nl+2 long, row i at index i+1 */
  T *S = s;
  for (int l = 0; l + 1 < lv; ++l) {
    const int n0 = nl[l], n1 = nl[l + 1], ds0 = n0 + 2, ds1 = n1 + 2;
    const int P  = (n0 + MF - 1) / MF;
    T        *C  = S + (size_t)ds0 * (3 + R);
    for (int q = tid; q < 2 * P; q += nt) final_reduce_item<R>(S, C, n0, ds0, ds1, q);
    S = C;
    __syncthreads();
  }
  /* the last level by one thread: a partition of nl+2 rows whose end rows are identity rows */
  if (tid == 0) final_last_level<PIV, R>(S, nl[lv - 1]);
  __syncthreads();
  /* substitutions */
  for (int l = lv - 2; l >= 0; --l) {
    const int n0 = nl[l], n1 = nl[l + 1], ds0 = n0 + 2, ds1 = n1 + 2;
    const int P  = (n0 + MF - 1) / MF;
    T        *Sl = S - (size_t)ds0 * (3 + R);
    const T  *X  = S + 3 * ds1 + 1; /* coarse x, row i at X[k*ds1 + i] */
    for (int p = tid; p < P; p += nt) final_subst_item<PIV, R>(Sl, X, n0, n1, p);
    S = Sl;
    __syncthreads();
  }
  {
    const T *X = s + 3 * (n + 2) + 1;
    for (int i = tid; i < n; i += nt) {
#pragma unroll
      for (int k = 0; k < R; ++k) d[k * ldd + i] = X[k * (n + 2) + i];
    }
  }
}

/* The final stage's fallback for plans that the analysis picks (Config.final_gepp): LAPACK dgtsv's
   elimination (partial pivoting by magnitude, rows interchanged, the fill-in of the second superdiagonal
   kept in a) by one thread, on the final stage's level 0 (a, b, c, d_0..d_{R-1}, each n+2 long at stride
   ds, row i at index i+1). No partitions, so no inner block that can be singular: it fails only where
   LAPACK does (a zero pivot gives inf or NaN), at about n x 40 cycles of one thread. */
template <int R, class T>
TS_HD void final_gepp(T *S, int n, int ds)
{
  T *dl = S + 1, *d = S + ds + 1, *du = S + 2 * ds + 1, *x = S + 3 * ds + 1;
  /* dl[i] = a[i+1] (the subdiagonal of row i+1), then the fill-in of row i */
  for (int i = 0; i + 1 < n; ++i) dl[i] = dl[i + 1];
  if (n > 0) dl[n - 1] = T(0);
  for (int i = 0; i + 1 < n; ++i) {
    if (tabs(d[i]) >= tabs(dl[i])) { /* no interchange */
      const T f = dl[i] / d[i];
      d[i + 1]  = fma(-f, du[i], d[i + 1]);
#pragma unroll
      for (int k = 0; k < R; ++k) x[k * ds + i + 1] = fma(-f, x[k * ds + i], x[k * ds + i + 1]);
      dl[i] = T(0);
    } else { /* rows i and i+1 interchanged */
      const T f = d[i] / dl[i];
      d[i]      = dl[i];
      const T t = d[i + 1];
      d[i + 1]  = fma(-f, t, du[i]);
      if (i + 2 < n) {
        dl[i]     = du[i + 1];
        du[i + 1] = -f * dl[i];
      } else dl[i] = T(0);
      du[i] = t;
#pragma unroll
      for (int k = 0; k < R; ++k) {
        const T xi = x[k * ds + i];
        x[k * ds + i]     = x[k * ds + i + 1];
        x[k * ds + i + 1] = fma(-f, x[k * ds + i + 1], xi);
      }
    }
  }
#pragma unroll
  for (int k = 0; k < R; ++k) {
    T *xk = x + k * ds;
    if (n >= 1) xk[n - 1] = xk[n - 1] / d[n - 1];
    if (n >= 2) xk[n - 2] = (xk[n - 2] - du[n - 2] * xk[n - 1]) / d[n - 2];
    for (int i = n - 3; i >= 0; --i) xk[i] = (xk[i] - du[i] * xk[i + 1] - dl[i] * xk[i + 2]) / d[i];
  }
}

template <class T, int R>
__global__ void __launch_bounds__(FINAL_MAXT) final_gepp_kernel(int n, const T *__restrict__ a, const T *__restrict__ b, const T *__restrict__ c, T *d, i64 ldd)
{
  extern __shared__ __align__(16) unsigned char smem_raw[];
  T        *s   = reinterpret_cast<T *>(smem_raw);
  const int tid = threadIdx.x, nt = blockDim.x, ds = n + 2;
  grid_wait();
  grid_release();
  for (int i = tid; i < n + 2; i += nt) {
    const int  g  = i - 1;
    const bool in = g >= 0 && g < n;
    s[i]          = in && g > 0 ? a[g] : T(0);
    s[ds + i]     = in ? b[g] : T(1);
    s[2 * ds + i] = in && g < n - 1 ? c[g] : T(0);
#pragma unroll
    for (int k = 0; k < R; ++k) s[(3 + k) * ds + i] = in ? d[k * ldd + g] : T(0);
  }
  __syncthreads();
  if (tid == 0) final_gepp<R>(s, n, ds);
  __syncthreads();
  for (int i = tid; i < n; i += nt) {
#pragma unroll
    for (int k = 0; k < R; ++k) d[k * ldd + i] = s[(3 + k) * ds + 1 + i];
  }
}

/* ---------------------------------------------------------------------------------------------- */
/* host side: plan, buffer, launches                                                              */
/* ---------------------------------------------------------------------------------------------- */

/* The plan's knobs (gtsv_tuned.h): zero-initialised (Config{}) is the production plan. */
typedef ts_rpts_config Config;
inline int config_nf(const Config &cfg) { return cfg.nf > 0 ? cfg.nf : NF_DEFAULT; } /* capped by nf_cap */
inline i64 config_wide_min_rows(const Config &cfg) { return cfg.no_wide ? 0 : WIDE_MIN_ROWS_DEFAULT; }

/* how one kernel of a solve is launched */
struct Exec {
  cudaStream_t st;
  bool         regload;   /* Config.regload */
  bool         dependent; /* programmatic stream serialization (this kernel follows one of the same solve) */
  bool         last_use_hint = false; /* the stage's arrays fit in L2: its substitution reads them evict_first */
  bool         final_gepp    = false; /* Config.final_gepp: the final stage by final_gepp_kernel */
};

/* the same launch with tiles through cp.async (a stage 0 with another io policy has no register loads) */
inline Exec async_loads(Exec x)
{
  x.regload = false;
  return x;
}

/* attribute A of the current device, queried once per device (the solves ask on every call);
   fallback where it cannot be had */
template <cudaDeviceAttr A>
inline int device_attribute(int fallback)
{
  static int known[64], value[64]; /* per device */
  int        dev = 0, v = 0;
  if (cudaGetDevice(&dev) != cudaSuccess || dev < 0 || dev >= 64) return fallback;
  if (!known[dev]) {
    value[dev] = cudaDeviceGetAttribute(&v, A, dev) == cudaSuccess ? v : fallback;
    known[dev] = 1;
  }
  return value[dev];
}

/* bytes of L2 of the current device (0 if unknown) */
inline i64 l2_cache_bytes()
{
  const int v = device_attribute<cudaDevAttrL2CacheSize>(0);
  return v > 0 ? v : 0;
}

/* whether the current device takes programmatic dependent launches (compute capability 9.0+) */
inline bool dependent_launch_capable() { return device_attribute<cudaDevAttrComputeCapabilityMajor>(0) >= 9; }

/* kernel<<<grid, block, smem, x.st>>>(args...), with programmatic stream serialization when x.dependent */
template <class... K, class... A>
inline cudaError_t launch(const Exec &x, void (*kernel)(K...), i64 grid, int block, size_t smem, A &&...args)
{
  cudaLaunchConfig_t  cfg = {};
  cudaLaunchAttribute attr[1];
  attr[0].id                                         = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr[0].val.programmaticStreamSerializationAllowed = 1;
  cfg.gridDim                                        = dim3((unsigned)grid);
  cfg.blockDim                                       = dim3((unsigned)block);
  cfg.dynamicSmemBytes                               = smem;
  cfg.stream                                         = x.st;
  cfg.attrs                                          = attr;
  cfg.numAttrs                                       = x.dependent ? 1 : 0;
  return cudaLaunchKernelEx(&cfg, kernel, static_cast<A &&>(args)...);
}

inline bool valid_M(int M)
{
  if (M == M_ALT) return true;
  for (int i = 0; i < NCAND; ++i)
    if (MCAND[i] == M) return true;
  return false;
}

struct Plan {
  int    S = 0;            /* global stages */
  i64    n[MAXSTG + 1];    /* n[0] = n, n[k] rows of stage k */
  int    M[MAXSTG];        /* partition size of stage k */
  bool   fused[MAXSTG];    /* stage k is a fused two-level stage (M[k], then M2) */
  size_t off[MAXSTG + 1];  /* byte offset of stage k (k >= 1) in the buffer: a, b, c, d (R columns) */
  size_t bytes = 0;
  bool   final_gepp = false; /* the final stage by final_gepp_kernel (Config.final_gepp) */
};

inline size_t align256(size_t x) { return (x + 255) & ~(size_t)255; }

/* largest final stage for this scalar size and R */
inline int nf_cap(int nf, int R, size_t tsize)
{
  int v = nf < NF_MAXROWS ? nf : NF_MAXROWS;
  while (v > NSEQ && final_smem(v, R, tsize) > FINAL_SMEM_MAX) v -= 64;
  return v < NSEQ ? NSEQ : v;
}

/* M chooser: Mfun(k, n_k) returns the partition size of stage k; Ffun(k, n_k): stage k is a fused
   two-level stage (M_DEFAULT only) */
template <class F, class G>
inline Plan make_plan(i64 n, int R, size_t tsize, int nf, F Mfun, G Ffun)
{
  Plan pl;
  pl.n[0]    = n;
  size_t pos = 0;
  while (pl.n[pl.S] > nf && pl.S < MAXSTG) {
    const int M      = Mfun(pl.S, pl.n[pl.S]);
    pl.M[pl.S]       = M;
    const bool fused = Ffun(pl.S, pl.n[pl.S]);
    pl.fused[pl.S]   = fused;
    pl.n[pl.S + 1]   = fused ? coarse_size(coarse_size(pl.n[pl.S], M), M2) : coarse_size(pl.n[pl.S], M);
    pl.off[pl.S + 1] = pos;
    const i64 nc     = pl.n[pl.S + 1];
    pos += 3 * align256((size_t)nc * tsize) + align256((size_t)nc * R * tsize);
    ++pl.S;
  }
  pl.bytes = pos;
  return pl;
}

template <class F>
inline Plan make_plan(i64 n, int R, size_t tsize, int nf, F Mfun)
{
  return make_plan(n, R, tsize, nf, Mfun, [](int, i64) { return false; });
}

/* Upper bound of the workspace for any device and any candidate M (coarse sizes are monotone in M and n;
   a fused stage has a smaller coarse system than a plain one of the same M). */
inline size_t buffer_size(i64 n, i64 nrhs, size_t tsize, const Config &cfg = Config{})
{
  if (n <= 0 || nrhs <= 0) return 0;
  const int R   = nrhs < RMAX ? (int)nrhs : RMAX;
  const int nf  = nf_cap(config_nf(cfg), R, tsize); /* nf_cap decreases with R: the R of every batch is <= R */
  const int Mmn = cfg.M > 0 ? cfg.M : MCAND[NCAND - 1];
  Plan      pl  = make_plan(n, R, tsize, nf, [&](int, i64) { return Mmn; });
  return pl.bytes ? pl.bytes + 256 : 0;
}

template <class T, int PIV, int R>
struct Launch {
  typedef InPlace<T> Own; /* the coarse stages solve their own arrays in place */

  /* dynamic shared memory of the cp.async stage kernels for a stage 0 with io policy IO (once each) */
  template <int M, class IO>
  static cudaError_t setup_io()
  {
    static bool done = false;
    if (!done) {
      const int   smem = stage_smem<T, M, R>();
      cudaError_t e    = cudaFuncSetAttribute(reduce_kernel<T, M, R, true, IO>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
      if (e == cudaSuccess) e = cudaFuncSetAttribute(subst_kernel<T, PIV, M, R, true, IO>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
      if (e == cudaSuccess && M == M_DEFAULT) {
        const int fs = fused_smem<T, M_DEFAULT, R>();
        e            = cudaFuncSetAttribute(reduce2_kernel<T, M_DEFAULT, R, IO>, cudaFuncAttributeMaxDynamicSharedMemorySize, fs);
        if (e == cudaSuccess) e = cudaFuncSetAttribute(subst2_kernel<T, PIV, M_DEFAULT, R, IO>, cudaFuncAttributeMaxDynamicSharedMemorySize, fs);
      }
      if (e != cudaSuccess) return e;
      done = true;
    }
    return cudaSuccess;
  }
  template <int M>
  static cudaError_t setup_stage()
  {
    static bool done = false;
    if (!done) {
      const int   smem = stage_smem<T, M, R>();
      cudaError_t e    = setup_io<M, Own>();
      if (e == cudaSuccess) e = cudaFuncSetAttribute(reduce_kernel<T, M, R, false, Own>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
      if (e == cudaSuccess) e = cudaFuncSetAttribute(subst_kernel<T, PIV, M, R, false, Own>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
      if (e != cudaSuccess) return e;
      done = true;
    }
    return cudaSuccess;
  }
  template <int M>
  static int occupancy()
  {
    static int occ = 0;
    if (!occ) {
      const int smem = stage_smem<T, M, R>();
      if (setup_stage<M>() != cudaSuccess) return 1;
      int o1 = 1, o2 = 1;
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&o1, reduce_kernel<T, M, R, true, Own>, BLOCK, smem);
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&o2, subst_kernel<T, PIV, M, R, true, Own>, BLOCK, smem);
      occ = o1 < o2 ? o1 : o2;
      if (occ < 1) occ = 1;
    }
    return occ;
  }
  static int occupancy_of(int M)
  {
    switch (M) {
    case MCAND[3]: return occupancy<MCAND[3]>();
    case MCAND[2]: return occupancy<MCAND[2]>();
    case MCAND[1]: return occupancy<MCAND[1]>();
    default: return occupancy<MCAND[0]>();
    }
  }
  template <int M, class IO>
  static cudaError_t reduce(const Exec &x, i64 n, const T *a, const T *b, const T *c, const IO &io, T *ac, T *bc, T *cc, T *dc, i64 nc)
  {
    cudaError_t e = IO::raw_copy ? setup_stage<M>() : setup_io<M, IO>();
    if (e != cudaSuccess) return e;
    const i64 P    = (n + M - 1) / M;
    const i64 grid = (P + L - 1) / L;
    return launch(x, x.regload ? reduce_kernel<T, M, R, false, IO> : reduce_kernel<T, M, R, true, IO>, grid, BLOCK, stage_smem<T, M, R>(), n, a, b, c, io, ac, bc, cc, dc, nc);
  }
  template <int M, class IO>
  static cudaError_t subst(const Exec &x, i64 n, const T *a, const T *b, const T *c, const IO &io, const T *xc, i64 nc)
  {
    cudaError_t e = IO::raw_copy ? setup_stage<M>() : setup_io<M, IO>();
    if (e != cudaSuccess) return e;
    const i64 P    = (n + M - 1) / M;
    const i64 grid = (P + L - 1) / L;
    return launch(x, x.regload ? subst_kernel<T, PIV, M, R, false, IO> : subst_kernel<T, PIV, M, R, true, IO>, grid, BLOCK, stage_smem<T, M, R>(), n, a, b, c, io, xc, nc, x.last_use_hint);
  }
  /* fused two-level stage (M_DEFAULT, then M2) */
  template <class IO>
  static cudaError_t reduce2(const Exec &x, i64 n, const T *a, const T *b, const T *c, const IO &io, T *ac, T *bc, T *cc, T *dc, i64 nc)
  {
    cudaError_t e = IO::raw_copy ? setup_stage<M_DEFAULT>() : setup_io<M_DEFAULT, IO>();
    if (e != cudaSuccess) return e;
    const i64 grid = ((n + M_DEFAULT - 1) / M_DEFAULT + L - 1) / L;
    return launch(x, reduce2_kernel<T, M_DEFAULT, R, IO>, grid, BLOCK, fused_smem<T, M_DEFAULT, R>(), n, a, b, c, io, ac, bc, cc, dc, nc);
  }
  template <class IO>
  static cudaError_t subst2(const Exec &x, i64 n, const T *a, const T *b, const T *c, const IO &io, const T *xc, i64 nc)
  {
    cudaError_t e = IO::raw_copy ? setup_stage<M_DEFAULT>() : setup_io<M_DEFAULT, IO>();
    if (e != cudaSuccess) return e;
    const i64 grid = ((n + M_DEFAULT - 1) / M_DEFAULT + L - 1) / L;
    return launch(x, subst2_kernel<T, PIV, M_DEFAULT, R, IO>, grid, BLOCK, fused_smem<T, M_DEFAULT, R>(), n, a, b, c, io, xc, nc, x.last_use_hint);
  }
  /* stage k of the plan. Only in-place stages take any candidate M and register loads; a stage 0 with
     another io policy is planned with M_DEFAULT (the default Config) and loads with cp.async. */
  template <class IO>
  static cudaError_t reduce_stage(const Exec &x, const Plan &pl, int k, const T *a, const T *b, const T *c, const IO &io, T *ac, T *bc, T *cc, T *dc)
  {
    const i64 n = pl.n[k], nc = pl.n[k + 1];
    if (pl.fused[k]) return reduce2(x, n, a, b, c, io, ac, bc, cc, dc, nc);
    if constexpr (IO::raw_copy) {
      switch (pl.M[k]) {
      case MCAND[3]: return reduce<MCAND[3]>(x, n, a, b, c, io, ac, bc, cc, dc, nc);
      case MCAND[2]: return reduce<MCAND[2]>(x, n, a, b, c, io, ac, bc, cc, dc, nc);
      case MCAND[1]: return reduce<MCAND[1]>(x, n, a, b, c, io, ac, bc, cc, dc, nc);
      case M_ALT: return reduce<M_ALT>(x, n, a, b, c, io, ac, bc, cc, dc, nc);
      default: return reduce<MCAND[0]>(x, n, a, b, c, io, ac, bc, cc, dc, nc);
      }
    } else return pl.M[k] == M_DEFAULT ? reduce<M_DEFAULT>(async_loads(x), n, a, b, c, io, ac, bc, cc, dc, nc) : cudaErrorInvalidValue;
  }
  template <class IO>
  static cudaError_t subst_stage(const Exec &x, const Plan &pl, int k, const T *a, const T *b, const T *c, const IO &io, const T *xc)
  {
    const i64 n = pl.n[k], nc = pl.n[k + 1];
    if (pl.fused[k]) return subst2(x, n, a, b, c, io, xc, nc);
    if constexpr (IO::raw_copy) {
      switch (pl.M[k]) {
      case MCAND[3]: return subst<MCAND[3]>(x, n, a, b, c, io, xc, nc);
      case MCAND[2]: return subst<MCAND[2]>(x, n, a, b, c, io, xc, nc);
      case MCAND[1]: return subst<MCAND[1]>(x, n, a, b, c, io, xc, nc);
      case M_ALT: return subst<M_ALT>(x, n, a, b, c, io, xc, nc);
      default: return subst<MCAND[0]>(x, n, a, b, c, io, xc, nc);
      }
    } else return pl.M[k] == M_DEFAULT ? subst<M_DEFAULT>(async_loads(x), n, a, b, c, io, xc, nc) : cudaErrorInvalidValue;
  }
  static cudaError_t final_solve(const Exec &x, int n, const T *a, const T *b, const T *c, T *d, i64 ldd)
  {
    if (n > NF_MAXROWS) return cudaErrorInvalidValue; /* more levels than MAXLEV (plans stay below nf_cap) */
    if (x.final_gepp) { /* level 0 only: within final_smem */
      const size_t  smem = (size_t)(n + 2) * (3 + R) * sizeof(T);
      static size_t set  = 48 * 1024;
      if (smem > set) {
        cudaError_t e = cudaFuncSetAttribute(final_gepp_kernel<T, R>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        if (e != cudaSuccess) return e;
        set = smem;
      }
      return launch(x, final_gepp_kernel<T, R>, 1, 256, smem, n, a, b, c, d, ldd);
    }
    const size_t  smem = final_smem(n, R, sizeof(T));
    static size_t set  = 48 * 1024;
    if (smem > set) {
      cudaError_t e = cudaFuncSetAttribute(final_kernel<T, PIV, R>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
      if (e != cudaSuccess) return e;
      set = smem;
    }
    return launch(x, final_kernel<T, PIV, R>, 1, final_threads(n), smem, n, a, b, c, d, ldd);
  }

  /* one batch of R columns, read and written through io (stage 0); scratch: n x R, used only when
     the final stage is the whole solve and io is not in place */
  template <class IO>
  static cudaError_t solve_batch(const Config &cfg, cudaStream_t st, const Plan &pl, const T *a, const T *b, const T *c, const IO &io, unsigned char *buf, T *scratch)
  {
    /* the first kernel waits for whatever the stream ran before, the others follow it (see grid_wait) */
    const Exec first{st, cfg.regload != 0, false, false, cfg.final_gepp != 0}, next{st, cfg.regload != 0, cfg.no_pdl == 0 && dependent_launch_capable(), false, cfg.final_gepp != 0};
    const T *A[MAXSTG + 1];
    const T *B[MAXSTG + 1];
    const T *C[MAXSTG + 1];
    T       *D[MAXSTG + 1];
    A[0] = a;
    B[0] = b;
    C[0] = c;
    D[0] = nullptr;
    for (int k = 1; k <= pl.S; ++k) {
      const size_t   nb = align256((size_t)pl.n[k] * sizeof(T));
      unsigned char *q  = buf + pl.off[k];
      A[k]              = reinterpret_cast<const T *>(q);
      B[k]              = reinterpret_cast<const T *>(q + nb);
      C[k]              = reinterpret_cast<const T *>(q + 2 * nb);
      D[k]              = reinterpret_cast<T *>(q + 3 * nb);
    }
    cudaError_t e;
    if (pl.S == 0) {
      const int n = (int)pl.n[0];
      if constexpr (IO::raw_copy) return final_solve(first, n, a, b, c, io.d, io.ldd);
      else {
        const unsigned grid = (unsigned)((n + 255) / 256);
        io_load_kernel<T, R, IO><<<grid, 256, 0, st>>>(n, io, scratch);
        e = final_solve(first, n, a, b, c, scratch, n);
        if (e != cudaSuccess) return e;
        io_store_kernel<T, R, IO><<<grid, 256, 0, st>>>(n, io, scratch);
        return cudaGetLastError();
      }
    }
    /* stage k's substitution reads evict_first where its bands and right-hand sides fit in L2 */
    const i64 l2   = cfg.no_l2_hints ? 0 : l2_cache_bytes();
    auto      with = [&](Exec x, int k) {
      x.last_use_hint = (i64)pl.n[k] * (3 + R) * (i64)sizeof(T) <= l2;
      return x;
    };
    e = reduce_stage(first, pl, 0, a, b, c, io, const_cast<T *>(A[1]), const_cast<T *>(B[1]), const_cast<T *>(C[1]), D[1]);
    for (int k = 1; k < pl.S && e == cudaSuccess; ++k) e = reduce_stage(next, pl, k, A[k], B[k], C[k], Own{D[k], pl.n[k]}, const_cast<T *>(A[k + 1]), const_cast<T *>(B[k + 1]), const_cast<T *>(C[k + 1]), D[k + 1]);
    if (e == cudaSuccess) e = final_solve(next, (int)pl.n[pl.S], A[pl.S], B[pl.S], C[pl.S], D[pl.S], pl.n[pl.S]);
    for (int k = pl.S - 1; k >= 1 && e == cudaSuccess; --k) e = subst_stage(with(next, k), pl, k, A[k], B[k], C[k], Own{D[k], pl.n[k]}, D[k + 1]);
    if (e == cudaSuccess) e = subst_stage(with(next, 0), pl, 0, a, b, c, io, D[1]);
    return e;
  }
};

/* The plan of a solve of n rows, R columns of tsize-byte scalars with the knobs cfg; raw_io: stage 0 reads
   and writes in place (any M), other io policies take M_DEFAULT on stage 0. dynamic_M(nk) is Algorithm 3's
   choice (cfg.M = TS_RPTS_M_DYNAMIC; it needs the device). Host code: the GPU's plan_for and the host
   simulation's (tests/kernels/acc_sim.cu) are this one. */
template <class D>
inline Plan plan_of(i64 n, int R, size_t tsize, const Config &cfg, bool raw_io, D dynamic_M)
{
  Plan pl = make_plan(n, R, tsize, nf_cap(config_nf(cfg), R, tsize), [&](int k, i64 nk) {
    if (cfg.M > 0) return cfg.M;
    if (cfg.M == 0 && wide_stage(nk, tsize, config_wide_min_rows(cfg)) && (raw_io || k > 0)) return M_WIDE;
    if (cfg.M == 0 || cfg.M == TS_RPTS_M_FUSED) return M_DEFAULT;
    return dynamic_M(nk);
  }, [&](int, i64 nk) { return cfg.M == TS_RPTS_M_FUSED || (cfg.M == 0 && nk <= FUSED_MAX_ROWS); });
  pl.final_gepp = cfg.final_gepp != 0;
  return pl;
}

/* blocks per multiprocessor of the stage kernels of partition size M (not inline: see TS_RPTS_EXTERN) */
template <class T, int PIV, int R>
int stage_occupancy(int M)
{
  return Launch<T, PIV, R>::occupancy_of(M);
}

template <class T, int PIV, int R>
inline Plan plan_for(i64 n, const Config &cfg, bool raw_io = true)
{
  return plan_of(n, R, sizeof(T), cfg, raw_io, [](i64 nk) {
    /* Algorithm 3: from the largest candidate down while the grid does not fill the device */
    const int sms = device_attribute<cudaDevAttrMultiProcessorCount>(132);
    for (int i = 0; i < NCAND; ++i) {
      const int M    = MCAND[i];
      const i64 grid = ((nk + M - 1) / M + L - 1) / L;
      if (grid >= (i64)sms * stage_occupancy<T, PIV, R>(M)) return M;
    }
    return MCAND[NCAND - 1];
  });
}

/* Workspace of solve_permuted with knobs cfg (permuted_buffer_size below): a plan whose stage 0 is not
   M_DEFAULT solves through scratch of n x R at this offset */
inline size_t permuted_scratch_offset(i64 n, i64 nrhs, size_t tsize, const Config &cfg) { return align256(buffer_size(n, nrhs, tsize, cfg)); }

/* R columns from column j on: through io on stage 0, or, where the plan's stage 0 is not M_DEFAULT and io is
   not in place (the stage kernels with another io policy exist for M_DEFAULT only), loaded into scratch
   (n x R), solved in place there with the in-place plan and stored back: the same arithmetic as the in-place
   solve, for plans that only the analysis picks (a kept stash is this scratch: io.load writes the same
   value to the same place) */
template <class T, int PIV, int R, class IOF>
inline cudaError_t solve_columns(cudaStream_t st, i64 n, i64 nrhs, const T *a, const T *b, const T *c, IOF io, unsigned char *buf, T *scr, const Config &cfg, i64 &j)
{
  typedef typename std::remove_reference<decltype(io(0))>::type IO;
  const Plan  pl = plan_for<T, PIV, R>(n, cfg, IO::raw_copy);
  cudaError_t e  = cudaSuccess;
  if (IO::raw_copy || pl.S == 0 || pl.M[0] == M_DEFAULT) {
    for (; j + R <= nrhs && e == cudaSuccess; j += R) e = Launch<T, PIV, R>::solve_batch(cfg, st, pl, a, b, c, io(j), buf, scr);
    return e;
  }
  const Plan     raw  = plan_for<T, PIV, R>(n, cfg, true);
  T             *x    = reinterpret_cast<T *>(buf + permuted_scratch_offset(n, nrhs, sizeof(T), cfg));
  const unsigned grid = (unsigned)((n + 255) / 256);
  for (; j + R <= nrhs && e == cudaSuccess; j += R) {
    io_load_kernel<T, R, IO><<<grid, 256, 0, st>>>((int)n, io(j), x);
    e = Launch<T, PIV, R>::solve_batch(cfg, st, raw, a, b, c, InPlace<T>{x, n}, buf, scr);
    if (e == cudaSuccess) io_store_kernel<T, R, IO><<<grid, 256, 0, st>>>((int)n, io(j), x);
    if (e == cudaSuccess) e = cudaGetLastError();
  }
  return e;
}

/* the column policies of the two solvers: io(j) is the io policy of columns j.. */
template <class T>
struct InPlaceColumns {
  T  *x;
  i64 ldx;
  InPlace<T> operator()(i64 j) const { return InPlace<T>{x + j * ldx, ldx}; }
};
template <class T>
struct PermutedColumns {
  Permuted<T> p;
  Permuted<T> operator()(i64 j) const { return p.shifted(j); }
};

/* io(j): the io policy of columns j.. (batches of 4, then of 1). Not inline: see TS_RPTS_EXTERN. */
template <class T, int PIV, class IOF>
ts_status solve_piv(cudaStream_t st, i64 n, i64 nrhs, const T *a, const T *b, const T *c, IOF io, void *buffer, const Config &cfg)
{
  unsigned char *buf = reinterpret_cast<unsigned char *>(((uintptr_t)buffer + 255) & ~(uintptr_t)255);
  T             *scr = reinterpret_cast<T *>(buf);
  i64            j   = 0;
  cudaError_t    e   = cudaSuccess;
  if (nrhs >= 4) e = solve_columns<T, PIV, 4>(st, n, nrhs, a, b, c, io, buf, scr, cfg, j);
  if (j < nrhs && e == cudaSuccess) e = solve_columns<T, PIV, 1>(st, n, nrhs, a, b, c, io, buf, scr, cfg, j);
  return e == cudaSuccess ? TS_SUCCESS : TS_ERR_DEVICE;
}

/* Where the kernels live. CUDA loads a translation unit's kernels as one module, at the first launch of any of
   them, and every solver instantiation in one unit made one large module whose load slowed the first solve of a
   process (docs/design.md, The forest pipeline, has the sizes and times). The library
   compiles the solver of each scalar type and pivoting mode in a unit of its own (gtsv_<type>_<pivoting>.cu,
   TS_RPTS_INSTANTIATE), so a first solve loads about a quarter of that (the kernels that do not depend on the
   pivoting are in each of a type's three units), and compiles the entry points (gtsv.cu) with
   -DTS_RPTS_EXTERN, which makes them instantiate none of them. Standalone programs that compile gtsv.cu alone
   (bench/rpts, tests/kernels) leave it undefined and get every instantiation in their one unit. */
#define TS_RPTS_INSTANTIATE_R(EXT, T, PIV, R) EXT template int stage_occupancy<T, PIV, R>(int);
#define TS_RPTS_INSTANTIATE(EXT, T, PIV) \
  EXT template ts_status solve_piv<T, PIV, InPlaceColumns<T>>(cudaStream_t, i64, i64, const T *, const T *, const T *, InPlaceColumns<T>, void *, const Config &); \
  EXT template ts_status solve_piv<T, PIV, PermutedColumns<T>>(cudaStream_t, i64, i64, const T *, const T *, const T *, PermutedColumns<T>, void *, const Config &); \
  TS_RPTS_INSTANTIATE_R(EXT, T, PIV, 1) \
  TS_RPTS_INSTANTIATE_R(EXT, T, PIV, 4)
#ifdef TS_RPTS_EXTERN
TS_RPTS_INSTANTIATE(extern, double, TS_PIVOTING_NONE)
TS_RPTS_INSTANTIATE(extern, double, TS_PIVOTING_PARTIAL)
TS_RPTS_INSTANTIATE(extern, double, TS_PIVOTING_SCALED)
TS_RPTS_INSTANTIATE(extern, float, TS_PIVOTING_NONE)
TS_RPTS_INSTANTIATE(extern, float, TS_PIVOTING_PARTIAL)
TS_RPTS_INSTANTIATE(extern, float, TS_PIVOTING_SCALED)
#endif

template <class T, class IOF>
inline ts_status solve_io(cudaStream_t st, ts_pivoting piv, i64 n, i64 nrhs, const T *a, const T *b, const T *c, IOF io, void *buffer, const Config &cfg)
{
  switch (piv) {
  case TS_PIVOTING_NONE: return solve_piv<T, TS_PIVOTING_NONE>(st, n, nrhs, a, b, c, io, buffer, cfg);
  case TS_PIVOTING_PARTIAL: return solve_piv<T, TS_PIVOTING_PARTIAL>(st, n, nrhs, a, b, c, io, buffer, cfg);
  default: return solve_piv<T, TS_PIVOTING_SCALED>(st, n, nrhs, a, b, c, io, buffer, cfg);
  }
}

inline bool valid_pivoting(ts_pivoting piv) { return piv == TS_PIVOTING_NONE || piv == TS_PIVOTING_PARTIAL || piv == TS_PIVOTING_SCALED; }

/* The solver: X (n x nrhs, column major, ldx) is overwritten by the solution of (a,b,c) X = X. */
template <class T>
inline ts_status solve(void *stream, ts_pivoting piv, i64 n, i64 nrhs, const T *a, const T *b, const T *c, T *x, i64 ldx, void *buffer, const Config &cfg = Config{})
{
  if (n < 0 || nrhs < 0 || ldx < (n > 1 ? n : 1)) return TS_ERR_ARGUMENT;
  if (!valid_pivoting(piv)) return TS_ERR_ARGUMENT;
  if (cfg.M != 0 && cfg.M != TS_RPTS_M_DYNAMIC && cfg.M != TS_RPTS_M_FUSED && !valid_M(cfg.M)) return TS_ERR_ARGUMENT;
  if (n == 0 || nrhs == 0) return TS_SUCCESS;
  if (!a || !b || !c || !x) return TS_ERR_ARGUMENT;
  if (!buffer && buffer_size(n, nrhs, sizeof(T), cfg) > 0) return TS_ERR_ARGUMENT;
  return solve_io<T>(reinterpret_cast<cudaStream_t>(stream), piv, n, nrhs, a, b, c, InPlaceColumns<T>{x, ldx}, buffer, cfg);
}

/* Workspace of solve_permuted. n <= NF_MAXROWS: the stages' arrays, or n x R scratch when the final
   stage is the whole solve (the in-place solve needs none then). Larger n: the stages' arrays, then at
   stash_offset the n x R stash of keep_rhs. */
inline size_t stash_offset(i64 n, i64 nrhs, size_t tsize) { return align256(buffer_size(n, nrhs, tsize)); }
/* With knobs other than the default (an analysed plan), the stages' arrays for cfg and then n x R at
   permuted_scratch_offset, which is the stash of keep_rhs or the scratch of a stage 0 other than
   M_DEFAULT (solve_columns; that route reads its right-hand side once and keeps no stash). */
inline bool default_config(const Config &c) { return !c.M && !c.nf && !c.regload && !c.no_pdl && !c.no_l2_hints && !c.no_wide && !c.final_gepp; }
inline size_t permuted_buffer_size(i64 n, i64 nrhs, size_t tsize, const Config &cfg = Config{})
{
  if (n <= 0 || nrhs <= 0) return 0;
  const size_t rhs = align256((size_t)n * (nrhs < RMAX ? nrhs : RMAX) * tsize) + 256; /* 256: the caller's buffer is aligned up */
  if (!default_config(cfg)) return permuted_scratch_offset(n, nrhs, tsize, cfg) + rhs;
  if (n > NF_MAXROWS) return stash_offset(n, nrhs, tsize) + rhs;
  const size_t stages = buffer_size(n, nrhs, tsize);
  return stages > rhs ? stages : rhs;
}

/* The solver with the forest permutations fused into stage 0 (ts_permuted_io, trisplit_kernels.h) */
template <class T>
inline ts_status solve_permuted(void *stream, ts_pivoting piv, i64 n, i64 nrhs, const T *a, const T *b, const T *c, const ts_permuted_io *io, void *buffer, const Config &cfg = Config{})
{
  if (n < 0 || nrhs < 0 || !valid_pivoting(piv) || !io) return TS_ERR_ARGUMENT;
  if (cfg.M != 0 && cfg.M != TS_RPTS_M_DYNAMIC && cfg.M != TS_RPTS_M_FUSED && !valid_M(cfg.M)) return TS_ERR_ARGUMENT;
  if (n == 0 || nrhs == 0) return TS_SUCCESS;
  if (!a || !b || !c || !io->x || !io->y || !buffer) return TS_ERR_ARGUMENT;
  /* the vectors may be shorter than the system (ghost slots): only positive leading dimensions */
  if (nrhs > 1 && (io->ldx < 1 || io->ldy < 1 || (io->w && io->ldw < 1))) return TS_ERR_ARGUMENT;
  Permuted<T> p{*io, nullptr, 0};
  const bool planned = !default_config(cfg);
  if (io->keep_rhs && (n > NF_MAXROWS || planned)) { /* after the stages' arrays (permuted_buffer_size) */
    unsigned char *buf = reinterpret_cast<unsigned char *>(((uintptr_t)buffer + 255) & ~(uintptr_t)255);
    p.stash            = reinterpret_cast<T *>(buf + (planned ? permuted_scratch_offset(n, nrhs, sizeof(T), cfg) : stash_offset(n, nrhs, sizeof(T))));
    p.ldst             = n;
  }
  return solve_io<T>(reinterpret_cast<cudaStream_t>(stream), piv, n, nrhs, a, b, c, PermutedColumns<T>{p}, buffer, cfg);
}

} // namespace ts_rpts

#endif
