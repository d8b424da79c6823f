/* SPDX-License-Identifier: BSD-2-Clause */
/*
   aggregate.c - aggregates of PCTRIAMG from a linear forest (reference; twin: cuda/aggregate.cu).
   Each path of the forest order is cut into consecutive segments of s vertices: semi-coarsening
   along the strong direction the forest follows. The rows of aggregates without a diagonal entry then join a
   neighbour's aggregate (ts_ref_aggregate_join()).
*/
#include "trisplit_kernels.h"

ts_int ts_ref_aggregate(ts_int n, const ts_int *perm, const ts_int *path_id, ts_int s, ts_int *agg)
{
  ts_int nagg = 0;

  if (s < 1) return -1;
  for (ts_int k = 0; k < n;) {
    ts_int e = k + 1, nseg;

    while (e < n && path_id[perm[e]] == path_id[perm[k]]) e++;
    nseg = ts_aggregate_segments(e - k, s);
    for (ts_int i = k; i < e; i++) agg[perm[i]] = nagg + ts_aggregate_segment(i - k, nseg, s);
    nagg += nseg;
    k = e;
  }
  return nagg;
}

size_t ts_ref_aggregate_join_buffer_size(ts_int n)
{
  const size_t m = (size_t)(n > 0 ? n : 0) + 1;

  return m * sizeof(ts_int) * 2 + m;
}

ts_int ts_ref_aggregate_join(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, ts_int *agg, void *buffer)
{
  ts_int        *to    = (ts_int *)buffer;       /* each row's aggregate after the join (n) */
  ts_int        *first = to + n + 1;             /* kept aggregates, then their new numbers (n + 1) */
  unsigned char *live  = (unsigned char *)(first + n + 1);
  ts_int         nagg  = 0;

  for (ts_int a = 0; a <= n; a++) {
    live[a]  = 0;
    first[a] = 0;
  }
  for (ts_int i = 0; i < n; i++)
    if (ts_aggregate_row_has_diagonal(rowptr, col, val, i)) live[agg[i]] = 1;
  for (ts_int i = 0; i < n; i++) to[i] = ts_aggregate_join_row(n, rowptr, col, val, agg, live, i);
  for (ts_int i = 0; i < n; i++) first[to[i]] = 1;
  for (ts_int a = 0; a <= n; a++) {
    const ts_int keep = first[a];

    first[a] = nagg;
    nagg += keep;
  }
  for (ts_int i = 0; i < n; i++) agg[i] = first[to[i]];
  return nagg;
}

int64_t ts_ref_aggregate_checksum(ts_int n, ts_int rstart, ts_int cstart, const ts_int *agg)
{
  int64_t sum = 0;

  for (ts_int i = 0; i < n; i++) sum += (int64_t)(rstart + i + 1) * (int64_t)(cstart + agg[i] + 1);
  return sum;
}

void ts_ref_aggregate_expand(ts_int n, ts_int bs, const ts_int *aggn, ts_int *agg)
{
  for (ts_int i = 0; i < n; i++) agg[i] = aggn[i / bs] * bs + i % bs;
}
