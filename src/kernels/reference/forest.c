/* SPDX-License-Identifier: BSD-2-Clause */
/* From a [0,2]-factor to a linear forest (docs/algorithms.md 4.3): cycles broken at their weakest edge,
   path id = the smaller end vertex, position counted from that end, permutation sorted by
   (path id, position), and the three bands of P A P^T on the forest. The CUDA twin obtains the same
   ids and positions with a bidirectional scan; this sequential walk is its oracle. */
#include "trisplit_kernels.h"

static inline int degree(const ts_int *partner, ts_int v)
{
  return (partner[2 * v] >= 0) + (partner[2 * v + 1] >= 0);
}

/* The neighbour of v along the chain that is not 'from' (-1 at a path end). */
static inline ts_int next_on_chain(const ts_int *partner, ts_int v, ts_int from)
{
  const ts_int p0 = partner[2 * v], p1 = partner[2 * v + 1];
  return p0 >= 0 && p0 != from ? p0 : (p1 >= 0 && p1 != from ? p1 : -1);
}

static void remove_partner(ts_int *partner, double *partner_w, ts_int v, ts_int w)
{
  /* keep filled slots first */
  if (partner[2 * v] == w) {
    partner[2 * v]   = partner[2 * v + 1];
    partner_w[2 * v] = partner_w[2 * v + 1];
  }
  partner[2 * v + 1]   = -1;
  partner_w[2 * v + 1] = 0.0;
}

/* (w0, lo0, hi0) < (w1, lo1, hi1) lexicographically: the weaker edge */
static inline int edge_weaker(double w0, ts_int i0, ts_int j0, double w1, ts_int i1, ts_int j1)
{
  const ts_int lo0 = i0 < j0 ? i0 : j0, hi0 = i0 < j0 ? j0 : i0;
  const ts_int lo1 = i1 < j1 ? i1 : j1, hi1 = i1 < j1 ? j1 : i1;
  if (w0 != w1) return w0 < w1;
  if (lo0 != lo1) return lo0 < lo1;
  return hi0 < hi1;
}

ts_status ts_ref_linear_forest(ts_int n, ts_int *partner, double *partner_w, ts_int *path_id, ts_int *position, ts_int *perm, ts_int *iperm, ts_int *work, ts_int *npaths, ts_int *longest, ts_int *ncycles)
{
  ts_int *visited = work;     /* n */
  ts_int *start   = work + n; /* n, offsets of the paths in the permuted order */
  ts_int  cycles = 0, paths = 0, maxlen = 0;

  for (ts_int v = 0; v < n; v++) {
    const ts_int p0 = partner[2 * v], p1 = partner[2 * v + 1];
    if ((p0 >= 0 && (p0 >= n || p0 == v)) || (p1 >= 0 && (p1 >= n || p1 == v || p1 == p0)) || (p0 < 0 && p1 >= 0)) return TS_ERR_ARGUMENT;
    visited[v] = 0;
  }
  /* Mark the vertices on paths; whatever is left lies on cycles (all of degree 2). */
  for (ts_int v = 0; v < n; v++) {
    if (visited[v] || degree(partner, v) == 2) continue;
    for (ts_int prev = -1, cur = v; cur >= 0;) {
      const ts_int next = next_on_chain(partner, cur, prev);
      visited[cur]      = 1;
      prev              = cur;
      cur               = next;
    }
  }
  for (ts_int v = 0; v < n; v++) {
    if (visited[v]) continue;
    /* walk the cycle once, remembering its weakest edge */
    ts_int wi = v, wj = partner[2 * v];
    double ww = partner_w[2 * v];
    ts_int prev = v, cur = partner[2 * v];
    visited[v] = 1;
    while (cur != v) {
      const ts_int next = next_on_chain(partner, cur, prev);
      const double w    = partner[2 * cur] == next ? partner_w[2 * cur] : partner_w[2 * cur + 1];
      if (edge_weaker(w, cur, next, ww, wi, wj)) {
        ww = w;
        wi = cur;
        wj = next;
      }
      visited[cur] = 1;
      prev         = cur;
      cur          = next;
    }
    remove_partner(partner, partner_w, wi, wj);
    remove_partner(partner, partner_w, wj, wi);
    cycles++;
  }
  /* Paths: walk each from an end to the other, then number positions from the smaller end. */
  for (ts_int v = 0; v < n; v++) visited[v] = 0;
  for (ts_int v = 0; v < n; v++) {
    if (visited[v] || degree(partner, v) == 2) continue;
    ts_int other = v, len = 0;
    for (ts_int prev = -1, cur = v; cur >= 0;) {
      const ts_int next = next_on_chain(partner, cur, prev);
      visited[cur]      = 1;
      other             = cur;
      len++;
      prev = cur;
      cur  = next;
    }
    const ts_int id = v < other ? v : other;
    ts_int       pos = 0;
    for (ts_int prev = -1, cur = id; cur >= 0;) {
      const ts_int next = next_on_chain(partner, cur, prev);
      path_id[cur]      = id;
      position[cur]     = pos++;
      prev              = cur;
      cur               = next;
    }
    paths++;
    if (len > maxlen) maxlen = len;
  }
  /* Counting sort by (path id, position): a path occupies the slots after those of smaller ids. */
  for (ts_int v = 0; v < n; v++) start[v] = 0;
  for (ts_int v = 0; v < n; v++) start[path_id[v]]++;
  for (ts_int v = 0, offset = 0; v < n; v++) {
    const ts_int c = start[v];
    start[v]       = offset;
    offset += c;
  }
  for (ts_int v = 0; v < n; v++) {
    const ts_int k = start[path_id[v]] + position[v];
    perm[k]        = v;
    iperm[v]       = k;
  }
  if (npaths) *npaths = paths;
  if (longest) *longest = maxlen;
  if (ncycles) *ncycles = cycles;
  return TS_SUCCESS;
}

void ts_ref_forest_bands(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *perm, const ts_int *iperm, const ts_int *path_id, double *a, double *b, double *c)
{
  for (ts_int k = 0; k < n; k++) {
    const ts_int v = perm ? perm[k] : k;
    a[k] = b[k] = c[k] = 0.0;
    for (ts_int e = rowptr[v]; e < rowptr[v + 1]; e++) {
      const ts_int j = col[e], kj = iperm ? iperm[j] : j;
      if (j == v) b[k] = val[e];
      else if (!path_id || path_id[j] == path_id[v]) {
        /* consecutive positions of one path are joined by a forest edge */
        if (kj == k - 1) a[k] = val[e];
        else if (kj == k + 1) c[k] = val[e];
      }
    }
  }
}
