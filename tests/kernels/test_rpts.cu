/* SPDX-License-Identifier: BSD-2-Clause */
/*
   test_rpts.cu - standalone (PETSc-free) test of the CUDA tridiagonal solver (RPTS) against the
   host reference solver ts_ref_gtsv (src/kernels/reference/gtsv.c) and the known solution.

   For each system: x_t ~ 3 + U(-1,1) (per column), d = T x_t (long double), solve on the GPU in float
   and double with each pivoting mode and nrhs in {1, 4, ...}, and compare the forward relative error
   FRE = ||x - x_t|| / ||x_t|| with the reference's (solved in double with the same pivoting rule):
     pass iff finite and FRE <= 1e3 eps_T max(1, FRE_ref / eps_double)
   (the reference error measures the conditioning; a float solve may lose eps_float/eps_double more).
   Also: the workspace is poisoned with NaN bytes before each solve, and the padding rows of x
   (ldx > n) must come back untouched.

   usage: test_rpts [--quick] [--tiny] [--no-gallery] [--no-blocks] [--no-permuted] [--blocks-only] [--permuted-only] [--gallery-only] [--suite-only] [--robust-only] [--suite N]...
     --quick   smaller set (for compute-sanitizer memcheck)
     --tiny    the quick set with the permuted solves on three sizes (for compute-sanitizer racecheck)
     (--no-blocks --no-permuted --no-gallery, --gallery-only, --blocks-only and --permuted-only split the default set
     into four runs that can go at once)
     --permuted-only  only the solves with the forest permutations fused in (ts_cuda_[ds]gtsv_permuted)
     --suite N the accuracy suite of issue 3 (Table 4 + Chang, RPTS vs LAPACK dgtsv) at size N, with the
               plan ts_cuda_dgtsv_analyze picks per matrix
     --robust-only  only the matrices with singular inner blocks (analysed plans; 2^23 rows unless --quick)
   Block RPTS (ts_cuda_[ds]bgtsv) is checked against ts_ref_bgtsv on the block gallery.
   Last line: "N passed, M failed".
*/
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <string>
#include <vector>

#include "trisplit_kernels.h"
#include "cuda/gtsv_tuned.h"
#include "check.h"
#include "fre.h"
#include "singular_blocks.h"
#if defined(TS_HAVE_GALLERY)
  #include "tridiag_gallery.h"
  #include "block_gallery.h"
extern "C" void dgtsv_(const int *n, const int *nrhs, double *dl, double *d, double *du, double *b, const int *ldb, int *info);
#endif


static int g_pass = 0, g_fail = 0, g_warn = 0;

/* ------------------------------------------------------------------------------------------ */
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 0x9e3779b97f4a7c15ULL + 0x1234567ULL) {}
  uint64_t next()
  {
    uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
    z          = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z          = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  double u01() { return (next() >> 11) * (1.0 / 9007199254740992.0); }
  double pm1() { return 2.0 * u01() - 1.0; }
};

struct System {
  std::string         name;
  int                 n;
  std::vector<double> a, b, c;
};

/* types: dom (diagonally dominant), rand (a,b,c ~ U(-1,1)), zdom/zrand (the same, cut into paths by
   zero couplings: a[i] = c[i-1] = 0 with probability 0.25, one-sided zeros with probability 0.1) */
static System make_system(const char *type, int n, uint64_t seed)
{
  System s;
  s.name = type;
  s.n    = n;
  s.a.assign(n, 0.0);
  s.b.assign(n, 0.0);
  s.c.assign(n, 0.0);
  Rng        r(seed);
  const bool dom = !strcmp(type, "dom") || !strcmp(type, "zdom");
  const bool cut = type[0] == 'z';
  for (int i = 0; i < n; ++i) {
    s.a[i] = i > 0 ? r.pm1() : 0.0;
    s.c[i] = i < n - 1 ? r.pm1() : 0.0;
    s.b[i] = dom ? (r.pm1() >= 0 ? 1.0 : -1.0) * (2.0 + r.u01()) : r.pm1();
  }
  if (cut) {
    for (int i = 1; i < n; ++i) {
      const double u = r.u01();
      if (u < 0.25) s.a[i] = s.c[i - 1] = 0.0;
      else if (u < 0.30) s.a[i] = 0.0;
      else if (u < 0.35) s.c[i - 1] = 0.0;
    }
  }
  return s;
}

static void matvec(const System &s, const double *x, double *y)
{
  for (int i = 0; i < s.n; ++i) {
    long double v = (long double)s.b[i] * x[i];
    if (i > 0) v += (long double)s.a[i] * x[i - 1];
    if (i < s.n - 1) v += (long double)s.c[i] * x[i + 1];
    y[i] = (double)v;
  }
}

/* ------------------------------------------------------------------------------------------ */
template <class T>
struct Dev {
  static ts_status solve(ts_pivoting p, int n, int nrhs, const T *a, const T *b, const T *c, T *x, int ldx, void *buf, const ts_rpts_config &cfg);
};
/* all knobs zero: the production entry points */
static bool production(const ts_rpts_config &c) { return !c.M && !c.nf && !c.regload && !c.no_pdl && !c.no_l2_hints && !c.no_wide && !c.final_gepp; }
template <>
ts_status Dev<double>::solve(ts_pivoting p, int n, int nrhs, const double *a, const double *b, const double *c, double *x, int ldx, void *buf, const ts_rpts_config &cfg)
{
  if (production(cfg)) return ts_cuda_dgtsv(0, p, n, nrhs, a, b, c, x, ldx, buf);
  return ts_cuda_dgtsv_tuned(0, p, n, nrhs, a, b, c, x, ldx, buf, &cfg);
}
template <>
ts_status Dev<float>::solve(ts_pivoting p, int n, int nrhs, const float *a, const float *b, const float *c, float *x, int ldx, void *buf, const ts_rpts_config &cfg)
{
  if (production(cfg)) return ts_cuda_sgtsv(0, p, n, nrhs, a, b, c, x, ldx, buf);
  return ts_cuda_sgtsv_tuned(0, p, n, nrhs, a, b, c, x, ldx, buf, &cfg);
}

static const char *pivname(int p) { return p == 0 ? "none" : p == 1 ? "partial" : "scaled"; }

/* Reference solutions (double, same pivoting) of nrhs columns; returns false on a zero pivot. */
static bool reference(const System &s, ts_pivoting piv, int nrhs, const std::vector<double> &D, std::vector<double> &X)
{
  const int         n = s.n;
  std::vector<char> work(ts_ref_gttrf_size(n) + 16);
  X = D;
  ts_int zr;
  return ts_ref_gtsv(piv, n, nrhs, s.a.data(), s.b.data(), s.c.data(), X.data(), n, work.data(), &zr) == TS_SUCCESS;
}

struct Case {
  const System              *sys;
  const std::vector<double> *xt;  /* n x nrhs_max, ld n */
  const std::vector<double> *d;   /* T x_t */
  const std::vector<double> *ref; /* reference solution, empty if the reference hit a zero pivot */
};

/* Copies the bands and x to the device, poisons a workspace of bytes with NaN, runs solve(a, b, c, x,
   buffer) and copies x back; returns solve's status. */
