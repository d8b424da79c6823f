/* SPDX-License-Identifier: BSD-2-Clause */
/*
   The setters and getters of the options of trisplit's preconditioners: the forest options under the
   PCAlgTri names, composed on every trisplit PC (each extracts its forests with them), and the number
   of factors, coverage target, omega and drop tolerance of the PCs that combine several factors,
   under the PCTriSplit names (and the PC types' own PCMOSDSetM(), PCMOSASetM(), PCAltSplitSetM()).
*/
#include <trisplit/private/chainimpl.h>

/* the getters that read one field of the chain */
#define TSP_GETTER(fname, type, field) \
  static PetscErrorCode fname(PC pc, type *value) \
  { \
    PetscFunctionBegin; \
    *value = (type)TSPChainFromPC(pc)->field; \
    PetscFunctionReturn(PETSC_SUCCESS); \
  }

TSP_GETTER(PCAlgTriGetPivoting_TriSplit, PCAlgTriPivoting, forest.pivoting)
TSP_GETTER(PCAlgTriGetWeight_TriSplit, PCAlgTriWeight, forest.weight)
TSP_GETTER(PCAlgTriGetFactorIterations_TriSplit, PetscInt, forest.factor.iterations)
TSP_GETTER(PCAlgTriGetReuseForest_TriSplit, PetscBool, reuse)
TSP_GETTER(PCAlgTriGetBlockSize_TriSplit, PetscInt, forest.block)
TSP_GETTER(TSPChainGetCoverage_C, PetscReal, coverage)
TSP_GETTER(TSPChainGetOmega_C, PetscReal, omega)
TSP_GETTER(TSPChainGetDropTolerance_C, PetscReal, droptol)
TSP_GETTER(PCMOSDGetDiagonal_TriSplit, PetscInt, diagonal)
TSP_GETTER(PCAlgTriGetShiftType_TriSplit, MatFactorShiftType, shift_type)
TSP_GETTER(PCAlgTriGetShiftAmount_TriSplit, PetscReal, shift_amount)
TSP_GETTER(PCMOSAGetReusePattern_TriSplit, PetscBool, reuse_pattern)
#undef TSP_GETTER

#define TSP_SET_OPTION(field, value) \
  do { \
    TSPChain c_ = TSPChainFromPC(pc); \
    if (c_->field != (value)) pc->setupcalled = PETSC_FALSE; \
    c_->field = (value); \
  } while (0)

