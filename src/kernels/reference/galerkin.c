/* SPDX-License-Identifier: BSD-2-Clause */
/*
   galerkin.c - C = P^T A P for PCTRIAMG's thin prolongators (reference; twin: cuda/galerkin.cu), at once
   or as P^T (A P) (ts_galerkin_two_products()). At once, row I of C gathers the rows i of A with
   p_iI != 0, in increasing i (the rows of P^T), each row's entries in their order, and each entry's row
   of P; in two products, row i of A P gathers the rows of P of row i's columns in their order, then row
   I of C the rows i of A P, in increasing i. Gustavson's accumulation, each entry in the order of the
   terms that the device's stable sorts keep (trisplit_kernels.h). The pattern, a set, comes the short
   way, as the union of the rows of A P: each row of A P is met once per entry of its row of P instead
   of once per term (on one core, 512^2 grids: MODEL8's and ROT's products took half the time, LAP3D's
   and ANISO1's, whose prolongators are thinner, the same).
*/
#include <stdlib.h>
#include "trisplit_kernels.h"

typedef struct {
  ts_int *ptrow, *ptrow_i, *ptslot; /* P^T: rows nc + 1, for each entry its row i of P and its index in P */
  ts_int *mark;                     /* nc: the last coarse row that met column J, then J's slot in C's row */
} GalerkinWork;

static size_t align8(size_t b) { return (b + 7) & ~(size_t)7; }

size_t ts_ref_galerkin_buffer_size(ts_int n, ts_int nc, ts_int pnnz)
{
  (void)n;
  return align8((size_t)(nc + 1) * sizeof(ts_int)) + 2 * align8((size_t)(pnnz > 0 ? pnnz : 1) * sizeof(ts_int)) + align8((size_t)(nc > 0 ? nc : 1) * sizeof(ts_int));
}

/* P^T from P, its rows in increasing i */
static GalerkinWork galerkin_work(ts_int n, ts_int nc, const ts_int *prow, const ts_int *pcol, void *buffer)
{
  GalerkinWork w;
  char        *b    = (char *)buffer;
  ts_int       pnnz = prow[n];

  w.ptrow   = (ts_int *)b;
  b += align8((size_t)(nc + 1) * sizeof(ts_int));
  w.ptrow_i = (ts_int *)b;
  b += align8((size_t)(pnnz > 0 ? pnnz : 1) * sizeof(ts_int));
  w.ptslot  = (ts_int *)b;
  b += align8((size_t)(pnnz > 0 ? pnnz : 1) * sizeof(ts_int));
  w.mark    = (ts_int *)b;
  for (ts_int J = 0; J <= nc; J++) w.ptrow[J] = 0;
  for (ts_int k = 0; k < pnnz; k++) w.ptrow[pcol[k] + 1]++;
  for (ts_int J = 0; J < nc; J++) w.ptrow[J + 1] += w.ptrow[J];
  for (ts_int J = 0; J < nc; J++) w.mark[J] = w.ptrow[J]; /* fill positions */
  for (ts_int i = 0; i < n; i++)
    for (ts_int k = prow[i]; k < prow[i + 1]; k++) {
      ts_int at = w.mark[pcol[k]]++;

      w.ptrow_i[at] = i;
      w.ptslot[at]  = k;
    }
  for (ts_int J = 0; J < nc; J++) w.mark[J] = -1;
  return w;
}

static int cmp_int(const void *a, const void *b)
{
  ts_int x = *(const ts_int *)a, y = *(const ts_int *)b;

  return (x > y) - (x < y);
}

ts_status ts_ref_galerkin_ap_pattern(ts_int n, ts_int nc, const ts_int *rowptr, const ts_int *col, const ts_int *prow, const ts_int *pcol, ts_int *aprow, ts_int *apcol, void *buffer)
{
  ts_int *mark  = (ts_int *)buffer; /* nc: the last row of A P that met column J */
  int64_t total = 0;

  if (n < 0 || nc < 0) return TS_ERR_ARGUMENT;
  for (ts_int J = 0; J < nc; J++) mark[J] = -1;
  if (!apcol) aprow[0] = 0;
  for (ts_int i = 0; i < n; i++) {
    ts_int len = 0;

    for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++)
      for (ts_int q = prow[col[k]]; q < prow[col[k] + 1]; q++)
        if (mark[pcol[q]] != i) {
          mark[pcol[q]] = i;
          if (apcol) apcol[aprow[i] + len] = pcol[q];
          len++;
        }
    if (!apcol) {
      total += len;
      if (total > (int64_t)INT32_MAX) return TS_ERR_ARGUMENT;
      aprow[i + 1] = aprow[i] + len;
    }
  }
  return TS_SUCCESS;
}