template <class T, class F>
static ts_status device_roundtrip(const std::vector<T> &ha, const std::vector<T> &hb, const std::vector<T> &hc, std::vector<T> &hx, size_t bytes, F solve)
{
  T    *da, *db, *dc, *dx;
  void *buf = nullptr;
  CK(cudaMalloc(&da, ha.size() * sizeof(T)));
  CK(cudaMalloc(&db, hb.size() * sizeof(T)));
  CK(cudaMalloc(&dc, hc.size() * sizeof(T)));
  CK(cudaMalloc(&dx, hx.size() * sizeof(T)));
  if (bytes) {
    CK(cudaMalloc(&buf, bytes));
    CK(cudaMemset(buf, 0xff, bytes)); /* NaN everywhere */
  }
  CK(cudaMemcpy(da, ha.data(), ha.size() * sizeof(T), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(db, hb.data(), hb.size() * sizeof(T), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dc, hc.data(), hc.size() * sizeof(T), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dx, hx.data(), hx.size() * sizeof(T), cudaMemcpyHostToDevice));
  const ts_status st = solve(da, db, dc, dx, buf);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(hx.data(), dx, hx.size() * sizeof(T), cudaMemcpyDeviceToHost));
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  cudaFree(dx);
  if (buf) cudaFree(buf);
  return st;
}

/* Solve on the GPU and check. Returns the max FRE over the columns (NaN if any). */
template <class T>
static double run_gpu(const Case &cs, ts_pivoting piv, int nrhs, const ts_rpts_config &cfg, bool check, const char *tag, bool verbose_fail = true)
{
  const System &s = *cs.sys;
  const int     n = s.n, ldx = n + 3;
  const int     single = sizeof(T) == 4;
  const size_t  bytes  = ts_cuda_gtsv_buffer_size_tuned(n, nrhs, single, &cfg);
  std::vector<T> ha(n), hb(n), hc(n), hx((size_t)ldx * nrhs);
  for (int i = 0; i < n; ++i) {
    ha[i] = (T)s.a[i];
    hb[i] = (T)s.b[i];
    hc[i] = (T)s.c[i];
  }
  if (n > 0) {
    ha[0]     = (T)12345.0; /* not part of the matrix: must be ignored */
    hc[n - 1] = (T)-777.0;
  }
  const T sentinel = (T)-4242.5;
  for (int j = 0; j < nrhs; ++j)
    for (int i = 0; i < ldx; ++i) hx[(size_t)j * ldx + i] = i < n ? (T)(*cs.d)[(size_t)j * n + i] : sentinel;
  const ts_status st = device_roundtrip(ha, hb, hc, hx, bytes, [&](const T *da, const T *db, const T *dc, T *dx, void *buf) { return Dev<T>::solve(piv, n, nrhs, da, db, dc, dx, ldx, buf, cfg); });

  double            worst = 0, worst_ref = 0;
  bool              ok    = st == TS_SUCCESS;
  bool              pad_ok = true;
  std::vector<double> x(n);
  for (int j = 0; j < nrhs; ++j) {
    for (int i = 0; i < n; ++i) x[i] = (double)hx[(size_t)j * ldx + i];
    for (int i = n; i < ldx; ++i)
      if (hx[(size_t)j * ldx + i] != sentinel) pad_ok = false;
    const double e = fre(n, x.data(), cs.xt->data() + (size_t)j * n);
    if (!(e <= worst)) worst = e; /* NaN sticks */
    if (!cs.ref->empty()) {
      const double er = fre(n, cs.ref->data() + (size_t)j * n, cs.xt->data() + (size_t)j * n);
      if (er > worst_ref) worst_ref = er;
    }
  }
  if (!check) return worst;
  const double eps  = single ? 5.96e-8 : 1.11e-16;
  const double amp  = cs.ref->empty() ? 1.0 : fmax(1.0, worst_ref / 1.11e-16);
  const double tol  = 1e3 * eps * amp;
  const bool   pass = ok && pad_ok && isfinite(worst) && worst <= tol;
  if (pass) ++g_pass;
  else {
    ++g_fail;
    if (verbose_fail)
      printf("FAIL %-6s %-6s n=%-8d %-7s nrhs=%d M=%d nf=%d %s: status %d pad %s FRE %.3e ref %.3e tol %.3e\n", single ? "float" : "double", s.name.c_str(), n, pivname(piv), nrhs, cfg.M, cfg.nf, tag, (int)st, pad_ok ? "ok" : "OVERWRITTEN", worst, worst_ref, tol);
  }
  return worst;
}

/* Programmatic dependent launches (the default on sm_90+) against plain stream-ordered launches of the
   same kernels (tuned entry, no_pdl): the same arithmetic, so the solutions must agree bit for
   bit; a kernel that read its predecessor's output before grid_wait() would differ (or fail under
   compute-sanitizer's racecheck). Sizes with plain, fused and several stages; 1 and 5 right-hand sides. */
template <class T>
static void dependent_launch_case(int n, int nrhs, ts_pivoting piv, uint64_t seed)
{
  Rng            r(seed);
  std::vector<T> ha(n), hb(n), hc(n), hx((size_t)n * nrhs);
  for (int i = 0; i < n; ++i) {
    ha[i] = (T)(i ? r.u01() - 0.5 : 0);
    hc[i] = (T)(i < n - 1 ? r.u01() - 0.5 : 0);
    hb[i] = (T)(r.u01() < 0.1 ? 1e-3 * r.u01() : 2 * r.u01() - 1); /* pivoting matters */
  }
  for (auto &v : hx) v = (T)(2 * r.u01() - 1);
  const size_t   bytes = ts_cuda_gtsv_buffer_size_tuned(n, nrhs, sizeof(T) == 4, nullptr);
  auto           solve = [&](std::vector<T> &x, const ts_rpts_config &cfg) {
    return device_roundtrip(ha, hb, hc, x, bytes, [&](const T *da, const T *db, const T *dc, T *dx, void *buf) { return Dev<T>::solve(piv, n, nrhs, da, db, dc, dx, n, buf, cfg); });
  };
  std::vector<T>  hy = hx, hz = hx;
  const ts_status s1 = solve(hx, ts_rpts_config{});
  /* no_pdl: plain launches; no_l2_hints: no L2 eviction priorities (the default where a stage fits in
     L2), a hint only, so bitwise too */
  auto compare = [&](std::vector<T> &y, const ts_rpts_config &cfg, const char *what, const char *against) {
    const ts_status s2   = solve(y, cfg);
    size_t          diff = 0;
    for (size_t i = 0; i < hx.size(); ++i) diff += memcmp(&hx[i], &y[i], sizeof(T)) != 0;
    const bool ok = s1 == TS_SUCCESS && s2 == TS_SUCCESS && diff == 0;
    ok ? ++g_pass : ++g_fail;
    printf("%s %-18s %-6s n=%-8d %-7s nrhs=%d: %zu of %zu values differ from %s\n", ok ? "ok  " : "FAIL", what, sizeof(T) == 4 ? "float" : "double", n, pivname(piv), nrhs, diff, hx.size(), against);
  };
  ts_rpts_config plain{}, unhinted{};
  plain.no_pdl         = 1;
  unhinted.no_l2_hints = 1;
  compare(hy, plain, "dependent launches", "plain launches");
  compare(hz, unhinted, "L2 priorities", "loads without them");
}

