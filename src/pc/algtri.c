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

/*@
  PCAlgTriSetPivoting - Sets the pivot rule of the tridiagonal solves of a trisplit preconditioner (`PCALGTRI`, `PCMOSD`, `PCMOSA`, `PCALTSPLIT`)

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
  PCAlgTriGetPivoting - Gets the pivot rule of the tridiagonal solves of a trisplit preconditioner

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
  PCAlgTriSetWeight - Sets the edge weights of the graph from which a trisplit preconditioner extracts its linear forests

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
  PCAlgTriSetFactorIterations - Sets the number of proposal/confirmation rounds M of the parallel [0,2]-factor of a trisplit preconditioner

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
  are accepted. Both run on the host and on the GPU, with the same forest. With `PCAlgTriSetBlockSize()` 2
  the option applies to the factor of the coarse graph (the matching of the pairs is always a [0,1]-factor);
  on the GPU the 2x2 block forest takes a [0,2]-factor of the pairs only. A matching is the weaker
  preconditioner on most matrices, but where the long paths of a linear forest make poor factors it can
  converge when they do not (cvxbqp1 of SuiteSparse with `KSPBCGS`).

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
  PCAlgTriSetReuseForest - Keep the linear forests and permutations of a trisplit preconditioner when the operator changes with `SAME_NONZERO_PATTERN`

  Logically Collective

  Input Parameters:
+ pc    - the preconditioner context
- reuse - `PETSC_TRUE` (default) refreshes only the bands, `PETSC_FALSE` rebuilds the forest at every setup

  Options Database Key:
. -pc_<type>_reuse_forest <true> - reuse the forest, e.g. -pc_mosa_reuse_forest

  Note:
  `PCMOSA` keeps its levels' forests and their number and recomputes the bands, factors and products of
  the levels from the new values.

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
  PCAlgTriSetShiftType - Sets how a trisplit preconditioner repairs a zero pivot in one of its tridiagonal factors

  Logically Collective

  Input Parameters:
+ pc   - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)
- type - `MAT_SHIFT_NONZERO` (default) adds a multiple of the largest diagonal entry to the diagonal of the
         factor and eliminates again, doubling the shift until no pivot is zero; `MAT_SHIFT_NONE` lets the
         PC fail with `PC_FACTOR_NUMERIC_ZEROPIVOT`

  Options Database Key:
. -pc_<type>_shift_type <nonzero,none> - the repair, e.g. -pc_algtri_shift_type none

  Level: intermediate

  Notes:
  The shift follows PETSc's `MAT_SHIFT_NONZERO` (`PCFactorSetShiftType()`): the first shift is the amount
  (`PCAlgTriSetShiftAmount()`), every retry doubles it; the amount is relative to the factor's largest
  diagonal entry, so the repair does not depend on the scaling of the matrix. Only the factor with the
  zero pivot is shifted, and the GPU shifts its bands with the host's arithmetic, so both backends
  repair alike. `PCMOSD`'s splitting is singular where T = diagp_k(A) has a zero (an empty row): the
  repair sets those entries to the amount times the largest |T_ii|. `PCMOSA` drops a level after the first that has a zero pivot instead (the chain stops
  before it, `T` is taken from the last level kept). `PCView()` and -info report what was repaired, per
  rank. A NaN or Inf is never repaired.

.seealso: `PCALGTRI`, `PCAlgTriSetShiftAmount()`, `PCAlgTriGetRepair()`, `PCFactorSetShiftType()`
@*/
PetscErrorCode PCAlgTriSetShiftType(PC pc, MatFactorShiftType type)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveEnum(pc, type, 2);
  PetscTryMethod(pc, "PCAlgTriSetShiftType_C", (PC, MatFactorShiftType), (pc, type));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetShiftType - Gets how a trisplit preconditioner repairs a zero pivot

  Not Collective

  Input Parameter:
. pc - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)

  Output Parameter:
. type - `MAT_SHIFT_NONZERO` or `MAT_SHIFT_NONE`

  Level: intermediate

