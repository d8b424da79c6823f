/*
   PCMOSD: direct multiplicative operator splitting (ALGORITHMS.md 5.2, thesis Eqs. 57-67, 73).
   M = T M_{m-1} ... M_0 with T = diagp_k(A), J = I + (1/m) T^-1 (diag A - T) and
   M_l = J + T^-1 J^-(m-1-l) A''_l J^-l, where A''_l holds the off-diagonal entries of A on forest l.
   Each M_l is tridiagonal in the order of its forest; for m = 1, T M_0 is exactly PCALGTRI's matrix.
*/
#include <trisplit/private/forestimpl.h>

typedef struct {
  TSSplittingOptions opt;
  PetscInt           diagonal; /* k of T = diagp_k(A) */
  PetscBool          reuse_forest;
  TSSplitting        split;
  PetscScalar       *tinv;       /* 1 / T */
  PetscScalar       *w0, *w1;    /* vectors in forest orders */
  PCFailedReason     failed;     /* PC_NOERROR, or the first failure */
  PetscInt           failed_row; /* where (row of the local block) */
  PetscInt           failed_factor;
  PetscBool          on_device; /* SEQAIJCUSPARSE block: built on the host, applied on the GPU */
#if defined(TS_HAVE_CUDA)
  TSSplittingDevice dsplit;
#endif
} PC_MOSD;

