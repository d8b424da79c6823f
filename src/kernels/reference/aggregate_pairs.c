/* SPDX-License-Identifier: BSD-2-Clause */
/*
   aggregate_pairs.c - pairs of PCTRIAMG's line aggregates (reference; twin: cuda/aggregate_pairs.cu). The weights
   across the forest's paths and the share of the couplings within the paths (ts_ref_pair_weights), from which the
   driver builds the aggregates' graph (a Galerkin product with the aggregates' indicator) and its [0,1]-factor;
   then the aggregates' numbers after the pairing (ts_ref_aggregate_pair_ids).
*/
#include "trisplit_kernels.h"

size_t ts_ref_pair_weights_buffer_size(ts_int n) { return sizeof(double) * ((size_t)(n > 0 ? n : 1) + 2 * TS_PAIR_LANES); }

void ts_ref_pair_weights(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *path_id, double *out, double sums[2], void *buffer)
{
  double *r    = (double *)buffer;
  double *lane = r + (n > 0 ? n : 1); /* TS_PAIR_LANES pairs (within, all) */

  for (ts_int i = 0; i < n; i++) r[i] = ts_pair_scale(rowptr, col, val, i);
  for (int l = 0; l < 2 * TS_PAIR_LANES; l++) lane[l] = 0.0;
  for (ts_int i = 0; i < n; i++) {
    double si, sa;

    ts_pair_row(n, rowptr, col, val, path_id, r, i, out, &si, &sa);
    lane[2 * (i % TS_PAIR_LANES)]     = lane[2 * (i % TS_PAIR_LANES)] + si;
    lane[2 * (i % TS_PAIR_LANES) + 1] = lane[2 * (i % TS_PAIR_LANES) + 1] + sa;
  }
  sums[0] = sums[1] = 0.0;
  for (int l = 0; l < TS_PAIR_LANES; l++) {
    sums[0] = sums[0] + lane[2 * l];
    sums[1] = sums[1] + lane[2 * l + 1];
  }
}

ts_int ts_ref_aggregate_pair_ids(ts_int nagg, const ts_int *partner, ts_int n, ts_int *agg, void *buffer)
{
  ts_int *id    = (ts_int *)buffer;
  ts_int  count = 0;

  for (ts_int a = 0; a < nagg; a++)
    if (partner[a] < 0 || a < partner[a]) id[a] = count++;
  for (ts_int a = 0; a < nagg; a++)
    if (partner[a] >= 0 && a > partner[a]) id[a] = id[partner[a]];
  for (ts_int i = 0; i < n; i++) agg[i] = id[agg[i]];
  return count;
}
