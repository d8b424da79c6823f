/* SPDX-License-Identifier: BSD-2-Clause */
/*
   gttrf_check.cuh - whether ts_ref_gttrf (src/kernels/reference/gtsv.c), the host's sequential
   elimination of a tridiagonal chain, meets a zero pivot, decided in parallel: the pieces that run on
   the device (gttrf_check.cu) and on the host (the simulation of tests/kernels/gttrf_check_test.cu).

   Why a scan works. Both branches of an elimination step make the next accumulated row a multiple of
   the same vector: with the accumulated row p = (p0, p1) and row j = (aj, bj, cj),
       no interchange: p' = (p0 r - aj p) / p0,     interchange: p' = -(p0 r - aj p) / aj,
   so the DIRECTION of p follows the linear map v' = M_j v, M_j = [[bj, -aj], [cj, 0]], whatever the
   pivot decisions (a row with aj == 0 restarts it exactly: p' = (bj, cj)). Products of 2x2 matrices
   are associative: one scan gives every direction. The SIZE sigma = max(|p0|, |p1|) then follows
       sigma' = nu / |v0|                      (no interchange; nu = max|M_j v|, v normalized)
       sigma' = sigma nu / |aj|                (interchange)
       sigma' = min(nu / |v0|, sigma nu / |aj|) (partial pivoting: the larger of |p0|, |aj| divides)
   where scaled pivoting decides from the direction alone (|aj| max(|v0|, |v1|) <= |v0| max|row j|) and
   no pivoting never interchanges. Maps x -> min(A, B + x) of log sigma compose into maps of the same
   form: a second scan gives every size, hence an estimate of every pivot |U(i,i)|.

   The estimate is not the host's arithmetic, so it only decides where a zero pivot is impossible:
   a position whose estimated pivot exceeds TS_CHECK_TAU times the magnitude of its neighbourhood is
   clear (rounding moves the host's pivot by a relative 1e-16 times the local growth, not by 1e-10).
   The positions left (a zero or tiny estimated pivot: singular structure, exact cancellation) are
   replayed with the host's arithmetic (gttrf_step, mosa_chain.cuh) from the last restart of the chain
   before them, one thread per such stretch, stopping at the first zero: a chain whose estimated pivots
   are all clear costs three parallel passes, whatever the length of its paths.

   Scans over chunks of TS_CHECK_CHUNK consecutive rows: one thread walks a chunk sequentially (the
   composite of its maps), the chunk composites are scanned, and a second walk starts from the prefix.
*/
#ifndef TS_GTTRF_CHECK_CUH
#define TS_GTTRF_CHECK_CUH

#include <math.h>
#include "mosa_chain.cuh"