static PetscErrorCode PCAlgTriSetPivoting_TriSplit(PC pc, PCAlgTriPivoting pivoting)
{
  PetscFunctionBegin;
  PetscCheck(pivoting >= PCALGTRI_PIVOTING_NONE && pivoting <= PCALGTRI_PIVOTING_SCALED, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "Unknown pivoting %d", (int)pivoting);
  TSP_SET_OPTION(forest.pivoting, pivoting);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriSetWeight_TriSplit(PC pc, PCAlgTriWeight weight)
{
  PetscFunctionBegin;
  PetscCheck(weight == PCALGTRI_WEIGHT_SCALED || weight == PCALGTRI_WEIGHT_ABS, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "Unknown weight %d", (int)weight);
  TSP_SET_OPTION(forest.weight, weight);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriSetFactorIterations_TriSplit(PC pc, PetscInt iterations)
{
  PetscFunctionBegin;
  PetscCheck(iterations >= 1 && iterations <= 1000, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "The factor needs 1 to 1000 rounds, got %" PetscInt_FMT, iterations);
  TSP_SET_OPTION(forest.factor.iterations, (int)iterations);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriSetReuseForest_TriSplit(PC pc, PetscBool reuse)
{
  PetscFunctionBegin;
  TSPChainFromPC(pc)->reuse = reuse;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* takes effect at the next build (the patterns are kept, or not, when the levels are built) */
static PetscErrorCode PCMOSASetReusePattern_TriSplit(PC pc, PetscBool reuse)
{
  PetscFunctionBegin;
  TSPChainFromPC(pc)->reuse_pattern = reuse;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriSetShiftType_TriSplit(PC pc, MatFactorShiftType type)
{
  PetscFunctionBegin;
  PetscCheck(type == MAT_SHIFT_NONE || type == MAT_SHIFT_NONZERO, PetscObjectComm((PetscObject)pc), PETSC_ERR_SUP, "A tridiagonal factor of %s is repaired by MAT_SHIFT_NONZERO or not at all (MAT_SHIFT_NONE), got %s", ((PetscObject)pc)->type_name, MatFactorShiftTypes[type]);
  TSP_SET_OPTION(shift_type, type);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriSetShiftAmount_TriSplit(PC pc, PetscReal amount)
{
  PetscFunctionBegin;
  if (amount == (PetscReal)PETSC_DECIDE) amount = TSP_SHIFT_AMOUNT_DEFAULT;
  PetscCheck(amount > 0 && amount < 1, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "The shift amount is relative to the largest diagonal entry and must lie in (0,1), or be PETSC_DECIDE, got %g", (double)amount);
  TSP_SET_OPTION(shift_amount, amount);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* what the last setup repaired on this rank: factors shifted, the largest total shift, the level dropped */
static PetscErrorCode PCAlgTriGetRepair_TriSplit(PC pc, PetscInt *nshifted, PetscReal *shift, PetscInt *dropped)
{
  TSPChain c = TSPChainFromPC(pc);

  PetscFunctionBegin;
  PetscCheck(pc->setupcalled, PetscObjectComm((PetscObject)pc), PETSC_ERR_ORDER, "Call PCSetUp() first");
  if (nshifted) *nshifted = 0;
  if (shift) *shift = 0;
  for (PetscInt l = 0; l < c->nforests; l++) {
    if (nshifted && c->info[l].nshift) (*nshifted)++;
    if (shift) *shift = PetscMax(*shift, c->info[l].shift);
  }
  if (nshifted && c->tshift_count) (*nshifted)++; /* MOS-d's T */
  if (shift) *shift = PetscMax(*shift, c->tshift);
  if (dropped) *dropped = c->dropped_level;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriSetPrecision_TriSplit(PC pc, PCAlgTriPrecision precision)
{
  PetscFunctionBegin;
  PetscCheck(precision == PCALGTRI_PRECISION_DOUBLE || precision == PCALGTRI_PRECISION_SINGLE, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "Unknown precision %d", (int)precision);
  /* MOS-a's levels are products of factors with the remaining operator: computed in double */
  PetscCheck(precision == PCALGTRI_PRECISION_DOUBLE || TSPChainFromPC(pc)->kind != TSP_CHAIN_ADAPTIVE, PetscObjectComm((PetscObject)pc), PETSC_ERR_SUP, "PCMOSA factors in double precision only");
  TSP_SET_OPTION(forest.single, (PetscBool)(precision == PCALGTRI_PRECISION_SINGLE));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriGetPrecision_TriSplit(PC pc, PCAlgTriPrecision *precision)
{
  PetscFunctionBegin;
  *precision = TSPChainFromPC(pc)->forest.single ? PCALGTRI_PRECISION_SINGLE : PCALGTRI_PRECISION_DOUBLE;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriSetBlockSize_TriSplit(PC pc, PetscInt bs)
{
  PetscFunctionBegin;
  PetscCheck(bs == 1 || bs == 2, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "PCALGTRI supports block sizes 1 and 2, got %" PetscInt_FMT, bs);
  TSP_SET_OPTION(forest.block, bs);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriSetFactorN_TriSplit(PC pc, PetscInt nf)
{
  PetscFunctionBegin;
  /* a [0,n]-factor with n > 2 has vertices of degree 3: no longer chains a tridiagonal solve can take */
  PetscCheck(nf == 1 || nf == 2, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "A linear forest comes from a [0,1]- or [0,2]-factor, got n = %" PetscInt_FMT, nf);
  TSP_SET_OPTION(forest.factor.n, (int)nf);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCAlgTriGetForest_TriSplit(PC pc, PetscInt *npaths, PetscInt *longest, PetscReal *coverage, PetscReal *coverage_id)
{
  TSPChain c = TSPChainFromPC(pc);

  PetscFunctionBegin;
  PetscCheck(pc->setupcalled, PetscObjectComm((PetscObject)pc), PETSC_ERR_ORDER, "Call PCSetUp() first");
  if (npaths) *npaths = c->nforests ? c->info[0].npaths : 0;
  if (longest) *longest = c->nforests ? c->info[0].longest : 0;
  if (coverage) *coverage = c->nforests ? c->info[0].coverage : 0;
  if (coverage_id) *coverage_id = c->coverage_id;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the number of factors and the coverage target (splittings and MOS-a; the PC types compose them
   under their own names) */
static PetscErrorCode TSPChainSetM_C(PC pc, PetscInt m)
{
  PetscFunctionBegin;
  PetscCheck(m >= 0 && m <= 64, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "m must lie in [0,64] (0: automatic), got %" PetscInt_FMT, m);
  TSP_SET_OPTION(m, m);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPChainGetM_C(PC pc, PetscInt *m)
{
  TSPChain c = TSPChainFromPC(pc);

  PetscFunctionBegin;
  *m = pc->setupcalled && c->nforests ? c->nforests : c->m; /* once set up: what the automatic choice took */
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPChainSetCoverage_C(PC pc, PetscReal coverage)
{
  PetscFunctionBegin;
  PetscCheck(coverage > 0 && coverage <= 1, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "The coverage target must lie in (0,1], got %g", (double)coverage);
  TSP_SET_OPTION(coverage, coverage);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPChainSetOmega_C(PC pc, PetscReal omega)
{
  PetscFunctionBegin;
  PetscCheck(omega >= 0 && omega <= 1, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "omega must lie in [0,1], got %g", (double)omega);
  TSP_SET_OPTION(omega, omega);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPChainSetDropTolerance_C(PC pc, PetscReal droptol)
{
  PetscFunctionBegin;
  PetscCheck(droptol >= 0, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "The drop tolerance must be nonnegative, got %g", (double)droptol);
  TSP_SET_OPTION(droptol, droptol);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCMOSDSetDiagonal_TriSplit(PC pc, PetscInt k)
{
  PetscFunctionBegin;
  PetscCheck(k >= 0 && k <= 2, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "T = diagp_k(A) takes k = 0, 1 or 2, got %" PetscInt_FMT, k);
  TSP_SET_OPTION(diagonal, k);
  PetscFunctionReturn(PETSC_SUCCESS);
}

#undef TSP_SET_OPTION

/* Composes (compose = PETSC_TRUE) or removes the setters of every option the PC's chain has: the
   forest options under the PCAlgTri names on every trisplit PC; the number of factors, coverage,
   omega and drop tolerance under the PCTriSplit names, and the number of factors also under the PC
   type's own name (the chain's prefix: "PCMOSD" gives PCMOSDSetM(), and MOS-d's diagonal). */
PetscErrorCode TSPChainComposeSetters(PC pc, PetscBool compose)
{
  TSPChain    c    = TSPChainFromPC(pc);
  const char *type = c->prefix;
  char        name[64];

#define TSP_COMPOSE(fname, fn) PetscCall(PetscObjectComposeFunction((PetscObject)pc, fname, compose ? (fn) : NULL))

  PetscFunctionBegin;
  TSP_COMPOSE("PCAlgTriSetPivoting_C", PCAlgTriSetPivoting_TriSplit);
  TSP_COMPOSE("PCAlgTriGetPivoting_C", PCAlgTriGetPivoting_TriSplit);
  TSP_COMPOSE("PCAlgTriSetWeight_C", PCAlgTriSetWeight_TriSplit);
  TSP_COMPOSE("PCAlgTriGetWeight_C", PCAlgTriGetWeight_TriSplit);
  TSP_COMPOSE("PCAlgTriSetFactorIterations_C", PCAlgTriSetFactorIterations_TriSplit);
  TSP_COMPOSE("PCAlgTriGetFactorIterations_C", PCAlgTriGetFactorIterations_TriSplit);
  TSP_COMPOSE("PCAlgTriSetReuseForest_C", PCAlgTriSetReuseForest_TriSplit);
  TSP_COMPOSE("PCAlgTriGetReuseForest_C", PCAlgTriGetReuseForest_TriSplit);
  TSP_COMPOSE("PCAlgTriGetForest_C", PCAlgTriGetForest_TriSplit);
  TSP_COMPOSE("PCAlgTriSetPrecision_C", PCAlgTriSetPrecision_TriSplit);
  TSP_COMPOSE("PCAlgTriGetPrecision_C", PCAlgTriGetPrecision_TriSplit);
  TSP_COMPOSE("PCAlgTriSetShiftType_C", PCAlgTriSetShiftType_TriSplit);
  TSP_COMPOSE("PCAlgTriGetShiftType_C", PCAlgTriGetShiftType_TriSplit);
  TSP_COMPOSE("PCAlgTriSetShiftAmount_C", PCAlgTriSetShiftAmount_TriSplit);
  TSP_COMPOSE("PCAlgTriGetShiftAmount_C", PCAlgTriGetShiftAmount_TriSplit);
  TSP_COMPOSE("PCAlgTriGetRepair_C", PCAlgTriGetRepair_TriSplit);
  if (c->kind == TSP_CHAIN_FOREST) {
    TSP_COMPOSE("PCAlgTriSetBlockSize_C", PCAlgTriSetBlockSize_TriSplit);
    TSP_COMPOSE("PCAlgTriGetBlockSize_C", PCAlgTriGetBlockSize_TriSplit);
    TSP_COMPOSE("PCAlgTriSetFactorN_C", PCAlgTriSetFactorN_TriSplit);
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  if (c->kind == TSP_CHAIN_SPLITTING && c->diagonal >= 0) {
    TSP_COMPOSE("PCMOSDSetDiagonal_C", PCMOSDSetDiagonal_TriSplit);
    TSP_COMPOSE("PCMOSDGetDiagonal_C", PCMOSDGetDiagonal_TriSplit);
  }
  PetscCall(PetscSNPrintf(name, sizeof(name), "%sSetM_C", type));
  TSP_COMPOSE(name, TSPChainSetM_C);
  TSP_COMPOSE("PCTriSplitSetM_C", TSPChainSetM_C);
  TSP_COMPOSE("PCTriSplitGetM_C", TSPChainGetM_C);
  TSP_COMPOSE("PCTriSplitSetCoverage_C", TSPChainSetCoverage_C);
  TSP_COMPOSE("PCTriSplitGetCoverage_C", TSPChainGetCoverage_C);
  if (c->kind == TSP_CHAIN_SPLITTING) {
    TSP_COMPOSE("PCTriSplitSetOmega_C", TSPChainSetOmega_C);
    TSP_COMPOSE("PCTriSplitGetOmega_C", TSPChainGetOmega_C);
  } else {
    TSP_COMPOSE("PCTriSplitSetDropTolerance_C", TSPChainSetDropTolerance_C);
    TSP_COMPOSE("PCTriSplitGetDropTolerance_C", TSPChainGetDropTolerance_C);
    TSP_COMPOSE("PCMOSASetReusePattern_C", PCMOSASetReusePattern_TriSplit);
    TSP_COMPOSE("PCMOSAGetReusePattern_C", PCMOSAGetReusePattern_TriSplit);
  }
#undef TSP_COMPOSE
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitSetM - Sets the number of tridiagonal factors of `PCMOSD`, `PCALTSPLIT` or `PCMOSA`

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context
- m  - the number of factors (levels of `PCMOSA`), 0 to 64, or 0 to add factors until the coverage
       target `PCTriSplitSetCoverage()` is reached or a factor adds less than 1% (at most -pc_<type>_m_max)

  Options Database Key:
. -pc_<type>_m <m> - the number of factors, e.g. -pc_mosd_m 2

  Level: intermediate

  Note:
  A forest of a graph whose edges are all used already is empty: with m fixed the splitting then holds
  diagonal factors, which cost a solve and add nothing. Use m = 0 to stop where the forests stop covering.

.seealso: `PCMOSD`, `PCALTSPLIT`, `PCMOSA`, `PCTriSplitGetM()`, `PCTriSplitSetCoverage()`
@*/
PetscErrorCode PCTriSplitSetM(PC pc, PetscInt m)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, m, 2);
  PetscTryMethod(pc, "PCTriSplitSetM_C", (PC, PetscInt), (pc, m));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetM - Gets the number of tridiagonal factors of `PCMOSD`, `PCALTSPLIT` or `PCMOSA`

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. m - after `PCSetUp()` the number of factors built (what the automatic choice took), before it the setting

  Level: intermediate

.seealso: `PCTriSplitSetM()`
@*/
PetscErrorCode PCTriSplitGetM(PC pc, PetscInt *m)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(m, 2);
  PetscUseMethod(pc, "PCTriSplitGetM_C", (PC, PetscInt *), (pc, m));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitSetCoverage - Sets the coverage at which the automatic choice of m stops adding factors

  Logically Collective

  Input Parameters:
+ pc       - the preconditioner context (`PCMOSD`, `PCALTSPLIT` or `PCMOSA`)
- coverage - in (0,1]: the weight coverage of the union of the forests (`PCMOSD`, `PCALTSPLIT`), or the
             diagonal coverage c_diag(B_l) of the remaining operator (`PCMOSA`); default 0.99

  Options Database Key:
. -pc_<type>_coverage <0.99> - the target

  Level: advanced

.seealso: `PCTriSplitSetM()`, `PCTriSplitGetCoverage()`
@*/
PetscErrorCode PCTriSplitSetCoverage(PC pc, PetscReal coverage)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveReal(pc, coverage, 2);
  PetscTryMethod(pc, "PCTriSplitSetCoverage_C", (PC, PetscReal), (pc, coverage));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetCoverage - Gets the coverage target of the automatic choice of m

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. coverage - the target

  Level: advanced

.seealso: `PCTriSplitSetCoverage()`
@*/
PetscErrorCode PCTriSplitGetCoverage(PC pc, PetscReal *coverage)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(coverage, 2);
  PetscUseMethod(pc, "PCTriSplitGetCoverage_C", (PC, PetscReal *), (pc, coverage));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitSetOmega - Sets the reweighting of edges already used by a forest of `PCMOSD` or `PCALTSPLIT`

  Logically Collective

  Input Parameters:
+ pc    - the preconditioner context
- omega - in [0,1]: 0 uses every edge once (default of `PCMOSD`), 1 lets later forests take the same
          edges again; `PCALTSPLIT` defaults to 0.01

  Options Database Key:
. -pc_<type>_omega <omega> - the reweighting

  Level: advanced

.seealso: `PCMOSD`, `PCALTSPLIT`, `PCTriSplitGetOmega()`
@*/
PetscErrorCode PCTriSplitSetOmega(PC pc, PetscReal omega)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveReal(pc, omega, 2);
  PetscTryMethod(pc, "PCTriSplitSetOmega_C", (PC, PetscReal), (pc, omega));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetOmega - Gets the reweighting of used edges of `PCMOSD` or `PCALTSPLIT`

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. omega - the reweighting

  Level: advanced

.seealso: `PCTriSplitSetOmega()`
@*/
PetscErrorCode PCTriSplitGetOmega(PC pc, PetscReal *omega)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(omega, 2);
  PetscUseMethod(pc, "PCTriSplitGetOmega_C", (PC, PetscReal *), (pc, omega));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitSetDropTolerance - Sets the early dropping of the products B_l M_l^-1 of `PCMOSA`

  Logically Collective

  Input Parameters:
+ pc      - the preconditioner context
- droptol - nonnegative, relative to each row's top-q scale (default 1e-4; 0: exact on each path)

  Options Database Key:
. -pc_mosa_droptol <1e-4> - the tolerance

  Level: advanced

.seealso: `PCMOSA`, `PCTriSplitGetDropTolerance()`
@*/
PetscErrorCode PCTriSplitSetDropTolerance(PC pc, PetscReal droptol)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveReal(pc, droptol, 2);
  PetscTryMethod(pc, "PCTriSplitSetDropTolerance_C", (PC, PetscReal), (pc, droptol));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetDropTolerance - Gets the drop tolerance of the products of `PCMOSA`

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. droptol - the tolerance

  Level: advanced

.seealso: `PCTriSplitSetDropTolerance()`
@*/
PetscErrorCode PCTriSplitGetDropTolerance(PC pc, PetscReal *droptol)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(droptol, 2);
  PetscUseMethod(pc, "PCTriSplitGetDropTolerance_C", (PC, PetscReal *), (pc, droptol));
  PetscFunctionReturn(PETSC_SUCCESS);
}
