/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "The reference 2x2 block tridiagonal solver (ts_ref_bgttrf/bgttrs/bgttrs_transpose/bgtsv) against a\n"
                     "dense LU with partial pivoting on the block gallery (tests/gallery/block_gallery.h).\n"
                     "  -verbose   also print the raw errors (not deterministic across machines)\n";

/*
   For every kind of the block gallery, pivot rule and size nb in {1, 2, 3, 8, 33, 100} (two seeds;
   even sizes only for zero diagonal blocks, odd ones are singular): x_t ~ Normal(3,1) in 3 columns,
   d = T x_t, then
     - ts_ref_bgtsv with nrhs = 3 and ldx = 2 nb + 3: the padding rows must come back untouched, and
       the normwise backward error |T x - d|_inf / (|T|_inf |x|_inf + |d|_inf) must be within
       10 n eps g, g = max(1, max|L|) max(1, max|U| / max|T|) max_i kappa(U(i,i)) the growth of the
       factor times the worst pivot block condition (2x2 inverses are adjugates, with no pivoting
       inside a block): what a correct elimination with these pivots achieves; a wrong multiplier
       gives O(1);
     - where the block pivot rule is stable on the kind (STABLE below) the forward relative error
       FRE = ||x - x_t|| / ||x_t|| per column must be <= 100 max(FRE of dense GEPP, 1e-14) (GEPP on
       the same d measures the conditioning);
     - nrhs = 3 must equal three nrhs = 1 solves bit for bit (same operations per column);
     - ts_ref_bgttrs_transpose: the same checks against T^T, and (where stable) against a solve with
       the factor of the explicitly transposed bands;
     - zero diagonal blocks: block Thomas (pivoting none) must report TS_ERR_ZERO_PIVOT at block row 0,
       the pivoted rules must interchange.

   Why not every kind: the block rules compare determinants, which bound neither the multipliers
   nor the growth the way scalar partial pivoting does. On long chains of non-dominant random blocks
   the accumulated block row can grow without bound in one direction (its two rows become nearly
   parallel, its scaled det small, so the scaled rule keeps interchanging): FRE / FRE(GEPP) reaches
   1e8 (zero diagonals, partial) and beyond (scaled on rand: 1e45 at nb = 100). Partitioned RPTS
   eliminates over at most M block rows, which limits this growth; the reference is the sequential
   elimination, so it shows it in full. The backward-error check still holds on those kinds.
*/
#include <petscsys.h>
#include <float.h>
#include <math.h>
#include <string.h>
#include "trisplit_kernels.h"
#include "tridiag_gallery.h"
#include "block_gallery.h"

#define NRHS 3

static int check_fail(const char *what, const char *kind, int piv, int nb)
{
  fprintf(stderr, "check failed: %s (kind %s, pivoting %d, nb %d)\n", what, kind, piv, nb);
  return 1;
}

/* Dense n x n column-major GEPP solve of nrhs columns (ld n) in place; returns 0 or 1 (singular). */
static int dense_solve(int n, double *A, int nrhs, double *X)
{
  for (int k = 0; k < n; k++) {
    int p = k;
    for (int i = k + 1; i < n; i++)
      if (fabs(A[i + k * n]) > fabs(A[p + k * n])) p = i;
    if (A[p + k * n] == 0.0) return 1;
    if (p != k) {
      for (int j = 0; j < n; j++) {
        const double t = A[k + j * n];
        A[k + j * n]   = A[p + j * n];
        A[p + j * n]   = t;
      }
      for (int j = 0; j < nrhs; j++) {
        const double t = X[k + j * n];
        X[k + j * n]   = X[p + j * n];
        X[p + j * n]   = t;
      }
    }
    for (int i = k + 1; i < n; i++) {
      const double l = A[i + k * n] / A[k + k * n];
      if (l == 0.0) continue;
      for (int j = k + 1; j < n; j++) A[i + j * n] -= l * A[k + j * n];
      for (int j = 0; j < nrhs; j++) X[i + j * n] -= l * X[k + j * n];
    }
  }
  for (int j = 0; j < nrhs; j++)
    for (int i = n - 1; i >= 0; i--) {
      double s = X[i + j * n];
      for (int l = i + 1; l < n; l++) s -= A[i + l * n] * X[l + j * n];
      X[i + j * n] = s / A[i + i * n];
    }
  return 0;
}