namespace ts_check {

using ts_mosa::gttrf_step;

#define TS_CHECK_HD __host__ __device__ __forceinline__

static constexpr int    kChunk = 32;      /* rows one thread walks */
static constexpr double kBig   = 1e300;   /* log-domain stand-in for +-infinity: sums stay finite */
static constexpr double kTau   = 0x1p-32; /* a pivot below kTau times its neighbourhood is replayed */
static constexpr double kTie   = 1e-6;    /* a pivot decision this close to a tie counts both ways */

TS_CHECK_HD double absd(double x) { return fabs(x); }
TS_CHECK_HD double maxd(double x, double y) { return x >= y ? x : y; }
TS_CHECK_HD double mind(double x, double y) { return x <= y ? x : y; }
/* log with 0 -> -kBig */
TS_CHECK_HD double logc(double x) { return x > 0 ? log(x) : -kBig; }

/* entries of the chain that are part of it: a[0] and c[n-1] are not */
TS_CHECK_HD double band_a(ts_int k, const double *a) { return k > 0 ? a[k] : 0.0; }
TS_CHECK_HD double band_c(ts_int n, ts_int k, const double *c) { return k < n - 1 ? c[k] : 0.0; }
TS_CHECK_HD bool   restarts(ts_int k, const double *a) { return k == 0 || a[k] == 0.0; }

/* A map of directions: a constant vector (konst, after a restart) or a 2x2 matrix, scaled so that its
   largest entry has magnitude in [1, 2) (by a power of two: exact, and the scan never overflows). */
struct DirMap {
  double m00, m01, m10, m11; /* konst: the vector (m00, m10) */
  int    konst;
  ts_int head; /* the last restart this map has seen (a position), -1: none */
};

TS_CHECK_HD DirMap dir_identity()
{
  DirMap d = {1, 0, 0, 1, 0, -1};
  return d;
}

TS_CHECK_HD void dir_normalize(DirMap &d)
{
  const double m = maxd(maxd(absd(d.m00), absd(d.m01)), maxd(absd(d.m10), absd(d.m11)));
  if (!(m > 0) || !isfinite(m)) return; /* zero (a singular direction, replayed) or non-finite input (reported) */
  const double s = ldexp(1.0, -ilogb(m));
  d.m00 *= s, d.m01 *= s, d.m10 *= s, d.m11 *= s;
}

/* g after f */
TS_CHECK_HD DirMap dir_compose(const DirMap &f, const DirMap &g)
{
  DirMap r;
  r.head = f.head > g.head ? f.head : g.head;
  if (g.konst) {
    r.m00 = g.m00, r.m01 = g.m01, r.m10 = g.m10, r.m11 = g.m11, r.konst = 1;
    return r;
  }
  r.konst = f.konst;
  r.m00   = g.m00 * f.m00 + g.m01 * f.m10;
  r.m10   = g.m10 * f.m00 + g.m11 * f.m10;
  r.m01   = f.konst ? 0.0 : g.m00 * f.m01 + g.m01 * f.m11;
  r.m11   = f.konst ? 0.0 : g.m10 * f.m01 + g.m11 * f.m11;
  dir_normalize(r);
  return r;
}

/* the direction map of row k: p^(k) from p^(k-1) */
TS_CHECK_HD DirMap dir_row(ts_int n, ts_int k, const double *a, const double *b, const double *c)
{
  DirMap d;
  if (restarts(k, a)) {
    d.m00 = b[k], d.m10 = band_c(n, k, c), d.m01 = d.m11 = 0, d.konst = 1, d.head = k;
  } else {
    d.m00 = b[k], d.m01 = -a[k], d.m10 = band_c(n, k, c), d.m11 = 0, d.konst = 0, d.head = -1;
  }
  dir_normalize(d);
  return d;
}

/* CUB's scan operator: the earlier prefix first */
struct DirScan {
  TS_CHECK_HD DirMap operator()(const DirMap &f, const DirMap &g) const { return dir_compose(f, g); }
};

/* A map of log sizes, x -> min(A, B + x), or the constant A */
struct SizeMap {
  double A, B;
  int    konst;
};

TS_CHECK_HD SizeMap size_identity()
{
  SizeMap s = {kBig, 0, 0};
  return s;
}

TS_CHECK_HD double clampd(double x) { return x > kBig ? kBig : (x < -kBig ? -kBig : x); }

/* g after f */
TS_CHECK_HD SizeMap size_compose(const SizeMap &f, const SizeMap &g)
{
  SizeMap r;
  if (g.konst) return g;
  r.A     = clampd(mind(g.A, g.B + f.A));
  r.B     = f.konst ? 0.0 : clampd(g.B + f.B);
  r.konst = f.konst;
  return r;
}

struct SizeScan {
  TS_CHECK_HD SizeMap operator()(const SizeMap &f, const SizeMap &g) const { return size_compose(f, g); }
};

/* The walk of one chunk: the direction v of the accumulated row, canonical (its larger entry is +-1
   exactly, so that two roundings of one direction give sizes that differ by an ulp, never by a power
   of two), and what row k does to it. advance() moves v from p^(k-1) to p^(k) and returns the map of
   log sigma, p = sigma v, of that step. */
struct Walk {
  double v0, v1;

  TS_CHECK_HD void set(double x0, double x1)
  {
    const double m = maxd(absd(x0), absd(x1));
    if (m > 0 && isfinite(m)) v0 = x0 / m, v1 = x1 / m;
    else v0 = v1 = 0;
  }