/* Bands of M_l, T and J from the raw bands of A on each forest; then factor */
static PetscErrorCode PCMOSDSetValues_Private(PC pc, Mat local)
{
  PC_MOSD           *mos = (PC_MOSD *)pc->data;
  TSSplitting       *s   = &mos->split;
  const PetscInt     m   = s->m;
  PetscInt           n;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  PetscScalar       *t, *j;

  PetscFunctionBegin;
  PetscCall(TSGetCSR(local, &n, &ia, &ja, &va));
  PetscCall(PetscFree(mos->tinv));
  PetscCall(PetscMalloc1(n, &mos->tinv));
  PetscCall(PetscMalloc2(n, &t, n, &j));
  mos->failed = PC_NOERROR;
  if (ts_ref_mos_diagonal((int)mos->diagonal, n, ia, ja, va, (int)m, t, mos->tinv, j)) { /* only diagp_0 of a zero diagonal */
    mos->failed        = PC_FACTOR_NUMERIC_ZEROPIVOT;
    mos->failed_factor = -1;
    for (mos->failed_row = 0; t[mos->failed_row] != 0.0; mos->failed_row++) { }
  }
  PetscCall(TSRestoreCSR(local, &n, &ia, &ja, &va));

  for (PetscInt l = 0; l < m; l++) {
    TSForest *f = &s->forest[l];

    PetscCall(TSForestExtractBands(f, local));
    ts_ref_mos_bands(f->n, (int)m, (int)l, f->perm, t, j, f->a, f->b, f->c);
    if (!mos->failed) PetscCall(TSForestFactor(f, mos->opt.forest.pivoting));
  }
  PetscCall(PetscFree2(t, j));
  if (!mos->failed) {
    PetscCall(TSSplittingFailed(s, &mos->failed, &mos->failed_factor, &mos->failed_row));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCSetUp_MOSD(PC pc)
{
  PC_MOSD  *mos = (PC_MOSD *)pc->data;
  Mat       local, owned;
  PetscInt  n;
  PetscBool rebuild;

  PetscFunctionBegin;
  PetscCall(TSGetLocalAIJ(pc, &local, &owned));
  PetscCall(MatGetOwnershipRange(pc->pmat, &mos->opt.forest.factor.offset, NULL)); /* charges by global row: rank-independent forests */
  PetscCall(MatGetLocalSize(local, &n, NULL));
  PetscCall(TSIsDeviceMat(local, &mos->on_device));
#if defined(TS_HAVE_CUDA)
  if (mos->on_device) {
    /* forests, bands and T on the GPU; RPTS reports no zero pivots: a singular factor shows as NaN */
    rebuild = (PetscBool)(!pc->setupcalled || pc->flag != SAME_NONZERO_PATTERN || !mos->reuse_forest || !mos->dsplit.m || mos->dsplit.forest[0].n != n);
    if (rebuild) PetscCall(TSSplittingDeviceBuild(PetscObjectComm((PetscObject)pc), local, &mos->opt, mos->diagonal, &mos->dsplit));
    else PetscCall(TSSplittingDeviceSetValues(local, mos->diagonal, &mos->dsplit));
    PetscCall(MatDestroy(&owned));
    mos->failed = PC_NOERROR;
    PetscCall(PCSetFailedReason(pc, PC_NOERROR));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#endif
  PetscCall(TSCheckHostPrecision(pc, "mosd", mos->opt.forest.single, &owned));
  rebuild = (PetscBool)(!pc->setupcalled || pc->flag != SAME_NONZERO_PATTERN || !mos->reuse_forest || !mos->split.m || mos->split.forest[0].n != n);
  if (rebuild) {
    PetscCall(TSSplittingBuild(PetscObjectComm((PetscObject)pc), local, &mos->opt, &mos->split));
    PetscCall(PetscFree2(mos->w0, mos->w1));
    PetscCall(PetscMalloc2(n, &mos->w0, n, &mos->w1));
  }
  PetscCall(PCMOSDSetValues_Private(pc, local));
  PetscCall(MatDestroy(&owned));
  if (mos->failed) {
    PetscCall(PetscInfo(pc, "MOS-d factor %" PetscInt_FMT " failed: %s at row %" PetscInt_FMT " of the local block\n", mos->failed_factor, PCFailedReasons[mos->failed], mos->failed_row));
    PetscCall(PCSetFailedReason(pc, mos->failed));
  } else PetscCall(PCSetFailedReason(pc, PC_NOERROR));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCApply_MOSD_Private(PC pc, Vec x, Vec y, PetscBool transpose)
{
  PC_MOSD *mos = (PC_MOSD *)pc->data;

  PetscFunctionBegin;
  PetscCall(TSMOSApply(&mos->split, TSMOSDevice(mos), mos->opt.forest.pivoting, mos->tinv, mos->w0, mos->w1, mos->failed, transpose, x, y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCApply_MOSD(PC pc, Vec x, Vec y)
{
  PetscFunctionBegin;
  PetscCall(PCApply_MOSD_Private(pc, x, y, PETSC_FALSE));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCApplyTranspose_MOSD(PC pc, Vec x, Vec y)
{
  PetscFunctionBegin;
  PetscCall(PCApply_MOSD_Private(pc, x, y, PETSC_TRUE));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCMatApply_MOSD(PC pc, Mat X, Mat Y)
{
  PC_MOSD *mos = (PC_MOSD *)pc->data;

  PetscFunctionBegin;
  PetscCall(TSMOSMatApply(&mos->split, TSMOSDevice(mos), mos->opt.forest.pivoting, mos->tinv, mos->failed, X, Y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCReset_MOSD(PC pc)
{
  PC_MOSD *mos = (PC_MOSD *)pc->data;

  PetscFunctionBegin;
  PetscCall(TSSplittingReset(&mos->split));
#if defined(TS_HAVE_CUDA)
  PetscCall(TSSplittingDeviceReset(&mos->dsplit));
#endif
  PetscCall(PetscFree(mos->tinv));
  PetscCall(PetscFree2(mos->w0, mos->w1));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCDestroy_MOSD(PC pc)
{
  PetscFunctionBegin;
  PetscCall(PCReset_MOSD(pc));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCMOSDSetM_C", NULL));
  PetscCall(PetscFree(pc->data));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCSetFromOptions_MOSD(PC pc, TSOptionItems PetscOptionsObject)
{
  PC_MOSD *mos = (PC_MOSD *)pc->data;

  PetscFunctionBegin;
  PetscOptionsHeadBegin(PetscOptionsObject, "MOSD options");
  PetscCall(TSSplittingOptionsSetFromOptions(PetscOptionsObject, "mosd", &mos->opt));
  PetscCall(PetscOptionsRangeInt("-pc_mosd_diagonal", "T = diagp_k(A): 0 (diagonal of A), 1 (default), 2", "PCMOSD", mos->diagonal, &mos->diagonal, NULL, 0, 2));
  PetscCall(PetscOptionsBool("-pc_mosd_reuse_forest", "Keep the forests when the operator changes with the same nonzero pattern", "PCMOSD", mos->reuse_forest, &mos->reuse_forest, NULL));
  PetscOptionsHeadEnd();
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCView_MOSD(PC pc, PetscViewer viewer)
{
  PC_MOSD  *mos = (PC_MOSD *)pc->data;
  PetscBool iascii;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)viewer, PETSCVIEWERASCII, &iascii));
  if (!iascii) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TSForestOptionsView(&mos->opt.forest, viewer));
  if (mos->opt.m) PetscCall(PetscViewerASCIIPrintf(viewer, "T = diagp_%" PetscInt_FMT "(A), m = %" PetscInt_FMT " factors, omega %g\n", mos->diagonal, mos->opt.m, (double)mos->opt.omega));
  else PetscCall(PetscViewerASCIIPrintf(viewer, "T = diagp_%" PetscInt_FMT "(A), m automatic (coverage %g, at most %" PetscInt_FMT "), omega %g\n", mos->diagonal, (double)mos->opt.coverage, mos->opt.m_max, (double)mos->opt.omega));
#if defined(TS_HAVE_CUDA)
  if (pc->setupcalled && mos->on_device) {
    PetscCall(TSSplittingDeviceView(pc, &mos->dsplit, viewer));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#endif
  if (pc->setupcalled) PetscCall(TSSplittingViewCollective(pc, &mos->split, viewer));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCMOSDSetM_MOSD(PC pc, PetscInt m)
{
  PC_MOSD *mos = (PC_MOSD *)pc->data;

  PetscFunctionBegin;
  PetscCheck(m >= 0, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "m must be at least 0 (0: automatic), got %" PetscInt_FMT, m);
  if (mos->opt.m != m) pc->setupcalled = 0;
  mos->opt.m = m;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCMOSDSetM - Sets the number of tridiagonal factors of `PCMOSD`

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context
- m  - the number of factors, or 0 to add factors until the union of the forests covers
       `-pc_mosd_coverage` of the weight (or stops growing), at most `-pc_mosd_m_max`

  Options Database Key:
. -pc_mosd_m <m> - the number of factors

  Level: intermediate

.seealso: `PCMOSD`, `PCALGTRI`
@*/
PetscErrorCode PCMOSDSetM(PC pc, PetscInt m)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, m, 2);
  PetscTryMethod(pc, "PCMOSDSetM_C", (PC, PetscInt), (pc, m));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*MC
   PCMOSD - Direct multiplicative operator splitting: a product of m tridiagonal factors, one per
   linear forest of the matrix graph, M = T M_{m-1} ... M_0 (a generalized ILU)

   Options Database Keys:
+  -pc_mosd_m <0>             - number of factors; 0 chooses m by coverage
.  -pc_mosd_m_max <4>         - most factors of the automatic choice
.  -pc_mosd_coverage <0.99>   - the automatic choice stops once the forests cover this fraction of the weight
.  -pc_mosd_omega <0>         - reweighting of edges already used by a forest (0: every edge used once)
.  -pc_mosd_precision <double> - double, or single: float bands and RPTS solves on the GPU (transposed applies need double)
.  -pc_mosd_diagonal <1>      - T = diagp_k(A), k = 0 (diagonal of A), 1, 2
.  -pc_mosd_pivoting <scaled> - pivoting of the tridiagonal solves
.  -pc_mosd_weight <scaled>   - edge weights of the graph
.  -pc_mosd_factor_iterations <5> - rounds of the [0,2]-factor (and the other -pc_mosd_factor_ options of `PCALGTRI`)
-  -pc_mosd_reuse_forest <true>   - keep the forests for a new operator with the same nonzero pattern

   Level: intermediate

   Notes:
   Forest l is extracted from C_l, the weight graph of `PCALGTRI` with the edges of earlier forests
   scaled by omega. With T = diagp_1(A), E = (1/m) T^-1 (diag(A) - T) and J = I + E, factor l is
   M_l = J + T^-1 J^-(m-1-l) A''_l J^-l, A''_l the off-diagonal entries of A on forest l; each is
   tridiagonal in the order of its forest. `PCApply()` costs one scaling, m tridiagonal solves and m + 1
   permutation passes. With m = 1 the preconditioner equals `PCALGTRI`. `PCApplyTranspose()` is supported on the host and
   on the GPU (there RPTS solves with transposed copies of the bands, built at the first transposed
   apply). `PCMatApply()` applies all columns at once: each factor is read once per four columns.
   With MPI each rank works on its diagonal block.

   Reference:
   C. Klein, R. Strzodka, Operator splitting preconditioners based on tridiagonal solves, and the
   thesis of C. Klein, Chapter 5.

.seealso: `PCCreate()`, `PCSetType()`, `PCALGTRI`, `PCALTSPLIT`, `PCMOSDSetM()`, `PCILU`
M*/
PETSC_INTERN PetscErrorCode PCCreate_MOSD(PC pc)
{
  PC_MOSD *mos;

  PetscFunctionBegin;
  PetscCall(PetscNew(&mos));
  pc->data = (void *)mos;
  PetscCall(TSSplittingOptionsDefault(&mos->opt, 0.0));
  mos->diagonal     = 1;
  mos->reuse_forest = PETSC_TRUE;

  pc->ops->apply          = PCApply_MOSD;
  pc->ops->applytranspose = PCApplyTranspose_MOSD;
  pc->ops->matapply       = PCMatApply_MOSD;
  pc->ops->setup          = PCSetUp_MOSD;
  pc->ops->reset          = PCReset_MOSD;
  pc->ops->destroy        = PCDestroy_MOSD;
  pc->ops->setfromoptions = PCSetFromOptions_MOSD;
  pc->ops->view           = PCView_MOSD;
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCMOSDSetM_C", PCMOSDSetM_MOSD));
  PetscFunctionReturn(PETSC_SUCCESS);
}
