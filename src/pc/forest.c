/*
   The forest builder shared by every trisplit preconditioner: local block -> weight graph C ->
   [0,2]-factor -> linear forest -> permuted tridiagonal bands -> factorization, and the apply
   gather -> tridiagonal solve -> scatter. The arithmetic lives in the PETSc-free kernels.
*/
#include <trisplit/private/forestimpl.h>

const char *const PCAlgTriPivotings[] = {"none", "partial", "scaled", "PCAlgTriPivoting", "PCALGTRI_PIVOTING_", NULL};
const char *const PCAlgTriWeights[]   = {"scaled", "abs", "PCAlgTriWeight", "PCALGTRI_WEIGHT_", NULL};

PetscErrorCode TSForestOptionsDefault(TSForestOptions *opt)
{
  PetscFunctionBegin;
  opt->weight               = PCALGTRI_WEIGHT_SCALED;
  opt->pivoting             = PCALGTRI_PIVOTING_SCALED;
  opt->block                = 1;
  opt->factor.n             = 2;
  opt->factor.iterations    = 5;   /* M */
  opt->factor.charge_period = 5;   /* m */
  opt->factor.charge_skip   = 0;   /* k_m */
  opt->factor.p             = 0.5; /* Auer-Bisseling optimum for matchings */
  opt->factor.seed          = 0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Options -pc_<type>_... shared by every PC built on linear forests. */
PetscErrorCode TSForestOptionsSetFromOptions(TSOptionItems PetscOptionsObject, const char type[], TSForestOptions *opt)
{
  char      name[64];
  PetscInt  ival;
  PetscReal rval;
  PetscBool flg;

  PetscFunctionBegin;
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_pivoting", type));
  PetscCall(PetscOptionsEnum(name, "Pivoting of the tridiagonal solves", "PCAlgTriSetPivoting", PCAlgTriPivotings, (PetscEnum)opt->pivoting, (PetscEnum *)&opt->pivoting, NULL));
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_weight", type));
  PetscCall(PetscOptionsEnum(name, "Edge weights of the graph the forest is extracted from", "PCAlgTriSetWeight", PCAlgTriWeights, (PetscEnum)opt->weight, (PetscEnum *)&opt->weight, NULL));
  ival = opt->factor.iterations;
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_factor_iterations", type));
  PetscCall(PetscOptionsInt(name, "Rounds M of the parallel [0,2]-factor", "PCAlgTriSetFactorIterations", ival, &ival, &flg));
  if (flg) {
    PetscCheck(ival >= 1, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "%s must be at least 1, got %" PetscInt_FMT, name, ival);
    opt->factor.iterations = (int)ival;
  }
  ival = opt->factor.charge_period;
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_factor_charge_period", type));
  PetscCall(PetscOptionsInt(name, "Charges are off in every m-th round of the factor (m)", "PCALGTRI", ival, &ival, &flg));
  if (flg) {
    PetscCheck(ival >= 1, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "%s must be at least 1, got %" PetscInt_FMT, name, ival);
    opt->factor.charge_period = (int)ival;
  }
  ival = opt->factor.charge_skip;
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_factor_charge_skip", type));
  PetscCall(PetscOptionsInt(name, "Uncharged round within each period (k_m)", "PCALGTRI", ival, &ival, &flg));
  if (flg) opt->factor.charge_skip = (int)ival;
  rval = opt->factor.p;
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_factor_p", type));
  PetscCall(PetscOptionsReal(name, "Probability of a positive charge", "PCALGTRI", rval, &rval, &flg));
  if (flg) {
    PetscCheck(rval >= 0 && rval <= 1, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "%s must lie in [0,1], got %g", name, (double)rval);
    opt->factor.p = rval;
  }
  ival = (PetscInt)opt->factor.seed;
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_factor_seed", type));
  PetscCall(PetscOptionsInt(name, "Seed mixed into the charge hash", "PCALGTRI", ival, &ival, &flg));
  if (flg) opt->factor.seed = (uint32_t)ival;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* -pc_<type>_precision double|single: the precision of the tridiagonal factors (single: float bands and
   RPTS solves on the GPU inside the double Krylov method) */
PetscErrorCode TSPrecisionSetFromOptions(TSOptionItems PetscOptionsObject, const char type[], PetscBool *single)
{
  const char *const precisions[] = {"double", "single", "TSPrecision", "", NULL};
  PetscEnum         prec         = (PetscEnum)*single;
  char              name[64];

  PetscFunctionBegin;
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_precision", type));
  PetscCall(PetscOptionsEnum(name, "Precision of the tridiagonal factors (single: float bands and solves on the GPU)", "PCALGTRI", precisions, prec, &prec, NULL));
  *single = (PetscBool)(prec == 1);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Single-precision factors exist on the device path only: refused on the host (owned, the converted
   local block of TSGetLocalAIJ(), is destroyed first so that nothing leaks on the way out) */
PetscErrorCode TSCheckHostPrecision(PC pc, const char type[], PetscBool single, Mat *owned)
{
  PetscFunctionBegin;
  if (single) PetscCall(MatDestroy(owned));
  PetscCheck(!single, PetscObjectComm((PetscObject)pc), PETSC_ERR_SUP, "-pc_%s_precision single is implemented on the GPU only (MATAIJCUSPARSE); the host factors in double", type);
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSForestOptionsView(const TSForestOptions *opt, PetscViewer viewer)
{
  PetscFunctionBegin;
  PetscCall(PetscViewerASCIIPrintf(viewer, "weights %s, pivoting %s\n", PCAlgTriWeights[opt->weight], PCAlgTriPivotings[opt->pivoting]));
  PetscCall(PetscViewerASCIIPrintf(viewer, "[0,%d]-factor: %d rounds, charges off every %d-th (k_m = %d), p = %g\n", opt->factor.n, opt->factor.iterations, opt->factor.charge_period, opt->factor.charge_skip, opt->factor.p));
  if (opt->block == 2) PetscCall(PetscViewerASCIIPrintf(viewer, "2x2 blocks: matching ([0,1]-factor), pairs contracted, the forest on the coarse graph\n"));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The local diagonal block as SEQAIJ: MPI matrices give their diagonal block, other formats
   (BAIJ, SBAIJ, dense, ...) are converted into *owned, which the caller destroys. */
PetscErrorCode TSGetLocalAIJ(PC pc, Mat *local, Mat *owned)
{
  Mat       A = pc->pmat, diag;
  PetscInt  M, N, m, n;
  PetscBool isaij;

  PetscFunctionBegin;
  *owned = NULL;
  PetscCall(MatGetSize(A, &M, &N));
  PetscCall(MatGetLocalSize(A, &m, &n));
  PetscCheck(M == N, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_SIZ, "%s needs a square matrix, got %" PetscInt_FMT " x %" PetscInt_FMT, ((PetscObject)pc)->type_name, M, N);
  PetscCheck(m == n, PETSC_COMM_SELF, PETSC_ERR_ARG_SIZ, "%s needs equal local row and column sizes (a square diagonal block), got %" PetscInt_FMT " x %" PetscInt_FMT, ((PetscObject)pc)->type_name, m, n);
  PetscCall(MatGetDiagonalBlock(A, &diag));
  PetscCall(PetscObjectBaseTypeCompare((PetscObject)diag, MATSEQAIJ, &isaij));
  if (!isaij) {
    PetscCall(PetscInfo(pc, "Converting the local block of type %s to %s\n", ((PetscObject)diag)->type_name, MATSEQAIJ));
    PetscCall(MatConvert(diag, MATSEQAIJ, MAT_INITIAL_MATRIX, owned));
    diag = *owned;
  }
  *local = diag;
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSGetCSR(Mat A, PetscInt *n, const PetscInt **ia, const PetscInt **ja, const PetscScalar **va)
{
  PetscBool done;

  PetscFunctionBegin;
  PetscCall(MatGetRowIJ(A, 0, PETSC_FALSE, PETSC_FALSE, n, ia, ja, &done));
  PetscCheck(done, PETSC_COMM_SELF, PETSC_ERR_SUP, "Cannot get the CSR structure of a matrix of type %s", ((PetscObject)A)->type_name);
  PetscCall(MatSeqAIJGetArrayRead(A, va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSRestoreCSR(Mat A, PetscInt *n, const PetscInt **ia, const PetscInt **ja, const PetscScalar **va)
{
  PetscBool done;

  PetscFunctionBegin;
  PetscCall(MatSeqAIJRestoreArrayRead(A, va));
  PetscCall(MatRestoreRowIJ(A, 0, PETSC_FALSE, PETSC_FALSE, n, ia, ja, &done));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSGraphReset(TSGraph *g)
{
  PetscFunctionBegin;
  PetscCall(PetscFree(g->rowptr));
  PetscCall(PetscFree(g->col));
  PetscCall(PetscFree(g->w));
  g->n = 0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* C = |diagp1(A)^-1 A| + transpose (scaled) or |A| + |A|^T (abs), without the diagonal.
   Non-finite entries make the weights meaningless: they are reported by TSForestSetValues(). */
PetscErrorCode TSGraphBuildCSR(PetscInt n, const PetscInt *ia, const PetscInt *ja, const PetscScalar *va, PCAlgTriWeight weight, TSGraph *g)
{
  PetscInt  *t_rowptr, *t_col;
  PetscReal *t_val, *scale;

  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TS_Graph, 0, 0, 0, 0));
  PetscCall(TSGraphReset(g));
  g->n = n;
  PetscCall(PetscMalloc4(n + 1, &t_rowptr, ia[n], &t_col, ia[n], &t_val, n, &scale));
  ts_ref_csr_transpose(n, n, ia, ja, va, t_rowptr, t_col, t_val);
  ts_ref_graph_scale(weight == PCALGTRI_WEIGHT_SCALED ? TS_WEIGHT_SCALED : TS_WEIGHT_ABS, n, ia, ja, va, scale);
  PetscCall(PetscMalloc1(n + 1, &g->rowptr));
  ts_ref_graph_rowptr(n, ia, ja, t_rowptr, t_col, g->rowptr);
  PetscCall(PetscMalloc1(g->rowptr[n], &g->col));
  PetscCall(PetscMalloc1(g->rowptr[n], &g->w));
  ts_ref_graph_fill(n, ia, ja, va, t_rowptr, t_col, t_val, scale, g->rowptr, g->col, g->w);
  PetscCall(PetscFree4(t_rowptr, t_col, t_val, scale));
  g->total       = ts_ref_masked_sum(g->rowptr[n], g->w, NULL);
  g->coverage_id = ts_ref_identity_coverage(n, g->rowptr, g->col, g->w);
  PetscCall(PetscLogEventEnd(TS_Graph, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSGraphBuild(Mat A, PCAlgTriWeight weight, TSGraph *g)
{
  PetscInt           n;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;

  PetscFunctionBegin;
  PetscCall(TSGetCSR(A, &n, &ia, &ja, &va));
  PetscCall(TSGraphBuildCSR(n, ia, ja, va, weight, g));
  PetscCall(TSRestoreCSR(A, &n, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSForestReset(TSForest *f)
{
  PetscFunctionBegin;
  PetscCall(PetscFree2(f->partner, f->partner_w));
  PetscCall(PetscFree3(f->perm, f->iperm, f->path_id));
  PetscCall(PetscFree3(f->a, f->b, f->c));
  PetscCall(PetscFree(f->factor));
  PetscCall(PetscMemzero(f, sizeof(*f)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* [0,nf]-factor of a graph with the options' schedule: partner gets 2 slots per vertex as the linear
   forest wants them (a matching, nf = 1, leaves the second slot empty). */
static PetscErrorCode TSFactorGraph(const ts_factor_params *params, PetscInt n, const PetscInt *rowptr, const PetscInt *col, const PetscReal *w, PetscInt *partner, PetscReal *partner_w, int *rounds)
{
  void     *fwork;
  ts_status status;

  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TS_Factor, 0, 0, 0, 0));
  PetscCall(PetscMalloc(ts_ref_factor_size(n, params->n), &fwork));
  status = ts_ref_factor(params, n, rowptr, col, w, partner, partner_w, fwork, rounds);
  PetscCall(PetscFree(fwork));
  PetscCheck(status == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "Invalid [0,%d]-factor parameters (kernel status %d)", params->n, (int)status);
  if (params->n == 1) /* spread one slot per vertex into the two of a [0,2]-factor, from the back */
    for (PetscInt v = n - 1; v >= 0; v--) {
      partner[2 * v]       = partner[v];
      partner_w[2 * v]     = partner_w[v];
      partner[2 * v + 1]   = -1;
      partner_w[2 * v + 1] = 0.0;
    }
  PetscCall(PetscLogEventEnd(TS_Factor, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Cycles broken, paths numbered, permutation: the linear forest of a [0,2]-factor on n vertices. */
static PetscErrorCode TSLinearForest(PetscInt n, PetscInt *partner, PetscReal *partner_w, PetscInt *path_id, PetscInt *perm, PetscInt *iperm, TSForest *f)
{
  PetscInt *position, *work;
  ts_status status;

  PetscFunctionBegin;
  PetscCall(PetscMalloc2(n, &position, 2 * n, &work));
  status = ts_ref_linear_forest(n, partner, partner_w, path_id, position, perm, iperm, work, &f->npaths, &f->longest, &f->ncycles);
  PetscCall(PetscFree2(position, work));
  PetscCheck(status == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_PLIB, "The [0,2]-factor is not a valid partner list (kernel status %d)", (int)status);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The block forest (ALGORITHMS.md 4.4): a matching of the graph contracts pairs into coarse
   vertices, the coarse graph sums the weights between pairs, its linear forest orders the pairs. */
static PetscErrorCode TSForestBuildBlock(const TSGraph *g, const TSForestOptions *opt, TSForest *f)
{
  const PetscInt   n = g->n;
  ts_factor_params matching = opt->factor;
  PetscInt        *match, *coarse, *fine, *c_rowptr, *c_col, *slot /* workspace of the coarse graph */, *c_perm, *c_iperm, *c_path_id, nb;
  PetscReal       *match_w, *c_w;
  int              rounds;

  PetscFunctionBegin;
  matching.n = 1;
  PetscCall(PetscMalloc4(2 * n, &match, 2 * n, &match_w, n, &coarse, 2 * n, &fine));
  PetscCall(TSFactorGraph(&matching, n, g->rowptr, g->col, g->w, match, match_w, &rounds));
  for (PetscInt v = 0; v < n; v++) match[v] = match[2 * v]; /* the contraction reads one slot per vertex */
  nb        = ts_ref_contract(n, match, coarse, fine);
  f->bs     = 2;
  f->nrows  = 2 * nb;
  f->npairs = n - nb;

  PetscCall(PetscLogEventBegin(TS_Graph, 0, 0, 0, 0));
  PetscCall(PetscMalloc4(nb + 1, &c_rowptr, g->rowptr[n], &c_col, g->rowptr[n], &c_w, 2 * g->rowptr[n] + 1, &slot));
  ts_ref_coarse_graph(nb, g->rowptr, g->col, g->w, coarse, fine, c_rowptr, c_col, c_w, slot);
  PetscCall(PetscLogEventEnd(TS_Graph, 0, 0, 0, 0));

  PetscCall(PetscMalloc2(2 * nb, &f->partner, 2 * nb, &f->partner_w));
  PetscCall(TSFactorGraph(&opt->factor, nb, c_rowptr, c_col, c_w, f->partner, f->partner_w, &f->rounds));
  f->rounds += rounds;

  PetscCall(PetscLogEventBegin(TS_Forest, 0, 0, 0, 0));
  PetscCall(PetscMalloc3(nb, &c_perm, nb, &c_iperm, nb, &c_path_id));
  PetscCall(TSLinearForest(nb, f->partner, f->partner_w, c_path_id, c_perm, c_iperm, f));
  PetscCall(PetscMalloc3(2 * nb, &f->perm, n, &f->iperm, nb, &f->path_id));
  ts_ref_block_perm(nb, fine, c_perm, c_path_id, f->perm, f->iperm, f->path_id);
  f->coverage = ts_ref_block_coverage(n, g->rowptr, g->col, g->w, coarse, f->partner);
  PetscCall(PetscLogEventEnd(TS_Forest, 0, 0, 0, 0));
  PetscCall(PetscFree3(c_perm, c_iperm, c_path_id));
  PetscCall(PetscFree4(c_rowptr, c_col, c_w, slot));
  PetscCall(PetscFree4(match, match_w, coarse, fine));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The structure: [0,2]-factor (or matching) of the graph, cycles broken, paths numbered,
   permutation; or the same on the coarse graph of matched pairs (2x2 blocks). */
PetscErrorCode TSForestBuild(const TSGraph *g, const TSForestOptions *opt, TSForest *f)
{
  const PetscInt n = g->n;

  PetscFunctionBegin;
  PetscCheck(opt->factor.n == 1 || opt->factor.n == 2, PETSC_COMM_SELF, PETSC_ERR_SUP, "A linear forest needs a [0,1]- or [0,2]-factor, not a [0,%d]-factor", opt->factor.n);
  PetscCheck(opt->block == 1 || opt->block == 2, PETSC_COMM_SELF, PETSC_ERR_SUP, "Block size %" PetscInt_FMT " is not supported: 1 or 2", opt->block);
  PetscCall(TSForestReset(f));
  f->n = n;
  if (opt->block == 2) {
    PetscCall(TSForestBuildBlock(g, opt, f));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  f->bs    = 1;
  f->nrows = n;
  PetscCall(PetscMalloc2(2 * n, &f->partner, 2 * n, &f->partner_w));
  PetscCall(PetscMalloc3(n, &f->perm, n, &f->iperm, n, &f->path_id));
  PetscCall(TSFactorGraph(&opt->factor, n, g->rowptr, g->col, g->w, f->partner, f->partner_w, &f->rounds));
  PetscCall(PetscLogEventBegin(TS_Forest, 0, 0, 0, 0));
  PetscCall(TSLinearForest(n, f->partner, f->partner_w, f->path_id, f->perm, f->iperm, f));
  f->coverage = ts_ref_factor_coverage(2, n, g->rowptr, g->w, f->partner, f->partner_w);
  PetscCall(PetscLogEventEnd(TS_Forest, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The bands of P A P^T on the forest, raw entries of A. A NaN or Inf anywhere in the block (not
   only in the bands) makes the operator meaningless: recorded in f->failed for the PC to report. */
PetscErrorCode TSForestExtractBandsCSR(TSForest *f, PetscInt n, const PetscInt *ia, const PetscInt *ja, const PetscScalar *va)
{
  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TS_Bands, 0, 0, 0, 0));
  PetscCheck(n == f->n, PETSC_COMM_SELF, PETSC_ERR_ARG_SIZ, "Matrix has %" PetscInt_FMT " local rows, the forest %" PetscInt_FMT, n, f->n);
  if (!f->a) PetscCall(PetscMalloc3(f->bs * f->nrows, &f->a, f->bs * f->nrows, &f->b, f->bs * f->nrows, &f->c));
  if (f->bs == 2) ts_ref_block_bands(f->nrows / 2, ia, ja, va, f->perm, f->iperm, f->path_id, f->a, f->b, f->c);
  else ts_ref_forest_bands(n, ia, ja, va, f->perm, f->iperm, f->path_id, f->a, f->b, f->c);
  f->failed     = PC_NOERROR;
  f->failed_row = -1;
  for (PetscInt e = 0; e < ia[n]; e++) {
    if (PetscIsInfOrNanScalar(va[e])) {
      PetscInt row = 0;
      while (ia[row + 1] <= e) row++;
      f->failed     = PC_FACTOR_OTHER;
      f->failed_row = row;
      break;
    }
  }
  PetscCall(PetscLogEventEnd(TS_Bands, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSForestExtractBands(TSForest *f, Mat A)
{
  PetscInt           n;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;

  PetscFunctionBegin;
  PetscCall(TSGetCSR(A, &n, &ia, &ja, &va));
  PetscCall(TSForestExtractBandsCSR(f, n, ia, ja, va));
  PetscCall(TSRestoreCSR(A, &n, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Factor the bands (unless extraction already failed); a zero pivot is recorded in f->failed. */
PetscErrorCode TSForestFactor(TSForest *f, PCAlgTriPivoting pivoting)
{
  ts_status status;
  ts_int    zero_row = -1;

  PetscFunctionBegin;
  if (f->failed) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscLogEventBegin(TS_TriFactor, 0, 0, 0, 0));
  f->pivoting = pivoting;
  if (f->bs == 2) {
    if (!f->factor) PetscCall(PetscMalloc(ts_ref_bgttrf_size(f->nrows / 2), &f->factor));
    status = ts_ref_bgttrf((ts_pivoting)pivoting, f->nrows / 2, f->a, f->b, f->c, f->factor, &zero_row);
    if (zero_row >= 0) zero_row *= 2; /* the block row's first vertex (never a ghost) */
  } else {
    if (!f->factor) PetscCall(PetscMalloc(ts_ref_gttrf_size(f->n), &f->factor));
    status = ts_ref_gttrf((ts_pivoting)pivoting, f->n, f->a, f->b, f->c, f->factor, &zero_row);
  }
  if (status == TS_ERR_ZERO_PIVOT) {
    f->failed     = PC_FACTOR_NUMERIC_ZEROPIVOT;
    f->failed_row = f->perm[zero_row];
  } else if (status == TS_ERR_NONFINITE) {
    f->failed     = PC_FACTOR_OTHER;
    f->failed_row = zero_row >= 0 ? f->perm[zero_row] : -1;
  } else PetscCheck(status == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_PLIB, "Tridiagonal factorization failed (kernel status %d)", (int)status);
  PetscCall(PetscLogFlops((f->bs == 2 ? 40.0 : 8.0) * f->nrows));
  PetscCall(PetscLogEventEnd(TS_TriFactor, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSForestSetValues(TSForest *f, Mat A, PCAlgTriPivoting pivoting)
{
  PetscFunctionBegin;
  PetscCall(TSForestExtractBands(f, A));
  PetscCall(TSForestFactor(f, pivoting));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* k columns of w (leading dimension ldw) = T^-1 w (or T^-T w) in the forest order */
PetscErrorCode TSForestSolveMany(const TSForest *f, PetscInt k, PetscScalar *w, PetscInt ldw, PetscBool transpose)
{
  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TS_TriSolve, 0, 0, 0, 0));
  if (f->bs == 2) {
    if (transpose) ts_ref_bgttrs_transpose(f->nrows / 2, k, f->factor, w, ldw);
    else ts_ref_bgttrs(f->nrows / 2, k, f->factor, w, ldw);
  } else {
    if (transpose) ts_ref_gttrs_transpose(f->n, k, f->factor, w, ldw);
    else ts_ref_gttrs(f->n, k, f->factor, w, ldw);
  }
  PetscCall(PetscLogFlops((f->bs == 2 ? 24.0 : 7.0) * f->nrows * k));
  PetscCall(PetscLogEventEnd(TS_TriSolve, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* w = T^-1 w (or T^-T w) in the forest order */
PetscErrorCode TSForestSolve(const TSForest *f, PetscScalar *w, PetscBool transpose)
{
  PetscFunctionBegin;
  PetscCall(TSForestSolveMany(f, 1, w, f->nrows, transpose));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* y = P^T T^-1 P x (or with T^-T), work holds f->nrows scalars in the forest order. */
PetscErrorCode TSForestApply(const TSForest *f, const PetscScalar *x, PetscScalar *y, PetscScalar *work, PetscBool transpose)
{
  PetscFunctionBegin;
  ts_ref_gather(f->nrows, f->perm, x, work);
  PetscCall(TSForestSolve(f, work, transpose));
  ts_ref_scatter(f->nrows, f->perm, work, y);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Y = P^T T^-1 P X for k columns: the factor is read once for all of them. */
PetscErrorCode TSForestMatApply(const TSForest *f, PetscInt k, const PetscScalar *x, PetscInt ldx, PetscScalar *y, PetscInt ldy, PetscBool transpose)
{
  const PetscInt nr = f->nrows;
  PetscScalar   *w;

  PetscFunctionBegin;
  if (!nr || !k) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscMalloc1(nr * k, &w));
  ts_ref_gather_columns(nr, k, f->perm, NULL, x, ldx, w, nr);
  PetscCall(TSForestSolveMany(f, k, w, nr, transpose));
  ts_ref_scatter_columns(nr, k, f->perm, NULL, w, nr, y, ldy);
  PetscCall(PetscFree(w));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The forest's summary; with several ranks (synchronized) each rank prints its own lines after a
   "[rank]" tag: only PetscViewerASCIISynchronizedPrintf() reaches the viewer from other ranks. */
PetscErrorCode TSForestView(const TSForest *f, const TSGraph *g, PetscViewer viewer, PetscBool synchronized)
{
  char   text[512];
  size_t len = 0;

  PetscFunctionBegin;
  if (synchronized) {
    PetscMPIInt rank;

    PetscCallMPI(MPI_Comm_rank(PetscObjectComm((PetscObject)viewer), &rank));
    PetscCall(PetscSNPrintf(text, sizeof(text), "  [%d] ", rank));
    PetscCall(PetscStrlen(text, &len));
  }
  if (f->bs == 2) PetscCall(PetscSNPrintf(text + len, sizeof(text) - len, "2x2 block forest: %" PetscInt_FMT " rows, %" PetscInt_FMT " matched pairs, %" PetscInt_FMT " ghost rows, %" PetscInt_FMT " block paths, longest %" PetscInt_FMT " blocks, %" PetscInt_FMT " cycles broken, %d factor rounds\n", f->n, f->npairs, f->nrows - f->n, f->npaths, f->longest, f->ncycles, f->rounds));
  else PetscCall(PetscSNPrintf(text + len, sizeof(text) - len, "linear forest: %" PetscInt_FMT " rows, %" PetscInt_FMT " paths, longest %" PetscInt_FMT ", %" PetscInt_FMT " cycles broken, %d factor rounds\n", f->n, f->npaths, f->longest, f->ncycles, f->rounds));
  PetscCall(PetscStrlen(text, &len));
  PetscCall(PetscSNPrintf(text + len, sizeof(text) - len, "%sweight coverage c_pi %.4f, original order c_id %.4f\n", synchronized ? "      " : "", (double)f->coverage, (double)g->coverage_id));
  PetscCall(PetscStrlen(text, &len));
  if (f->failed) PetscCall(PetscSNPrintf(text + len, sizeof(text) - len, "%sfactorization FAILED: %s at row %" PetscInt_FMT "\n", synchronized ? "      " : "", PCFailedReasons[f->failed], f->failed_row));
  if (synchronized) PetscCall(PetscViewerASCIISynchronizedPrintf(viewer, "%s", text));
  else PetscCall(PetscViewerASCIIPrintf(viewer, "%s", text));
  PetscFunctionReturn(PETSC_SUCCESS);
}
