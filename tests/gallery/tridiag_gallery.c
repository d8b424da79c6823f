/* SPDX-License-Identifier: BSD-2-Clause */
/*
   tridiag_gallery.c - see tridiag_gallery.h. Recipes: docs/algorithms.md 2.9 (Table 4), Chang 2014, Table 6.1
   (Chang's Table 6.1), MATLAB/Higham gallery sources for lesp, kms, dorr, clement, randsvd, bandred.
   MATLAB's 1-based T(i,j) is T(i-1,j-1) here.
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tridiag_gallery.h"

/* ---------------------------------------------------------------------------------------- */
/* splitmix64                                                                                */
/* ---------------------------------------------------------------------------------------- */

static uint64_t mix64(uint64_t z)
{
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void tg_rng_seed(tg_rng *r, uint64_t seed, uint64_t tag) { r->state = mix64(seed) ^ mix64(tag + 0x9e3779b97f4a7c15ULL); }

uint64_t tg_rng_next(tg_rng *r)
{
  r->state += 0x9e3779b97f4a7c15ULL;
  return mix64(r->state);
}

double tg_rng_uniform(tg_rng *r) { return (double)(tg_rng_next(r) >> 11) * 0x1.0p-53; }

double tg_rng_uniform_pm1(tg_rng *r) { return 2.0 * tg_rng_uniform(r) - 1.0; }

double tg_rng_normal(tg_rng *r)
{
  const double u1 = (double)((tg_rng_next(r) >> 11) + 1) * 0x1.0p-53; /* (0,1]: log never sees 0 */
  const double u2 = tg_rng_uniform(r);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586476925 * u2);
}

/* Stream tags: family in the high bits so Table 4 #1 and Chang #1 are independent draws. */
enum { TAG_TABLE4 = 1, TAG_CHANG = 2, TAG_RHS = 3 };
static uint64_t tag_of(int family, int id) { return ((uint64_t)family << 32) | (uint32_t)id; }

/* ---------------------------------------------------------------------------------------- */
/* Building blocks                                                                           */
/* ---------------------------------------------------------------------------------------- */

static void zero_ends(int n, double *a, double *c)
{
  a[0]     = 0.0;
  c[n - 1] = 0.0;
}

/* a[1..n-1], then b[0..n-1], then c[0..n-2], each U(-1,1), in this order. */
static void fill_random(int n, tg_rng *r, double *a, double *b, double *c)
{
  int i;
  for (i = 1; i < n; i++) a[i] = tg_rng_uniform_pm1(r);
  for (i = 0; i < n; i++) b[i] = tg_rng_uniform_pm1(r);
  for (i = 0; i < n - 1; i++) c[i] = tg_rng_uniform_pm1(r);
  zero_ends(n, a, c);
}

/* Constant diagonal, random off-diagonals: per entry (Table 4) or one draw per band (Chang's
   "Toeplitz" types, the sub-diagonal value drawn first). */
static void fill_diag_const(int n, tg_rng *r, double diag, int toeplitz, double *a, double *b, double *c)
{
  int i;
  if (toeplitz) {
    const double s = tg_rng_uniform_pm1(r), t = tg_rng_uniform_pm1(r);
    for (i = 0; i < n; i++) {
      a[i] = s;
      c[i] = t;
    }
  } else {
    for (i = 1; i < n; i++) a[i] = tg_rng_uniform_pm1(r);
    for (i = 0; i < n - 1; i++) c[i] = tg_rng_uniform_pm1(r);
  }
  for (i = 0; i < n; i++) b[i] = diag;
  zero_ends(n, a, c);
}

static void fill_const(int n, double s, double d, double t, double *a, double *b, double *c)
{
  int i;
  for (i = 0; i < n; i++) {
    a[i] = s;
    b[i] = d;
    c[i] = t;
  }
  zero_ends(n, a, c);
}

/* gallery('lesp',n) = tridiag(1./x, -(2*[x n+1]+1), x), x = 2:n. */
static void fill_lesp(int n, double *a, double *b, double *c)
{
  int i;
  for (i = 0; i < n; i++) {
    a[i] = i > 0 ? 1.0 / (double)(i + 1) : 0.0;
    b[i] = -(2.0 * (double)(i + 2) + 1.0);
    c[i] = i < n - 1 ? (double)(i + 2) : 0.0;
  }
}