/* Dense column-major copy of the block chain (n = 2 nb). */
static void densify(int nb, const double *a, const double *b, const double *c, double *A)
{
  const int n = 2 * nb;
  memset(A, 0, (size_t)n * n * sizeof(double));
  for (int i = 0; i < nb; i++)
    for (int k = 0; k < 2; k++)
      for (int l = 0; l < 2; l++) {
        A[(2 * i + k) + (2 * i + l) * n] = b[4 * i + k + 2 * l];
        if (i > 0) A[(2 * i + k) + (2 * (i - 1) + l) * n] = a[4 * i + k + 2 * l];
        if (i < nb - 1) A[(2 * i + k) + (2 * (i + 1) + l) * n] = c[4 * i + k + 2 * l];
      }
}

/* Kinds (bit per tgb_kind) on which each pivot rule is judged by the forward error. */
static const unsigned STABLE[3] = {
  (1u << TGB_DOM) | (1u << TGB_PATHS),                                                                     /* none */
  (1u << TGB_RAND) | (1u << TGB_DOM) | (1u << TGB_PATHS) | (1u << TGB_RPATHS), /* partial */
  (1u << TGB_DOM) | (1u << TGB_PATHS) | (1u << TGB_RPATHS)                                                 /* scaled */
};

typedef struct {
  double *a, *b, *c, *at, *bt, *ct, *A, *xt, *d, *x, *y, *xd;
  void   *factor, *factor_t;
  double  worst; /* largest FRE / max(FRE dense, 1e-14) seen */
} Work;

/* FRE per column of x (ld ldx) against xt (ld n); the worst ratio to the dense solver's FREs. */
static double fre_ratio(int n, const double *x, int ldx, const double *xt, const double *xd)
{
  double worst = 0.0;
  for (int k = 0; k < NRHS; k++) {
    const double fr = tg_fre(n, x + k * ldx, xt + k * n), fd = tg_fre(n, xd + k * n, xt + k * n);
    const double r  = isfinite(fr) ? fr / PetscMax(fd, 1e-14) : (double)INFINITY;
    worst           = PetscMax(worst, r);
  }
  return worst;
}

/* Growth g of the factor (see the top comment). */
static double growth(int nb, const void *factor, const double *a, const double *b, const double *c)
{
  const double *f  = (const double *)factor;
  double        ml = 0.0, mu = 0.0, mt = 0.0, kappa = 1.0;
  for (int i = 0; i < nb; i++) { /* 2x2 inverses by the adjugate: exact up to eps kappa(U0_i) */
    const double *U = f + 4 * nb + 4 * i, m = PetscMax(PetscMax(fabs(U[0]), fabs(U[1])), PetscMax(fabs(U[2]), fabs(U[3])));
    kappa = PetscMax(kappa, 4.0 * m * m / fabs(U[0] * U[3] - U[1] * U[2]));
  }
  for (int i = 0; i < 4 * nb; i++) {
    ml = PetscMax(ml, fabs(f[i]));
    mu = PetscMax(mu, PetscMax(fabs(f[4 * nb + i]), PetscMax(fabs(f[8 * nb + i]), fabs(f[12 * nb + i]))));
    mt = PetscMax(mt, PetscMax(fabs(a[i]), PetscMax(fabs(b[i]), fabs(c[i]))));
  }
  return PetscMax(1.0, ml) * PetscMax(1.0, mu / mt) * kappa;
}

/* Worst normwise backward error over the columns of x (ld ldx) for T x = d (ld n), relative to the
   bound 10 n eps g: <= 1 passes. */
static double backward_ratio(int nb, const double *a, const double *b, const double *c, const double *x, int ldx, const double *d, double g, double *r)
{
  const int n = 2 * nb;
  double    tn = 0.0, worst = 0.0;
  for (int i = 0; i < nb; i++)
    for (int k = 0; k < 2; k++) {
      double s = 0.0;
      for (int l = 0; l < 2; l++) s += fabs(a[4 * i + k + 2 * l]) + fabs(b[4 * i + k + 2 * l]) + fabs(c[4 * i + k + 2 * l]);
      tn = PetscMax(tn, s);
    }
  for (int k = 0; k < NRHS; k++) {
    double rn = 0.0, xn = 0.0, dn = 0.0;
    tgb_matvec(nb, a, b, c, x + k * ldx, r);
    for (int i = 0; i < n; i++) {
      if (!isfinite(x[i + k * ldx])) return INFINITY;
      rn = PetscMax(rn, fabs(r[i] - d[i + k * n]));
      xn = PetscMax(xn, fabs(x[i + k * ldx]));
      dn = PetscMax(dn, fabs(d[i + k * n]));
    }
    worst = PetscMax(worst, rn / (tn * xn + dn) / (10.0 * n * DBL_EPSILON * g));
  }
  return worst;
}

