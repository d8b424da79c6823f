/* SPDX-License-Identifier: BSD-2-Clause */
/*
   Sparse rows times the inverse of a factored tridiagonal chain (the product B M^-1 of MOS-a,
   docs/algorithms.md 5.4): row i of B M^-1 is y with M^T y = b_i. The chain's paths are decoupled
   (zero couplings, and the factor of one path does not reach into the next), so y lives only on the
   paths b_i touches, and on a path of length L a solve costs O(L) instead of O(N).

   Early dropping. From the sources outward the solution of a tridiagonal system decays (for the
   diagonally dominant forests the splittings produce). With droptol > 0 each sweep stops once two
   consecutive values are at most tol = droptol * theta (theta: the q-th largest |b_ij| of the row,
   the scale of the entries the row will keep) and the next step cannot amplify them:
   forward (U^T) sweep: |u1(i)| + |u2(i-1)| <= |u0(i+1)|, backward (L^T) sweep: |l(i-1)| <= 1.
   Error bound: if every later step satisfies the same condition, each dropped value is at most tol
   in magnitude, so every entry of the computed row differs from the exact one by at most
   tol (1 + max|l|) and the kept top-q entries, all >= tol in a row where theta is representative,
   are unaffected. When a later step does amplify, the bound does not hold; droptol = 0 computes
   every path exactly, and the "exact" variant solves the whole chain (O(N) per row, O(N^2) in all,
   as the thesis does) for testing.
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "trisplit_kernels.h"

/* the factor layout of gtsv.c: l, u0, u1, u2 (n doubles each), then n pivot bytes */
typedef struct {
  const double        *l, *u0, *u1, *u2;
  const unsigned char *piv;
} chain_factor;

static chain_factor factor_view(ts_int n, const void *buf)
{
  const double *d = (const double *)buf;
  chain_factor  f = {d, d + n, d + 2 * (size_t)n, d + 3 * (size_t)n, (const unsigned char *)(d + 4 * (size_t)n)};
  return f;
}

void ts_ref_path_bounds(ts_int n, const ts_int *perm, const ts_int *path_id, ts_int *begin, ts_int *end)
{
  for (ts_int k = 0; k < n;) {
    ts_int e = k + 1;
    while (e < n && path_id[perm[e]] == path_id[perm[k]]) e++;
    for (ts_int i = k; i < e; i++) {
      begin[i] = k;
      end[i]   = e;
    }
    k = e;
  }
}

/* T^T y = y on [lo, hi) of the chain, y zero outside the sources; returns the range that may be
   nonzero. pmin/pmax: first/last source. */
static void path_solve(const chain_factor *f, ts_int begin, ts_int end, ts_int pmin, ts_int pmax, double tol, double *y, ts_int *lo, ts_int *hi)
{
  ts_int i, stop = end;

  /* U^T z = y forward from the first source (z = 0 before it) */
  for (i = pmin; i < end; i++) {
    double v = y[i];
    if (i - 1 >= begin) v -= f->u1[i - 1] * y[i - 1];
    if (i - 2 >= begin) v -= f->u2[i - 2] * y[i - 2];
    y[i] = v / f->u0[i];
    if (tol > 0 && i > pmax + 1 && i + 1 < end && fabs(y[i]) <= tol && fabs(y[i - 1]) <= tol && fabs(f->u1[i]) + fabs(f->u2[i - 1]) <= fabs(f->u0[i + 1])) {
      stop = i + 1;
      break;
    }
  }
  /* the transposed eliminations in reverse order; the step at stop - 1 may still move a value into
     position stop (an interchange), so the range grows by one there */
  *hi = stop < end ? stop + 1 : end;
  *lo = begin;
  for (i = *hi - 2; i >= begin; i--) {
    if (f->piv[i]) {
      const double t = y[i + 1];
      y[i + 1]       = y[i] - f->l[i] * t;
      y[i]           = t;
    } else y[i] -= f->l[i] * y[i + 1];
    if (tol > 0 && i + 1 < pmin && i - 1 >= begin && fabs(y[i]) <= tol && fabs(y[i + 1]) <= tol && fabs(f->l[i - 1]) <= 1.0) {
      *lo = i;
      break;
    }
  }
}

typedef struct {
  double v;
  ts_int col;
} entry;

static int by_magnitude(const void *pa, const void *pb)
{
  const entry *a = (const entry *)pa, *b = (const entry *)pb;
  const double ma = fabs(a->v), mb = fabs(b->v);
  if (ma != mb) return ma > mb ? -1 : 1;
  return (a->col > b->col) - (a->col < b->col);
}