static void dependent_launch_tests(bool quick)
{
  printf("\nprogrammatic dependent launches against plain launches, L2 priorities against none (bitwise)\n");
  uint64_t seed = 77;
  for (int n : {1000, 100000, 1 << 20, 3000001}) {
    if (quick && n > 100000) continue;
    for (int nrhs : {1, 5}) {
      dependent_launch_case<double>(n, nrhs, TS_PIVOTING_SCALED, seed++);
      dependent_launch_case<float>(n, nrhs, TS_PIVOTING_PARTIAL, seed++);
    }
  }
}

struct Prepared {
  System              sys;
  std::vector<double> xt, d, ref[3];
};

static void prepare(Prepared &p, int nrhs_max, uint64_t seed);

/* The default plan's wide stages: double stages of at least 2^23 rows take partitions of 24 (rpts.cuh,
   WIDE_MIN_ROWS). One size above the threshold, the plan checked to start with M = 24, then the solve
   judged as every default solve is (FRE against the reference's), 1 and 4 right-hand sides. */
static void wide_stage_tests()
{
  const int n = (1 << 23) + 5;
  int       M[16];
  long long rows[17];
  int       Mf[16];
  const int S  = ts_cuda_gtsv_plan_tuned(n, 1, 0, nullptr, M, rows);
  const int S4 = ts_cuda_gtsv_plan_tuned(n, 4, 0, nullptr, nullptr, nullptr);
  const int Sf = ts_cuda_gtsv_plan_tuned(n, 1, 1, nullptr, Mf, nullptr);
  const bool plan_ok = S >= 2 && S4 >= 2 && Sf >= 2 && M[0] == 24 && M[1] == 16 && Mf[0] == 16;
  plan_ok ? ++g_pass : ++g_fail;
  printf("\n%s wide stages: n = %d, double plan M = %d (%lld rows), then M = %d (%lld rows); float M = %d\n", plan_ok ? "ok  " : "FAIL", n, M[0], rows[0], M[1], rows[1], Mf[0]);
  uint64_t seed = 4242;
  for (const char *type : {"dom", "rand", "zrand"}) {
    Prepared P;
    P.sys = make_system(type, n, seed++);
    prepare(P, 4, seed++);
    for (int pv = type[0] == 'd' ? 0 : 1; pv < 3; ++pv) {
      Case cs{&P.sys, &P.xt, &P.d, &P.ref[pv]};
      const double eref = P.ref[pv].empty() ? NAN : fre(n, P.ref[pv].data(), P.xt.data());
      for (int nrhs : {1, 4}) {
        const double e = run_gpu<double>(cs, (ts_pivoting)pv, nrhs, ts_rpts_config{}, true, "wide");
        printf("       double %-6s n=%d %-7s nrhs=%d: FRE %.3e (reference %.3e)\n", type, n, pivname(pv), nrhs, e, eref);
      }
    }
  }
}

static void prepare(Prepared &p, int nrhs_max, uint64_t seed)
{
  const int n = p.sys.n;
  Rng       r(seed ^ 0xabcdefULL);
  p.xt.resize((size_t)n * nrhs_max);
  p.d.resize((size_t)n * nrhs_max);
  for (auto &v : p.xt) v = 3.0 + r.pm1();
  for (int j = 0; j < nrhs_max; ++j) matvec(p.sys, p.xt.data() + (size_t)j * n, p.d.data() + (size_t)j * n);
  for (int pv = 0; pv < 3; ++pv)
    if (!reference(p.sys, (ts_pivoting)pv, nrhs_max, p.d, p.ref[pv])) p.ref[pv].clear();
}

/* ------------------------------------------------------------------------------------------ */
/* RPTS with the forest permutations fused in (ts_cuda_[ds]gtsv_permuted) against the same      */
/* solve composed on the host: rhs gathered (and scaled, less w) in double, rounded to T, solved */
/* by the plain ts_cuda_[ds]gtsv, scattered (scaled, accumulated) in double. The arithmetic of   */
/* the solve is the same, so the two must agree bit for bit, and vector rows that no slot        */
/* scatters to, ghost slots and the padding rows must come back untouched.                        */
/* ------------------------------------------------------------------------------------------ */
template <class T>
static ts_status permuted_solve(ts_pivoting p, int n, int nrhs, const T *a, const T *b, const T *c, const ts_permuted_io *io, void *buf, const ts_rpts_config &cfg);
template <>
ts_status permuted_solve<double>(ts_pivoting p, int n, int nrhs, const double *a, const double *b, const double *c, const ts_permuted_io *io, void *buf, const ts_rpts_config &cfg)
{
  if (production(cfg)) return ts_cuda_dgtsv_permuted(0, p, n, nrhs, a, b, c, io, buf);
  return ts_cuda_dgtsv_permuted_tuned(0, p, n, nrhs, a, b, c, io, buf, &cfg);
}
template <>
ts_status permuted_solve<float>(ts_pivoting p, int n, int nrhs, const float *a, const float *b, const float *c, const ts_permuted_io *io, void *buf, const ts_rpts_config &cfg)
{
  if (production(cfg)) return ts_cuda_sgtsv_permuted(0, p, n, nrhs, a, b, c, io, buf);
  return ts_cuda_sgtsv_permuted_tuned(0, p, n, nrhs, a, b, c, io, buf, &cfg);
}

