/* SPDX-License-Identifier: BSD-2-Clause */
/*
   mosa_levels.h - the host side of the MOS-a kernel tests (mosa_test.cu on the GPU, mosa_sim.cu on
   the host): one level of the recursion B_{l+1} = prune(B_l M_l^-1) with the reference kernels (the
   forest of B_l as PCMOSA builds it, the row capacities, the products, the next B), and the exact
   comparison of product rows. Header only, host C++.
*/
#ifndef TS_MOSA_LEVELS_H
#define TS_MOSA_LEVELS_H

#include <stdio.h>
#include <string>
#include <vector>

#include "trisplit_kernels.h"
#include "forest_matrices.h"
#include "check.h"

/* the three products the tests compare */
struct ProductVariant {
  double      droptol;
  int         exact;
  const char *name;
};
static const ProductVariant kVariants[3] = {{1e-4, 0, "droptol 1e-4"}, {0.0, 0, "droptol 0"}, {0.0, 1, "exact"}};

struct Fails {
  int         count = 0;
  std::string first;
  void        check(bool ok, const std::string &what)
  {
    if (ok) return;
    if (!count) first = what;
    count++;
  }
};

static inline void report(const Fails &fl, const char *name, int *pass, int *fail)
{
  if (fl.count) {
    (*fail)++;
    printf("FAIL %s (%d checks): first %s\n", name, fl.count, fl.first.c_str());
  } else {
    (*pass)++;
    printf("PASS %s\n", name);
  }
  fflush(stdout);
}

/* the host forest of B with its bands and path bounds, as PCMOSA builds it */
struct HostForest {
  std::vector<ts_int> perm, iperm, path_id, begin, end;
  std::vector<double> a, b, c;
};

static inline HostForest host_forest(const CsrMatrix &B)
{
  const ts_int        n = B.n, nnz = B.nnz();
  ts_factor_params    params = {2, 5, 5, 0, 0.5, 0, 0};
  HostForest          F;
  std::vector<ts_int> t_rowptr(n + 1), t_col(nnz + 1), g_rowptr(n + 1), partner(2 * n), position(n), work(2 * n);
  std::vector<double> t_val(nnz + 1), scale(n), partner_w(2 * n);
  ts_int              np, lo, nc;
  int                 rounds;

  ts_ref_csr_transpose(n, n, B.rowptr.data(), B.col.data(), B.val.data(), t_rowptr.data(), t_col.data(), t_val.data());
  ts_ref_graph_scale(TS_WEIGHT_SCALED, n, B.rowptr.data(), B.col.data(), B.val.data(), scale.data());
  ts_ref_graph_rowptr(n, B.rowptr.data(), B.col.data(), t_rowptr.data(), t_col.data(), g_rowptr.data());
  std::vector<ts_int> g_col(g_rowptr[n] + 1);
  std::vector<double> g_w(g_rowptr[n] + 1);
  ts_ref_graph_fill(n, B.rowptr.data(), B.col.data(), B.val.data(), t_rowptr.data(), t_col.data(), t_val.data(), scale.data(), g_rowptr.data(), g_col.data(), g_w.data());
  std::vector<char> fwork(ts_ref_factor_size(n, 2) + 1);
  CT(ts_ref_factor(&params, n, g_rowptr.data(), g_col.data(), g_w.data(), partner.data(), partner_w.data(), fwork.data(), &rounds));
  F.perm.resize(n), F.iperm.resize(n), F.path_id.resize(n), F.begin.resize(n), F.end.resize(n);
  CT(ts_ref_linear_forest(n, partner.data(), partner_w.data(), F.path_id.data(), position.data(), F.perm.data(), F.iperm.data(), work.data(), &np, &lo, &nc));
  F.a.resize(n), F.b.resize(n), F.c.resize(n);
  ts_ref_forest_bands(n, B.rowptr.data(), B.col.data(), B.val.data(), F.perm.data(), F.iperm.data(), F.path_id.data(), F.a.data(), F.b.data(), F.c.data());
  ts_ref_path_bounds(n, F.perm.data(), F.path_id.data(), F.begin.data(), F.end.data());
  return F;
}

/* A + D with D_ii = 1 + sum_j |A_ij|: a random pattern whose levels do not fail, so the products of
   irregular rows (long rows, ties, empty rows of A) are compared too */
