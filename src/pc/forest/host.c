/* SPDX-License-Identifier: BSD-2-Clause */
/*
   The host backend of the chain (MATSEQAIJ local blocks): local block -> weight graph C ->
   [0,2]-factor -> linear forest -> permuted tridiagonal bands -> factorization, with the reference
   kernels, and the apply gather -> tridiagonal solve -> scatter. The reference kernels are the
   oracle of the CUDA backend (src/pc/forest/cuda.c): the same forests, bit for bit.
*/
#include <trisplit/private/chainimpl.h>

/* The weight graph C of a block: symmetric, no diagonal */
typedef struct {
  PetscInt   n;
  PetscInt  *rowptr, *col;
  PetscReal *w;
  PetscReal  total; /* sum of all weights (each edge twice) */
  PetscReal  coverage_id;
} TSPGraph;

/* One forest with its permutation and the factored bands of P A P^T on it. With 2x2 blocks (bs = 2)
   the forest lives on the coarse graph of matched pairs: partner and path_id are per coarse vertex,
   perm maps the nrows = 2 nb rows of the block system to vertices (-1: ghost row of an unmatched
   vertex), iperm maps vertices to rows, and the bands hold 4 nb entries each. */
typedef struct {
  PetscInt     bs, nrows;
  PetscInt    *partner; /* 2 per (coarse) vertex, -1 = none */
  PetscReal   *partner_w;
  PetscInt    *perm, *iperm, *path_id;
  PetscScalar *a, *b, *c;
  void        *factor;
} TSPHostForest;

typedef struct {
  TSPHostForest *forest;   /* c->nforests */
  PetscInt     **link;     /* link[l][k] = iperm_{l+1}[perm_l[k]]: the fused P_l P_{l+1}^T */
  PetscScalar   *scale;    /* D of the chain (MOS-d's and MOS-a's 1/T), or NULL */
  PetscScalar   *w0, *w1;  /* nrows each */
  PetscScalar   *mw0, *mw1; /* nrows x mcols each, for several right-hand sides */
  PetscInt       mcols;
  PetscInt       npatterns;                   /* MOS-a: levels with a kept product pattern */
  PetscInt     **pattern_rowptr, **pattern_col; /* MOS-a: the pattern of B_{l+1} chosen at the build */
  PetscInt      *b_rowptr, *b_col, *q;            /* MOS-a while its levels are built: B_l, q_i */
  PetscScalar   *b_val;
  TSPGraph       graph;    /* while the forests of one graph are extracted (ops.graph to ops.graphfree) */
  PetscReal     *graph_w0; /* its original weights */
  unsigned char *covered;  /* its edges some forest of a splitting used */
  PetscScalar   *t, *j;    /* MOS-d's T and J, from ops.diagonal to ops.bands */
} TSPChain_Host;

/* ---------------------------------------------------------------------------------------------- */
/* Graph, factor, forest                                                                          */

