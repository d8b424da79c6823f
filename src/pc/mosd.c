/* SPDX-License-Identifier: BSD-2-Clause */
/*
   PCMOSD: direct multiplicative operator splitting (docs/algorithms.md 5.2, thesis Eqs. 57-67, 73).
   M = T M_{m-1} ... M_0 with T = diagp_k(A), J = I + (1/m) T^-1 (diag A - T) and
   M_l = J + T^-1 J^-(m-1-l) A''_l J^-l, where A''_l holds the off-diagonal entries of A on forest l.
   Each M_l is tridiagonal in the order of its forest; for m = 1, T M_0 is exactly PCALGTRI's matrix.
*/
#include <trisplit/private/chainimpl.h>

static PetscErrorCode PCView_MOSD(PC pc, PetscViewer viewer)
{
  TSPChain  c = TSPChainFromPC(pc);
  PetscBool iascii;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)viewer, PETSCVIEWERASCII, &iascii));
  if (!iascii) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscViewerASCIIPushTab(viewer)); /* the details under "type:", as PETSc's PCs print them */
  PetscCall(TSPChainViewOptions(c, viewer));
  if (c->params.m) PetscCall(PetscViewerASCIIPrintf(viewer, "T = diagp_%" PetscInt_FMT "(A), m = %" PetscInt_FMT " factors, omega %g\n", c->params.split.diagonal, c->params.m, (double)c->params.split.omega));
  else PetscCall(PetscViewerASCIIPrintf(viewer, "T = diagp_%" PetscInt_FMT "(A), m automatic (coverage %g, at most %" PetscInt_FMT "), omega %g\n", c->params.split.diagonal, (double)c->params.coverage, c->params.m_max, (double)c->params.split.omega));
  PetscCall(TSPChainView(pc, c, viewer));
  PetscCall(PetscViewerASCIIPopTab(viewer));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCMOSDSetDiagonal_MOSD(PC pc, PetscInt k)
{
  PetscFunctionBegin;
  PetscCheck(k >= 0 && k <= 2, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "T = diagp_k(A) takes k = 0, 1 or 2, got %" PetscInt_FMT, k);
  TSPChainSetOption(pc, TSPChainFromPC(pc), split.diagonal, k);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCMOSDGetDiagonal_MOSD(PC pc, PetscInt *k)
{
  PetscFunctionBegin;
  *k = TSPChainFromPC(pc)->params.split.diagonal;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the options every trisplit PC shares, then the diagonal T */
static PetscErrorCode PCSetFromOptions_MOSD(PC pc, TriSplitOptionItems PetscOptionsObject)
{
  TSPChain  c = TSPChainFromPC(pc);
  PetscInt  k;
  PetscBool flg;

  PetscFunctionBegin;
  PetscOptionsHeadBegin(PetscOptionsObject, "MOSD options");
  PetscCall(TSPChainSetFromOptions(pc, PetscOptionsObject, "mosd", c));
  PetscCall(TSPOptionsRangeInt(PetscOptionsObject, "-pc_mosd_diagonal", "T = diagp_k(A): 0 (diagonal of A), 1 (default), 2", "PCMOSDSetDiagonal", c->params.split.diagonal, &k, &flg, 0, 2));
  if (flg) PetscCall(PCMOSDSetDiagonal_MOSD(pc, k));
  PetscOptionsHeadEnd();
  PetscCall(TSPChainNoticeOtherOptions(pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCDestroy_MOSD(PC pc)
{
  PetscFunctionBegin;
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCMOSDSetDiagonal_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCMOSDGetDiagonal_C", NULL));
  PetscCall(PCDestroy_TriSplit(pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCMOSDSetDiagonal - Sets k of the diagonal T = diagp_k(A) of `PCMOSD`

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context
- k  - 0 (the diagonal of A), 1 (default: the diagonal plus the absolute off-diagonal row sums, as in
       the thesis' diagp_1) or 2

  Options Database Key:
. -pc_mosd_diagonal <1> - k

  Level: advanced

.seealso: `PCMOSD`, `PCMOSDGetDiagonal()`
@*/
PetscErrorCode PCMOSDSetDiagonal(PC pc, PetscInt k)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, k, 2);
  PetscTryMethod(pc, "PCMOSDSetDiagonal_C", (PC, PetscInt), (pc, k));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCMOSDGetDiagonal - Gets k of the diagonal T = diagp_k(A) of `PCMOSD`

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. k - 0, 1 or 2

  Level: advanced

.seealso: `PCMOSD`, `PCMOSDSetDiagonal()`
@*/
PetscErrorCode PCMOSDGetDiagonal(PC pc, PetscInt *k)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(k, 2);
  PetscUseMethod(pc, "PCMOSDGetDiagonal_C", (PC, PetscInt *), (pc, k));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*MC
   PCMOSD - Direct multiplicative operator splitting: a product of m tridiagonal factors, one per
   linear forest of the matrix graph, M = T M_{m-1} ... M_0 (a generalized ILU)

   Options Database Keys:
+  -pc_mosd_m <0>             - number of factors; 0 chooses m by coverage (`PCTriSplitSetM()`)
.  -pc_mosd_m_max <4>         - most factors of the automatic choice (`PCTriSplitSetMMax()`)
.  -pc_mosd_coverage <0.99>   - the automatic choice stops once the forests cover this fraction of the weight (`PCTriSplitSetCoverage()`)
.  -pc_mosd_omega <0>         - reweighting of edges already used by a forest (0: every edge used once) (`PCTriSplitSetOmega()`)
.  -pc_mosd_precision <double> - double, or single: float bands and RPTS solves on the GPU (transposed applies need double) (`PCTriSplitSetPrecision()`)
.  -pc_mosd_diagonal <1>      - T = diagp_k(A), k = 0 (diagonal of A), 1, 2 (`PCMOSDSetDiagonal()`)
.  -pc_mosd_pivoting <scaled> - pivoting of the tridiagonal solves (`PCTriSplitSetPivoting()`)
.  -pc_mosd_weight <scaled>   - edge weights of the graph (`PCTriSplitSetWeight()`)
.  -pc_mosd_factor_iterations <5> - rounds M of the parallel [0,2]-factor (`PCTriSplitSetFactorIterations()`)
.  -pc_mosd_factor_charge_period <5> - charges are off in every m-th round of the factor (`PCTriSplitSetFactorChargePeriod()`)
.  -pc_mosd_factor_charge_skip <0> - the uncharged round k_m of each period (`PCTriSplitSetFactorChargeSkip()`)
.  -pc_mosd_factor_p <0.5>        - probability of a positive charge (`PCTriSplitSetFactorP()`)
.  -pc_mosd_factor_seed <0>       - seed of the charge hash (`PCTriSplitSetFactorSeed()`)
.  -pc_mosd_reuse_forest <true>   - keep the forests for a new operator with the same nonzero pattern (`PCTriSplitSetReuseForest()`)
.  -pc_mosd_shift_type <nonzero>  - repair a zero of T = diagp_k(A) and a zero pivot of a factor M_l by a diagonal shift, or none: the PC fails (`PCTriSplitSetShiftType()`)
.  -pc_mosd_shift_amount <1e-4>   - the first shift, relative to the factor's largest diagonal entry (`PCTriSplitSetShiftAmount()`)
-  -pc_mosd_definite_paths <true> - a factor of a symmetric positive definite matrix cut where it stops being positive definite (`PCTriSplitSetDefinitePaths()`)

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

   The preconditioner is not symmetric, even for a symmetric matrix (a product of factors in one
   order): use `KSPGMRES`, `KSPFGMRES` or `KSPBCGS`, not `KSPCG`
   (under `KSPCG`, `KSPMINRES` and the other methods that assume a symmetric preconditioner the PC
   prints a warning at the first `KSPSolve()`, and `PCView()` says so). The number of factors, coverage and
   omega have the setters `PCTriSplitSetM()`, `PCTriSplitSetCoverage()` and `PCTriSplitSetOmega()`, the
   forest options the `PCTriSplit` setters every trisplit PC shares (`PCTriSplitSetPivoting()`, ...). A zero pivot in any factor stops
   the `KSP` with `KSP_DIVERGED_PC_FAILED`, or `PCSetUp()` with an error under -ksp_error_if_not_converged.

   Reference:
   C. Klein, R. Strzodka, Operator splitting preconditioners based on tridiagonal solves, and the
   thesis of C. Klein, Chapter 5.

.seealso: `PCCreate()`, `PCSetType()`, `PCALGTRI`, `PCALTSPLIT`, `PCTriSplitSetM()`, `PCMOSDSetDiagonal()`, `PCTriSplitSetM()`, `PCTriSplitSetOmega()`, `PCILU`
M*/
PETSC_INTERN PetscErrorCode PCCreate_MOSD(PC pc)
{
  PetscFunctionBegin;
  PetscCall(PCCreate_TriSplit(pc, TSP_CHAIN_SPLITTING));
  TSPChainFromPC(pc)->params.split.reweight = PETSC_TRUE;
  TSPChainFromPC(pc)->params.split.omega    = 0.0;
  TSPChainFromPC(pc)->params.split.diagonal = 1; /* T = diagp_1(A) */
  pc->ops->view           = PCView_MOSD;
  pc->ops->setfromoptions = PCSetFromOptions_MOSD;
  pc->ops->destroy        = PCDestroy_MOSD;
  PetscCall(TSPChainComposeSetters(pc, PETSC_TRUE));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCMOSDSetDiagonal_C", PCMOSDSetDiagonal_MOSD));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCMOSDGetDiagonal_C", PCMOSDGetDiagonal_MOSD));
  PetscFunctionReturn(PETSC_SUCCESS);
}