/* One system: all checks; returns the number of failures. */
static int check_system(Work *w, tgb_kind kind, ts_pivoting piv, int nb, uint64_t seed)
{
  const char *name = tgb_name(kind);
  const int   n = 2 * nb, ldx = n + 3;
  const int   stable = (STABLE[piv] >> kind) & 1u;
  int         fails = 0, npiv = 0;
  double      g, ratio;
  ts_int      zr;
  ts_status   st;
  tg_rng      r;

  if (tgb_system(kind, nb, seed, w->a, w->b, w->c)) return check_fail("gallery", name, (int)piv, nb);
  tgb_transpose(nb, w->a, w->b, w->c, w->at, w->bt, w->ct);
  tg_rng_seed(&r, seed, 99);
  for (int k = 0; k < NRHS; k++) {
    for (int i = 0; i < n; i++) w->xt[i + k * n] = 3.0 + tg_rng_normal(&r);
    tgb_matvec(nb, w->a, w->b, w->c, w->xt + k * n, w->d + k * n);
  }

  st = ts_ref_bgttrf(piv, nb, w->a, w->b, w->c, w->factor, &zr);
  if (kind == TGB_ZERODIAG && piv == TS_PIVOTING_NONE) {
    if (st != TS_ERR_ZERO_PIVOT || zr != 0) fails += check_fail("block Thomas on zero diagonal blocks must fail at block row 0", name, (int)piv, nb);
    return fails;
  }
  if (st != TS_SUCCESS) return check_fail("bgttrf", name, (int)piv, nb);
  for (int i = 0; i < nb; i++) npiv += ((const unsigned char *)w->factor)[16 * nb * sizeof(double) + i];
  if (kind == TGB_ZERODIAG && nb > 1 && npiv == 0) fails += check_fail("no interchange on zero diagonal blocks", name, (int)piv, nb);

  /* nrhs = 3 with padding, against the dense solver */
  for (int k = 0; k < NRHS; k++)
    for (int i = 0; i < ldx; i++) w->x[i + k * ldx] = i < n ? w->d[i + k * n] : -7.0;
  if (ts_ref_bgtsv(piv, nb, NRHS, w->a, w->b, w->c, w->x, ldx, w->factor, &zr) != TS_SUCCESS) return check_fail("bgtsv", name, (int)piv, nb);
  for (int k = 0; k < NRHS; k++)
    for (int i = n; i < ldx; i++)
      if (w->x[i + k * ldx] != -7.0) fails += check_fail("padding rows written", name, (int)piv, nb);
  g = growth(nb, w->factor, w->a, w->b, w->c);
  if (!(backward_ratio(nb, w->a, w->b, w->c, w->x, ldx, w->d, g, w->y) <= 1.0)) fails += check_fail("backward error", name, (int)piv, nb);
  if (stable) {
    densify(nb, w->a, w->b, w->c, w->A);
    memcpy(w->xd, w->d, (size_t)n * NRHS * sizeof(double));
    if (dense_solve(n, w->A, NRHS, w->xd)) return check_fail("dense solver: singular", name, (int)piv, nb);
    ratio = fre_ratio(n, w->x, ldx, w->xt, w->xd);
    if (!(ratio <= 100.0)) fails += check_fail("FRE vs dense GEPP", name, (int)piv, nb);
    w->worst = PetscMax(w->worst, ratio);
  }
  /* column by column, bit for bit */
  for (int k = 0; k < NRHS; k++) {
    memcpy(w->y, w->d + k * n, (size_t)n * sizeof(double));
    ts_ref_bgttrs(nb, 1, w->factor, w->y, n);
    if (memcmp(w->y, w->x + k * ldx, (size_t)n * sizeof(double))) fails += check_fail("nrhs = 3 vs column by column", name, (int)piv, nb);
  }

  /* transpose: T^T x = d against dense GEPP on T^T and against the factor of the transposed bands */
  for (int k = 0; k < NRHS; k++) tgb_matvec(nb, w->at, w->bt, w->ct, w->xt + k * n, w->d + k * n);
  for (int k = 0; k < NRHS; k++)
    for (int i = 0; i < ldx; i++) w->x[i + k * ldx] = i < n ? w->d[i + k * n] : -7.0;
  ts_ref_bgttrs_transpose(nb, NRHS, w->factor, w->x, ldx);
  for (int k = 0; k < NRHS; k++)
    for (int i = n; i < ldx; i++)
      if (w->x[i + k * ldx] != -7.0) fails += check_fail("padding rows written (transpose)", name, (int)piv, nb);
  if (!(backward_ratio(nb, w->at, w->bt, w->ct, w->x, ldx, w->d, g, w->y) <= 1.0)) fails += check_fail("backward error (transpose)", name, (int)piv, nb);
  if (!stable) return fails;
  densify(nb, w->at, w->bt, w->ct, w->A);
  memcpy(w->xd, w->d, (size_t)n * NRHS * sizeof(double));
  if (dense_solve(n, w->A, NRHS, w->xd)) return check_fail("dense solver on T^T: singular", name, (int)piv, nb);
  ratio = fre_ratio(n, w->x, ldx, w->xt, w->xd);
  if (!(ratio <= 100.0)) fails += check_fail("transposed FRE vs dense GEPP", name, (int)piv, nb);
  w->worst = PetscMax(w->worst, ratio);
  if (ts_ref_bgttrf(piv, nb, w->at, w->bt, w->ct, w->factor_t, &zr) != TS_SUCCESS) return fails + check_fail("bgttrf of T^T", name, (int)piv, nb);
  memcpy(w->xd, w->d, (size_t)n * NRHS * sizeof(double));
  ts_ref_bgttrs(nb, NRHS, w->factor_t, w->xd, n);
  if (!(fre_ratio(n, w->x, ldx, w->xt, w->xd) <= 100.0)) fails += check_fail("transposed solve vs solve with the transposed bands", name, (int)piv, nb);
  return fails;
}

