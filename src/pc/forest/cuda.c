/* SPDX-License-Identifier: BSD-2-Clause */
/*
   The CUDA backend of the chain (MATSEQAIJCUSPARSE local blocks): the same pipeline as the host
   backend (src/pc/forest/host.c), with the CUDA kernels on PETSc's stream, from the matrix's device
   CSR arrays. One orchestrator builds the weight graph once (no transpose sort for structurally
   symmetric patterns) and then forest after forest: algtri's one, a splitting's m, each MOS-a level's.
   Only statistics come back to the host, a few bytes per forest; the apply is RPTS with the forest
   permutations fused into its finest stage, never touching the host.
*/
#include <trisplit/private/chainimpl.h>
#if defined(PETSC_HAVE_CUDA) /* the whole backend: a PETSc without CUDA has neither the types nor the kernels */
  #include <trisplit/private/core_cuda.h>

/* One forest on the device */
typedef struct {
  PetscInt     bs, nrows;
  PetscInt    *perm, *iperm, *path_id; /* as on the host */
  PetscScalar *a, *b, *c;              /* bands */
  float       *sa, *sb, *sc;           /* float copies of the bands (-pc_<type>_precision single) */
  PetscScalar *at, *bt, *ct;           /* bands of T^T, built at the first transposed solve after new values */
  PetscBool    transposed;             /* at, ct hold the current bands' transpose */
  void        *buffer;                 /* RPTS workspace for one column, in double or float */
  ts_rpts_config plan;                 /* RPTS's plan for these bands (TSPCudaPlan(); zero: the default) */
} TSPCudaForest;

/* MOS-a's level workspace on the device, sized by the pattern of A (the product keeps q_i + 1 entries of
   row i): kept until the chain is reset, so that a refresh allocates nothing */
typedef struct {
  PetscInt    *q, *orow, *ocol, *olen, *brow[2], *bcol[2]; /* q_i, the product's rows, B_l in two CSR buffers */
  PetscScalar *oval, *bval[2], *cov;
  void        *pbuf, *prod;
  PetscInt     npatterns;             /* levels with a kept product pattern (-pc_mosa_reuse_pattern) */
  PetscInt   **krow, **kcol, *knnz;   /* device CSR pattern of B_{l+1} chosen at the build, nnz on the host */
  /* while the levels are built: A's arrays (B_0), B_l (A's, a buffer's or a kept pattern's), its nnz,
     the buffer it is in (-1: A) */
  const PetscInt    *ia, *ja, *b_rowptr, *b_col;
  const PetscScalar *va, *b_val;
  PetscInt           nnz, cur;
} TSPCudaLevelWork;

/* The weight graph of a block and what the forests of it need, in one device allocation */
typedef struct {
  PetscInt       n, bound; /* rows; 2 nnz(A), the bound of the graph's edges */
  PetscInt      *rowptr, *col;
  PetscScalar   *w, *w0;  /* weights (reweighted by a splitting), and the original ones */
  unsigned char *covered; /* edges some forest of a splitting used */
  PetscInt      *partner, *position;
  PetscScalar   *partner_w;
  void          *scratch;
  char          *report;  /* {c_pi, c_id, total, covered weight} doubles, {npaths, longest, ncycles} ts_int, rounds int */
  void          *base;
  PetscInt       g_nnz;   /* edges, read back for the sums of splittings */
  PetscReal      total;
} TSPCudaGraph;

typedef struct {
  TSPCudaForest *forest;
  PetscInt     **link;          /* device, link[l][k] = iperm_{l+1}[perm_l[k]] */
  PetscScalar   *scale, *t, *j; /* device: the chain's D = 1/T; MOS-d's T and J */
  PetscScalar   *w0, *w1;       /* device, nrows each */
  float         *swork;         /* device, nrows: float 2x2 block solves convert on the way in and out */
  PetscScalar   *mw0, *mw1;     /* device, nrows x mcols each, for several right-hand sides */
  void          *mbuffer;       /* device, RPTS workspace for mcols right-hand sides */
  PetscInt       mcols;
  void          *graph;         /* device, the weight graph's block of the last build: freed with the chain, not
                                   in the setup (a large cudaFree costs more than the rest of algtri's setup) */
  void          *check;         /* device, the workspace of the factors' check (TSPCudaCheckWorkspace()), kept likewise */
  void          *factor;        /* device, the elimination of a factor that is not diagonally dominant, likewise */
  void          *planwork;      /* device, the workspace of the RPTS plans' analysis (TSPCudaPlan()), likewise */
  size_t         planwork_bytes;
  PetscInt      *cbegin, *cend; /* device, carved from check: the path bounds of the elimination */
  PetscInt      *cinfo;         /* device, carved from check: 2 ints of the elimination's status and position */
  double        *csum;          /* device, carved from check: the sum of the block's values */
  void          *cscratch;      /* device, carved from check: scratch of the path bounds, the sum, the pivot check and
                                   the definite-path cut */
  TSPCudaLevelWork lw;          /* MOS-a */
  /* while the forests of one graph are extracted (ops.graph to ops.graphfree): the graph and the block's
     device CSR arrays it was built from */
  TSPCudaGraph       g;
  const PetscInt    *gia, *gja;
  const PetscScalar *gva;
} TSPChain_CUDA;

/* Sub-allocation of one device block: a first pass with base NULL sizes it */
typedef struct {
  char  *base;
  size_t off;
} TSPCarve;

static void *TSPTake(TSPCarve *cv, size_t bytes)
{
  size_t o = (cv->off + 255) & ~(size_t)255;

  cv->off = o + bytes;
  return cv->base ? cv->base + o : NULL;
}

static inline ts_weighting TSPWeighting(const TSPChain c)
{
  return c->params.forest.weight == PCTRISPLIT_WEIGHT_SCALED ? TS_WEIGHT_SCALED : TS_WEIGHT_ABS;
}

/* ---------------------------------------------------------------------------------------------- */
/* Forests                                                                                        */

static PetscErrorCode TSPCudaForestReset(TSPCudaForest *f)
{
  PetscFunctionBegin;
  TriSplitDeviceFree(f->perm);
  TriSplitDeviceFree(f->iperm);
  TriSplitDeviceFree(f->path_id);
  TriSplitDeviceFree(f->a);
  TriSplitDeviceFree(f->b);
  TriSplitDeviceFree(f->c);
  TriSplitDeviceFree(f->sa);
  TriSplitDeviceFree(f->sb);
  TriSplitDeviceFree(f->sc);
  TriSplitDeviceFree(f->at);
  TriSplitDeviceFree(f->bt);
  TriSplitDeviceFree(f->ct);
  TriSplitDeviceFree(f->buffer);
  PetscCall(PetscMemzero(f, sizeof(*f)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* RPTS workspace bytes of a (block) system and k right-hand sides, in double and in float: of the solve
   with the permutations fused in and the forest's plan for scalar forests, which also covers the plain
   solve */
static size_t TSPCudaSolveBytes(const TSPCudaForest *f, PetscInt k)
{
  if (f->bs == 2) return PetscMax(ts_cuda_bgtsv_buffer_size(f->nrows / 2, k, 0), ts_cuda_bgtsv_buffer_size(f->nrows / 2, k, 1));
  return PetscMax(ts_cuda_gtsv_permuted_buffer_size_tuned(f->nrows, k, 0, &f->plan), ts_cuda_gtsv_permuted_buffer_size_tuned(f->nrows, k, 1, &f->plan));
}

/* The arrays of a forest of n vertices for a (block) system of nrows rows with bs x bs blocks */
static PetscErrorCode TSPCudaForestAllocate(TSPCudaForest *f, PetscInt n, PetscInt nrows, PetscInt bs)
{
  PetscFunctionBegin;
  f->bs    = bs;
  f->nrows = nrows;
  PetscCall(TriSplitDeviceMalloc(sizeof(PetscInt) * nrows, (void **)&f->perm));
  PetscCall(TriSplitDeviceMalloc(sizeof(PetscInt) * n, (void **)&f->iperm));
  PetscCall(TriSplitDeviceMalloc(sizeof(PetscInt) * (nrows / bs), (void **)&f->path_id));
  PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * bs * nrows, (void **)&f->a));
  PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * bs * nrows, (void **)&f->b));
  PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * bs * nrows, (void **)&f->c));
  PetscCall(TriSplitDeviceMalloc(TSPCudaSolveBytes(f, 1) + 1, &f->buffer));
  PetscFunctionReturn(PETSC_SUCCESS);
}


