/* SPDX-License-Identifier: BSD-2-Clause */
/* block_gallery.c - 2x2 block tridiagonal test systems; see block_gallery.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tridiag_gallery.h"
#include "block_gallery.h"

const char *tgb_name(tgb_kind kind)
{
  static const char *const names[TGB_NKINDS] = {"rand", "dom", "zerodiag", "tinydiag", "paths", "rpaths", "rotated"};
  return (int)kind >= 0 && kind < TGB_NKINDS ? names[kind] : "unknown";
}

/* Random rotation [cos -sin; sin cos], column major. */
static void rotation(tg_rng *r, double *O)
{
  const double t = 3.141592653589793 * tg_rng_uniform_pm1(r);
  O[0] = cos(t);
  O[1] = sin(t);
  O[2] = -O[1];
  O[3] = O[0];
}

/* C = O_l diag(d0, d1) O_r */
static void rotate(const double *Ol, double d0, double d1, const double *Or, double *C)
{
  for (int j = 0; j < 2; j++)
    for (int i = 0; i < 2; i++) C[i + 2 * j] = Ol[i] * d0 * Or[2 * j] + Ol[i + 2] * d1 * Or[1 + 2 * j];
}

int tgb_system(tgb_kind kind, int nb, uint64_t seed, double *a, double *b, double *c)
{
  tg_rng r;

  if (nb < 1 || (int)kind < 0 || kind >= TGB_NKINDS) return 1;
  tg_rng_seed(&r, seed, 0x42474c00u + (uint64_t)kind);
  memset(a, 0, 4 * (size_t)nb * sizeof(double));
  memset(c, 0, 4 * (size_t)nb * sizeof(double));
  if (kind == TGB_ROTATED) {
    double *Ol = (double *)malloc(8 * (size_t)nb * sizeof(double)), *Or = Ol ? Ol + 4 * (size_t)nb : NULL;
    if (!Ol) return 1;
    for (int i = 0; i < nb; i++) {
      rotation(&r, Ol + 4 * i);
      rotation(&r, Or + 4 * i);
    }
    for (int i = 0; i < nb; i++) {
      const double t1a = tg_rng_uniform_pm1(&r), t1b = tg_rng_uniform_pm1(&r), t1c = tg_rng_uniform_pm1(&r);
      if (i > 0) rotate(Ol + 4 * i, t1a, 1.0, Or + 4 * (i - 1), a + 4 * i);
      rotate(Ol + 4 * i, t1b, 1e-8, Or + 4 * i, b + 4 * i);
      if (i < nb - 1) rotate(Ol + 4 * i, t1c, 1.0, Or + 4 * (i + 1), c + 4 * i);
    }
    free(Ol);
    return 0;
  }
  for (int i = 0; i < nb; i++)
    for (int k = 0; k < 4; k++) {
      const double u = tg_rng_uniform_pm1(&r), v = tg_rng_uniform_pm1(&r), w = tg_rng_uniform_pm1(&r);
      if (i > 0) a[4 * i + k] = u;
      if (i < nb - 1) c[4 * i + k] = w;
      b[4 * i + k] = v;
    }
  for (int i = 0; i < nb; i++) {
    double *B = b + 4 * i;
    if (kind == TGB_DOM || kind == TGB_PATHS) {
      B[0] += (tg_rng_uniform(&r) < 0.5 ? -1.0 : 1.0) * (6.0 + tg_rng_uniform(&r));
      B[3] += (tg_rng_uniform(&r) < 0.5 ? -1.0 : 1.0) * (6.0 + tg_rng_uniform(&r));
    } else if (kind == TGB_ZERODIAG) memset(B, 0, 4 * sizeof(double));
    else if (kind == TGB_TINYDIAG)
      for (int k = 0; k < 4; k++) B[k] *= 1e-8;
  }
  if (kind == TGB_PATHS || kind == TGB_RPATHS)
    for (int i = 1; i < nb; i++) {
      const double u = tg_rng_uniform(&r);
      if (u < 0.35) memset(a + 4 * i, 0, 4 * sizeof(double));
      if (u < 0.25 || (u >= 0.35 && u < 0.40)) memset(c + 4 * (i - 1), 0, 4 * sizeof(double));
    }
  return 0;
}

void tgb_matvec(int nb, const double *a, const double *b, const double *c, const double *x, double *y)
{
  for (int i = 0; i < nb; i++)
    for (int k = 0; k < 2; k++) {
      long double v = 0.0L;
      for (int l = 0; l < 2; l++) {
        v += (long double)b[4 * i + k + 2 * l] * x[2 * i + l];
        if (i > 0) v += (long double)a[4 * i + k + 2 * l] * x[2 * (i - 1) + l];
        if (i < nb - 1) v += (long double)c[4 * i + k + 2 * l] * x[2 * (i + 1) + l];
      }
      y[2 * i + k] = (double)v;
    }
}

void tgb_transpose(int nb, const double *a, const double *b, const double *c, double *at, double *bt, double *ct)
{
  for (int i = 0; i < nb; i++)
    for (int k = 0; k < 2; k++)
      for (int l = 0; l < 2; l++) {
        at[4 * i + k + 2 * l] = i > 0 ? c[4 * (i - 1) + l + 2 * k] : 0.0;
        bt[4 * i + k + 2 * l] = b[4 * i + l + 2 * k];
        ct[4 * i + k + 2 * l] = i < nb - 1 ? a[4 * (i + 1) + l + 2 * k] : 0.0;
      }
}
