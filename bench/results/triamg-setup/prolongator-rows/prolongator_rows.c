/* Tried, not kept (session 24): the rows of the smoothed prolongator by one pass over the row per target in
   increasing order (pass_row(), which also finds the next larger target) against ts_prolongator_row(), which
   searches the earlier columns for each column's target and sorts the row. Same rows bit for bit; timed on
   synthetic rows: a 9-point grid with 2x2 aggregates, and banded coarse rows of 16-80 entries with about 6-20
   targets. cc -O2 -Isrc/kernels -o rows prolongator_rows.c && ./rows */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "trisplit_kernels.h" /* cc -O2 -Isrc/kernels */
/* Row i of P: its distinct targets (ts_prolongator_target()) over the row's columns and agg(i), in
   increasing order, each with [J == agg(i)] + the sum of -(omega a_ik) / a_ii over its columns in CSR
   order. omega == 0 or a_ii == 0 keeps the row of P0. With pcol == NULL, returns the row's length only.
   One pass over the row per target: the pass that sums target J also finds the next larger one, so a row
   of len entries and t targets costs (t + 1) len lookups of agg (it was len^2 + t len, with a sort of the
   row: a dense coarse level's rows have 40 to 100 entries and a few targets). */
static inline ts_int pass_row(const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *agg, ts_int i, double omega, double theta, ts_int *pcol, double *pval)
{
  const ts_int b = rowptr[i], e = rowptr[i + 1], own = agg[i];
  double       d = 0.0, cut = 0.0;
  ts_int       len = 0, J = own;

  for (ts_int k = b; k < e; k++) {
    double a = val[k] < 0 ? -val[k] : val[k];

    if (col[k] == i) d = val[k];
    else if (a > cut) cut = a;
  }
  cut = theta * cut;
  if (omega == 0.0 || d == 0.0) {
    if (pcol) {
      pcol[0] = own;
      pval[0] = 1.0;
    }
    return 1;
  }
  /* the smallest target, then each in turn */
  for (ts_int k = b; k < e; k++) {
    const ts_int t = ts_prolongator_target(col, val, agg, i, k, cut);

    if (t < J) J = t;
  }
  for (;;) {
    ts_int next = J < own ? own : J; /* J: no larger target found yet */
    double v    = J == own ? 1.0 : 0.0;

    for (ts_int k = b; k < e; k++) {
      const ts_int t = ts_prolongator_target(col, val, agg, i, k, cut);

      if (t == J) {
        if (pcol) v = v + (-(omega * val[k]) / d);
      } else if (t > J && (next == J || t < next)) next = t;
    }
    if (pcol) {
      pcol[len] = J;
      pval[len] = v;
    }
    len++;
    if (next == J) break;
    J = next;
  }
  return len;
}

static unsigned long long st = 99;
static double U(void) { st = st * 6364136223846793005ULL + 1442695040888963407ULL; return (double)(st >> 11) / 9007199254740992.0; }
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
/* rows of `len` entries around i (band), aggregates of `as` consecutive rows */
static void run(const char *name, int n, int len, int band, int as)
{
  ts_int *rp = malloc(sizeof(ts_int) * (n + 1)), *col = malloc(sizeof(ts_int) * (size_t)n * len), *agg = malloc(sizeof(ts_int) * n);
  double *val = malloc(sizeof(double) * (size_t)n * len);
  ts_int *pc = malloc(sizeof(ts_int) * (len + 1));
  double *pv = malloc(sizeof(double) * (len + 1));
  rp[0] = 0;
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < len; k++) {
      static const int off9[9] = {0, -1, 1, -512, 512, -513, -511, 511, 513};
      int c = band == 0 ? i + off9[k] : (k == 0 ? i : i + (int)((U() - 0.5) * band));
      if (c < 0) c = 0;
      if (c >= n) c = n - 1;
      col[(size_t)i * len + k] = c;
      val[(size_t)i * len + k] = k == 0 ? 8.0 : -U();
    }
    rp[i + 1] = (i + 1) * len;
    agg[i] = band == 0 ? ((i / 512) / 2) * 256 + (i % 512) / 2 : i / as; /* 2x2 blocks of the 512-wide grid */
  }
  for (int v = 0; v < 2; v++) {
    double t0 = now();
    long long tot = 0;
    for (int rep = 0; rep < 3; rep++)
      for (int i = 0; i < n; i++) {
        ts_int l = v ? pass_row(rp, col, val, agg, i, 0.7, 0.25, NULL, NULL) : ts_prolongator_row(rp, col, val, agg, i, 0.7, 0.25, NULL, NULL);
        tot += v ? pass_row(rp, col, val, agg, i, 0.7, 0.25, pc, pv) : ts_prolongator_row(rp, col, val, agg, i, 0.7, 0.25, pc, pv);
        tot += l;
      }
    printf("%s n %d len %d agg %d: %s %.3f s (%lld)\n", name, n, len, as, v ? "one pass per target" : "ts_prolongator_row", (now() - t0) / 3, tot);
  }
}
int main(void)
{
  run("fine 5-point", 262144, 5, 0, 4);
  run("fine 9-point", 262144, 9, 0, 4);
  run("coarse t~6", 72434, 16, 96, 16);
  run("coarse t~8", 18863, 45, 200, 25);
  run("coarse t~8", 4868, 80, 200, 25);
  run("coarse t~20", 4868, 80, 200, 10);
  return 0;
}
