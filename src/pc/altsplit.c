/*
   PCALTSPLIT: alternating splittings (ALGORITHMS.md 5.1, 5.5; thesis Eqs. 28-30, 78). Forest l gives
   M_l = prune(A, S_l), the entries of A on the forest plus the diagonal, tridiagonal in its order.
   inner (ALT-i): z = 0; for l = 0..m-1: z += M_l^-1 (r - A z), a fixed operator with m - 1 products by A;
   outer (ALT-o): the k-th application is M_{k mod m}^-1 r, for flexible Krylov methods.
*/
#include <trisplit/private/forestimpl.h>
#include <petscksp.h>

const char *const PCAltSplitTypes[] = {"inner", "outer", "PCAltSplitType", "PC_ALTSPLIT_", NULL};

typedef struct {
  TSSplittingOptions opt;
  PCAltSplitType     type;
  PetscBool          reuse_forest;
  TSSplitting        split;
  PetscScalar       *work; /* one vector in a forest order */
  Vec                res, cor;
  Mat                mz, maz, mcor; /* PCMatApply(): Z, A Z (then the residual) and the correction, k columns */
  PetscInt           napply; /* applications since the last KSPSolve (outer) */
  PCFailedReason     failed;
  PetscInt           failed_factor, failed_row;
  PetscBool          on_device; /* SEQAIJCUSPARSE block: built on the host, applied on the GPU */
#if defined(TS_HAVE_CUDA)
  TSSplittingDevice dsplit;
#endif
} PC_AltSplit;