static inline CsrMatrix diagonally_dominant(const CsrMatrix &A)
{
  std::vector<Triplet> t;
  for (ts_int i = 0; i < A.n; i++) {
    double sum = 1;
    for (ts_int e = A.rowptr[i]; e < A.rowptr[i + 1]; e++) {
      t.push_back({i, A.col[e], A.val[e]});
      sum += fabs(A.val[e]);
    }
    t.push_back({i, i, sum});
  }
  return csr_from_triplets(A.name + "_dd", A.n, t);
}

/* q_i (off-diagonal count of row i of A) and the padded row pointer of the product, q_i + 1 each */
static inline void row_capacities(const CsrMatrix &A, std::vector<ts_int> &q, std::vector<ts_int> &orow)
{
  q.assign(A.n, 0), orow.assign(A.n + 1, 0);
  for (ts_int i = 0; i < A.n; i++) {
    q[i] = A.rowptr[i + 1] - A.rowptr[i];
    for (ts_int e = A.rowptr[i]; e < A.rowptr[i + 1]; e++) q[i] -= A.col[e] == i;
    orow[i + 1] = orow[i] + q[i] + 1;
  }
}

/* rows of one product: out_col/out_val padded as orow, out_len */
struct Rows {
  std::vector<ts_int> col, len;
  std::vector<double> val;
};

static inline void host_product(const CsrMatrix &B, const HostForest &F, const void *factor, const std::vector<ts_int> &q, const std::vector<ts_int> &orow, double droptol, int exact, Rows &out)
{
  std::vector<char> work(ts_ref_mosa_product_size(B.n) + 1);
  out.col.assign(orow[B.n], 0), out.val.assign(orow[B.n], 0), out.len.assign(B.n, 0);
  CT(ts_ref_mosa_product(B.n, B.rowptr.data(), B.col.data(), B.val.data(), F.perm.data(), F.iperm.data(), F.begin.data(), F.end.data(), factor, q.data(), droptol, exact, orow.data(), out.col.data(), out.val.data(), out.len.data(), work.data()));
}

/* the values of B M^-1 on the pattern of K (ts_ref_mosa_refresh) */
static inline void host_refresh(const CsrMatrix &B, const HostForest &F, const void *factor, const std::vector<ts_int> &q, const CsrMatrix &K, double droptol, int exact, std::vector<double> &val)
{
  std::vector<char> work(ts_ref_mosa_product_size(B.n) + 1);
  val.assign(K.col.size() + 1, NAN); /* poisoned: every kept entry must be written */
  CT(ts_ref_mosa_refresh(B.n, B.rowptr.data(), B.col.data(), B.val.data(), F.perm.data(), F.iperm.data(), F.begin.data(), F.end.data(), factor, q.data(), droptol, exact, K.rowptr.data(), K.col.data(), val.data(), work.data()));
}

/* the first entry where two value arrays of a pattern with nnz entries differ (bit for bit; NaN
   differs from everything), -1 when none */
static inline long long first_difference(const std::vector<double> &x, const std::vector<double> &y, size_t nnz)
{
  for (size_t k = 0; k < nnz; k++)
    if (!(x[k] == y[k])) return (long long)k;
  return -1;
}

/* equal lengths, columns and values (bit for bit) in every row; *bad: the first row that differs */
static inline bool same_rows(const Rows &x, const Rows &y, const std::vector<ts_int> &orow, ts_int n, ts_int *bad)
{
  for (ts_int i = 0; i < n; i++) {
    bool eq = x.len[i] == y.len[i];
    for (ts_int k = 0; eq && k < x.len[i]; k++) eq = x.col[orow[i] + k] == y.col[orow[i] + k] && x.val[orow[i] + k] == y.val[orow[i] + k];
    if (!eq) {
      *bad = i;
      return false;
    }
  }
  return true;
}

/* B_{l+1}: the product's rows compacted into CSR */
static inline CsrMatrix next_level(const CsrMatrix &B, const Rows &r, const std::vector<ts_int> &orow)
{
  CsrMatrix C;
  C.name = B.name, C.n = B.n, C.rowptr.assign(B.n + 1, 0);
  for (ts_int i = 0; i < B.n; i++) {
    for (ts_int k = 0; k < r.len[i]; k++) {
      C.col.push_back(r.col[orow[i] + k]);
      C.val.push_back(r.val[orow[i] + k]);
    }
    C.rowptr[i + 1] = (ts_int)C.col.size();
  }
  return C;
}

#endif