/* inv(gallery('kms',n,rho)) = (1-rho^2)^-1 tridiag(-rho, [1, 1+rho^2, ..., 1+rho^2, 1], -rho). */
static void fill_kms_inverse(int n, double rho, double *a, double *b, double *c)
{
  const double s = 1.0 / (1.0 - rho * rho);
  int          i;
  for (i = 0; i < n; i++) {
    a[i] = -rho * s;
    c[i] = -rho * s;
    b[i] = (i == 0 || i == n - 1 ? 1.0 : 1.0 + rho * rho) * s;
  }
  if (n == 1) b[0] = 1.0; /* kms(1) = 1 */
  zero_ends(n, a, c);
}

/* gallery('dorr',n,theta): h = 1/(n+1), m = floor((n+1)/2), t = theta/h^2; for i <= m (1-based)
   cf_i = -t, ef_i = cf_i - (0.5 - i h)/h; for i > m ef_i = -t, cf_i = ef_i + (0.5 - i h)/h;
   diag = -(cf + ef), sub = cf(2:n), super = ef(1:n-1). */
static void fill_dorr(int n, double theta, double *a, double *b, double *c)
{
  const double h = 1.0 / (double)(n + 1), t = theta / (h * h);
  const int    m = (n + 1) / 2;
  int          k;
  for (k = 0; k < n; k++) {
    const int i = k + 1; /* MATLAB index */
    double    cf, ef;
    if (i <= m) {
      cf = -t;
      ef = cf - (0.5 - (double)i * h) / h;
    } else {
      ef = -t;
      cf = ef + (0.5 - (double)i * h) / h;
    }
    b[k] = -(cf + ef);
    a[k] = cf; /* T(k,k-1) = cf(k+1) in MATLAB's numbering */
    c[k] = ef; /* T(k,k+1) = ef(k+1) */
  }
  zero_ends(n, a, c);
}

/* gallery('clement',n,0): zero diagonal, sub = (n-1, ..., 1), super = (1, ..., n-1). */
static void fill_clement(int n, double *a, double *b, double *c)
{
  int i;
  for (i = 0; i < n; i++) {
    a[i] = (double)(n - i);
    b[i] = 0.0;
    c[i] = (double)(i + 1);
  }
  zero_ends(n, a, c);
}

/* ---------------------------------------------------------------------------------------- */
/* randsvd                                                                                   */
/* ---------------------------------------------------------------------------------------- */

/* MATLAB/Higham qmult: A <- Q A with Q Haar-distributed orthogonal, built as a product of n-1
   Householder reflectors from Gaussian vectors of decreasing length and random signs (Stewart
   1980, "The efficient generation of random orthogonal matrices..."; distributed as the Q of the
   QR of a Gaussian matrix with the signs of R's diagonal taken out, at half the cost). A is n x n
   column major. With lower_empty set, A(k:n, 0:k) is known to be zero when reflector k is applied
   (true when A starts diagonal), and those columns are skipped. Plain C rather than LAPACK so the
   matrices do not depend on the BLAS behind LAPACK (summation orders differ between reference
   BLAS, OpenBLAS and MKL). */
static void qmult(int n, double *A, int lower_empty, tg_rng *r, double *x, double *d)
{
  int i, j, k;
  for (k = n - 2; k >= 0; k--) { /* MATLAB's k = n-1:-1:1, 0-based */
    const int m = n - k;
    double    s = 0.0, sgn, beta;
    for (i = 0; i < m; i++) {
      x[i] = tg_rng_normal(r);
      s += x[i] * x[i];
    }
    sgn  = x[0] >= 0.0 ? 1.0 : -1.0;
    s    = sgn * sqrt(s);
    d[k] = -sgn;
    x[0] += s;
    beta = s * x[0];
    for (j = lower_empty ? k : 0; j < n; j++) {
      double *Aj = A + (size_t)j * (size_t)n + k, y = 0.0;
      for (i = 0; i < m; i++) y += x[i] * Aj[i];
      y /= beta;
      for (i = 0; i < m; i++) Aj[i] -= x[i] * y;
    }
  }
  d[n - 1] = tg_rng_normal(r) >= 0.0 ? 1.0 : -1.0; /* sign(randn); a zero has probability 0 */
  for (i = 0; i < n; i++)
    if (d[i] < 0.0)
      for (j = 0; j < n; j++) A[(size_t)j * (size_t)n + i] = -A[(size_t)j * (size_t)n + i];
}

static void transpose_in_place(int n, double *A)
{
  int i, j;
  for (j = 0; j < n; j++)
    for (i = j + 1; i < n; i++) {
      const double t              = A[(size_t)j * n + i];
      A[(size_t)j * n + i] = A[(size_t)i * n + j];
      A[(size_t)i * n + j] = t;
    }
}

