/* SPDX-License-Identifier: BSD-2-Clause */
/*
   acc_sim.cu - accuracy study of RPTS on the host simulation (the partition routines of rpts.cuh, as
   host_sim_rpts.cu runs them), with the GPU's default plan: plain M-row stages above FUSED_MAX_ROWS,
   fused two-level stages below, final stage of nf = 2048 rows. Its suite reproduces test_rpts --suite on
   the H100 to the printed digits (bench/results/rpts-speed/fused-stages/suite.log).

     acc_sim suite N [options]                                Table 4 + Chang vs LAPACK dgtsv (rule of issue 3)
     acc_sim robust N... [-q]                                 the singular-block families with the analysed plan
     acc_sim FAMILY ID N [options] [-v]                       one matrix (FAMILY 0: Table 4, 1: Chang);
                                                              -v: per stage, the FRE of a long double solve of
                                                              the coarse system as formed, and of the
                                                              substitution with exact interface values
   options: -M m, -FM m, -fmax rows, -wmin rows, -nf rows, -seed s, -rhsseed s, -dmatvec (both forms).
   -M: M of the plain stages, -FM: level-1 M of the fused stages, -fmax: fused stages up to this many
   rows (-1: none), -wmin: plain stages of at least this many rows take M_WIDE = 24 (2^23 as on the GPU
   in double; 0: none). -seed: the gallery's seed of the random matrices (2021, as test_rpts --suite); other
   seeds tell a robust pass from a lucky draw when comparing variants (e.g. TS_RPTS_MF, TS_RPTS_NSEQ).
   -rhsseed: the seed of the exact solution (7; tests/ex5.c uses matrix seed 7, solution seed 11);
   -dmatvec: the right-hand side A x_t computed in double (tg_matvec) as tests/ex5.c does, not in long double.
   -analyze: the plan that ts_cuda_dgtsv_analyze picks (src/kernels/cuda/rpts_analyze.cuh), simulated.
   The final stage's MF and NSEQ are printed first.
*/
#define main host_sim_main
#include "host_sim_rpts.cu"
#undef main
#include "cuda/rpts_analyze.cuh"
#include <string>
#include <type_traits>
#include "fre.h"
#include "singular_blocks.h"

extern "C" void dgtsv_(const int *n, const int *nrhs, double *dl, double *d, double *du, double *b, const int *ldb, int *info);

struct Sys {
  int n;
  std::vector<double> a, b, c, xt, d;
};

static unsigned g_seed = 2021; /* -seed */
static bool     g_double_rhs = false; /* -dmatvec: right-hand side A x_t in double (tg_matvec, as tests/ex5.c) */
static unsigned g_rhs_seed = 7; /* -rhsseed: the seed of the exact solution (tests/ex5.c: 11) */

static bool gen(int family, int id, int n, Sys &s)
{
  s.n = n;
  s.a.assign(n, 0);
  s.b.assign(n, 0);
  s.c.assign(n, 0);
  int e = family ? tg_chang(id, n, n / 2, g_seed, s.a.data(), s.b.data(), s.c.data()) : tg_table4(id, n, g_seed, s.a.data(), s.b.data(), s.c.data());
  if (e != TG_OK) return false;
  s.xt.resize(n);
  s.d.resize(n);
  tg_rhs(n, (int)g_rhs_seed, s.xt.data());
  if (g_double_rhs) tg_matvec(n, s.a.data(), s.b.data(), s.c.data(), s.xt.data(), s.d.data());
  else
    for (int i = 0; i < n; ++i) {
      long double v = (long double)s.b[i] * s.xt[i];
      if (i > 0) v += (long double)s.a[i] * s.xt[i - 1];
      if (i < n - 1) v += (long double)s.c[i] * s.xt[i + 1];
      s.d[i] = (double)v;
    }
  return true;
}


static double lapack(const Sys &s)
{
  int n = s.n, one = 1, info = 0;
  std::vector<double> dl(n), dd(s.b), du(n), x(s.d);
  for (int i = 0; i + 1 < n; ++i) {
    dl[i] = s.a[i + 1];
    du[i] = s.c[i];
  }
  dgtsv_(&n, &one, dl.data(), dd.data(), du.data(), x.data(), &n, &info);
  return info ? INFINITY : fre(n, x.data(), s.xt.data());
}

