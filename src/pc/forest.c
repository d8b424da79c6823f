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

PetscErrorCode TSForestOptionsView(const TSForestOptions *opt, PetscViewer viewer)
{
  PetscFunctionBegin;
  PetscCall(PetscViewerASCIIPrintf(viewer, "weights %s, pivoting %s\n", PCAlgTriWeights[opt->weight], PCAlgTriPivotings[opt->pivoting]));
  PetscCall(PetscViewerASCIIPrintf(viewer, "[0,2]-factor: %d rounds, charges off every %d-th (k_m = %d), p = %g\n", opt->factor.iterations, opt->factor.charge_period, opt->factor.charge_skip, opt->factor.p));
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

/* The structure: [0,2]-factor of the graph, cycles broken, paths numbered, permutation. */
PetscErrorCode TSForestBuild(const TSGraph *g, const TSForestOptions *opt, TSForest *f)
{
  const PetscInt n = g->n;
  PetscInt      *position, *work;
  void          *fwork;
  ts_status      status;

  PetscFunctionBegin;
  PetscCheck(opt->factor.n == 2, PETSC_COMM_SELF, PETSC_ERR_SUP, "A linear forest needs a [0,2]-factor, not a [0,%d]-factor", opt->factor.n);
  PetscCall(TSForestReset(f));
  f->n = n;
  PetscCall(PetscMalloc2(2 * n, &f->partner, 2 * n, &f->partner_w));
  PetscCall(PetscMalloc3(n, &f->perm, n, &f->iperm, n, &f->path_id));

  PetscCall(PetscLogEventBegin(TS_Factor, 0, 0, 0, 0));
  PetscCall(PetscMalloc(ts_ref_factor_size(n, 2), &fwork));
  status = ts_ref_factor(&opt->factor, n, g->rowptr, g->col, g->w, f->partner, f->partner_w, fwork, &f->rounds);
  PetscCall(PetscFree(fwork));
  PetscCheck(status == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "Invalid [0,2]-factor parameters (kernel status %d)", (int)status);
  PetscCall(PetscLogEventEnd(TS_Factor, 0, 0, 0, 0));

  PetscCall(PetscLogEventBegin(TS_Forest, 0, 0, 0, 0));
  PetscCall(PetscMalloc2(n, &position, 2 * n, &work));
  status = ts_ref_linear_forest(n, f->partner, f->partner_w, f->path_id, position, f->perm, f->iperm, work, &f->npaths, &f->longest, &f->ncycles);
  PetscCall(PetscFree2(position, work));
  PetscCheck(status == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_PLIB, "The [0,2]-factor is not a valid partner list (kernel status %d)", (int)status);
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
  if (!f->a) PetscCall(PetscMalloc3(n, &f->a, n, &f->b, n, &f->c));
  ts_ref_forest_bands(n, ia, ja, va, f->perm, f->iperm, f->path_id, f->a, f->b, f->c);
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
  if (!f->factor) PetscCall(PetscMalloc(ts_ref_gttrf_size(f->n), &f->factor));
  f->pivoting = pivoting;
  status      = ts_ref_gttrf((ts_pivoting)pivoting, f->n, f->a, f->b, f->c, f->factor, &zero_row);
  if (status == TS_ERR_ZERO_PIVOT) {
    f->failed     = PC_FACTOR_NUMERIC_ZEROPIVOT;
    f->failed_row = f->perm[zero_row];
  } else if (status == TS_ERR_NONFINITE) {
    f->failed     = PC_FACTOR_OTHER;
    f->failed_row = zero_row >= 0 ? f->perm[zero_row] : -1;
  } else PetscCheck(status == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_PLIB, "Tridiagonal factorization failed (kernel status %d)", (int)status);
  PetscCall(PetscLogFlops(8.0 * f->n));
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

/* w = T^-1 w (or T^-T w) in the forest order */
PetscErrorCode TSForestSolve(const TSForest *f, PetscScalar *w, PetscBool transpose)
{
  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TS_TriSolve, 0, 0, 0, 0));
  if (transpose) ts_ref_gttrs_transpose(f->n, 1, f->factor, w, f->n);
  else ts_ref_gttrs(f->n, 1, f->factor, w, f->n);
  PetscCall(PetscLogFlops(7.0 * f->n));
  PetscCall(PetscLogEventEnd(TS_TriSolve, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* y = P^T T^-1 P x (or with T^-T), work holds n scalars in the forest order. */
PetscErrorCode TSForestApply(const TSForest *f, const PetscScalar *x, PetscScalar *y, PetscScalar *work, PetscBool transpose)
{
  PetscFunctionBegin;
  ts_ref_gather(f->n, f->perm, x, work);
  PetscCall(TSForestSolve(f, work, transpose));
  ts_ref_scatter(f->n, f->perm, work, y);
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSForestView(const TSForest *f, const TSGraph *g, PetscViewer viewer)
{
  PetscFunctionBegin;
  PetscCall(PetscViewerASCIIPrintf(viewer, "linear forest: %" PetscInt_FMT " rows, %" PetscInt_FMT " paths, longest %" PetscInt_FMT ", %" PetscInt_FMT " cycles broken, %d factor rounds\n", f->n, f->npaths, f->longest, f->ncycles, f->rounds));
  PetscCall(PetscViewerASCIIPrintf(viewer, "weight coverage c_pi %.4f, original order c_id %.4f\n", (double)f->coverage, (double)g->coverage_id));
  if (f->failed) PetscCall(PetscViewerASCIIPrintf(viewer, "factorization FAILED: %s at row %" PetscInt_FMT "\n", PCFailedReasons[f->failed], f->failed_row));
  PetscFunctionReturn(PETSC_SUCCESS);
}