/* MATLAB gallery('house',x): H = I - beta v v^T with H x = -s e_1, s = ||x|| sign(x_1) (sign(0) = 1). */
static double house(int m, const double *x, int incx, double *v)
{
  double nrm = 0.0, s;
  int    i;
  for (i = 0; i < m; i++) {
    v[i] = x[(size_t)i * incx];
    nrm += v[i] * v[i];
  }
  nrm = sqrt(nrm);
  s   = v[0] >= 0.0 ? nrm : -nrm;
  if (s == 0.0) return 0.0;
  v[0] += s;
  return 1.0 / (s * v[0]);
}

/* MATLAB bandred(A,1,1) for a square column-major A: Householder reflections from the left
   zero A(j+2:n, j), from the right zero A(j, j+2:n), for j = 0..n-3. */
static void bandred11(int n, double *A, double *v, double *w)
{
  int j, i, k;
#define A_(i, k) A[(size_t)(k) * (size_t)n + (size_t)(i)]
  for (j = 0; j + 2 < n; j++) {
    /* Left: rows j+1..n-1, columns j..n-1. */
    {
      const int    m    = n - j - 1;
      const double beta = house(m, &A_(j + 1, j), 1, v);
      for (k = j; k < n; k++) {
        double s = 0.0;
        for (i = 0; i < m; i++) s += v[i] * A_(j + 1 + i, k);
        s *= beta;
        for (i = 0; i < m; i++) A_(j + 1 + i, k) -= s * v[i];
      }
      for (i = j + 2; i < n; i++) A_(i, j) = 0.0;
    }
    /* Right: rows j..n-1, columns j+1..n-1. */
    {
      const int    m    = n - j - 1;
      const double beta = house(m, &A_(j, j + 1), n, v);
      for (i = j; i < n; i++) w[i] = 0.0;
      for (k = 0; k < m; k++)
        for (i = j; i < n; i++) w[i] += A_(i, j + 1 + k) * v[k];
      for (k = 0; k < m; k++) {
        const double s = beta * v[k];
        for (i = j; i < n; i++) A_(i, j + 1 + k) -= w[i] * s;
      }
      for (k = j + 2; k < n; k++) A_(j, k) = 0.0;
    }
  }
#undef A_
}