static int by_column(const void *pa, const void *pb)
{
  const entry *a = (const entry *)pa, *b = (const entry *)pb;
  return (a->col > b->col) - (a->col < b->col);
}

static int by_position(const void *pa, const void *pb)
{
  const ts_int a = *(const ts_int *)pa, b = *(const ts_int *)pb;
  return (a > b) - (a < b);
}

/* Sources farther apart than this on one path are solved separately when dropping (the solution is
   the sum of theirs), so a snake-like path between two far sources is not swept in full. */
#define TS_CLUSTER_GAP 32

size_t ts_ref_mosa_product_size(ts_int n)
{
  return (size_t)n * (3 * sizeof(double) + sizeof(entry) + 2 * sizeof(ts_int) + 1);
}

/* Row i's entries of a kept pattern (columns sorted) from its candidates (each column once): the value
   of a kept column the solves left out is 0 */
static void gather_kept(const entry *cand, ts_int ncand, const ts_int *keep_col, ts_int len, double *out_val)
{
  for (ts_int k = 0; k < len; k++) out_val[k] = 0.0;
  for (ts_int c = 0; c < ncand; c++) {
    ts_int lo = 0, hi = len;
    while (lo < hi) {
      const ts_int mid = lo + (hi - lo) / 2;
      if (keep_col[mid] < cand[c].col) lo = mid + 1;
      else hi = mid;
    }
    if (lo < len && keep_col[lo] == cand[c].col) out_val[lo] = 0.0 + cand[c].v; /* the device adds into 0 */
  }
}

/* The rows of B M^-1, then per row either the top-q choice (keep_col NULL: out_col, out_len written) or
   the values on the kept pattern (keep_col[out_rowptr[i] ..]: only out_val written) */