static PetscErrorCode PCSetUp_AltSplit(PC pc)
{
  PC_AltSplit *alt = (PC_AltSplit *)pc->data;
  Mat          local, owned;
  PetscInt     n;
  PetscBool    rebuild;

  PetscFunctionBegin;
  PetscCall(TSGetLocalAIJ(pc, &local, &owned));
  PetscCall(MatGetOwnershipRange(pc->pmat, &alt->opt.forest.factor.offset, NULL)); /* charges by global row: rank-independent forests */
  PetscCall(MatGetLocalSize(local, &n, NULL));
  if (!alt->res) {
    PetscCall(MatCreateVecs(pc->pmat, &alt->res, NULL));
    PetscCall(VecDuplicate(alt->res, &alt->cor));
  }
  alt->napply = 0;
  PetscCall(MatDestroy(&alt->mz)); /* the product A Z of PCMatApply() is bound to the old operator */
  PetscCall(MatDestroy(&alt->maz));
  PetscCall(MatDestroy(&alt->mcor));
  PetscCall(TSIsDeviceMat(local, &alt->on_device));
#if defined(TS_HAVE_CUDA)
  if (alt->on_device) {
    /* forests and bands on the GPU; RPTS reports no zero pivots: a singular factor shows as NaN */
    rebuild = (PetscBool)(!pc->setupcalled || pc->flag != SAME_NONZERO_PATTERN || !alt->reuse_forest || !alt->dsplit.m || alt->dsplit.forest[0].n != n);
    if (rebuild) PetscCall(TSSplittingDeviceBuild(PetscObjectComm((PetscObject)pc), local, &alt->opt, -1, &alt->dsplit));
    else PetscCall(TSSplittingDeviceSetValues(local, -1, &alt->dsplit));
    PetscCall(MatDestroy(&owned));
    alt->failed = PC_NOERROR;
    PetscCall(PCSetFailedReason(pc, PC_NOERROR));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#endif
  PetscCall(TSCheckHostPrecision(pc, "altsplit", alt->opt.forest.single, &owned));
  rebuild = (PetscBool)(!pc->setupcalled || pc->flag != SAME_NONZERO_PATTERN || !alt->reuse_forest || !alt->split.m || alt->split.forest[0].n != n);
  if (rebuild) {
    PetscCall(TSSplittingBuild(PetscObjectComm((PetscObject)pc), local, &alt->opt, &alt->split));
    PetscCall(PetscFree(alt->work));
    PetscCall(PetscMalloc1(n, &alt->work));
  }
  for (PetscInt l = 0; l < alt->split.m; l++) PetscCall(TSForestSetValues(&alt->split.forest[l], local, alt->opt.forest.pivoting));
  PetscCall(MatDestroy(&owned));
  PetscCall(TSSplittingFailed(&alt->split, &alt->failed, &alt->failed_factor, &alt->failed_row));
  if (alt->failed) {
    PetscCall(PetscInfo(pc, "Splitting factor %" PetscInt_FMT " failed: %s at row %" PetscInt_FMT " of the local block\n", alt->failed_factor, PCFailedReasons[alt->failed], alt->failed_row));
    PetscCall(PCSetFailedReason(pc, alt->failed));
  } else PetscCall(PCSetFailedReason(pc, PC_NOERROR));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the number of factors, on whichever side they live */
static inline PetscInt PCAltSplitNumFactors(const PC_AltSplit *alt)
{
#if defined(TS_HAVE_CUDA)
  if (alt->on_device) return alt->dsplit.m;
#endif
  return alt->split.m;
}

/* y = M_l^-1 x */
static PetscErrorCode PCAltSplitApplyFactor_Private(PC_AltSplit *alt, PetscInt l, Vec x, Vec y)
{
  const PetscScalar *xa;
  PetscScalar       *ya;

  PetscFunctionBegin;
#if defined(TS_HAVE_CUDA)
  if (alt->on_device) {
    PetscCall(VecCUDAGetArrayRead(x, &xa));
    PetscCall(VecCUDAGetArrayWrite(y, &ya));
    PetscCall(PetscLogEventBegin(TS_TriSolve, 0, 0, 0, 0));
    PetscCall(TSForestDeviceApplyArray(&alt->dsplit.forest[l], alt->opt.forest.pivoting, xa, ya));
    PetscCall(PetscLogEventEnd(TS_TriSolve, 0, 0, 0, 0));
    PetscCall(VecCUDARestoreArrayWrite(y, &ya));
    PetscCall(VecCUDARestoreArrayRead(x, &xa));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#endif
  PetscCall(VecGetArrayRead(x, &xa));
  PetscCall(VecGetArrayWrite(y, &ya));
  PetscCall(TSForestApply(&alt->split.forest[l], xa, ya, alt->work, PETSC_FALSE));
  PetscCall(VecRestoreArrayWrite(y, &ya));
  PetscCall(VecRestoreArrayRead(x, &xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCApply_AltSplit(PC pc, Vec r, Vec z)
{
  PC_AltSplit *alt = (PC_AltSplit *)pc->data;

  PetscFunctionBegin;
  if (alt->failed) {
    PetscCall(TSVecSetFailed(z));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  if (alt->type == PC_ALTSPLIT_OUTER) {
    PetscCall(PCAltSplitApplyFactor_Private(alt, alt->napply % PCAltSplitNumFactors(alt), r, z));
    alt->napply++;
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  /* defect correction sweeps from z = 0: the first needs no product by A */
  PetscCall(PCAltSplitApplyFactor_Private(alt, 0, r, z));
  for (PetscInt l = 1; l < PCAltSplitNumFactors(alt); l++) {
    PetscCall(MatMult(pc->pmat, z, alt->res));
#if defined(TS_HAVE_CUDA)
    if (alt->on_device) { /* z += M_l^-1 (r - A z) in one pass: residual and correction fused into the solve */
      const PetscScalar *ra, *aza;
      PetscScalar       *za;

      PetscCall(VecCUDAGetArrayRead(r, &ra));
      PetscCall(VecCUDAGetArrayRead(alt->res, &aza));
      PetscCall(VecCUDAGetArray(z, &za));
      PetscCall(PetscLogEventBegin(TS_TriSolve, 0, 0, 0, 0));
      PetscCall(TSForestDeviceCorrectArray(&alt->dsplit.forest[l], alt->opt.forest.pivoting, ra, aza, za));
      PetscCall(PetscLogEventEnd(TS_TriSolve, 0, 0, 0, 0));
      PetscCall(VecCUDARestoreArray(z, &za));
      PetscCall(VecCUDARestoreArrayRead(alt->res, &aza));
      PetscCall(VecCUDARestoreArrayRead(r, &ra));
      continue;
    }
#endif
    PetscCall(VecAYPX(alt->res, -1.0, r));
    PetscCall(PCAltSplitApplyFactor_Private(alt, l, alt->res, alt->cor));
    PetscCall(VecAXPY(z, 1.0, alt->cor));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Y = M_l^-1 X for the k columns of a dense matrix: each permutation pass moves all columns, the
   factor is read once per group of four */
static PetscErrorCode PCAltSplitMatApplyFactor_Private(PC_AltSplit *alt, PetscInt l, Mat X, Mat Y)
{
  PetscFunctionBegin;
#if defined(TS_HAVE_CUDA)
  if (alt->on_device) {
    PetscCall(TSSplittingDeviceMatApply(&alt->dsplit, alt->opt.forest.pivoting, l, l, X, Y));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#endif
  PetscCall(TSSplittingMatApply(&alt->split, l, l, NULL, PETSC_FALSE, X, Y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The work matrices of the sweeps, kept while the column count and type of X stay */
static PetscErrorCode PCAltSplitMatWork_Private(PC pc, Mat X)
{
  PC_AltSplit *alt = (PC_AltSplit *)pc->data;
  PetscInt     k, kz = -1;
  PetscBool    same = PETSC_FALSE;

  PetscFunctionBegin;
  PetscCall(MatGetSize(X, NULL, &k));
  if (alt->mz) {
    PetscCall(MatGetSize(alt->mz, NULL, &kz));
    PetscCall(PetscObjectTypeCompare((PetscObject)alt->mz, ((PetscObject)X)->type_name, &same));
  }
  if (kz == k && same) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(MatDestroy(&alt->mz));
  PetscCall(MatDestroy(&alt->maz));
  PetscCall(MatDestroy(&alt->mcor));
  PetscCall(MatDuplicate(X, MAT_DO_NOT_COPY_VALUES, &alt->mz));
  PetscCall(MatDuplicate(X, MAT_DO_NOT_COPY_VALUES, &alt->mcor));
  PetscCall(MatMatMult(pc->pmat, alt->mz, MAT_INITIAL_MATRIX, PETSC_DEFAULT, &alt->maz));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ALT-i on k columns: the sweeps of PCApply_AltSplit() with one sparse matrix times dense matrix
   product per sweep (MatMatMult, cuSPARSE SpMM on the GPU) instead of k MatMult. ALT-o has no
   PCMatApply(): it is no fixed operator (the factor changes with every application).
   One column, and on the GPU fewer than four, go through PCApply() per column: RPTS batches columns
   by four only, and the sweeps over 2 columns cost 15% more than two PCApply() on an H200 (1.44 M
   rows, bench/results/2026-11-22-h200-multirhs2). */
static PetscErrorCode PCMatApply_AltSplit(PC pc, Mat X, Mat Y)
{
  PC_AltSplit   *alt = (PC_AltSplit *)pc->data;
  const PetscInt m   = PCAltSplitNumFactors(alt);
  PetscInt       k;

  PetscFunctionBegin;
  PetscCheck(alt->type == PC_ALTSPLIT_INNER || m < 2, PetscObjectComm((PetscObject)pc), PETSC_ERR_SUP, "PCMatApply() is not defined for -pc_altsplit_type outer: ALT-o changes its factor at every application, so it is no fixed operator for a block of columns; use -pc_altsplit_type inner or PCApply() per column");
  if (alt->failed) {
    PetscCall(TSDenseSetFailed(Y));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  if (m < 2) {
    PetscCall(PCAltSplitMatApplyFactor_Private(alt, 0, X, Y));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(MatGetSize(X, NULL, &k));
  if (k == 1 || (alt->on_device && k < 4)) {
    for (PetscInt c = 0; c < k; c++) {
      Vec x, y;

      PetscCall(MatDenseGetColumnVecRead(X, c, &x));
      PetscCall(MatDenseGetColumnVecWrite(Y, c, &y));
      PetscCall(PCApply_AltSplit(pc, x, y));
      PetscCall(MatDenseRestoreColumnVecWrite(Y, c, &y));
      PetscCall(MatDenseRestoreColumnVecRead(X, c, &x));
    }
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(PCAltSplitMatWork_Private(pc, X));
  PetscCall(PCAltSplitMatApplyFactor_Private(alt, 0, X, alt->mz));
  for (PetscInt l = 1; l < m; l++) {
    PetscCall(MatMatMult(pc->pmat, alt->mz, MAT_REUSE_MATRIX, PETSC_DEFAULT, &alt->maz));
    PetscCall(MatAYPX(alt->maz, -1.0, X, SAME_NONZERO_PATTERN)); /* the residuals X - A Z */
    if (l < m - 1) {
      PetscCall(PCAltSplitMatApplyFactor_Private(alt, l, alt->maz, alt->mcor));
      PetscCall(MatAXPY(alt->mz, 1.0, alt->mcor, SAME_NONZERO_PATTERN));
    } else { /* the last correction lands in Y, then Y += Z: no copy of Z */
      PetscCall(PCAltSplitMatApplyFactor_Private(alt, l, alt->maz, Y));
      PetscCall(MatAXPY(Y, 1.0, alt->mz, SAME_NONZERO_PATTERN));
    }
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ALT-o changes the preconditioner at every application: only flexible methods may use it. */
static PetscErrorCode PCPreSolve_AltSplit(PC pc, KSP ksp, Vec b, Vec x)
{
  PC_AltSplit *alt = (PC_AltSplit *)pc->data;
  PetscBool    flexible;

  PetscFunctionBegin;
  (void)b;
  (void)x;
  alt->napply = 0;
  if (alt->type != PC_ALTSPLIT_OUTER || PCAltSplitNumFactors(alt) < 2) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscObjectTypeCompareAny((PetscObject)ksp, &flexible, KSPFGMRES, KSPGCR, KSPFCG, KSPPIPEFGMRES, KSPPIPEGCR, KSPFBCGS, KSPFBCGSR, KSPRICHARDSON, KSPPREONLY, ""));
  PetscCheck(flexible, PetscObjectComm((PetscObject)pc), PETSC_ERR_SUP, "-pc_altsplit_type outer changes the preconditioner at every application: use a flexible Krylov method (-ksp_type fgmres or gcr), not %s, or -pc_altsplit_type inner", ((PetscObject)ksp)->type_name);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCReset_AltSplit(PC pc)
{
  PC_AltSplit *alt = (PC_AltSplit *)pc->data;

  PetscFunctionBegin;
  PetscCall(TSSplittingReset(&alt->split));
#if defined(TS_HAVE_CUDA)
  PetscCall(TSSplittingDeviceReset(&alt->dsplit));
#endif
  PetscCall(PetscFree(alt->work));
  PetscCall(VecDestroy(&alt->res));
  PetscCall(VecDestroy(&alt->cor));
  PetscCall(MatDestroy(&alt->mz));
  PetscCall(MatDestroy(&alt->maz));
  PetscCall(MatDestroy(&alt->mcor));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCDestroy_AltSplit(PC pc)
{
  PetscFunctionBegin;
  PetscCall(PCReset_AltSplit(pc));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAltSplitSetType_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAltSplitSetM_C", NULL));
  PetscCall(PetscFree(pc->data));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCSetFromOptions_AltSplit(PC pc, TSOptionItems PetscOptionsObject)
{
  PC_AltSplit *alt = (PC_AltSplit *)pc->data;

  PetscFunctionBegin;
  PetscOptionsHeadBegin(PetscOptionsObject, "ALTSPLIT options");
  PetscCall(PetscOptionsEnum("-pc_altsplit_type", "inner (ALT-i, fixed operator) or outer (ALT-o, one factor per application)", "PCAltSplitSetType", PCAltSplitTypes, (PetscEnum)alt->type, (PetscEnum *)&alt->type, NULL));
  PetscCall(TSSplittingOptionsSetFromOptions(PetscOptionsObject, "altsplit", &alt->opt));
  PetscCall(PetscOptionsBool("-pc_altsplit_reuse_forest", "Keep the forests when the operator changes with the same nonzero pattern", "PCALTSPLIT", alt->reuse_forest, &alt->reuse_forest, NULL));
  PetscOptionsHeadEnd();
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCView_AltSplit(PC pc, PetscViewer viewer)
{
  PC_AltSplit *alt = (PC_AltSplit *)pc->data;
  PetscBool    iascii;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)viewer, PETSCVIEWERASCII, &iascii));
  if (!iascii) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscViewerASCIIPrintf(viewer, "type %s (%s)\n", PCAltSplitTypes[alt->type], alt->type == PC_ALTSPLIT_INNER ? "ALT-i: m sweeps per application" : "ALT-o: one factor per application"));
  PetscCall(TSForestOptionsView(&alt->opt.forest, viewer));
  if (alt->opt.m) PetscCall(PetscViewerASCIIPrintf(viewer, "m = %" PetscInt_FMT " factors, omega %g\n", alt->opt.m, (double)alt->opt.omega));
  else PetscCall(PetscViewerASCIIPrintf(viewer, "m automatic (coverage %g, at most %" PetscInt_FMT "), omega %g\n", (double)alt->opt.coverage, alt->opt.m_max, (double)alt->opt.omega));
#if defined(TS_HAVE_CUDA)
  if (pc->setupcalled && alt->on_device) {
    PetscCall(TSSplittingDeviceView(pc, &alt->dsplit, viewer));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#endif
  if (pc->setupcalled) PetscCall(TSSplittingViewCollective(pc, &alt->split, viewer));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAltSplitSetType_AltSplit(PC pc, PCAltSplitType type)
{
  PetscFunctionBegin;
  ((PC_AltSplit *)pc->data)->type = type;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAltSplitSetM_AltSplit(PC pc, PetscInt m)
{
  PC_AltSplit *alt = (PC_AltSplit *)pc->data;

  PetscFunctionBegin;
  PetscCheck(m >= 0, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "m must be at least 0 (0: automatic), got %" PetscInt_FMT, m);
  if (alt->opt.m != m) pc->setupcalled = 0;
  alt->opt.m = m;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAltSplitSetType - Sets how `PCALTSPLIT` alternates its factors

  Logically Collective

  Input Parameters:
+ pc   - the preconditioner context
- type - `PC_ALTSPLIT_INNER` (ALT-i, default: m defect-correction sweeps per application, a fixed
         operator for any Krylov method) or `PC_ALTSPLIT_OUTER` (ALT-o: factor k mod m at the k-th
         application; needs a flexible method such as `KSPFGMRES`)

  Options Database Key:
. -pc_altsplit_type <inner,outer> - the alternation

  Level: intermediate

.seealso: `PCALTSPLIT`, `PCAltSplitSetM()`
@*/
PetscErrorCode PCAltSplitSetType(PC pc, PCAltSplitType type)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveEnum(pc, type, 2);
  PetscTryMethod(pc, "PCAltSplitSetType_C", (PC, PCAltSplitType), (pc, type));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAltSplitSetM - Sets the number of tridiagonal factors of `PCALTSPLIT`

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context
- m  - the number of factors, or 0 to choose by coverage (`-pc_altsplit_coverage`, `-pc_altsplit_m_max`)

  Options Database Key:
. -pc_altsplit_m <m> - the number of factors

  Level: intermediate

.seealso: `PCALTSPLIT`, `PCAltSplitSetType()`
@*/
PetscErrorCode PCAltSplitSetM(PC pc, PetscInt m)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, m, 2);
  PetscTryMethod(pc, "PCAltSplitSetM_C", (PC, PetscInt), (pc, m));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*MC
   PCALTSPLIT - Alternating splittings: m tridiagonal factors M_l = prune(A, S_l), one per linear
   forest of the matrix graph, applied as defect-correction sweeps (ALT-i) or alternated across the
   iterations of a flexible Krylov method (ALT-o)

   Options Database Keys:
+  -pc_altsplit_type <inner>      - inner (ALT-i) or outer (ALT-o, needs -ksp_type fgmres or gcr)
.  -pc_altsplit_m <0>             - number of factors; 0 chooses m by coverage
.  -pc_altsplit_m_max <4>         - most factors of the automatic choice
.  -pc_altsplit_coverage <0.99>   - the automatic choice stops once the forests cover this fraction of the weight
.  -pc_altsplit_omega <0.01>      - reweighting of edges already used by a forest
.  -pc_altsplit_precision <double> - double, or single: float bands and RPTS solves on the GPU
.  -pc_altsplit_pivoting <scaled> - pivoting of the tridiagonal solves
.  -pc_altsplit_weight <scaled>   - edge weights of the graph
-  -pc_altsplit_reuse_forest <true> - keep the forests for a new operator with the same nonzero pattern

   Level: intermediate

   Notes:
   ALT-i applies z = 0; z += M_l^-1 (r - A z) for l = 0..m-1, costing m tridiagonal solves and m - 1
   products by the operator. With MPI the factors act on each rank's diagonal block while the
   residual uses the global operator, so the sweeps couple the ranks. With m = 1 both types equal `PCALGTRI`.
   `PCMatApply()` (ALT-i, or m = 1) sweeps all columns at once: each factor is read once per four
   columns and each residual is one sparse times dense product; ALT-o with m > 1 has none (an error).

.seealso: `PCCreate()`, `PCSetType()`, `PCALGTRI`, `PCMOSD`, `PCAltSplitSetType()`, `PCAltSplitSetM()`, `KSPFGMRES`
M*/
PETSC_INTERN PetscErrorCode PCCreate_AltSplit(PC pc)
{
  PC_AltSplit *alt;

  PetscFunctionBegin;
  PetscCall(PetscNew(&alt));
  pc->data = (void *)alt;
  PetscCall(TSSplittingOptionsDefault(&alt->opt, 0.01));
  alt->type         = PC_ALTSPLIT_INNER;
  alt->reuse_forest = PETSC_TRUE;

  pc->ops->apply          = PCApply_AltSplit;
  pc->ops->matapply       = PCMatApply_AltSplit;
  pc->ops->setup          = PCSetUp_AltSplit;
  pc->ops->presolve       = PCPreSolve_AltSplit;
  pc->ops->reset          = PCReset_AltSplit;
  pc->ops->destroy        = PCDestroy_AltSplit;
  pc->ops->setfromoptions = PCSetFromOptions_AltSplit;
  pc->ops->view           = PCView_AltSplit;
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAltSplitSetType_C", PCAltSplitSetType_AltSplit));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAltSplitSetM_C", PCAltSplitSetM_AltSplit));
  PetscFunctionReturn(PETSC_SUCCESS);
}
