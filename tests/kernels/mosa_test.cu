/* SPDX-License-Identifier: BSD-2-Clause */
/*
   mosa_test.cu - the MOS-a device kernels (cuda/mosa_*.cu, rowsolve.cu) against their host oracles,
   compared EXACTLY over three levels of the MOS-a recursion B_{l+1} = prune(B_l M_l^-1) of each
   matrix: path bounds, the chain factor (every byte of ts_ref_gttrf's buffer), the product rows
   (lengths, columns and values bit for bit) with droptol 1e-4, droptol 0 and the exact whole-chain
   variant, the refresh on a kept pattern (its own product's values bit for bit, another variant's
   as the host's refresh), the row capacities and the compacted CSR; droptol 0 equals the exact product on the
   device too; c_diag to 1e-12 relative (a parallel sum). Failures: a NaN in B gives
   TS_ERR_NONFINITE, a zero pivot the host's status and first zero position.

   usage: mosa_test [--quick]      (--quick: the small matrices only, for compute-sanitizer)
   One PASS/FAIL line per matrix, last line "N passed, M failed".
*/
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <string>
#include <vector>

#include "trisplit_kernels.h"
#include "mosa_levels.h"

template <class T>
static T *up(const std::vector<T> &h)
{
  T *d;
  CK(cudaMalloc(&d, (h.size() ? h.size() : 1) * sizeof(T)));
  if (h.size()) CK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

template <class T>
static T *alloc(size_t m)
{
  T *d;
  CK(cudaMalloc(&d, (m ? m : 1) * sizeof(T)));
  CK(cudaMemset(d, 0xA5, (m ? m : 1) * sizeof(T))); /* poisoned: unwritten entries show */
  return d;
}

template <class T>
static std::vector<T> down(const T *d, size_t m)
{
  std::vector<T> h(m);
  if (m) CK(cudaMemcpy(h.data(), d, m * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

static int g_pass = 0, g_fail = 0;

static void test_matrix(CsrMatrix B, int levels)
{
  Fails               fl;
  const ts_int        n = B.n;
  std::vector<ts_int> q, orow;
  void               *pbuf, *fbuf;
  ts_int              rounds[2];

  row_capacities(B, q, orow);
  ts_int *d_q = alloc<ts_int>(n), *d_orow = alloc<ts_int>(n + 1);
  CK(cudaMalloc(&pbuf, ts_cuda_mosa_pattern_buffer_size(n) + ts_cuda_path_bounds_buffer_size(n)));
  {
    ts_int *d_rowptr = up(B.rowptr), *d_col = up(B.col);
    CT(ts_cuda_mosa_rowcap(nullptr, n, d_rowptr, d_col, d_q, d_orow, pbuf));
    fl.check(down(d_q, n) == q && down(d_orow, n + 1) == orow, "rowcap");
    cudaFree(d_rowptr);
    cudaFree(d_col);
  }
  CK(cudaMalloc(&fbuf, ts_ref_gttrf_size(n) + 8));
  for (int l = 0; l < levels; l++) {
    const std::string lv     = "level " + std::to_string(l) + ": ";
    HostForest        F      = host_forest(B);
    ts_int           *d_rowptr = up(B.rowptr), *d_col = up(B.col), *d_perm = up(F.perm), *d_iperm = up(F.iperm), *d_pid = up(F.path_id);
    double           *d_val = up(B.val), *d_a = up(F.a), *d_b = up(F.b), *d_c = up(F.c), *d_cov = alloc<double>(1);
    ts_int           *d_begin = alloc<ts_int>(n), *d_end = alloc<ts_int>(n), *d_info = alloc<ts_int>(2);
    std::vector<char> factor(ts_ref_gttrf_size(n) + 8);
    ts_int            zero_row;
    Rows              host[3], dev[3];

    /* path bounds and the factor */
    CT(ts_cuda_path_bounds(nullptr, n, d_perm, d_pid, d_begin, d_end, pbuf));
    fl.check(down(d_begin, n) == F.begin && down(d_end, n) == F.end, lv + "path bounds");
    ts_status st = ts_ref_gttrf(TS_PIVOTING_SCALED, n, F.a.data(), F.b.data(), F.c.data(), factor.data(), &zero_row);
    CT(ts_cuda_gttrf_paths(nullptr, TS_PIVOTING_SCALED, n, d_begin, d_end, d_a, d_b, d_c, fbuf, d_info));
    std::vector<ts_int> info = down(d_info, 2);
    std::vector<char>   dfac = down((char *)fbuf, ts_ref_gttrf_size(n));
    fl.check(info[0] == st && info[1] == (st == TS_SUCCESS ? -1 : zero_row), lv + "device factor status");
    if (st != TS_SUCCESS) { /* a singular level (random matrices): the PC stops here too */
      printf("  %s level %d: singular (status %d at %d), device agrees: %s\n", B.name.c_str(), l, (int)st, (int)zero_row, info[0] == st && info[1] == zero_row ? "yes" : "no");
      levels = l;
    } else fl.check(!memcmp(dfac.data(), factor.data(), ts_ref_gttrf_size(n)), lv + "factor bytes");

    /* the products */
    for (int v = 0; v < 3 && st == TS_SUCCESS; v++) {
      const ProductVariant &pv = kVariants[v];
      void                 *buf;
      ts_int               *d_ocol = alloc<ts_int>(orow[n]), *d_olen = alloc<ts_int>(n), bad = -1;
      double               *d_oval = alloc<double>(orow[n]);
      host_product(B, F, factor.data(), q, orow, pv.droptol, pv.exact, host[v]);
      CK(cudaMalloc(&buf, ts_cuda_mosa_product_buffer_size(n, pv.exact)));
      CT(ts_cuda_mosa_product(nullptr, n, d_rowptr, d_col, d_val, d_perm, d_iperm, d_begin, d_end, fbuf, d_q, pv.droptol, pv.exact, d_orow, d_ocol, d_oval, d_olen, buf, rounds));
      dev[v].len = down(d_olen, n), dev[v].col = down(d_ocol, orow[n]), dev[v].val = down(d_oval, orow[n]);
      fl.check(same_rows(host[v], dev[v], orow, n, &bad), lv + pv.name + ": device row " + std::to_string((long long)bad) + " differs from the host's");
      if (v == 0) printf("  %s level %d: product rounds %d, rows recomputed %d\n", B.name.c_str(), l, (int)rounds[0], (int)rounds[1]);
      /* the refresh on a kept pattern: its own (the product's values bit for bit) and another
         variant's (the host's refresh) */
      for (int other = 0; other < (v ? 2 : 1); other++) {
        const CsrMatrix     K = next_level(B, host[other ? v - 1 : v], orow); /* another: the variant before, computed already */
        std::vector<double> hv;
        ts_int             *d_krow = up(K.rowptr), *d_kcol = up(K.col);
        double             *d_kval = alloc<double>(K.col.size() + 1);
        host_refresh(B, F, factor.data(), q, K, pv.droptol, pv.exact, hv);
        CT(ts_cuda_mosa_refresh(nullptr, n, d_rowptr, d_col, d_val, d_perm, d_iperm, d_begin, d_end, fbuf, d_q, pv.droptol, pv.exact, d_krow, d_kcol, d_kval, buf, rounds));
        const std::vector<double> dv = down(d_kval, K.col.size());
        const long long           d  = first_difference(dv, other ? hv : K.val, K.col.size());
        fl.check(d < 0, lv + pv.name + (other ? ": device refresh on another pattern differs from the host's at entry " : ": device refresh on its own pattern differs from the product at entry ") + std::to_string(d));
        cudaFree(d_krow), cudaFree(d_kcol), cudaFree(d_kval);
      }
      cudaFree(buf);
      cudaFree(d_ocol), cudaFree(d_olen), cudaFree(d_oval);
    }
    if (st == TS_SUCCESS) {
      ts_int bad = -1;
      fl.check(same_rows(dev[1], dev[2], orow, n, &bad), lv + "device droptol 0 differs from the exact product in row " + std::to_string((long long)bad));
    }
    /* B_{l+1}: compaction on the device against the host's, then c_diag */
    if (st == TS_SUCCESS) {
      CsrMatrix C = next_level(B, host[0], orow);
      ts_int *d_ocol = up(host[0].col), *d_olen = up(host[0].len), *d_nrow = alloc<ts_int>(n + 1), *d_ncol = alloc<ts_int>(orow[n]);
      double *d_oval = up(host[0].val), *d_nval = alloc<double>(orow[n]), cov;
      CT(ts_cuda_mosa_compact(nullptr, n, d_orow, d_ocol, d_oval, d_olen, d_nrow, d_ncol, d_nval, pbuf));
      const ts_int nnz = C.nnz();
      fl.check(down(d_nrow, n + 1) == C.rowptr && down(d_ncol, nnz) == C.col && down(d_nval, nnz) == C.val, lv + "compaction");
      CT(ts_cuda_diag_coverage(nullptr, n, d_nrow, d_ncol, d_nval, d_cov, pbuf));
      cov              = down(d_cov, 1)[0];
      const double ref = ts_ref_diag_coverage(n, C.rowptr.data(), C.col.data(), C.val.data());
      fl.check(fabs(cov - ref) <= 1e-12 * fabs(ref), lv + "c_diag");
      cudaFree(d_ocol), cudaFree(d_olen), cudaFree(d_nrow), cudaFree(d_ncol), cudaFree(d_oval), cudaFree(d_nval);
      B = C;
    }
    cudaFree(d_rowptr), cudaFree(d_col), cudaFree(d_perm), cudaFree(d_iperm), cudaFree(d_pid), cudaFree(d_val);
    cudaFree(d_a), cudaFree(d_b), cudaFree(d_c), cudaFree(d_cov), cudaFree(d_begin), cudaFree(d_end), cudaFree(d_info);
  }
  cudaFree(pbuf), cudaFree(fbuf), cudaFree(d_q), cudaFree(d_orow);
  report(fl, B.name.c_str(), &g_pass, &g_fail);
}

/* a NaN in B: TS_ERR_NONFINITE; a zero on the diagonal of a path: the host's zero pivot position */
static void test_failures()
{
  Fails        fl;
  CsrMatrix    B = make_stencil(ST_ANISO2, 12);
  const ts_int n = B.n;
  HostForest   F = host_forest(B);

  {
    std::vector<double> b = F.b;
    ts_int              zero_row;
    std::vector<char>   factor(ts_ref_gttrf_size(n) + 8);
    b[n / 3] = 0, b[n / 2] = 0;
    std::vector<double> a = F.a, c = F.c;
    a[n / 3] = c[n / 3] = a[n / 2] = c[n / 2] = 0; /* an isolated zero: no row can eliminate it */
    if (n / 3 > 0) c[n / 3 - 1] = 0;
    if (n / 2 > 0) c[n / 2 - 1] = 0;
    ts_status st = ts_ref_gttrf(TS_PIVOTING_SCALED, n, a.data(), b.data(), c.data(), factor.data(), &zero_row);
    ts_int   *d_begin = up(F.begin), *d_end = up(F.end), *d_info = alloc<ts_int>(2);
    double   *d_a = up(a), *d_b = up(b), *d_c = up(c);
    void     *fbuf;
    CK(cudaMalloc(&fbuf, ts_ref_gttrf_size(n)));
    CT(ts_cuda_gttrf_paths(nullptr, TS_PIVOTING_SCALED, n, d_begin, d_end, d_a, d_b, d_c, fbuf, d_info));
    std::vector<ts_int> info = down(d_info, 2);
    fl.check(st == TS_ERR_ZERO_PIVOT && info[0] == st && info[1] == zero_row, "zero pivot: device " + std::to_string((long long)info[0]) + " at " + std::to_string((long long)info[1]) + ", host " + std::to_string((int)st) + " at " + std::to_string((long long)zero_row));
    b[0] = NAN;
    CK(cudaMemcpy(d_b, b.data(), n * sizeof(double), cudaMemcpyHostToDevice));
    CT(ts_cuda_gttrf_paths(nullptr, TS_PIVOTING_SCALED, n, d_begin, d_end, d_a, d_b, d_c, fbuf, d_info));
    info = down(d_info, 2);
    fl.check(info[0] == TS_ERR_NONFINITE, "NaN band: status " + std::to_string((long long)info[0]));
    cudaFree(d_begin), cudaFree(d_end), cudaFree(d_info), cudaFree(d_a), cudaFree(d_b), cudaFree(d_c), cudaFree(fbuf);
  }
  {
    std::vector<char>   factor(ts_ref_gttrf_size(n) + 8);
    std::vector<ts_int> q(n, 8), orow(n + 1);
    CT(ts_ref_gttrf(TS_PIVOTING_SCALED, n, F.a.data(), F.b.data(), F.c.data(), factor.data(), nullptr));
    for (ts_int i = 0; i <= n; i++) orow[i] = 9 * i;
    B.val[B.rowptr[n / 2] + 1] = NAN;
    ts_int *d_rowptr = up(B.rowptr), *d_col = up(B.col), *d_perm = up(F.perm), *d_iperm = up(F.iperm), *d_begin = up(F.begin), *d_end = up(F.end), *d_q = up(q), *d_orow = up(orow);
    ts_int *d_ocol = alloc<ts_int>(9 * n), *d_olen = alloc<ts_int>(n);
    double *d_val = up(B.val), *d_oval = alloc<double>(9 * n);
    void   *buf, *fbuf;
    CK(cudaMalloc(&buf, ts_cuda_mosa_product_buffer_size(n, 0)));
    CK(cudaMalloc(&fbuf, factor.size()));
    CK(cudaMemcpy(fbuf, factor.data(), factor.size(), cudaMemcpyHostToDevice));
    ts_status st = ts_cuda_mosa_product(nullptr, n, d_rowptr, d_col, d_val, d_perm, d_iperm, d_begin, d_end, fbuf, d_q, 1e-4, 0, d_orow, d_ocol, d_oval, d_olen, buf, nullptr);
    fl.check(st == TS_ERR_NONFINITE, "NaN in B: status " + std::to_string((int)st));
    cudaFree(d_rowptr), cudaFree(d_col), cudaFree(d_perm), cudaFree(d_iperm), cudaFree(d_begin), cudaFree(d_end), cudaFree(d_q), cudaFree(d_orow);
    cudaFree(d_ocol), cudaFree(d_olen), cudaFree(d_val), cudaFree(d_oval), cudaFree(buf), cudaFree(fbuf);
  }
  report(fl, "failures (zero pivot position, NaN in the bands and in B)", &g_pass, &g_fail);
}

int main(int argc, char **argv)
{
  const bool     quick = argc > 1 && !strcmp(argv[1], "--quick");
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  printf("device: %s\n", prop.name);
  for (ts_int m : {1, 2, 3, 7}) test_matrix(make_stencil(ST_MODEL8, m), 2);
  test_matrix(make_stencil(ST_ANISO1, 16), 3);
  test_matrix(make_stencil(ST_ANISO2, 17), 3);
  test_matrix(make_stencil(ST_ROT, 20), 3);
  test_matrix(make_random(300, 4, 3, true, true), 3);
  test_matrix(diagonally_dominant(make_random(300, 4, 3, true, true)), 3);
  test_failures();
  if (!quick) {
    test_matrix(make_stencil(ST_ANISO1, 48), 3);
    test_matrix(make_stencil(ST_ANISO2, 64), 4);
    test_matrix(make_stencil(ST_MODEL8, 50), 3);
    test_matrix(make_stencil(ST_ROT, 64), 4);
    test_matrix(make_random(3000, 6, 5, true, true), 3);
    test_matrix(make_random(4000, 10, 6, false, true), 2);
    test_matrix(diagonally_dominant(make_random(4000, 10, 6, false, true)), 3);
  }
  printf("%d passed, %d failed\n", g_pass, g_fail);
  return g_fail ? 1 : 0;
}
