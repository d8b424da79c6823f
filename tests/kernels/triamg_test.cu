/* SPDX-License-Identifier: BSD-2-Clause */
/*
   triamg_test.cu - PCTRIAMG's device kernels against their oracles: the smoothed prolongator
   (ts_cuda_prolongator, src/kernels/cuda/prolongator.cu) and the Galerkin product's two products, A P and
   P^T (A P), with their refresh (ts_cuda_galerkin_*, galerkin.cu) give ts_ref_prolongator's and
   ts_ref_galerkin_*'s results bit for bit.
   Matrices: 5- and 9-point grids with random values (weak and strong entries, positive off-diagonals),
   rows with zero or missing diagonals, long rows (up to 300 entries), empty rows; aggregates of random
   sizes, numbered in random order; Gershgorin and given rho, thresholds
   0, 0.25 and 1; 1 to 200,000 rows. Also the kernels of the device-resident level operators (src/mat/csrcuda.c):
   the products y = base + sign A x (ts_cuda_csr_spmv, against ts_ref_csr_spmv to 1e-13 of the row's absolute sum:
   the device sums a row in another order), the transposed product through ts_cuda_csr_transpose, the dense copy
   of the coarsest level, the hashed start vector and the aggregates' checksum (bit for bit); the distributed
   levels' join, split, gather and merge (ts_cuda_csr_merge: renamed columns and other ranks' entries).

   usage: triamg_test [--device] [--quick]      (--quick: at most 2000 rows, for compute-sanitizer)
   Without --device the reference kernels are checked against a plain computation of their definitions
   (P from its formula, P^T A P by a triple product into a map, to 1e-12): no GPU needed, CI runs it. With
   --device the CUDA kernels must give the reference's arrays exactly. Last line: "N passed, M failed".
*/
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "trisplit_kernels.h"
#include "check.h"

static int g_pass = 0, g_fail = 0;

static unsigned long long g_state = 2026112602ULL;
static double             uniform() /* [0, 1) */
{
  g_state = g_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(g_state >> 11) / 9007199254740992.0;
}
static ts_int below(ts_int m) { return (ts_int)(uniform() * m); }

struct Csr {
  ts_int              n = 0, m = 0; /* rows, columns */
  std::vector<ts_int> row, col;
  std::vector<double> val;
};

/* the next row of A from its entries in any order, those of one column summed */
static void append_row(Csr &A, std::vector<std::pair<ts_int, double>> &e)
{
  std::sort(e.begin(), e.end(), [](const std::pair<ts_int, double> &a, const std::pair<ts_int, double> &b) { return a.first < b.first; });
  for (size_t t = 0; t < e.size(); t++) {
    if (t && e[t].first == e[t - 1].first) {
      A.val.back() += e[t].second;
      continue;
    }
    A.col.push_back(e[t].first);
    A.val.push_back(e[t].second);
  }
  A.row.push_back((ts_int)A.col.size());
}

/* a k x k grid with the 5- or 9-point pattern, random values; some rows lose their diagonal, get a zero one,
   get long or are emptied */
static Csr grid(ts_int k, int nine, int oddities)
{
  Csr A;
  A.n = A.m = k * k;
  A.row.push_back(0);
  for (ts_int y = 0; y < k; y++)
    for (ts_int x = 0; x < k; x++) {
      const ts_int i    = y * k + x;
      const double roll = uniform();
      std::vector<std::pair<ts_int, double>> e;

      if (!(oddities && roll < 0.002)) { /* 0.2% empty rows */
        for (int dy = -1; dy <= 1; dy++)
          for (int dx = -1; dx <= 1; dx++) {
            if (!nine && dx && dy) continue;
            if (x + dx < 0 || x + dx >= k || y + dy < 0 || y + dy >= k) continue;
            double v = (dx || dy) ? -(uniform() < 0.3 ? 0.01 : 1.0) * uniform() : 4.0 + uniform();
            if ((dx || dy) && uniform() < 0.1) v = -v; /* positive off-diagonals */
            if (!dx && !dy && oddities && roll < 0.01) {
              if (roll < 0.006) continue; /* no diagonal */
              v = 0.0;                    /* a zero diagonal */
            }
            e.push_back({i + dy * k + dx, v});
          }
        if (oddities && roll > 0.999) /* a long row */
          for (int r = 0; r < 300; r++) e.push_back({below(A.n), uniform() - 0.5});
      }
      append_row(A, e);
    }
  return A;
}

/* n rows of a coarse level's kind: row i holds about 70% of the columns within a random half-width of 10..80 (20..160
   entries: longer than a warp's chunk, the device's warp rows), random values as grid()'s; 1% of the rows also 200
   random columns (more targets than a warp's list holds), some lose their diagonal or get a zero one */
static Csr banded(ts_int n)
{
  Csr A;
  A.n = A.m = n;
  A.row.push_back(0);
  for (ts_int i = 0; i < n; i++) {
    const ts_int w    = 10 + below(71);
    const double roll = uniform();
    std::vector<std::pair<ts_int, double>> e;

    for (ts_int j = i - w; j <= i + w; j++) {
      if (j < 0 || j >= n || (j != i && uniform() > 0.7)) continue;
      double v = j != i ? -(uniform() < 0.3 ? 0.01 : 1.0) * uniform() : 4.0 + uniform();
      if (j != i && uniform() < 0.1) v = -v;
      if (j == i && roll < 0.01) {
        if (roll < 0.005) continue;
        v = 0.0;
      }
      e.push_back({j, v});
    }
    if (roll > 0.99)
      for (int r = 0; r < 200; r++) e.push_back({below(n), uniform() - 0.5});
    append_row(A, e);
  }
  return A;
}

/* aggregates: consecutive runs of 1..6 rows, their numbers shuffled */
static ts_int aggregates(ts_int n, std::vector<ts_int> &agg)
{
  std::vector<ts_int> perm;
  ts_int              nagg = 0;

  agg.assign(n, 0);
  for (ts_int i = 0; i < n;) {
    ts_int len = 1 + below(6);
    for (ts_int j = i; j < i + len && j < n; j++) agg[j] = nagg;
    nagg++;
    i += len;
  }
  perm.resize(nagg);
  for (ts_int a = 0; a < nagg; a++) perm[a] = a;
  for (ts_int a = nagg - 1; a > 0; a--) std::swap(perm[a], perm[below(a + 1)]);
  for (ts_int i = 0; i < n; i++) agg[i] = perm[agg[i]];
  return nagg;
}

static void report(bool ok, const std::string &what)
{
  if (ok) g_pass++;
  else {
    g_fail++;
    printf("not ok %s\n", what.c_str());
  }
}

template <class T>
static T *to_device(const std::vector<T> &h)
{
  T *d = nullptr;
  CK(cudaMalloc((void **)&d, (h.size() ? h.size() : 1) * sizeof(T)));
  if (h.size()) CK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}
