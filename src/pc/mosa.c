/* SPDX-License-Identifier: BSD-2-Clause */
/*
   PCMOSA: adaptive multiplicative operator splitting (docs/algorithms.md 5.4, thesis Eqs. 68-69, 74-76).
   B_0 = A; level l extracts a linear forest S_l of B_l, M_l = prune(B_l, S_l) (tridiagonal in its
   order), and B_{l+1} = prune(B_l M_l^-1, diagonal + the q_i largest off-diagonal entries of each row),
   q_i the off-diagonal count of row i of A. T = diagp1(B_m) and M = T M_{m-1} ... M_0, applied like
   MOS-d. The product B_l M_l^-1 is computed row by row on the paths each row touches, with early
   dropping (src/kernels/reference/rowsolve.c), instead of the thesis' dense O(N^2) columns.
   The levels are built by the chain's backend (src/pc/forest/host.c and cuda.c, bit for bit the same
   forests, factors and products); the apply is MOS-d's.
*/
#include <trisplit/private/chainimpl.h>

static PetscErrorCode PCView_MOSA(PC pc, PetscViewer viewer)
{
  TSPChain  c = TSPChainFromPC(pc);
  PetscBool iascii;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)viewer, PETSCVIEWERASCII, &iascii));
  if (!iascii) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscViewerASCIIPushTab(viewer)); /* the details under "type:", as PETSc's PCs print them */
  PetscCall(TSPChainViewOptions(c, viewer));
  if (c->params.m) PetscCall(PetscViewerASCIIPrintf(viewer, "m = %" PetscInt_FMT " levels, product %s\n", c->params.m, c->params.split.exact ? "exact (whole chain)" : "on the touched paths"));
  else PetscCall(PetscViewerASCIIPrintf(viewer, "m automatic (c_diag %g, at most %" PetscInt_FMT "), product %s\n", (double)c->params.coverage, c->params.m_max, c->params.split.exact ? "exact (whole chain)" : "on the touched paths"));
  PetscCall(PetscViewerASCIIPrintf(viewer, "drop tolerance %g\n", (double)c->params.split.droptol));
  PetscCall(PetscViewerASCIIPrintf(viewer, "product patterns kept on same nonzero pattern: %s\n", PetscBools[c->params.reuse && c->params.split.reuse_pattern]));
  PetscCall(TSPChainView(pc, c, viewer));
  PetscCall(PetscViewerASCIIPopTab(viewer));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* takes effect at the next build (the patterns are kept, or not, when the levels are built) */
