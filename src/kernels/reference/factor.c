/* SPDX-License-Identifier: BSD-2-Clause */
/* [0,n]-factors of the weight graph (docs/algorithms.md 4.2): the parallel Algorithm 8 written
   sequentially (every vertex reads only the state of the previous step, so a GPU thread per
   vertex computes the same result) and the sequential greedy Algorithm 6 as a reference. */
#include <stdlib.h>
#include <string.h>
#include "trisplit_kernels.h"

size_t ts_ref_factor_size(ts_int n, int nf)
{
  return (size_t)n * (size_t)nf * (sizeof(ts_int) + sizeof(double)) + (size_t)n * sizeof(ts_int) + (size_t)n;
}

static int in_list(const ts_int *list, int len, ts_int w)
{
  for (int s = 0; s < len; s++)
    if (list[s] == w) return 1;
  return 0;
}

ts_status ts_ref_factor(const ts_factor_params *params, ts_int n, const ts_int *g_rowptr, const ts_int *g_col, const double *g_w, ts_int *partner, double *partner_w, void *work, int *rounds)
{
  const int nf = params->n;
  if (nf < 1 || nf > TS_FACTOR_MAX_N || params->iterations < 1 || params->charge_period < 1) return TS_ERR_ARGUMENT;
  double        *prop_w = (double *)work;                     /* weights of the proposals, n*nf (doubles first: alignment) */
  ts_int        *prop   = (ts_int *)(prop_w + (size_t)n * nf); /* proposals of this round, n*nf */
  ts_int        *cnt    = prop + (size_t)n * nf;                /* |pi'(v)|, confirmed at round start */
  unsigned char *charge = (unsigned char *)(cnt + n);
  const uint32_t threshold = ts_charge_threshold(params->p);

  for (size_t s = 0; s < (size_t)n * nf; s++) {
    partner[s]   = -1;
    partner_w[s] = 0.0;
  }
  memset(cnt, 0, (size_t)n * sizeof(ts_int));
  if (rounds) *rounds = params->iterations;

  for (int k = 0; k < params->iterations; k++) {
    const int charged = (k % params->charge_period) != params->charge_skip;
    size_t    proposals = 0;
    if (charged)
      for (ts_int v = 0; v < n; v++) charge[v] = (unsigned char)ts_charge(v + params->offset, k, params->seed, threshold);

    /* Proposition: v keeps its confirmed partners and adds its heaviest eligible neighbours:
       not saturated at round start, not already proposed to, of opposite charge in charged rounds.
       Edges of zero weight carry nothing and are never proposed. */
    for (ts_int v = 0; v < n; v++) {
      ts_int *pv  = prop + (size_t)v * nf;
      double *pvw = prop_w + (size_t)v * nf;
      int     len = cnt[v];
      for (int s = 0; s < nf; s++) {
        pv[s]  = partner[(size_t)v * nf + s];
        pvw[s] = partner_w[(size_t)v * nf + s];
      }
      while (len < nf) {
        ts_int best = -1;
        double bw   = 0.0;
        for (ts_int e = g_rowptr[v]; e < g_rowptr[v + 1]; e++) {
          const ts_int w = g_col[e];
          if (g_w[e] <= 0.0 || cnt[w] == nf || (charged && charge[w] == charge[v]) || in_list(pv, len, w)) continue;
          if (best < 0 || ts_edge_better(g_w[e], w, bw, best)) {
            best = w;
            bw   = g_w[e];
          }
        }
        if (best < 0) break;
        pv[len]  = best;
        pvw[len] = bw;
        len++;
        proposals++;
      }
    }
    /* an uncharged round in which nobody proposes anything new: the factor is maximal */
    if (!charged && proposals == 0) {
      if (rounds) *rounds = k + 1;
      break;
    }
    /* Confirmation: keep the mutual proposals only (confirmed edges are mutual and stay). */
    for (ts_int v = 0; v < n; v++) {
      const ts_int *pv  = prop + (size_t)v * nf;
      const double *pvw = prop_w + (size_t)v * nf;
      int           len = 0;
      for (int s = 0; s < nf && pv[s] >= 0; s++) {
        if (in_list(prop + (size_t)pv[s] * nf, nf, v)) {
          partner[(size_t)v * nf + len]   = pv[s];
          partner_w[(size_t)v * nf + len] = pvw[s];
          len++;
        }
      }
      for (int s = len; s < nf; s++) {
        partner[(size_t)v * nf + s]   = -1;
        partner_w[(size_t)v * nf + s] = 0.0;
      }
    }
    for (ts_int v = 0; v < n; v++) {
      int len = 0;
      while (len < nf && partner[(size_t)v * nf + len] >= 0) len++;
      cnt[v] = len;
    }
  }
  return TS_SUCCESS;
}