static double refsolve(const Sys &s, int piv)
{
  std::vector<double> x(s.d);
  std::vector<char> w(ts_ref_gttrf_size(s.n) + 8);
  ts_int zr;
  ts_ref_gtsv((ts_pivoting)piv, s.n, 1, s.a.data(), s.b.data(), s.c.data(), x.data(), s.n, w.data(), &zr);
  return fre(s.n, x.data(), s.xt.data());
}

/* plan options */
struct Opt {
  int  M       = 16;      /* plain stages */
  i64  wmin    = WIDE_MIN_ROWS_DEFAULT; /* plain stages of at least this many rows take M_WIDE (0: none), as the GPU's double plan */
  int  FM      = 16;      /* level 1 of fused stages */
  i64  fmax    = 1 << 18; /* fused stages for n_k <= fmax (-1: none, huge: all) */
  int  nf      = 2048;
  bool verbose = false;
  bool analyze = false; /* -analyze: the plan ts_cuda_dgtsv_analyze picks (rpts_analyze.cuh), simulated */
};

template <int PIV, int M>
static void stage_reduce(bool fused, i64 n, const double *a, const double *b, const double *c, const double *d, i64 ldd, double *ac, double *bc, double *cc, double *dc, i64 nc)
{
  (fused ? sim_reduce2<double, PIV, M, 1> : sim_reduce<double, PIV, M, 1>)(n, a, b, c, d, ldd, ac, bc, cc, dc, nc);
}
template <int PIV, int M>
static void stage_subst(bool fused, i64 n, const double *a, const double *b, const double *c, double *d, i64 ldd, const double *xc, i64 nc)
{
  (fused ? sim_subst2<double, PIV, M, 1> : sim_subst<double, PIV, M, 1>)(n, a, b, c, d, ldd, xc, nc);
}
/* f(std::integral_constant<int, M>()) for a run-time M among the partition sizes the study uses */
template <class F>
static void with_M(int M, F f)
{
  switch (M) {
  case 12: return f(std::integral_constant<int, 12>());
  case 14: return f(std::integral_constant<int, 14>());
  case 16: return f(std::integral_constant<int, 16>());
  case 17: return f(std::integral_constant<int, 17>());
  case 18: return f(std::integral_constant<int, 18>());
  case 20: return f(std::integral_constant<int, 20>());
  case 22: return f(std::integral_constant<int, 22>());
  case 24: return f(std::integral_constant<int, 24>());
  case 26: return f(std::integral_constant<int, 26>());
  case 32: return f(std::integral_constant<int, 32>());
  case 34: return f(std::integral_constant<int, 34>());
  case 40: return f(std::integral_constant<int, 40>());
  }
  abort();
}
template <int PIV>
static void dispatch_reduce(int M, bool fused, i64 n, const double *a, const double *b, const double *c, const double *d, i64 ldd, double *ac, double *bc, double *cc, double *dc, i64 nc)
{
  with_M(M, [&](auto Mc) { stage_reduce<PIV, decltype(Mc)::value>(fused, n, a, b, c, d, ldd, ac, bc, cc, dc, nc); });
}
template <int PIV>
static void dispatch_subst(int M, bool fused, i64 n, const double *a, const double *b, const double *c, double *d, i64 ldd, const double *xc, i64 nc)
{
  with_M(M, [&](auto Mc) { stage_subst<PIV, decltype(Mc)::value>(fused, n, a, b, c, d, ldd, xc, nc); });
}

/* fine index of each coarse row of a plain stage */
static std::vector<i64> coarse_map(i64 n, int M)
{
  const i64 nc = coarse_size(n, M);
  std::vector<i64> mp(nc);
  for (i64 p = 0; 2 * p < nc; ++p) {
    const int m = (int)(n - p * M < M ? n - p * M : M);
    mp[2 * p] = p * M;
    if (2 * p + 1 < nc) mp[2 * p + 1] = p * M + m - 1;
  }
  return mp;
}

