/* SPDX-License-Identifier: BSD-2-Clause */
/*
   galerkin.c - C = P^T A P for PCTRIAMG's thin prolongators (reference; twin: cuda/galerkin.cu), every product
   one of a kind, C = L^T M R with thin L and R or the identity (NULL rows), as the device's: at once L = P, M = A,
   R = P; in two products (ts_galerkin_two_products()) A P is L = I, M = A, R = P, and C is L = P, M = A P, R = I.
   Row I of a product gathers the rows i of L^T (increasing i), each row of M in its order, and each entry's row of
   R: Gustavson's accumulation, each entry's terms (l_iI m_ij) r_jJ in the order that the device's stable sorts
   keep (trisplit_kernels.h); an identity factor multiplies by 1.0, which is exact. C's pattern, a set, comes the
   short way, as the union of the rows of A P (L = P, M = A P, R = I) whether C is then computed at once or not:
   each row of A P is met once per entry of its row of P instead of once per term (on one core, 512^2 grids:
   MODEL8's and ROT's products took half the time, LAP3D's and ANISO1's, whose prolongators are thinner, the same).
   A pattern is made in one pass, into columns that the caller grows when a row does not fit, not counted first and
   filled after (bench/results/triamg-setup/host-galerkin-pattern: the symbolic phase 35-45% shorter).
*/
#include "trisplit_kernels.h"

/* a thin factor: CSR rows, or the identity where row == NULL (row i holds column i with 1.0) */
typedef struct {
  const ts_int *row, *col;
  const double *val;
} Thin;

static ts_int thin_begin(Thin t, ts_int i) { return t.row ? t.row[i] : i; }
static ts_int thin_end(Thin t, ts_int i) { return t.row ? t.row[i + 1] : i + 1; }
static ts_int thin_column(Thin t, ts_int p) { return t.row ? t.col[p] : p; }
static double thin_value(Thin t, ts_int p) { return t.row ? t.val[p] : 1.0; }

/* L^T (ncl rows, each entry's row i of L and its index in L, in increasing i; the identity where L's rows are NULL),
   and the marks of the product's columns */
typedef struct {
  const ts_int *lrow;
  ts_int       *ltrow, *ltrow_i, *ltslot;
  ts_int       *mark; /* ncol: the last product row that met column J, then J's slot in C's row */
} GalerkinWork;

static size_t align8(size_t b) { return (b + 7) & ~(size_t)7; }

size_t ts_ref_galerkin_buffer_size(ts_int n, ts_int nc, ts_int pnnz)
{
  (void)n;
  return align8((size_t)(nc + 1) * sizeof(ts_int)) + 2 * align8((size_t)(pnnz > 0 ? pnnz : 1) * sizeof(ts_int)) + align8((size_t)(nc > 0 ? nc : 1) * sizeof(ts_int));
}

static ts_int work_begin(const GalerkinWork *w, ts_int I) { return w->lrow ? w->ltrow[I] : I; }
static ts_int work_end(const GalerkinWork *w, ts_int I) { return w->lrow ? w->ltrow[I + 1] : I + 1; }
static ts_int work_row(const GalerkinWork *w, ts_int t) { return w->lrow ? w->ltrow_i[t] : t; }
static ts_int work_slot(const GalerkinWork *w, ts_int t) { return w->lrow ? w->ltslot[t] : t; }

/* L^T from L (n rows, ncl columns), its rows in increasing i; ncol columns' marks cleared */
static GalerkinWork galerkin_work(ts_int n, ts_int ncl, ts_int ncol, const ts_int *lrow, const ts_int *lcol, void *buffer)
{
  GalerkinWork w;
  char        *b    = (char *)buffer;
  ts_int       lnnz = lrow ? lrow[n] : 0, size = lrow ? ncl : 0;

  w.lrow    = lrow;
  w.ltrow   = (ts_int *)b;
  b += align8((size_t)(size + 1) * sizeof(ts_int));
  w.ltrow_i = (ts_int *)b;
  b += align8((size_t)(lnnz > 0 ? lnnz : 1) * sizeof(ts_int));
  w.ltslot  = (ts_int *)b;
  b += align8((size_t)(lnnz > 0 ? lnnz : 1) * sizeof(ts_int));
  w.mark    = (ts_int *)b;
  if (lrow) {
    for (ts_int J = 0; J <= ncl; J++) w.ltrow[J] = 0;
    for (ts_int k = 0; k < lnnz; k++) w.ltrow[lcol[k] + 1]++;
    for (ts_int J = 0; J < ncl; J++) w.ltrow[J + 1] += w.ltrow[J];
    for (ts_int J = 0; J < ncl; J++) w.mark[J] = w.ltrow[J]; /* fill positions */
    for (ts_int i = 0; i < n; i++)
      for (ts_int k = lrow[i]; k < lrow[i + 1]; k++) {
        ts_int at = w.mark[lcol[k]]++;

        w.ltrow_i[at] = i;
        w.ltslot[at]  = k;
      }
  }
  for (ts_int J = 0; J < ncol; J++) w.mark[J] = -1;
  return w;
}

