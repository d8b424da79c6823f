/* SPDX-License-Identifier: BSD-2-Clause */
/*
   PCALTSPLIT: alternating splittings (docs/algorithms.md 5.1, 5.5; thesis Eqs. 28-30, 78). Forest l gives
   M_l = prune(A, S_l), the entries of A on the forest plus the diagonal, tridiagonal in its order.
   inner (ALT-i): z = 0; for l = 0..m-1: z += M_l^-1 (r - A z), a fixed operator with m - 1 products by A;
   outer (ALT-o): the k-th application is M_{k mod m}^-1 r, for flexible Krylov methods.
*/
#include <trisplit/private/chainimpl.h>
#include <petscksp.h>

const char *const PCAltSplitTypes[] = {"inner", "outer", "PCAltSplitType", "PC_ALTSPLIT_", NULL};

typedef struct {
  TSPChain       chain; /* m forests of one graph, the raw bands of A */
  PCAltSplitType type;
  PetscBool      local;         /* residuals with the rank's diagonal block, not the global operator */
  Vec            res;           /* A z */
  Mat            lmat;          /* local: the diagonal block of the operator (borrowed) */
  Vec            lz, lres;      /* local: z's part on this rank, and the block times it */
  Mat            mz, maz, mcor; /* PCMatApply(): Z, A Z (then the residual) and the correction, k columns */
  PetscInt       napply;        /* applications since the last KSPSolve (outer) */
} PC_AltSplit;

