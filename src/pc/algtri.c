/*
   PCALGTRI: the algebraic tridiagonal preconditioner. A linear forest of the matrix graph orders
   the unknowns so that the strongest couplings form tridiagonal chains; the preconditioner is the
   tridiagonal part of P A P^T on those chains, solved with the pivoting tridiagonal solver.
*/
#include <trisplit/private/forestimpl.h>

typedef struct {
  TSForestOptions opt;
  PetscBool       reuse_forest; /* keep forest and permutation across SAME_NONZERO_PATTERN updates */
  TSGraph         graph;
  TSForest        forest;
  PetscScalar    *work; /* one vector in the forest order */
  PetscBool       on_device; /* the local block is SEQAIJCUSPARSE: forest, bands and solves on the GPU */
#if defined(TS_HAVE_CUDA)
  TSForestDevice dforest;
#endif
} PC_AlgTri;

static PetscErrorCode PCSetUp_AlgTri(PC pc)
{
  PC_AlgTri *jac = (PC_AlgTri *)pc->data;
  Mat        local, owned;
  PetscInt   n;
  PetscBool  rebuild;

  PetscFunctionBegin;
  PetscCall(TSGetLocalAIJ(pc, &local, &owned));
  PetscCall(MatGetOwnershipRange(pc->pmat, &jac->opt.factor.offset, NULL)); /* charges by global row: rank-independent forests */
  PetscCall(MatGetLocalSize(local, &n, NULL));
  PetscCall(TSIsDeviceMat(local, &jac->on_device));
#if defined(TS_HAVE_CUDA)
  if (jac->on_device) {
    rebuild = (PetscBool)(!pc->setupcalled || pc->flag != SAME_NONZERO_PATTERN || !jac->reuse_forest || !jac->dforest.perm || jac->dforest.n != n);
    if (rebuild) PetscCall(TSForestDeviceBuild(local, &jac->opt, &jac->dforest));
    else PetscCall(TSForestDeviceSetValues(&jac->dforest, local, jac->opt.single));
    PetscCall(MatDestroy(&owned));
    PetscCall(PCSetFailedReason(pc, PC_NOERROR));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#endif
  PetscCall(TSCheckHostPrecision(pc, "algtri", jac->opt.single, &owned));
  rebuild = (PetscBool)(!pc->setupcalled || pc->flag != SAME_NONZERO_PATTERN || !jac->reuse_forest || !jac->forest.perm || jac->forest.n != n);
  if (rebuild) {
    PetscCall(TSGraphBuild(local, jac->opt.weight, &jac->graph));
    PetscCall(TSForestBuild(&jac->graph, &jac->opt, &jac->forest));
    /* the graph served the extraction; only its summary numbers stay */
    PetscCall(TSGraphReset(&jac->graph));
    PetscCall(PetscFree(jac->work));
    PetscCall(PetscMalloc1(jac->forest.nrows, &jac->work));
  } else PetscCall(PetscInfo(pc, "Same nonzero pattern: reusing the forest, refreshing the bands\n"));
  PetscCall(TSForestSetValues(&jac->forest, local, jac->opt.pivoting));
  PetscCall(MatDestroy(&owned));
  if (jac->forest.failed) {
    PetscCall(PetscInfo(pc, "Tridiagonal factor failed: %s at row %" PetscInt_FMT " of the local block\n", PCFailedReasons[jac->forest.failed], jac->forest.failed_row));
    PetscCall(PCSetFailedReason(pc, jac->forest.failed));
  } else PetscCall(PCSetFailedReason(pc, PC_NOERROR));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCApply_AlgTri_Private(PC pc, Vec x, Vec y, PetscBool transpose)
{
  PC_AlgTri         *jac = (PC_AlgTri *)pc->data;
  const PetscScalar *xa;
  PetscScalar       *ya;

  PetscFunctionBegin;
#if defined(TS_HAVE_CUDA)
  if (jac->on_device) {
    if (transpose) PetscCall(TSForestDeviceApplyTranspose(&jac->dforest, jac->opt.pivoting, x, y)); /* RPTS on the transposed bands */
    else PetscCall(TSForestDeviceApply(&jac->dforest, jac->opt.pivoting, x, y));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#endif
  if (jac->forest.failed) {
    /* PETSc's convention for a failed factor: the KSP sees Inf and stops with DIVERGED_PC_FAILED */
    PetscCall(TSVecSetFailed(y));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(VecGetArrayRead(x, &xa));
  PetscCall(VecGetArrayWrite(y, &ya));
  PetscCall(TSForestApply(&jac->forest, xa, ya, jac->work, transpose));
  PetscCall(VecRestoreArrayWrite(y, &ya));
  PetscCall(VecRestoreArrayRead(x, &xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCApply_AlgTri(PC pc, Vec x, Vec y)
{
  PetscFunctionBegin;
  PetscCall(PCApply_AlgTri_Private(pc, x, y, PETSC_FALSE));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCApplyTranspose_AlgTri(PC pc, Vec x, Vec y)
{
  PetscFunctionBegin;
  PetscCall(PCApply_AlgTri_Private(pc, x, y, PETSC_TRUE));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Several right-hand sides at once: one read of the factor (host) or of the bands per group of
   four columns (RPTS on the device) */
static PetscErrorCode PCMatApply_AlgTri(PC pc, Mat X, Mat Y)
{
  PC_AlgTri         *jac = (PC_AlgTri *)pc->data;
  const PetscScalar *xa;
  PetscScalar       *ya;
  PetscInt           k, ldx, ldy;

  PetscFunctionBegin;
  PetscCall(TSDenseGetSizes(X, Y, NULL, &k, &ldx, &ldy));
  if (jac->forest.failed) {
    PetscCall(TSDenseSetFailed(Y));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#if defined(TS_HAVE_CUDA)
  if (jac->on_device) {
    PetscCall(MatDenseCUDAGetArrayRead(X, &xa));
    PetscCall(MatDenseCUDAGetArrayWrite(Y, &ya));
    PetscCall(TSForestDeviceMatApply(&jac->dforest, jac->opt.pivoting, k, xa, ldx, ya, ldy));
    PetscCall(MatDenseCUDARestoreArrayWrite(Y, &ya));
    PetscCall(MatDenseCUDARestoreArrayRead(X, &xa));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#endif
  PetscCall(MatDenseGetArrayRead(X, &xa));
  PetscCall(MatDenseGetArrayWrite(Y, &ya));
  PetscCall(TSForestMatApply(&jac->forest, k, xa, ldx, ya, ldy, PETSC_FALSE));
  PetscCall(MatDenseRestoreArrayWrite(Y, &ya));
  PetscCall(MatDenseRestoreArrayRead(X, &xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCReset_AlgTri(PC pc)
{
  PC_AlgTri *jac = (PC_AlgTri *)pc->data;

  PetscFunctionBegin;
  PetscCall(TSGraphReset(&jac->graph));
  PetscCall(TSForestReset(&jac->forest));
  PetscCall(PetscFree(jac->work));
#if defined(TS_HAVE_CUDA)
  PetscCall(TSForestDeviceReset(&jac->dforest));
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCDestroy_AlgTri(PC pc)
{
  PetscFunctionBegin;
  PetscCall(PCReset_AlgTri(pc));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriSetPivoting_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriGetPivoting_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriSetWeight_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriSetFactorIterations_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriSetReuseForest_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriSetBlockSize_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriSetFactorN_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriGetForest_C", NULL));
  PetscCall(PetscFree(pc->data));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCSetFromOptions_AlgTri(PC pc, TSOptionItems PetscOptionsObject)
{
  PC_AlgTri *jac = (PC_AlgTri *)pc->data;

  PetscFunctionBegin;
  PetscOptionsHeadBegin(PetscOptionsObject, "ALGTRI options");
  PetscCall(TSForestOptionsSetFromOptions(PetscOptionsObject, "algtri", &jac->opt));
  PetscCall(TSPrecisionSetFromOptions(PetscOptionsObject, "algtri", &jac->opt.single));
  {
    PetscInt  bs = jac->opt.block, nf = jac->opt.factor.n;
    PetscBool flg;

    PetscCall(PetscOptionsInt("-pc_algtri_block", "Block size of the tridiagonal factor: 1 (scalar) or 2 (2x2 blocks of matched pairs)", "PCAlgTriSetBlockSize", bs, &bs, &flg));
    if (flg) PetscCall(PCAlgTriSetBlockSize(pc, bs));
    PetscCall(PetscOptionsInt("-pc_algtri_factor_n", "n of the [0,n]-factor: 2 (linear forest) or 1 (a matching: paths of at most two vertices)", "PCAlgTriSetFactorN", nf, &nf, &flg));
    if (flg) PetscCall(PCAlgTriSetFactorN(pc, nf));
  }
  PetscCall(PetscOptionsBool("-pc_algtri_reuse_forest", "Keep the forest when the operator changes with the same nonzero pattern", "PCAlgTriSetReuseForest", jac->reuse_forest, &jac->reuse_forest, NULL));
  PetscOptionsHeadEnd();
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCView_AlgTri(PC pc, PetscViewer viewer)
{
  PC_AlgTri  *jac = (PC_AlgTri *)pc->data;
  PetscBool   iascii;
  PetscMPIInt size;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)viewer, PETSCVIEWERASCII, &iascii));
  if (!iascii) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TSForestOptionsView(&jac->opt, viewer));
  PetscCall(PetscViewerASCIIPrintf(viewer, "forest reuse on same nonzero pattern: %s\n", PetscBools[jac->reuse_forest]));
  if (!pc->setupcalled) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCallMPI(MPI_Comm_size(PetscObjectComm((PetscObject)pc), &size));
#if defined(TS_HAVE_CUDA)
  if (jac->on_device && size == 1) {
    PetscCall(TSForestDeviceView(&jac->dforest, viewer));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#endif
  if (size == 1) PetscCall(TSForestView(&jac->forest, &jac->graph, viewer, PETSC_FALSE));
  else {
    /* every rank extracts its own forest of its diagonal block */
    PetscCall(PetscViewerASCIIPrintf(viewer, "local diagonal blocks, one forest per rank:\n"));
    PetscCall(PetscViewerASCIIPushSynchronized(viewer));
    PetscCall(TSForestView(&jac->forest, &jac->graph, viewer, PETSC_TRUE));
    PetscCall(PetscViewerFlush(viewer));
    PetscCall(PetscViewerASCIIPopSynchronized(viewer));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriSetPivoting_AlgTri(PC pc, PCAlgTriPivoting pivoting)
{
  PC_AlgTri *jac = (PC_AlgTri *)pc->data;

  PetscFunctionBegin;
  if (jac->opt.pivoting != pivoting) pc->setupcalled = 0;
  jac->opt.pivoting = pivoting;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriGetPivoting_AlgTri(PC pc, PCAlgTriPivoting *pivoting)
{
  PetscFunctionBegin;
  *pivoting = ((PC_AlgTri *)pc->data)->opt.pivoting;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriSetWeight_AlgTri(PC pc, PCAlgTriWeight weight)
{
  PC_AlgTri *jac = (PC_AlgTri *)pc->data;

  PetscFunctionBegin;
  if (jac->opt.weight != weight) pc->setupcalled = 0;
  jac->opt.weight = weight;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriSetFactorIterations_AlgTri(PC pc, PetscInt iterations)
{
  PC_AlgTri *jac = (PC_AlgTri *)pc->data;

  PetscFunctionBegin;
  PetscCheck(iterations >= 1, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "The factor needs at least one round, got %" PetscInt_FMT, iterations);
  if (jac->opt.factor.iterations != iterations) pc->setupcalled = 0;
  jac->opt.factor.iterations = (int)iterations;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriSetBlockSize_AlgTri(PC pc, PetscInt bs)
{
  PC_AlgTri *jac = (PC_AlgTri *)pc->data;

  PetscFunctionBegin;
  PetscCheck(bs == 1 || bs == 2, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "PCALGTRI supports block sizes 1 and 2, got %" PetscInt_FMT, bs);
  if (jac->opt.block != bs) pc->setupcalled = 0;
  jac->opt.block = bs;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriSetFactorN_AlgTri(PC pc, PetscInt nf)
{
  PC_AlgTri *jac = (PC_AlgTri *)pc->data;

  PetscFunctionBegin;
  /* a [0,n]-factor with n > 2 has vertices of degree 3: no longer chains a tridiagonal solve can take */
  PetscCheck(nf == 1 || nf == 2, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "A linear forest comes from a [0,1]- or [0,2]-factor, got n = %" PetscInt_FMT, nf);
  if (jac->opt.factor.n != (int)nf) pc->setupcalled = 0;
  jac->opt.factor.n = (int)nf;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriSetReuseForest_AlgTri(PC pc, PetscBool reuse)
{
  PetscFunctionBegin;
  ((PC_AlgTri *)pc->data)->reuse_forest = reuse;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriGetForest_AlgTri(PC pc, PetscInt *npaths, PetscInt *longest, PetscReal *coverage, PetscReal *coverage_id)
{
  PC_AlgTri *jac = (PC_AlgTri *)pc->data;

  PetscFunctionBegin;
  PetscCheck(pc->setupcalled, PetscObjectComm((PetscObject)pc), PETSC_ERR_ORDER, "Call PCSetUp() first");
#if defined(TS_HAVE_CUDA)
  if (jac->on_device) {
    if (npaths) *npaths = jac->dforest.npaths;
    if (longest) *longest = jac->dforest.longest;
    if (coverage) *coverage = jac->dforest.coverage;
    if (coverage_id) *coverage_id = jac->dforest.coverage_id;
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#endif
  if (npaths) *npaths = jac->forest.npaths;
  if (longest) *longest = jac->forest.longest;
  if (coverage) *coverage = jac->forest.coverage;
  if (coverage_id) *coverage_id = jac->graph.coverage_id;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriSetPivoting - Sets the pivot rule of the tridiagonal solves of `PCALGTRI`

  Logically Collective

  Input Parameters:
+ pc       - the preconditioner context
- pivoting - `PCALGTRI_PIVOTING_NONE`, `PCALGTRI_PIVOTING_PARTIAL` or `PCALGTRI_PIVOTING_SCALED` (default)

  Options Database Key:
. -pc_algtri_pivoting <none,partial,scaled> - the pivot rule

  Level: intermediate

  Note:
  Tridiagonal parts extracted from general matrices need not be diagonally dominant; scaled partial
  pivoting keeps the solve stable at the cost of one comparison per row.

.seealso: `PCALGTRI`, `PCAlgTriGetPivoting()`
@*/
PetscErrorCode PCAlgTriSetPivoting(PC pc, PCAlgTriPivoting pivoting)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveEnum(pc, pivoting, 2);
  PetscTryMethod(pc, "PCAlgTriSetPivoting_C", (PC, PCAlgTriPivoting), (pc, pivoting));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetPivoting - Gets the pivot rule of the tridiagonal solves of `PCALGTRI`

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. pivoting - the pivot rule

  Level: intermediate

.seealso: `PCALGTRI`, `PCAlgTriSetPivoting()`
@*/
PetscErrorCode PCAlgTriGetPivoting(PC pc, PCAlgTriPivoting *pivoting)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscUseMethod(pc, "PCAlgTriGetPivoting_C", (PC, PCAlgTriPivoting *), (pc, pivoting));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriSetWeight - Sets the edge weights of the graph from which `PCALGTRI` extracts its linear forest

  Logically Collective

  Input Parameters:
+ pc     - the preconditioner context
- weight - `PCALGTRI_WEIGHT_SCALED` (default, |diagp1(A)^-1 A| symmetrized) or `PCALGTRI_WEIGHT_ABS` (|A| symmetrized)

  Options Database Key:
. -pc_algtri_weight <scaled,abs> - the weighting

  Level: intermediate

.seealso: `PCALGTRI`, `PCAlgTriSetPivoting()`
@*/
PetscErrorCode PCAlgTriSetWeight(PC pc, PCAlgTriWeight weight)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveEnum(pc, weight, 2);
  PetscTryMethod(pc, "PCAlgTriSetWeight_C", (PC, PCAlgTriWeight), (pc, weight));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriSetFactorIterations - Sets the number of proposal/confirmation rounds M of the parallel [0,2]-factor

  Logically Collective

  Input Parameters:
+ pc         - the preconditioner context
- iterations - the number of rounds (default 5)

  Options Database Key:
. -pc_algtri_factor_iterations <5> - the number of rounds

  Level: advanced

.seealso: `PCALGTRI`
@*/
PetscErrorCode PCAlgTriSetFactorIterations(PC pc, PetscInt iterations)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, iterations, 2);
  PetscTryMethod(pc, "PCAlgTriSetFactorIterations_C", (PC, PetscInt), (pc, iterations));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriSetBlockSize - Sets the block size of the tridiagonal factor of `PCALGTRI`

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context
- bs - 1 (default): scalar tridiagonal factor on a linear forest; 2: 2x2 block tridiagonal factor

  Options Database Key:
. -pc_algtri_block <1> - the block size

  Level: intermediate

  Note:
  With 2x2 blocks a matching (a [0,1]-factor) of the weight graph pairs up strongly coupled unknowns,
  the pairs are contracted into a coarse graph whose edge weights sum the weights between two pairs,
  and a linear forest of the coarse graph orders the pairs. The preconditioner is the 2x2 block
  tridiagonal part of P A P^T, solved with block pivoting. An unmatched unknown gets a ghost partner
  (an extra row with diagonal 1), so that all blocks are 2x2. The block factor holds every entry between
  two consecutive pairs, so it covers more of the matrix than the scalar forest.

.seealso: `PCALGTRI`, `PCAlgTriSetFactorN()`
@*/
PetscErrorCode PCAlgTriSetBlockSize(PC pc, PetscInt bs)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, bs, 2);
  PetscTryMethod(pc, "PCAlgTriSetBlockSize_C", (PC, PetscInt), (pc, bs));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriSetFactorN - Sets n of the parallel [0,n]-factor from which `PCALGTRI` takes its linear forest

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context
- nf - 2 (default): paths of any length; 1: a matching, every path has at most two vertices

  Options Database Key:
. -pc_algtri_factor_n <2> - n of the factor

  Level: advanced

  Note:
  A [0,n]-factor with n > 2 has vertices of degree 3 and no longer gives chains, so only 1 and 2
  are accepted. With `PCAlgTriSetBlockSize()` 2 the option applies to the factor of the coarse graph
  (the matching of the pairs is always a [0,1]-factor).

.seealso: `PCALGTRI`, `PCAlgTriSetBlockSize()`, `PCAlgTriSetFactorIterations()`
@*/
PetscErrorCode PCAlgTriSetFactorN(PC pc, PetscInt nf)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, nf, 2);
  PetscTryMethod(pc, "PCAlgTriSetFactorN_C", (PC, PetscInt), (pc, nf));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriSetReuseForest - Keep the linear forest and permutation when the operator changes with `SAME_NONZERO_PATTERN`

  Logically Collective

  Input Parameters:
+ pc    - the preconditioner context
- reuse - `PETSC_TRUE` (default) refreshes only the bands, `PETSC_FALSE` rebuilds the forest at every setup

  Options Database Key:
. -pc_algtri_reuse_forest <true> - reuse the forest

  Level: intermediate

.seealso: `PCALGTRI`
@*/
PetscErrorCode PCAlgTriSetReuseForest(PC pc, PetscBool reuse)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveBool(pc, reuse, 2);
  PetscTryMethod(pc, "PCAlgTriSetReuseForest_C", (PC, PetscBool), (pc, reuse));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetForest - Gets the statistics of the linear forest of this rank's diagonal block

  Not Collective

  Input Parameter:
. pc - the preconditioner context, set up

  Output Parameters:
+ npaths      - the number of paths (isolated vertices count as paths)
. longest     - the number of vertices on the longest path
. coverage    - the weight coverage c_pi of the forest
- coverage_id - the weight coverage c_id of the tridiagonal part in the original order

  Level: intermediate

.seealso: `PCALGTRI`
@*/
PetscErrorCode PCAlgTriGetForest(PC pc, PetscInt *npaths, PetscInt *longest, PetscReal *coverage, PetscReal *coverage_id)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscUseMethod(pc, "PCAlgTriGetForest_C", (PC, PetscInt *, PetscInt *, PetscReal *, PetscReal *), (pc, npaths, longest, coverage, coverage_id));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*MC
   PCALGTRI - Algebraic tridiagonal preconditioner: the tridiagonal part of the matrix along a linear
   forest of its graph, solved with a pivoting tridiagonal solver

   Options Database Keys:
+  -pc_algtri_pivoting <scaled>        - pivoting of the tridiagonal solve: none, partial, scaled
.  -pc_algtri_weight <scaled>          - edge weights: scaled (|diagp1(A)^-1 A| + transpose) or abs (|A| + |A|^T)
.  -pc_algtri_block <1>                - 1: scalar forest; 2: 2x2 blocks of matched pairs along a forest of the pairs
.  -pc_algtri_factor_n <2>             - n of the [0,n]-factor: 2 (linear forest) or 1 (a matching)
.  -pc_algtri_factor_iterations <5>    - rounds M of the parallel [0,2]-factor
.  -pc_algtri_factor_charge_period <5> - charges are off in every m-th round
.  -pc_algtri_factor_charge_skip <0>   - the uncharged round k_m of each period
.  -pc_algtri_factor_p <0.5>           - probability of a positive charge
.  -pc_algtri_factor_seed <0>          - seed of the charge hash
.  -pc_algtri_precision <double>       - double, or single: float bands and RPTS solves on the GPU inside a double Krylov method
-  -pc_algtri_reuse_forest <true>      - keep the forest when the operator changes with the same nonzero pattern

   Level: beginner

   Notes:
   Setup builds the symmetric weight graph C of the matrix, a parallel [0,2]-factor of C (each vertex
   proposes to its heaviest neighbours, mutual proposals are kept), breaks every cycle at its weakest
   edge, and orders the vertices path by path. The tridiagonal part T of P A P^T on the forest is
   factored with scaled partial pivoting; PCApply() computes P^T T^-1 P r. With -pc_algtri_block 2
   (`PCAlgTriSetBlockSize()`) T is 2x2 block tridiagonal along a forest of matched pairs.

   With MPI each rank works on its local diagonal block (`MatGetDiagonalBlock()`), like `PCBJACOBI`
   with one block per rank. Matrix formats other than AIJ are converted to `MATSEQAIJ` first.

   A zero pivot or a NaN/Inf entry makes `PCSetUp()` record a `PCFailedReason`; the `KSP` then stops
   with `KSP_DIVERGED_PC_FAILED`.

   Reference:
   C. Klein, Algebraic, Block and Multiplicative Preconditioners based on Fast Tridiagonal Solves on
   GPUs, PhD thesis, Heidelberg University, Chapter 4.

.seealso: `PCCreate()`, `PCSetType()`, `PCType`, `PC`, `PCJACOBI`, `PCBJACOBI`, `PCAlgTriSetPivoting()`,
          `PCAlgTriSetWeight()`, `PCAlgTriSetBlockSize()`, `PCAlgTriSetFactorN()`, `PCAlgTriGetForest()`,
          `TriSplitInitializePackage()`
M*/
PETSC_INTERN PetscErrorCode PCCreate_AlgTri(PC pc)
{
  PC_AlgTri *jac;

  PetscFunctionBegin;
  PetscCall(PetscNew(&jac));
  pc->data = (void *)jac;
  PetscCall(TSForestOptionsDefault(&jac->opt));
  jac->reuse_forest = PETSC_TRUE;

  pc->ops->apply           = PCApply_AlgTri;
  pc->ops->applytranspose  = PCApplyTranspose_AlgTri;
  pc->ops->matapply        = PCMatApply_AlgTri;
  pc->ops->setup           = PCSetUp_AlgTri;
  pc->ops->reset           = PCReset_AlgTri;
  pc->ops->destroy         = PCDestroy_AlgTri;
  pc->ops->setfromoptions  = PCSetFromOptions_AlgTri;
  pc->ops->view            = PCView_AlgTri;

  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriSetPivoting_C", PCAlgTriSetPivoting_AlgTri));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriGetPivoting_C", PCAlgTriGetPivoting_AlgTri));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriSetWeight_C", PCAlgTriSetWeight_AlgTri));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriSetFactorIterations_C", PCAlgTriSetFactorIterations_AlgTri));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriSetReuseForest_C", PCAlgTriSetReuseForest_AlgTri));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriSetBlockSize_C", PCAlgTriSetBlockSize_AlgTri));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriSetFactorN_C", PCAlgTriSetFactorN_AlgTri));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriGetForest_C", PCAlgTriGetForest_AlgTri));
  PetscFunctionReturn(PETSC_SUCCESS);
}