/* A row's distinct columns in increasing order without qsort()'s comparator calls (after the one-pass pattern they
   were half of its time): quicksort with the median of three down to parts of 16 entries, the larger part of each
   split pushed and the smaller taken next (at most 64 parts held), then one insertion pass over the row */
static void sort_columns(ts_int *a, ts_int len)
{
  ts_int lo[64], hi[64], top = 0;

  if (len > 16) {
    lo[0] = 0;
    hi[0] = len - 1;
    top   = 1;
  }
  while (top) {
    ts_int l = lo[--top], h = hi[top], m = l + (h - l) / 2, i = l, j = h, p, t;

    if (a[m] < a[l]) t = a[m], a[m] = a[l], a[l] = t;
    if (a[h] < a[l]) t = a[h], a[h] = a[l], a[l] = t;
    if (a[h] < a[m]) t = a[h], a[h] = a[m], a[m] = t;
    p = a[m];
    while (i <= j) {
      while (a[i] < p) i++;
      while (a[j] > p) j--;
      if (i <= j) {
        t      = a[i];
        a[i++] = a[j];
        a[j--] = t;
      }
    }
    /* [l, j] and [i, h]: the larger pushed first, the smaller taken next */
    if (j - l > h - i) {
      if (j - l >= 16) lo[top] = l, hi[top++] = j;
      if (h - i >= 16) lo[top] = i, hi[top++] = h;
    } else {
      if (h - i >= 16) lo[top] = i, hi[top++] = h;
      if (j - l >= 16) lo[top] = l, hi[top++] = j;
    }
  }
  for (ts_int r = 1; r < len; r++) {
    const ts_int c = a[r];
    ts_int       q = r;

    for (; q > 0 && a[q - 1] > c; q--) a[q] = a[q - 1];
    a[q] = c;
  }
}

ts_status ts_ref_galerkin_product_pattern(ts_int n, ts_int ncl, ts_int ncr, const ts_int *rowptr, const ts_int *col, const ts_int *lrow, const ts_int *lcol, const ts_int *rrow, const ts_int *rcol, ts_int first, ts_int cap, ts_int *crow, ts_int *ccol, ts_int *next, void *buffer)
{
  const Thin   R = {rrow, rcol, NULL};
  GalerkinWork w;

  if (n < 0 || ncl < 0 || ncr < 0 || first < 0 || first > ncl || cap < 0 || (!lrow && ncl != n)) return TS_ERR_ARGUMENT;
  w = galerkin_work(n, ncl, ncr, lrow, lcol, buffer);
  if (!first) crow[0] = 0;
  for (ts_int I = first; I < ncl; I++) {
    ts_int      *row  = ccol + crow[I];
    const ts_int room = cap - crow[I];
    ts_int       len  = 0;

    for (ts_int t = work_begin(&w, I); t < work_end(&w, I); t++) {
      const ts_int i = work_row(&w, t);

      for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++)
        for (ts_int q = thin_begin(R, col[k]); q < thin_end(R, col[k]); q++) {
          const ts_int J = thin_column(R, q);

          if (w.mark[J] != I) {
            if (len == room) { /* the caller grows ccol and comes back for this row (the next call clears the marks) */
              *next = I;
              return TS_SUCCESS;
            }
            w.mark[J]   = I;
            row[len++] = J;
          }
        }
    }
    sort_columns(row, len);
    crow[I + 1] = crow[I] + len;
  }
  *next = ncl;
  return TS_SUCCESS;
}

ts_status ts_ref_galerkin_product_values(ts_int n, ts_int ncl, ts_int ncr, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *lrow, const ts_int *lcol, const double *lval, const ts_int *rrow, const ts_int *rcol, const double *rval, const ts_int *crow, const ts_int *ccol, double *cval, void *buffer)
{
  const Thin   L = {lrow, lcol, lval}, R = {rrow, rcol, rval};
  GalerkinWork w;

  if (n < 0 || ncl < 0 || ncr < 0 || (!lrow && ncl != n)) return TS_ERR_ARGUMENT;
  w = galerkin_work(n, ncl, ncr, lrow, lcol, buffer);
  for (ts_int I = 0; I < ncl; I++) {
    for (ts_int e = crow[I]; e < crow[I + 1]; e++) {
      w.mark[ccol[e]] = e; /* the slot of column J in row I */
      cval[e]         = 0.0;
    }
    for (ts_int t = work_begin(&w, I); t < work_end(&w, I); t++) {
      const ts_int i  = work_row(&w, t);
      const double lI = thin_value(L, work_slot(&w, t));

      for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++) {
        const double lm = lI * val[k];

        for (ts_int q = thin_begin(R, col[k]); q < thin_end(R, col[k]); q++) cval[w.mark[thin_column(R, q)]] += lm * thin_value(R, q);
      }
    }
  }
  return TS_SUCCESS;
}