.seealso: `PCALGTRI`, `PCAlgTriSetShiftType()`
@*/
PetscErrorCode PCAlgTriGetShiftType(PC pc, MatFactorShiftType *type)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(type, 2);
  PetscUseMethod(pc, "PCAlgTriGetShiftType_C", (PC, MatFactorShiftType *), (pc, type));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriSetShiftAmount - Sets the first diagonal shift of the zero-pivot repair, relative to the largest diagonal entry of the factor

  Logically Collective

  Input Parameters:
+ pc     - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)
- amount - in (0,1), or `PETSC_DECIDE` for the default 1e-4

  Options Database Key:
. -pc_<type>_shift_amount <amount> - the amount, e.g. -pc_mosd_shift_amount 1e-8

  Level: advanced

  Note:
  The default is larger than PETSc's 100 eps for `MAT_SHIFT_NONZERO`: a factorization that solves may be
  nearly singular, a preconditioner may not. A factor shifted by eps has an eigenvalue near 1/eps,
  which GMRES's preconditioned residual mistakes for convergence; 1e-4 bounds the amplification.

.seealso: `PCALGTRI`, `PCAlgTriSetShiftType()`, `PCFactorSetShiftAmount()`
@*/
PetscErrorCode PCAlgTriSetShiftAmount(PC pc, PetscReal amount)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveReal(pc, amount, 2);
  PetscTryMethod(pc, "PCAlgTriSetShiftAmount_C", (PC, PetscReal), (pc, amount));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetShiftAmount - Gets the first diagonal shift of the zero-pivot repair

  Not Collective

  Input Parameter:
. pc - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)

  Output Parameter:
. amount - the amount, relative to the largest diagonal entry of the factor

  Level: advanced

.seealso: `PCALGTRI`, `PCAlgTriSetShiftAmount()`
@*/
PetscErrorCode PCAlgTriGetShiftAmount(PC pc, PetscReal *amount)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(amount, 2);
  PetscUseMethod(pc, "PCAlgTriGetShiftAmount_C", (PC, PetscReal *), (pc, amount));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetRepair - Gets what the last setup of a trisplit preconditioner repaired on this rank

  Not Collective

  Input Parameter:
. pc - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`), set up

  Output Parameters:
+ nshifted - the number of factors whose diagonal was shifted (may be `NULL`)
. shift    - the largest total shift added to a factor's diagonal, 0 if none (may be `NULL`)
- dropped  - `PCMOSA`: the level dropped for a zero pivot, -1 if none (may be `NULL`)

  Level: intermediate

.seealso: `PCALGTRI`, `PCAlgTriSetShiftType()`
@*/
PetscErrorCode PCAlgTriGetRepair(PC pc, PetscInt *nshifted, PetscReal *shift, PetscInt *dropped)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscUseMethod(pc, "PCAlgTriGetRepair_C", (PC, PetscInt *, PetscReal *, PetscInt *), (pc, nshifted, shift, dropped));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetForest - Gets the statistics of the (first) linear forest of this rank's diagonal block

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

/*@
  PCAlgTriGetWeight - Gets the edge weights of the graph from which a trisplit preconditioner extracts its forests

  Not Collective

  Input Parameter:
. pc - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)

  Output Parameter:
. weight - the weighting

  Level: intermediate

.seealso: `PCALGTRI`, `PCAlgTriSetWeight()`
@*/
PetscErrorCode PCAlgTriGetWeight(PC pc, PCAlgTriWeight *weight)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(weight, 2);
  PetscUseMethod(pc, "PCAlgTriGetWeight_C", (PC, PCAlgTriWeight *), (pc, weight));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetFactorIterations - Gets the number of rounds of the parallel [0,2]-factor of a trisplit preconditioner

  Not Collective

  Input Parameter:
. pc - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)

  Output Parameter:
. iterations - the number of rounds

  Level: advanced

.seealso: `PCALGTRI`, `PCAlgTriSetFactorIterations()`
@*/
PetscErrorCode PCAlgTriGetFactorIterations(PC pc, PetscInt *iterations)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(iterations, 2);
  PetscUseMethod(pc, "PCAlgTriGetFactorIterations_C", (PC, PetscInt *), (pc, iterations));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetReuseForest - Gets whether a trisplit preconditioner keeps its forests across `SAME_NONZERO_PATTERN` updates

  Not Collective

  Input Parameter:
. pc - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)

  Output Parameter:
. reuse - `PETSC_TRUE` if the forests are kept

  Level: intermediate

.seealso: `PCALGTRI`, `PCAlgTriSetReuseForest()`
@*/
PetscErrorCode PCAlgTriGetReuseForest(PC pc, PetscBool *reuse)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(reuse, 2);
  PetscUseMethod(pc, "PCAlgTriGetReuseForest_C", (PC, PetscBool *), (pc, reuse));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriSetPrecision - Sets the precision of the tridiagonal factors of a trisplit preconditioner

  Logically Collective

  Input Parameters:
+ pc        - the preconditioner context (`PCALGTRI`, `PCMOSD` or `PCALTSPLIT`)
- precision - `PCALGTRI_PRECISION_DOUBLE` (default) or `PCALGTRI_PRECISION_SINGLE`

  Options Database Key:
. -pc_<type>_precision <double,single> - the precision, e.g. -pc_algtri_precision single

  Level: advanced

  Note:
  Single precision keeps float copies of the bands and solves with RPTS in float inside the double
  Krylov method: on the GPU only (`MATAIJCUSPARSE`); the host factors in double and `PCSetUp()` refuses
  single precision there. Transposed applies need double.

.seealso: `PCALGTRI`, `PCAlgTriGetPrecision()`
@*/
PetscErrorCode PCAlgTriSetPrecision(PC pc, PCAlgTriPrecision precision)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveEnum(pc, precision, 2);
  PetscTryMethod(pc, "PCAlgTriSetPrecision_C", (PC, PCAlgTriPrecision), (pc, precision));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetPrecision - Gets the precision of the tridiagonal factors of a trisplit preconditioner

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. precision - the precision

  Level: advanced

.seealso: `PCALGTRI`, `PCAlgTriSetPrecision()`
@*/
PetscErrorCode PCAlgTriGetPrecision(PC pc, PCAlgTriPrecision *precision)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(precision, 2);
  PetscUseMethod(pc, "PCAlgTriGetPrecision_C", (PC, PCAlgTriPrecision *), (pc, precision));
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
.  -pc_algtri_precision <double>       - double, or single: float bands and RPTS solves on the GPU inside a double Krylov method (`PCAlgTriSetPrecision()`)
.  -pc_algtri_reuse_forest <true>      - keep the forest when the operator changes with the same nonzero pattern
.  -pc_algtri_shift_type <nonzero>     - repair a zero pivot by a diagonal shift, or none: the PC fails (`PCAlgTriSetShiftType()`)
-  -pc_algtri_shift_amount <1e-4>      - the first shift, relative to the factor's largest diagonal entry (`PCAlgTriSetShiftAmount()`)

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
   Pmat with `KSPSetOperators()`. The forest options and their setters (`PCAlgTriSetPivoting()`, ...)
   apply to every trisplit preconditioner, each under its own type's prefix: an option of another type
   (-pc_mosd_m given to algtri) that no PC used is warned of at `PetscFinalize()`.

   Reference:
   C. Klein, Algebraic, Block and Multiplicative Preconditioners based on Fast Tridiagonal Solves on
   GPUs, PhD thesis, Heidelberg University, Chapter 4.

.seealso: `PCCreate()`, `PCSetType()`, `PCType`, `PC`, `PCJACOBI`, `PCBJACOBI`, `PCAlgTriSetPivoting()`,
          `PCAlgTriSetWeight()`, `PCAlgTriSetBlockSize()`, `PCAlgTriSetFactorN()`, `PCAlgTriGetForest()`, `PCAlgTriSetPrecision()`,
          `TriSplitInitializePackage()`
M*/
PETSC_INTERN PetscErrorCode PCCreate_AlgTri(PC pc)
{
  PetscFunctionBegin;
  PetscCall(PCCreate_TriSplit(pc, TSP_CHAIN_FOREST, "PCAlgTri"));
  pc->ops->view = PCView_AlgTri;
  PetscCall(TSPChainComposeSetters(pc, PETSC_TRUE));
  PetscFunctionReturn(PETSC_SUCCESS);
}