/* long double GEPP of a tridiagonal system (exact-ish reference for the coarse systems) */
static std::vector<long double> ld_solve(i64 n, const double *a, const double *b, const double *c, const double *d)
{
  std::vector<long double> u0(n), u1(n), u2(n), y(n), l(n);
  std::vector<char> pv(n);
  long double p0 = b[0], p1 = n > 1 ? c[0] : 0, pr = d[0];
  std::vector<long double> x(n);
  /* dense-ish banded LU with interchanges, storing rows */
  for (i64 i = 0; i < n - 1; ++i) {
    long double aj = a[i + 1], bj = b[i + 1], cj = i + 1 < n - 1 ? c[i + 1] : 0, dj = d[i + 1];
    if (fabsl(aj) <= fabsl(p0)) {
      long double m = aj / p0;
      u0[i] = p0; u1[i] = p1; u2[i] = 0; y[i] = pr;
      p0 = bj - m * p1; p1 = cj; pr = dj - m * pr;
    } else {
      long double m = p0 / aj;
      u0[i] = aj; u1[i] = bj; u2[i] = cj; y[i] = dj;
      long double np0 = p1 - m * bj, np1 = -m * cj;
      pr = pr - m * dj;
      p0 = np0; p1 = np1;
    }
  }
  u0[n - 1] = p0; y[n - 1] = pr;
  for (i64 i = n - 1; i >= 0; --i) {
    long double v = y[i];
    if (i + 1 < n) v -= u1[i] * x[i + 1];
    if (i + 2 < n) v -= u2[i] * x[i + 2];
    x[i] = v / u0[i];
  }
  return x;
}

/* the GPU's plan for knobs cfg (in place, one column; no TS_RPTS_M_DYNAMIC: that needs the device) */
static Plan config_plan(i64 n, const Config &cfg)
{
  return plan_of(n, 1, sizeof(double), cfg, true, [](i64) -> int { abort(); });
}

/* final_gepp_kernel on the host: level 0 as the kernel loads it, one column */
static void sim_final_gepp(int n, const double *a, const double *b, const double *c, double *d)
{
  const int           ds = n + 2;
  std::vector<double> S((size_t)4 * ds);
  for (int i = 0; i < ds; ++i) {
    const int  g  = i - 1;
    const bool in = g >= 0 && g < n;
    S[i]          = in && g > 0 ? a[g] : 0.0;
    S[ds + i]     = in ? b[g] : 1.0;
    S[2 * ds + i] = in && g < n - 1 ? c[g] : 0.0;
    S[3 * ds + i] = in ? d[g] : 0.0;
  }
  final_gepp<1>(S.data(), n, ds);
  for (int i = 0; i < n; ++i) d[i] = S[3 * ds + 1 + i];
}