static PetscErrorCode TSPGraphReset(TSPGraph *g)
{
  PetscFunctionBegin;
  PetscCall(PetscFree(g->rowptr));
  PetscCall(PetscFree(g->col));
  PetscCall(PetscFree(g->w));
  g->n = 0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* C = |diagp1(A)^-1 A| + transpose (scaled) or |A| + |A|^T (abs), without the diagonal. Non-finite
   entries make the weights meaningless: they are reported when the bands are extracted. */
static PetscErrorCode TSPGraphBuild(PetscInt n, const PetscInt *ia, const PetscInt *ja, const PetscScalar *va, PCTriSplitWeight weight, TSPGraph *g)
{
  PetscInt  *t_rowptr, *t_col;
  PetscReal *t_val, *scale;

  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TriSplit_Graph, 0, 0, 0, 0));
  PetscCall(TSPGraphReset(g));
  g->n = n;
  PetscCall(PetscMalloc4(n + 1, &t_rowptr, ia[n], &t_col, ia[n], &t_val, n, &scale));
  ts_ref_csr_transpose(n, n, ia, ja, va, t_rowptr, t_col, t_val);
  ts_ref_graph_scale(weight == PCTRISPLIT_WEIGHT_SCALED ? TS_WEIGHT_SCALED : TS_WEIGHT_ABS, n, ia, ja, va, scale);
  PetscCall(PetscMalloc1(n + 1, &g->rowptr));
  ts_ref_graph_rowptr(n, ia, ja, t_rowptr, t_col, g->rowptr);
  PetscCall(PetscMalloc1(g->rowptr[n], &g->col));
  PetscCall(PetscMalloc1(g->rowptr[n], &g->w));
  ts_ref_graph_fill(n, ia, ja, va, t_rowptr, t_col, t_val, scale, g->rowptr, g->col, g->w);
  PetscCall(PetscFree4(t_rowptr, t_col, t_val, scale));
  g->total       = ts_ref_masked_sum(g->rowptr[n], g->w, NULL);
  g->coverage_id = ts_ref_identity_coverage(n, g->rowptr, g->col, g->w);
  PetscCall(PetscLogFlops(TSPFlopsGraph(n, ia[n], (PetscBool)(weight == PCTRISPLIT_WEIGHT_SCALED))));
  PetscCall(PetscLogEventEnd(TriSplit_Graph, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* [0,nf]-factor of a graph with the options' schedule: partner gets 2 slots per vertex as the linear
   forest wants them (a matching, nf = 1, leaves the second slot empty). */
static PetscErrorCode TSPFactorGraph(const ts_factor_params *params, PetscInt n, const PetscInt *rowptr, const PetscInt *col, const PetscReal *w, PetscInt *partner, PetscReal *partner_w, int *rounds)
{
  void     *fwork;
  ts_status status;

  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TriSplit_Factor, 0, 0, 0, 0));
  PetscCall(PetscMalloc(ts_ref_factor_size(n, params->n), &fwork));
  status = ts_ref_factor(params, n, rowptr, col, w, partner, partner_w, fwork, rounds);
  PetscCall(PetscFree(fwork));
  PetscCheck(status == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "Invalid [0,%d]-factor parameters (kernel status %d)", params->n, (int)status);
  if (params->n == 1) ts_ref_factor_spread(n, partner, partner_w); /* the matching in the slots of a [0,2]-factor */
  PetscCall(PetscLogEventEnd(TriSplit_Factor, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Cycles broken, paths numbered, permutation: the linear forest of a [0,2]-factor on n vertices. */
static PetscErrorCode TSPLinearForest(PetscInt n, PetscInt *partner, PetscReal *partner_w, PetscInt *path_id, PetscInt *perm, PetscInt *iperm, TSPForestInfo *info)
{
  PetscInt *position, *work;
  ts_status status;

  PetscFunctionBegin;
  PetscCall(PetscMalloc2(n, &position, 2 * n, &work));
  status = ts_ref_linear_forest(n, partner, partner_w, path_id, position, perm, iperm, work, &info->npaths, &info->longest, &info->ncycles);
  PetscCall(PetscFree2(position, work));
  PetscCheck(status == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_PLIB, "The [0,2]-factor is not a valid partner list (kernel status %d)", (int)status);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The block forest (docs/algorithms.md 4.4): a matching of the graph contracts pairs into coarse
   vertices, the coarse graph sums the weights between pairs, its linear forest orders the pairs. */
static PetscErrorCode TSPHostForestBuildBlock(TSPChain c, const TSPGraph *g, TSPHostForest *f, TSPForestInfo *info)
{
  const PetscInt   n        = g->n;
  ts_factor_params matching = c->params.forest.factor;
  PetscInt        *match, *coarse, *fine, *c_rowptr, *c_col, *slot /* workspace of the coarse graph */, *c_perm, *c_iperm, *c_path_id, nb;
  PetscReal       *match_w, *c_w;
  int              rounds, crounds;

  PetscFunctionBegin;
  matching.n = 1;
  PetscCall(PetscMalloc4(2 * n, &match, 2 * n, &match_w, n, &coarse, 2 * n, &fine));
  PetscCall(TSPFactorGraph(&matching, n, g->rowptr, g->col, g->w, match, match_w, &rounds));
  for (PetscInt v = 0; v < n; v++) match[v] = match[2 * v]; /* the contraction reads one slot per vertex */
  nb       = ts_ref_contract(n, match, coarse, fine);
  f->bs    = 2;
  f->nrows = 2 * nb;
  c->npairs = n - nb;

  PetscCall(PetscLogEventBegin(TriSplit_Graph, 0, 0, 0, 0));
  PetscCall(PetscMalloc4(nb + 1, &c_rowptr, g->rowptr[n], &c_col, g->rowptr[n], &c_w, 2 * g->rowptr[n] + 1, &slot));
  ts_ref_coarse_graph(nb, g->rowptr, g->col, g->w, coarse, fine, c_rowptr, c_col, c_w, slot);
  PetscCall(PetscLogFlops((PetscLogDouble)g->rowptr[n])); /* the weights summed over the fine edges */
  PetscCall(PetscLogEventEnd(TriSplit_Graph, 0, 0, 0, 0));

  PetscCall(PetscMalloc2(2 * nb, &f->partner, 2 * nb, &f->partner_w));
  PetscCall(TSPFactorGraph(&c->params.forest.factor, nb, c_rowptr, c_col, c_w, f->partner, f->partner_w, &crounds));
  info->rounds = rounds + crounds;

  PetscCall(PetscLogEventBegin(TriSplit_Forest, 0, 0, 0, 0));
  PetscCall(PetscMalloc3(nb, &c_perm, nb, &c_iperm, nb, &c_path_id));
  PetscCall(TSPLinearForest(nb, f->partner, f->partner_w, c_path_id, c_perm, c_iperm, info));
  PetscCall(PetscMalloc3(2 * nb, &f->perm, n, &f->iperm, nb, &f->path_id));
  ts_ref_block_perm(nb, fine, c_perm, c_path_id, f->perm, f->iperm, f->path_id);
  info->coverage = ts_ref_block_coverage(n, g->rowptr, g->col, g->w, coarse, f->partner);
  PetscCall(PetscLogFlops((PetscLogDouble)g->rowptr[n] + 2.0 * n));
  PetscCall(PetscLogEventEnd(TriSplit_Forest, 0, 0, 0, 0));
  PetscCall(PetscFree3(c_perm, c_iperm, c_path_id));
  PetscCall(PetscFree4(c_rowptr, c_col, c_w, slot));
  PetscCall(PetscFree4(match, match_w, coarse, fine));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The structure of one forest of the graph: [0,2]-factor (or matching), cycles broken, paths
   numbered, permutation; or the same on the coarse graph of matched pairs (2x2 blocks). */
static PetscErrorCode TSPHostForestBuild(TSPChain c, const TSPGraph *g, TSPHostForest *f, TSPForestInfo *info)
{
  const PetscInt n = g->n;
  int            rounds;

  PetscFunctionBegin;
  PetscCheck(c->params.forest.factor.n == 1 || c->params.forest.factor.n == 2, PETSC_COMM_SELF, PETSC_ERR_SUP, "A linear forest needs a [0,1]- or [0,2]-factor, not a [0,%d]-factor", c->params.forest.factor.n);
  if (c->params.forest.block == 2) {
    PetscCall(TSPHostForestBuildBlock(c, g, f, info));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  f->bs    = 1;
  f->nrows = n;
  PetscCall(PetscMalloc2(2 * n, &f->partner, 2 * n, &f->partner_w));
  PetscCall(PetscMalloc3(n, &f->perm, n, &f->iperm, n, &f->path_id));
  PetscCall(TSPFactorGraph(&c->params.forest.factor, n, g->rowptr, g->col, g->w, f->partner, f->partner_w, &rounds));
  info->rounds = rounds;
  PetscCall(PetscLogEventBegin(TriSplit_Forest, 0, 0, 0, 0));
  PetscCall(TSPLinearForest(n, f->partner, f->partner_w, f->path_id, f->perm, f->iperm, info));
  info->coverage = ts_ref_factor_coverage(2, n, g->rowptr, g->w, f->partner, f->partner_w);
  PetscCall(PetscLogFlops((PetscLogDouble)g->rowptr[n] + 2.0 * n));
  PetscCall(PetscLogEventEnd(TriSplit_Forest, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPHostForestReset(TSPHostForest *f)
{
  PetscFunctionBegin;
  PetscCall(PetscFree2(f->partner, f->partner_w));
  PetscCall(PetscFree3(f->perm, f->iperm, f->path_id));
  PetscCall(PetscFree3(f->a, f->b, f->c));
  PetscCall(PetscFree(f->factor));
  PetscCall(PetscMemzero(f, sizeof(*f)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ---------------------------------------------------------------------------------------------- */
/* Bands and factors                                                                              */

/* The bands of P A P^T on the forest, raw entries of A */
static PetscErrorCode TSPHostForestBands(TSPHostForest *f, PetscInt n, const PetscInt *ia, const PetscInt *ja, const PetscScalar *va)
{
  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TriSplit_Bands, 0, 0, 0, 0));
  if (!f->a) PetscCall(PetscMalloc3(f->bs * f->nrows, &f->a, f->bs * f->nrows, &f->b, f->bs * f->nrows, &f->c));
  if (f->bs == 2) ts_ref_block_bands(f->nrows / 2, ia, ja, va, f->perm, f->iperm, f->path_id, f->a, f->b, f->c);
  else ts_ref_forest_bands(n, ia, ja, va, f->perm, f->iperm, f->path_id, f->a, f->b, f->c);
  PetscCall(PetscLogEventEnd(TriSplit_Bands, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.factor: the factor of forest l's bands, with ts_ref_gttrf's status and the local row of a zero
   pivot or non-finite entry (the chain records or repairs it) */
static PetscErrorCode TSPHostFactor(TSPChain c, PetscInt l, ts_status *status, PetscInt *row)
{
  TSPHostForest *f        = &((TSPChain_Host *)c->data)->forest[l];
  ts_int         zero_row = -1;

  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TriSplit_TriFactor, 0, 0, 0, 0));
  if (f->bs == 2) {
    if (!f->factor) PetscCall(PetscMalloc(ts_ref_bgttrf_size(f->nrows / 2), &f->factor));
    *status = ts_ref_bgttrf((ts_pivoting)c->params.forest.pivoting, f->nrows / 2, f->a, f->b, f->c, f->factor, &zero_row);
    if (zero_row >= 0) zero_row *= 2; /* the block row's first vertex (never a ghost) */
  } else {
    if (!f->factor) PetscCall(PetscMalloc(ts_ref_gttrf_size(f->nrows), &f->factor));
    *status = ts_ref_gttrf((ts_pivoting)c->params.forest.pivoting, f->nrows, f->a, f->b, f->c, f->factor, &zero_row);
  }
  *row = zero_row >= 0 ? f->perm[zero_row] : -1;
  PetscCall(PetscLogFlops((f->bs == 2 ? 40.0 : 8.0) * f->nrows));
  PetscCall(PetscLogEventEnd(TriSplit_TriFactor, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.definite: forest l's bands cut where a symmetric stretch stops being positive definite */
static PetscErrorCode TSPHostDefinite(TSPChain c, PetscInt l, PetscInt *ncut)
{
  TSPHostForest *f = &((TSPChain_Host *)c->data)->forest[l];

  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TriSplit_Bands, 0, 0, 0, 0));
  *ncut = ts_ref_definite_paths(f->nrows, TS_DEFINITE_EPS, f->a, f->b, f->c);
  PetscCall(PetscLogFlops(4.0 * f->nrows));
  PetscCall(PetscLogEventEnd(TriSplit_Bands, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.shift: the diagonal of forest l's bands shifted for the zero-pivot repair */
static PetscErrorCode TSPHostShift(TSPChain c, PetscInt l, PetscReal amount, PetscReal *added)
{
  TSPHostForest *f = &((TSPChain_Host *)c->data)->forest[l];

  PetscFunctionBegin;
  PetscCall(TSPShiftDiagonal(f->bs, f->nrows, f->b, amount, added));
  PetscFunctionReturn(PETSC_SUCCESS);
}


/* ops.diagonal: MOS-d's T = diagp_k(A), 1/T (the chain's scaling) and J, given to the chain for the
   repair of T's zero entries; the bands use T and J */
static PetscErrorCode TSPHostDiagonal(TSPChain c, Mat local, PetscScalar **t, PetscScalar **tinv, PetscScalar **j)
{
  TSPChain_Host     *h = (TSPChain_Host *)c->data;
  PetscInt           n;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;

  PetscFunctionBegin;
  PetscCall(TriSplitGetCSR(local, &n, &ia, &ja, &va));
  if (!h->scale) PetscCall(PetscMalloc1(n, &h->scale));
  PetscCall(PetscFree2(h->t, h->j));
  PetscCall(PetscMalloc2(n, &h->t, n, &h->j));
  PetscCall(PetscLogEventBegin(TriSplit_Bands, 0, 0, 0, 0)); /* MOS-d's T and J: part of its bands, as on the GPU */
  (void)ts_ref_mos_diagonal((int)c->params.split.diagonal, n, ia, ja, va, (int)c->nforests, h->t, h->scale, h->j);
  PetscCall(PetscLogFlops(TSPFlopsMOSDiagonal(n, ia[n])));
  PetscCall(PetscLogEventEnd(TriSplit_Bands, 0, 0, 0, 0));
  PetscCall(TriSplitRestoreCSR(local, &n, &ia, &ja, &va));
  *t    = h->t;
  *tinv = h->scale;
  *j    = h->j;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.bands: the bands of every forest from the block's values: the raw entries (algtri, ALT), or
   MOS-d's M_l with the T and J of ops.diagonal; the first row with a NaN or Inf */
static PetscErrorCode TSPHostBands(TSPChain c, Mat local, PetscInt *bad_row)
{
  TSPChain_Host     *h = (TSPChain_Host *)c->data;
  PetscInt           n;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;

  PetscFunctionBegin;
  PetscCall(TriSplitGetCSR(local, &n, &ia, &ja, &va));
  *bad_row = TriSplitFirstNonFiniteRow(n, ia, va);
  for (PetscInt l = 0; l < c->nforests; l++) {
    TSPHostForest *f = &h->forest[l];

    PetscCall(TSPHostForestBands(f, n, ia, ja, va));
    if (c->params.split.diagonal >= 0) {
      PetscCall(PetscLogEventBegin(TriSplit_Bands, 0, 0, 0, 0));
      ts_ref_mos_bands(n, (int)c->nforests, (int)l, f->perm, h->t, h->j, f->a, f->b, f->c);
      PetscCall(PetscLogFlops(TSPFlopsMOSBands(n, c->nforests, l)));
      PetscCall(PetscLogEventEnd(TriSplit_Bands, 0, 0, 0, 0));
    }
  }
  PetscCall(PetscFree2(h->t, h->j));
  PetscCall(TriSplitRestoreCSR(local, &n, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ---------------------------------------------------------------------------------------------- */
/* Build                                                                                          */

static PetscErrorCode TSPHostReset(TSPChain c)
{
  TSPChain_Host *h = (TSPChain_Host *)c->data;

  PetscFunctionBegin;
  if (!h) PetscFunctionReturn(PETSC_SUCCESS);
  for (PetscInt l = 0; l < c->nforests; l++) {
    PetscCall(TSPHostForestReset(&h->forest[l]));
    if (l + 1 < c->nforests) PetscCall(PetscFree(h->link[l]));
  }
  PetscCall(PetscFree(h->forest));
  PetscCall(PetscFree(h->link));
  PetscCall(PetscFree(h->scale));
  PetscCall(PetscFree2(h->w0, h->w1));
  PetscCall(PetscFree2(h->mw0, h->mw1));
  for (PetscInt l = 0; l < h->npatterns; l++) PetscCall(PetscFree2(h->pattern_rowptr[l], h->pattern_col[l]));
  PetscCall(PetscFree2(h->pattern_rowptr, h->pattern_col));
  PetscCall(TSPGraphReset(&h->graph));
  PetscCall(PetscFree2(h->graph_w0, h->covered));
  PetscCall(PetscFree2(h->t, h->j));
  PetscCall(PetscFree(c->data));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.create: the backend's data, empty */
static PetscErrorCode TSPHostCreate(TSPChain c)
{
  PetscFunctionBegin;
  PetscCall(PetscNew((TSPChain_Host **)&c->data));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.links: what every build ends with, the fused permutations between consecutive forests and the
   work vectors */
static PetscErrorCode TSPHostLinks(TSPChain c)
{
  TSPChain_Host *h = (TSPChain_Host *)c->data;

  PetscFunctionBegin;
  c->bs    = h->forest[0].bs;
  c->nrows = h->forest[0].nrows;
  PetscCall(PetscCalloc1(c->nforests, &h->link));
  for (PetscInt l = 0; l + 1 < c->nforests; l++) {
    PetscCall(PetscMalloc1(c->n, &h->link[l]));
    ts_ref_compose(c->n, h->forest[l].perm, h->forest[l + 1].iperm, h->link[l]);
  }
  PetscCall(PetscMalloc2(c->nrows, &h->w0, c->nrows, &h->w1));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.graph: the weight graph C of the local block, kept with its original weights for the coverage of
   a splitting's union, and room for target forests */
static PetscErrorCode TSPHostGraphOfBlock(TSPChain c, Mat local, PetscInt target)
{
  TSPChain_Host     *h = (TSPChain_Host *)c->data;
  TSPGraph          *g = &h->graph;
  PetscInt           n;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;

  PetscFunctionBegin;
  PetscCall(TriSplitGetCSR(local, &n, &ia, &ja, &va));
  PetscCall(TSPGraphBuild(n, ia, ja, va, c->params.forest.weight, g));
  PetscCall(TriSplitRestoreCSR(local, &n, &ia, &ja, &va));
  c->n           = n;
  c->coverage_id = g->coverage_id;
  PetscCall(PetscCalloc1(target, &h->forest));
  PetscCall(PetscMalloc2(g->rowptr[n], &h->graph_w0, g->rowptr[n], &h->covered));
  PetscCall(PetscArraycpy(h->graph_w0, g->w, g->rowptr[n]));
  PetscCall(PetscArrayzero(h->covered, g->rowptr[n]));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.forest: forest l of the graph C_l; a splitting then reweights the edges it used by omega in
   C_{l+1} (omega = 0: never used again) and measures the coverage of the union */
static PetscErrorCode TSPHostGraphForest(TSPChain c, Mat local, PetscInt l)
{
  TSPChain_Host *h    = (TSPChain_Host *)c->data;
  TSPGraph      *g    = &h->graph;
  TSPHostForest *f    = &h->forest[l];
  TSPForestInfo *info = &c->info[l];
  const PetscInt n    = g->n;

  PetscFunctionBegin;
  (void)local;
  PetscCall(TSPHostForestBuild(c, g, f, info));
  if (!c->params.split.reweight) PetscFunctionReturn(PETSC_SUCCESS);
  ts_ref_graph_reweight(n, g->rowptr, g->col, g->w, f->partner, c->params.split.omega, h->covered);
  info->coverage = g->total > 0 ? ts_ref_masked_sum(g->rowptr[n], h->graph_w0, h->covered) / g->total : 1.0;
  PetscCall(PetscLogFlops((PetscLogDouble)g->rowptr[n] + 2.0 * n)); /* as the coverage of a single forest */
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.graphfree: the graph served the extraction; only its summary numbers stay */
static PetscErrorCode TSPHostGraphFree(TSPChain c, Mat local)
{
  TSPChain_Host *h = (TSPChain_Host *)c->data;

  PetscFunctionBegin;
  (void)local;
  PetscCall(PetscFree2(h->graph_w0, h->covered));
  PetscCall(TSPGraphReset(&h->graph));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ---------------------------------------------------------------------------------------------- */
/* MOS-a's levels: the level operations on host CSR arrays                                          */

/* levels.begin: B_0 = A as CSR arrays the levels replace; q_i the off-diagonal count of row i of A */
static PetscErrorCode TSPHostLevelsBegin(TSPChain c, Mat local, PetscInt target, PetscBool refresh, PetscReal *cdiag)
{
  TSPChain_Host     *h = (TSPChain_Host *)c->data;
  PetscInt           n;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;

  PetscFunctionBegin;
  PetscCall(TriSplitGetCSR(local, &n, &ia, &ja, &va));
  PetscCheck(!refresh || n == c->n, PETSC_COMM_SELF, PETSC_ERR_ARG_SIZ, "Matrix has %" PetscInt_FMT " local rows, the levels %" PetscInt_FMT, n, c->n);
  PetscCall(PetscMalloc1(n + 1, &h->b_rowptr));
  PetscCall(PetscMalloc2(ia[n], &h->b_col, ia[n], &h->b_val));
  PetscCall(PetscArraycpy(h->b_rowptr, ia, n + 1));
  PetscCall(PetscArraycpy(h->b_col, ja, ia[n]));
  PetscCall(PetscArraycpy(h->b_val, va, ia[n]));
  PetscCall(PetscMalloc1(n, &h->q));
  for (PetscInt i = 0; i < n; i++) {
    h->q[i] = ia[i + 1] - ia[i];
    for (PetscInt e = ia[i]; e < ia[i + 1]; e++)
      if (ja[e] == i) h->q[i]--;
  }
  PetscCall(TriSplitRestoreCSR(local, &n, &ia, &ja, &va));
  if (!refresh) {
    c->n = n;
    PetscCall(PetscCalloc1(target, &h->forest));
    if (c->params.reuse && c->params.split.reuse_pattern) {
      h->npatterns = target;
      PetscCall(PetscCalloc2(target, &h->pattern_rowptr, target, &h->pattern_col));
    }
  }
  *cdiag = ts_ref_diag_coverage(n, h->b_rowptr, h->b_col, h->b_val);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* levels.forest: forest l of B_l; c_id is that of A = B_0 */
static PetscErrorCode TSPHostLevelForest(TSPChain c, PetscInt l)
{
  TSPChain_Host *h = (TSPChain_Host *)c->data;
  TSPGraph       g = {0};

  PetscFunctionBegin;
  PetscCall(TSPGraphBuild(c->n, h->b_rowptr, h->b_col, h->b_val, c->params.forest.weight, &g));
  if (!l) c->coverage_id = g.coverage_id;
  PetscCall(TSPHostForestBuild(c, &g, &h->forest[l], &c->info[l]));
  PetscCall(TSPGraphReset(&g));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* levels.bands: forest l's bands from B_l, and the first row of B_l with a NaN or Inf */
static PetscErrorCode TSPHostLevelBands(TSPChain c, PetscInt l, PetscInt *bad_row)
{
  TSPChain_Host *h = (TSPChain_Host *)c->data;

  PetscFunctionBegin;
  PetscCall(TSPHostForestBands(&h->forest[l], c->n, h->b_rowptr, h->b_col, h->b_val));
  *bad_row = TriSplitFirstNonFiniteRow(c->n, h->b_rowptr, h->b_val);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* levels.product: B_{l+1} = prune(B_l M_l^-1, S^diag + S^max-q) as a new CSR (the old one is freed),
   and c_diag(B_{l+1}); a non-finite product (B_{l+1} then has no entries) is reported. With a pattern kept
   for level l, B_{l+1} takes that pattern and only its values are computed; a build with
   -pc_mosa_reuse_pattern keeps the pattern it chose. */
static PetscErrorCode TSPHostLevelProduct(TSPChain c, PetscInt l, PetscReal *cdiag, PetscBool *nonfinite)
{
  TSPChain_Host       *h    = (TSPChain_Host *)c->data;
  const TSPHostForest *f    = &h->forest[l];
  const PetscInt       n    = c->n;
  const PetscBool      kept = (PetscBool)(c->params.split.reuse_pattern && l < h->npatterns && h->pattern_col[l]);
  PetscInt            *begin, *end, *out_rowptr = NULL, *out_col = NULL, *out_len = NULL, *rowptr, *col;
  PetscScalar         *out_val = NULL, *val;
  void                *work;
  ts_status            status;

  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TriSplit_MOSAProduct, 0, 0, 0, 0));
  PetscCall(PetscMalloc2(n, &begin, n, &end));
  ts_ref_path_bounds(n, f->perm, f->path_id, begin, end);
  PetscCall(PetscMalloc(ts_ref_mosa_product_size(n) + 1, &work));
  PetscCall(PetscMalloc1(n + 1, &rowptr));
  if (kept) { /* the kept pattern: values only */
    PetscCall(PetscArraycpy(rowptr, h->pattern_rowptr[l], n + 1));
    PetscCall(PetscMalloc2(rowptr[n], &col, rowptr[n], &val));
    PetscCall(PetscArraycpy(col, h->pattern_col[l], rowptr[n]));
    status = ts_ref_mosa_refresh(n, h->b_rowptr, h->b_col, h->b_val, f->perm, f->iperm, begin, end, f->factor, h->q, c->params.split.droptol, (int)c->params.split.exact, rowptr, col, val, work);
  } else { /* the diagonal and the q_i largest entries of each row, padded, then compacted */
    PetscCall(PetscMalloc2(n + 1, &out_rowptr, n, &out_len));
    out_rowptr[0] = 0;
    for (PetscInt i = 0; i < n; i++) out_rowptr[i + 1] = out_rowptr[i] + h->q[i] + 1;
    PetscCall(PetscMalloc2(out_rowptr[n], &out_col, out_rowptr[n], &out_val));
    status    = ts_ref_mosa_product(n, h->b_rowptr, h->b_col, h->b_val, f->perm, f->iperm, begin, end, f->factor, h->q, c->params.split.droptol, (int)c->params.split.exact, out_rowptr, out_col, out_val, out_len, work);
    rowptr[0] = 0;
    for (PetscInt i = 0; i < n; i++) rowptr[i + 1] = rowptr[i] + (status == TS_SUCCESS ? out_len[i] : 0);
    PetscCall(PetscMalloc2(rowptr[n], &col, rowptr[n], &val));
    for (PetscInt i = 0; i < n && status == TS_SUCCESS; i++) {
      PetscCall(PetscArraycpy(col + rowptr[i], out_col + out_rowptr[i], out_len[i]));
      PetscCall(PetscArraycpy(val + rowptr[i], out_val + out_rowptr[i], out_len[i]));
    }
    PetscCall(PetscFree2(out_col, out_val));
    PetscCall(PetscFree2(out_rowptr, out_len));
  }
  PetscCall(PetscFree(work));
  PetscCall(PetscFree2(begin, end));
  PetscCheck(status == TS_SUCCESS || status == TS_ERR_NONFINITE, PETSC_COMM_SELF, PETSC_ERR_LIB, "MOS-a product failed (status %d)", (int)status);
  if (status == TS_ERR_NONFINITE) PetscCall(PetscArrayzero(rowptr, n + 1)); /* B_{l+1} has no entries */
  PetscCall(PetscFree(h->b_rowptr));
  PetscCall(PetscFree2(h->b_col, h->b_val));
  h->b_rowptr = rowptr;
  h->b_col    = col;
  h->b_val    = val;
  *nonfinite = (PetscBool)(status == TS_ERR_NONFINITE);
  if (!*nonfinite && l < h->npatterns && !h->pattern_col[l]) { /* a build keeping its patterns (a refresh with the patterns off keeps the build's) */
    PetscCall(PetscMalloc2(n + 1, &h->pattern_rowptr[l], rowptr[n], &h->pattern_col[l]));
    PetscCall(PetscArraycpy(h->pattern_rowptr[l], rowptr, n + 1));
    PetscCall(PetscArraycpy(h->pattern_col[l], col, rowptr[n]));
  }
  *cdiag = *nonfinite ? 0 : ts_ref_diag_coverage(n, h->b_rowptr, h->b_col, h->b_val);
  PetscCall(PetscLogEventEnd(TriSplit_MOSAProduct, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.truncate: forests l.. of the chain freed with the fused permutations into them and the kept
   patterns of their products (a dropped level or a splitting's empty last forest; the links of the
   forests kept stay valid) */
static PetscErrorCode TSPHostTruncate(TSPChain c, PetscInt l)
{
  TSPChain_Host *h = (TSPChain_Host *)c->data;

  PetscFunctionBegin;
  for (PetscInt k = l; k < c->nforests; k++) {
    PetscCall(TSPHostForestReset(&h->forest[k]));
    if (k > 0 && h->link) PetscCall(PetscFree(h->link[k - 1]));
  }
  for (PetscInt k = l; k < h->npatterns; k++) PetscCall(PetscFree2(h->pattern_rowptr[k], h->pattern_col[k]));
  c->nforests = l;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* levels.end: T = diagp1(B_m), the scaling 1/T (0 where T = 0); B released */
static PetscErrorCode TSPHostLevelsEnd(TSPChain c, Mat local, PetscBool refresh)
{
  TSPChain_Host *h = (TSPChain_Host *)c->data;
  PetscScalar   *t;

  PetscFunctionBegin;
  (void)local;
  (void)refresh;
  if (!h->scale) PetscCall(PetscMalloc1(c->n, &h->scale));
  PetscCall(PetscMalloc1(c->n, &t));
  ts_ref_diagp(1, c->n, h->b_rowptr, h->b_col, h->b_val, t);
  for (PetscInt i = 0; i < c->n; i++) h->scale[i] = t[i] != 0.0 ? 1.0 / t[i] : 0.0;
  PetscCall(PetscFree(t));
  PetscCall(PetscFree(h->b_rowptr));
  PetscCall(PetscFree2(h->b_col, h->b_val));
  PetscCall(PetscFree(h->q));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ---------------------------------------------------------------------------------------------- */
/* Apply                                                                                          */

/* k columns of w (leading dimension ldw) = T^-1 w (or T^-T w) in the forest order */
static PetscErrorCode TSPHostForestSolve(const TSPHostForest *f, PetscInt k, PetscScalar *w, PetscInt ldw, PetscBool transpose)
{
  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TriSplit_Solve, 0, 0, 0, 0));
  if (f->bs == 2) {
    if (transpose) ts_ref_bgttrs_transpose(f->nrows / 2, k, f->factor, w, ldw);
    else ts_ref_bgttrs(f->nrows / 2, k, f->factor, w, ldw);
  } else {
    if (transpose) ts_ref_gttrs_transpose(f->nrows, k, f->factor, w, ldw);
    else ts_ref_gttrs(f->nrows, k, f->factor, w, ldw);
  }
  PetscCall(PetscLogFlops((f->bs == 2 ? 24.0 : 7.0) * f->nrows * k));
  PetscCall(PetscLogEventEnd(TriSplit_Solve, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Y = P_lo^T A_lo^-1 P_lo P_{lo+1}^T ... P_hi^T A_hi^-1 P_hi D X for k columns (thesis Eq. 79), with D
   the chain's scaling when hi is the last factor: hi - lo + 1 tridiagonal solves, hi - lo + 2
   permutation passes, the scaling fused into the first. The transpose applies D P_hi^T A_hi^-T ...
   A_lo^-T P_lo X: the same passes in the other direction, the fused permutations scattered instead of
   gathered. w0, w1: nrows x k each. Y may be X. */
static PetscErrorCode TSPHostApplyRange(TSPChain c, PetscInt lo, PetscInt hi, PetscBool transpose, PetscInt k, const PetscScalar *x, PetscInt ldx, PetscScalar *y, PetscInt ldy, PetscScalar *w0, PetscScalar *w1)
{
  TSPChain_Host     *h     = (TSPChain_Host *)c->data;
  const PetscInt     n     = c->nrows, first = transpose ? lo : hi, last = transpose ? hi : lo, step = transpose ? 1 : -1;
  const PetscScalar *scale = hi == c->nforests - 1 ? h->scale : NULL;

  PetscFunctionBegin;
  if (!n || !k) PetscFunctionReturn(PETSC_SUCCESS);
  ts_ref_gather_columns(n, k, h->forest[first].perm, transpose ? NULL : scale, x, ldx, w0, n);
  for (PetscInt l = first;; l += step) {
    if (l != first) {
      PetscScalar *t;

      if (transpose) ts_ref_scatter_columns(n, k, h->link[l - 1], NULL, w0, n, w1, n);
      else ts_ref_gather_columns(n, k, h->link[l], NULL, w0, n, w1, n);
      t  = w0;
      w0 = w1;
      w1 = t;
    }
    PetscCall(TSPHostForestSolve(&h->forest[l], k, w0, n, transpose));
    if (l == last) break;
  }
  ts_ref_scatter_columns(n, k, h->forest[last].perm, transpose ? scale : NULL, w0, n, y, ldy);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Y = factors lo..hi of k columns of X: the work vectors for one column, for more the workspaces of
   k columns, which stay for the next call with as many columns or fewer */
static PetscErrorCode TSPHostApply(TSPChain c, PetscInt lo, PetscInt hi, PetscBool transpose, PetscInt k, const PetscScalar *x, PetscInt ldx, PetscScalar *y, PetscInt ldy)
{
  TSPChain_Host *h = (TSPChain_Host *)c->data;

  PetscFunctionBegin;
  if (k > 1 && h->mcols < k) {
    PetscCall(PetscFree2(h->mw0, h->mw1));
    PetscCall(PetscMalloc2(c->nrows * k, &h->mw0, c->nrows * k, &h->mw1));
    h->mcols = k;
  }
  PetscCall(TSPHostApplyRange(c, lo, hi, transpose, k, x, ldx, y, ldy, k > 1 ? h->mw0 : h->w0, k > 1 ? h->mw1 : h->w1));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* z += M_l^-1 (r - az): the residual formed in the second work vector, which the solve of a single
   factor leaves alone, and solved in place */
static PetscErrorCode TSPHostCorrect(TSPChain c, PetscInt l, const PetscScalar *r, const PetscScalar *az, PetscScalar *z)
{
  TSPChain_Host *h   = (TSPChain_Host *)c->data;
  PetscScalar   *res = h->w1;

  PetscFunctionBegin;
  for (PetscInt i = 0; i < c->n; i++) res[i] = r[i] - az[i];
  PetscCall(TSPHostApplyRange(c, l, l, PETSC_FALSE, 1, res, c->n, res, c->n, h->w0, NULL));
  for (PetscInt i = 0; i < c->n; i++) z[i] += res[i];
  PetscCall(PetscLogFlops(2.0 * c->n));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.paths (PCTRIAMG): the first forest's order and path ids, where a scalar forest was built */
static PetscErrorCode TSPHostPaths(TSPChain c, PetscMemType *mtype, const PetscInt **perm, const PetscInt **path_id)
{
  TSPChain_Host *h = (TSPChain_Host *)c->data;

  PetscFunctionBegin;
  *mtype = PETSC_MEMTYPE_HOST;
  if (h && h->forest && h->forest[0].bs == 1) {
    *perm    = h->forest[0].perm;
    *path_id = h->forest[0].path_id;
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPChainSetBackend_Host(TSPChain c)
{
  PetscFunctionBegin;
  c->backend       = "host";
  c->min_batch     = 2;
  c->single_ok     = PETSC_FALSE;
  /* leaf operations of the build and refresh, which chain.c drives */
  c->ops.create          = TSPHostCreate;
  c->ops.reset           = TSPHostReset;
  c->ops.graph           = TSPHostGraphOfBlock;
  c->ops.forest          = TSPHostGraphForest;
  c->ops.graphfree       = TSPHostGraphFree;
  c->ops.truncate        = TSPHostTruncate;
  c->ops.links           = TSPHostLinks;
  c->ops.diagonal        = TSPHostDiagonal;
  c->ops.diagonalrestore = NULL; /* the chain repairs the host's own arrays */
  c->ops.bands           = TSPHostBands;
  c->ops.factor          = TSPHostFactor;
  c->ops.shift           = TSPHostShift;
  c->ops.definite        = TSPHostDefinite;
  c->ops.apply           = TSPHostApply;
  c->ops.correct         = TSPHostCorrect;
  c->ops.levels.begin    = TSPHostLevelsBegin;
  c->ops.levels.forest   = TSPHostLevelForest;
  c->ops.levels.bands    = TSPHostLevelBands;
  c->ops.levels.product  = TSPHostLevelProduct;
  c->ops.levels.end      = TSPHostLevelsEnd;
  /* vectors and dense matrices in host memory */
  c->ops.vecread           = VecGetArrayRead;
  c->ops.vecrestoreread    = VecRestoreArrayRead;
  c->ops.vecwrite          = VecGetArrayWrite;
  c->ops.vecrestorewrite   = VecRestoreArrayWrite;
  c->ops.vec               = VecGetArray;
  c->ops.vecrestore        = VecRestoreArray;
  c->ops.denseread         = MatDenseGetArrayRead;
  c->ops.denserestoreread  = MatDenseRestoreArrayRead;
  c->ops.densewrite        = MatDenseGetArrayWrite;
  c->ops.denserestorewrite = MatDenseRestoreArrayWrite;
  c->ops.paths             = TSPHostPaths;
  PetscFunctionReturn(PETSC_SUCCESS);
}