/* nb = 0 and 1, singular systems, non-finite input, bad arguments. */
static int corner_cases(void *work)
{
  double a[12] = {0}, b[12] = {0}, c[12] = {0}, x[6] = {0};
  ts_int zr;
  int    fails = 0;

  if (ts_ref_bgttrf_size(0) != 0 || ts_ref_bgttrf_size(3) != 16 * 3 * sizeof(double) + 3) fails += check_fail("bgttrf_size", "corner", 0, 3);
  if (ts_ref_bgtsv(TS_PIVOTING_SCALED, 0, 1, a, b, c, x, 1, NULL, &zr) != TS_SUCCESS || zr != -1) fails += check_fail("nb = 0", "corner", 2, 0);
  /* nb = 1: B = [2 1; 0 4] (column major 2,0,1,4), d = (4, 8) -> x = (1, 2); transposed d = (2, 9) -> (1, 2) */
  b[0] = 2;
  b[2] = 1;
  b[3] = 4;
  x[0] = 4;
  x[1] = 8;
  if (ts_ref_bgtsv(TS_PIVOTING_NONE, 1, 1, a, b, c, x, 2, work, &zr) != TS_SUCCESS || x[0] != 1.0 || x[1] != 2.0) fails += check_fail("nb = 1", "corner", 0, 1);
  x[0] = 2;
  x[1] = 9;
  ts_ref_bgttrs_transpose(1, 1, work, x, 2);
  if (x[0] != 1.0 || x[1] != 2.0) fails += check_fail("nb = 1 transpose", "corner", 0, 1);
  /* singular diagonal block, nb = 1 */
  b[1] = 4;
  b[3] = 2;
  if (ts_ref_bgtsv(TS_PIVOTING_PARTIAL, 1, 1, a, b, c, x, 2, work, &zr) != TS_ERR_ZERO_PIVOT || zr != 0) fails += check_fail("nb = 1 singular", "corner", 1, 1);
  /* nb = 2, B_i = 0, A_1 = C_0 = I: nonsingular, block Thomas fails at 0, pivoting solves it */
  memset(b, 0, sizeof(b));
  a[4] = a[7] = c[0] = c[3] = 1.0;
  for (int p = 0; p < 3; p++) {
    ts_status st = ts_ref_bgttrf((ts_pivoting)p, 2, a, b, c, work, &zr);
    if (p == 0 ? (st != TS_ERR_ZERO_PIVOT || zr != 0) : (st != TS_SUCCESS || zr != -1)) fails += check_fail("[[0 I] [I 0]]", "corner", p, 2);
  }
  /* nb = 3 with zero diagonal and identity couplings is singular: the last pivot vanishes */
  a[8] = a[11] = c[4] = c[7] = 1.0;
  for (int p = 1; p < 3; p++)
    if (ts_ref_bgttrf((ts_pivoting)p, 3, a, b, c, work, &zr) != TS_ERR_ZERO_PIVOT || zr != 2) fails += check_fail("nb = 3 singular", "corner", p, 3);
  /* NaN/Inf in a used entry; the unused a block 0 and c block nb-1 are not read */
  b[0] = b[3] = b[4] = b[7] = b[8] = b[11] = 4.0;
  b[5] = NAN;
  if (ts_ref_bgttrf(TS_PIVOTING_SCALED, 3, a, b, c, work, &zr) != TS_ERR_NONFINITE) fails += check_fail("NaN input", "corner", 2, 3);
  b[5] = 0.0;
  c[6] = INFINITY;
  if (ts_ref_bgttrf(TS_PIVOTING_SCALED, 3, a, b, c, work, &zr) != TS_ERR_NONFINITE) fails += check_fail("Inf input", "corner", 2, 3);
  c[6] = 0.0;
  a[1] = NAN;
  c[9] = INFINITY;
  if (ts_ref_bgttrf(TS_PIVOTING_SCALED, 3, a, b, c, work, &zr) != TS_SUCCESS) fails += check_fail("unused corner blocks read", "corner", 2, 3);
  if (ts_ref_bgtsv(TS_PIVOTING_SCALED, 3, 1, a, b, c, x, 5, work, &zr) != TS_ERR_ARGUMENT) fails += check_fail("ldx < 2 nb", "corner", 2, 3);
  if (ts_ref_bgttrf((ts_pivoting)7, 3, a, b, c, work, &zr) != TS_ERR_ARGUMENT) fails += check_fail("pivoting out of range", "corner", 7, 3);
  return fails;
}