/* the simulated solve with the plan of o, or with *use */
template <int PIV>
static double sim_default(const Sys &s, const Opt &o, std::vector<double> &x, const Plan *use = nullptr)
{
  const i64 n  = s.n;
  const int nf = nf_cap(o.nf, 1, 8);
  Plan pl = use ? *use : make_plan(n, 1, 8, nf, [&](int, i64 nk) { return nk <= o.fmax ? o.FM : wide_stage(nk, sizeof(double), o.wmin) ? M_WIDE : o.M; }, [&](int, i64 nk) { return nk <= o.fmax; });
  std::vector<std::vector<double>> A(pl.S + 1), B(pl.S + 1), C(pl.S + 1), D(pl.S + 1);
  std::vector<std::vector<i64>> map(pl.S + 1); /* fine index of the rows of stage k */
  map[0].resize(n);
  for (i64 i = 0; i < n; ++i) map[0][i] = i;
  A[0] = s.a; B[0] = s.b; C[0] = s.c; D[0] = s.d;
  for (int k = 1; k <= pl.S; ++k) {
    A[k].assign(pl.n[k], NAN); B[k].assign(pl.n[k], NAN); C[k].assign(pl.n[k], NAN); D[k].assign(pl.n[k], NAN);
  }
  for (int k = 0; k < pl.S; ++k) {
    dispatch_reduce<PIV>(pl.M[k], pl.fused[k], pl.n[k], A[k].data(), B[k].data(), C[k].data(), D[k].data(), pl.n[k], A[k + 1].data(), B[k + 1].data(), C[k + 1].data(), D[k + 1].data(), pl.n[k + 1]);
    std::vector<i64> m1 = coarse_map(pl.n[k], pl.M[k]);
    if (pl.fused[k]) {
      std::vector<i64> m2 = coarse_map(m1.size(), M2);
      for (auto &v : m2) v = m1[v];
      m1 = m2;
    }
    map[k + 1].resize(m1.size());
    for (size_t i = 0; i < m1.size(); ++i) map[k + 1][i] = map[k][m1[i]];
  }
  std::vector<std::vector<double>> rhs(D); /* keep the stage rhs */
  if (o.verbose) {
    for (int k = 0; k <= pl.S; ++k) {
      /* the coarse system as formed, solved in long double, against x_t at its fine rows */
      auto xl = ld_solve(pl.n[k], A[k].data(), B[k].data(), C[k].data(), rhs[k].data());
      long double num = 0, den = 0;
      for (i64 i = 0; i < pl.n[k]; ++i) {
        long double t = s.xt[map[k][i]];
        num += (xl[i] - t) * (xl[i] - t);
        den += t * t;
      }
      printf("   stage %d: n=%lld M=%d fused=%d  FRE(exact solve of formed system vs x_t)=%.3e\n", k, (long long)pl.n[k], k < pl.S ? pl.M[k] : 0, k < pl.S ? (int)pl.fused[k] : -1, (double)sqrtl(num / den));
    }
  }
  if (pl.final_gepp) sim_final_gepp((int)pl.n[pl.S], A[pl.S].data(), B[pl.S].data(), C[pl.S].data(), D[pl.S].data());
  else sim_final<double, PIV, 1>((int)pl.n[pl.S], A[pl.S].data(), B[pl.S].data(), C[pl.S].data(), D[pl.S].data(), pl.n[pl.S]);
  if (o.verbose) {
    auto xl = ld_solve(pl.n[pl.S], A[pl.S].data(), B[pl.S].data(), C[pl.S].data(), rhs[pl.S].data());
    long double num = 0, den = 0, num2 = 0;
    for (i64 i = 0; i < pl.n[pl.S]; ++i) {
      long double t = s.xt[map[pl.S][i]];
      num += (D[pl.S][i] - t) * (D[pl.S][i] - t);
      num2 += (D[pl.S][i] - xl[i]) * (D[pl.S][i] - xl[i]);
      den += t * t;
    }
    printf("   final: FRE vs x_t %.3e, vs exact solve of formed %.3e\n", (double)sqrtl(num / den), (double)sqrtl(num2 / den));
  }
  for (int k = pl.S - 1; k >= 0; --k) {
    dispatch_subst<PIV>(pl.M[k], pl.fused[k], pl.n[k], A[k].data(), B[k].data(), C[k].data(), D[k].data(), pl.n[k], D[k + 1].data(), pl.n[k + 1]);
    if (o.verbose) {
      long double num = 0, den = 0;
      for (i64 i = 0; i < pl.n[k]; ++i) {
        long double t = s.xt[map[k][i]];
        num += (D[k][i] - t) * (D[k][i] - t);
        den += t * t;
      }
      /* substitution with exact interface values */
      std::vector<double> xi(pl.n[k + 1]), dd = rhs[k];
      for (i64 i = 0; i < pl.n[k + 1]; ++i) xi[i] = s.xt[map[k + 1][i]];
      dispatch_subst<PIV>(pl.M[k], pl.fused[k], pl.n[k], A[k].data(), B[k].data(), C[k].data(), dd.data(), pl.n[k], xi.data(), pl.n[k + 1]);
      long double num2 = 0;
      for (i64 i = 0; i < pl.n[k]; ++i) {
        long double t = s.xt[map[k][i]];
        num2 += (dd[i] - t) * (dd[i] - t);
      }
      printf("   subst stage %d: FRE vs x_t %.3e; with exact interface values %.3e\n", k, (double)sqrtl(num / den), (double)sqrtl(num2 / den));
    }
  }
  x = D[0];
  return fre(n, x.data(), s.xt.data());
}

static double run_plan(int piv, const Sys &s, const Opt &o, const Plan *use)
{
  std::vector<double> x;
  switch (piv) {
  case 0: return sim_default<0>(s, o, x, use);
  case 1: return sim_default<1>(s, o, x, use);
  default: return sim_default<2>(s, o, x, use);
  }
}

/* The analysis of rpts_analyze.cuh on the simulation: the same probe (x_t from the index hash, A x_t in
   the same order), the same candidates and rule. Returns the chosen candidate; *err its probe error. */
