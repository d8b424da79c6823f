/* SPDX-License-Identifier: BSD-2-Clause */
/*
   mosa_chain.cuh - the chain factor of MOS-a's product on the device: the layout of ts_ref_gttrf
   (src/kernels/reference/gtsv.c) and its elimination restricted to one path.

   Why per path: the chain's paths are decoupled (a = c = 0 across a path end), so the host's one
   sequential elimination over the whole chain restarts at every path, and one thread per path
   computes the same entries with the same operations. The step at the last position of a path
   reads the next path's first row exactly as the host's does, so even that step agrees bit for bit.
   Host and device (the host simulation, tests/kernels/mosa_sim.cu, runs it path by path).
*/
#ifndef TS_MOSA_CHAIN_CUH
#define TS_MOSA_CHAIN_CUH

#include "mosa_common.cuh"

namespace ts_mosa {

/* The factor buffer of ts_ref_gttrf: l, u0, u1, u2 (n scalars each), then n pivot bytes. */
template <class T>
struct ChainFactor {
  T             *l, *u0, *u1, *u2;
  unsigned char *piv;
};

template <class T>
TS_MOSA_HD ChainFactor<T> chain_factor(ts_int n, const void *buf)
{
  T             *d = (T *)buf;
  ChainFactor<T> f = {d, d + n, d + 2 * (size_t)n, d + 3 * (size_t)n, (unsigned char *)(d + 4 * (size_t)n)};
  return f;
}

template <class T>
TS_MOSA_HD T max2(T x, T y)
{
  return x >= y ? x : y;
}

/* One step of ts_ref_gttrf (src/kernels/reference/gtsv.c), with its arithmetic: column i eliminated
   between the accumulated row (p0, p1) and row i + 1 = (aj, bj, cj); U's row i, the multiplier l and
   the interchange piv are written, (p0, p1) becomes the next accumulated row. A zero pivot is piv == 0
   with u0 == 0. Returns false where the host stops (p0 == 0 and nothing can eliminate aj): the outputs
   are then not written. Shared by the factor (gttrf_path) and the zero-pivot check (gttrf_check.cuh). */
template <class T>
TS_MOSA_HD bool gttrf_step(ts_pivoting pivoting, T &p0, T &p1, T aj, T bj, T cj, T &l, T &u0, T &u1, T &u2, unsigned char &piv)
{
  T mp = 0, mc = 0;

  if (pivoting == TS_PIVOTING_PARTIAL) mp = mc = 1;
  else if (pivoting == TS_PIVOTING_SCALED) {
    mp = max2(fabs(p0), fabs(p1));
    mc = max2(fabs(aj), max2(fabs(bj), fabs(cj)));
  }
  if (mul_rn((T)fabs(aj), mp) <= mul_rn((T)fabs(p0), mc)) {
    if (p0 == (T)0 && aj != (T)0) return false; /* the host stops: the factor is unusable */
    l   = aj == (T)0 ? (T)0 : aj / p0;
    u0  = p0;
    u1  = p1;
    u2  = 0;
    piv = 0;
    p0  = sub_mul(bj, l, p1);
    p1  = cj;
  } else {
    l   = p0 / aj;
    u0  = aj;
    u1  = bj;
    u2  = cj;
    piv = 1;
    p0  = sub_mul(p1, l, bj);
    p1  = mul_rn(-l, cj);
  }
  return true;
}

/* ts_ref_gttrf's steps on the positions [pb, pe) of one path. info[0] is set to 1 for a non-finite
   entry, info[1] lowered to the path's first zero pivot. */
template <class T>
TS_MOSA_HD void gttrf_path(ts_pivoting pivoting, ts_int n, ts_int pb, ts_int pe, const T *a, const T *b, const T *c, const ChainFactor<T> &f, ts_int *info)
{
  ts_int first_zero = -1;
  bool   stopped    = false;
  T      p0, p1;

  /* the host checks the whole chain before factoring: only entries that are part of it */
  for (ts_int i = pb; i < pe; i++)
    if (!isfinite(b[i]) || (i > 0 && !isfinite(a[i])) || (i < n - 1 && !isfinite(c[i]))) {
      atomic_set_one(info);
      break;
    }
  p0 = b[pb];
  p1 = pb < n - 1 ? c[pb] : (T)0;
  /* the host's steps i = pb .. pe-1 (the last one reads the next path's first row) */
  for (ts_int i = pb; i < pe && i < n - 1; i++) {
    const ts_int j = i + 1;

    if (!gttrf_step(pivoting, p0, p1, a[j], b[j], j < n - 1 ? c[j] : (T)0, f.l[i], f.u0[i], f.u1[i], f.u2[i], f.piv[i])) {
      if (first_zero < 0) first_zero = i;
      stopped = true;
      break;
    }
    if (!f.piv[i] && f.u0[i] == (T)0 && first_zero < 0) first_zero = i;
  }
  if (pe == n && !stopped) { /* the chain's last row: U's last row */
    f.l[n - 1]   = 0;
    f.u0[n - 1]  = p0;
    f.u1[n - 1]  = 0;
    f.u2[n - 1]  = 0;
    f.piv[n - 1] = 0;
    if (p0 == (T)0 && first_zero < 0) first_zero = n - 1;
  }
  if (first_zero >= 0) atomic_min(info + 1, first_zero);
}

} /* namespace ts_mosa */

#endif