static PetscErrorCode PCSetUp_AltSplit(PC pc)
{
  PC_AltSplit *alt = (PC_AltSplit *)pc->data;

  PetscFunctionBegin;
  if (!alt->res) PetscCall(MatCreateVecs(pc->pmat, &alt->res, NULL));
  PetscCall(VecDestroy(&alt->lz));
  PetscCall(VecDestroy(&alt->lres));
  alt->lmat = NULL;
  if (alt->local) {
    PetscCall(MatGetDiagonalBlock(pc->pmat, &alt->lmat));
    PetscCall(MatCreateVecs(alt->lmat, &alt->lz, &alt->lres));
  }
  alt->napply = 0;
  PetscCall(MatDestroy(&alt->mz)); /* the product A Z of PCMatApply() is bound to the old operator */
  PetscCall(MatDestroy(&alt->maz));
  PetscCall(MatDestroy(&alt->mcor));
  PetscCall(TSPChainSetUp(pc, alt->chain));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCApply_AltSplit(PC pc, Vec r, Vec z)
{
  PC_AltSplit   *alt = (PC_AltSplit *)pc->data;
  const PetscInt m   = alt->chain->nforests;

  PetscFunctionBegin;
  if (alt->type == PC_ALTSPLIT_OUTER) {
    PetscCall(TSPChainApply(alt->chain, alt->napply % m, alt->napply % m, PETSC_FALSE, r, z));
    alt->napply++;
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  /* defect correction sweeps from z = 0: the first needs no product by A; with MPI the product is the
     global operator's, which couples the ranks' factors, or (local) each rank's diagonal block's, which
     makes the sweeps a block Jacobi preconditioner with one ALT-i per block and no communication */
  PetscCall(TSPChainApply(alt->chain, 0, 0, PETSC_FALSE, r, z));
  /* a rank whose factor failed (its z is Inf) still takes part in the global products, which are
     collective: only the local variant may stop early */
  for (PetscInt l = 1; l < m && !(alt->local && alt->chain->failed); l++) {
    if (alt->local) {
      PetscCall(VecGetLocalVectorRead(z, alt->lz));
      PetscCall(MatMult(alt->lmat, alt->lz, alt->lres));
      PetscCall(VecRestoreLocalVectorRead(z, alt->lz));
      PetscCall(TSPChainCorrect(alt->chain, l, r, alt->lres, z));
    } else {
      PetscCall(MatMult(pc->pmat, z, alt->res));
      PetscCall(TSPChainCorrect(alt->chain, l, r, alt->res, z));
    }
  }
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
   PCMatApply(): it is no fixed operator (the factor changes with every application). Fewer columns
   than the backend batches go through PCApply() one by one: on the GPU RPTS batches columns by four,
   and the sweeps over 2 columns cost 15% more than two PCApply() (docs/performance.md). */
static PetscErrorCode PCMatApply_AltSplit(PC pc, Mat X, Mat Y)
{
  PC_AltSplit   *alt = (PC_AltSplit *)pc->data;
  const PetscInt m   = alt->chain->nforests;
  PetscInt       k;

  PetscFunctionBegin;
  PetscCheck(alt->type == PC_ALTSPLIT_INNER || m < 2, PetscObjectComm((PetscObject)pc), PETSC_ERR_SUP, "PCMatApply() is not defined for -pc_altsplit_type outer: ALT-o changes its factor at every application, so it is no fixed operator for a block of columns; use -pc_altsplit_type inner or PCApply() per column");
  if (m < 2 || (alt->local && alt->chain->failed)) { /* a failed rank of the global variant goes on: collective products */
    PetscCall(TSPChainMatApply(alt->chain, 0, 0, X, Y));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(MatGetSize(X, NULL, &k));
  if (k < alt->chain->min_batch || alt->local) { /* the local residuals: column by column */
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
  PetscCall(TSPChainMatApply(alt->chain, 0, 0, X, alt->mz));
  for (PetscInt l = 1; l < m; l++) {
    PetscCall(MatMatMult(pc->pmat, alt->mz, MAT_REUSE_MATRIX, PETSC_DEFAULT, &alt->maz));
    PetscCall(MatAYPX(alt->maz, -1.0, X, SAME_NONZERO_PATTERN)); /* the residuals X - A Z */
    if (l < m - 1) {
      PetscCall(TSPChainMatApply(alt->chain, l, l, alt->maz, alt->mcor));
      PetscCall(MatAXPY(alt->mz, 1.0, alt->mcor, SAME_NONZERO_PATTERN));
    } else { /* the last correction lands in Y, then Y += Z: no copy of Z */
      PetscCall(TSPChainMatApply(alt->chain, l, l, alt->maz, Y));
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
  /* ALT-i with several factors is a fixed operator, but not a symmetric one (forward sweeps) */
  PetscCall(TSPChainCheckKSP(pc, alt->chain, ksp, (PetscBool)(alt->chain->nforests < 2)));
  PetscCall(TSPChainReportRepair(pc, alt->chain, ksp));
  if (alt->type != PC_ALTSPLIT_OUTER || alt->chain->nforests < 2) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscObjectTypeCompareAny((PetscObject)ksp, &flexible, KSPFGMRES, KSPGCR, KSPFCG, KSPPIPEFGMRES, KSPPIPEGCR, KSPFBCGS, KSPFBCGSR, KSPRICHARDSON, KSPPREONLY, ""));
  PetscCheck(flexible, PetscObjectComm((PetscObject)pc), PETSC_ERR_SUP, "-pc_altsplit_type outer changes the preconditioner at every application: use a flexible Krylov method (-ksp_type fgmres or gcr), not %s, or -pc_altsplit_type inner", ((PetscObject)ksp)->type_name);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCReset_AltSplit(PC pc)
{
  PC_AltSplit *alt = (PC_AltSplit *)pc->data;

  PetscFunctionBegin;
  PetscCall(TSPChainReset(alt->chain));
  PetscCall(VecDestroy(&alt->res));
  PetscCall(VecDestroy(&alt->lz));
  PetscCall(VecDestroy(&alt->lres));
  alt->lmat = NULL;
  PetscCall(MatDestroy(&alt->mz));
  PetscCall(MatDestroy(&alt->maz));
  PetscCall(MatDestroy(&alt->mcor));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCDestroy_AltSplit(PC pc)
{
  PC_AltSplit *alt = (PC_AltSplit *)pc->data;

  PetscFunctionBegin;
  PetscCall(PCReset_AltSplit(pc));
  PetscCall(TSPChainComposeSetters(pc, PETSC_FALSE));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAltSplitSetType_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAltSplitGetType_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAltSplitSetLocal_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAltSplitGetLocal_C", NULL));
  PetscCall(TSPChainDestroy(&alt->chain));
  PetscCall(PetscFree(pc->data));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAltSplitSetType_AltSplit(PC, PCAltSplitType);
static PetscErrorCode PCAltSplitSetLocal_AltSplit(PC, PetscBool);

static PetscErrorCode PCSetFromOptions_AltSplit(PC pc, TriSplitOptionItems PetscOptionsObject)
{
  PC_AltSplit *alt = (PC_AltSplit *)pc->data;
  PetscEnum    type;
  PetscBool    local, flg;

  PetscFunctionBegin;
  PetscOptionsHeadBegin(PetscOptionsObject, "ALTSPLIT options");
  PetscCall(PetscOptionsEnum("-pc_altsplit_type", "inner (ALT-i, fixed operator) or outer (ALT-o, one factor per application)", "PCAltSplitSetType", PCAltSplitTypes, (PetscEnum)alt->type, &type, &flg));
  if (flg) PetscCall(PCAltSplitSetType_AltSplit(pc, (PCAltSplitType)type));
  PetscCall(TSPChainSetFromOptions(pc, PetscOptionsObject, "altsplit", alt->chain));
  PetscCall(PetscOptionsBool("-pc_altsplit_local", "ALT-i's residuals with each rank's diagonal block (block Jacobi, no communication) instead of the global operator", "PCAltSplitSetLocal", alt->local, &local, &flg));
  if (flg) PetscCall(PCAltSplitSetLocal_AltSplit(pc, local));
  PetscOptionsHeadEnd();
  PetscCall(TSPChainNoticeOtherOptions(pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCView_AltSplit(PC pc, PetscViewer viewer)
{
  PC_AltSplit *alt = (PC_AltSplit *)pc->data;
  TSPChain     c   = alt->chain;
  PetscBool    iascii;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)viewer, PETSCVIEWERASCII, &iascii));
  if (!iascii) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscViewerASCIIPushTab(viewer)); /* the details under "type:", as PETSc's PCs print them */
  PetscCall(PetscViewerASCIIPrintf(viewer, "splitting type: %s (%s)\n", PCAltSplitTypes[alt->type], alt->type == PC_ALTSPLIT_INNER ? "ALT-i: m sweeps per application" : "ALT-o: one factor per application"));
  if (alt->type == PC_ALTSPLIT_INNER && alt->local) PetscCall(PetscViewerASCIIPrintf(viewer, "residuals with each rank's diagonal block (local)\n"));
  PetscCall(TSPChainViewOptions(c, viewer));
  if (c->params.m) PetscCall(PetscViewerASCIIPrintf(viewer, "m = %" PetscInt_FMT " factors, omega %g\n", c->params.m, (double)c->params.split.omega));
  else PetscCall(PetscViewerASCIIPrintf(viewer, "m automatic (coverage %g, at most %" PetscInt_FMT "), omega %g\n", (double)c->params.coverage, c->params.m_max, (double)c->params.split.omega));
  PetscCall(TSPChainView(pc, c, viewer));
  PetscCall(PetscViewerASCIIPopTab(viewer));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAltSplitSetType_AltSplit(PC pc, PCAltSplitType type)
{
  PetscFunctionBegin;
  PetscCheck(type == PC_ALTSPLIT_INNER || type == PC_ALTSPLIT_OUTER, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "Unknown PCAltSplitType %d", (int)type);
  if (((PC_AltSplit *)pc->data)->type != type) pc->setupcalled = PETSC_FALSE;
  ((PC_AltSplit *)pc->data)->type = type;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAltSplitSetLocal_AltSplit(PC pc, PetscBool local)
{
  PC_AltSplit *alt = (PC_AltSplit *)pc->data;

  PetscFunctionBegin;
  if (alt->local != local) pc->setupcalled = PETSC_FALSE;
  alt->local = local;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAltSplitGetLocal_AltSplit(PC pc, PetscBool *local)
{
  PetscFunctionBegin;
  *local = ((PC_AltSplit *)pc->data)->local;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAltSplitGetType_AltSplit(PC pc, PCAltSplitType *type)
{
  PetscFunctionBegin;
  *type = ((PC_AltSplit *)pc->data)->type;
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

.seealso: `PCALTSPLIT`, `PCTriSplitSetM()`
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
  PCAltSplitGetType - Gets how `PCALTSPLIT` alternates its factors

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. type - `PC_ALTSPLIT_INNER` or `PC_ALTSPLIT_OUTER`

  Level: intermediate

.seealso: `PCALTSPLIT`, `PCAltSplitSetType()`
@*/
PetscErrorCode PCAltSplitGetType(PC pc, PCAltSplitType *type)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(type, 2);
  PetscUseMethod(pc, "PCAltSplitGetType_C", (PC, PCAltSplitType *), (pc, type));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAltSplitSetLocal - Sets whether the defect-correction sweeps of `PCALTSPLIT` (ALT-i) form their residuals
  with each rank's diagonal block instead of the global operator

  Logically Collective

  Input Parameters:
+ pc    - the preconditioner context
- local - `PETSC_FALSE` (default): r - A z with the global operator, which couples the ranks' factors;
          `PETSC_TRUE`: r - A_ii z_i with the diagonal block, a block Jacobi preconditioner with one ALT-i per
          rank and no communication inside the apply

  Options Database Key:
. -pc_altsplit_local <false> - local residuals

  Level: advanced

  Note:
  With one rank both are the same. The local variant needs fewer messages per apply and usually more
  Krylov iterations as the number of ranks grows. `PCMatApply()` applies it column by column.

.seealso: `PCALTSPLIT`, `PCAltSplitSetType()`, `PCBJACOBI`
@*/
PetscErrorCode PCAltSplitSetLocal(PC pc, PetscBool local)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveBool(pc, local, 2);
  PetscTryMethod(pc, "PCAltSplitSetLocal_C", (PC, PetscBool), (pc, local));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAltSplitGetLocal - Gets whether the defect-correction sweeps of `PCALTSPLIT` form their residuals with
  each rank's diagonal block

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. local - whether the residuals are local

  Level: advanced

.seealso: `PCALTSPLIT`, `PCAltSplitSetLocal()`
@*/
PetscErrorCode PCAltSplitGetLocal(PC pc, PetscBool *local)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(local, 2);
  PetscUseMethod(pc, "PCAltSplitGetLocal_C", (PC, PetscBool *), (pc, local));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*MC
   PCALTSPLIT - Alternating splittings: m tridiagonal factors M_l = prune(A, S_l), one per linear
   forest of the matrix graph, applied as defect-correction sweeps (ALT-i) or alternated across the
   iterations of a flexible Krylov method (ALT-o)

   Options Database Keys:
+  -pc_altsplit_type <inner>      - inner (ALT-i) or outer (ALT-o, needs -ksp_type fgmres or gcr) (`PCAltSplitSetType()`)
.  -pc_altsplit_local <false>     - ALT-i's residuals with each rank's diagonal block (block Jacobi, no communication) instead of the global operator (`PCAltSplitSetLocal()`)
.  -pc_altsplit_m <0>             - number of factors; 0 chooses m by coverage (`PCTriSplitSetM()`)
.  -pc_altsplit_m_max <4>         - most factors of the automatic choice (`PCTriSplitSetMMax()`)
.  -pc_altsplit_coverage <0.99>   - the automatic choice stops once the forests cover this fraction of the weight (`PCTriSplitSetCoverage()`)
.  -pc_altsplit_omega <0.01>      - reweighting of edges already used by a forest (`PCTriSplitSetOmega()`)
.  -pc_altsplit_precision <double> - double, or single: float bands and RPTS solves on the GPU (`PCTriSplitSetPrecision()`)
.  -pc_altsplit_pivoting <scaled> - pivoting of the tridiagonal solves (`PCTriSplitSetPivoting()`)
.  -pc_altsplit_weight <scaled>   - edge weights of the graph (`PCTriSplitSetWeight()`)
.  -pc_altsplit_factor_iterations <5> - rounds M of the parallel [0,2]-factor (`PCTriSplitSetFactorIterations()`)
.  -pc_altsplit_factor_charge_period <5> - charges are off in every m-th round of the factor (`PCTriSplitSetFactorChargePeriod()`)
.  -pc_altsplit_factor_charge_skip <0> - the uncharged round k_m of each period (`PCTriSplitSetFactorChargeSkip()`)
.  -pc_altsplit_factor_p <0.5>    - probability of a positive charge (`PCTriSplitSetFactorP()`)
.  -pc_altsplit_factor_seed <0>   - seed of the charge hash (`PCTriSplitSetFactorSeed()`)
.  -pc_altsplit_reuse_forest <true> - keep the forests for a new operator with the same nonzero pattern (`PCTriSplitSetReuseForest()`)
.  -pc_altsplit_shift_type <nonzero> - repair a zero pivot by a diagonal shift, or none: the PC fails (`PCTriSplitSetShiftType()`)
.  -pc_altsplit_shift_amount <1e-4> - the first shift, relative to the factor's largest diagonal entry (`PCTriSplitSetShiftAmount()`)
-  -pc_altsplit_definite_paths <true> - a factor of a symmetric positive definite matrix cut where it stops being positive definite (`PCTriSplitSetDefinitePaths()`)

   Level: intermediate

   Notes:
   ALT-i applies z = 0; z += M_l^-1 (r - A z) for l = 0..m-1, costing m tridiagonal solves and m - 1
   products by the operator. With MPI the factors act on each rank's diagonal block while the
   residual uses the global operator, so the sweeps couple the ranks; -pc_altsplit_local
   (`PCAltSplitSetLocal()`) takes each rank's diagonal block instead (block Jacobi, no communication). With m = 1 both types equal `PCALGTRI`.
   ALT-i with m > 1 is not symmetric (the sweeps run in one order): use `KSPGMRES` or `KSPBCGS`, not
   `KSPCG` (under `KSPCG`, `KSPMINRES` and the other methods that assume a symmetric preconditioner the
   PC prints a warning at the first `KSPSolve()`, and `PCView()` says so). The number of factors, coverage and omega have the setters `PCTriSplitSetM()`,
   `PCTriSplitSetCoverage()` and `PCTriSplitSetOmega()`, the forest options the `PCTriSplit` setters every trisplit PC shares.
   `PCMatApply()` (ALT-i, or m = 1) sweeps all columns at once: each factor is read once per four
   columns and each residual is one sparse times dense product; ALT-o with m > 1 has none (an error).

.seealso: `PCCreate()`, `PCSetType()`, `PCALGTRI`, `PCMOSD`, `PCAltSplitSetType()`, `PCTriSplitSetM()`, `KSPFGMRES`
M*/
PETSC_INTERN PetscErrorCode PCCreate_AltSplit(PC pc)
{
  PC_AltSplit *alt;

  PetscFunctionBegin;
  PetscCall(PetscNew(&alt));
  pc->data = (void *)alt;
  PetscCall(TSPChainCreate(TSP_CHAIN_SPLITTING, &alt->chain));
  alt->chain->params.split.reweight = PETSC_TRUE;
  alt->chain->params.split.omega    = 0.01;
  alt->type                         = PC_ALTSPLIT_INNER;

  pc->ops->apply          = PCApply_AltSplit;
  pc->ops->matapply       = PCMatApply_AltSplit;
  pc->ops->setup          = PCSetUp_AltSplit;
  pc->ops->presolve       = PCPreSolve_AltSplit;
  pc->ops->reset          = PCReset_AltSplit;
  pc->ops->destroy        = PCDestroy_AltSplit;
  pc->ops->setfromoptions = PCSetFromOptions_AltSplit;
  pc->ops->view           = PCView_AltSplit;
  PetscCall(TSPChainComposeSetters(pc, PETSC_TRUE));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAltSplitSetType_C", PCAltSplitSetType_AltSplit));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAltSplitGetType_C", PCAltSplitGetType_AltSplit));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAltSplitSetLocal_C", PCAltSplitSetLocal_AltSplit));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAltSplitGetLocal_C", PCAltSplitGetLocal_AltSplit));
  PetscFunctionReturn(PETSC_SUCCESS);
}
