/*
   coarse_sort.h - the order in which the 2x2 block forest sums the fine weights of a coarse edge,
   shared by the host kernel (reference/block_forest.c) and its CUDA twin (cuda/block_forest.cu).

   A coarse row C lists the fine entries of its two vertices; they are sorted by (coarse column D,
   fine edge {v,w} as (min, max)). Summing in that order makes the coarse weight of {C,D} the same
   sum in the same order from both ends (c_w(C,D) == c_w(D,C) bit for bit: the [0,2]-factor and the
   cycle breaking see one weight per edge, as on the scalar graph) and the same on host and device.
   A heap sort: O(d log d) also for the dense rows of circuit matrices, no extra memory.
*/
#ifndef TRISPLIT_COARSE_SORT_H
#define TRISPLIT_COARSE_SORT_H

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

#endif