ts_status ts_ref_galerkin_pattern(ts_int n, ts_int nc, const ts_int *aprow, const ts_int *apcol, const ts_int *prow, const ts_int *pcol, ts_int *crow, ts_int *ccol, void *buffer)
{
  GalerkinWork w;
  int64_t      total = 0;

  if (n < 0 || nc < 0) return TS_ERR_ARGUMENT;
  w = galerkin_work(n, nc, prow, pcol, buffer);
  if (!ccol) crow[0] = 0;
  for (ts_int I = 0; I < nc; I++) {
    ts_int len = 0;

    for (ts_int t = w.ptrow[I]; t < w.ptrow[I + 1]; t++) {
      ts_int i = w.ptrow_i[t];

      for (ts_int e = aprow[i]; e < aprow[i + 1]; e++)
        if (w.mark[apcol[e]] != I) {
          w.mark[apcol[e]] = I;
          if (ccol) ccol[crow[I] + len] = apcol[e];
          len++;
        }
    }
    if (ccol) qsort(ccol + crow[I], (size_t)len, sizeof(ts_int), cmp_int);
    else {
      total += len;
      if (total > (int64_t)INT32_MAX) return TS_ERR_ARGUMENT;
      crow[I + 1] = crow[I] + len;
    }
  }
  return TS_SUCCESS;
}

ts_status ts_ref_galerkin_ap_values(ts_int n, ts_int nc, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *prow, const ts_int *pcol, const double *pval, const ts_int *aprow, const ts_int *apcol, double *apval, void *buffer)
{
  ts_int *slot = (ts_int *)buffer; /* nc: column J's slot in the row of A P */

  if (n < 0 || nc < 0) return TS_ERR_ARGUMENT;
  for (ts_int i = 0; i < n; i++) {
    for (ts_int e = aprow[i]; e < aprow[i + 1]; e++) {
      slot[apcol[e]] = e;
      apval[e]       = 0.0;
    }
    for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++)
      for (ts_int q = prow[col[k]]; q < prow[col[k] + 1]; q++) apval[slot[pcol[q]]] += val[k] * pval[q];
  }
  return TS_SUCCESS;
}

ts_status ts_ref_galerkin_values(ts_int n, ts_int nc, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *prow, const ts_int *pcol, const double *pval, const ts_int *crow, const ts_int *ccol, double *cval, void *buffer)
{
  GalerkinWork w;

  if (n < 0 || nc < 0) return TS_ERR_ARGUMENT;
  w = galerkin_work(n, nc, prow, pcol, buffer);
  for (ts_int I = 0; I < nc; I++) {
    for (ts_int e = crow[I]; e < crow[I + 1]; e++) {
      w.mark[ccol[e]] = e; /* the slot of column J in row I */
      cval[e]         = 0.0;
    }
    for (ts_int t = w.ptrow[I]; t < w.ptrow[I + 1]; t++) {
      ts_int i  = w.ptrow_i[t];
      double pI = pval[w.ptslot[t]];

      for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++) {
        ts_int j  = col[k];
        double pa = pI * val[k];

        for (ts_int q = prow[j]; q < prow[j + 1]; q++) cval[w.mark[pcol[q]]] += pa * pval[q];
      }
    }
  }
  return TS_SUCCESS;
}

ts_status ts_ref_galerkin_values_ap(ts_int n, ts_int nc, const ts_int *aprow, const ts_int *apcol, const double *apval, const ts_int *prow, const ts_int *pcol, const double *pval, const ts_int *crow, const ts_int *ccol, double *cval, void *buffer)
{
  GalerkinWork w;

  if (n < 0 || nc < 0) return TS_ERR_ARGUMENT;
  w = galerkin_work(n, nc, prow, pcol, buffer);
  for (ts_int I = 0; I < nc; I++) {
    for (ts_int e = crow[I]; e < crow[I + 1]; e++) {
      w.mark[ccol[e]] = e; /* the slot of column J in row I */
      cval[e]         = 0.0;
    }
    for (ts_int t = w.ptrow[I]; t < w.ptrow[I + 1]; t++) {
      ts_int i  = w.ptrow_i[t];
      double pI = pval[w.ptslot[t]];

      for (ts_int e = aprow[i]; e < aprow[i + 1]; e++) cval[w.mark[apcol[e]]] += pI * apval[e];
    }
  }
  return TS_SUCCESS;
}