static PetscErrorCode PCMOSASetReusePattern_MOSA(PC pc, PetscBool reuse)
{
  PetscFunctionBegin;
  TSPChainSetOption(pc, TSPChainFromPC(pc), split.reuse_pattern, reuse);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCMOSAGetReusePattern_MOSA(PC pc, PetscBool *reuse)
{
  PetscFunctionBegin;
  *reuse = TSPChainFromPC(pc)->params.split.reuse_pattern;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCMOSASetExactProduct_MOSA(PC pc, PetscBool exact)
{
  PetscFunctionBegin;
  TSPChainSetOption(pc, TSPChainFromPC(pc), split.exact, exact);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCMOSAGetExactProduct_MOSA(PC pc, PetscBool *exact)
{
  PetscFunctionBegin;
  *exact = TSPChainFromPC(pc)->params.split.exact;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the drop tolerance is MOS-a's own, behind the public PCTriSplitSetDropTolerance() (src/pc/forest/setters.c) */
static PetscErrorCode PCTriSplitSetDropTolerance_MOSA(PC pc, PetscReal droptol)
{
  PetscFunctionBegin;
  PetscCheck(droptol >= 0, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "The drop tolerance must be nonnegative, got %g", (double)droptol);
  TSPChainSetOption(pc, TSPChainFromPC(pc), split.droptol, droptol);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriSplitGetDropTolerance_MOSA(PC pc, PetscReal *droptol)
{
  PetscFunctionBegin;
  *droptol = TSPChainFromPC(pc)->params.split.droptol;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the options every trisplit PC shares, then the drop tolerance, the product and the reuse of its patterns */
static PetscErrorCode PCSetFromOptions_MOSA(PC pc, TriSplitOptionItems PetscOptionsObject)
{
  TSPChain  c = TSPChainFromPC(pc);
  PetscReal droptol;
  PetscBool bval, flg;

  PetscFunctionBegin;
  PetscOptionsHeadBegin(PetscOptionsObject, "MOSA options");
  PetscCall(TSPChainSetFromOptions(pc, PetscOptionsObject, "mosa", c));
  PetscCall(PetscOptionsReal("-pc_mosa_droptol", "Early dropping of B_l M_l^-1, relative to each row's top-q scale (0: exact on each path)", "PCTriSplitSetDropTolerance", c->params.split.droptol, &droptol, &flg));
  PetscCheck(!flg || droptol >= 0, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "-pc_mosa_droptol must be nonnegative, got %g", (double)droptol);
  if (flg) PetscCall(PCTriSplitSetDropTolerance_MOSA(pc, droptol));
  PetscCall(PetscOptionsBool("-pc_mosa_exact_product", "Solve the whole chain for every row (O(N^2), for testing)", "PCMOSASetExactProduct", c->params.split.exact, &bval, &flg));
  if (flg) PetscCall(PCMOSASetExactProduct_MOSA(pc, bval));
  PetscCall(PetscOptionsBool("-pc_mosa_reuse_pattern", "With the forests kept, keep the levels' product patterns too: a new operator with the same nonzero pattern gets new values on them", "PCMOSASetReusePattern", c->params.split.reuse_pattern, &bval, &flg));
  if (flg) PetscCall(PCMOSASetReusePattern_MOSA(pc, bval));
  PetscOptionsHeadEnd();
  PetscCall(TSPChainNoticeOtherOptions(pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCDestroy_MOSA(PC pc)
{
  PetscFunctionBegin;
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriSplitSetDropTolerance_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriSplitGetDropTolerance_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCMOSASetReusePattern_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCMOSAGetReusePattern_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCMOSASetExactProduct_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCMOSAGetExactProduct_C", NULL));
  PetscCall(PCDestroy_TriSplit(pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCMOSASetReusePattern - Sets whether `PCMOSA` keeps the patterns of its levels' products B_{l+1} =
  prune(B_l M_l^-1) along with the levels' forests, when the operator changes with `SAME_NONZERO_PATTERN`

  Logically Collective

  Input Parameters:
+ pc    - the preconditioner context
- reuse - `PETSC_TRUE` (default): a new operator gets new values of B_{l+1} on the pattern chosen when
          the levels were built (no choice of the q_i largest entries); `PETSC_FALSE`: the patterns follow
          the new values

  Options Database Key:
. -pc_mosa_reuse_pattern <true> - keep the patterns

  Level: advanced

  Notes:
  Takes effect when the levels are built. It applies only while the forests are kept
  (`PCTriSplitSetReuseForest()`). The values of a product still need its row solves: what a kept pattern
  saves is the choice of entries and the compaction of the rows. With the operator's own values the
  kept pattern gives the same levels, bit for bit, as a build.

.seealso: `PCMOSA`, `PCMOSAGetReusePattern()`, `PCTriSplitSetReuseForest()`
@*/
PetscErrorCode PCMOSASetReusePattern(PC pc, PetscBool reuse)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveBool(pc, reuse, 2);
  PetscTryMethod(pc, "PCMOSASetReusePattern_C", (PC, PetscBool), (pc, reuse));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCMOSAGetReusePattern - Gets whether `PCMOSA` keeps the patterns of its levels' products

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. reuse - whether the patterns are kept

  Level: advanced

.seealso: `PCMOSA`, `PCMOSASetReusePattern()`
@*/
PetscErrorCode PCMOSAGetReusePattern(PC pc, PetscBool *reuse)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(reuse, 2);
  PetscUseMethod(pc, "PCMOSAGetReusePattern_C", (PC, PetscBool *), (pc, reuse));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCMOSASetExactProduct - Sets whether `PCMOSA` computes the products B_l M_l^-1 by solving the whole chain
  for every row, a dense O(N^2) reference for testing

  Logically Collective

  Input Parameters:
+ pc    - the preconditioner context
- exact - `PETSC_FALSE` (default): each row solved on the paths it touches, with early dropping
          (`PCTriSplitSetDropTolerance()`); `PETSC_TRUE`: the whole chain for every row

  Options Database Key:
. -pc_mosa_exact_product <false> - the whole-chain product

  Level: developer

.seealso: `PCMOSA`, `PCMOSAGetExactProduct()`, `PCTriSplitSetDropTolerance()`
@*/
PetscErrorCode PCMOSASetExactProduct(PC pc, PetscBool exact)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveBool(pc, exact, 2);
  PetscTryMethod(pc, "PCMOSASetExactProduct_C", (PC, PetscBool), (pc, exact));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCMOSAGetExactProduct - Gets whether `PCMOSA` computes its products by the whole chain for every row

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. exact - whether the product is the whole-chain one

  Level: developer

.seealso: `PCMOSA`, `PCMOSASetExactProduct()`
@*/
PetscErrorCode PCMOSAGetExactProduct(PC pc, PetscBool *exact)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(exact, 2);
  PetscUseMethod(pc, "PCMOSAGetExactProduct_C", (PC, PetscBool *), (pc, exact));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*MC
   PCMOSA - Adaptive multiplicative operator splitting: m tridiagonal factors, each extracted from the
   part of the operator the previous ones leave, B_{l+1} = prune(B_l M_l^-1, diagonal + top-q per row)

   Options Database Keys:
+  -pc_mosa_m <0>             - number of levels; 0 chooses m by the diagonal coverage c_diag(B_l) (`PCTriSplitSetM()`)
.  -pc_mosa_m_max <4>         - most levels of the automatic choice (`PCTriSplitSetMMax()`)
.  -pc_mosa_coverage <0.99>   - the automatic choice stops once c_diag(B_l) reaches it (or gains < 0.01) (`PCTriSplitSetCoverage()`)
.  -pc_mosa_droptol <1e-4>    - early dropping in the product, relative to each row's top-q scale (`PCTriSplitSetDropTolerance()`)
.  -pc_mosa_exact_product     - solve the whole chain for every row (O(N^2), for testing; `PCMOSASetExactProduct()`)
.  -pc_mosa_pivoting <scaled> - pivoting of the tridiagonal solves (`PCTriSplitSetPivoting()`)
.  -pc_mosa_weight <scaled>   - edge weights of the graphs (`PCTriSplitSetWeight()`)
.  -pc_mosa_factor_iterations <5> - rounds M of the parallel [0,2]-factor of each level (`PCTriSplitSetFactorIterations()`)
.  -pc_mosa_factor_charge_period <5> - charges are off in every m-th round of the factor (`PCTriSplitSetFactorChargePeriod()`)
.  -pc_mosa_factor_charge_skip <0> - the uncharged round k_m of each period (`PCTriSplitSetFactorChargeSkip()`)
.  -pc_mosa_factor_p <0.5>    - probability of a positive charge (`PCTriSplitSetFactorP()`)
.  -pc_mosa_factor_seed <0>   - seed of the charge hash (`PCTriSplitSetFactorSeed()`)
.  -pc_mosa_reuse_forest <true> - keep the levels' forests for a new operator with the same nonzero pattern (`PCTriSplitSetReuseForest()`)
.  -pc_mosa_reuse_pattern <true> - with the forests, keep the patterns of the levels' products (`PCMOSASetReusePattern()`)
.  -pc_mosa_shift_type <nonzero> - repair a zero pivot: level 0 by a diagonal shift, a later level is dropped; none: the PC fails (`PCTriSplitSetShiftType()`)
.  -pc_mosa_shift_amount <1e-4> - the first shift of level 0, relative to its largest diagonal entry (`PCTriSplitSetShiftAmount()`)
-  -pc_mosa_definite_paths <true> - a level's factor of a symmetric positive definite B_l cut where it stops being positive definite (`PCTriSplitSetDefinitePaths()`)

   Level: intermediate

   Notes:
   Row i of B_l M_l^-1 solves M_l^T y = b_i. M_l is tridiagonal in the order of its forest with
   decoupled paths, so y lives on the paths b_i touches: a row costs the length of those paths, not N,
   and with a drop tolerance the sweeps stop once the solution has decayed (the bound is in
   src/kernels/reference/rowsolve.c). B_{l+1} keeps the sparsity count of A per row. With m = 1 the
   preconditioner is T M_0 with M_0 the matrix of `PCALGTRI` and T = diagp1(A M_0^-1 pruned).
   A zero pivot at level 0 is repaired by a diagonal shift, and a level after it with a zero pivot is
   dropped: the chain stops before it and T is taken from the last B_l (`PCTriSplitSetShiftType()`; with
   `MAT_SHIFT_NONE` the PC fails). A non-finite entry at any level makes the PC fail. `PCView()` and -info
   report the level. With a `MATSEQAIJCUSPARSE` or `MATMPIAIJCUSPARSE` matrix every level is built on
   the GPU (the same forests, factors and products as the host's, bit for bit; only scalars come back
   per level) and applied there like `PCMOSD` (RPTS solves, fused permutations).

   The preconditioner is not symmetric: use `KSPGMRES`, `KSPFGMRES` or `KSPBCGS`, not `KSPCG`
   (under `KSPCG`, `KSPMINRES` and the other methods that assume a symmetric preconditioner the PC
   prints a warning at the first `KSPSolve()`, and `PCView()` says so). MOS-a
   keeps its levels' forests (and their number) and the patterns of the pruned B_l when the operator
   changes with `SAME_NONZERO_PATTERN`, and recomputes the levels' bands, factors and the products'
   values (`PCTriSplitSetReuseForest()`, `PCMOSASetReusePattern()`). The number of levels, coverage
   and drop tolerance have the setters `PCTriSplitSetM()`, `PCTriSplitSetCoverage()` and
   `PCTriSplitSetDropTolerance()`, the forest options the `PCTriSplit` setters every trisplit PC shares.

.seealso: `PCCreate()`, `PCSetType()`, `PCALGTRI`, `PCMOSD`, `PCALTSPLIT`, `PCTriSplitSetM()`, `PCMOSASetReusePattern()`
M*/
PETSC_INTERN PetscErrorCode PCCreate_MOSA(PC pc)
{
  PetscFunctionBegin;
  PetscCall(PCCreate_TriSplit(pc, TSP_CHAIN_ADAPTIVE));
  TSPChainFromPC(pc)->params.split.droptol       = 1e-4;
  TSPChainFromPC(pc)->params.split.reuse_pattern = PETSC_TRUE;
  pc->ops->view           = PCView_MOSA;
  pc->ops->setfromoptions = PCSetFromOptions_MOSA;
  pc->ops->destroy        = PCDestroy_MOSA;
  PetscCall(TSPChainComposeSetters(pc, PETSC_TRUE));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriSplitSetDropTolerance_C", PCTriSplitSetDropTolerance_MOSA));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriSplitGetDropTolerance_C", PCTriSplitGetDropTolerance_MOSA));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCMOSASetReusePattern_C", PCMOSASetReusePattern_MOSA));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCMOSAGetReusePattern_C", PCMOSAGetReusePattern_MOSA));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCMOSASetExactProduct_C", PCMOSASetExactProduct_MOSA));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCMOSAGetExactProduct_C", PCMOSAGetExactProduct_MOSA));
  PetscFunctionReturn(PETSC_SUCCESS);
}
