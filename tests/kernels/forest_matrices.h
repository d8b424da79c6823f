/* SPDX-License-Identifier: BSD-2-Clause */
/*
   forest_matrices.h - test and benchmark matrices for the forest kernels (header only, host C++):
   the 2D stencils of tutorials/ex1.c (ANISO1, ANISO2, MODEL8 5-point, ROT with eps = 1e-3,
   theta = 45 degrees), random sparse nonsymmetric matrices (with ties, zeros, empty rows, long
   rows), rings (cycles) and Matrix Market files (.mtx or .mtx.gz; duplicates summed).
*/
#ifndef TS_FOREST_MATRICES_H
#define TS_FOREST_MATRICES_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <algorithm>
#include <string>
#include <vector>

#include "trisplit_kernels.h"

struct CsrMatrix {
  std::string         name;
  ts_int              n = 0;
  std::vector<ts_int> rowptr, col;
  std::vector<double> val;
  ts_int              nnz() const { return rowptr.empty() ? 0 : rowptr[n]; }
};

struct Triplet {
  ts_int i, j;
  double v;
};

/* CSR from triplets: sorted columns, duplicates summed (kept in the order given when keep_dups) */
static inline CsrMatrix csr_from_triplets(const std::string &name, ts_int n, std::vector<Triplet> t)
{
  std::stable_sort(t.begin(), t.end(), [](const Triplet &a, const Triplet &b) { return a.i != b.i ? a.i < b.i : a.j < b.j; });
  CsrMatrix A;
  A.name = name;
  A.n    = n;
  A.rowptr.assign((size_t)n + 1, 0);
  for (size_t k = 0; k < t.size(); k++) {
    if (!A.col.empty() && k > 0 && t[k].i == t[k - 1].i && t[k].j == t[k - 1].j) {
      A.val.back() += t[k].v;
      continue;
    }
    A.col.push_back(t[k].j);
    A.val.push_back(t[k].v);
    A.rowptr[t[k].i + 1]++;
  }
  for (ts_int i = 0; i < n; i++) A.rowptr[i + 1] += A.rowptr[i];
  return A;
}

enum StencilKind { ST_ANISO1, ST_ANISO2, ST_MODEL8, ST_ROT };

static inline CsrMatrix make_stencil(StencilKind kind, ts_int m)
{
  double s[3][3] = {{0}};
  const char *nm = "";
  switch (kind) {
  case ST_ANISO1: {
    const double t[3][3] = {{-0.2, -0.1, -0.2}, {-1.0, 3.0, -1.0}, {-0.2, -0.1, -0.2}};
    memcpy(s, t, sizeof(s));
    nm = "ANISO1";
  } break;
  case ST_ANISO2: {
    const double t[3][3] = {{-0.1, -0.2, -1.0}, {-0.2, 3.0, -0.2}, {-1.0, -0.2, -0.1}};
    memcpy(s, t, sizeof(s));
    nm = "ANISO2";
  } break;
  case ST_MODEL8:
    s[1][1] = 4;
    s[0][1] = s[2][1] = s[1][0] = s[1][2] = -1;
    nm                                    = "MODEL8";
    break;
  case ST_ROT: {
    const double eps = 1e-3, theta = 45, pi = 3.14159265358979323846;
    const double ct = cos(theta * pi / 180), st = sin(theta * pi / 180);
    const double a = ct * ct + eps * st * st, c = st * st + eps * ct * ct, b = (1 - eps) * ct * st;
    s[1][1] = 2 * a + 2 * c;
    s[1][0] = s[1][2] = -a;
    s[0][1] = s[2][1] = -c;
    s[2][2] = s[0][0] = -b / 2;
    s[2][0] = s[0][2] = b / 2;
    nm                = "ROT";
  } break;
  }
  CsrMatrix A;
  A.name = std::string(nm) + "_" + std::to_string((long long)m) + "x" + std::to_string((long long)m);
  A.n    = m * m;
  A.rowptr.resize((size_t)A.n + 1);
  A.rowptr[0] = 0;
  A.col.reserve((size_t)A.n * 9);
  A.val.reserve((size_t)A.n * 9);
  for (ts_int row = 0; row < A.n; row++) {
    const ts_int ix = row % m, iy = row / m;
    for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++) {
        if (s[dy + 1][dx + 1] == 0.0 || ix + dx < 0 || ix + dx >= m || iy + dy < 0 || iy + dy >= m) continue;
        A.col.push_back((iy + dy) * m + ix + dx);
        A.val.push_back(s[dy + 1][dx + 1]);
      }
    A.rowptr[row + 1] = (ts_int)A.col.size();
  }
  return A;
}