#define TSP_REPORT_BYTES (4 * sizeof(double) + 4 * sizeof(ts_int) + sizeof(int))
#define TSP_REPORT_SUMS(r)   ((double *)(r))
#define TSP_REPORT_STATS(r)  ((ts_int *)((r) + 4 * sizeof(double)))
#define TSP_REPORT_ROUNDS(r) ((int *)((r) + 4 * sizeof(double) + 4 * sizeof(ts_int)))

static size_t TSPCudaGraphCarve(TSPCudaGraph *g, TSPCarve *cv, const ts_factor_params *params, PetscInt n, PetscInt nnz, PetscBool splitting)
{
  size_t sc = ts_cuda_weight_graph_buffer_size(n, nnz);

  sc           = PetscMax(sc, ts_cuda_factor_buffer_size(params, n, 2 * nnz));
  sc           = PetscMax(sc, ts_cuda_linear_forest_buffer_size(n));
  sc           = PetscMax(sc, ts_cuda_coverage_buffer_size(n, 2 * nnz));
  sc           = PetscMax(sc, ts_cuda_masked_sum_buffer_size(2 * nnz));
  sc           = PetscMax(sc, ts_cuda_factor_spread_buffer_size(n));
  g->n         = n;
  g->bound     = 2 * nnz;
  g->rowptr    = (PetscInt *)TSPTake(cv, sizeof(PetscInt) * (n + 1));
  g->col       = (PetscInt *)TSPTake(cv, sizeof(PetscInt) * (g->bound + 1));
  g->w         = (PetscScalar *)TSPTake(cv, sizeof(PetscScalar) * (g->bound + 1));
  g->w0        = splitting ? (PetscScalar *)TSPTake(cv, sizeof(PetscScalar) * (g->bound + 1)) : NULL;
  g->covered   = splitting ? (unsigned char *)TSPTake(cv, g->bound + 1) : NULL;
  g->partner   = (PetscInt *)TSPTake(cv, sizeof(PetscInt) * (2 * n + 1));
  g->partner_w = (PetscScalar *)TSPTake(cv, sizeof(PetscScalar) * (2 * n + 1));
  g->position  = (PetscInt *)TSPTake(cv, sizeof(PetscInt) * (n + 1));
  g->report    = (char *)TSPTake(cv, TSP_REPORT_BYTES);
  g->scratch   = TSPTake(cv, sc + 1);
  return cv->off;
}


/* The weight graph C of a block's device CSR arrays (docs/algorithms.md 4.1) and its c_id; a splitting
   also keeps the original weights and the total for the coverage of the union */