int main(int argc, char **argv)
{
  static const char *const pivnames[] = {"none", "partial", "scaled"};
  static const int         sizes[]    = {1, 2, 3, 8, 33, 100};
  const int                nbmax = 100, nmax = 2 * nbmax, ldmax = nmax + 3;
  Work                     w;
  PetscBool                verbose = PETSC_FALSE;
  int                      total = 0, failed = 0;

  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-verbose", &verbose, NULL));
  PetscCall(PetscMalloc6(4 * nbmax, &w.a, 4 * nbmax, &w.b, 4 * nbmax, &w.c, 4 * nbmax, &w.at, 4 * nbmax, &w.bt, 4 * nbmax, &w.ct));
  PetscCall(PetscMalloc6(nmax * nmax, &w.A, nmax * NRHS, &w.xt, nmax * NRHS, &w.d, ldmax * NRHS, &w.x, nmax, &w.y, nmax * NRHS, &w.xd));
  PetscCall(PetscMalloc(ts_ref_bgttrf_size(nbmax), &w.factor));
  PetscCall(PetscMalloc(ts_ref_bgttrf_size(nbmax), &w.factor_t));

  {
    const int f = corner_cases(w.factor);
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "Corner cases (nb = 0, 1, singular, NaN/Inf, arguments): %s\n", f ? "FAIL" : "PASS"));
    failed += f ? 1 : 0;
    total++;
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "Block chains vs dense GEPP (nb = 1..100, nrhs = 3, solve and transposed solve):\n"));
  for (int kind = 0; kind < TGB_NKINDS; kind++)
    for (int p = 0; p < 3; p++) {
      int fails = 0, systems = 0;
      /* block Thomas is only stable on the dominant kinds; on zero diagonals it must fail */
      if (p == TS_PIVOTING_NONE && kind != TGB_DOM && kind != TGB_PATHS && kind != TGB_ZERODIAG) continue;
      w.worst = 0.0;
      for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
        for (uint64_t seed = 1; seed <= 2; seed++) {
          if (kind == TGB_ZERODIAG && sizes[s] % 2) continue;
          fails += check_system(&w, (tgb_kind)kind, (ts_pivoting)p, sizes[s], seed + 10 * (uint64_t)sizes[s]);
          systems++;
        }
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  %-9s %-8s %2d systems, %s: %s\n", tgb_name((tgb_kind)kind), pivnames[p], systems, kind == TGB_ZERODIAG && p == TS_PIVOTING_NONE ? "zero pivot at block row 0" : (STABLE[p] >> kind) & 1u ? "backward and forward error" : "backward error", fails ? "FAIL" : "PASS"));
      if (verbose) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "      worst FRE / dense FRE %.3g\n", w.worst));
      failed += fails ? 1 : 0;
      total++;
    }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%d of %d pass\n", total - failed, total));

  PetscCall(PetscFree(w.factor_t));
  PetscCall(PetscFree(w.factor));
  PetscCall(PetscFree6(w.A, w.xt, w.d, w.x, w.y, w.xd));
  PetscCall(PetscFree6(w.a, w.b, w.c, w.at, w.bt, w.ct));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  build:
    requires: !complex
  test:
TEST*/
