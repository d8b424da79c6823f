/* SPDX-License-Identifier: BSD-2-Clause */
/*
   block_forest_rows.h - the per-row bodies of the 2x2 block forest kernels, shared by the host kernels
   (reference/block_forest.c, a loop over the rows) and their CUDA twins (cuda/block_forest.cu, a thread
   per row), so both compute the same thing by the same code.

   The coarse graph: the order in which the fine weights of a coarse edge are summed.
   A coarse row C lists the fine entries of its two vertices; they are sorted by (coarse column D,
   fine edge {v,w} as (min, max)). Summing in that order makes the coarse weight of {C,D} the same
   sum in the same order from both ends (c_w(C,D) == c_w(D,C) bit for bit: the [0,2]-factor and the
   cycle breaking see one weight per edge, as on the scalar graph) and the same on host and device.
   A heap sort: O(d log d) also for the dense rows of circuit matrices, no extra memory.
*/
#ifndef TRISPLIT_BLOCK_FOREST_ROWS_H
#define TRISPLIT_BLOCK_FOREST_ROWS_H

#include "trisplit_kernels.h"

/* the two fine rows of a coarse row: entries [begin0, end0) belong to v0, the others to v1 */
typedef struct {
  ts_int        v0, v1, begin0, end0;
  const ts_int *col;
} ts_coarse_rows;

/* fine entry e before f as undirected edges: (min endpoint, max endpoint) lexicographically */
static inline TS_HOST_DEVICE int ts_fine_edge_less(const ts_coarse_rows *r, ts_int e, ts_int f)
{
  const ts_int re = e >= r->begin0 && e < r->end0 ? r->v0 : r->v1, ce = r->col[e];
  const ts_int rf = f >= r->begin0 && f < r->end0 ? r->v0 : r->v1, cf = r->col[f];
  const ts_int le = re < ce ? re : ce, he = re < ce ? ce : re, lf = rf < cf ? rf : cf, hf = rf < cf ? cf : rf;
  return le < lf || (le == lf && he < hf);
}

static inline TS_HOST_DEVICE int ts_coarse_entry_less(const ts_coarse_rows *r, const ts_int *key, const ts_int *idx, ts_int a, ts_int b)
{
  return key[a] < key[b] || (key[a] == key[b] && ts_fine_edge_less(r, idx[a], idx[b]));
}

static inline TS_HOST_DEVICE void ts_coarse_sift_down(const ts_coarse_rows *r, ts_int *key, ts_int *idx, ts_int root, ts_int len)
{
  for (ts_int child; (child = 2 * root + 1) < len; root = child) {
    if (child + 1 < len && ts_coarse_entry_less(r, key, idx, child, child + 1)) child++;
    if (!ts_coarse_entry_less(r, key, idx, root, child)) return;
    const ts_int k = key[root], i = idx[root];
    key[root] = key[child];
    idx[root] = idx[child];
    key[child] = k;
    idx[child] = i;
  }
}

/* Collect coarse row C's entries leaving the pair into (key = coarse column, idx = fine entry),
   sort them, and return their number. */
static inline TS_HOST_DEVICE ts_int ts_coarse_row_sorted(ts_int C, const ts_int *g_rowptr, const ts_int *g_col, const ts_int *coarse, const ts_int *fine, ts_int *key, ts_int *idx)
{
  ts_coarse_rows r;
  ts_int         len = 0;

  r.v0     = fine[2 * C];
  r.v1     = fine[2 * C + 1];
  r.begin0 = g_rowptr[r.v0];
  r.end0   = g_rowptr[r.v0 + 1];
  r.col    = g_col;
  for (int s = 0; s < 2; s++) {
    const ts_int v = s ? r.v1 : r.v0;
    if (v < 0) continue;
    for (ts_int e = g_rowptr[v]; e < g_rowptr[v + 1]; e++) {
      const ts_int D = coarse[g_col[e]];
      if (D == C) continue;
      key[len] = D;
      idx[len] = e;
      len++;
    }
  }
  for (ts_int root = len / 2 - 1; root >= 0; root--) ts_coarse_sift_down(&r, key, idx, root, len);
  for (ts_int end = len - 1; end > 0; end--) {
    const ts_int k = key[0], i = idx[0];
    key[0]   = key[end];
    idx[0]   = idx[end];
    key[end] = k;
    idx[end] = i;
    ts_coarse_sift_down(&r, key, idx, 0, end);
  }
  return len;
}

/* The coarse row from its sorted entries: one (column, weight) per coarse column, the weights summed in
   the sorted order; returns the number of columns. */
static inline TS_HOST_DEVICE ts_int ts_coarse_row_sum(ts_int len, const ts_int *key, const ts_int *idx, const double *g_w, ts_int *c_col, double *c_w)
{
  ts_int out = -1;
  for (ts_int k = 0; k < len; k++) {
    if (k == 0 || key[k] != key[k - 1]) {
      c_col[++out] = key[k];
      c_w[out]     = g_w[idx[k]];
    } else c_w[out] += g_w[idx[k]];
  }
  return out + 1;
}

/* Block row k of the block order: rows 2k, 2k+1 are the pair at coarse position k (-1: ghost). */
static inline TS_HOST_DEVICE void ts_block_perm_row(ts_int k, const ts_int *fine, const ts_int *c_perm, const ts_int *c_path_id, ts_int *perm, ts_int *iperm, ts_int *block_path)
{
  const ts_int C = c_perm[k];
  for (int r = 0; r < 2; r++) {
    const ts_int v  = fine[2 * C + r];
    perm[2 * k + r] = v;
    if (v >= 0) iperm[v] = 2 * k + r;
  }
  block_path[k] = c_path_id[C];
}

/* The three 2x2 blocks of block row k (column major): a ghost row gets diagonal 1 and no coupling,
   off-diagonal blocks only between consecutive block rows of one coarse path. */
static inline TS_HOST_DEVICE void ts_block_bands_row(ts_int k, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *perm, const ts_int *iperm, const ts_int *block_path, double *a, double *b, double *c)
{
  double ak[4] = {0, 0, 0, 0}, bk[4] = {0, 0, 0, 0}, ck[4] = {0, 0, 0, 0};
  for (int r = 0; r < 2; r++) {
    const ts_int v = perm[2 * k + r];
    if (v < 0) { /* ghost row: x = rhs, and the ghost's right-hand side is always 0 */
      bk[3] = 1.0;
      continue;
    }
    for (ts_int e = rowptr[v]; e < rowptr[v + 1]; e++) {
      const ts_int slot = iperm[col[e]], kj = slot / 2;
      const int    at   = r + 2 * (int)(slot % 2);
      if (kj == k) bk[at] = val[e];
      else if (block_path[kj] == block_path[k]) {
        if (kj == k - 1) ak[at] = val[e];
        else if (kj == k + 1) ck[at] = val[e];
      }
    }
  }
  for (int i = 0; i < 4; i++) {
    a[4 * k + i] = ak[i];
    b[4 * k + i] = bk[i];
    c[4 * k + i] = ck[i];
  }
}

#endif