static PetscErrorCode TSPCudaGraphBuild(TSPChain c, PetscInt n, PetscInt nnz, const PetscInt *ia, const PetscInt *ja, const PetscScalar *va, TSPCudaGraph *g, cudaStream_t stream)
{
  TSPChain_CUDA  *d         = (TSPChain_CUDA *)c->data;
  const PetscBool splitting = c->params.split.reweight;
  TSPCarve        cv        = {NULL, 0};
  double          sums[4]   = {0, 0, 0, 0};

  PetscFunctionBegin;
  PetscCall(PetscMemzero(g, sizeof(*g)));
  TriSplitDeviceFree(d->graph); /* MOS-a's next level: B_l has a pattern of its own */
  PetscCall(TriSplitDeviceMalloc(TSPCudaGraphCarve(g, &cv, &c->params.forest.factor, n, nnz, splitting), &d->graph));
  g->base = d->graph;
  cv.base = (char *)g->base;
  cv.off  = 0;
  (void)TSPCudaGraphCarve(g, &cv, &c->params.forest.factor, n, nnz, splitting);
  if (!n) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscLogEventBegin(TriSplit_Graph, 0, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  PetscCallCUDA(cudaMemsetAsync(g->report, 0, TSP_REPORT_BYTES, stream)); /* the sums and statistics a kind leaves alone come back too */
  PetscCall(TriSplitCheckKernel(ts_cuda_weight_graph(stream, TSPWeighting(c), n, nnz, ia, ja, va, g->rowptr, g->col, g->w, g->scratch), "weight_graph"));
  PetscCall(TriSplitCheckKernel(ts_cuda_identity_coverage(stream, n, g->bound, g->rowptr, g->col, g->w, TSP_REPORT_SUMS(g->report) + 1, g->scratch), "identity_coverage"));
  PetscCall(PetscLogGpuFlops(TSPFlopsGraph(n, nnz, (PetscBool)(c->params.forest.weight == PCTRISPLIT_WEIGHT_SCALED))));
  if (splitting) { /* the splitting's stop rule needs the total weight on the host before the first forest */
    PetscCall(TriSplitDeviceRead(stream, g->rowptr + n, &g->g_nnz, sizeof(PetscInt)));
    PetscCall(TriSplitCheckKernel(ts_cuda_masked_sum(stream, g->g_nnz, g->w, NULL, TSP_REPORT_SUMS(g->report) + 2, g->scratch), "masked_sum"));
    PetscCallCUDA(cudaMemcpyAsync(g->w0, g->w, sizeof(PetscScalar) * g->g_nnz, cudaMemcpyDeviceToDevice, stream));
    PetscCallCUDA(cudaMemsetAsync(g->covered, 0, g->g_nnz + 1, stream));
    PetscCall(TriSplitDeviceRead(stream, g->report, sums, sizeof(sums)));
    g->total = sums[2];
  } /* otherwise c_id comes back with the first forest's statistics */
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogEventEnd(TriSplit_Graph, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* One linear forest of the graph (Algorithm 8, cycles broken, bidirectional scans, radix sort): its
   permutation in f, its statistics in info (a splitting then reweights the used edges and measures
   the coverage of the union). One small read-back. */
static PetscErrorCode TSPCudaForestFromGraph(TSPChain c, TSPCudaGraph *g, TSPCudaForest *f, TSPForestInfo *info, cudaStream_t stream)
{
  const PetscInt n = g->n;
  char           report[TSP_REPORT_BYTES];

  PetscFunctionBegin;
  PetscCheck(c->params.forest.factor.n == 1 || c->params.forest.factor.n == 2, PETSC_COMM_SELF, PETSC_ERR_SUP, "A linear forest needs a [0,1]- or [0,2]-factor, not a [0,%d]-factor", c->params.forest.factor.n);
  PetscCall(TSPCudaForestAllocate(f, n, n, 1));
  if (!n) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscLogEventBegin(TriSplit_Factor, 0, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  PetscCall(TriSplitCheckKernel(ts_cuda_factor(stream, &c->params.forest.factor, n, g->bound, g->rowptr, g->col, g->w, g->partner, g->partner_w, g->scratch, TSP_REPORT_ROUNDS(g->report)), "factor"));
  /* a matching (-pc_algtri_factor_n 1) in the slots of a [0,2]-factor, as the host's TSPFactorGraph() */
  if (c->params.forest.factor.n == 1) PetscCall(TriSplitCheckKernel(ts_cuda_factor_spread(stream, n, g->partner, g->partner_w, g->scratch), "factor_spread"));
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogEventEnd(TriSplit_Factor, 0, 0, 0, 0));
  PetscCall(PetscLogEventBegin(TriSplit_Forest, 0, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  PetscCall(TriSplitCheckKernel(ts_cuda_linear_forest(stream, n, g->partner, g->partner_w, f->path_id, g->position, f->perm, f->iperm, g->scratch, TSP_REPORT_STATS(g->report), NULL), "linear_forest"));
  if (c->params.split.reweight) {
    PetscCall(TriSplitCheckKernel(ts_cuda_graph_reweight(stream, n, g->rowptr, g->col, g->w, g->partner, c->params.split.omega, g->covered), "graph_reweight"));
    PetscCall(TriSplitCheckKernel(ts_cuda_masked_sum(stream, g->g_nnz, g->w0, g->covered, TSP_REPORT_SUMS(g->report) + 3, g->scratch), "masked_sum"));
  } else PetscCall(TriSplitCheckKernel(ts_cuda_factor_coverage(stream, 2, n, g->bound, g->rowptr, g->w, g->partner, g->partner_w, TSP_REPORT_SUMS(g->report), g->scratch), "factor_coverage"));
  PetscCall(PetscLogGpuFlops(TSPFlopsCoverage(n, g->bound / 2)));
  PetscCall(TriSplitDeviceRead(stream, g->report, report, sizeof(report)));
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogEventEnd(TriSplit_Forest, 0, 0, 0, 0));
  info->npaths   = TSP_REPORT_STATS(report)[0];
  info->longest  = TSP_REPORT_STATS(report)[1];
  info->ncycles  = TSP_REPORT_STATS(report)[2];
  info->rounds   = *TSP_REPORT_ROUNDS(report);
  info->coverage = c->params.split.reweight ? (g->total > 0 ? TSP_REPORT_SUMS(report)[3] / g->total : 1.0) : TSP_REPORT_SUMS(report)[0];
  c->coverage_id = TSP_REPORT_SUMS(report)[1];
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The 2x2 block forest (ts_cuda_block_forest_*): the matching and contraction first, then (after
   reading back the number of pairs and the graph size, 8 bytes) the coarse forest */
static PetscErrorCode TSPCudaForestBuildBlock(TSPChain c, Mat A, TSPCudaForest *f, TSPForestInfo *info, cudaStream_t stream)
{
  PetscInt           n = 0, nnz = 0, sizes[2] = {0, 0}, stats[4] = {0, 0, 0, 0};
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  size_t             bytes;
  void              *work;
  PetscInt          *d_sizes;
  PetscReal          sums[2] = {0, 0}, *d_sums;

  PetscFunctionBegin;
  PetscCheck(c->params.forest.factor.n == 2, PETSC_COMM_SELF, PETSC_ERR_SUP, "The 2x2 block forest uses a [0,2]-factor of the pairs, not a [0,%d]-factor", c->params.forest.factor.n);
  PetscCall(TriSplitGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
  bytes = ts_cuda_block_forest_buffer_size(&c->params.forest.factor, n, nnz);
  PetscCall(TriSplitDeviceMalloc(bytes + 8 * sizeof(PetscReal), &work));
  d_sums  = (PetscReal *)((char *)work + bytes);
  d_sizes = (PetscInt *)(d_sums + 2); /* then 6 ts_int: sizes and stats */
  PetscCall(PetscLogEventBegin(TriSplit_Forest, A, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  if (n) {
    PetscCall(TriSplitCheckKernel(ts_cuda_block_forest_match(stream, TSPWeighting(c), &c->params.forest.factor, n, nnz, ia, ja, va, work, d_sizes), "block_forest_match"));
    PetscCall(TriSplitDeviceRead(stream, d_sizes, sizes, sizeof(sizes)));
  }
  PetscCall(TSPCudaForestAllocate(f, n, 2 * sizes[0], 2));
  c->npairs = n - sizes[0];
  if (n) {
    PetscCall(TriSplitCheckKernel(ts_cuda_block_forest_finish(stream, &c->params.forest.factor, n, nnz, sizes[0], sizes[1], f->perm, f->iperm, f->path_id, work, d_sizes + 2, d_sums), "block_forest_finish"));
    PetscCall(PetscLogGpuFlops(TSPFlopsGraph(n, nnz, (PetscBool)(c->params.forest.weight == PCTRISPLIT_WEIGHT_SCALED)) + (nnz - n) + TSPFlopsCoverage(n, nnz)));
    PetscCallCUDA(cudaMemcpyAsync(stats, d_sizes + 2, sizeof(stats), cudaMemcpyDeviceToHost, stream));
    PetscCall(TriSplitDeviceRead(stream, d_sums, sums, sizeof(sums)));
  }
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogEventEnd(TriSplit_Forest, A, 0, 0, 0));
  PetscCall(TriSplitRestoreDeviceCSR(A, &ia, &ja, &va));
  TriSplitDeviceFree(work);
  info->npaths   = stats[0];
  info->longest  = stats[1];
  info->ncycles  = stats[2];
  info->rounds   = stats[3];
  info->coverage = sums[1] > 0 ? sums[0] / sums[1] : 1.0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ---------------------------------------------------------------------------------------------- */
/* Bands                                                                                          */

/* Float copies of the bands (the double ones stay for the setup of new values) */
static PetscErrorCode TSPCudaForestToSingle(TSPCudaForest *f, cudaStream_t stream)
{
  const PetscInt len = f->bs * f->nrows;

  PetscFunctionBegin;
  if (!f->sb) {
    PetscCall(TriSplitDeviceMalloc(sizeof(float) * len, (void **)&f->sa));
    PetscCall(TriSplitDeviceMalloc(sizeof(float) * len, (void **)&f->sb));
    PetscCall(TriSplitDeviceMalloc(sizeof(float) * len, (void **)&f->sc));
  }
  if (!len) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TriSplitCheckKernel(ts_cuda_to_float(stream, len, f->a, f->sa), "to_float"));
  PetscCall(TriSplitCheckKernel(ts_cuda_to_float(stream, len, f->b, f->sb), "to_float"));
  PetscCall(TriSplitCheckKernel(ts_cuda_to_float(stream, len, f->c, f->sc), "to_float"));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The workspace of the factors' elimination and check (d->check, kept until the chain is reset): path
   bounds, scratch, status and the block's sum, for a block of n rows and nnz entries */
static PetscErrorCode TSPCudaCheckWorkspace(TSPChain c, PetscInt n, PetscInt nnz)
{
  TSPChain_CUDA *d  = (TSPChain_CUDA *)c->data;
  TSPCarve       cv = {NULL, 0};

  PetscFunctionBegin;
  for (int pass = 0; pass < 2; pass++) { /* size, then carve */
    d->cbegin   = (PetscInt *)TSPTake(&cv, sizeof(PetscInt) * n);
    d->cend     = (PetscInt *)TSPTake(&cv, sizeof(PetscInt) * n);
    d->cscratch = TSPTake(&cv, PetscMax(PetscMax(PetscMax(ts_cuda_path_bounds_buffer_size(n), ts_cuda_masked_sum_buffer_size(nnz)), ts_cuda_gttrf_check_buffer_size(n)), ts_cuda_definite_paths_buffer_size(n)));
    d->cinfo    = (PetscInt *)TSPTake(&cv, 2 * sizeof(PetscInt));
    d->csum     = (double *)TSPTake(&cv, sizeof(double));
    if (!pass) {
      if (!d->check) PetscCall(TriSplitDeviceMalloc(cv.off, &d->check));
      cv.base = (char *)d->check;
      cv.off  = 0;
    }
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* RPTS's plan for factor l (TriSplitDeviceRPTSPlan()): only where nweak rows are not strictly diagonally
   dominant (a dominant chain has nonsingular partition blocks, and the default plan stays without a probe).
   A plan other than the default may need a larger workspace: the forest's is resized, the several-column
   one at the next use. */
static PetscErrorCode TSPCudaPlan(TSPChain c, PetscInt l, PetscInt nweak, cudaStream_t stream)
{
  TSPChain_CUDA *d = (TSPChain_CUDA *)c->data;
  TSPCudaForest *f = &d->forest[l];
  ts_rpts_config plan;
  PetscReal      err = 0;
  PetscBool      same;

  PetscFunctionBegin;
  PetscCall(PetscMemzero(&plan, sizeof(plan)));
  if (nweak) {
    char what[32];

    PetscCall(PetscSNPrintf(what, sizeof(what), "factor %" PetscInt_FMT, l));
    if (f->sb) PetscCall(TriSplitDeviceRPTSPlan(NULL, what, stream, (ts_pivoting)c->params.forest.pivoting, f->nrows, f->sa, f->sb, f->sc, PETSC_TRUE, PETSC_TRUE, &d->planwork, &d->planwork_bytes, &plan, &err));
    else PetscCall(TriSplitDeviceRPTSPlan(NULL, what, stream, (ts_pivoting)c->params.forest.pivoting, f->nrows, f->a, f->b, f->c, PETSC_FALSE, PETSC_TRUE, &d->planwork, &d->planwork_bytes, &plan, &err));
  }
  PetscCall(PetscMemcmp(&plan, &f->plan, sizeof(plan), &same));
  if (!same) {
    f->plan = plan;
    TriSplitDeviceFree(f->buffer);
    PetscCall(TriSplitDeviceMalloc(TSPCudaSolveBytes(f, 1) + 1, &f->buffer));
    d->mcols = 0; /* the several-column workspace is sized again at its next use */
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.factor: the host's elimination of factor l, with its status and row. Scalar forests: MOS-a's
   levels eliminate path by path on the device into d->factor (the product reads it); the factors
   RPTS solves are checked (TriSplitDeviceCheckPivots(): a dominance pass, then, only if it finds weak
   rows, parallel pivot estimates and the host's elimination where a pivot may be zero); a factor with
   weak rows and no zero pivot then gets its RPTS plan (TSPCudaPlan()).
   2x2 block forests: ts_cuda_bgttrf_check replays the pivot decisions of ts_ref_bgttrf, the host's
   elimination, segment by segment on the device (RPTS reports no pivots). */
static PetscErrorCode TSPCudaFactor(TSPChain c, PetscInt l, ts_status *status, PetscInt *row)
{
  TSPChain_CUDA       *d = (TSPChain_CUDA *)c->data;
  const TSPCudaForest *f = &d->forest[l];
  cudaStream_t         stream;

  PetscFunctionBegin;
  *status = TS_SUCCESS;
  *row    = -1;
  if (!c->n) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(PetscLogEventBegin(TriSplit_TriFactor, 0, 0, 0, 0)); /* as the host's; nested in a refresh's check */
  if (f->bs == 2) {
    PetscInt h[2];

    PetscCall(TriSplitCheckKernel(ts_cuda_bgttrf_check(stream, (ts_pivoting)c->params.forest.pivoting, f->nrows / 2, f->a, f->b, f->c, d->cinfo), "bgttrf_check"));
    PetscCall(TriSplitDeviceRead(stream, d->cinfo, h, sizeof(h)));
    *status = (ts_status)h[0];
    if (h[1] >= 0) PetscCall(TriSplitDeviceRead(stream, f->perm + 2 * h[1], row, sizeof(PetscInt))); /* the block row's first vertex, as the host */
  } else {
    PetscInt nweak = 0;

    if (c->kind == TSP_CHAIN_ADAPTIVE) { /* the product needs the elimination whatever the dominance */
      PetscCall(TriSplitDeviceWeakRows(stream, c->n, f->a, f->b, f->c, d->cinfo, &nweak));
      PetscCall(TriSplitDeviceEliminate(stream, (ts_pivoting)c->params.forest.pivoting, c->n, f->perm, f->path_id, f->a, f->b, f->c, d->cbegin, d->cend, d->cscratch, d->factor, d->cinfo, status, row));
    } else PetscCall(TriSplitDeviceCheckPivots(stream, (ts_pivoting)c->params.forest.pivoting, c->n, f->perm, f->a, f->b, f->c, d->cscratch, d->cinfo, status, row, &nweak));
    if (*status == TS_SUCCESS) PetscCall(TSPCudaPlan(c, l, nweak, stream));
  }
  PetscCall(PetscLogEventEnd(TriSplit_TriFactor, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.definite: factor l's bands cut on the device where a symmetric stretch stops being positive definite
   (ts_cuda_definite_paths, the host's links bit for bit), one int read back; the float copies follow a cut */
static PetscErrorCode TSPCudaDefinite(TSPChain c, PetscInt l, PetscInt *ncut)
{
  TSPChain_CUDA *d = (TSPChain_CUDA *)c->data;
  TSPCudaForest *f = &d->forest[l];
  cudaStream_t   stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(PetscLogEventBegin(TriSplit_Bands, 0, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  PetscCall(TriSplitCheckKernel(ts_cuda_definite_paths(stream, f->nrows, TS_DEFINITE_EPS, f->a, f->b, f->c, d->cinfo, d->cscratch), "definite_paths"));
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(TriSplitDeviceRead(stream, d->cinfo, ncut, sizeof(PetscInt)));
  PetscCall(PetscLogGpuFlops(4.0 * f->nrows));
  if (*ncut) {
    f->transposed = PETSC_FALSE;
    if (c->params.forest.single) PetscCall(TSPCudaForestToSingle(f, stream));
  }
  PetscCall(PetscLogEventEnd(TriSplit_Bands, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.shift: the zero-pivot repair of factor l's bands, with the host's arithmetic (TSPShiftDiagonal())
   on a copy of the diagonal band, so that both backends shift bit for bit alike; only a factor with a
   zero pivot pays the round trip. The float and transposed copies follow. */
static PetscErrorCode TSPCudaShift(TSPChain c, PetscInt l, PetscReal amount, PetscReal *added)
{
  TSPChain_CUDA *d   = (TSPChain_CUDA *)c->data;
  TSPCudaForest *f   = &d->forest[l];
  const PetscInt len = f->bs * f->nrows;
  PetscScalar   *b;
  cudaStream_t   stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(PetscMalloc1(len, &b));
  PetscCall(TriSplitDeviceRead(stream, f->b, b, sizeof(PetscScalar) * len));
  PetscCall(TSPShiftDiagonal(f->bs, f->nrows, b, amount, added));
  PetscCallCUDA(cudaMemcpyAsync(f->b, b, sizeof(PetscScalar) * len, cudaMemcpyHostToDevice, stream));
  PetscCallCUDA(cudaStreamSynchronize(stream)); /* b is freed at once */
  PetscCall(PetscFree(b));
  f->transposed = PETSC_FALSE;
  if (c->params.forest.single) PetscCall(TSPCudaForestToSingle(f, stream));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.diagonal: MOS-d's T = diagp_k(A), 1/T (the chain's scaling) and J on the device; T's zero entries
   found by one pass (TriSplitDeviceWeakRows() with zero couplings counts the rows where |T_ii| > 0 fails:
   a zero, or a NaN that the check reports), and only then T, 1/T and J brought to the host for the
   chain's repair (the host's code, or the failure at the host's row), which ops.diagonalrestore writes
   back: a few bytes per setup when T has no zero */
static PetscErrorCode TSPCudaDiagonal(TSPChain c, Mat A, PetscScalar **t, PetscScalar **tinv, PetscScalar **j)
{
  TSPChain_CUDA     *d     = (TSPChain_CUDA *)c->data;
  PetscInt           zeros = 0, n, nnz;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  cudaStream_t       stream;

  PetscFunctionBegin;
  *t = *tinv = *j = NULL;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
  PetscCall(PetscLogEventBegin(TriSplit_Bands, A, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  if (n) {
    if (!d->t) {
      PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->t));
      PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->j));
      PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->scale));
    }
    PetscCall(TriSplitCheckKernel(ts_cuda_mos_diagonal(stream, (int)c->params.split.diagonal, n, ia, ja, va, (int)c->nforests, d->t, d->scale, d->j), "mos_diagonal"));
    PetscCall(PetscLogGpuFlops(TSPFlopsMOSDiagonal(n, nnz)));
    PetscCall(TSPCudaCheckWorkspace(c, n, nnz));
    PetscCallCUDA(cudaMemsetAsync(d->w0, 0, sizeof(PetscScalar) * n, stream)); /* a work vector, free at setup */
    PetscCall(TriSplitDeviceWeakRows(stream, n, d->w0, d->t, d->w0, d->cinfo, &zeros));
  }
  if (zeros) {
    PetscCall(PetscMalloc3(n, t, n, tinv, n, j));
    PetscCallCUDA(cudaMemcpyAsync(*t, d->t, sizeof(PetscScalar) * n, cudaMemcpyDeviceToHost, stream));
    PetscCallCUDA(cudaMemcpyAsync(*tinv, d->scale, sizeof(PetscScalar) * n, cudaMemcpyDeviceToHost, stream));
    PetscCall(TriSplitDeviceRead(stream, d->j, *j, sizeof(PetscScalar) * n));
  }
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogEventEnd(TriSplit_Bands, A, 0, 0, 0));
  PetscCall(TriSplitRestoreDeviceCSR(A, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.diagonalrestore: the repaired T, 1/T and J written back (if the repair changed them) and the host
   copies freed */
static PetscErrorCode TSPCudaDiagonalRestore(TSPChain c, PetscScalar **t, PetscScalar **tinv, PetscScalar **j)
{
  TSPChain_CUDA *d = (TSPChain_CUDA *)c->data;
  const PetscInt n = c->n;
  cudaStream_t   stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  if (c->tshift_count) {
    PetscCallCUDA(cudaMemcpyAsync(d->t, *t, sizeof(PetscScalar) * n, cudaMemcpyHostToDevice, stream));
    PetscCallCUDA(cudaMemcpyAsync(d->scale, *tinv, sizeof(PetscScalar) * n, cudaMemcpyHostToDevice, stream));
    PetscCallCUDA(cudaMemcpyAsync(d->j, *j, sizeof(PetscScalar) * n, cudaMemcpyHostToDevice, stream));
    PetscCallCUDA(cudaStreamSynchronize(stream)); /* the host copies are freed at once */
  }
  PetscCall(PetscFree3(*t, *tinv, *j));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The host's report of a NaN or Inf in the block, on the device, so that a KSP stops with the same
   KSP_DIVERGED_PC_FAILED and PCFailedReason and -ksp_error_if_not_converged names the same row: the sum
   of the block's values, and only when it is not finite the first row with a non-finite entry (as the
   host's, TriSplitFirstNonFiniteRow()). The other failures the host reports come from ops.diagonal (MOS-d's
   T with a zero) and ops.factor (a zero pivot in the elimination), as on the host. A few bytes come back. */
static PetscErrorCode TSPCudaNonFinite(TSPChain c, PetscInt n, PetscInt nnz, const PetscInt *ia, const PetscScalar *va, PetscInt *bad_row, cudaStream_t stream)
{
  TSPChain_CUDA *d    = (TSPChain_CUDA *)c->data;
  double         hsum = 0;

  PetscFunctionBegin;
  *bad_row = -1;
  if (!n) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TSPCudaCheckWorkspace(c, n, nnz));
  PetscCall(TriSplitCheckKernel(ts_cuda_masked_sum(stream, nnz, va, NULL, d->csum, d->cscratch), "masked_sum"));
  PetscCall(TriSplitDeviceRead(stream, d->csum, &hsum, sizeof(double)));
  if (PetscIsInfOrNanReal(hsum)) {
    PetscInt    *rowptr;
    PetscScalar *val;

    PetscCall(PetscMalloc2(n + 1, &rowptr, nnz, &val));
    PetscCallCUDA(cudaMemcpyAsync(rowptr, ia, sizeof(PetscInt) * (n + 1), cudaMemcpyDeviceToHost, stream));
    PetscCall(TriSplitDeviceRead(stream, va, val, sizeof(PetscScalar) * nnz));
    *bad_row = TriSplitFirstNonFiniteRow(n, rowptr, val);
    PetscCall(PetscFree2(rowptr, val));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.bands: the bands of every forest from the block's values: the raw entries (algtri, ALT) or MOS-d's
   M_l with the T and J of ops.diagonal; the float copies with single precision; the first row with a
   NaN or Inf (TSPCudaNonFinite()). RPTS recomputes the elimination in every solve: there is no factor
   to compute here. */
static PetscErrorCode TSPCudaBands(TSPChain c, Mat A, PetscInt *bad_row)
{
  TSPChain_CUDA     *d = (TSPChain_CUDA *)c->data;
  PetscInt           n, nnz;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  cudaStream_t       stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
  PetscCall(PetscLogEventBegin(TriSplit_Bands, A, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  for (PetscInt l = 0; l < c->nforests && n; l++) {
    TSPCudaForest *f = &d->forest[l];

    f->transposed = PETSC_FALSE; /* new bands: the transposed copy is rebuilt at the next transposed solve */
    if (f->bs == 2) PetscCall(TriSplitCheckKernel(ts_cuda_block_bands(stream, f->nrows / 2, ia, ja, va, f->perm, f->iperm, f->path_id, f->a, f->b, f->c), "block_bands"));
    else PetscCall(TriSplitCheckKernel(ts_cuda_forest_bands(stream, n, ia, ja, va, f->perm, f->iperm, f->path_id, f->a, f->b, f->c), "forest_bands"));
    if (c->params.split.diagonal >= 0) PetscCall(TriSplitCheckKernel(ts_cuda_mos_bands(stream, n, (int)c->nforests, (int)l, f->perm, d->t, d->j, f->a, f->b, f->c), "mos_bands"));
    if (c->params.split.diagonal >= 0) PetscCall(PetscLogGpuFlops(TSPFlopsMOSBands(n, c->nforests, l)));
    if (c->params.forest.single) PetscCall(TSPCudaForestToSingle(f, stream));
  }
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogEventEnd(TriSplit_Bands, A, 0, 0, 0));
  PetscCall(PetscLogEventBegin(TriSplit_TriFactor, A, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  PetscCall(TSPCudaNonFinite(c, n, nnz, ia, va, bad_row, stream));
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogEventEnd(TriSplit_TriFactor, A, 0, 0, 0));
  PetscCall(TriSplitRestoreDeviceCSR(A, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ---------------------------------------------------------------------------------------------- */
/* Build                                                                                          */

static PetscErrorCode TSPCudaReset(TSPChain c)
{
  TSPChain_CUDA *d = (TSPChain_CUDA *)c->data;

  PetscFunctionBegin;
  if (!d) PetscFunctionReturn(PETSC_SUCCESS);
  for (PetscInt l = 0; l < c->nforests; l++) {
    PetscCall(TSPCudaForestReset(&d->forest[l]));
    if (d->link) TriSplitDeviceFree(d->link[l]);
  }
  PetscCall(PetscFree(d->forest));
  PetscCall(PetscFree(d->link));
  TriSplitDeviceFree(d->scale);
  TriSplitDeviceFree(d->t);
  TriSplitDeviceFree(d->j);
  TriSplitDeviceFree(d->w0);
  TriSplitDeviceFree(d->w1);
  TriSplitDeviceFree(d->swork);
  TriSplitDeviceFree(d->mw0);
  TriSplitDeviceFree(d->mw1);
  TriSplitDeviceFree(d->mbuffer);
  TriSplitDeviceFree(d->graph);
  TriSplitDeviceFree(d->check);
  TriSplitDeviceFree(d->factor);
  TriSplitDeviceFree(d->planwork);
  d->planwork_bytes = 0;
  TriSplitDeviceFree(d->lw.q);
  TriSplitDeviceFree(d->lw.orow);
  TriSplitDeviceFree(d->lw.ocol);
  TriSplitDeviceFree(d->lw.olen);
  TriSplitDeviceFree(d->lw.oval);
  TriSplitDeviceFree(d->lw.cov);
  TriSplitDeviceFree(d->lw.pbuf);
  TriSplitDeviceFree(d->lw.prod);
  for (PetscInt t = 0; t < 2; t++) {
    TriSplitDeviceFree(d->lw.brow[t]);
    TriSplitDeviceFree(d->lw.bcol[t]);
    TriSplitDeviceFree(d->lw.bval[t]);
  }
  for (PetscInt l = 0; l < d->lw.npatterns; l++) {
    TriSplitDeviceFree(d->lw.krow[l]);
    TriSplitDeviceFree(d->lw.kcol[l]);
  }
  PetscCall(PetscFree3(d->lw.krow, d->lw.kcol, d->lw.knnz));
  PetscCall(PetscFree(c->data));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.create: the backend's data, empty */
static PetscErrorCode TSPCudaCreate(TSPChain c)
{
  PetscFunctionBegin;
  PetscCall(PetscNew((TSPChain_CUDA **)&c->data));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.links: what every build ends with, the fused permutations between consecutive forests and the
   work vectors */
static PetscErrorCode TSPCudaLinks(TSPChain c)
{
  TSPChain_CUDA *d = (TSPChain_CUDA *)c->data;
  cudaStream_t   stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  c->bs    = d->forest[0].bs;
  c->nrows = d->forest[0].nrows;
  PetscCall(PetscCalloc1(c->nforests, &d->link));
  for (PetscInt l = 0; l + 1 < c->nforests; l++) {
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscInt) * c->n, (void **)&d->link[l]));
    if (c->n) PetscCall(TriSplitCheckKernel(ts_cuda_compose(stream, c->n, d->forest[l].perm, d->forest[l + 1].iperm, d->link[l]), "compose"));
  }
  PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * c->nrows, (void **)&d->w0));
  PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * c->nrows, (void **)&d->w1));
  if (c->bs == 2 && c->params.forest.single) PetscCall(TriSplitDeviceMalloc(sizeof(float) * c->nrows, (void **)&d->swork));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.graph: the weight graph of the block once (its device CSR arrays held until ops.graphfree), with
   room for target forests; the 2x2 block forest takes the block itself (TSPCudaForestBuildBlock()) */
static PetscErrorCode TSPCudaGraphOfBlock(TSPChain c, Mat A, PetscInt target)
{
  TSPChain_CUDA *d = (TSPChain_CUDA *)c->data;
  PetscInt       n = 0, nnz = 0;
  cudaStream_t   stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(PetscCalloc1(target, &d->forest));
  if (c->params.forest.block == 2) {
    PetscCall(MatGetLocalSize(A, &c->n, NULL));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(TriSplitGetDeviceCSR(A, &n, &nnz, &d->gia, &d->gja, &d->gva));
  c->n = n;
  PetscCall(TSPCudaGraphBuild(c, n, nnz, d->gia, d->gja, d->gva, &d->g, stream));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.forest: forest l of the graph, with a splitting's reweighting and coverage of the union
   (TSPCudaForestFromGraph()), or the 2x2 block forest of the block */
static PetscErrorCode TSPCudaGraphForest(TSPChain c, Mat A, PetscInt l)
{
  TSPChain_CUDA *d = (TSPChain_CUDA *)c->data;
  cudaStream_t   stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  if (c->params.forest.block == 2) PetscCall(TSPCudaForestBuildBlock(c, A, &d->forest[l], &c->info[l], stream));
  else PetscCall(TSPCudaForestFromGraph(c, &d->g, &d->forest[l], &c->info[l], stream));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.graphfree: the block's device CSR arrays given back; the graph's device block stays for the next
   build (d->graph, freed with the chain) */
static PetscErrorCode TSPCudaGraphFree(TSPChain c, Mat A)
{
  TSPChain_CUDA *d = (TSPChain_CUDA *)c->data;

  PetscFunctionBegin;
  if (c->params.forest.block != 2) PetscCall(TriSplitRestoreDeviceCSR(A, &d->gia, &d->gja, &d->gva));
  PetscCall(PetscMemzero(&d->g, sizeof(d->g)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.truncate: forests l.. of the chain freed with the fused permutations into them and the kept
   patterns of their products (a dropped level or a splitting's empty last forest; the twin of the
   host's TSPHostTruncate()) */
static PetscErrorCode TSPCudaTruncate(TSPChain c, PetscInt l)
{
  TSPChain_CUDA *d = (TSPChain_CUDA *)c->data;

  PetscFunctionBegin;
  for (PetscInt k = l; k < c->nforests; k++) {
    PetscCall(TSPCudaForestReset(&d->forest[k]));
    if (k > 0 && d->link) TriSplitDeviceFree(d->link[k - 1]);
  }
  for (PetscInt k = l; k < d->lw.npatterns; k++) {
    TriSplitDeviceFree(d->lw.krow[k]); /* sets them to NULL: a later build of the level keeps its pattern again */
    TriSplitDeviceFree(d->lw.kcol[k]);
  }
  c->nforests = l;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* MOS-a's levels on the device, the level operations: B_l stays on the GPU (two
   CSR buffers in turn, B_0 is the matrix's own arrays, held from begin to end); per level the forest of
   B_l from the orchestrator (a build), its bands, the product and its compaction, or with a kept
   pattern only the values of B_{l+1} on it. Only scalars come back: the factor's status, the
   product's counters, nnz(B_{l+1}) and c_diag(B_{l+1}). */

/* levels.begin: B_0 = A; the first build sizes every buffer from A's pattern (the product keeps q_i + 1
   entries of row i), so that a refresh allocates nothing */
static PetscErrorCode TSPCudaLevelsBegin(TSPChain c, Mat A, PetscInt target, PetscBool refresh, PetscReal *cdiag)
{
  TSPChain_CUDA    *d = (TSPChain_CUDA *)c->data;
  TSPCudaLevelWork *w = &d->lw;
  PetscInt          n, nnz, cap = 0;
  cudaStream_t      stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitGetDeviceCSR(A, &n, &nnz, &w->ia, &w->ja, &w->va));
  PetscCheck(!refresh || n == c->n, PETSC_COMM_SELF, PETSC_ERR_ARG_SIZ, "Matrix has %" PetscInt_FMT " local rows, the levels %" PetscInt_FMT, n, c->n);
  c->n = n;
  PetscCall(TSPCudaCheckWorkspace(c, n, nnz));
  if (!d->factor) PetscCall(TriSplitDeviceMalloc(ts_ref_gttrf_size(n) + 1, &d->factor));
  if (!w->q) {
    PetscCall(TriSplitDeviceMalloc(PetscMax(ts_cuda_mosa_pattern_buffer_size(n), ts_cuda_path_bounds_buffer_size(n)) + 1, &w->pbuf));
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscInt) * (n + 1), (void **)&w->q));
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscInt) * (n + 1), (void **)&w->orow));
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar), (void **)&w->cov));
    PetscCall(TriSplitCheckKernel(ts_cuda_mosa_rowcap(stream, n, w->ia, w->ja, w->q, w->orow, w->pbuf), "mosa_rowcap"));
    PetscCall(TriSplitDeviceRead(stream, w->orow + n, &cap, sizeof(PetscInt)));
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscInt) * (cap + 1), (void **)&w->ocol));
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * (cap + 1), (void **)&w->oval));
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscInt) * (n + 1), (void **)&w->olen));
    for (PetscInt t = 0; t < 2; t++) {
      PetscCall(TriSplitDeviceMalloc(sizeof(PetscInt) * (n + 1), (void **)&w->brow[t]));
      PetscCall(TriSplitDeviceMalloc(sizeof(PetscInt) * (cap + 1), (void **)&w->bcol[t]));
      PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * (cap + 1), (void **)&w->bval[t]));
    }
    PetscCall(TriSplitDeviceMalloc(ts_cuda_mosa_product_buffer_size(n, (int)c->params.split.exact), &w->prod));
  }
  if (!refresh) {
    PetscCall(PetscCalloc1(target, &d->forest));
    if (c->params.reuse && c->params.split.reuse_pattern) {
      w->npatterns = target;
      PetscCall(PetscCalloc3(target, &w->krow, target, &w->kcol, target, &w->knnz));
    }
  }
  c->product_rounds[0] = c->product_rounds[1] = 0;
  w->b_rowptr = w->ia, w->b_col = w->ja, w->b_val = w->va, w->nnz = nnz, w->cur = -1; /* B_0 = A */
  PetscCall(TriSplitCheckKernel(ts_cuda_diag_coverage(stream, n, w->b_rowptr, w->b_col, w->b_val, w->cov, w->pbuf), "diag_coverage"));
  PetscCall(TriSplitDeviceRead(stream, w->cov, cdiag, sizeof(PetscReal)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* levels.forest: forest l of B_l from the orchestrator; c_id stays that of A = B_0 */
static PetscErrorCode TSPCudaLevelForest(TSPChain c, PetscInt l)
{
  TSPChain_CUDA    *d           = (TSPChain_CUDA *)c->data;
  TSPCudaLevelWork *w           = &d->lw;
  PetscReal         coverage_id = c->coverage_id;
  TSPCudaGraph      g;
  cudaStream_t      stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TSPCudaGraphBuild(c, c->n, w->nnz, w->b_rowptr, w->b_col, w->b_val, &g, stream));
  PetscCall(TSPCudaForestFromGraph(c, &g, &d->forest[l], &c->info[l], stream));
  if (l) c->coverage_id = coverage_id;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* levels.bands: forest l's bands from B_l (a non-finite entry shows in the factor's elimination) */
static PetscErrorCode TSPCudaLevelBands(TSPChain c, PetscInt l, PetscInt *bad_row)
{
  TSPChain_CUDA    *d = (TSPChain_CUDA *)c->data;
  TSPCudaLevelWork *w = &d->lw;
  TSPCudaForest    *f = &d->forest[l];
  cudaStream_t      stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(PetscLogEventBegin(TriSplit_Bands, 0, 0, 0, 0));
  f->transposed = PETSC_FALSE; /* new bands */
  if (c->n) PetscCall(TriSplitCheckKernel(ts_cuda_forest_bands(stream, c->n, w->b_rowptr, w->b_col, w->b_val, f->perm, f->iperm, f->path_id, f->a, f->b, f->c), "forest_bands"));
  PetscCall(PetscLogEventEnd(TriSplit_Bands, 0, 0, 0, 0));
  *bad_row = -1;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* levels.product: B_{l+1} into the other CSR buffer, compacted from the padded top-q rows (a build
   keeping its patterns copies the pattern), or the values on the kept pattern; then c_diag(B_{l+1}) */
static PetscErrorCode TSPCudaLevelProduct(TSPChain c, PetscInt l, PetscReal *cdiag, PetscBool *nonfinite)
{
  TSPChain_CUDA       *d    = (TSPChain_CUDA *)c->data;
  TSPCudaLevelWork    *w    = &d->lw;
  const TSPCudaForest *f    = &d->forest[l];
  const PetscInt       n    = c->n;
  const PetscBool      kept = (PetscBool)(c->params.split.reuse_pattern && l < w->npatterns && w->kcol[l]);
  PetscInt             rounds[2];
  cudaStream_t         stream;
  ts_status            st;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  *cdiag     = 0;
  *nonfinite = PETSC_FALSE;
  if (n) {
    PetscCall(PetscLogEventBegin(TriSplit_MOSAProduct, 0, 0, 0, 0));
    w->cur = w->cur == 0 ? 1 : 0;
    if (kept) st = ts_cuda_mosa_refresh(stream, n, w->b_rowptr, w->b_col, w->b_val, f->perm, f->iperm, d->cbegin, d->cend, d->factor, w->q, c->params.split.droptol, (int)c->params.split.exact, w->krow[l], w->kcol[l], w->bval[w->cur], w->prod, rounds);
    else st = ts_cuda_mosa_product(stream, n, w->b_rowptr, w->b_col, w->b_val, f->perm, f->iperm, d->cbegin, d->cend, d->factor, w->q, c->params.split.droptol, (int)c->params.split.exact, w->orow, w->ocol, w->oval, w->olen, w->prod, rounds);
    PetscCheck(st == TS_SUCCESS || st == TS_ERR_NONFINITE, PETSC_COMM_SELF, st == TS_ERR_DEVICE ? PETSC_ERR_GPU : PETSC_ERR_LIB, "MOS-a device product failed (status %d)", (int)st);
    c->product_rounds[0] = PetscMax(c->product_rounds[0], rounds[0]);
    c->product_rounds[1] += rounds[1];
    if (st == TS_ERR_NONFINITE) *nonfinite = PETSC_TRUE;
    else if (kept) { /* B_{l+1}: the kept pattern with the new values, nothing to compact */
      w->b_rowptr = w->krow[l], w->b_col = w->kcol[l], w->b_val = w->bval[w->cur];
      w->nnz      = w->knnz[l];
    } else {
      PetscCall(TriSplitCheckKernel(ts_cuda_mosa_compact(stream, n, w->orow, w->ocol, w->oval, w->olen, w->brow[w->cur], w->bcol[w->cur], w->bval[w->cur], w->pbuf), "mosa_compact"));
      PetscCall(TriSplitDeviceRead(stream, w->brow[w->cur] + n, &w->nnz, sizeof(PetscInt)));
      w->b_rowptr = w->brow[w->cur], w->b_col = w->bcol[w->cur], w->b_val = w->bval[w->cur];
      if (l < w->npatterns && !w->kcol[l]) { /* a build keeping its patterns (a refresh with the patterns off keeps the build's) */
        PetscCall(TriSplitDeviceMalloc(sizeof(PetscInt) * (n + 1), (void **)&w->krow[l]));
        PetscCall(TriSplitDeviceMalloc(sizeof(PetscInt) * (w->nnz + 1), (void **)&w->kcol[l]));
        PetscCallCUDA(cudaMemcpyAsync(w->krow[l], w->b_rowptr, sizeof(PetscInt) * (n + 1), cudaMemcpyDeviceToDevice, stream));
        PetscCallCUDA(cudaMemcpyAsync(w->kcol[l], w->b_col, sizeof(PetscInt) * w->nnz, cudaMemcpyDeviceToDevice, stream));
        w->knnz[l] = w->nnz;
      }
    }
    PetscCall(PetscLogEventEnd(TriSplit_MOSAProduct, 0, 0, 0, 0));
  }
  if (!*nonfinite) {
    PetscCall(TriSplitCheckKernel(ts_cuda_diag_coverage(stream, n, w->b_rowptr, w->b_col, w->b_val, w->cov, w->pbuf), "diag_coverage"));
    PetscCall(TriSplitDeviceRead(stream, w->cov, cdiag, sizeof(PetscReal)));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* levels.end: T = diagp1(B_m) as the scaling of the apply (1/T, 0 where T = 0); A's arrays given back */
static PetscErrorCode TSPCudaLevelsEnd(TSPChain c, Mat A, PetscBool refresh)
{
  TSPChain_CUDA    *d = (TSPChain_CUDA *)c->data;
  TSPCudaLevelWork *w = &d->lw;
  const PetscInt    n = c->n;
  cudaStream_t      stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  (void)refresh;
  if (!d->t) {
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->t));
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->j));
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->scale));
  }
  if (n && !c->failed) PetscCall(TriSplitCheckKernel(ts_cuda_mos_diagonal(stream, 1, n, w->b_rowptr, w->b_col, w->b_val, 1, d->t, d->scale, d->j), "mos_diagonal"));
  w->b_rowptr = w->b_col = NULL, w->b_val = NULL;
  PetscCall(TriSplitRestoreDeviceCSR(A, &w->ia, &w->ja, &w->va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ---------------------------------------------------------------------------------------------- */
/* Apply                                                                                          */

/* The bands of T^T (RPTS solves T X = B only), built at the first transposed solve after new values */
static PetscErrorCode TSPCudaForestSetUpTranspose(TSPCudaForest *f, cudaStream_t stream)
{
  PetscFunctionBegin;
  PetscCheck(!f->sb, PETSC_COMM_SELF, PETSC_ERR_SUP, "Transposed solves with single-precision factors are not implemented (use -pc_<type>_precision double)");
  if (f->transposed || !f->nrows) PetscFunctionReturn(PETSC_SUCCESS);
  if (!f->at) {
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * f->bs * f->nrows, (void **)&f->at));
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * f->bs * f->nrows, (void **)&f->ct));
    if (f->bs == 2) PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * f->bs * f->nrows, (void **)&f->bt));
  }
  if (f->bs == 2) PetscCall(TriSplitCheckKernel(ts_cuda_block_transpose(stream, f->nrows / 2, f->a, f->b, f->c, f->at, f->bt, f->ct), "block_transpose"));
  else PetscCall(TriSplitCheckKernel(ts_cuda_tridiag_transpose(stream, f->nrows, f->a, f->c, f->at, f->ct), "tridiag_transpose"));
  f->transposed = PETSC_TRUE;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* RPTS of a scalar forest with the permutations fused into its finest stage: the bands of T (T^T:
   transpose), in float when the forest keeps single-precision factors */
static PetscErrorCode TSPCudaForestPermutedSolve(const TSPCudaForest *f, PCTriSplitPivoting pivoting, PetscBool transpose, PetscInt k, const ts_permuted_io *io, void *buffer, cudaStream_t stream)
{
  PetscFunctionBegin;
  if (f->sb && !transpose) PetscCall(TriSplitCheckKernel(ts_cuda_sgtsv_permuted_tuned(stream, (ts_pivoting)pivoting, f->nrows, k, f->sa, f->sb, f->sc, io, buffer, &f->plan), "sgtsv_permuted"));
  else PetscCall(TriSplitCheckKernel(ts_cuda_dgtsv_permuted_tuned(stream, (ts_pivoting)pivoting, f->nrows, k, transpose ? f->at : f->a, f->b, transpose ? f->ct : f->c, io, buffer, &f->plan), "dgtsv_permuted"));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* k columns of w = T^-1 w (T^-T w) in the order of a 2x2 block forest; one column in float when the
   forest keeps single-precision factors, converted on the way in and out through swork */
static PetscErrorCode TSPCudaForestBlockSolve(TSPChain_CUDA *d, const TSPCudaForest *f, PCTriSplitPivoting pivoting, PetscBool transpose, PetscInt k, PetscScalar *w, PetscInt ldw, void *buffer, cudaStream_t stream)
{
  PetscFunctionBegin;
  if (f->sb && !transpose && k == 1) {
    PetscCall(TriSplitCheckKernel(ts_cuda_gather_to_float(stream, f->nrows, NULL, w, d->swork), "gather_to_float"));
    PetscCall(TriSplitCheckKernel(ts_cuda_sbgtsv(stream, (ts_pivoting)pivoting, f->nrows / 2, 1, f->sa, f->sb, f->sc, d->swork, f->nrows, buffer), "sbgtsv"));
    PetscCall(TriSplitCheckKernel(ts_cuda_scatter_from_float(stream, f->nrows, NULL, d->swork, w), "scatter_from_float"));
  } else PetscCall(TriSplitCheckKernel(ts_cuda_dbgtsv(stream, (ts_pivoting)pivoting, f->nrows / 2, k, transpose ? f->at : f->a, transpose ? f->bt : f->b, transpose ? f->ct : f->c, w, ldw, buffer), "dbgtsv"));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The io of y = P^T T^-1 P x for k columns: gather and scatter through the forest's permutation */
static ts_permuted_io TSPCudaForestIO(const TSPCudaForest *f, const PetscScalar *x, PetscInt ldx, PetscScalar *y, PetscInt ldy)
{
  ts_permuted_io io;

  memset(&io, 0, sizeof(io)); /* no scales, no w, no accumulation */
  io.gather   = f->perm;
  io.x        = x;
  io.ldx      = ldx;
  io.scatter  = f->perm;
  io.y        = y;
  io.ldy      = ldy;
  io.keep_rhs = 1; /* one far read per row, not two (docs/performance.md) */
  return io;
}

/* Y = P_lo^T A_lo^-1 P_lo P_{lo+1}^T ... P_hi^T A_hi^-1 P_hi D X for k columns, D the chain's scaling
   when hi is the last factor, or the transpose D P_hi^T A_hi^-T ... A_lo^-T P_lo X: the twin of the
   host's TSPHostApplyRange(). One RPTS call per factor for all columns (the bands read once per group
   of four): for scalar forests each permutation pass is fused into the solve next to it (the first
   solve gathers X, with the scaling, the last one scatters into Y, the ones between read or write
   through link); 2x2 block forests gather and scatter around block RPTS. w0, w1: nrows x k each;
   buffer: RPTS workspace for k columns, or NULL for each forest's own (k = 1). */
static PetscErrorCode TSPCudaApplyRange(TSPChain c, PetscInt lo, PetscInt hi, PetscBool transpose, PetscInt k, const PetscScalar *x, PetscInt ldx, PetscScalar *y, PetscInt ldy, PetscScalar *w0, PetscScalar *w1, void *buffer)
{
  TSPChain_CUDA     *d       = (TSPChain_CUDA *)c->data;
  TSPCudaForest     *forest  = d->forest;
  const PetscInt     n       = c->nrows, first = transpose ? lo : hi, last = transpose ? hi : lo, step = transpose ? 1 : -1;
  const PetscScalar *scale   = hi == c->nforests - 1 ? d->scale : NULL;
  const PCTriSplitPivoting piv = c->params.forest.pivoting;
  cudaStream_t       stream;

  PetscFunctionBegin;
  if (!n || !k) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TriSplitGetStream(&stream));
  for (PetscInt l = lo; transpose && l <= hi; l++) PetscCall(TSPCudaForestSetUpTranspose(&forest[l], stream));
  PetscCall(PetscLogEventBegin(TriSplit_Solve, 0, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  if (c->bs == 1) {
    const PetscScalar *src = x;
    PetscInt           lds = ldx;

    for (PetscInt l = first;; l += step) {
      const TSPCudaForest *f  = &forest[l];
      ts_permuted_io       io = TSPCudaForestIO(f, src, lds, y, ldy);

      if (l != first) io.gather = transpose ? NULL : d->link[l];
      if (l == first && !transpose) io.in_scale = scale;
      if (l == last) io.out_scale = transpose ? scale : NULL;
      else { /* into the workspace not read by this solve, in the order of the next factor */
        io.scatter = transpose ? d->link[l] : NULL;
        io.y       = src == w0 ? w1 : w0;
        io.ldy     = n;
      }
      PetscCall(TSPCudaForestPermutedSolve(f, piv, transpose, k, &io, buffer ? buffer : f->buffer, stream));
      if (l == last) break;
      src = io.y;
      lds = n;
    }
  } else {
    PetscCall(TriSplitCheckKernel(ts_cuda_gather_columns(stream, n, k, forest[first].perm, transpose ? NULL : scale, x, ldx, w0, n), "gather_columns"));
    for (PetscInt l = first;; l += step) {
      if (l != first) {
        PetscScalar *t;

        if (transpose) PetscCall(TriSplitCheckKernel(ts_cuda_scatter_columns(stream, n, k, d->link[l - 1], NULL, w0, n, w1, n), "scatter_columns"));
        else PetscCall(TriSplitCheckKernel(ts_cuda_gather_columns(stream, n, k, d->link[l], NULL, w0, n, w1, n), "gather_columns"));
        t  = w0;
        w0 = w1;
        w1 = t;
      }
      PetscCall(TSPCudaForestBlockSolve(d, &forest[l], piv, transpose, k, w0, n, buffer ? buffer : forest[l].buffer, stream));
      if (l == last) break;
    }
    PetscCall(TriSplitCheckKernel(ts_cuda_scatter_columns(stream, n, k, forest[last].perm, transpose ? scale : NULL, w0, n, y, ldy), "scatter_columns"));
  }
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogGpuFlops((c->bs == 2 ? 30.0 : 9.0) * n * k * (hi - lo + 1)));
  PetscCall(PetscLogEventEnd(TriSplit_Solve, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Y = factors lo..hi of k columns of X: one column with each forest's own RPTS workspace and the work
   vectors, more with workspaces of k columns, which stay for the next call with as many or fewer */
static PetscErrorCode TSPCudaApply(TSPChain c, PetscInt lo, PetscInt hi, PetscBool transpose, PetscInt k, const PetscScalar *x, PetscInt ldx, PetscScalar *y, PetscInt ldy)
{
  TSPChain_CUDA *d = (TSPChain_CUDA *)c->data;

  PetscFunctionBegin;
  if (k == 1) {
    PetscCall(TSPCudaApplyRange(c, lo, hi, transpose, 1, x, ldx, y, ldy, d->w0, d->w1, NULL));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  if (d->mcols < k) {
    size_t bytes = 0;

    TriSplitDeviceFree(d->mw0);
    TriSplitDeviceFree(d->mw1);
    TriSplitDeviceFree(d->mbuffer);
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * c->nrows * k, (void **)&d->mw0));
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * c->nrows * k, (void **)&d->mw1));
    for (PetscInt l = 0; l < c->nforests; l++) bytes = PetscMax(bytes, TSPCudaSolveBytes(&d->forest[l], k));
    PetscCall(TriSplitDeviceMalloc(bytes + 1, &d->mbuffer));
    d->mcols = k;
  }
  PetscCall(TSPCudaApplyRange(c, lo, hi, transpose, k, x, ldx, y, ldy, d->mw0, d->mw1, d->mbuffer));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* z += P^T T^-1 P (r - az), one defect-correction sweep of ALT-i: the residual update and the
   correction fused into the permuted RPTS */
static PetscErrorCode TSPCudaCorrect(TSPChain c, PetscInt l, const PetscScalar *r, const PetscScalar *az, PetscScalar *z)
{
  TSPChain_CUDA       *d = (TSPChain_CUDA *)c->data;
  const TSPCudaForest *f = &d->forest[l];
  cudaStream_t         stream;
  ts_permuted_io       io;

  PetscFunctionBegin;
  if (!c->n) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TriSplitGetStream(&stream));
  io            = TSPCudaForestIO(f, r, c->n, z, c->n);
  io.w          = az;
  io.ldw        = c->n;
  io.accumulate = 1;
  PetscCall(PetscLogEventBegin(TriSplit_Solve, 0, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  PetscCall(TSPCudaForestPermutedSolve(f, c->params.forest.pivoting, PETSC_FALSE, 1, &io, f->buffer, stream));
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogGpuFlops(11.0 * c->n));
  PetscCall(PetscLogEventEnd(TriSplit_Solve, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPChainSetBackend_CUDA(TSPChain c)
{
  PetscFunctionBegin;
  c->backend       = "cuda";
  c->min_batch     = 4; /* RPTS batches columns by four: fewer go through the one-column apply */
  c->single_ok     = PETSC_TRUE;
  /* leaf operations of the build and refresh, which chain.c drives */
  c->ops.create          = TSPCudaCreate;
  c->ops.reset           = TSPCudaReset;
  c->ops.graph           = TSPCudaGraphOfBlock;
  c->ops.forest          = TSPCudaGraphForest;
  c->ops.graphfree       = TSPCudaGraphFree;
  c->ops.truncate        = TSPCudaTruncate;
  c->ops.links           = TSPCudaLinks;
  c->ops.diagonal        = TSPCudaDiagonal;
  c->ops.diagonalrestore = TSPCudaDiagonalRestore;
  c->ops.bands           = TSPCudaBands;
  c->ops.factor          = TSPCudaFactor;
  c->ops.shift           = TSPCudaShift;
  c->ops.definite        = TSPCudaDefinite;
  c->ops.apply           = TSPCudaApply;
  c->ops.correct         = TSPCudaCorrect;
  c->ops.levels.begin    = TSPCudaLevelsBegin;
  c->ops.levels.forest   = TSPCudaLevelForest;
  c->ops.levels.bands    = TSPCudaLevelBands;
  c->ops.levels.product  = TSPCudaLevelProduct;
  c->ops.levels.end      = TSPCudaLevelsEnd;
  /* vectors and dense matrices in device memory */
  c->ops.vecread           = VecCUDAGetArrayRead;
  c->ops.vecrestoreread    = VecCUDARestoreArrayRead;
  c->ops.vecwrite          = VecCUDAGetArrayWrite;
  c->ops.vecrestorewrite   = VecCUDARestoreArrayWrite;
  c->ops.vec               = VecCUDAGetArray;
  c->ops.vecrestore        = VecCUDARestoreArray;
  c->ops.denseread         = MatDenseCUDAGetArrayRead;
  c->ops.denserestoreread  = MatDenseCUDARestoreArrayRead;
  c->ops.densewrite        = MatDenseCUDAGetArrayWrite;
  c->ops.denserestorewrite = MatDenseCUDARestoreArrayWrite;
  c->ops.paths             = TSPChainPaths_CUDA;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ops.paths (PCTRIAMG): the first forest's order and path ids in device memory, where a scalar forest
   was built */
PetscErrorCode TSPChainPaths_CUDA(TSPChain c, PetscMemType *mtype, const PetscInt **perm, const PetscInt **path_id)
{
  TSPChain_CUDA *d = (TSPChain_CUDA *)c->data;

  PetscFunctionBegin;
  *mtype = PETSC_MEMTYPE_CUDA;
  if (d && d->forest && d->forest[0].bs == 1) {
    *perm    = d->forest[0].perm;
    *path_id = d->forest[0].path_id;
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}
#endif