template <class T>
static std::vector<T> to_host(const T *d, size_t count)
{
  std::vector<T> h(count);
  if (count) CK(cudaMemcpy(h.data(), d, count * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}
static bool same_bits(const std::vector<double> &a, const std::vector<double> &b) { return a.size() == b.size() && (a.empty() || !memcmp(a.data(), b.data(), a.size() * sizeof(double))); }

/* the reference prolongator */
static Csr ref_prolongator(const Csr &A, const std::vector<ts_int> &agg, ts_int nagg, double rho, double theta, double *omega)
{
  Csr P;
  P.n = A.n;
  P.m = nagg;
  P.row.resize(A.n + 1);
  P.col.resize(A.row[A.n] + A.n + 1);
  P.val.resize(A.row[A.n] + A.n + 1);
  CT(ts_ref_prolongator(A.n, A.row.data(), A.col.data(), A.val.data(), agg.data(), 1, rho, theta, P.row.data(), P.col.data(), P.val.data(), omega));
  P.col.resize(P.row[A.n]);
  P.val.resize(P.row[A.n]);
  return P;
}

/* a product's pattern by ts_ref_galerkin_product_pattern(), the columns starting at room for one entry so that every
   growth and resumed row is exercised (the host backend starts at a guess) */
static void ref_pattern(ts_int n, ts_int ncl, ts_int ncr, const ts_int *rowptr, const ts_int *col, const ts_int *lrow, const ts_int *lcol, const ts_int *rrow, const ts_int *rcol, void *work, std::vector<ts_int> &crow, std::vector<ts_int> &ccol)
{
  ts_int first = 0;

  crow.assign(ncl + 1, 0);
  ccol.assign(1, 0);
  for (;;) {
    CT(ts_ref_galerkin_product_pattern(n, ncl, ncr, rowptr, col, lrow, lcol, rrow, rcol, first, (ts_int)ccol.size(), crow.data(), ccol.data(), &first, work));
    if (first == ncl) break;
    ccol.resize(2 * ccol.size());
  }
  ccol.resize(crow[ncl]);
}

/* the reference product C = P^T A P, at once or in two products (two < 0: as ts_galerkin_two_products() chooses);
   *AP receives A P (its rows sorted, as the device's; its values in two products only) */
static Csr ref_galerkin(const Csr &A, const Csr &P, int two = -1, Csr *AP = nullptr)
{
  Csr               C, ap;
  std::vector<char> work(ts_ref_galerkin_buffer_size(A.n, P.m, P.row[P.n]));

  ap.n = A.n;
  ap.m = P.m;
  ap.row.resize(A.n + 1);
  C.n = C.m = P.m;
  C.row.resize(P.m + 1);
  ref_pattern(A.n, A.n, P.m, A.row.data(), A.col.data(), NULL, NULL, P.row.data(), P.col.data(), work.data(), ap.row, ap.col);
  ap.val.resize(ap.row[A.n] + 1);
  ref_pattern(A.n, P.m, P.m, ap.row.data(), ap.col.data(), P.row.data(), P.col.data(), NULL, NULL, work.data(), C.row, C.col);
  C.val.resize(C.row[P.m]);
  if (two < 0) two = ts_galerkin_two_products(A.n, P.row[P.n]);
  if (two) {
    CT(ts_ref_galerkin_product_values(A.n, A.n, P.m, A.row.data(), A.col.data(), A.val.data(), NULL, NULL, NULL, P.row.data(), P.col.data(), P.val.data(), ap.row.data(), ap.col.data(), ap.val.data(), work.data()));
    CT(ts_ref_galerkin_product_values(A.n, P.m, P.m, ap.row.data(), ap.col.data(), ap.val.data(), P.row.data(), P.col.data(), P.val.data(), NULL, NULL, NULL, C.row.data(), C.col.data(), C.val.data(), work.data()));
  } else CT(ts_ref_galerkin_product_values(A.n, P.m, P.m, A.row.data(), A.col.data(), A.val.data(), P.row.data(), P.col.data(), P.val.data(), P.row.data(), P.col.data(), P.val.data(), C.row.data(), C.col.data(), C.val.data(), work.data()));
  ap.col.resize(ap.row[A.n]);
  ap.val.resize(ap.row[A.n]);
  if (AP) *AP = ap;
  return C;
}

/* host mode: the reference against the definitions */
static void check_definitions(const std::string &name, const Csr &A, const std::vector<ts_int> &agg, double theta, const Csr &P, double omega, const Csr &C)
{
  bool ok = true;

  /* P: every row sorted, and each entry the formula's */
  for (ts_int i = 0; i < A.n && ok; i++) {
    double d = 0, cut = 0;
    std::map<ts_int, double> row;

    for (ts_int k = A.row[i]; k < A.row[i + 1]; k++) {
      if (A.col[k] == i) d = A.val[k];
      else cut = fmax(cut, fabs(A.val[k]));
    }
    if (d == 0.0 || omega == 0.0) row[agg[i]] = 1.0;
    else {
      row[agg[i]] = 1.0;
      for (ts_int k = A.row[i]; k < A.row[i + 1]; k++) {
        ts_int J = (A.col[k] == i || fabs(A.val[k]) >= theta * cut) ? agg[A.col[k]] : agg[i];
        row[J] += -omega * A.val[k] / d;
      }
    }
    ok = (ts_int)row.size() == P.row[i + 1] - P.row[i];
    ts_int k = P.row[i];
    for (auto &e : row) {
      if (!ok) break;
      ok = P.col[k] == e.first && fabs(P.val[k] - e.second) <= 1e-12 * (1 + fabs(e.second));
      k++;
    }
  }
  report(ok, name + ": P is the formula's");
  /* C = P^T A P into a map */
  std::map<std::pair<ts_int, ts_int>, double> c;
  for (ts_int i = 0; i < A.n; i++)
    for (ts_int k = A.row[i]; k < A.row[i + 1]; k++) {
      ts_int j = A.col[k];
      for (ts_int p = P.row[i]; p < P.row[i + 1]; p++)
        for (ts_int q = P.row[j]; q < P.row[j + 1]; q++) c[{P.col[p], P.col[q]}] += P.val[p] * A.val[k] * P.val[q];
    }
  ok = (size_t)C.row[C.n] == c.size();
  double scale = 0;
  for (auto &e : c) scale = fmax(scale, fabs(e.second));
  ts_int I = 0;
  for (ts_int e = 0; e < C.row[C.n] && ok; e++) {
    while (e >= C.row[I + 1]) I++;
    auto it = c.find({I, C.col[e]});
    ok = it != c.end() && fabs(it->second - C.val[e]) <= 1e-12 * (1 + scale) && (e == C.row[I] || C.col[e] > C.col[e - 1]);
  }
  report(ok, name + ": C is P^T A P");
}

/* one device product L^T M R (M: n rows; L, R thin, L with lnnz entries, or nullptr rows for the identity): its plan
   and pattern */
struct DeviceProduct {
  int64_t nterms;
  ts_int  cnnz, *order, *run, *crow, *ccol;
};

static DeviceProduct device_product(ts_int n, ts_int ncl, ts_int ncr, const ts_int *dr, const ts_int *dc, ts_int mnnz, const ts_int *lr, const ts_int *lc, ts_int lnnz, const ts_int *rr, const ts_int *rc)
{
  DeviceProduct d;
  int64_t      *dnterms;
  ts_int       *dcnnz;
  void         *buf;

  CK(cudaMalloc((void **)&dnterms, sizeof(int64_t)));
  CK(cudaMalloc((void **)&dcnnz, sizeof(ts_int)));
  CK(cudaMalloc(&buf, ts_cuda_galerkin_count_buffer_size(n)));
  CT(ts_cuda_galerkin_count(nullptr, n, dr, dc, lr, rr, dnterms, buf));
  d.nterms = to_host(dnterms, 1)[0];
  CK(cudaFree(buf));
  CK(cudaMalloc(&buf, ts_cuda_galerkin_sort_buffer_size(n, ncl, mnnz, lnnz, d.nterms)));
  CK(cudaMalloc((void **)&d.order, (d.nterms ? d.nterms : 1) * sizeof(ts_int)));
  CT(ts_cuda_galerkin_sort(nullptr, n, ncl, ncr, dr, dc, mnnz, lr, lc, lnnz, rr, rc, d.nterms, d.order, dcnnz, buf));
  d.cnnz = to_host(dcnnz, 1)[0];
  CK(cudaMalloc((void **)&d.run, (d.cnnz + 1) * sizeof(ts_int)));
  CK(cudaMalloc((void **)&d.crow, (ncl + 1) * sizeof(ts_int)));
  CK(cudaMalloc((void **)&d.ccol, (d.cnnz ? d.cnnz : 1) * sizeof(ts_int)));
  CT(ts_cuda_galerkin_pattern(nullptr, n, ncl, ncr, mnnz, lnnz, d.nterms, d.cnnz, d.crow, d.ccol, d.run, buf));
  CK(cudaFree(buf));
  CK(cudaFree(dnterms));
  CK(cudaFree(dcnnz));
  return d;
}

static void device_values(ts_int n, const ts_int *dr, const ts_int *dc, const double *dv, const ts_int *lr, const double *lv, const ts_int *rr, const double *rv, const DeviceProduct &d, double *dcv)
{
  void *buf;

  CK(cudaMalloc(&buf, ts_cuda_galerkin_values_buffer_size(n, d.nterms)));
  CT(ts_cuda_galerkin_values(nullptr, n, dr, dc, dv, lr, lv, rr, rv, d.nterms, d.order, d.cnnz, d.run, dcv, buf));
  CK(cudaDeviceSynchronize());
  CK(cudaFree(buf));
}

static void device_product_free(DeviceProduct &d)
{
  for (void *p : {(void *)d.order, (void *)d.run, (void *)d.crow, (void *)d.ccol}) CK(cudaFree(p));
}

/* the device products of P^T M P of M's n rows (M: dr, dc; P: dpr, dpc, its first n rows L, all of them R) at once
   (L = P, M, R = P), then in two, M P (L = I, R = P) and P^T (M P) (L = P, R = I): count, sort, pattern; and their
   values' arrays */
struct DeviceProducts {
  DeviceProduct c1, ap, c2;
  double       *v1, *vap, *v2;
};

static double *device_values_array(const DeviceProduct &d)
{
  double *v;

  CK(cudaMalloc((void **)&v, (d.cnnz ? d.cnnz : 1) * sizeof(double)));
  return v;
}

static DeviceProducts device_products(ts_int n, ts_int nagg, const ts_int *dr, const ts_int *dc, ts_int mnnz, const ts_int *dpr, const ts_int *dpc, ts_int lnnz)
{
  DeviceProducts d;

  d.c1  = device_product(n, nagg, nagg, dr, dc, mnnz, dpr, dpc, lnnz, dpr, dpc);
  d.ap  = device_product(n, n, nagg, dr, dc, mnnz, nullptr, nullptr, 0, dpr, dpc);
  d.c2  = device_product(n, nagg, nagg, d.ap.crow, d.ap.ccol, d.ap.cnnz, dpr, dpc, lnnz, nullptr, nullptr);
  d.v1  = device_values_array(d.c1);
  d.vap = device_values_array(d.ap);
  d.v2  = device_values_array(d.c2);
  return d;
}

/* the three products' values from M's (dv) and P's (dpv) */
static void device_products_values(ts_int n, const ts_int *dr, const ts_int *dc, const double *dv, const ts_int *dpr, const double *dpv, const DeviceProducts &d)
{
  device_values(n, dr, dc, dv, dpr, dpv, dpr, dpv, d.c1, d.v1);
  device_values(n, dr, dc, dv, nullptr, nullptr, dpr, dpv, d.ap, d.vap);
  device_values(n, d.ap.crow, d.ap.ccol, d.vap, dpr, dpv, nullptr, nullptr, d.c2, d.v2);
}

static void device_products_free(DeviceProducts &d)
{
  device_product_free(d.c1);
  device_product_free(d.ap);
  device_product_free(d.c2);
  for (void *p : {(void *)d.v1, (void *)d.vap, (void *)d.v2}) CK(cudaFree(p));
}

/* a device product of rows rows (its pattern and values v) == the host's H, bit for bit */
static bool same_product(const DeviceProduct &d, const double *v, ts_int rows, const Csr &H)
{
  return to_host(d.crow, rows + 1) == H.row && to_host(d.ccol, d.cnnz) == H.col && same_bits(to_host(v, d.cnnz), H.val);
}

/* device mode: the CUDA kernels against the reference, bit for bit, and the refresh on a kept plan */
static void check_device(const std::string &name, const Csr &A, const std::vector<ts_int> &agg, ts_int nagg, double rho, double theta)
{
  double  omega_h = 0, omega_d = 0;
  Csr     P = ref_prolongator(A, agg, nagg, rho, theta, &omega_h);
  ts_int *dr = to_device(A.row), *dc = to_device(A.col), *dagg = to_device(agg);
  double *dv = to_device(A.val), *domega;
  ts_int *dpr, *dpc;
  double *dpv;
  void   *buf;

  /* the prolongator */
  CK(cudaMalloc((void **)&dpr, (A.n + 1) * sizeof(ts_int)));
  CK(cudaMalloc((void **)&dpc, (A.row[A.n] + A.n + 1) * sizeof(ts_int)));
  CK(cudaMalloc((void **)&dpv, (A.row[A.n] + A.n + 1) * sizeof(double)));
  CK(cudaMalloc((void **)&domega, sizeof(double)));
  CK(cudaMalloc(&buf, ts_cuda_prolongator_buffer_size(A.n)));
  CT(ts_cuda_prolongator(nullptr, A.n, dr, dc, dv, dagg, 1, rho, theta, dpr, dpc, dpv, domega, buf));
  CK(cudaDeviceSynchronize());
  CK(cudaFree(buf));
  std::vector<ts_int> prow = to_host(dpr, A.n + 1);
  omega_d                  = to_host(domega, 1)[0];
  report(prow == P.row && to_host(dpc, P.row[A.n]) == P.col && same_bits(to_host(dpv, P.row[A.n]), P.val) && !memcmp(&omega_h, &omega_d, sizeof(double)), name + ": device P == host P");

  /* the product at once and in two, values, whatever ts_galerkin_two_products() would choose */
  Csr            C1 = ref_galerkin(A, P, 0), AP;
  Csr            C2 = ref_galerkin(A, P, 1, &AP);
  DeviceProducts d  = device_products(A.n, nagg, dr, dc, A.row[A.n], dpr, dpc, P.row[A.n]);

  device_products_values(A.n, dr, dc, dv, dpr, dpv, d);
  report(same_product(d.c1, d.v1, nagg, C1), name + ": device C == host C (at once)");
  report(same_product(d.ap, d.vap, A.n, AP), name + ": device A P == host A P");
  report(same_product(d.c2, d.v2, nagg, C2), name + ": device C == host C (two products)");

  /* new values on the same pattern: the kept orders and runs */
  Csr B = A;
  for (auto &v : B.val) v = v * 1.5 + (uniform() - 0.5) * 0.01;
  Csr CB1 = ref_galerkin(B, P, 0), CB2 = ref_galerkin(B, P, 1);
  CK(cudaMemcpy(dv, B.val.data(), B.val.size() * sizeof(double), cudaMemcpyHostToDevice));
  device_products_values(A.n, dr, dc, dv, dpr, dpv, d);
  report(CB1.col == C1.col && same_bits(to_host(d.v1, d.c1.cnnz), CB1.val) && CB2.col == C2.col && same_bits(to_host(d.v2, d.c2.cnnz), CB2.val), name + ": device refresh == host refresh (at once, two products)");

  /* the shape across ranks: M holds the first nr of P's rows (L = those rows of P), and its columns reach all of P's
     rows (R = P; the rest are the ghost rows appended below a rank's P) */
  if (A.n >= 4) {
    const ts_int nr = A.n - A.n / 4;
    Csr          M = B; /* dv holds B's values now */

    M.n = nr;
    M.row.resize(nr + 1);
    M.col.resize(M.row[nr]);
    M.val.resize(M.row[nr]);
    Csr            MC1 = ref_galerkin(M, P, 0), MAP;
    Csr            MC2 = ref_galerkin(M, P, 1, &MAP);
    ts_int        *dmr = to_device(M.row);
    DeviceProducts m   = device_products(nr, nagg, dmr, dc, M.row[nr], dpr, dpc, P.row[nr]);

    device_products_values(nr, dmr, dc, dv, dpr, dpv, m);
    report(same_product(m.c1, m.v1, nagg, MC1) && same_product(m.ap, m.vap, nr, MAP) && same_product(m.c2, m.v2, nagg, MC2), name + ": device == host with P's rows beyond M's (at once, two products)");
    device_products_free(m);
    CK(cudaFree(dmr));
  }

  device_products_free(d);
  for (void *p : {(void *)dr, (void *)dc, (void *)dagg, (void *)dv, (void *)domega, (void *)dpr, (void *)dpc, (void *)dpv})
    if (p) CK(cudaFree(p));
}

/* the level operators' kernels: products, dense copy, start vector, checksum */
static void check_level_ops(const std::string &name, const Csr &A, const std::vector<ts_int> &agg, ts_int nagg, bool device)
{
  const ts_int        n = A.n;
  std::vector<double> x(n), base(n), y(n), ydef(n), scale(n, 0.0);

  for (ts_int i = 0; i < n; i++) {
    x[i]    = uniform() - 0.5;
    base[i] = uniform() - 0.5;
  }
  for (ts_int i = 0; i < n; i++) {
    double s = 0.0;

    for (ts_int k = A.row[i]; k < A.row[i + 1]; k++) {
      s += A.val[k] * x[A.col[k]];
      scale[i] += fabs(A.val[k] * x[A.col[k]]);
    }
    ydef[i] = base[i] - s;
  }
  if (!device) { /* the reference against the definition, the residual form with y on base */
    bool ok = true;

    y = base;
    ts_ref_csr_spmv(n, A.row.data(), A.col.data(), A.val.data(), x.data(), y.data(), -1.0, y.data());
    for (ts_int i = 0; i < n; i++) ok = ok && y[i] == ydef[i];
    report(ok, name + ": reference residual");
    {
      std::vector<double> dense((size_t)n * n + 1, -1.0);
      bool                okd = true;

      if (n <= 2000) {
        ts_ref_csr_to_dense(n, n, A.row.data(), A.col.data(), A.val.data(), n, dense.data());
        for (ts_int i = 0; i < n && okd; i++) {
          ts_int k = A.row[i];
          for (ts_int j = 0; j < n; j++) {
            double want = (k < A.row[i + 1] && A.col[k] == j) ? A.val[k++] : 0.0;
            okd = okd && dense[(size_t)j * n + i] == want;
          }
        }
        report(okd, name + ": reference dense copy");
      }
    }
    {
      std::vector<double> h(n);
      int64_t             sum = 0;
      bool                okh = true;

      ts_ref_hash_fill(n, 7, h.data());
      for (ts_int i = 0; i < n; i++) okh = okh && h[i] >= 0.0 && h[i] < 1.0 && h[i] == (double)ts_hash32((uint32_t)(7 + i)) / 4294967296.0;
      report(okh, name + ": reference start vector");
      for (ts_int i = 0; i < n; i++) sum += (int64_t)(3 + i + 1) * (int64_t)(5 + agg[i] + 1);
      report(sum == ts_ref_aggregate_checksum(n, 3, 5, agg.data()), name + ": reference checksum");
    }
    { /* the power method against its definition: steps of x <- D^-1 A x by ts_ref_csr_spmv and the diagonal */
      std::vector<double> u(n), v(n), d(n, 0.0), px(n), py(n);
      double              norms[2], want[2] = {0, 0};

      for (ts_int i = 0; i < n; i++)
        for (ts_int k = A.row[i]; k < A.row[i + 1]; k++)
          if (A.col[k] == i) d[i] = A.val[k];
      ts_ref_hash_fill(n, 0, u.data());
      for (int k = 0; k < 15; k++) {
        if (k) u.swap(v);
        ts_ref_csr_spmv(n, A.row.data(), A.col.data(), A.val.data(), u.data(), nullptr, 1.0, v.data());
        for (ts_int i = 0; i < n; i++) v[i] = d[i] != 0.0 ? v[i] / d[i] : 0.0;
      }
      for (ts_int i = 0; i < n; i++) {
        want[0] += u[i] * u[i];
        want[1] += v[i] * v[i];
      }
      ts_ref_jacobi_power(n, A.row.data(), A.col.data(), A.val.data(), 0, 15, px.data(), py.data(), norms);
      report(norms[0] == want[0] && norms[1] == want[1], name + ": reference power method");
    }
    return;
  }
  /* device: the products within rounding of the reference, in the three forms */
  {
    ts_int *dr = to_device(A.row), *dc = to_device(A.col);
    double *dv = to_device(A.val), *dx = to_device(x), *db = to_device(base), *dy;
    bool    ok = true;

    CK(cudaMalloc((void **)&dy, (n ? n : 1) * sizeof(double)));
    for (int form = 0; form < 3; form++) {
      std::vector<double> want(n);

      if (form == 2) CK(cudaMemcpy(dy, db, n * sizeof(double), cudaMemcpyDeviceToDevice));
      CK(ts_cuda_csr_spmv(nullptr, n, A.row[n], dr, dc, dv, dx, form == 0 ? nullptr : form == 1 ? db : dy, form == 2 ? -1.0 : 1.0, dy) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
      ts_ref_csr_spmv(n, A.row.data(), A.col.data(), A.val.data(), x.data(), form == 0 ? nullptr : base.data(), form == 2 ? -1.0 : 1.0, want.data());
      std::vector<double> got = to_host(dy, n);
      for (ts_int i = 0; i < n; i++) ok = ok && fabs(got[i] - want[i]) <= 1e-13 * (scale[i] + fabs(base[i]) + 1e-300);
    }
    report(ok, name + ": device products == host products (to rounding)");
    /* the transposed product as MATCSRCUDA forms it: the transpose by ts_cuda_csr_transpose, then the product */
    {
      size_t              bytes = ts_cuda_csr_transpose_buffer_size(n, n, A.row[n]);
      void               *work;
      ts_int             *tr, *tc;
      double             *tv;
      std::vector<double> want(n, 0.0);
      bool                okt = true;

      CK(cudaMalloc(&work, bytes ? bytes : 1));
      CK(cudaMalloc((void **)&tr, (n + 1) * sizeof(ts_int)));
      CK(cudaMalloc((void **)&tc, (A.row[n] ? A.row[n] : 1) * sizeof(ts_int)));
      CK(cudaMalloc((void **)&tv, (A.row[n] ? A.row[n] : 1) * sizeof(double)));
      CK(ts_cuda_csr_transpose(nullptr, n, n, A.row[n], dr, dc, dv, tr, tc, tv, work) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
      CK(ts_cuda_csr_spmv(nullptr, n, A.row[n], tr, tc, tv, dx, nullptr, 1.0, dy) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
      std::vector<double> got = to_host(dy, n), tscale(n, 0.0);
      for (ts_int i = 0; i < n; i++)
        for (ts_int k = A.row[i]; k < A.row[i + 1]; k++) {
          want[A.col[k]] += A.val[k] * x[i];
          tscale[A.col[k]] += fabs(A.val[k] * x[i]);
        }
      for (ts_int i = 0; i < n; i++) okt = okt && fabs(got[i] - want[i]) <= 1e-13 * (tscale[i] + 1e-300);
      report(okt, name + ": device transposed product == host (to rounding)");
      for (void *p : {work, (void *)tr, (void *)tc, (void *)tv}) CK(cudaFree(p));
    }
    if (n <= 2000) { /* the dense copy, bit for bit */
      std::vector<double> want((size_t)n * n);
      double             *dd;

      CK(cudaMalloc((void **)&dd, ((size_t)n * n + 1) * sizeof(double)));
      CK(ts_cuda_csr_to_dense(nullptr, n, n, dr, dc, dv, n, dd) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
      ts_ref_csr_to_dense(n, n, A.row.data(), A.col.data(), A.val.data(), n, want.data());
      report(same_bits(to_host(dd, (size_t)n * n), want), name + ": device dense copy == host");
      CK(cudaFree(dd));
    }
    { /* the power method: the norms within rounding of the host's */
      double  want[2], got[2], *px, *py, *dn;
      void   *work;
      std::vector<double> hx(n), hy(n);

      CK(cudaMalloc((void **)&px, (n ? n : 1) * sizeof(double)));
      CK(cudaMalloc((void **)&py, (n ? n : 1) * sizeof(double)));
      CK(cudaMalloc((void **)&dn, 2 * sizeof(double)));
      CK(cudaMalloc(&work, ts_cuda_jacobi_power_buffer_size(n)));
      CK(ts_cuda_jacobi_power(nullptr, n, A.row[n], dr, dc, dv, 0, 15, px, py, dn, work) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
      CK(cudaMemcpy(got, dn, sizeof(got), cudaMemcpyDeviceToHost));
      ts_ref_jacobi_power(n, A.row.data(), A.col.data(), A.val.data(), 0, 15, hx.data(), hy.data(), want);
      report(fabs(got[0] - want[0]) <= 1e-10 * want[0] && fabs(got[1] - want[1]) <= 1e-10 * want[1], name + ": device power method == host (to rounding)");
      for (void *p : {(void *)px, (void *)py, (void *)dn, work}) CK(cudaFree(p));
    }
    { /* the squared norm of the smoothers' estimate: within rounding of the host's, the same bits on a second run */
      double  want, got[2], *ds;
      void   *work;
      std::vector<double> h(n);

      ts_ref_hash_fill(n, 5, h.data());
      ts_ref_sumsq(n, h.data(), &want);
      CK(ts_cuda_hash_fill(nullptr, n, 5, dy) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
      CK(cudaMalloc((void **)&ds, 2 * sizeof(double)));
      CK(cudaMalloc(&work, ts_cuda_sumsq_buffer_size(n)));
      for (int r = 0; r < 2; r++) CK(ts_cuda_sumsq(nullptr, n, dy, ds + r, work) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
      CK(cudaMemcpy(got, ds, sizeof(got), cudaMemcpyDeviceToHost));
      report(!memcmp(&got[0], &got[1], sizeof(double)) && fabs(got[0] - want) <= 1e-13 * want && (n || got[0] == 0.0), name + ": device squared norm == host (to rounding), repeatable");
      for (void *p : {(void *)ds, work}) CK(cudaFree(p));
    }
    { /* the start vector and the checksum, bit for bit */
      std::vector<double> want(n);
      ts_int             *dagg = to_device(agg);
      int64_t            *dsum, hsum = -1;
      size_t              bytes = ts_cuda_aggregate_checksum_buffer_size(n);
      void               *work;

      CK(ts_cuda_hash_fill(nullptr, n, 11, dy) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
      ts_ref_hash_fill(n, 11, want.data());
      report(same_bits(to_host(dy, n), want), name + ": device start vector == host");
      CK(cudaMalloc((void **)&dsum, sizeof(int64_t)));
      CK(cudaMalloc(&work, bytes ? bytes : 1));
      CK(ts_cuda_aggregate_checksum(nullptr, n, 3, 5, dagg, dsum, work) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
      CK(cudaMemcpy(&hsum, dsum, sizeof(int64_t), cudaMemcpyDeviceToHost));
      report(hsum == ts_ref_aggregate_checksum(n, 3, 5, agg.data()), name + ": device checksum == host");
      for (void *p : {(void *)dagg, (void *)dsum, work}) CK(cudaFree(p));
    }
    for (void *p : {(void *)dr, (void *)dc, (void *)dv, (void *)dx, (void *)db, (void *)dy}) CK(cudaFree(p));
  }
  (void)nagg;
}

/* [D | O] from A split at column h (D: columns < h, O: the others shifted by -h) gives A back, on the host; the
   device's join and its values-only form give the host's arrays */
static void check_join(const std::string &name, const Csr &A, bool device)
{
  const ts_int        n = A.n, h = n / 2;
  std::vector<ts_int> di(n + 1, 0), oi(n + 1, 0), dj, oj, ci(n + 1), cj(A.row[n] + 1);
  std::vector<double> dv, ov, cv(A.row[n] + 1);

  for (ts_int i = 0; i < n; i++) {
    for (ts_int k = A.row[i]; k < A.row[i + 1]; k++) {
      if (A.col[k] < h) {
        dj.push_back(A.col[k]);
        dv.push_back(A.val[k]);
      } else {
        oj.push_back(A.col[k] - h);
        ov.push_back(A.val[k]);
      }
    }
    di[i + 1] = (ts_int)dj.size();
    oi[i + 1] = (ts_int)oj.size();
  }
  dj.push_back(0), dv.push_back(0), oj.push_back(0), ov.push_back(0);
  ts_ref_csr_join(n, di.data(), dj.data(), dv.data(), oi.data(), oj.data(), ov.data(), h, ci.data(), cj.data(), cv.data());
  bool ok = ci[n] == A.row[n];
  for (ts_int i = 0; i <= n && ok; i++) ok = ci[i] == A.row[i];
  for (ts_int k = 0; k < A.row[n] && ok; k++) ok = cj[k] == A.col[k] && cv[k] == A.val[k]; /* A's rows are sorted */
  { /* the split of A's rows at h gives D and O back (A's rows are sorted, so the order is the one above) */
    std::vector<ts_int> si(n + 1), sj(dj.size()), soi(n + 1), soj(oj.size());
    std::vector<double> sv(dv.size()), sov(ov.size());

    ts_ref_csr_split_count(n, A.row.data(), A.col.data(), h, si.data());
    ts_ref_csr_split(n, A.row.data(), A.col.data(), A.val.data(), h, si.data(), sj.data(), sv.data(), soi.data(), soj.data(), sov.data());
    ok = ok && si == di && soi == oi && sj == dj && soj == oj && sv == dv && sov == ov;
  }
  /* every third row gathered */
  std::vector<ts_int> rows, len, gp(1, 0), gc;
  std::vector<double> gvals;
  for (ts_int i = 0; i < n; i += 3) rows.push_back(i);
  const ts_int nr = (ts_int)rows.size();
  len.resize(nr + 1);
  ts_ref_csr_row_lengths(nr, rows.data(), A.row.data(), len.data());
  for (ts_int r = 0; r < nr; r++) gp.push_back(gp[r] + len[r]);
  gc.resize(gp[nr] + 1);
  gvals.resize(gp[nr] + 1);
  ts_ref_csr_gather(nr, rows.data(), A.row.data(), A.col.data(), A.val.data(), gp.data(), gc.data(), gvals.data());
  for (ts_int r = 0; r < nr && ok; r++)
    for (ts_int k = A.row[rows[r]], o = gp[r]; k < A.row[rows[r] + 1] && ok; k++, o++) ok = gc[o] == A.col[k] && gvals[o] == A.val[k];
  /* the node matrix of 2 x 2 blocks (the first 2 (n / 2) rows) against its definition, and the expansion */
  const ts_int        nn = n / 2;
  std::vector<ts_int> nrow(nn + 1), ncol(A.row[2 * nn] + 1), aggn(nn + 1), agge(2 * nn + 1);
  std::vector<double> nval(A.row[2 * nn] + 1);
  ts_ref_csr_collapse(nn, 2, A.row.data(), A.col.data(), A.val.data(), nrow.data(), ncol.data(), nval.data());
  for (ts_int node = 0; node < nn && ok; node++) {
    std::map<ts_int, double> sums; /* the sums of squares in the rows' CSR order */
    for (ts_int r = 2 * node; r < 2 * node + 2; r++)
      for (ts_int k = A.row[r]; k < A.row[r + 1]; k++) sums[A.col[k] / 2] = sums[A.col[k] / 2] + A.val[k] * A.val[k];
    ok = nrow[node + 1] - nrow[node] == (ts_int)sums.size();
    ts_int q = nrow[node];
    for (auto &e : sums) {
      ok = ok && ncol[q] == e.first && nval[q] == (e.first == node ? sqrt(e.second) : -sqrt(e.second));
      q++;
    }
  }
  for (ts_int node = 0; node < nn; node++) aggn[node] = (node * 7) % (nn > 0 ? nn : 1);
  ts_ref_aggregate_expand(2 * nn, 2, aggn.data(), agge.data());
  for (ts_int i = 0; i < 2 * nn && ok; i++) ok = agge[i] == aggn[i / 2] * 2 + i % 2;
  if (!device) {
    report(ok, name + ": reference join, split, gather, node matrix and expansion == their definitions");
    return;
  }
  { /* the device's node matrix and expansion == the host's, bit for bit */
    ts_int *dar = to_device(A.row), *dac = to_device(A.col), *dnr, *dnc, *dan = to_device(aggn), *dae;
    double *dav = to_device(A.val), *dnv;
    void   *work;
    bool    okn;

    CK(cudaMalloc((void **)&dnr, (nn + 1) * sizeof(ts_int)));
    CK(cudaMalloc((void **)&dnc, ncol.size() * sizeof(ts_int)));
    CK(cudaMalloc((void **)&dnv, nval.size() * sizeof(double)));
    CK(cudaMalloc((void **)&dae, agge.size() * sizeof(ts_int)));
    CK(cudaMalloc(&work, ts_cuda_csr_collapse_buffer_size(nn)));
    CK(ts_cuda_csr_collapse_count(nullptr, nn, 2, dar, dac, dnr, work) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
    CK(ts_cuda_csr_collapse(nullptr, nn, 2, dar, dac, dav, dnr, dnc, dnv) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
    CK(ts_cuda_aggregate_expand(nullptr, 2 * nn, 2, dan, dae) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
    okn = to_host(dnr, nn + 1) == nrow;
    okn = okn && to_host(dnc, nrow[nn]) == std::vector<ts_int>(ncol.begin(), ncol.begin() + nrow[nn]);
    okn = okn && same_bits(to_host(dnv, nrow[nn]), std::vector<double>(nval.begin(), nval.begin() + nrow[nn]));
    okn = okn && to_host(dae, 2 * nn) == std::vector<ts_int>(agge.begin(), agge.begin() + 2 * nn);
    report(okn, name + ": device node matrix and expansion == host");
    for (void *p : {(void *)dar, (void *)dac, (void *)dnr, (void *)dnc, (void *)dan, (void *)dae, (void *)dav, (void *)dnv, work}) CK(cudaFree(p));
  }
  ts_int *ddi = to_device(di), *ddj = to_device(dj), *doi = to_device(oi), *doj = to_device(oj), *dci, *dcj;
  double *ddv = to_device(dv), *dov = to_device(ov), *dcv;

  CK(cudaMalloc((void **)&dci, (n + 1) * sizeof(ts_int)));
  CK(cudaMalloc((void **)&dcj, (A.row[n] + 1) * sizeof(ts_int)));
  CK(cudaMalloc((void **)&dcv, (A.row[n] + 1) * sizeof(double)));
  CK(ts_cuda_csr_join(nullptr, n, ddi, ddj, ddv, doi, doj, dov, h, dci, dcj, dcv) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
  std::vector<ts_int> gi = to_host(dci, n + 1), gj = to_host(dcj, A.row[n]);
  std::vector<double> gv = to_host(dcv, A.row[n]);
  bool                okd = ok && gi == ci;
  for (ts_int k = 0; k < A.row[n] && okd; k++) okd = gj[k] == cj[k] && gv[k] == cv[k];
  CK(cudaMemset(dcv, 0, (A.row[n] + 1) * sizeof(double)));
  CK(ts_cuda_csr_join(nullptr, n, ddi, ddj, ddv, doi, doj, dov, h, nullptr, nullptr, dcv) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
  gv = to_host(dcv, A.row[n]);
  for (ts_int k = 0; k < A.row[n] && okd; k++) okd = gv[k] == cv[k];
  report(okd, name + ": device join (pattern and values, values only) == host");
  { /* the device's split and gather of A's rows == the host's */
    ts_int *dar = to_device(A.row), *dac = to_device(A.col), *dsi, *dsj, *dsoi, *dsoj, *drows = to_device(rows), *dlen, *dgp = to_device(gp), *dgc;
    double *dav = to_device(A.val), *dsv, *dsov, *dgv;
    void   *work;
    bool    oks;

    CK(cudaMalloc((void **)&dsi, (n + 1) * sizeof(ts_int)));
    CK(cudaMalloc((void **)&dsoi, (n + 1) * sizeof(ts_int)));
    CK(cudaMalloc((void **)&dsj, dj.size() * sizeof(ts_int)));
    CK(cudaMalloc((void **)&dsoj, oj.size() * sizeof(ts_int)));
    CK(cudaMalloc((void **)&dsv, dv.size() * sizeof(double)));
    CK(cudaMalloc((void **)&dsov, ov.size() * sizeof(double)));
    CK(cudaMalloc(&work, ts_cuda_csr_split_count_buffer_size(n)));
    CK(ts_cuda_csr_split_count(nullptr, n, dar, dac, h, dsi, work) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
    CK(ts_cuda_csr_split(nullptr, n, dar, dac, dav, h, dsi, dsj, dsv, dsoi, dsoj, dsov) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
    oks = to_host(dsi, n + 1) == di && to_host(dsoi, n + 1) == oi;
    oks = oks && to_host(dsj, dj.size() - 1) == std::vector<ts_int>(dj.begin(), dj.end() - 1) && to_host(dsoj, oj.size() - 1) == std::vector<ts_int>(oj.begin(), oj.end() - 1);
    oks = oks && to_host(dsv, dv.size() - 1) == std::vector<double>(dv.begin(), dv.end() - 1) && to_host(dsov, ov.size() - 1) == std::vector<double>(ov.begin(), ov.end() - 1);
    CK(cudaMalloc((void **)&dlen, (nr + 1) * sizeof(ts_int)));
    CK(cudaMalloc((void **)&dgc, (gp[nr] + 1) * sizeof(ts_int)));
    CK(cudaMalloc((void **)&dgv, (gp[nr] + 1) * sizeof(double)));
    CK(ts_cuda_csr_row_lengths(nullptr, nr, drows, dar, dlen) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
    CK(ts_cuda_csr_gather(nullptr, nr, drows, dar, dac, dav, dgp, dgc, dgv) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
    oks = oks && to_host(dlen, nr) == std::vector<ts_int>(len.begin(), len.begin() + nr);
    oks = oks && to_host(dgc, gp[nr]) == std::vector<ts_int>(gc.begin(), gc.begin() + gp[nr]) && to_host(dgv, gp[nr]) == std::vector<double>(gvals.begin(), gvals.begin() + gp[nr]);
    report(oks, name + ": device split and gather == host");
    for (void *p : {(void *)dar, (void *)dac, (void *)dsi, (void *)dsj, (void *)dsoi, (void *)dsoj, (void *)drows, (void *)dlen, (void *)dgp, (void *)dgc, (void *)dav, (void *)dsv, (void *)dsov, (void *)dgv, work}) CK(cudaFree(p));
  }
  for (void *p : {(void *)ddi, (void *)ddj, (void *)doi, (void *)doj, (void *)dci, (void *)dcj, (void *)ddv, (void *)dov, (void *)dcv}) CK(cudaFree(p));
}

/* The merge of a rank's coarse rows (ts_ref_csr_merge) against its definition: A's columns from h = n / 2 on
   renamed in reverse (h + k -> n - 1 - k, so a renamed row is out of order), extra entries in every fifth row at
   a column of A's row (added to A's value, A's first) and at another column (appended), sorted by row and column;
   each row of the result is the map of its columns, A's value plus the extra one. The device == the host, bit for
   bit. */
static void check_merge(const std::string &name, const Csr &A, bool device)
{
  const ts_int        n = A.n, h = n / 2;
  std::vector<ts_int> map(n - h + 1), erow, ecol, ci(n + 1);
  std::vector<double> eval;
  bool                ok = true;

  for (ts_int k = 0; k < n - h; k++) map[k] = n - 1 - k;
  auto rename = [&](ts_int c) { return c < h ? c : map[c - h]; };
  for (ts_int i = 0; i < n; i += 5) {
    std::map<ts_int, double> extra;

    if (A.row[i + 1] > A.row[i]) extra[rename(A.col[A.row[i + 1] - 1])] = 0.25 + i; /* onto A's entry */
    extra[(i * 7 + 3) % n] += 1.0 / (i + 3);                                        /* A's or a new column */
    for (auto &e : extra) {
      erow.push_back(i);
      ecol.push_back(e.first);
      eval.push_back(e.second);
    }
  }
  const ts_int ne = (ts_int)erow.size();
  erow.push_back(0), ecol.push_back(0), eval.push_back(0);
  ts_ref_csr_merge_count(n, A.row.data(), A.col.data(), h, map.data(), ne, erow.data(), ecol.data(), ci.data());
  std::vector<ts_int> cj(ci[n] + 1);
  std::vector<double> cv(ci[n] + 1);
  ts_ref_csr_merge(n, A.row.data(), A.col.data(), A.val.data(), h, map.data(), ne, erow.data(), ecol.data(), eval.data(), ci.data(), cj.data(), cv.data());
  for (ts_int i = 0, e = 0; i < n && ok; i++) {
    std::map<ts_int, double> row;

    for (ts_int k = A.row[i]; k < A.row[i + 1]; k++) row[rename(A.col[k])] = A.val[k];
    for (; e < ne && erow[e] == i; e++) row[ecol[e]] = row.count(ecol[e]) ? row[ecol[e]] + eval[e] : eval[e];
    ok = ci[i + 1] - ci[i] == (ts_int)row.size();
    ts_int q = ci[i];
    for (auto &x : row) {
      ok = ok && cj[q] == x.first && cv[q] == x.second;
      q++;
    }
  }
  report(ok, name + ": merge of renamed rows and extra entries == its definition");
  if (!device) return;
  ts_int *dar = to_device(A.row), *dac = to_device(A.col), *dmap = to_device(map), *derow = to_device(erow), *decol = to_device(ecol), *dci, *dcj;
  double *dav = to_device(A.val), *deval = to_device(eval), *dcv;
  void   *work;

  CK(cudaMalloc((void **)&dci, (n + 1) * sizeof(ts_int)));
  CK(cudaMalloc((void **)&dcj, (ci[n] + 1) * sizeof(ts_int)));
  CK(cudaMalloc((void **)&dcv, (ci[n] + 1) * sizeof(double)));
  CK(cudaMalloc(&work, ts_cuda_csr_merge_count_buffer_size(n)));
  CK(ts_cuda_csr_merge_count(nullptr, n, dar, dac, h, dmap, ne, derow, decol, dci, work) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
  CK(ts_cuda_csr_merge(nullptr, n, dar, dac, dav, h, dmap, ne, derow, decol, deval, dci, dcj, dcv) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
  bool okd = to_host(dci, n + 1) == ci;
  okd      = okd && to_host(dcj, ci[n]) == std::vector<ts_int>(cj.begin(), cj.begin() + ci[n]) && to_host(dcv, ci[n]) == std::vector<double>(cv.begin(), cv.begin() + ci[n]);
  report(okd, name + ": device merge == host");
  for (void *p : {(void *)dar, (void *)dac, (void *)dmap, (void *)derow, (void *)decol, (void *)dci, (void *)dcj, (void *)dav, (void *)deval, (void *)dcv, work}) CK(cudaFree(p));
}

/* The join of aggregates without a diagonal (ts_ref_aggregate_join) against its definition: the rows without a
   diagonal entry of a grid with odd rows get aggregates of their own, added to aggregates of runs of rows; then every
   row of an aggregate with a diagonal keeps its aggregate (renumbered in order), every other row follows its
   strongest neighbour in such an aggregate (the first on ties) or stays, and the numbers are 0..nagg-1, all used.
   With odd rows about one row in 170 has no diagonal and joins a neighbour.
   The device's join == the host's, bit for bit. */
static void check_aggregate_join(const std::string &name, const Csr &A, bool device)
{
  const ts_int        n = A.n;
  std::vector<ts_int> agg, out;
  ts_int              nagg = aggregates(n, agg), njoined;
  std::vector<char>   hasdiag(n, 0), live;
  bool                ok = true;

  for (ts_int i = 0; i < n; i++)
    for (ts_int k = A.row[i]; k < A.row[i + 1]; k++)
      if (A.col[k] == i && A.val[k] != 0.0) hasdiag[i] = 1;
  for (ts_int i = 0; i < n; i++)
    if (!hasdiag[i]) agg[i] = nagg++; /* a row without a diagonal alone: an aggregate to join */
  live.assign(nagg + 1, 0);
  for (ts_int i = 0; i < n; i++)
    if (hasdiag[i]) live[agg[i]] = 1;
  out = agg;
  std::vector<char> buffer(ts_ref_aggregate_join_buffer_size(n));
  njoined = ts_ref_aggregate_join(n, A.row.data(), A.col.data(), A.val.data(), out.data(), buffer.data());
  std::vector<ts_int> first(nagg, -1), used(njoined > 0 ? njoined : 1, 0);
  for (ts_int i = 0; i < n && ok; i++) {
    ok = out[i] >= 0 && out[i] < njoined;
    if (ok) used[out[i]] = 1;
    if (ok && live[agg[i]]) { /* same aggregate as the other rows of its old one */
      if (first[agg[i]] < 0) first[agg[i]] = out[i];
      ok = first[agg[i]] == out[i];
    }
  }
  for (ts_int i = 0; i < n && ok; i++) {
    ts_int best = -1;
    double bv   = 0.0;
    if (live[agg[i]]) continue;
    for (ts_int k = A.row[i]; k < A.row[i + 1]; k++)
      if (A.col[k] != i && live[agg[A.col[k]]] && fabs(A.val[k]) > bv) {
        bv   = fabs(A.val[k]);
        best = A.col[k];
      }
    if (best >= 0) ok = out[i] == out[best];
  }
  for (ts_int a = 1; a < nagg && ok; a++) /* live aggregates keep their order */
    if (first[a] >= 0)
      for (ts_int b = a - 1; b >= 0; b--)
        if (first[b] >= 0) {
          ok = first[b] < first[a];
          break;
        }
  for (ts_int a = 0; a < njoined && ok; a++) ok = used[a] == 1;
  if (!device) {
    report(ok, name + ": reference aggregate join == its definition");
    return;
  }
  ts_int *dar = to_device(A.row), *dac = to_device(A.col), *dagg = to_device(agg), *dn;
  double *dav = to_device(A.val);
  void   *work;

  CK(cudaMalloc((void **)&dn, sizeof(ts_int)));
  CK(cudaMalloc(&work, ts_cuda_aggregate_join_buffer_size(n)));
  CK(ts_cuda_aggregate_join(nullptr, n, dar, dac, dav, dagg, dn, work) == TS_SUCCESS ? cudaSuccess : cudaErrorUnknown);
  ok = ok && to_host(dagg, n) == std::vector<ts_int>(out.begin(), out.begin() + n) && to_host(dn, 1)[0] == njoined;
  report(ok, name + ": device aggregate join == host");
  for (void *p : {(void *)dar, (void *)dac, (void *)dagg, (void *)dn, (void *)dav, work}) CK(cudaFree(p));
}

/* the pairs of line aggregates: the weights across paths and their two sums (host against the definition; device ==
   host, bit for bit), and the numbering after a matching (host against the definition; device == host) */
static void check_pairs(const std::string &name, const Csr &A, bool device)
{
  const ts_int        n = A.n;
  std::vector<ts_int> path(n), agg;
  ts_int              nagg = aggregates(n, agg);
  std::vector<double> out(A.row[n] > 0 ? A.row[n] : 1), r(n > 0 ? n : 1);
  std::vector<char>   buffer(ts_ref_pair_weights_buffer_size(n));
  double              sums[2];
  bool                ok = true;

  for (ts_int i = 0; i < n; i++) path[i] = i / (3 + i % 4 / 3); /* runs of 3 and 4 rows */
  ts_ref_pair_weights(n, A.row.data(), A.col.data(), A.val.data(), path.data(), out.data(), sums, buffer.data());
  /* a matching of the aggregates: random disjoint pairs */
  std::vector<ts_int> partner(nagg > 0 ? nagg : 1, -1), order(nagg);
  for (ts_int a = 0; a < nagg; a++) order[a] = a;
  for (ts_int a = nagg - 1; a > 0; a--) std::swap(order[a], order[below(a + 1)]);
  for (ts_int a = 0; a + 1 < nagg; a += 2)
    if (below(4)) {
      partner[order[a]]     = order[a + 1];
      partner[order[a + 1]] = order[a];
    }
  std::vector<ts_int> paired = agg, ids(nagg + 1);
  const ts_int        count  = ts_ref_aggregate_pair_ids(nagg, partner.data(), n, paired.data(), ids.data());
  if (!device) {
    double in = 0.0, all = 0.0;
    for (ts_int i = 0; i < n; i++) {
      r[i] = 0.0;
      for (ts_int k = A.row[i]; k < A.row[i + 1]; k++)
        if (A.col[k] == i && A.val[k] != 0.0) r[i] = 1.0 / sqrt(fabs(A.val[k]));
    }
    for (ts_int i = 0; i < n; i++)
      for (ts_int k = A.row[i]; k < A.row[i + 1]; k++) {
        const ts_int j    = A.col[k];
        const double w    = (j != i && j >= 0 && j < n) ? fabs(A.val[k]) * r[i] * r[j] : 0.0;
        const double want = (w != 0.0 && path[j] != path[i]) ? w : 0.0;
        all += w;
        if (j != i && j >= 0 && j < n && path[j] == path[i]) in += w;
        ok = ok && fabs(out[k] - want) <= 1e-15 * fabs(want);
      }
    ok = ok && fabs(sums[0] - in) <= 1e-12 * (in > 0 ? in : 1) && fabs(sums[1] - all) <= 1e-12 * (all > 0 ? all : 1);
    report(ok, name + ": pair weights and sums == definition");
    /* the numbering: the pairs share a number, leaders (unpaired or the smaller of a pair) in their order */
    ts_int expect = 0, npairs = 0;
    std::vector<ts_int> want(nagg > 0 ? nagg : 1, -1);
    for (ts_int a = 0; a < nagg; a++)
      if (partner[a] < 0 || a < partner[a]) want[a] = expect++;
    for (ts_int a = 0; a < nagg; a++)
      if (partner[a] >= 0 && a > partner[a]) {
        want[a] = want[partner[a]];
        npairs++;
      }
    ok = count == nagg - npairs;
    for (ts_int i = 0; i < n && ok; i++) ok = paired[i] == want[agg[i]];
    report(ok, name + ": aggregates after the pairs == definition");
    return;
  }
  ts_int *dr = to_device(A.row), *dc = to_device(A.col), *dp = to_device(path), *dpart = to_device(partner), *dagg = to_device(agg), *dcount;
  double *dv = to_device(A.val), *dout, *dsums;
  void   *dwork;
  CK(cudaMalloc((void **)&dout, out.size() * sizeof(double)));
  CK(cudaMalloc((void **)&dsums, 2 * sizeof(double)));
  CK(cudaMalloc((void **)&dcount, sizeof(ts_int)));
  CK(cudaMalloc(&dwork, ts_cuda_pair_weights_buffer_size(n) + ts_cuda_aggregate_pair_ids_buffer_size(nagg)));
  CT(ts_cuda_pair_weights(nullptr, n, dr, dc, dv, dp, dout, dsums, dwork));
  std::vector<double> hs = {sums[0], sums[1]};
  report(same_bits(to_host(dout, A.row[n]), std::vector<double>(out.begin(), out.begin() + A.row[n])) && same_bits(to_host(dsums, 2), hs), name + ": device pair weights and sums == host");
  CT(ts_cuda_aggregate_pair_ids(nullptr, nagg, dpart, n, dagg, dcount, dwork));
  report(to_host(dagg, n) == paired && to_host(dcount, 1)[0] == count, name + ": device aggregates after the pairs == host");
  CK(cudaFree(dr));
  CK(cudaFree(dc));
  CK(cudaFree(dp));
  CK(cudaFree(dpart));
  CK(cudaFree(dagg));
  CK(cudaFree(dcount));
  CK(cudaFree(dv));
  CK(cudaFree(dout));
  CK(cudaFree(dsums));
  CK(cudaFree(dwork));
}

int main(int argc, char **argv)
{
  bool device = false, quick = false;

  for (int a = 1; a < argc; a++) {
    if (!strcmp(argv[a], "--device")) device = true;
    else if (!strcmp(argv[a], "--quick")) quick = true;
  }
  const ts_int sizes[] = {1, 2, 7, 40, 200, 450};
  for (ts_int k : sizes) {
    if (quick && k * k > 2000) continue;
    if (!device && k > 40) continue; /* the host mode's maps are slow: CI runs it */
    for (int nine = 0; nine <= 1; nine++)
      for (int odd = 0; odd <= 1; odd++) {
        Csr                 A = grid(k, nine, odd);
        std::vector<ts_int> agg;
        ts_int              nagg = aggregates(A.n, agg);
        const double        thetas[] = {0.0, 0.25, 1.0};

        check_level_ops(std::to_string(k) + "x" + std::to_string(k) + (nine ? " 9-point" : " 5-point") + (odd ? " with odd rows" : ""), A, agg, nagg, device);
        check_join(std::to_string(k) + "x" + std::to_string(k) + (nine ? " 9-point" : " 5-point") + (odd ? " with odd rows" : ""), A, device);
        check_merge(std::to_string(k) + "x" + std::to_string(k) + (nine ? " 9-point" : " 5-point") + (odd ? " with odd rows" : ""), A, device);
        check_aggregate_join(std::to_string(k) + "x" + std::to_string(k) + (nine ? " 9-point" : " 5-point") + (odd ? " with odd rows" : ""), A, device);
        check_pairs(std::to_string(k) + "x" + std::to_string(k) + (nine ? " 9-point" : " 5-point") + (odd ? " with odd rows" : ""), A, device);

        for (double theta : thetas)
          for (int variant = 0; variant < 2; variant++) {
            double rho = variant ? 1.5 + uniform() : 0.0; /* given, or the Gershgorin bound */
            char   name[160];

            snprintf(name, sizeof(name), "%dx%d %s%s theta %g %s", (int)k, (int)k, nine ? "9-point" : "5-point", odd ? " with odd rows" : "", theta, variant ? "rho given" : "Gershgorin");
            if (device) check_device(name, A, agg, nagg, rho, theta);
            else {
              double omega = 0;
              Csr    P     = ref_prolongator(A, agg, nagg, rho, theta, &omega);
              for (int two = 0; two < 2; two++) check_definitions(std::string(name) + (two ? " two products" : " at once"), A, agg, theta, P, omega, ref_galerkin(A, P, two));
            }
          }
      }
  }
  /* long rows (coarse levels): the device's warp rows and their fallback for many targets */
  for (ts_int n : {300, 1800, 20000}) {
    if ((quick && n > 2000) || (!device && n > 300)) continue; /* the host mode's maps are slow */
    Csr                 A = banded(n);
    std::vector<ts_int> agg;
    ts_int              nagg = aggregates(A.n, agg);

    for (double theta : {0.0, 0.25})
      for (int variant = 0; variant < 2; variant++) {
        const double rho  = variant ? 1.5 + uniform() : 0.0;
        std::string  name = "banded " + std::to_string(n) + " theta " + std::to_string(theta) + (variant ? " rho given" : " Gershgorin");

        if (device) check_device(name, A, agg, nagg, rho, theta);
        else {
          double omega = 0;
          Csr    P     = ref_prolongator(A, agg, nagg, rho, theta, &omega);
          for (int two = 0; two < 2; two++) check_definitions(name + (two ? " two products" : " at once"), A, agg, theta, P, omega, ref_galerkin(A, P, two));
        }
      }
  }
  printf("%d passed, %d failed\n", g_pass, g_fail);
  return g_fail ? 1 : 0;
}
