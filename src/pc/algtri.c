/* SPDX-License-Identifier: BSD-2-Clause */
/*
   PCALGTRI: the algebraic tridiagonal preconditioner. A linear forest of the matrix graph orders
   the unknowns so that the strongest couplings form tridiagonal chains; the preconditioner is the
   tridiagonal part of P A P^T on those chains, solved with the pivoting tridiagonal solver.
*/
#include <trisplit/private/chainimpl.h>

static PetscErrorCode PCView_AlgTri(PC pc, PetscViewer viewer)
{
  PetscBool iascii;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)viewer, PETSCVIEWERASCII, &iascii));
  if (!iascii) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscViewerASCIIPushTab(viewer)); /* the details under "type:", as PETSc's PCs print them */
  PetscCall(TSPChainViewOptions(TSPChainFromPC(pc), viewer));
  PetscCall(TSPChainView(pc, TSPChainFromPC(pc), viewer));
  PetscCall(PetscViewerASCIIPopTab(viewer));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriSetBlockSize_AlgTri(PC pc, PetscInt bs)
{
  PetscFunctionBegin;
  PetscCheck(bs == 1 || bs == 2, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "PCALGTRI supports block sizes 1 and 2, got %" PetscInt_FMT, bs);
  TSPChainSetOption(pc, TSPChainFromPC(pc), forest.block, bs);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriGetBlockSize_AlgTri(PC pc, PetscInt *bs)
{
  PetscFunctionBegin;
  *bs = TSPChainFromPC(pc)->params.forest.block;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriSetFactorN_AlgTri(PC pc, PetscInt nf)
{
  PetscFunctionBegin;
  /* a [0,n]-factor with n > 2 has vertices of degree 3: no longer chains a tridiagonal solve can take */
  PetscCheck(nf == 1 || nf == 2, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "A linear forest comes from a [0,1]- or [0,2]-factor, got n = %" PetscInt_FMT, nf);
  TSPChainSetOption(pc, TSPChainFromPC(pc), forest.factor.n, (int)nf);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriGetFactorN_AlgTri(PC pc, PetscInt *nf)
{
  PetscFunctionBegin;
  *nf = TSPChainFromPC(pc)->params.forest.factor.n;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the options every trisplit PC shares, then the block size and factor n of the forest */
static PetscErrorCode PCSetFromOptions_AlgTri(PC pc, TriSplitOptionItems PetscOptionsObject)
{
  TSPChain  c = TSPChainFromPC(pc);
  PetscInt  ival;
  PetscBool flg;

  PetscFunctionBegin;
  PetscOptionsHeadBegin(PetscOptionsObject, "ALGTRI options");
  PetscCall(TSPChainSetFromOptions(pc, PetscOptionsObject, "algtri", c));
  PetscCall(PetscOptionsInt("-pc_algtri_block", "Block size of the tridiagonal factor: 1 (scalar) or 2 (2x2 blocks of matched pairs)", "PCAlgTriSetBlockSize", c->params.forest.block, &ival, &flg));
  PetscCheck(!flg || ival == 1 || ival == 2, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "-%spc_algtri_block must be 1 or 2, got %" PetscInt_FMT, PetscOptionsObject->prefix ? PetscOptionsObject->prefix : "", ival);
  if (flg) PetscCall(PCAlgTriSetBlockSize_AlgTri(pc, ival));
  PetscCall(PetscOptionsInt("-pc_algtri_factor_n", "n of the [0,n]-factor: 2 (linear forest) or 1 (a matching: paths of at most two vertices)", "PCAlgTriSetFactorN", c->params.forest.factor.n, &ival, &flg));
  PetscCheck(!flg || ival == 1 || ival == 2, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "-%spc_algtri_factor_n must be 1 (a matching) or 2 (a linear forest), got %" PetscInt_FMT, PetscOptionsObject->prefix ? PetscOptionsObject->prefix : "", ival);
  if (flg) PetscCall(PCAlgTriSetFactorN_AlgTri(pc, ival));
  PetscOptionsHeadEnd();
  PetscCall(TSPChainNoticeOtherOptions(pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCDestroy_AlgTri(PC pc)
{
  PetscFunctionBegin;
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriSetBlockSize_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriGetBlockSize_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriSetFactorN_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriGetFactorN_C", NULL));
  PetscCall(PCDestroy_TriSplit(pc));
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
  are accepted. Both run on the host and on the GPU, with the same forest. With `PCAlgTriSetBlockSize()` 2
  the option applies to the factor of the coarse graph (the matching of the pairs is always a [0,1]-factor);
  on the GPU the 2x2 block forest takes a [0,2]-factor of the pairs only. A matching is the weaker
  preconditioner on most matrices, but where the long paths of a linear forest make poor factors it can
  converge when they do not (cvxbqp1 of SuiteSparse with `KSPBCGS`).

.seealso: `PCALGTRI`, `PCAlgTriSetBlockSize()`, `PCTriSplitSetFactorIterations()`
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
  PCAlgTriGetBlockSize - Gets the block size of the tridiagonal factor of `PCALGTRI`

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. bs - 1 or 2

  Level: intermediate

.seealso: `PCALGTRI`, `PCAlgTriSetBlockSize()`
@*/
PetscErrorCode PCAlgTriGetBlockSize(PC pc, PetscInt *bs)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(bs, 2);
  PetscUseMethod(pc, "PCAlgTriGetBlockSize_C", (PC, PetscInt *), (pc, bs));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetFactorN - Gets n of the parallel [0,n]-factor from which `PCALGTRI` takes its linear forest

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. nf - 1 or 2

  Level: advanced

.seealso: `PCALGTRI`, `PCAlgTriSetFactorN()`
@*/
PetscErrorCode PCAlgTriGetFactorN(PC pc, PetscInt *nf)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(nf, 2);
  PetscUseMethod(pc, "PCAlgTriGetFactorN_C", (PC, PetscInt *), (pc, nf));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*MC
   PCALGTRI - Algebraic tridiagonal preconditioner: the tridiagonal part of the matrix along a linear
   forest of its graph, solved with a pivoting tridiagonal solver

   Options Database Keys:
+  -pc_algtri_pivoting <scaled>        - pivoting of the tridiagonal solve: none, partial, scaled (`PCTriSplitSetPivoting()`)
.  -pc_algtri_weight <scaled>          - edge weights: scaled (|diagp1(A)^-1 A| + transpose) or abs (|A| + |A|^T) (`PCTriSplitSetWeight()`)
.  -pc_algtri_block <1>                - 1: scalar forest; 2: 2x2 blocks of matched pairs along a forest of the pairs (`PCAlgTriSetBlockSize()`)
.  -pc_algtri_factor_n <2>             - n of the [0,n]-factor: 2 (linear forest) or 1 (a matching) (`PCAlgTriSetFactorN()`)
.  -pc_algtri_factor_iterations <5>    - rounds M of the parallel [0,2]-factor (`PCTriSplitSetFactorIterations()`)
.  -pc_algtri_factor_charge_period <5> - charges are off in every m-th round (`PCTriSplitSetFactorChargePeriod()`)
.  -pc_algtri_factor_charge_skip <0>   - the uncharged round k_m of each period (`PCTriSplitSetFactorChargeSkip()`)
.  -pc_algtri_factor_p <0.5>           - probability of a positive charge (`PCTriSplitSetFactorP()`)
.  -pc_algtri_factor_seed <0>          - seed of the charge hash (`PCTriSplitSetFactorSeed()`)
.  -pc_algtri_precision <double>       - double, or single: float bands and RPTS solves on the GPU inside a double Krylov method (`PCTriSplitSetPrecision()`)
.  -pc_algtri_reuse_forest <true>      - keep the forest when the operator changes with the same nonzero pattern (`PCTriSplitSetReuseForest()`)
.  -pc_algtri_shift_type <nonzero>     - repair a zero pivot by a diagonal shift, or none: the PC fails (`PCTriSplitSetShiftType()`)
.  -pc_algtri_shift_amount <1e-4>      - the first shift, relative to the factor's largest diagonal entry (`PCTriSplitSetShiftAmount()`)
-  -pc_algtri_definite_paths <true>    - a factor of a symmetric positive definite matrix cut where it stops being positive definite (`PCTriSplitSetDefinitePaths()`)

   Level: beginner

   Notes:
   Setup builds the symmetric weight graph C of the matrix, a parallel [0,2]-factor of C (each vertex
   proposes to its heaviest neighbours, mutual proposals are kept), breaks every cycle at its weakest
   edge, and orders the vertices path by path. The tridiagonal part T of P A P^T on the forest is
   factored with scaled partial pivoting; PCApply() computes P^T T^-1 P r. With -pc_algtri_block 2
   (`PCAlgTriSetBlockSize()`) T is 2x2 block tridiagonal along a forest of matched pairs.

   With MPI each rank works on its local diagonal block (`MatGetDiagonalBlock()`), like `PCBJACOBI`
   with one block per rank. Matrix formats other than AIJ are converted to `MATSEQAIJ` first: BAIJ, SBAIJ,
   dense and SELL with their converters, other formats with `MatGetRow()` row by row.

   Symmetry: for a symmetric matrix T is symmetric and so is the preconditioner, fit for `KSPCG`
   when T is positive definite (a symmetric M-matrix or a diagonally dominant one, as from most
   diffusion problems). Otherwise use `KSPGMRES`, `KSPFGMRES` or `KSPBCGS`.

   A zero pivot or a NaN/Inf entry makes `PCSetUp()` record a `PCFailedReason`; the `KSP` then stops
   with `KSP_DIVERGED_PC_FAILED`. With -ksp_error_if_not_converged (`PCSetErrorIfFailure()`) `PCSetUp()`
   stops instead with `PETSC_ERR_MAT_LU_ZRPVT` naming the row, as PETSc's own factorizations do.

   On `MATAIJCUSPARSE` matrices the forest is built and solved on the GPU (RPTS, the forest's
   permutations fused into the solve). The preconditioning matrix must be assembled: a `MATSHELL`, and
   any format without `MatGetRow()` (petsc4py's `MATPYTHON`, `MATCOMPOSITE`, ...), which `MatConvert()`
   would build with one matrix-vector product per column, is refused (`PETSC_ERR_SUP`); pass an assembled
   Pmat with `KSPSetOperators()`. The forest options and their setters (`PCTriSplitSetPivoting()`, ...)
   apply to every trisplit preconditioner, each under its own type's prefix: an option of another type
   (-pc_mosd_m given to algtri) that no PC used is warned of at `PetscFinalize()`.

   Reference:
   C. Klein, Algebraic, Block and Multiplicative Preconditioners based on Fast Tridiagonal Solves on
   GPUs, PhD thesis, Heidelberg University, Chapter 4.

.seealso: `PCCreate()`, `PCSetType()`, `PCType`, `PC`, `PCJACOBI`, `PCBJACOBI`, `PCTriSplitSetPivoting()`,
          `PCTriSplitSetWeight()`, `PCAlgTriSetBlockSize()`, `PCAlgTriSetFactorN()`, `PCAlgTriGetFactorN()`, `PCTriSplitGetForest()`, `PCTriSplitSetPrecision()`,
          `TriSplitInitializePackage()`
M*/
PETSC_INTERN PetscErrorCode PCCreate_AlgTri(PC pc)
{
  PetscFunctionBegin;
  PetscCall(PCCreate_TriSplit(pc, TSP_CHAIN_FOREST));
  TSPChainFromPC(pc)->params.m = 1; /* one forest */
  pc->ops->view           = PCView_AlgTri;
  pc->ops->setfromoptions = PCSetFromOptions_AlgTri;
  pc->ops->destroy        = PCDestroy_AlgTri;
  PetscCall(TSPChainComposeSetters(pc, PETSC_TRUE));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriSetBlockSize_C", PCAlgTriSetBlockSize_AlgTri));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriGetBlockSize_C", PCAlgTriGetBlockSize_AlgTri));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriSetFactorN_C", PCAlgTriSetFactorN_AlgTri));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCAlgTriGetFactorN_C", PCAlgTriGetFactorN_AlgTri));
  PetscFunctionReturn(PETSC_SUCCESS);
}