typedef struct {
  double   w;
  uint32_t tie; /* hash of the edge: equal weights are taken in a scrambled order */
  ts_int   i, j;
} ts_edge;

/* Decreasing weight; equal weights by a hash of the edge, then (i,j). Ordering ties by (i,j) alone
   would hand the greedy the lexicographic structure of grid matrices (on a 5-point grid it picks
   whole x-lines, coverage 0.51 instead of the 0.47 the thesis reports for SEQ on ECOLOGY1). */
static int edge_cmp(const void *pa, const void *pb)
{
  const ts_edge *a = (const ts_edge *)pa, *b = (const ts_edge *)pb;
  if (a->w != b->w) return a->w > b->w ? -1 : 1;
  if (a->tie != b->tie) return a->tie < b->tie ? -1 : 1;
  if (a->i != b->i) return a->i < b->i ? -1 : 1;
  return (a->j > b->j) - (a->j < b->j);
}

size_t ts_ref_factor_greedy_size(ts_int n, ts_int nedges)
{
  return (size_t)nedges * sizeof(ts_edge) + (size_t)n * sizeof(ts_int);
}

ts_status ts_ref_factor_greedy(int nf, ts_int n, const ts_int *g_rowptr, const ts_int *g_col, const double *g_w, ts_int *partner, double *partner_w, void *work)
{
  if (nf < 1 || nf > TS_FACTOR_MAX_N) return TS_ERR_ARGUMENT;
  ts_edge *edges = (ts_edge *)work;
  ts_int  *deg   = (ts_int *)(edges + g_rowptr[n]);
  size_t   ne    = 0;
  for (ts_int i = 0; i < n; i++)
    for (ts_int e = g_rowptr[i]; e < g_rowptr[i + 1]; e++)
      if (g_col[e] > i && g_w[e] > 0.0) {
        edges[ne].w   = g_w[e];
        edges[ne].tie = ts_hash32((uint32_t)i ^ ts_hash32((uint32_t)g_col[e]));
        edges[ne].i   = i;
        edges[ne++].j = g_col[e];
      }
  qsort(edges, ne, sizeof(ts_edge), edge_cmp);
  for (size_t s = 0; s < (size_t)n * nf; s++) {
    partner[s]   = -1;
    partner_w[s] = 0.0;
  }
  memset(deg, 0, (size_t)n * sizeof(ts_int));
  for (size_t e = 0; e < ne; e++) {
    const ts_int i = edges[e].i, j = edges[e].j;
    if (deg[i] < nf && deg[j] < nf) {
      partner[(size_t)i * nf + deg[i]]   = j;
      partner_w[(size_t)i * nf + deg[i]] = edges[e].w;
      partner[(size_t)j * nf + deg[j]]   = i;
      partner_w[(size_t)j * nf + deg[j]] = edges[e].w;
      deg[i]++;
      deg[j]++;
    }
  }
  return TS_SUCCESS;
}

void ts_ref_factor_spread(ts_int n, ts_int *partner, double *partner_w)
{
  for (ts_int v = n - 1; v >= 0; v--) { /* from the back: a later v' > v writes slots 2v', 2v' + 1 > v, past the slot v read here */
    partner[2 * v]       = partner[v];
    partner_w[2 * v]     = partner_w[v];
    partner[2 * v + 1]   = -1;
    partner_w[2 * v + 1] = 0.0;
  }
}

double ts_ref_factor_coverage(int nf, ts_int n, const ts_int *g_rowptr, const double *g_w, const ts_int *partner, const double *partner_w)
{
  double total = 0.0, covered = 0.0;
  for (ts_int e = 0; e < g_rowptr[n]; e++) total += g_w[e];
  for (size_t s = 0; s < (size_t)n * nf; s++)
    if (partner[s] >= 0) covered += partner_w[s];
  return total > 0.0 ? covered / total : 0.0;
}
