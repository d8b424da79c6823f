/* SPDX-License-Identifier: BSD-2-Clause */
/*
   forest_test.cu - the CUDA forest pipeline (src/kernels/cuda/) against the host
   kernels ts_ref_* (the oracle), compared EXACTLY: row scale, transpose, graph row pointer,
   columns and weights (bit for bit), the [0,n]-factor's partners and weights for n = 1..4 and
   charged variants, rounds, the partners after cycle breaking, path ids, positions, perm and
   iperm (radix sort and counting scatter), statistics, bands, gather/scatter, diagp_0/1/2, and
   the one-call pipeline. Coverages (parallel sums) to 1e-12 relative, SRCSR y = Ax to rounding.

   usage: forest_test [--quick] [--big] [file.mtx[.gz] ...]
     --quick  small generated set only (for compute-sanitizer)
     --big    also the 1200x1200 ANISO1/ANISO2 and 1000x1000 MODEL8 of the benchmark
   One PASS/FAIL line per matrix, last line "N passed, M failed".
*/
#include <cuda_runtime.h>
#include <algorithm>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <string>
#include <vector>

#include "trisplit_kernels.h"
#include "forest_matrices.h"
#include "check.h"


/* device array with poisoned initial contents (0xA5 bytes) */
template <class T>
struct DArr {
  T     *p = nullptr;
  size_t n = 0;
  DArr() {}
  explicit DArr(size_t m) { alloc(m); }
  void alloc(size_t m)
  {
    n = m;
    CK(cudaMalloc(&p, (m ? m : 1) * sizeof(T)));
    CK(cudaMemset(p, 0xA5, (m ? m : 1) * sizeof(T)));
  }
  DArr(const std::vector<T> &h) : DArr(h.size()) { up(h); }
  void up(const std::vector<T> &h) { CK(cudaMemcpy(p, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice)); }
  std::vector<T> down(size_t m) const
  {
    std::vector<T> h(m);
    CK(cudaMemcpy(h.data(), p, m * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
  }
  ~DArr() { cudaFree(p); }
  DArr(const DArr &)            = delete;
  DArr &operator=(const DArr &) = delete;
};

struct Checker {
  std::string name;
  int         fails = 0;
  std::string first;
  template <class T>
  void exact(const char *what, const std::vector<T> &h, const std::vector<T> &d, size_t m)
  {
    for (size_t k = 0; k < m; k++)
      if (memcmp(&h[k], &d[k], sizeof(T)) != 0) {
        if (!fails) {
          char buf[256];
          if (sizeof(T) == sizeof(double) && (T)0.5 != (T)0) snprintf(buf, sizeof(buf), "%s[%zu]: host %.17g device %.17g", what, k, (double)h[k], (double)d[k]);
          else snprintf(buf, sizeof(buf), "%s[%zu]: host %lld device %lld", what, k, (long long)h[k], (long long)d[k]);
          first = buf;
        }
        fails++;
        return;
      }
  }
  void near(const char *what, double h, double d, double tol)
  {
    if (!(fabs(h - d) <= tol * fmax(1.0, fabs(h)))) {
      if (!fails) {
        char buf[256];
        snprintf(buf, sizeof(buf), "%s: host %.17g device %.17g", what, h, d);
        first = buf;
      }
      fails++;
    }
  }
};

static int g_pass = 0, g_fail = 0;

/* benchmark hook of forest_srcsr.cu: other block shapes of the SRCSR SpMV */
extern "C" ts_status ts_cuda_srcsr_dspmv_variant(int variant, void *stream, ts_int n, ts_int nnz_bound, const ts_int *rowptr, const ts_int *col, const double *val, double alpha, const double *x, double beta, double *y, const void *plan);

struct HostForest {
  std::vector<double> scale, t_val, g_w, partner_w;
  std::vector<ts_int> t_rowptr, t_col, g_rowptr, g_col, partner, path_id, position, perm, iperm;
  std::vector<double> a, b, c;
  int                 rounds = 0;
  ts_int              npaths = 0, longest = 0, ncycles = 0;
  double              cov_factor = 0, cov_id = 0;
};

static ts_factor_params default_params()
{
  ts_factor_params p;
  p.n             = 2;
  p.iterations    = 5;
  p.charge_period = 5;
  p.charge_skip   = 0;
  p.p             = 0.5;
  p.seed          = 0;
  p.offset        = 0;
  return p;
}

static void host_forest(const CsrMatrix &A, ts_weighting wt, const ts_factor_params &prm, HostForest &H)
{
  const ts_int n = A.n, nnz = A.nnz();
  H.scale.resize(n);
  ts_ref_graph_scale(wt, n, A.rowptr.data(), A.col.data(), A.val.data(), H.scale.data());
  H.t_rowptr.resize((size_t)n + 1);
  H.t_col.resize(nnz);
  H.t_val.resize(nnz);
  ts_ref_csr_transpose(n, n, A.rowptr.data(), A.col.data(), A.val.data(), H.t_rowptr.data(), H.t_col.data(), H.t_val.data());
  H.g_rowptr.resize((size_t)n + 1);
  ts_ref_graph_rowptr(n, A.rowptr.data(), A.col.data(), H.t_rowptr.data(), H.t_col.data(), H.g_rowptr.data());
  const ts_int gn = H.g_rowptr[n];
  H.g_col.resize(gn);
  H.g_w.resize(gn);
  ts_ref_graph_fill(n, A.rowptr.data(), A.col.data(), A.val.data(), H.t_rowptr.data(), H.t_col.data(), H.t_val.data(), H.scale.data(), H.g_rowptr.data(), H.g_col.data(), H.g_w.data());
  H.partner.resize((size_t)n * prm.n);
  H.partner_w.resize((size_t)n * prm.n);
  std::vector<char> work(ts_ref_factor_size(n, prm.n) + 16);
  if (ts_ref_factor(&prm, n, H.g_rowptr.data(), H.g_col.data(), H.g_w.data(), H.partner.data(), H.partner_w.data(), work.data(), &H.rounds) != TS_SUCCESS) {
    fprintf(stderr, "ts_ref_factor failed\n");
    exit(2);
  }
  H.cov_factor = ts_ref_factor_coverage(prm.n, n, H.g_rowptr.data(), H.g_w.data(), H.partner.data(), H.partner_w.data());
  H.cov_id     = ts_ref_identity_coverage(n, H.g_rowptr.data(), H.g_col.data(), H.g_w.data());
  if (prm.n != 2) return;
  H.path_id.resize(n);
  H.position.resize(n);
  H.perm.resize(n);
  H.iperm.resize(n);
  std::vector<ts_int> w2(2 * (size_t)n + 1);
  if (ts_ref_linear_forest(n, H.partner.data(), H.partner_w.data(), H.path_id.data(), H.position.data(), H.perm.data(), H.iperm.data(), w2.data(), &H.npaths, &H.longest, &H.ncycles) != TS_SUCCESS) {
    fprintf(stderr, "ts_ref_linear_forest failed\n");
    exit(2);
  }
  H.a.resize(n);
  H.b.resize(n);
  H.c.resize(n);
  ts_ref_forest_bands(n, A.rowptr.data(), A.col.data(), A.val.data(), H.perm.data(), H.iperm.data(), H.path_id.data(), H.a.data(), H.b.data(), H.c.data());
}

/* The 2x2 block forest (docs/algorithms.md 4.4): host kernels on the host graph H against the two device
   phases and the block bands; everything bit for bit except the coverage (a parallel sum). */
static void test_block_forest(const CsrMatrix &A, ts_weighting wt, const HostForest &H, cudaStream_t s, const ts_int *d_rowptr, const ts_int *d_col, const double *d_val, Checker &ck)
{
  const ts_int     n = A.n, nnz = A.nnz();
  ts_factor_params prm = default_params(), matching = default_params();
  matching.n           = 1;
  /* host: matching, contraction, coarse graph, coarse forest, block order, bands */
  std::vector<ts_int> match(n), coarse(n), fine(2 * (size_t)n + 1), slot(2 * (size_t)H.g_rowptr[n] + 1);
  std::vector<double> match_w(n);
  std::vector<char>   work(ts_ref_factor_size(n, 2) + 16);
  int                 r1 = 0, r2 = 0;
  ts_ref_factor(&matching, n, H.g_rowptr.data(), H.g_col.data(), H.g_w.data(), match.data(), match_w.data(), work.data(), &r1);
  const ts_int        nb = ts_ref_contract(n, match.data(), coarse.data(), fine.data());
  const ts_int        gn = H.g_rowptr[n];
  std::vector<ts_int> c_rowptr(nb + 1), c_col(gn + 1), c_partner(2 * (size_t)nb + 1), c_pid(nb + 1), c_pos(nb + 1), c_perm(nb + 1), c_iperm(nb + 1), w2(2 * (size_t)nb + 1);
  std::vector<double> c_w(gn + 1), c_partner_w(2 * (size_t)nb + 1);
  ts_ref_coarse_graph(nb, H.g_rowptr.data(), H.g_col.data(), H.g_w.data(), coarse.data(), fine.data(), c_rowptr.data(), c_col.data(), c_w.data(), slot.data());
  /* one weight per coarse edge: c_w(C,D) == c_w(D,C) bit for bit (the factor and the cycle breaking rely on it) */
  for (ts_int C = 0; C < nb; C++)
    for (ts_int k = c_rowptr[C]; k < c_rowptr[C + 1]; k++) {
      const ts_int D = c_col[k];
      ts_int       l = c_rowptr[D];
      while (l < c_rowptr[D + 1] && c_col[l] != C) l++;
      std::vector<double> here(1, c_w[k]), there(1, l < c_rowptr[D + 1] ? c_w[l] : -1.0);
      ck.exact("block.coarse weight symmetry", here, there, 1);
    }
  ts_ref_factor(&prm, nb, c_rowptr.data(), c_col.data(), c_w.data(), c_partner.data(), c_partner_w.data(), work.data(), &r2);
  ts_int npaths = 0, longest = 0, ncycles = 0;
  ts_ref_linear_forest(nb, c_partner.data(), c_partner_w.data(), c_pid.data(), c_pos.data(), c_perm.data(), c_iperm.data(), w2.data(), &npaths, &longest, &ncycles);
  std::vector<ts_int> perm(2 * (size_t)nb + 1), iperm(n), bpath(nb + 1);
  ts_ref_block_perm(nb, fine.data(), c_perm.data(), c_pid.data(), perm.data(), iperm.data(), bpath.data());
  std::vector<double> a(4 * (size_t)nb + 1), b(4 * (size_t)nb + 1), c(4 * (size_t)nb + 1);
  ts_ref_block_bands(nb, A.rowptr.data(), A.col.data(), A.val.data(), perm.data(), iperm.data(), bpath.data(), a.data(), b.data(), c.data());
  const double cov = ts_ref_block_coverage(n, H.g_rowptr.data(), H.g_col.data(), H.g_w.data(), coarse.data(), c_partner.data());

  DArr<char>   wb(ts_cuda_block_forest_buffer_size(&prm, n, nnz));
  DArr<ts_int> d_sizes(2), d_stats(4), d_perm(2 * (size_t)nb + 1), d_iperm(n), d_bpath(nb + 1);
  DArr<double> d_sums(2), d_a(4 * (size_t)nb + 1), d_b(4 * (size_t)nb + 1), d_c(4 * (size_t)nb + 1);
  CT(ts_cuda_block_forest_match(s, wt, &prm, n, nnz, d_rowptr, d_col, d_val, wb.p, d_sizes.p));
  std::vector<ts_int> sizes = d_sizes.down(2), hsizes = {nb, gn};
  ck.exact("block.sizes(nb,graph nnz)", hsizes, sizes, 2);
  if (sizes[0] != nb) return;
  CT(ts_cuda_block_forest_finish(s, &prm, n, nnz, nb, gn, d_perm.p, d_iperm.p, d_bpath.p, wb.p, d_stats.p, d_sums.p));
  CT(ts_cuda_block_bands(s, nb, d_rowptr, d_col, d_val, d_perm.p, d_iperm.p, d_bpath.p, d_a.p, d_b.p, d_c.p));
  ck.exact("block.perm", perm, d_perm.down(2 * (size_t)nb), 2 * (size_t)nb);
  ck.exact("block.iperm", iperm, d_iperm.down(n), n);
  ck.exact("block.path", bpath, d_bpath.down(nb), nb);
  ck.exact("block.a", a, d_a.down(4 * (size_t)nb), 4 * (size_t)nb);
  ck.exact("block.b", b, d_b.down(4 * (size_t)nb), 4 * (size_t)nb);
  ck.exact("block.c", c, d_c.down(4 * (size_t)nb), 4 * (size_t)nb);
  std::vector<ts_int> hs4 = {npaths, longest, ncycles, (ts_int)(r1 + r2)};
  ck.exact("block.stats", hs4, d_stats.down(4), 4);
  std::vector<double> sums = d_sums.down(2);
  ck.near("block.coverage", cov, sums[1] > 0 ? sums[0] / sums[1] : 1.0, 1e-10); /* parallel sums over up to 10^7 weights */
}

static void test_matrix(const CsrMatrix &A, bool both_weightings, bool variants)
{
  const ts_int n = A.n, nnz = A.nnz(), gb = 2 * nnz;
  Checker      ck;
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  DArr<ts_int> d_rowptr(A.rowptr), d_col(A.col);
  DArr<double> d_val(A.val);

  /* diagp */
  for (int k = 0; k <= 2; k++) {
    std::vector<double> hd(n);
    ts_ref_diagp(k, n, A.rowptr.data(), A.col.data(), A.val.data(), hd.data());
    DArr<double> dd(n);
    CT(ts_cuda_diagp(s, k, n, d_rowptr.p, d_col.p, d_val.p, dd.p));
    ck.exact("diagp", hd, dd.down(n), n);
  }

  /* SRCSR y = A x + 0.5 y against a long double host product */
  {
    std::vector<double> x(n), y0(n);
    TestRng             rng(n + 17);
    for (ts_int i = 0; i < n; i++) {
      x[i]  = rng.u01() * 2 - 1;
      y0[i] = rng.u01() * 2 - 1;
    }
    DArr<double> dx(x), dy(y0);
    DArr<char>   plan(ts_cuda_srcsr_plan_size(n, nnz));
    CT(ts_cuda_srcsr_plan(s, n, nnz, d_rowptr.p, plan.p));
    CT(ts_cuda_srcsr_dspmv(s, n, nnz, d_rowptr.p, d_col.p, d_val.p, 1.0, dx.p, 0.5, dy.p, plan.p));
    std::vector<double> y = dy.down(n);
    for (ts_int i = 0; i < n; i++) {
      long double acc = 0, mag = 0;
      for (ts_int e = A.rowptr[i]; e < A.rowptr[i + 1]; e++) {
        acc += (long double)A.val[e] * x[A.col[e]];
        mag += fabsl((long double)A.val[e] * x[A.col[e]]);
      }
      acc += 0.5L * y0[i];
      mag += fabsl(0.5L * y0[i]);
      if (!(fabsl((long double)y[i] - acc) <= 1e-13L * (mag + 1e-300L))) {
        ck.near("srcsr_spmv", (double)acc, y[i], 0);
        break;
      }
    }
    /* the literal Algorithm 5 plan, sized by a bound (2 nnz) as the factor's */
    DArr<char> plan2(ts_cuda_srcsr_plan_size(n, gb));
    CT(ts_cuda_srcsr_plan_alg5(s, n, gb, d_rowptr.p, plan2.p));
    for (int variant = 0; variant < 4; variant++) {
    CT(ts_cuda_srcsr_dspmv_variant(variant, s, n, gb, d_rowptr.p, d_col.p, d_val.p, 1.0, dx.p, 0.0, dy.p, plan2.p));
    y = dy.down(n);
    for (ts_int i = 0; i < n; i++) {
      long double acc = 0, mag = 0;
      for (ts_int e = A.rowptr[i]; e < A.rowptr[i + 1]; e++) {
        acc += (long double)A.val[e] * x[A.col[e]];
        mag += fabsl((long double)A.val[e] * x[A.col[e]]);
      }
      if (!(fabsl((long double)y[i] - acc) <= 1e-13L * (mag + 1e-300L))) {
        ck.near(variant ? "srcsr_spmv_variant" : "srcsr_spmv_alg5_bound", (double)acc, y[i], 0);
        break;
      }
    }
    }
  }

  for (int wi = 0; wi < (both_weightings ? 2 : 1); wi++) {
    const ts_weighting wt  = wi == 0 ? TS_WEIGHT_SCALED : TS_WEIGHT_ABS;
    ts_factor_params   prm = default_params();
    HostForest         H;
    host_forest(A, wt, prm, H);
    const ts_int gn = H.g_rowptr[n];

    /* graph */
    DArr<double> d_scale(n), d_tval(nnz), d_gw(gb);
    DArr<ts_int> d_trow((size_t)n + 1), d_tcol(nnz), d_grow((size_t)n + 1), d_gcol(gb);
    CT(ts_cuda_graph_scale(s, wt, n, d_rowptr.p, d_col.p, d_val.p, d_scale.p));
    DArr<char> wtr(ts_cuda_csr_transpose_buffer_size(n, n, nnz));
    CT(ts_cuda_csr_transpose(s, n, n, nnz, d_rowptr.p, d_col.p, d_val.p, d_trow.p, d_tcol.p, d_tval.p, wtr.p));
    DArr<char> wgr(ts_cuda_graph_rowptr_buffer_size(n));
    CT(ts_cuda_graph_rowptr(s, n, d_rowptr.p, d_col.p, d_trow.p, d_tcol.p, d_grow.p, wgr.p));
    CT(ts_cuda_graph_fill(s, n, d_rowptr.p, d_col.p, d_val.p, d_trow.p, d_tcol.p, d_tval.p, d_scale.p, d_grow.p, d_gcol.p, d_gw.p));
    CK(cudaStreamSynchronize(s));
    ck.exact("scale", H.scale, d_scale.down(n), n);
    ck.exact("t_rowptr", H.t_rowptr, d_trow.down(n + 1), n + 1);
    ck.exact("t_col", H.t_col, d_tcol.down(nnz), nnz);
    ck.exact("t_val", H.t_val, d_tval.down(nnz), nnz);
    ck.exact("g_rowptr", H.g_rowptr, d_grow.down(n + 1), n + 1);
    if (!ck.fails) {
      ck.exact("g_col", H.g_col, d_gcol.down(gn), gn);
      ck.exact("g_w", H.g_w, d_gw.down(gn), gn);
    }

    /* factor n = 2 (default parameters) */
    DArr<ts_int> d_partner(2 * (size_t)n);
    DArr<double> d_partner_w(2 * (size_t)n);
    DArr<int>    d_rounds(1);
    DArr<char>   wf(ts_cuda_factor_buffer_size(&prm, n, gb));
    CT(ts_cuda_factor(s, &prm, n, gb, d_grow.p, d_gcol.p, d_gw.p, d_partner.p, d_partner_w.p, wf.p, d_rounds.p));
    /* coverages, before the forest changes the partners */
    DArr<char>   wc(ts_cuda_coverage_buffer_size(n, gb));
    DArr<double> d_cov(2);
    CT(ts_cuda_factor_coverage(s, 2, n, gb, d_grow.p, d_gw.p, d_partner.p, d_partner_w.p, d_cov.p, wc.p));
    CT(ts_cuda_identity_coverage(s, n, gb, d_grow.p, d_gcol.p, d_gw.p, d_cov.p + 1, wc.p));
    {
      /* the host partners before cycle breaking */
      HostForest H0;
      std::vector<ts_int> hp((size_t)n * 2);
      std::vector<double> hpw((size_t)n * 2);
      std::vector<char>   work(ts_ref_factor_size(n, 2) + 16);
      int                 hr = 0;
      ts_ref_factor(&prm, n, H.g_rowptr.data(), H.g_col.data(), H.g_w.data(), hp.data(), hpw.data(), work.data(), &hr);
      ck.exact("partner", hp, d_partner.down(2 * n), 2 * n);
      ck.exact("partner_w", hpw, d_partner_w.down(2 * n), 2 * n);
      std::vector<int> hrv(1, hr);
      ck.exact("rounds", hrv, d_rounds.down(1), 1);
      std::vector<double> cov = d_cov.down(2);
      /* sums of gn positive terms in another order: relative error below gn eps each */
      const double tol = 2.0 * (double)(gn + 2) * 1.1102230246251565e-16;
      ck.near("factor_coverage", H.cov_factor, cov[0], tol);
      ck.near("identity_coverage", H.cov_id, cov[1], tol);
    }

    /* forest, stage by stage */
    DArr<char>   wl(ts_cuda_linear_forest_buffer_size(n));
    DArr<ts_int> d_pid(n), d_pos(n), d_perm(n), d_iperm(n), d_perm2(n), d_iperm2(n), d_stats(4);
    DArr<int>    d_valid(1);
    CT(ts_cuda_forest_break_cycles(s, n, d_partner.p, d_partner_w.p, d_stats.p + 2, d_valid.p, wl.p));
    CT(ts_cuda_forest_paths(s, n, d_partner.p, d_pid.p, d_pos.p, d_stats.p, d_stats.p + 1, wl.p));
    CT(ts_cuda_forest_permutation(s, 1, n, d_pid.p, d_pos.p, d_perm.p, d_iperm.p, wl.p));
    CT(ts_cuda_forest_permutation(s, 0, n, d_pid.p, d_pos.p, d_perm2.p, d_iperm2.p, wl.p));
    ck.exact("partner_after_cycles", H.partner, d_partner.down(2 * n), 2 * n);
    ck.exact("partner_w_after_cycles", H.partner_w, d_partner_w.down(2 * n), 2 * n);
    ck.exact("path_id", H.path_id, d_pid.down(n), n);
    ck.exact("position", H.position, d_pos.down(n), n);
    ck.exact("perm", H.perm, d_perm.down(n), n);
    ck.exact("iperm", H.iperm, d_iperm.down(n), n);
    ck.exact("perm_scatter", H.perm, d_perm2.down(n), n);
    ck.exact("iperm_scatter", H.iperm, d_iperm2.down(n), n);
    std::vector<ts_int> hs = {H.npaths, H.longest, H.ncycles};
    ck.exact("stats(npaths,longest,ncycles)", hs, d_stats.down(3), 3);
    std::vector<int> one(1, 1);
    ck.exact("valid", one, d_valid.down(1), 1);

    /* bands, gather, scatter */
    DArr<double> d_a(n), d_b(n), d_c(n);
    CT(ts_cuda_forest_bands(s, n, d_rowptr.p, d_col.p, d_val.p, d_perm.p, d_iperm.p, d_pid.p, d_a.p, d_b.p, d_c.p));
    ck.exact("band_a", H.a, d_a.down(n), n);
    ck.exact("band_b", H.b, d_b.down(n), n);
    ck.exact("band_c", H.c, d_c.down(n), n);
    {
      std::vector<double> x(n), hy(n), hx(n);
      for (ts_int i = 0; i < n; i++) x[i] = (double)i * 0.5 - 3.0;
      ts_ref_gather(n, H.perm.data(), x.data(), hy.data());
      ts_ref_scatter(n, H.perm.data(), hy.data(), hx.data());
      DArr<double> dx(x), dy(n), dx2(n);
      CT(ts_cuda_gather(s, n, d_perm.p, dx.p, dy.p));
      CT(ts_cuda_scatter(s, n, d_perm.p, dy.p, dx2.p));
      ck.exact("gather", hy, dy.down(n), n);
      ck.exact("scatter", hx, dx2.down(n), n);
    }

    /* the one-call pipeline */
    {
      DArr<char>   wp(ts_cuda_linear_forest_build_buffer_size(&prm, n, nnz));
      DArr<ts_int> p_perm(n), p_iperm(n), p_pid(n), p_pos(n), p_stats(4);
      DArr<double> p_a(n), p_b(n), p_c(n);
      CT(ts_cuda_linear_forest_build(s, wt, &prm, n, nnz, d_rowptr.p, d_col.p, d_val.p, p_perm.p, p_iperm.p, p_pid.p, p_pos.p, p_a.p, p_b.p, p_c.p, wp.p, p_stats.p));
      ck.exact("build.perm", H.perm, p_perm.down(n), n);
      ck.exact("build.iperm", H.iperm, p_iperm.down(n), n);
      ck.exact("build.path_id", H.path_id, p_pid.down(n), n);
      ck.exact("build.position", H.position, p_pos.down(n), n);
      ck.exact("build.a", H.a, p_a.down(n), n);
      ck.exact("build.b", H.b, p_b.down(n), n);
      ck.exact("build.c", H.c, p_c.down(n), n);
      std::vector<ts_int> hs4 = {H.npaths, H.longest, H.ncycles, (ts_int)H.rounds};
      ck.exact("build.stats", hs4, p_stats.down(4), 4);
    }

    test_block_forest(A, wt, H, s, d_rowptr.p, d_col.p, d_val.p, ck);

    /* factor variants: n = 1, 3, 4 and charged / uncharged schedules */
    if (variants && wi == 0) {
      std::vector<ts_factor_params> vs;
      for (int nf = 1; nf <= 4; nf++) {
        ts_factor_params q = default_params();
        q.n                = nf;
        if (nf != 2) vs.push_back(q);
      }
      ts_factor_params q = default_params();
      q.charge_skip      = 1; /* charged in the first round */
      vs.push_back(q);
      q               = default_params();
      q.charge_period = 1; /* never charged: stops early once maximal */
      q.iterations    = 400;
      vs.push_back(q);
      q            = default_params();
      q.p          = 0.3;
      q.seed       = 12345;
      q.iterations = 17;
      q.n          = 3;
      vs.push_back(q);
      q            = default_params();
      q.iterations = 40; /* m = 5: stops early at an uncharged round */
      vs.push_back(q);
      for (const auto &v : vs) {
        const size_t        m = (size_t)n * v.n;
        std::vector<ts_int> hp(m);
        std::vector<double> hpw(m);
        std::vector<char>   work(ts_ref_factor_size(n, v.n) + 16);
        int                 hr = 0;
        ts_ref_factor(&v, n, H.g_rowptr.data(), H.g_col.data(), H.g_w.data(), hp.data(), hpw.data(), work.data(), &hr);
        DArr<ts_int> dp(m);
        DArr<double> dpw(m);
        DArr<char>   wv(ts_cuda_factor_buffer_size(&v, n, gb));
        CT(ts_cuda_factor(s, &v, n, gb, d_grow.p, d_gcol.p, d_gw.p, dp.p, dpw.p, wv.p, d_rounds.p));
        char tag[96];
        snprintf(tag, sizeof(tag), "factor(n=%d,M=%d,m=%d,km=%d,p=%g).partner", v.n, v.iterations, v.charge_period, v.charge_skip, v.p);
        ck.exact(tag, hp, dp.down(m), m);
        ck.exact("factor variant partner_w", hpw, dpw.down(m), m);
        std::vector<int> hrv(1, hr);
        ck.exact("factor variant rounds", hrv, d_rounds.down(1), 1);
        if (v.n == 1) { /* the matching in the slots of a [0,2]-factor (-pc_algtri_factor_n 1) */
          const size_t        m2 = 2 * (size_t)n;
          std::vector<ts_int> hs(m2);
          std::vector<double> hsw(m2);
          std::copy(hp.begin(), hp.end(), hs.begin());
          std::copy(hpw.begin(), hpw.end(), hsw.begin());
          ts_ref_factor_spread(n, hs.data(), hsw.data());
          DArr<ts_int> ds(m2);
          DArr<double> dsw(m2);
          DArr<char>   wsp(ts_cuda_factor_spread_buffer_size(n));
          CK(cudaMemcpyAsync(ds.p, dp.p, sizeof(ts_int) * n, cudaMemcpyDeviceToDevice, s));
          CK(cudaMemcpyAsync(dsw.p, dpw.p, sizeof(double) * n, cudaMemcpyDeviceToDevice, s));
          CT(ts_cuda_factor_spread(s, n, ds.p, dsw.p, wsp.p));
          ck.exact("factor_spread.partner", hs, ds.down(m2), m2);
          ck.exact("factor_spread.partner_w", hsw, dsw.down(m2), m2);
        }
      }
    }
    if (wi == 0)
      printf("   n=%lld nnz=%lld graph=%lld rounds=%d paths=%lld longest=%lld cycles=%lld c_pi=%.3f c_id=%.3f\n", (long long)n, (long long)nnz, (long long)gn, H.rounds, (long long)H.npaths, (long long)H.longest, (long long)H.ncycles, H.cov_factor, H.cov_id);
  }
  CK(cudaStreamSynchronize(s));
  CK(cudaGetLastError());
  CK(cudaStreamDestroy(s));
  if (ck.fails) {
    g_fail++;
    printf("FAIL %s (%d checks): first %s\n", A.name.c_str(), ck.fails, ck.first.c_str());
  } else {
    g_pass++;
    printf("PASS %s\n", A.name.c_str());
  }
  fflush(stdout);
}

int main(int argc, char **argv)
{
  bool                     quick = false, big = false;
  std::vector<std::string> files;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--quick")) quick = true;
    else if (!strcmp(argv[i], "--big")) big = true;
    else files.push_back(argv[i]);
  }
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  printf("device: %s\n", prop.name);

  std::vector<ts_int> tiny_sizes = {1, 2, 3, 5};
  /* tiny and small generated matrices */
  for (ts_int m : tiny_sizes) test_matrix(make_stencil(ST_MODEL8, m), true, true);
  test_matrix(make_stencil(ST_ANISO1, 16), true, true);
  test_matrix(make_stencil(ST_ANISO2, 17), true, true);
  test_matrix(make_stencil(ST_ROT, 20), true, true);
  test_matrix(make_rings({3, 4, 5, 8, 16, 1, 2, 7}, true, 1), true, true);
  test_matrix(make_rings({3, 4, 5, 6, 9, 33, 100}, false, 2), true, true);
  test_matrix(make_random(1, 3, 1, true, false), true, true);
  test_matrix(make_random(50, 3, 2, true, false), true, true);
  test_matrix(make_random(300, 4, 3, true, true), true, true);
  test_matrix(make_symmetric_long(1500, 9, false), true, true);
  test_matrix(make_symmetric_long(1500, 10, true), true, true);
  if (!quick) {
    test_matrix(make_stencil(ST_ANISO1, 64), true, true);
    test_matrix(make_stencil(ST_ANISO2, 100), true, true);
    test_matrix(make_stencil(ST_MODEL8, 128), true, true);
    test_matrix(make_stencil(ST_ROT, 150), true, true);
    test_matrix(make_stencil(ST_ANISO1, 500), false, false);
    test_matrix(make_stencil(ST_MODEL8, 400), false, true);
    std::vector<ts_int> big_rings;
    for (ts_int L = 3; L < 3000; L = L * 3 / 2 + 1) big_rings.push_back(L);
    big_rings.push_back(100000);
    test_matrix(make_rings(big_rings, true, 3), true, true);
    test_matrix(make_rings(big_rings, false, 4), true, true);
    test_matrix(make_random(5000, 6, 5, true, true), true, true);
    test_matrix(make_random(20000, 10, 6, false, true), true, true);
    test_matrix(make_random(100000, 3, 7, true, false), true, true);
    test_matrix(make_random(200000, 12, 8, true, true), false, false);
  }
  if (big) {
    test_matrix(make_stencil(ST_ANISO1, 1200), false, false);
    test_matrix(make_stencil(ST_ANISO2, 1200), false, false);
    test_matrix(make_stencil(ST_MODEL8, 1000), false, false);
  }
  for (const auto &f : files) {
    CsrMatrix   A;
    std::string err;
    if (!read_matrix_market(f.c_str(), A, err)) {
      printf("FAIL %s: %s\n", f.c_str(), err.c_str());
      g_fail++;
      continue;
    }
    test_matrix(A, true, A.nnz() < 300000);
  }
  printf("%d passed, %d failed\n", g_pass, g_fail);
  return g_fail ? 1 : 0;
}