template <class T>
static T *to_device(const std::vector<T> &h)
{
  T *d = nullptr;
  CK(cudaMalloc(&d, (h.empty() ? 1 : h.size()) * sizeof(T)));
  if (!h.empty()) CK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

/* variant: 0 gather = scatter = a permutation; 1 with ghost slots (nv < n vertices); 2 scales, w and
   accumulate; 3 identity in place (y = x); 4 gather != scatter, y = fresh vector. keep: keep_rhs (the
   finest stage's second pass reads the stashed right-hand side) */
template <class T>
static void permuted_case(const char *type, int n, ts_pivoting piv, int nrhs, int variant, int keep, uint64_t seed, const ts_rpts_config &cfg = ts_rpts_config{})
{
  const System sys = make_system(type, n, seed);
  Rng          r(seed * 31 + variant);
  const int    ghosts = variant == 1 ? (n > 4 ? n / 5 : 1) : 0, nv = n - ghosts;
  if (nv < 1) return;
  const int ld = nv + 2; /* vector leading dimension: 2 padding rows */
  std::vector<ts_int> gather(n), scatter(n), slots(n);
  for (int i = 0; i < n; ++i) slots[i] = i < nv ? i : -1;
  for (int i = n - 1; i > 0; --i) std::swap(slots[i], slots[(int)(r.next() % (uint64_t)(i + 1))]);
  gather = slots;
  scatter = slots;
  if (variant == 4) /* another permutation for the way out */
    for (int i = n - 1; i > 0; --i) std::swap(scatter[i], scatter[(int)(r.next() % (uint64_t)(i + 1))]);
  std::vector<double> x((size_t)ld * nrhs), w((size_t)ld * nrhs), y((size_t)ld * nrhs), sin_((size_t)nv), sout((size_t)nv);
  for (auto &v : x) v = 3.0 + r.pm1();
  for (auto &v : w) v = 0.5 * r.pm1();
  for (auto &v : y) v = r.pm1();
  for (auto &v : sin_) v = 0.5 + r.u01();
  for (auto &v : sout) v = 0.5 + r.u01();
  const bool scaled = variant == 2, inplace = variant == 3;

  /* host composition of the rhs in the forest order, rounded to T */
  std::vector<T> ha(n), hb(n), hc(n), rhs((size_t)n * nrhs);
  for (int i = 0; i < n; ++i) {
    ha[i] = (T)sys.a[i];
    hb[i] = (T)sys.b[i];
    hc[i] = (T)sys.c[i];
  }
  for (int j = 0; j < nrhs; ++j)
    for (int i = 0; i < n; ++i) {
      const ts_int v = inplace ? i : gather[i];
      double       q = 0;
      if (v >= 0) {
        q = x[(size_t)j * ld + v];
        if (scaled) q = sin_[v] * (q - w[(size_t)j * ld + v]);
      }
      rhs[(size_t)j * n + i] = (T)q;
    }
  /* the plain solve of the same rhs */
  const size_t plain_bytes = ts_cuda_gtsv_buffer_size_tuned(n, nrhs, sizeof(T) == 4, &cfg);
  const ts_status st0 = device_roundtrip(ha, hb, hc, rhs, plain_bytes, [&](const T *da, const T *db, const T *dc, T *dx, void *buf) { return Dev<T>::solve(piv, n, nrhs, da, db, dc, dx, n, buf, cfg); });
  std::vector<double> expect = inplace ? x : y;
  for (int j = 0; j < nrhs; ++j)
    for (int i = 0; i < n; ++i) {
      const ts_int u = inplace ? i : scatter[i];
      if (u < 0) continue;
      const double z  = (double)rhs[(size_t)j * n + i];
      const double rr = scaled ? sout[u] * z : z;
      double      &e  = expect[(size_t)j * ld + u];
      e               = scaled ? e + rr : rr;
    }

  /* the fused solve */
  T              *da = to_device(ha), *db = to_device(hb), *dc = to_device(hc);
  ts_int         *dg = to_device(gather), *ds = to_device(scatter);
  double         *dx = to_device(x), *dw = to_device(w), *dy = to_device(y), *dsi = to_device(sin_), *dso = to_device(sout);
  const size_t    bytes = production(cfg) ? ts_cuda_gtsv_permuted_buffer_size(n, nrhs, sizeof(T) == 4) : ts_cuda_gtsv_permuted_buffer_size_tuned(n, nrhs, sizeof(T) == 4, &cfg);
  void           *buf   = nullptr;
  CK(cudaMalloc(&buf, bytes + 1));
  CK(cudaMemset(buf, 0xff, bytes + 1));
  ts_permuted_io io;
  memset(&io, 0, sizeof(io));
  io.gather  = inplace ? nullptr : dg;
  io.scatter = inplace ? nullptr : ds;
  io.x       = dx;
  io.ldx     = ld;
  io.y       = inplace ? dx : dy;
  io.ldy     = ld;
  io.keep_rhs = keep;
  if (scaled) {
    io.in_scale   = dsi;
    io.out_scale  = dso;
    io.w          = dw;
    io.ldw        = ld;
    io.accumulate = 1;
  }
  const ts_status st = permuted_solve<T>(piv, n, nrhs, da, db, dc, &io, buf, cfg);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<double> got(expect.size());
  CK(cudaMemcpy(got.data(), inplace ? dx : dy, got.size() * sizeof(double), cudaMemcpyDeviceToHost));
  for (void *p : {(void *)da, (void *)db, (void *)dc, (void *)dg, (void *)ds, (void *)dx, (void *)dw, (void *)dy, (void *)dsi, (void *)dso, buf}) cudaFree(p);

  size_t bad = 0, first = 0;
  for (size_t i = 0; i < got.size(); ++i)
    if (memcmp(&got[i], &expect[i], sizeof(double)) && !(isnan(got[i]) && isnan(expect[i])))
      if (!bad++) first = i;
  const bool pass = st == TS_SUCCESS && st0 == TS_SUCCESS && !bad;
  if (pass) ++g_pass;
  else {
    ++g_fail;
    printf("FAIL permuted %-6s %-5s n=%-8d %-7s nrhs=%d variant %d keep %d M=%d gepp=%d: status %d/%d, %zu entries differ (first %zu: %.17g vs %.17g)\n", sizeof(T) == 4 ? "float" : "double", type, n, pivname(piv), nrhs, variant, keep, cfg.M, cfg.final_gepp, (int)st, (int)st0, bad, first, bad ? got[first] : 0.0, bad ? expect[first] : 0.0);
  }
}

static bool g_tiny = false; /* --tiny: the permuted solves on three sizes, for racecheck (minutes per launch set) */

static void permuted_tests(bool quick)
{
  const int before = g_pass + g_fail;
  int       fails  = g_fail;
  std::vector<int> sizes = {1, 2, 3, 33, 512, 1000, 12345, 300000};
  if (!quick) sizes.push_back(1 << 20);
  if (g_tiny) sizes = {33, 1000, 12345};
  uint64_t seed = 77;
  for (const char *type : {"dom", "zdom", "rand"}) /* zdom: zero couplings (paths ending inside a tile) */
    for (int n : sizes)
      for (int pv = type[0] == 'r' ? 1 : 0; pv < 3; ++pv)
        for (int nrhs : {1, 4, 5})
          for (int variant = 0; variant < 5; ++variant) {
            if (quick && nrhs == 5 && n > 1000) continue;
            if (g_tiny && (nrhs == 4 || variant > 1)) continue;
            for (int keep = 0; keep < 2; ++keep) permuted_case<double>(type, n, (ts_pivoting)pv, nrhs, variant, keep, seed);
            permuted_case<float>(type, n, (ts_pivoting)pv, nrhs, variant, variant % 2, seed++);
          }
  /* plans the analysis may pick (ts_cuda_[ds]gtsv_permuted_tuned): a stage 0 other than M_DEFAULT goes
     through scratch (rpts.cuh, solve_columns), the final stage by one thread's elimination, no wide stages */
  ts_rpts_config plans[5] = {};
  plans[0].M          = 24;
  plans[1].M          = 18;
  plans[2].final_gepp = 1;
  plans[3].M          = 32;
  plans[3].final_gepp = 1;
  plans[4].no_wide    = 1;
  for (const ts_rpts_config &cfg : plans)
    for (int n : {33, 1000, 300000})
      for (int nrhs : {1, 5})
        for (int variant = 0; variant < 5; ++variant) {
          if (g_tiny && (n > 1000 || variant > 1)) continue;
          for (int keep = 0; keep < 2; ++keep) permuted_case<double>("rand", n, TS_PIVOTING_SCALED, nrhs, variant, keep, seed, cfg);
          permuted_case<float>("dom", n, TS_PIVOTING_PARTIAL, nrhs, variant, variant % 2, seed++, cfg);
        }
  printf("\npermuted solves (fused gather/scatter vs host composition, bitwise): %d cases, %d failed\n", g_pass + g_fail - before, g_fail - fails);
}

#if defined(TS_HAVE_GALLERY)
/* ------------------------------------------------------------------------------------------ */
/* Block RPTS (ts_cuda_dbgtsv / ts_cuda_sbgtsv) against the host oracle ts_ref_bgtsv on the     */
/* block gallery. Judged by the forward error where the partitioned block rule is stable (as in */
/* tests/kernels/host_sim_rpts.cu): FRE <= 1e3 eps_T max(1, FRE_ref / eps_double); everywhere: */
/* status, padding rows untouched, the unused corner blocks ignored (filled with garbage).      */
/* ------------------------------------------------------------------------------------------ */
template <class T>
static ts_status bsolve(ts_pivoting p, int nb, int nrhs, const T *a, const T *b, const T *c, T *x, int ldx, void *buf);
template <>
ts_status bsolve<double>(ts_pivoting p, int nb, int nrhs, const double *a, const double *b, const double *c, double *x, int ldx, void *buf)
{
  return ts_cuda_dbgtsv(0, p, nb, nrhs, a, b, c, x, ldx, buf);
}
template <>
ts_status bsolve<float>(ts_pivoting p, int nb, int nrhs, const float *a, const float *b, const float *c, float *x, int ldx, void *buf)
{
  return ts_cuda_sbgtsv(0, p, nb, nrhs, a, b, c, x, ldx, buf);
}

template <class T>
static void block_case(tgb_kind kind, ts_pivoting piv, int nb, int nrhs, uint64_t seed)
{
  static const unsigned stable[3] = {(1u << TGB_DOM) | (1u << TGB_PATHS), (1u << TGB_DOM) | (1u << TGB_PATHS) | (1u << TGB_RPATHS), (1u << TGB_DOM) | (1u << TGB_PATHS)};
  const int           n = 2 * nb, ldx = n + 3, single = sizeof(T) == 4;
  std::vector<double> a(4 * nb), b(4 * nb), c(4 * nb), xt((size_t)n * nrhs), d((size_t)n * nrhs);
  tgb_system(kind, nb, seed, a.data(), b.data(), c.data());
  Rng r(seed ^ 0x5151ULL);
  for (auto &v : xt) v = 3.0 + r.pm1();
  for (int k = 0; k < nrhs; ++k) tgb_matvec(nb, a.data(), b.data(), c.data(), xt.data() + (size_t)k * n, d.data() + (size_t)k * n);
  std::vector<double> xr = d;
  std::vector<char>   w(ts_ref_bgttrf_size(nb) + 16);
  ts_int              zr;
  const bool          refok = ts_ref_bgtsv(piv, nb, nrhs, a.data(), b.data(), c.data(), xr.data(), n, w.data(), &zr) == TS_SUCCESS;
  std::vector<T>      ha(4 * nb), hb(4 * nb), hc(4 * nb), hx((size_t)ldx * nrhs);
  for (int i = 0; i < 4 * nb; ++i) {
    ha[i] = (T)a[i];
    hb[i] = (T)b[i];
    hc[i] = (T)c[i];
  }
  for (int k = 0; k < 4; ++k) {
    ha[k]              = (T)(12345.0 + k); /* not part of the matrix */
    hc[4 * (nb - 1) + k] = (T)(-777.0 - k);
  }
  const T sentinel = (T)-4242.5;
  for (int j = 0; j < nrhs; ++j)
    for (int i = 0; i < ldx; ++i) hx[(size_t)j * ldx + i] = i < n ? (T)d[(size_t)j * n + i] : sentinel;
  const size_t bytes = ts_cuda_bgtsv_buffer_size(nb, nrhs, single);
  const ts_status st = device_roundtrip(ha, hb, hc, hx, bytes, [&](const T *da, const T *db, const T *dc, T *dx, void *buf) { return bsolve<T>(piv, nb, nrhs, da, db, dc, dx, ldx, buf); });
  double              e = 0, er = 0;
  bool                pad_ok = true;
  std::vector<double> x(n);
  for (int j = 0; j < nrhs; ++j) {
    for (int i = 0; i < n; ++i) x[i] = (double)hx[(size_t)j * ldx + i];
    for (int i = n; i < ldx; ++i) pad_ok = pad_ok && hx[(size_t)j * ldx + i] == sentinel;
    const double ej = fre(n, x.data(), xt.data() + (size_t)j * n), erj = refok ? fre(n, xr.data() + (size_t)j * n, xt.data() + (size_t)j * n) : (double)INFINITY;
    e  = isfinite(ej) && isfinite(e) ? fmax(e, ej) : INFINITY;
    er = isfinite(erj) && isfinite(er) ? fmax(er, erj) : INFINITY;
  }
  const bool   judged = (stable[piv] >> kind) & 1u;
  const double eps = single ? 5.96e-8 : 1.11e-16, tol = 1e3 * eps * fmax(1.0, er / 1.11e-16);
  const bool   ok  = st == TS_SUCCESS && pad_ok && (!judged || (isfinite(e) && e <= tol));
  ok ? ++g_pass : ++g_fail;
  if (!ok || nb >= 100000 || (nb == 1000 && nrhs == 1))
    printf("%s block %-6s %-9s nb=%-7d %-7s nrhs=%d: FRE %.3e ref %.3e%s%s\n", ok ? "ok  " : "FAIL", single ? "float" : "double", tgb_name(kind), nb, pivname(piv), nrhs, e, er, judged ? "" : " (not judged)", pad_ok ? "" : " PADDING OVERWRITTEN");
}

static void block_tests(bool quick)
{
  std::vector<int> sizes = {1, 2, 3, 13, 14, 15, 33, 1000, 12345, 1 << 19};
  if (quick) sizes = {1, 2, 3, 15, 33, 1000, 20000};
  uint64_t seed = 77;
  printf("\nBlock RPTS (2x2) vs ts_ref_bgtsv\n");
  {
    const ts_status s1 = ts_cuda_dbgtsv(0, TS_PIVOTING_SCALED, 10, 1, nullptr, nullptr, nullptr, nullptr, 19, nullptr);
    const ts_status s2 = ts_cuda_sbgtsv(0, (ts_pivoting)7, 10, 1, nullptr, nullptr, nullptr, nullptr, 20, nullptr);
    const ts_status s3 = ts_cuda_dbgtsv(0, TS_PIVOTING_SCALED, 0, 1, nullptr, nullptr, nullptr, nullptr, 1, nullptr);
    const bool      ok = s1 == TS_ERR_ARGUMENT && s2 == TS_ERR_ARGUMENT && s3 == TS_SUCCESS && ts_cuda_bgtsv_buffer_size(0, 1, 0) == 0;
    printf("block argument checks: %s\n", ok ? "ok" : "FAIL");
    ok ? ++g_pass : ++g_fail;
  }
  for (int kind = 0; kind < TGB_NKINDS; ++kind)
    for (int pv = 0; pv < 3; ++pv) {
      if (pv == TS_PIVOTING_NONE && kind != TGB_DOM && kind != TGB_PATHS) continue;
      for (int nb : sizes) {
        if (kind == TGB_ZERODIAG && nb % 2) continue;
        for (int nrhs : {1, 4}) {
          if (quick && nrhs == 4 && nb > 1000) continue;
          block_case<double>((tgb_kind)kind, (ts_pivoting)pv, nb, nrhs, seed);
          block_case<float>((tgb_kind)kind, (ts_pivoting)pv, nb, nrhs, seed);
          ++seed;
        }
        if (nb == 33) block_case<double>((tgb_kind)kind, (ts_pivoting)pv, nb, 5, seed++);
      }
    }
}

/* ------------------------------------------------------------------------------------------ */
/* The analysis (ts_cuda_[ds]gtsv_analyze): the plan for one matrix, as the caller's setup runs it */
/* ------------------------------------------------------------------------------------------ */
template <class T>
static ts_rpts_config analyze_on_gpu(const System &s, ts_pivoting piv, int permuted, double *err = nullptr, double *ms = nullptr)
{
  const int      n = s.n;
  std::vector<T> ha(s.a.begin(), s.a.end()), hb(s.b.begin(), s.b.end()), hc(s.c.begin(), s.c.end());
  T             *da = to_device(ha), *db = to_device(hb), *dc = to_device(hc);
  const size_t   bytes = ts_cuda_gtsv_analyze_buffer_size(n, sizeof(T) == 4, permuted);
  void          *work  = nullptr;
  CK(cudaMalloc(&work, bytes + 1));
  CK(cudaMemset(work, 0xff, bytes + 1));
  ts_rpts_config cfg;
  double         e  = -1;
  cudaEvent_t    t0, t1;
  CK(cudaEventCreate(&t0));
  CK(cudaEventCreate(&t1));
  CK(cudaEventRecord(t0, 0));
  const ts_status st = sizeof(T) == 8 ? ts_cuda_dgtsv_analyze(0, piv, n, (const double *)da, (const double *)db, (const double *)dc, permuted, work, &cfg, &e) : ts_cuda_sgtsv_analyze(0, piv, n, (const float *)da, (const float *)db, (const float *)dc, permuted, work, &cfg, &e);
  CK(cudaEventRecord(t1, 0));
  CK(cudaEventSynchronize(t1));
  float t = 0;
  CK(cudaEventElapsedTime(&t, t0, t1));
  if (ms) *ms = t;
  if (err) *err = e;
  if (st != TS_SUCCESS) {
    ++g_fail;
    printf("FAIL analyze n=%d: status %d\n", n, (int)st);
  }
  for (void *p : {(void *)da, (void *)db, (void *)dc, work}) cudaFree(p);
  cudaEventDestroy(t0);
  cudaEventDestroy(t1);
  return cfg;
}

static const char *plan_name(const ts_rpts_config &c)
{
  static char buf[64];
  snprintf(buf, sizeof buf, "%s%s%s", c.M ? (c.M == 16 ? "M16" : c.M == 18 ? "M18" : c.M == 24 ? "M24" : "M32") : "default", c.final_gepp ? ",gepp" : "", c.no_wide ? ",no_wide" : "");
  return buf;
}

static double lapack_fre(const System &s, const std::vector<double> &d, const std::vector<double> &xt)
{
  int                 n = s.n, one = 1, info = 0;
  std::vector<double> dl(n), dd(s.b), du(n), xl(d);
  for (int i = 0; i + 1 < n; ++i) {
    dl[i] = s.a[i + 1];
    du[i] = s.c[i];
  }
  dgtsv_(&n, &one, dl.data(), dd.data(), du.data(), xl.data(), &n, &info);
  return info == 0 ? fre(n, xl.data(), xt.data()) : (double)INFINITY;
}

/* Matrices whose partitions' inner blocks are singular for a partition size the plans use: P rows, inner
   block of P - 2 rows, singular for tridiag(1, 2 cos(k pi / (P - 1)), 1): P = 16 (global and fused stages),
   24 (wide stages), 18 (M_ALT), 8 (M2, the fused stages' second level), 12 (MF, the final stage); and
   tridiag(1, 1, 1), tridiag(1, 0, 1). Sizes: 508 (final stage only), 100002 (a fused stage 0), 300000 (a
   plain stage 0), 2^23 + 4 (a wide stage 0), each with n + 1 prime to every P - 1 (the system is
   nonsingular). Analysed plan, then the planned solve (double, scaled and partial pivoting; the 2^23
   size with scaled pivoting only): finite, and FRE <= max(10 FRE_LAPACK, 1e-13). The default plan's FRE
   is printed for comparison. */
static void robust_tests(bool quick)
{
  const auto cases = singular_block_cases();
  std::vector<int> sizes = {508, 100002, 300000};
  if (!quick) sizes.push_back((1 << 23) + 4);
  printf("\nSingular inner blocks: tridiag(1, beta, 1), analysed plan vs LAPACK dgtsv (rule: finite, <= max(10x LAPACK, 1e-13))\n");
  printf("%-9s %-16s %-7s %10s %10s %10s %9s %s\n", "n", "matrix", "piv", "LAPACK", "default", "planned", "probe", "plan");
  int pass = 0, total = 0, nan_default = 0;
  for (int n : sizes)
    for (const auto &cs : cases) {
      Prepared P;
      P.sys.name = "robust";
      P.sys.n    = n;
      P.sys.a.assign(n, 1.0);
      P.sys.b.assign(n, cs.second);
      P.sys.c.assign(n, 1.0);
      P.sys.a[0] = P.sys.c[n - 1] = 0;
      P.xt.resize(n);
      P.d.resize(n);
      tg_rhs(n, 7, P.xt.data());
      matvec(P.sys, P.xt.data(), P.d.data());
      const double el = lapack_fre(P.sys, P.d, P.xt);
      for (int pv = 2; pv >= (n > (1 << 23) ? 2 : 1); --pv) {
        Case         c{&P.sys, &P.xt, &P.d, &P.ref[0]};
        double       probe = 0;
        const auto   cfg   = analyze_on_gpu<double>(P.sys, (ts_pivoting)pv, 0, &probe);
        const double e0    = run_gpu<double>(c, (ts_pivoting)pv, 1, ts_rpts_config{}, false, "robust");
        const double e     = run_gpu<double>(c, (ts_pivoting)pv, 1, cfg, false, "robust");
        const bool   ok    = !isfinite(el) || (isfinite(e) && e <= fmax(10 * el, 1e-13));
        ++total;
        pass += ok;
        nan_default += !isfinite(e0);
        ok ? ++g_pass : ++g_fail;
        printf("%-9d %-16s %-7s %10.2e %10.2e %10.2e %9.2e %s%s\n", n, cs.first.c_str(), pivname(pv), el, e0, e, probe, plan_name(cfg), ok ? "" : "  FAIL");
      }
    }
  printf("singular inner blocks: %d of %d pass (the default plan: %d not finite)\n", pass, total, nan_default);
}

/* ------------------------------------------------------------------------------------------ */
/* Accuracy suite (issue 3): Table 4 (20) and Chang's 18 types at size n, RPTS (GPU, double,    */
/* scaled and partial pivoting) vs LAPACK dgtsv on the same system, one draw (seed 2021, x_t    */
/* ~ N(3,1) seed 7). Rule (tests/ex1.c): where LAPACK's FRE < 1e-3, FRE <= 10 max(FRE_LAPACK,    */
/* 1e-15); elsewhere finite unless LAPACK is not. randsvd (8-11) only up to TG_RANDSVD_MAX_N.   */
/* Judged on the planned solve (ts_cuda_dgtsv_analyze per matrix and pivoting, then the tuned    */
/* solve with its plan); the default plan's FRE is printed too.                                  */
/* ------------------------------------------------------------------------------------------ */
static void accuracy_suite(int n)
{
  printf("\nAccuracy suite, N = %d: FRE of RPTS (GPU, double) vs LAPACK dgtsv, rule: <= 10x LAPACK where LAPACK < 1e-3\n", n);
  printf("%-6s %3s %-26s %10s %10s %10s %10s %10s %-7s %s\n", "family", "id", "name", "LAPACK", "scaled", "partial", "dflt-scal", "dflt-part", "verdict", "plans (scaled / partial)");
  int    pass = 0, total = 0, nonfinite = 0;
  double worst = 0;
  for (int family = 0; family < 2; ++family)
    for (int id = 1; id <= (family ? 18 : 20); ++id) {
      Prepared P;
      P.sys.n = n;
      P.sys.a.assign(n, 0.0);
      P.sys.b.assign(n, 0.0);
      P.sys.c.assign(n, 0.0);
      const int gerr = family ? tg_chang(id, n, n / 2, 2021, P.sys.a.data(), P.sys.b.data(), P.sys.c.data()) : tg_table4(id, n, 2021, P.sys.a.data(), P.sys.b.data(), P.sys.c.data());
      const char *name = family ? tg_chang_name(id) : tg_table4_name(id);
      if (gerr != TG_OK) {
        printf("%-6s %3d %-26s (not available at this size)\n", family ? "Chang" : "Tab4", id, name);
        continue;
      }
      P.sys.name = "suite";
      P.xt.resize(n);
      P.d.resize(n);
      tg_rhs(n, 7, P.xt.data());
      matvec(P.sys, P.xt.data(), P.d.data());
      std::vector<double> dl(n), dd(P.sys.b), du(n), xl(P.d);
      for (int i = 0; i + 1 < n; ++i) {
        dl[i] = P.sys.a[i + 1];
        du[i] = P.sys.c[i];
      }
      int one = 1, info = 0;
      dgtsv_(&n, &one, dl.data(), dd.data(), du.data(), xl.data(), &n, &info);
      const double el = info == 0 ? fre(n, xl.data(), P.xt.data()) : (double)INFINITY;
      double         e[2], e0[2];
      ts_rpts_config cfg[2];
      for (int k = 0; k < 2; ++k) {
        const ts_pivoting piv = k ? TS_PIVOTING_PARTIAL : TS_PIVOTING_SCALED;
        Case              cs{&P.sys, &P.xt, &P.d, &P.ref[0]};
        cfg[k] = analyze_on_gpu<double>(P.sys, piv, 0);
        e[k]   = run_gpu<double>(cs, piv, 1, cfg[k], false, "suite");
        e0[k]  = run_gpu<double>(cs, piv, 1, ts_rpts_config{}, false, "suite");
      }
      bool ok = true;
      for (int k = 0; k < 2; ++k) {
        const bool fin = isfinite(e[k]);
        ok             = ok && (isfinite(el) && el < 1e-3 ? fin && e[k] <= 10 * fmax(el, 1e-15) : fin || !isfinite(el));
        if (isfinite(el) && !fin) ++nonfinite;
        if (isfinite(el) && el < 1e-3 && fin) worst = fmax(worst, e[k] / fmax(el, 1e-15));
      }
      ++total;
      pass += ok;
      ok ? ++g_pass : ++g_fail;
      char plans[64];
      snprintf(plans, sizeof plans, "%s", plan_name(cfg[0]));
      printf("%-6s %3d %-26s %10.2e %10.2e %10.2e %10.2e %10.2e %-7s %s / %s\n", family ? "Chang" : "Tab4", id, name, el, e[0], e[1], e0[0], e0[1], ok ? "PASS" : "FAIL", plans, plan_name(cfg[1]));
    }
  printf("suite N = %d: %d of %d pass, worst FRE / max(FRE_LAPACK, 1e-15) %.2f where LAPACK < 1e-3, %d not finite where LAPACK is\n", n, pass, total, worst, nonfinite);
}
#endif

int main(int argc, char **argv)
{
  bool quick = false, gallery = true, blocks = true, scalar = true, permuted = true, robust_only = false;
  std::vector<int> suite_n;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--quick")) quick = true;
    if (!strcmp(argv[i], "--tiny")) quick = g_tiny = true;
    if (!strcmp(argv[i], "--no-gallery")) gallery = false;
    if (!strcmp(argv[i], "--no-blocks")) blocks = false;
    if (!strcmp(argv[i], "--blocks-only")) scalar = gallery = false;
    if (!strcmp(argv[i], "--suite-only")) scalar = gallery = blocks = permuted = false;
    if (!strcmp(argv[i], "--blocks-only")) permuted = false;
    if (!strcmp(argv[i], "--permuted-only")) scalar = gallery = blocks = false;
    if (!strcmp(argv[i], "--suite") && i + 1 < argc) suite_n.push_back(atoi(argv[++i]));
    if (!strcmp(argv[i], "--robust-only")) scalar = gallery = blocks = permuted = false, robust_only = true;
    if (!strcmp(argv[i], "--no-permuted")) permuted = false;
    if (!strcmp(argv[i], "--gallery-only")) scalar = blocks = permuted = false;
  }
  int dev = 0;
  CK(cudaGetDevice(&dev));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, dev));
  printf("device: %s (%d SMs)\n", prop.name, prop.multiProcessorCount);

  /* argument checks */
  {
    ts_status s1 = ts_cuda_dgtsv(0, TS_PIVOTING_SCALED, -1, 1, nullptr, nullptr, nullptr, nullptr, 1, nullptr);
    ts_status s2 = ts_cuda_dgtsv(0, TS_PIVOTING_SCALED, 10, 1, nullptr, nullptr, nullptr, nullptr, 5, nullptr);
    ts_status s3 = ts_cuda_dgtsv(0, TS_PIVOTING_SCALED, 0, 1, nullptr, nullptr, nullptr, nullptr, 1, nullptr);
    ts_status s4 = ts_cuda_sgtsv(0, (ts_pivoting)7, 10, 1, nullptr, nullptr, nullptr, nullptr, 10, nullptr);
    /* the permuted solve: no io, bad pivoting, a zero leading dimension for several columns, no buffer */
    double         dummy = 0;
    ts_permuted_io io;
    memset(&io, 0, sizeof(io));
    io.x = io.y = &dummy;
    io.ldx = io.ldy = 5;
    ts_status p1 = ts_cuda_dgtsv_permuted(0, TS_PIVOTING_SCALED, 10, 1, &dummy, &dummy, &dummy, nullptr, &dummy);
    ts_status p2 = ts_cuda_dgtsv_permuted(0, (ts_pivoting)7, 10, 1, &dummy, &dummy, &dummy, &io, &dummy);
    io.ldx         = 0;
    ts_status p3   = ts_cuda_dgtsv_permuted(0, TS_PIVOTING_SCALED, 10, 2, &dummy, &dummy, &dummy, &io, &dummy);
    io.ldx         = 5;
    ts_status p4 = ts_cuda_sgtsv_permuted(0, TS_PIVOTING_SCALED, 10, 1, nullptr, nullptr, nullptr, &io, nullptr);
    ts_status p5 = ts_cuda_dgtsv_permuted(0, TS_PIVOTING_SCALED, 0, 1, nullptr, nullptr, nullptr, &io, nullptr);
    const bool ok = s1 == TS_ERR_ARGUMENT && s2 == TS_ERR_ARGUMENT && s3 == TS_SUCCESS && s4 == TS_ERR_ARGUMENT && p1 == TS_ERR_ARGUMENT && p2 == TS_ERR_ARGUMENT && p3 == TS_ERR_ARGUMENT && p4 == TS_ERR_ARGUMENT && p5 == TS_SUCCESS;
    printf("argument checks: %s\n", ok ? "ok" : "FAIL");
    ok ? ++g_pass : ++g_fail;
  }

  std::vector<int> sizes = {1, 2, 3, 31, 32, 33, 1000, 12345, 1 << 20};
  if (quick) sizes = {1, 2, 3, 31, 32, 33, 1000, 12345, 100000};
  const char *types[] = {"dom", "rand", "zdom", "zrand"};
  uint64_t    seed    = 1;
  printf("\n%-6s %-6s %9s %-8s %6s %12s %12s %12s %12s\n", "prec", "type", "n", "piv", "nrhs", "FRE(ref)", "FRE(gpu)", "FRE(M=16)", "FRE(M=40)");
  for (int ti = 0; ti < (scalar ? 4 : 0); ++ti) {
    for (int n : sizes) {
      Prepared P;
      P.sys = make_system(types[ti], n, seed++);
      prepare(P, 5, seed++);
      const bool dom = types[ti][0] == 'd' || !strcmp(types[ti], "zdom");
      for (int pv = dom ? 0 : 1; pv < 3; ++pv) {
        Case cs{&P.sys, &P.xt, &P.d, &P.ref[pv]};
        const double eref = P.ref[pv].empty() ? NAN : fre(n, P.ref[pv].data(), P.xt.data());
        for (int prec = 0; prec < 2; ++prec) {
          for (int nrhs : {1, 4}) {
            double e = prec ? run_gpu<float>(cs, (ts_pivoting)pv, nrhs, ts_rpts_config{}, true, "default") : run_gpu<double>(cs, (ts_pivoting)pv, nrhs, ts_rpts_config{}, true, "default");
            /* forced multi-stage paths at small n: every M, final stage of 32 rows */
            double e17 = NAN, e41 = NAN;
            if (n >= 33 && n <= 12345 && (!quick || nrhs == 1)) {
              for (int M : {0, 16, 24, 32, 40, TS_RPTS_M_DYNAMIC}) { /* 0: default (fused two-level stages) */
                double em = prec ? run_gpu<float>(cs, (ts_pivoting)pv, nrhs, ts_rpts_config{M, 32}, true, "forced") : run_gpu<double>(cs, (ts_pivoting)pv, nrhs, ts_rpts_config{M, 32}, true, "forced");
                if (M == 16) e17 = em;
                if (M == 40) e41 = em;
              }
            }
            if (nrhs == 1 || n >= 12345) printf("%-6s %-6s %9d %-8s %6d %12.3e %12.3e %12.3e %12.3e\n", prec ? "float" : "double", types[ti], n, pivname(pv), nrhs, eref, e, e17, e41);
          }
          /* nrhs = 5 (one batch of 4, one of 1) and 2 */
          if (n == 1000 || n == 33) {
            for (int nrhs : {2, 5}) prec ? run_gpu<float>(cs, (ts_pivoting)pv, nrhs, ts_rpts_config{}, true, "nrhs") : run_gpu<double>(cs, (ts_pivoting)pv, nrhs, ts_rpts_config{}, true, "nrhs");
          }
        }
      }
    }
  }