int tg_randsvd(int n, double kappa, int mode, uint64_t seed, double *a, double *b, double *c)
{
  tg_rng  r;
  double *A, *v, *w;
  int     i;

  if (n < 1 || mode < 1 || mode > 4 || !(kappa >= 1.0)) return TG_ERR_ARGUMENT;
  if (n > TG_RANDSVD_MAX_N) return TG_NOT_AVAILABLE;
  A = (double *)calloc((size_t)n * (size_t)n, sizeof(double));
  v = (double *)malloc(sizeof(double) * (size_t)n);
  w = (double *)malloc(sizeof(double) * (size_t)n);
  if (!A || !v || !w) {
    free(A);
    free(v);
    free(w);
    return TG_ERR_MEMORY;
  }
  /* MATLAB randsvd's singular values for modes 1..4 on the diagonal ... */
  for (i = 0; i < n; i++) {
    const double t = n > 1 ? (double)i / (double)(n - 1) : 0.0;
    double       sigma;
    switch (mode) {
    case 1: sigma = i == 0 ? 1.0 : 1.0 / kappa; break;     /* one large */
    case 2: sigma = i == n - 1 ? 1.0 / kappa : 1.0; break; /* one small */
    case 3: sigma = pow(kappa, -t); break;                 /* geometric */
    default: sigma = 1.0 - (1.0 - 1.0 / kappa) * t; break; /* arithmetic */
    }
    A[(size_t)i * n + i] = n > 1 ? sigma : 1.0;
  }
  /* ... then, as randsvd does, A = qmult(A'); A = qmult(A'), i.e. U Sigma V^T with Haar U, V ... */
  tg_rng_seed(&r, seed, ((uint64_t)0x5253u << 32) | (uint32_t)mode);
  qmult(n, A, 1, &r, v, w);
  transpose_in_place(n, A);
  qmult(n, A, 0, &r, v, w);
  /* ... and bandred(A, 1, 1). */
  bandred11(n, A, v, w);
  for (i = 0; i < n; i++) {
    b[i] = A[(size_t)i * n + i];
    a[i] = i > 0 ? A[(size_t)(i - 1) * n + i] : 0.0;
    c[i] = i < n - 1 ? A[(size_t)(i + 1) * n + i] : 0.0;
  }
  free(A);
  free(v);
  free(w);
  return TG_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* Table 4                                                                                   */
/* ---------------------------------------------------------------------------------------- */

static const char *table4_names[20] = {"tridiag(U,U,U)",          "b=1e8, a,c~U",     "gallery lesp",           "#1, a(N/2+1,N/2)*1e-50",
                                       "#1, 50% zeros in a,c",    "b=64, a,c~U",      "inv(kms(N,0.5))",        "randsvd mode 2",
                                       "randsvd mode 3",          "randsvd mode 1",   "randsvd mode 4",         "#1, a*1e-50",
                                       "gallery dorr(1e-4)",      "b=1e-8, a,c~U",    "b=0, a,c~U",             "tridiag(1,1e-8,1)",
                                       "tridiag(1,1e8,1)",        "tridiag(-1,4,-1)", "tridiag(-1,4,1)",        "tridiag(-1,4,c~U)"};

const char *tg_table4_name(int id) { return id >= 1 && id <= 20 ? table4_names[id - 1] : "?"; }

int tg_table4(int id, int n, uint64_t seed, double *a, double *b, double *c)
{
  static const int randsvd_mode[4] = {2, 3, 1, 4}; /* ids 8..11 */
  tg_rng           r;
  int              i;

  if (n < 1 || id < 1 || id > 20) return TG_ERR_ARGUMENT;
  tg_rng_seed(&r, seed, tag_of(TAG_TABLE4, id));
  switch (id) {
  case 1: fill_random(n, &r, a, b, c); break;
  case 2: fill_diag_const(n, &r, 1e8, 0, a, b, c); break;
  case 3: fill_lesp(n, a, b, c); break;
  case 4:
    fill_random(n, &r, a, b, c);
    if (n >= 2) a[n / 2] *= 1e-50; /* MATLAB a(N/2+1, N/2) */
    break;
  case 5:
    /* Each off-diagonal entry is zeroed with probability 1/2 (one extra draw per entry, after
       the values). */
    fill_random(n, &r, a, b, c);
    for (i = 1; i < n; i++)
      if (tg_rng_next(&r) >> 63) a[i] = 0.0;
    for (i = 0; i < n - 1; i++)
      if (tg_rng_next(&r) >> 63) c[i] = 0.0;
    break;
  case 6: fill_diag_const(n, &r, 64.0, 0, a, b, c); break;
  case 7: fill_kms_inverse(n, 0.5, a, b, c); break;
  case 8:
  case 9:
  case 10:
  case 11: return tg_randsvd(n, 1e15, randsvd_mode[id - 8], seed ^ tag_of(TAG_TABLE4, id), a, b, c);
  case 12:
    fill_random(n, &r, a, b, c);
    for (i = 1; i < n; i++) a[i] *= 1e-50;
    break;
  case 13: fill_dorr(n, 1e-4, a, b, c); break;
  case 14: fill_diag_const(n, &r, 1e-8, 0, a, b, c); break;
  case 15: fill_diag_const(n, &r, 0.0, 0, a, b, c); break;
  case 16: fill_const(n, 1.0, 1e-8, 1.0, a, b, c); break;
  case 17: fill_const(n, 1.0, 1e8, 1.0, a, b, c); break;
  case 18: fill_const(n, -1.0, 4.0, -1.0, a, b, c); break;
  case 19: fill_const(n, -1.0, 4.0, 1.0, a, b, c); break;
  case 20:
    fill_const(n, -1.0, 4.0, 0.0, a, b, c);
    for (i = 0; i < n - 1; i++) c[i] = tg_rng_uniform_pm1(&r);
    break;
  }
  return TG_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* Chang's 18 types                                                                          */
/* ---------------------------------------------------------------------------------------- */

static const char *chang_names[18] = {"U(-1,1)",        "Toeplitz b=1e8",  "gallery lesp",     "a(256)*1e-50",     "50% zero off-diag", "Toeplitz b=64",
                                      "inv(kms(N,0.5))", "randsvd mode 2",  "randsvd mode 3",   "randsvd mode 1",   "randsvd mode 4",    "a*1e-50",
                                      "gallery dorr",    "Toeplitz b=1e-8", "gallery clement",  "Toeplitz b=0",     "zero diag inside",  "zero diag at bnd"};

const char *tg_chang_name(int type) { return type >= 1 && type <= 18 ? chang_names[type - 1] : "?"; }

int tg_chang(int type, int n, int boundary, uint64_t seed, double *a, double *b, double *c)
{
  static const int randsvd_mode[4] = {2, 3, 1, 4}; /* types 8..11 */
  tg_rng           r;
  int              i;

  if (n < 1 || type < 1 || type > 18) return TG_ERR_ARGUMENT;
  if (type == 18 && (boundary < 2 || boundary >= n)) return TG_ERR_ARGUMENT;
  tg_rng_seed(&r, seed, tag_of(TAG_CHANG, type));
  switch (type) {
  case 1: fill_random(n, &r, a, b, c); break;
  case 2: fill_diag_const(n, &r, 1e8, 1, a, b, c); break;
  case 3: fill_lesp(n, a, b, c); break;
  case 4:
    fill_random(n, &r, a, b, c);
    if (n >= 2) a[n / 2] *= 1e-50; /* the 256th lower-diagonal entry for n = 512 */
    break;
  case 5:
    fill_random(n, &r, a, b, c);
    for (i = 1; i < n; i++)
      if (tg_rng_next(&r) >> 63) a[i] = 0.0;
    for (i = 0; i < n - 1; i++)
      if (tg_rng_next(&r) >> 63) c[i] = 0.0;
    break;
  case 6: fill_diag_const(n, &r, 64.0, 1, a, b, c); break;
  case 7: fill_kms_inverse(n, 0.5, a, b, c); break;
  case 8:
  case 9:
  case 10:
  case 11: return tg_randsvd(n, 1e15, randsvd_mode[type - 8], seed ^ tag_of(TAG_TABLE4, type), a, b, c); /* = tg_table4(type) */
  case 12:
    fill_random(n, &r, a, b, c);
    for (i = 1; i < n; i++) a[i] *= 1e-50;
    break;
  case 13: fill_dorr(n, 1e-4, a, b, c); break;
  case 14: fill_diag_const(n, &r, 1e-8, 1, a, b, c); break;
  case 15: fill_clement(n, a, b, c); break;
  case 16: fill_diag_const(n, &r, 0.0, 1, a, b, c); break;
  case 17:
    /* Rows 0 and n-1 decoupled with diagonal 1; inside tridiag(1,0,1). */
    fill_const(n, 1.0, 0.0, 1.0, a, b, c);
    b[0] = 1.0;
    c[0] = 0.0;
    if (n > 1) {
      b[n - 1] = 1.0;
      a[n - 1] = 0.0;
    }
    break;
  case 18:
    /* U(-1,1) except rows boundary-1 and boundary (diagonal 0, off-diagonals 1), and a 1e15
       on the diagonal of row boundary-2. */
    fill_random(n, &r, a, b, c);
    for (i = boundary - 1; i <= boundary; i++) {
      b[i] = 0.0;
      a[i] = 1.0;
      c[i] = 1.0;
    }
    b[boundary - 2] = 1e15;
    zero_ends(n, a, c);
    break;
  }
  return TG_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* Right-hand sides and errors                                                               */
/* ---------------------------------------------------------------------------------------- */

void tg_rhs(int n, uint64_t seed, double *xt)
{
  tg_rng r;
  int    i;
  tg_rng_seed(&r, seed, tag_of(TAG_RHS, 0));
  for (i = 0; i < n; i++) xt[i] = 3.0 + tg_rng_normal(&r);
}

void tg_matvec(int n, const double *a, const double *b, const double *c, const double *x, double *y)
{
  int i;
  for (i = 0; i < n; i++) {
    double s = b[i] * x[i];
    if (i > 0) s += a[i] * x[i - 1];
    if (i < n - 1) s += c[i] * x[i + 1];
    y[i] = s;
  }
}

/* ||v||_2 scaled by max|v_i| so that huge (but finite) errors do not overflow to Inf; NaN stays NaN. */
static double nrm2_diff(int n, const double *x, const double *y)
{
  double scale = 0.0, sum = 0.0;
  int    i;
  for (i = 0; i < n; i++) {
    const double d = fabs(y ? x[i] - y[i] : x[i]);
    if (d != d) return d;
    if (d > scale) scale = d;
  }
  if (scale == 0.0 || isinf(scale)) return scale;
  for (i = 0; i < n; i++) {
    const double d = (y ? x[i] - y[i] : x[i]) / scale;
    sum += d * d;
  }
  return scale * sqrt(sum);
}

double tg_fre(int n, const double *x, const double *xt) { return nrm2_diff(n, x, xt) / nrm2_diff(n, xt, NULL); }