static int sim_analyze(int piv, const Sys &s, double *err)
{
  Sys p = s;
  for (i64 i = 0; i < s.n; ++i) {
    p.xt[i] = probe_value<double>(i);
    p.d[i]  = probe_rhs<double>(s.n, i, s.a.data(), s.b.data(), s.c.data());
  }
  return choose_plan(s.n, sizeof(double), false, [&](const Config &cfg) {
    const Plan          pl = config_plan(s.n, cfg);
    std::vector<double> x;
    Opt                 o;
    switch (piv) {
    case 0: sim_default<0>(p, o, x, &pl); break;
    case 1: sim_default<1>(p, o, x, &pl); break;
    default: sim_default<2>(p, o, x, &pl); break;
    }
    double e = 0;
    for (i64 i = 0; i < s.n; ++i) {
      const double d = probe_deviation<double>(i, x[i]);
      e              = d > e ? d : e;
    }
    return (double)(float)e < e ? (double)nextafterf((float)e, INFINITY) : (double)(float)e; /* as the GPU rounds it */
  }, err);
}

static const char *config_name(const Config &c)
{
  static char buf[64];
  snprintf(buf, sizeof buf, "%s%s%s", c.M ? (c.M == 16 ? "M16" : c.M == 18 ? "M18" : c.M == 24 ? "M24" : "M32") : "default", c.final_gepp ? ",gepp" : "", c.no_wide ? ",no_wide" : "");
  return buf;
}

/* the solve as the caller runs it: -analyze: the analysed plan, else the plan of o */
static double run(int piv, const Sys &s, const Opt &o, int *chosen = nullptr)
{
  if (!o.analyze) return run_plan(piv, s, o, nullptr);
  const int  best = sim_analyze(piv, s, nullptr);
  const Plan pl   = config_plan(s.n, analysis_candidate(best));
  if (chosen) *chosen = best;
  return run_plan(piv, s, o, &pl);
}

/* the accuracy suite of test_rpts (--suite n) on the simulated default plan */
static int suite(int n, const Opt &o)
{
  int fails = 0;
  for (int family = 0; family < 2; ++family)
    for (int id = 1; id <= (family ? 18 : 20); ++id) {
      Sys s;
      if (!gen(family, id, n, s)) continue;
      int c2 = 0, c1 = 0;
      const double el = lapack(s), e2 = run(2, s, o, &c2), e1 = run(1, s, o, &c1);
      bool ok = true;
      for (double e : {e1, e2}) ok = ok && (isfinite(el) && el < 1e-3 ? isfinite(e) && e <= 10 * fmax(el, 1e-15) : isfinite(e) || !isfinite(el));
      fails += !ok;
      printf("%-6s %3d %-26s %10.2e %10.2e %10.2e %s", family ? "Chang" : "Tab4", id, family ? tg_chang_name(id) : tg_table4_name(id), el, e2, e1, ok ? "PASS" : "FAIL");
      if (o.analyze) printf("  %s", config_name(analysis_candidate(c2))), printf(" / %s", config_name(analysis_candidate(c1)));
      printf("\n");
    }
  printf("suite n=%d seed=%u: %d failed\n", n, g_seed, fails);
  return fails;
}

/* tridiag(1, beta, 1) of n rows */
static void constant_system(int n, double beta, Sys &s)
{
  s.n = n;
  s.a.assign(n, 1.0);
  s.b.assign(n, beta);
  s.c.assign(n, 1.0);
  s.a[0]     = 0;
  s.c[n - 1] = 0;
  s.xt.resize(n);
  s.d.resize(n);
  tg_rhs(n, (int)g_rhs_seed, s.xt.data());
  for (int i = 0; i < n; ++i) {
    long double v = (long double)s.b[i] * s.xt[i];
    if (i > 0) v += (long double)s.a[i] * s.xt[i - 1];
    if (i < n - 1) v += (long double)s.c[i] * s.xt[i + 1];
    s.d[i] = (double)v;
  }
}

/* The matrices whose inner blocks are singular for a partition size the plans use (P rows: inner block of
   P - 2 rows, singular for tridiag(1, 2 cos(k pi / (P - 1)), 1)): P = 16 (global and fused stages), 24
   (wide), 18 (M_ALT), 8 (M2), 12 (MF), and tridiag(1, 1, 1), tridiag(1, 0, 1), at n (n + 1 prime to every
   P - 1, so the system is nonsingular). Judged with the analysed plan: finite, and within 10x of LAPACK
   or within 1e-13 where LAPACK is near eps. Returns the failures; prints the default plan's error too. */