struct TestRng {
  uint64_t s;
  explicit TestRng(uint64_t seed) : s(seed * 0x9e3779b97f4a7c15ULL + 0x2545F4914F6CDD1DULL) {}
  uint64_t next()
  {
    uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
    z          = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z          = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  double   u01() { return (next() >> 11) * (1.0 / 9007199254740992.0); }
  uint64_t below(uint64_t m) { return m ? next() % m : 0; }
};

/* Random nonsymmetric sparse matrix: avg nonzeros per row, values quantized (ties) or continuous,
   some explicit zeros, some rows empty, some without diagonal, optionally a few long rows. */
static inline CsrMatrix make_random(ts_int n, double avg, uint64_t seed, bool quantized, bool long_rows)
{
  TestRng              rng(seed);
  std::vector<Triplet> t;
  const double         q[] = {-2.0, -1.0, -0.5, 0.5, 1.0, 1.0, 3.0};
  for (ts_int i = 0; i < n; i++) {
    const double r = rng.u01();
    if (r < 0.03) continue; /* empty row */
    if (r > 0.08) t.push_back({i, i, 4.0 + rng.u01()});
    const int k = (int)rng.below((uint64_t)(2 * avg + 1));
    for (int s = 0; s < k; s++) {
      ts_int j;
      if (rng.u01() < 0.5) j = i + (ts_int)rng.below(11) - 5; /* near the diagonal */
      else j = (ts_int)rng.below((uint64_t)n);
      if (j < 0 || j >= n) continue;
      double v = quantized ? q[rng.below(7)] : rng.u01() * 2.0 - 1.0;
      if (rng.u01() < 0.03) v = 0.0;
      t.push_back({i, j, v});
    }
  }
  if (long_rows && n > 10)
    for (int L = 0; L < 3; L++) {
      const ts_int i = (ts_int)rng.below((uint64_t)n);
      for (ts_int j = 0; j < n; j += 1 + (ts_int)rng.below(2)) t.push_back({i, j, quantized ? q[rng.below(7)] : rng.u01()});
    }
  /* duplicates are summed: values stay quantized, possibly zero */
  char name[96];
  snprintf(name, sizeof(name), "random_n%lld_avg%g_%s%s_s%llu", (long long)n, avg, quantized ? "ties" : "cont", long_rows ? "_long" : "", (unsigned long long)seed);
  return csr_from_triplets(name, n, t);
}

/* A structurally symmetric pattern (values not symmetric) with long rows: banded rows of about 70% of the columns
   within a half-width of 10..80, and 1% of the rows coupled to 100 random columns, each entry with its transposed
   one (a coarse level's kind: the device's warp rows of the graph's searches). drop_one removes the transposed
   entry (j, i) of one entry (i, j) of a long row i, so that only that row's check finds the asymmetry. */
static inline CsrMatrix make_symmetric_long(ts_int n, uint64_t seed, bool drop_one)
{
  TestRng              rng(seed);
  std::vector<Triplet> t;
  ts_int               far_row = -1, far_col = -1;
  for (ts_int i = 0; i < n; i++) {
    const ts_int w = 10 + (ts_int)rng.below(71);
    t.push_back({i, i, 4.0 + rng.u01()});
    for (ts_int j = i + 1; j <= i + w && j < n; j++)
      if (rng.u01() < 0.7) {
        t.push_back({i, j, rng.u01() * 2.0 - 1.0});
        t.push_back({j, i, rng.u01() * 2.0 - 1.0});
      }
    if (rng.u01() < 0.01)
      for (int r = 0; r < 100; r++) {
        const ts_int j = (ts_int)rng.below((uint64_t)n);
        if (j == i) continue;
        if (far_row < 0 && j > i + 100) { /* row i's far entry (i, j): its (j, i) is the one dropped */
          far_row = i;
          far_col = j;
          t.push_back({i, j, rng.u01()});
          continue;
        }
        t.push_back({i, j, rng.u01()});
        t.push_back({j, i, rng.u01()});
      }
  }
  if (far_row >= 0 && !drop_one) t.push_back({far_col, far_row, rng.u01()});
  char name[96];
  snprintf(name, sizeof(name), "symmetric_long_n%lld%s_s%llu", (long long)n, drop_one ? "_one_asymmetric" : "", (unsigned long long)seed);
  return csr_from_triplets(name, n, t);
}

/* Block diagonal of rings (periodic chains) of the given lengths; equal weights (ties broken by
   ids) or random ones. */
static inline CsrMatrix make_rings(const std::vector<ts_int> &lengths, bool equal, uint64_t seed)
{
  TestRng              rng(seed);
  std::vector<Triplet> t;
  ts_int               off = 0;
  for (ts_int L : lengths) {
    for (ts_int k = 0; k < L; k++) {
      const ts_int i = off + k, j = off + (k + 1) % L;
      t.push_back({i, i, 4.0});
      if (L > 1 && i != j) {
        const double v = equal ? -1.0 : -(0.25 + (double)rng.below(4) * 0.25);
        t.push_back({i, j, v});
        t.push_back({j, i, v});
      }
    }
    off += L;
  }
  char name[64];
  snprintf(name, sizeof(name), "rings%zu_%s_s%llu", lengths.size(), equal ? "equal" : "rand", (unsigned long long)seed);
  return csr_from_triplets(name, off, t);
}

/* Matrix Market coordinate real/integer/pattern, general/symmetric/skew-symmetric, gzip or not. */
static inline bool read_matrix_market(const char *path, CsrMatrix &A, std::string &err)
{
  gzFile f = gzopen(path, "rb");
  if (!f) {
    err = "cannot open";
    return false;
  }
  char line[1024];
  if (!gzgets(f, line, sizeof(line)) || strncmp(line, "%%MatrixMarket", 14) != 0) {
    gzclose(f);
    err = "no MatrixMarket header";
    return false;
  }
  std::string hdr(line);
  for (auto &ch : hdr) ch = (char)tolower(ch);
  const bool pattern = hdr.find("pattern") != std::string::npos;
  const bool sym     = hdr.find("symmetric") != std::string::npos && hdr.find("skew") == std::string::npos;
  const bool skew    = hdr.find("skew-symmetric") != std::string::npos;
  if (hdr.find("coordinate") == std::string::npos || hdr.find("complex") != std::string::npos) {
    gzclose(f);
    err = "not real coordinate";
    return false;
  }
  long long m = 0, nc = 0, nz = 0;
  while (gzgets(f, line, sizeof(line))) {
    if (line[0] == '%') continue;
    if (sscanf(line, "%lld %lld %lld", &m, &nc, &nz) == 3) break;
  }
  if (m <= 0 || m != nc) {
    gzclose(f);
    err = "not square";
    return false;
  }
  std::vector<Triplet> t;
  t.reserve((size_t)nz * (sym || skew ? 2 : 1));
  for (long long k = 0; k < nz && gzgets(f, line, sizeof(line));) {
    if (line[0] == '%') continue;
    long long i, j;
    double    v = 1.0;
    char     *p = line;
    i           = strtoll(p, &p, 10);
    j           = strtoll(p, &p, 10);
    if (!pattern) v = strtod(p, &p);
    t.push_back({(ts_int)(i - 1), (ts_int)(j - 1), v});
    if ((sym || skew) && i != j) t.push_back({(ts_int)(j - 1), (ts_int)(i - 1), skew ? -v : v});
    k++;
  }
  gzclose(f);
  std::string base = path;
  base             = base.substr(base.find_last_of('/') + 1);
  base             = base.substr(0, base.find(".mtx"));
  A                = csr_from_triplets(base, (ts_int)m, t);
  return true;
}

#endif