#if defined(TS_HAVE_GALLERY)
  if (gallery) {
    /* Table 4 (docs/algorithms.md 2.9), N = 512, x_t ~ N(3,1), double; on chip (default) and through
       global stages (M = 32, nf = 32: the thesis' single reduction stage of M = 32). */
    const int n = 512;
    printf("\nTable-4 gallery, n = %d, FRE (double; float in the last column, scaled)\n", n);
    printf("%3s %-28s %10s %10s %10s %10s %10s %10s %10s\n", "id", "name", "ref-scal", "none", "partial", "scaled", "part-M32", "scal-M32", "f32-scal");
    for (int id = 1; id <= 20; ++id) {
      Prepared P;
      P.sys.n = n;
      P.sys.a.assign(n, 0.0);
      P.sys.b.assign(n, 0.0);
      P.sys.c.assign(n, 0.0);
      if (tg_table4(id, n, 2021, P.sys.a.data(), P.sys.b.data(), P.sys.c.data()) != TG_OK) {
        printf("%3d %-28s (not available)\n", id, tg_table4_name(id));
        continue;
      }
      P.sys.name = "tab4";
      P.xt.resize(n);
      P.d.resize(n);
      tg_rhs(n, 7, P.xt.data());
      matvec(P.sys, P.xt.data(), P.d.data());
      for (int pv = 0; pv < 3; ++pv)
        if (!reference(P.sys, (ts_pivoting)pv, 1, P.d, P.ref[pv])) P.ref[pv].clear();
      const double eref = P.ref[2].empty() ? NAN : fre(n, P.ref[2].data(), P.xt.data());
      double       e[5];
      for (int pv = 0; pv < 3; ++pv) {
        Case cs{&P.sys, &P.xt, &P.d, &P.ref[pv]};
        e[pv] = run_gpu<double>(cs, (ts_pivoting)pv, 1, ts_rpts_config{}, false, "gallery");
      }
      for (int pv = 1; pv < 3; ++pv) {
        Case cs{&P.sys, &P.xt, &P.d, &P.ref[pv]};
        e[2 + pv] = run_gpu<double>(cs, (ts_pivoting)pv, 1, ts_rpts_config{32, 32}, false, "gallery");
      }
      Case         cs{&P.sys, &P.xt, &P.d, &P.ref[2]};
      const double ef = run_gpu<float>(cs, TS_PIVOTING_SCALED, 1, ts_rpts_config{}, false, "gallery");
      printf("%3d %-28s %10.2e %10.2e %10.2e %10.2e %10.2e %10.2e %10.2e\n", id, tg_table4_name(id), eref, e[0], e[1], e[2], e[3], e[4], ef);
      /* pivoting modes: never NaN where the reference is finite; note large deviations */
      for (int k = 1; k < 5; ++k) {
        if (isfinite(eref) && !isfinite(e[k])) {
          ++g_fail;
          printf("FAIL gallery id %d column %d: non-finite result\n", id, k);
        } else if (isfinite(eref) && e[k] > 1e3 * fmax(eref, 1e-15)) {
          ++g_warn;
          printf("NOTE gallery id %d column %d: FRE %.2e vs reference %.2e\n", id, k, e[k], eref);
        } else ++g_pass;
      }
    }
  }
#endif
  if (permuted) permuted_tests(quick);
  if (scalar) dependent_launch_tests(quick);
  if (scalar && !quick) wide_stage_tests();
#if defined(TS_HAVE_GALLERY)
  if (scalar || robust_only) robust_tests(quick);
#endif
#if defined(TS_HAVE_GALLERY)
  if (blocks) block_tests(quick);
  for (int n : suite_n) accuracy_suite(n);
#endif
  printf("\n%d notes\n", g_warn);
  printf("%d passed, %d failed\n", g_pass, g_fail);
  return g_fail ? 1 : 0;
}