static int robust(int n, bool quiet)
{
  Opt dflt, an;
  an.analyze = true;
  int fails = 0, total = 0, nan_default = 0;
  const auto cases = singular_block_cases();
  for (const auto &cs : cases) {
    Sys s;
    constant_system(n, cs.second, s);
    const double el = lapack(s);
    for (int piv = 2; piv >= 1; --piv) {
      int          chosen = 0;
      const double e0 = run(piv, s, dflt), e = run(piv, s, an, &chosen);
      const bool   ok = !isfinite(el) || (isfinite(e) && e <= fmax(10 * el, 1e-13));
      fails += !ok;
      ++total;
      nan_default += !isfinite(e0);
      if (!quiet || !ok) printf("%-5s n=%-8d %-18s piv=%d LAPACK %9.2e default %9.2e analysed %9.2e (%s)\n", ok ? "ok" : "FAIL", n, cs.first.c_str(), piv, el, e0, e, config_name(analysis_candidate(chosen)));
    }
  }
  printf("robust n=%d: %d of %d pass (%d not finite with the default plan)\n", n, total - fails, total, nan_default);
  return fails;
}

#ifndef ACC_NO_MAIN
/* the options of both forms (arguments first.. of argv) */
static void parse_options(int argc, char **argv, int first, Opt &o)
{
  for (int i = first; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-v") o.verbose = true;
    else if (a == "-M") o.M = atoi(argv[++i]);
    else if (a == "-FM") o.FM = atoi(argv[++i]);
    else if (a == "-fmax") o.fmax = atoll(argv[++i]);
    else if (a == "-wmin") o.wmin = atoll(argv[++i]);
    else if (a == "-nf") o.nf = atoi(argv[++i]);
    else if (a == "-seed") g_seed = (unsigned)atol(argv[++i]);
    else if (a == "-rhsseed") g_rhs_seed = (unsigned)atol(argv[++i]);
    else if (a == "-dmatvec") g_double_rhs = true;
    else if (a == "-analyze") o.analyze = true;
  }
}

int main(int argc, char **argv)
{
  Opt o;
  if (!strcmp(argv[1], "robust")) { /* acc_sim robust N... [-q] */
    int  fails = 0;
    bool quiet = argc > 2 && !strcmp(argv[argc - 1], "-q");
    for (int i = 2; i < argc - (quiet ? 1 : 0); ++i) fails += robust(atoi(argv[i]), quiet);
    return fails != 0;
  }
  if (!strcmp(argv[1], "suite")) {
    parse_options(argc, argv, 3, o);
    printf("final stage: MF = %d, NSEQ = %d\n", MF, NSEQ);
    return suite(atoi(argv[2]), o);
  }
  int family = atoi(argv[1]), id = atoi(argv[2]), n = atoi(argv[3]);
  parse_options(argc, argv, 4, o);
  Sys s;
  if (!gen(family, id, n, s)) return 1;
  printf("%s %d n=%d M=%d fmax=%lld nf=%d: LAPACK %.3e ref(part) %.3e ref(scaled) %.3e\n", family ? "Chang" : "Tab4", id, n, o.M, (long long)o.fmax, o.nf, lapack(s), refsolve(s, 1), refsolve(s, 2));
  for (int piv = 2; piv >= 1; --piv) printf("  piv=%d: RPTS sim %.3e\n", piv, run(piv, s, o));
  for (int piv = 2; piv >= 1; --piv) {
    Opt          dflt;
    double       e0 = 0, e = 0;
    const int    best = sim_analyze(piv, s, &e);
    Sys          p = s; /* the default plan's probe error: the candidate-0 probe alone */
    std::vector<double> x;
    for (i64 i = 0; i < s.n; ++i) {
      p.xt[i] = probe_value<double>(i);
      p.d[i]  = probe_rhs<double>(s.n, i, s.a.data(), s.b.data(), s.c.data());
    }
    const Plan pl = config_plan(s.n, Config{});
    piv == 2 ? sim_default<2>(p, dflt, x, &pl) : sim_default<1>(p, dflt, x, &pl);
    for (i64 i = 0; i < s.n; ++i) e0 = fmax(e0, probe_deviation<double>(i, x[i]));
    printf("  piv=%d: probe error of the default plan %.3e (%.0f ulp); analysed plan %s, probe error %.3e\n", piv, e0, e0 / 2.22e-16, config_name(analysis_candidate(best)), e);
  }
  return 0;
}
#endif