static ts_status mosa_rows(ts_int n, const ts_int *b_rowptr, const ts_int *b_col, const double *b_val, const ts_int *perm, const ts_int *iperm, const ts_int *begin, const ts_int *end, const void *factor, const ts_int *q, double droptol, int exact, const ts_int *keep_col, const ts_int *out_rowptr, ts_int *out_col, double *out_val, ts_int *out_len, void *work)
{
  const chain_factor f       = factor_view(n, factor);
  double            *y       = (double *)work;           /* dense, zero between solves */
  double            *acc     = y + n;                    /* dense sum over the clusters of a row */
  double            *src_val = acc + n;                  /* values of the sources of one row */
  entry             *cand    = (entry *)(src_val + n);   /* the nonzeros of one row */
  ts_int            *src     = (ts_int *)(cand + n);     /* source positions of one row */
  ts_int            *touched = src + n;                  /* positions acc holds */
  unsigned char     *mark    = (unsigned char *)(touched + n);

  memset(y, 0, 2 * (size_t)n * sizeof(double));
  memset(mark, 0, (size_t)n);
  for (ts_int i = 0; i < n; i++) {
    const ts_int nb    = b_rowptr[i + 1] - b_rowptr[i];
    ts_int       ncand = 0, keep = 0, ns = 0, nt = 0;
    double       theta = 0.0;

    if (droptol > 0 && nb > 0) {
      /* the q-th largest |b_ij| of the row: the scale of what the row keeps */
      for (ts_int e = b_rowptr[i]; e < b_rowptr[i + 1]; e++) {
        cand[ncand].v     = b_val[e];
        cand[ncand++].col = b_col[e];
      }
      qsort(cand, (size_t)ncand, sizeof(entry), by_magnitude);
      theta = fabs(cand[(q[i] < 1 ? 1 : (q[i] < ncand ? q[i] : ncand)) - 1].v);
      ncand = 0;
    }
    for (ts_int e = b_rowptr[i]; e < b_rowptr[i + 1]; e++) {
      if (!isfinite(b_val[e])) return TS_ERR_NONFINITE;
      if (b_val[e] != 0.0) {
        src[ns] = iperm[b_col[e]];
        ns++;
      }
    }
    qsort(src, (size_t)ns, sizeof(ts_int), by_position);
    for (ts_int e = b_rowptr[i]; e < b_rowptr[i + 1]; e++) y[iperm[b_col[e]]] = b_val[e]; /* values by position */
    for (ts_int s2 = 0; s2 < ns; s2++) {
      src_val[s2]  = y[src[s2]];
    }
    for (ts_int e = b_rowptr[i]; e < b_rowptr[i + 1]; e++) y[iperm[b_col[e]]] = 0.0;

    if (exact) {
      /* the whole chain, as a dense solve would: O(n) per row */
      ts_int lo, hi;
      if (n > 0) {
        for (ts_int s2 = 0; s2 < ns; s2++) y[src[s2]] = src_val[s2];
        path_solve(&f, 0, n, 0, n - 1, 0.0, y, &lo, &hi);
        for (ts_int k = 0; k < n; k++)
          if (y[k] != 0.0) {
            cand[ncand].v     = y[k];
            cand[ncand++].col = perm[k];
            y[k]              = 0.0;
          }
      }
    } else {
      for (ts_int s2 = 0; s2 < ns;) {
        /* the sources on one path, in clusters when dropping (one cluster per path when exact) */
        const ts_int pb = begin[src[s2]], pe = end[src[s2]];
        ts_int       t = s2, lo, hi;
        while (t < ns && src[t] < pe) t++;
        for (ts_int c0 = s2; c0 < t;) {
          ts_int c1 = c0 + 1;
          while (c1 < t && (droptol == 0 || src[c1] - src[c1 - 1] <= TS_CLUSTER_GAP)) c1++;
          for (ts_int c = c0; c < c1; c++) y[src[c]] = src_val[c];
          path_solve(&f, pb, pe, src[c0], src[c1 - 1], droptol * theta, y, &lo, &hi);
          /* only [lo, hi) was written: the sweeps start and stop there */
          for (ts_int k = lo; k < hi; k++) {
            if (y[k] != 0.0) {
              if (!mark[k]) {
                mark[k]         = 1;
                touched[nt++]   = k;
              }
              acc[k] += y[k];
            }
            y[k] = 0.0;
          }
          c0 = c1;
        }
        s2 = t;
      }
      for (ts_int u = 0; u < nt; u++) {
        const ts_int k = touched[u];
        if (acc[k] != 0.0) {
          cand[ncand].v     = acc[k];
          cand[ncand++].col = perm[k];
        }
        acc[k]  = 0.0;
        mark[k] = 0;
      }
    }
    if (keep_col) {
      gather_kept(cand, ncand, keep_col + out_rowptr[i], out_rowptr[i + 1] - out_rowptr[i], out_val + out_rowptr[i]);
      continue;
    }
    /* the diagonal and the q_i largest off-diagonal entries, stored by column */
    qsort(cand, (size_t)ncand, sizeof(entry), by_magnitude);
    {
      ts_int  *oc  = out_col + out_rowptr[i];
      double  *ov  = out_val + out_rowptr[i];
      ts_int   off = 0, cap = out_rowptr[i + 1] - out_rowptr[i];
      entry   *row = cand; /* reuse the front of cand for the kept entries */
      int      have_diag = 0;
      for (ts_int c = 0; c < ncand; c++) {
        if (cand[c].col == i) {
          if (keep < cap) row[keep++] = cand[c];
          have_diag = 1;
        } else if (off < q[i] && keep < cap) {
          row[keep++] = cand[c];
          off++;
        }
      }
      (void)have_diag;
      qsort(row, (size_t)keep, sizeof(entry), by_column);
      for (ts_int c = 0; c < keep; c++) {
        oc[c] = row[c].col;
        ov[c] = row[c].v;
      }
      out_len[i] = keep;
    }
  }
  return TS_SUCCESS;
}

ts_status ts_ref_mosa_product(ts_int n, const ts_int *b_rowptr, const ts_int *b_col, const double *b_val, const ts_int *perm, const ts_int *iperm, const ts_int *begin, const ts_int *end, const void *factor, const ts_int *q, double droptol, int exact, const ts_int *out_rowptr, ts_int *out_col, double *out_val, ts_int *out_len, void *work)
{
  return mosa_rows(n, b_rowptr, b_col, b_val, perm, iperm, begin, end, factor, q, droptol, exact, NULL, out_rowptr, out_col, out_val, out_len, work);
}

ts_status ts_ref_mosa_refresh(ts_int n, const ts_int *b_rowptr, const ts_int *b_col, const double *b_val, const ts_int *perm, const ts_int *iperm, const ts_int *begin, const ts_int *end, const void *factor, const ts_int *q, double droptol, int exact, const ts_int *keep_rowptr, const ts_int *keep_col, double *out_val, void *work)
{
  if (n > 0 && !keep_col) return TS_ERR_ARGUMENT;
  return mosa_rows(n, b_rowptr, b_col, b_val, perm, iperm, begin, end, factor, q, droptol, exact, keep_col, keep_rowptr, NULL, out_val, NULL, work);
}
