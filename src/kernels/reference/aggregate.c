/* SPDX-License-Identifier: BSD-2-Clause */
/*
   aggregate.c - aggregates of PCTRIAMG from a linear forest (reference; twin: cuda/aggregate.cu).
   Each path of the forest order is cut into consecutive segments of s vertices: semi-coarsening
   along the strong direction the forest follows.
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