  /* the start of chunk q: the direction the scan of the chunks' maps gives before it (chunk 0 starts at a
     restart, which sets v) */
  TS_CHECK_HD void begin(const DirMap *prefix, ts_int q)
  {
    if (q > 0) set(prefix[q - 1].m00, prefix[q - 1].m10);
    else v0 = v1 = 0;
  }

  TS_CHECK_HD SizeMap advance(ts_pivoting pivoting, ts_int n, ts_int k, const double *a, const double *b, const double *c)
  {
    const double ak = band_a(k, a), bk = b[k], ck = band_c(n, k, c);
    const bool   restart = restarts(k, a);
    double       u0, u1;
    SizeMap      s;

    if (restart) u0 = bk, u1 = ck;
    else u0 = v0 * bk - ak * v1, u1 = v0 * ck;
    const double lnu = logc(maxd(absd(u0), absd(u1)));
    if (restart) {
      s.A = lnu, s.B = 0, s.konst = 1;
    } else {
      const double no_interchange = clampd(lnu - logc(absd(v0))), interchange = clampd(lnu - logc(absd(ak)));
      s.konst = 0, s.A = kBig, s.B = 0;
      if (pivoting == TS_PIVOTING_NONE) s.A = no_interchange, s.konst = 1;
      else if (pivoting == TS_PIVOTING_PARTIAL) s.A = no_interchange, s.B = interchange;
      else if (absd(ak) <= absd(v0) * maxd(absd(ak), maxd(absd(bk), absd(ck)))) s.A = no_interchange, s.konst = 1;
      else s.B = interchange;
    }
    set(u0, u1);
    return s;
  }
};

/* Whether the pivot of step k, U(k,k), may be zero: lsigma = log sigma_k, v the direction of p^(k) */
TS_CHECK_HD bool pivot_suspect(ts_pivoting pivoting, ts_int n, ts_int k, const double *a, const double *b, const double *c, double lsigma, double v0)
{
  const double lp0   = lsigma + logc(absd(v0)); /* log |p0|: p0 = 0 is a zero pivot only if p stays the pivot row */
  double       scale = maxd(absd(b[k]), maxd(absd(band_a(k, a)), absd(band_c(n, k, c))));
  if (k > 0) scale = maxd(scale, absd(band_c(n, k - 1, c)));
  if (k + 1 < n) scale = maxd(scale, absd(a[k + 1]));
  if (!(lp0 <= logc(kTau) + logc(scale))) return false;
  if (k == n - 1) return true; /* U's last row is p^(n-1) */
  const double aj = a[k + 1];
  if (aj == 0.0 || pivoting == TS_PIVOTING_NONE) return true; /* p stays the pivot row */
  if (v0 == 0.0) return false;                                   /* p0 = 0 < |aj|: the interchange makes aj the pivot */
  if (pivoting == TS_PIVOTING_PARTIAL) return logc(absd(aj)) <= lp0 + log1p(kTie); /* p0 may stay the pivot row */
  const double mc = maxd(absd(aj), maxd(absd(b[k + 1]), absd(band_c(n, k + 1, c))));
  return absd(aj) <= absd(v0) * mc * (1 + kTie);
}

/* The host's elimination from the restart pb through step last (at most n - 1), stopping at the first
   zero pivot, which it returns (-1: none). pb restarts the chain: p^(pb) = (b[pb], c[pb]) exactly. */
TS_CHECK_HD ts_int replay(ts_pivoting pivoting, ts_int n, ts_int pb, ts_int last, const double *a, const double *b, const double *c)
{
  double        p0 = b[pb], p1 = band_c(n, pb, c), l, u0, u1, u2;
  unsigned char piv;

  for (ts_int i = pb; i <= last; i++) {
    if (i == n - 1) return p0 == 0.0 ? i : -1;
    if (!gttrf_step(pivoting, p0, p1, a[i + 1], b[i + 1], band_c(n, i + 1, c), l, u0, u1, u2, piv)) return i;
    if (!piv && u0 == 0.0) return i;
  }
  return -1;
}

TS_CHECK_HD bool row_finite(ts_int n, ts_int k, const double *a, const double *b, const double *c)
{
  return isfinite(b[k]) && (k == 0 || isfinite(a[k])) && (k == n - 1 || isfinite(c[k]));
}

} /* namespace ts_check */

#endif
