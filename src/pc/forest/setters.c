/* SPDX-License-Identifier: BSD-2-Clause */
/*
   The options every trisplit preconditioner shares, under the PCTriSplit names: the forest extraction
   (pivoting, weights, the [0,2]-factor's rounds and charges), the precision and the zero-pivot repair of
   the factors, the reuse of the forests, and (the PCs of several factors) the number of factors, the
   coverage target and (the splittings) omega. Their -pc_<type>_ options, their composed setters and
   getters, and the public functions of every PCTriSplit setter. The options, setters and getters of one
   PC type live in that PC's file (MOS-a's drop tolerance in mosa.c, behind the public
   PCTriSplitSetDropTolerance() here).
*/
#include <trisplit/private/chainimpl.h>
#include <limits.h>

static const char *const TSPShiftTypes[] = {"none", "nonzero", "MatFactorShiftType", "MAT_SHIFT_", NULL};

/* the getters that read one parameter of the chain */
#define TSP_GETTER(fname, type, field) \
  static PetscErrorCode fname(PC pc, type *value) \
  { \
    PetscFunctionBegin; \
    *value = (type)TSPChainFromPC(pc)->params.field; \
    PetscFunctionReturn(PETSC_SUCCESS); \
  }

TSP_GETTER(PCTriSplitGetPivoting_TriSplit, PCTriSplitPivoting, forest.pivoting)
TSP_GETTER(PCTriSplitGetWeight_TriSplit, PCTriSplitWeight, forest.weight)
TSP_GETTER(PCTriSplitGetFactorIterations_TriSplit, PetscInt, forest.factor.iterations)
TSP_GETTER(PCTriSplitGetFactorChargePeriod_TriSplit, PetscInt, forest.factor.charge_period)
TSP_GETTER(PCTriSplitGetFactorChargeSkip_TriSplit, PetscInt, forest.factor.charge_skip)
TSP_GETTER(PCTriSplitGetFactorP_TriSplit, PetscReal, forest.factor.p)
TSP_GETTER(PCTriSplitGetFactorSeed_TriSplit, PetscInt, forest.factor.seed)
TSP_GETTER(PCTriSplitGetReuseForest_TriSplit, PetscBool, reuse)
TSP_GETTER(PCTriSplitGetShiftType_TriSplit, MatFactorShiftType, shift_type)
TSP_GETTER(PCTriSplitGetShiftAmount_TriSplit, PetscReal, shift_amount)
TSP_GETTER(PCTriSplitGetDefinitePaths_TriSplit, PetscBool, definite)
TSP_GETTER(PCTriSplitGetMMax_TriSplit, PetscInt, m_max)
TSP_GETTER(PCTriSplitGetCoverage_TriSplit, PetscReal, coverage)
TSP_GETTER(PCTriSplitGetOmega_TriSplit, PetscReal, split.omega)
#undef TSP_GETTER

static PetscErrorCode PCTriSplitSetPivoting_TriSplit(PC pc, PCTriSplitPivoting pivoting)
{
  PetscFunctionBegin;
  PetscCheck(pivoting >= PCTRISPLIT_PIVOTING_NONE && pivoting <= PCTRISPLIT_PIVOTING_SCALED, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "Unknown pivoting %d", (int)pivoting);
  TSPChainSetOption(pc, TSPChainFromPC(pc), forest.pivoting, pivoting);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriSplitSetWeight_TriSplit(PC pc, PCTriSplitWeight weight)
{
  PetscFunctionBegin;
  PetscCheck(weight == PCTRISPLIT_WEIGHT_SCALED || weight == PCTRISPLIT_WEIGHT_ABS, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "Unknown weight %d", (int)weight);
  TSPChainSetOption(pc, TSPChainFromPC(pc), forest.weight, weight);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriSplitSetFactorIterations_TriSplit(PC pc, PetscInt iterations)
{
  PetscFunctionBegin;
  PetscCheck(iterations >= 1 && iterations <= 1000, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "The factor needs 1 to 1000 rounds, got %" PetscInt_FMT, iterations);
  TSPChainSetOption(pc, TSPChainFromPC(pc), forest.factor.iterations, (int)iterations);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriSplitSetFactorChargePeriod_TriSplit(PC pc, PetscInt period)
{
  PetscFunctionBegin;
  PetscCheck(period >= 1 && period <= 1000, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "The charge period must lie in [1,1000], got %" PetscInt_FMT, period);
  TSPChainSetOption(pc, TSPChainFromPC(pc), forest.factor.charge_period, (int)period);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriSplitSetFactorChargeSkip_TriSplit(PC pc, PetscInt skip)
{
  PetscFunctionBegin;
  PetscCheck(skip >= 0 && skip <= 1000, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "The uncharged round must lie in [0,1000], got %" PetscInt_FMT, skip);
  TSPChainSetOption(pc, TSPChainFromPC(pc), forest.factor.charge_skip, (int)skip);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriSplitSetFactorP_TriSplit(PC pc, PetscReal p)
{
  PetscFunctionBegin;
  PetscCheck(p >= 0 && p <= 1, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "The probability of a positive charge must lie in [0,1], got %g", (double)p);
  TSPChainSetOption(pc, TSPChainFromPC(pc), forest.factor.p, p);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriSplitSetFactorSeed_TriSplit(PC pc, PetscInt seed)
{
  PetscFunctionBegin;
  PetscCheck(seed >= 0 && seed <= INT_MAX, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "The seed must lie in [0,%d], got %" PetscInt_FMT, INT_MAX, seed);
  TSPChainSetOption(pc, TSPChainFromPC(pc), forest.factor.seed, (uint32_t)seed);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriSplitSetReuseForest_TriSplit(PC pc, PetscBool reuse)
{
  PetscFunctionBegin;
  TSPChainSetOption(pc, TSPChainFromPC(pc), reuse, reuse);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriSplitSetShiftType_TriSplit(PC pc, MatFactorShiftType type)
{
  PetscFunctionBegin;
  PetscCheck(type == MAT_SHIFT_NONE || type == MAT_SHIFT_NONZERO, PetscObjectComm((PetscObject)pc), PETSC_ERR_SUP, "A tridiagonal factor of %s is repaired by MAT_SHIFT_NONZERO or not at all (MAT_SHIFT_NONE), got %s", ((PetscObject)pc)->type_name, MatFactorShiftTypes[type]);
  TSPChainSetOption(pc, TSPChainFromPC(pc), shift_type, type);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriSplitSetShiftAmount_TriSplit(PC pc, PetscReal amount)
{
  PetscFunctionBegin;
  if (amount == (PetscReal)PETSC_DECIDE) amount = TSP_SHIFT_AMOUNT_DEFAULT;
  PetscCheck(amount > 0 && amount < 1, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "The shift amount is relative to the largest diagonal entry and must lie in (0,1), or be PETSC_DECIDE, got %g", (double)amount);
  TSPChainSetOption(pc, TSPChainFromPC(pc), shift_amount, amount);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriSplitSetDefinitePaths_TriSplit(PC pc, PetscBool definite)
{
  PetscFunctionBegin;
  TSPChainSetOption(pc, TSPChainFromPC(pc), definite, definite);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* what the last setup repaired on this rank: factors shifted, the largest total shift, the level dropped */
static PetscErrorCode PCTriSplitGetRepair_TriSplit(PC pc, PetscInt *nshifted, PetscReal *shift, PetscInt *dropped)
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

static PetscErrorCode PCTriSplitSetPrecision_TriSplit(PC pc, PCTriSplitPrecision precision)
{
  PetscFunctionBegin;
  PetscCheck(precision == PCTRISPLIT_PRECISION_DOUBLE || precision == PCTRISPLIT_PRECISION_SINGLE, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "Unknown precision %d", (int)precision);
  /* MOS-a's levels are products of factors with the remaining operator: computed in double */
  PetscCheck(precision == PCTRISPLIT_PRECISION_DOUBLE || TSPChainFromPC(pc)->kind != TSP_CHAIN_ADAPTIVE, PetscObjectComm((PetscObject)pc), PETSC_ERR_SUP, "PCMOSA factors in double precision only");
  TSPChainSetOption(pc, TSPChainFromPC(pc), forest.single, (PetscBool)(precision == PCTRISPLIT_PRECISION_SINGLE));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriSplitGetPrecision_TriSplit(PC pc, PCTriSplitPrecision *precision)
{
  PetscFunctionBegin;
  *precision = TSPChainFromPC(pc)->params.forest.single ? PCTRISPLIT_PRECISION_SINGLE : PCTRISPLIT_PRECISION_DOUBLE;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriSplitGetForest_TriSplit(PC pc, PetscInt *npaths, PetscInt *longest, PetscReal *coverage, PetscReal *coverage_id)
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

/* the number of factors, its automatic bound and the coverage target (splittings and MOS-a) */
static PetscErrorCode PCTriSplitSetM_TriSplit(PC pc, PetscInt m)
{
  PetscFunctionBegin;
  PetscCheck(m >= 0 && m <= 64, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "m must lie in [0,64] (0: automatic), got %" PetscInt_FMT, m);
  TSPChainSetOption(pc, TSPChainFromPC(pc), m, m);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriSplitGetM_TriSplit(PC pc, PetscInt *m)
{
  TSPChain c = TSPChainFromPC(pc);

  PetscFunctionBegin;
  *m = pc->setupcalled && c->nforests ? c->nforests : c->params.m; /* once set up: what the automatic choice took */
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriSplitSetMMax_TriSplit(PC pc, PetscInt m_max)
{
  PetscFunctionBegin;
  PetscCheck(m_max >= 1 && m_max <= 64, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "The most factors of the automatic choice must lie in [1,64], got %" PetscInt_FMT, m_max);
  TSPChainSetOption(pc, TSPChainFromPC(pc), m_max, m_max);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriSplitSetCoverage_TriSplit(PC pc, PetscReal coverage)
{
  PetscFunctionBegin;
  PetscCheck(coverage > 0 && coverage <= 1, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "The coverage target must lie in (0,1], got %g", (double)coverage);
  TSPChainSetOption(pc, TSPChainFromPC(pc), coverage, coverage);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriSplitSetOmega_TriSplit(PC pc, PetscReal omega)
{
  PetscFunctionBegin;
  PetscCheck(omega >= 0 && omega <= 1, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "omega must lie in [0,1], got %g", (double)omega);
  TSPChainSetOption(pc, TSPChainFromPC(pc), split.omega, omega);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Composes (compose = PETSC_TRUE) or removes the setters and getters of the shared options the PC's
   chain has: the forest options, precision, repair and reuse on every trisplit PC; the number of
   factors, its bound and the coverage on the PCs of several factors; omega on the splittings (MOS-d and
   ALT). What only one PC type has (MOS-a's drop tolerance, ...) its own file composes. A setter the PC
   does not have is a no-op (PetscTryMethod()). */
/* the first scalar forest of the PC's chain (PCTRIAMG's aggregates): composed as TSPChainGetPaths_C, so that a
   multigrid reaches the forest of whichever trisplit PC smooths its level, without knowing its type */
static PetscErrorCode TSPChainGetPaths_TriSplit(PC pc, PetscMemType *mtype, PetscInt *n, const PetscInt **perm, const PetscInt **path_id)
{
  PetscFunctionBegin;
  PetscCall(TSPChainGetPaths(TSPChainFromPC(pc), mtype, n, perm, path_id));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPChainComposeSetters(PC pc, PetscBool compose)
{
  TSPChain c = TSPChainFromPC(pc);

#define TSP_COMPOSE(name) PetscCall(PetscObjectComposeFunction((PetscObject)pc, #name "_C", compose ? (name##_TriSplit) : NULL))

  PetscFunctionBegin;
  TSP_COMPOSE(PCTriSplitSetPivoting);
  TSP_COMPOSE(PCTriSplitGetPivoting);
  TSP_COMPOSE(PCTriSplitSetWeight);
  TSP_COMPOSE(PCTriSplitGetWeight);
  TSP_COMPOSE(PCTriSplitSetFactorIterations);
  TSP_COMPOSE(PCTriSplitGetFactorIterations);
  TSP_COMPOSE(PCTriSplitSetFactorChargePeriod);
  TSP_COMPOSE(PCTriSplitGetFactorChargePeriod);
  TSP_COMPOSE(PCTriSplitSetFactorChargeSkip);
  TSP_COMPOSE(PCTriSplitGetFactorChargeSkip);
  TSP_COMPOSE(PCTriSplitSetFactorP);
  TSP_COMPOSE(PCTriSplitGetFactorP);
  TSP_COMPOSE(PCTriSplitSetFactorSeed);
  TSP_COMPOSE(PCTriSplitGetFactorSeed);
  TSP_COMPOSE(PCTriSplitSetReuseForest);
  TSP_COMPOSE(PCTriSplitGetReuseForest);
  TSP_COMPOSE(PCTriSplitGetForest);
  TSP_COMPOSE(TSPChainGetPaths);
  TSP_COMPOSE(PCTriSplitSetPrecision);
  TSP_COMPOSE(PCTriSplitGetPrecision);
  TSP_COMPOSE(PCTriSplitSetShiftType);
  TSP_COMPOSE(PCTriSplitGetShiftType);
  TSP_COMPOSE(PCTriSplitSetShiftAmount);
  TSP_COMPOSE(PCTriSplitGetShiftAmount);
  TSP_COMPOSE(PCTriSplitSetDefinitePaths);
  TSP_COMPOSE(PCTriSplitGetDefinitePaths);
  TSP_COMPOSE(PCTriSplitGetRepair);
  if (c->kind == TSP_CHAIN_FOREST) PetscFunctionReturn(PETSC_SUCCESS);
  TSP_COMPOSE(PCTriSplitSetM);
  TSP_COMPOSE(PCTriSplitGetM);
  TSP_COMPOSE(PCTriSplitSetMMax);
  TSP_COMPOSE(PCTriSplitGetMMax);
  TSP_COMPOSE(PCTriSplitSetCoverage);
  TSP_COMPOSE(PCTriSplitGetCoverage);
  if (c->params.split.reweight) {
    TSP_COMPOSE(PCTriSplitSetOmega);
    TSP_COMPOSE(PCTriSplitGetOmega);
  }
#undef TSP_COMPOSE
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* PETSc 3.18's PetscOptionsRangeInt() reports a value out of range as "Newly set value -3 less than
   allowed bound 0", without the option: read the integer, then check the range naming the option as the
   user wrote it (with the options prefix) */
PetscErrorCode TSPOptionsRangeInt(TriSplitOptionItems PetscOptionsObject, const char opt[], const char text[], const char man[], PetscInt current, PetscInt *value, PetscBool *set, PetscInt lb, PetscInt ub)
{
  PetscFunctionBegin;
  PetscCall(PetscOptionsInt(opt, text, man, current, value, set));
  PetscCheck(!*set || (*value >= lb && *value <= ub), PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "-%s%s must lie in [%" PetscInt_FMT ", %" PetscInt_FMT "], got %" PetscInt_FMT, PetscOptionsObject->prefix ? PetscOptionsObject->prefix : "", opt + 1, lb, ub, *value);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* -pc_<type>_... options every trisplit PC shares, each through its setter, so that a changed value
   marks the PC for a new setup. The PC reads the options only it has after these. */
PetscErrorCode TSPChainSetFromOptions(PC pc, TriSplitOptionItems PetscOptionsObject, const char type[], TSPChain c)
{
  char      name[64], text[160];
  PetscEnum eval;
  PetscInt  ival;
  PetscReal rval;
  PetscBool bval, flg;

  PetscFunctionBegin;
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_pivoting", type));
  PetscCall(PetscOptionsEnum(name, "Pivoting of the tridiagonal solves", "PCTriSplitSetPivoting", PCTriSplitPivotings, (PetscEnum)c->params.forest.pivoting, &eval, &flg));
  if (flg) PetscCall(PCTriSplitSetPivoting_TriSplit(pc, (PCTriSplitPivoting)eval));
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_weight", type));
  PetscCall(PetscOptionsEnum(name, "Edge weights of the graph the forest is extracted from", "PCTriSplitSetWeight", PCTriSplitWeights, (PetscEnum)c->params.forest.weight, &eval, &flg));
  if (flg) PetscCall(PCTriSplitSetWeight_TriSplit(pc, (PCTriSplitWeight)eval));
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_factor_iterations", type));
  PetscCall(TSPOptionsRangeInt(PetscOptionsObject, name, "Rounds M of the parallel [0,2]-factor", "PCTriSplitSetFactorIterations", c->params.forest.factor.iterations, &ival, &flg, 1, 1000));
  if (flg) PetscCall(PCTriSplitSetFactorIterations_TriSplit(pc, ival));
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_factor_charge_period", type));
  PetscCall(TSPOptionsRangeInt(PetscOptionsObject, name, "Charges are off in every m-th round of the factor (m)", "PCTriSplitSetFactorChargePeriod", c->params.forest.factor.charge_period, &ival, &flg, 1, 1000));
  if (flg) PetscCall(PCTriSplitSetFactorChargePeriod_TriSplit(pc, ival));
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_factor_charge_skip", type));
  PetscCall(TSPOptionsRangeInt(PetscOptionsObject, name, "Uncharged round within each period (k_m)", "PCTriSplitSetFactorChargeSkip", c->params.forest.factor.charge_skip, &ival, &flg, 0, 1000));
  if (flg) PetscCall(PCTriSplitSetFactorChargeSkip_TriSplit(pc, ival));
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_factor_p", type));
  PetscCall(PetscOptionsReal(name, "Probability of a positive charge", "PCTriSplitSetFactorP", c->params.forest.factor.p, &rval, &flg));
  if (flg) {
    PetscCheck(rval >= 0 && rval <= 1, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "%s must lie in [0,1], got %g", name, (double)rval);
    PetscCall(PCTriSplitSetFactorP_TriSplit(pc, rval));
  }
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_factor_seed", type));
  PetscCall(TSPOptionsRangeInt(PetscOptionsObject, name, "Seed mixed into the charge hash", "PCTriSplitSetFactorSeed", (PetscInt)c->params.forest.factor.seed, &ival, &flg, 0, INT_MAX));
  if (flg) PetscCall(PCTriSplitSetFactorSeed_TriSplit(pc, ival));
  if (c->kind != TSP_CHAIN_ADAPTIVE) {
    PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_precision", type));
    PetscCall(PetscOptionsEnum(name, "Precision of the tridiagonal factors (single: float bands and solves on the GPU)", "PCTriSplitSetPrecision", PCTriSplitPrecisions, (PetscEnum)(c->params.forest.single ? PCTRISPLIT_PRECISION_SINGLE : PCTRISPLIT_PRECISION_DOUBLE), &eval, &flg));
    if (flg) PetscCall(PCTriSplitSetPrecision_TriSplit(pc, (PCTriSplitPrecision)eval));
  }
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_reuse_forest", type));
  PetscCall(PetscOptionsBool(name, "Keep the forests when the operator changes with the same nonzero pattern", "PCTriSplitSetReuseForest", c->params.reuse, &bval, &flg));
  if (flg) PetscCall(PCTriSplitSetReuseForest_TriSplit(pc, bval));
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_shift_type", type));
  PetscCall(PetscOptionsEnum(name, "Repair of a zero pivot in a tridiagonal factor: none (the PC fails) or nonzero (diagonal shift)", "PCTriSplitSetShiftType", TSPShiftTypes, (PetscEnum)c->params.shift_type, &eval, &flg));
  if (flg) PetscCall(PCTriSplitSetShiftType_TriSplit(pc, (MatFactorShiftType)eval));
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_shift_amount", type));
  PetscCall(PetscOptionsReal(name, "First diagonal shift, relative to the largest diagonal entry of the factor (-1: the default 1e-4)", "PCTriSplitSetShiftAmount", c->params.shift_amount, &rval, &flg));
  PetscCheck(!flg || rval == PETSC_DECIDE || (rval > 0 && rval < 1), PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "-%s%s must lie in (0,1), or be -1 (the default), got %g", PetscOptionsObject->prefix ? PetscOptionsObject->prefix : "", name + 1, (double)rval);
  if (flg) PetscCall(PCTriSplitSetShiftAmount_TriSplit(pc, rval));
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_definite_paths", type));
  PetscCall(PetscOptionsBool(name, "Cut a symmetric factor's links where its pivots stop being positive (a positive definite factor)", "PCTriSplitSetDefinitePaths", c->params.definite, &bval, &flg));
  if (flg) PetscCall(PCTriSplitSetDefinitePaths_TriSplit(pc, bval));
  if (c->kind == TSP_CHAIN_FOREST) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_m", type));
  PetscCall(TSPOptionsRangeInt(PetscOptionsObject, name, "Number of tridiagonal factors (0: automatic, by coverage)", "PCTriSplitSetM", c->params.m, &ival, &flg, 0, 64));
  if (flg) PetscCall(PCTriSplitSetM_TriSplit(pc, ival));
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_m_max", type));
  PetscCall(TSPOptionsRangeInt(PetscOptionsObject, name, "Most factors of the automatic choice", "PCTriSplitSetMMax", c->params.m_max, &ival, &flg, 1, 64));
  if (flg) PetscCall(PCTriSplitSetMMax_TriSplit(pc, ival));
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_coverage", type));
  PetscCall(PetscSNPrintf(text, sizeof(text), "Stop adding factors once %s", c->kind == TSP_CHAIN_ADAPTIVE ? "the diagonal coverage c_diag(B_l) reaches this" : "the union of the forests covers this fraction of the weight"));
  PetscCall(PetscOptionsReal(name, text, "PCTriSplitSetCoverage", c->params.coverage, &rval, &flg));
  PetscCheck(!flg || (rval > 0 && rval <= 1), PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "%s must lie in (0,1], got %g", name, (double)rval);
  if (flg) PetscCall(PCTriSplitSetCoverage_TriSplit(pc, rval));
  if (c->params.split.reweight) {
    PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_omega", type));
    PetscCall(PetscOptionsReal(name, "Reweighting of edges already used (0: never reuse)", "PCTriSplitSetOmega", c->params.split.omega, &rval, &flg));
    PetscCheck(!flg || (rval >= 0 && rval <= 1), PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "%s must lie in [0,1], got %g", name, (double)rval);
    if (flg) PetscCall(PCTriSplitSetOmega_TriSplit(pc, rval));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitSetPivoting - Sets the pivot rule of the tridiagonal solves of a trisplit preconditioner (`PCALGTRI`, `PCMOSD`, `PCMOSA`, `PCALTSPLIT`)

  Logically Collective

  Input Parameters:
+ pc       - the preconditioner context
- pivoting - `PCTRISPLIT_PIVOTING_NONE`, `PCTRISPLIT_PIVOTING_PARTIAL` or `PCTRISPLIT_PIVOTING_SCALED` (default)

  Options Database Key:
. -pc_algtri_pivoting <none,partial,scaled> - the pivot rule

  Level: intermediate

  Note:
  Tridiagonal parts extracted from general matrices need not be diagonally dominant; scaled partial
  pivoting keeps the solve stable at the cost of one comparison per row.

.seealso: `PCALGTRI`, `PCTriSplitGetPivoting()`
@*/
PetscErrorCode PCTriSplitSetPivoting(PC pc, PCTriSplitPivoting pivoting)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveEnum(pc, pivoting, 2);
  PetscTryMethod(pc, "PCTriSplitSetPivoting_C", (PC, PCTriSplitPivoting), (pc, pivoting));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetPivoting - Gets the pivot rule of the tridiagonal solves of a trisplit preconditioner

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. pivoting - the pivot rule

  Level: intermediate

.seealso: `PCALGTRI`, `PCTriSplitSetPivoting()`
@*/
PetscErrorCode PCTriSplitGetPivoting(PC pc, PCTriSplitPivoting *pivoting)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscUseMethod(pc, "PCTriSplitGetPivoting_C", (PC, PCTriSplitPivoting *), (pc, pivoting));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitSetWeight - Sets the edge weights of the graph from which a trisplit preconditioner extracts its linear forests

  Logically Collective

  Input Parameters:
+ pc     - the preconditioner context
- weight - `PCTRISPLIT_WEIGHT_SCALED` (default, |diagp1(A)^-1 A| symmetrized) or `PCTRISPLIT_WEIGHT_ABS` (|A| symmetrized)

  Options Database Key:
. -pc_algtri_weight <scaled,abs> - the weighting

  Level: intermediate

.seealso: `PCALGTRI`, `PCTriSplitSetPivoting()`
@*/
PetscErrorCode PCTriSplitSetWeight(PC pc, PCTriSplitWeight weight)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveEnum(pc, weight, 2);
  PetscTryMethod(pc, "PCTriSplitSetWeight_C", (PC, PCTriSplitWeight), (pc, weight));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitSetFactorIterations - Sets the number of proposal/confirmation rounds M of the parallel [0,2]-factor of a trisplit preconditioner

  Logically Collective

  Input Parameters:
+ pc         - the preconditioner context
- iterations - the number of rounds (default 5)

  Options Database Key:
. -pc_algtri_factor_iterations <5> - the number of rounds

  Level: advanced

.seealso: `PCALGTRI`
@*/
PetscErrorCode PCTriSplitSetFactorIterations(PC pc, PetscInt iterations)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, iterations, 2);
  PetscTryMethod(pc, "PCTriSplitSetFactorIterations_C", (PC, PetscInt), (pc, iterations));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitSetReuseForest - Keep the linear forests and permutations of a trisplit preconditioner when the operator changes with `SAME_NONZERO_PATTERN`

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
PetscErrorCode PCTriSplitSetReuseForest(PC pc, PetscBool reuse)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveBool(pc, reuse, 2);
  PetscTryMethod(pc, "PCTriSplitSetReuseForest_C", (PC, PetscBool), (pc, reuse));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitSetShiftType - Sets how a trisplit preconditioner repairs a zero pivot in one of its tridiagonal factors

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
  (`PCTriSplitSetShiftAmount()`), every retry doubles it; the amount is relative to the factor's largest
  diagonal entry, so the repair does not depend on the scaling of the matrix. Only the factor with the
  zero pivot is shifted, and the GPU shifts its bands with the host's arithmetic, so both backends
  repair alike. `PCMOSD`'s splitting is singular where T = diagp_k(A) has a zero (an empty row): the
  repair sets those entries to the amount times the largest |T_ii|. `PCMOSA` drops a level after the first that has a zero pivot instead (the chain stops
  before it, `T` is taken from the last level kept). `PCView()` and -info report what was repaired, per
  rank. A NaN or Inf is never repaired.

.seealso: `PCALGTRI`, `PCTriSplitSetShiftAmount()`, `PCTriSplitGetRepair()`, `PCFactorSetShiftType()`
@*/
PetscErrorCode PCTriSplitSetShiftType(PC pc, MatFactorShiftType type)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveEnum(pc, type, 2);
  PetscTryMethod(pc, "PCTriSplitSetShiftType_C", (PC, MatFactorShiftType), (pc, type));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetShiftType - Gets how a trisplit preconditioner repairs a zero pivot

  Not Collective

  Input Parameter:
. pc - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)

  Output Parameter:
. type - `MAT_SHIFT_NONZERO` or `MAT_SHIFT_NONE`

  Level: intermediate

.seealso: `PCALGTRI`, `PCTriSplitSetShiftType()`
@*/
PetscErrorCode PCTriSplitGetShiftType(PC pc, MatFactorShiftType *type)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(type, 2);
  PetscUseMethod(pc, "PCTriSplitGetShiftType_C", (PC, MatFactorShiftType *), (pc, type));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitSetShiftAmount - Sets the first diagonal shift of the zero-pivot repair, relative to the largest diagonal entry of the factor

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

.seealso: `PCALGTRI`, `PCTriSplitSetShiftType()`, `PCFactorSetShiftAmount()`
@*/
PetscErrorCode PCTriSplitSetShiftAmount(PC pc, PetscReal amount)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveReal(pc, amount, 2);
  PetscTryMethod(pc, "PCTriSplitSetShiftAmount_C", (PC, PetscReal), (pc, amount));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetShiftAmount - Gets the first diagonal shift of the zero-pivot repair

  Not Collective

  Input Parameter:
. pc - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)

  Output Parameter:
. amount - the amount, relative to the largest diagonal entry of the factor

  Level: advanced

.seealso: `PCALGTRI`, `PCTriSplitSetShiftAmount()`
@*/
PetscErrorCode PCTriSplitGetShiftAmount(PC pc, PetscReal *amount)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(amount, 2);
  PetscUseMethod(pc, "PCTriSplitGetShiftAmount_C", (PC, PetscReal *), (pc, amount));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitSetDefinitePaths - Sets whether a trisplit preconditioner cuts a symmetric tridiagonal factor where it stops being positive definite

  Logically Collective

  Input Parameters:
+ pc       - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)
- definite - `PETSC_TRUE` (default) cuts, `PETSC_FALSE` keeps every link of the forest

  Options Database Key:
. -pc_<type>_definite_paths <true> - the cut, e.g. -pc_algtri_definite_paths false

  Level: intermediate

  Notes:
  A factor keeps the couplings of the matrix along each path of its forest and drops those between path
  vertices that are not path links, so for a symmetric positive definite matrix the factor itself can be
  indefinite, and with it the preconditioned operator (CG breaks down, Chebyshev smoothing diverges). The
  cut runs the pivot recurrence d_i = T_ii - T_{i,i-1} T_{i-1,i} / d_{i-1} of T = L D L^T along each path and
  drops a link (the path splits there) where the pivot would fall to half its diagonal entry or below. A factor
  whose pivots are all positive is positive definite and is left as it is, and so is a first factor that holds all
  the couplings of the local block (it is the block). The cut
  runs only on a factor that could come from a symmetric positive definite matrix (every diagonal entry
  positive, every link symmetric and positive definite as a 2x2 block): a factor that shows a nonsymmetric or
  indefinite matrix is left as it is. What stays of a path is positive definite, with pivots above half
  their diagonal entries; for a symmetric positive definite matrix a cut leaves at worst a 2x2 principal
  submatrix. The factors of the model problems of tutorials/ex1 are not cut.

  The host and the GPU cut the same links. 2x2 block forests (`PCAlgTriSetBlockSize()`) are not cut. `PCView()`
  and -info report the number of links cut, per factor and rank. `PCTRIAMG`'s smoothers take the option under
  their prefix, e.g. -mg_levels_pc_algtri_definite_paths.

.seealso: `PCALGTRI`, `PCTriSplitGetDefinitePaths()`, `PCTriSplitSetShiftType()`
@*/
PetscErrorCode PCTriSplitSetDefinitePaths(PC pc, PetscBool definite)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveBool(pc, definite, 2);
  PetscTryMethod(pc, "PCTriSplitSetDefinitePaths_C", (PC, PetscBool), (pc, definite));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetDefinitePaths - Gets whether a trisplit preconditioner cuts a symmetric tridiagonal factor where it stops being positive definite

  Not Collective

  Input Parameter:
. pc - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)

  Output Parameter:
. definite - whether the factors are cut

  Level: intermediate

.seealso: `PCALGTRI`, `PCTriSplitSetDefinitePaths()`
@*/
PetscErrorCode PCTriSplitGetDefinitePaths(PC pc, PetscBool *definite)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(definite, 2);
  PetscUseMethod(pc, "PCTriSplitGetDefinitePaths_C", (PC, PetscBool *), (pc, definite));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetRepair - Gets what the last setup of a trisplit preconditioner repaired on this rank

  Not Collective

  Input Parameter:
. pc - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`), set up

  Output Parameters:
+ nshifted - the number of factors whose diagonal was shifted (may be `NULL`)
. shift    - the largest total shift added to a factor's diagonal, 0 if none (may be `NULL`)
- dropped  - `PCMOSA`: the level dropped for a zero pivot, -1 if none (may be `NULL`)

  Level: intermediate

.seealso: `PCALGTRI`, `PCTriSplitSetShiftType()`
@*/
PetscErrorCode PCTriSplitGetRepair(PC pc, PetscInt *nshifted, PetscReal *shift, PetscInt *dropped)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscUseMethod(pc, "PCTriSplitGetRepair_C", (PC, PetscInt *, PetscReal *, PetscInt *), (pc, nshifted, shift, dropped));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetForest - Gets the statistics of the (first) linear forest of this rank's diagonal block

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
PetscErrorCode PCTriSplitGetForest(PC pc, PetscInt *npaths, PetscInt *longest, PetscReal *coverage, PetscReal *coverage_id)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscUseMethod(pc, "PCTriSplitGetForest_C", (PC, PetscInt *, PetscInt *, PetscReal *, PetscReal *), (pc, npaths, longest, coverage, coverage_id));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetWeight - Gets the edge weights of the graph from which a trisplit preconditioner extracts its forests

  Not Collective

  Input Parameter:
. pc - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)

  Output Parameter:
. weight - the weighting

  Level: intermediate

.seealso: `PCALGTRI`, `PCTriSplitSetWeight()`
@*/
PetscErrorCode PCTriSplitGetWeight(PC pc, PCTriSplitWeight *weight)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(weight, 2);
  PetscUseMethod(pc, "PCTriSplitGetWeight_C", (PC, PCTriSplitWeight *), (pc, weight));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetFactorIterations - Gets the number of rounds of the parallel [0,2]-factor of a trisplit preconditioner

  Not Collective

  Input Parameter:
. pc - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)

  Output Parameter:
. iterations - the number of rounds

  Level: advanced

.seealso: `PCALGTRI`, `PCTriSplitSetFactorIterations()`
@*/
PetscErrorCode PCTriSplitGetFactorIterations(PC pc, PetscInt *iterations)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(iterations, 2);
  PetscUseMethod(pc, "PCTriSplitGetFactorIterations_C", (PC, PetscInt *), (pc, iterations));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetReuseForest - Gets whether a trisplit preconditioner keeps its forests across `SAME_NONZERO_PATTERN` updates

  Not Collective

  Input Parameter:
. pc - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)

  Output Parameter:
. reuse - `PETSC_TRUE` if the forests are kept

  Level: intermediate

.seealso: `PCALGTRI`, `PCTriSplitSetReuseForest()`
@*/
PetscErrorCode PCTriSplitGetReuseForest(PC pc, PetscBool *reuse)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(reuse, 2);
  PetscUseMethod(pc, "PCTriSplitGetReuseForest_C", (PC, PetscBool *), (pc, reuse));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitSetPrecision - Sets the precision of the tridiagonal factors of a trisplit preconditioner

  Logically Collective

  Input Parameters:
+ pc        - the preconditioner context (`PCALGTRI`, `PCMOSD` or `PCALTSPLIT`)
- precision - `PCTRISPLIT_PRECISION_DOUBLE` (default) or `PCTRISPLIT_PRECISION_SINGLE`

  Options Database Key:
. -pc_<type>_precision <double,single> - the precision, e.g. -pc_algtri_precision single

  Level: advanced

  Note:
  Single precision keeps float copies of the bands and solves with RPTS in float inside the double
  Krylov method: on the GPU only (`MATAIJCUSPARSE`); the host factors in double and `PCSetUp()` refuses
  single precision there. Transposed applies need double.

.seealso: `PCALGTRI`, `PCTriSplitGetPrecision()`
@*/
PetscErrorCode PCTriSplitSetPrecision(PC pc, PCTriSplitPrecision precision)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveEnum(pc, precision, 2);
  PetscTryMethod(pc, "PCTriSplitSetPrecision_C", (PC, PCTriSplitPrecision), (pc, precision));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetPrecision - Gets the precision of the tridiagonal factors of a trisplit preconditioner

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. precision - the precision

  Level: advanced

.seealso: `PCALGTRI`, `PCTriSplitSetPrecision()`
@*/
PetscErrorCode PCTriSplitGetPrecision(PC pc, PCTriSplitPrecision *precision)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(precision, 2);
  PetscUseMethod(pc, "PCTriSplitGetPrecision_C", (PC, PCTriSplitPrecision *), (pc, precision));
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
/*@
  PCTriSplitSetFactorChargePeriod - Sets the charge period m of the parallel [0,2]-factor: charges are off in every m-th round

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)
- period - 1 to 1000 (default 5)

  Options Database Key:
. -pc_<type>_factor_charge_period <5> - the period
  Level: advanced

.seealso: `PCTriSplitGetFactorChargePeriod()`, `PCTriSplitSetFactorIterations()`
@*/
PetscErrorCode PCTriSplitSetFactorChargePeriod(PC pc, PetscInt period)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, period, 2);
  PetscTryMethod(pc, "PCTriSplitSetFactorChargePeriod_C", (PC, PetscInt), (pc, period));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetFactorChargePeriod - Gets the charge period m of the parallel [0,2]-factor: charges are off in every m-th round

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. period - the period
  Level: advanced

.seealso: `PCTriSplitSetFactorChargePeriod()`
@*/
PetscErrorCode PCTriSplitGetFactorChargePeriod(PC pc, PetscInt *period)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(period, 2);
  PetscUseMethod(pc, "PCTriSplitGetFactorChargePeriod_C", (PC, PetscInt *), (pc, period));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitSetFactorChargeSkip - Sets the uncharged round k_m within each charge period of the parallel [0,2]-factor

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)
- skip - 0 to 1000 (default 0)

  Options Database Key:
. -pc_<type>_factor_charge_skip <0> - the round
  Level: advanced

.seealso: `PCTriSplitGetFactorChargeSkip()`, `PCTriSplitSetFactorIterations()`
@*/
PetscErrorCode PCTriSplitSetFactorChargeSkip(PC pc, PetscInt skip)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, skip, 2);
  PetscTryMethod(pc, "PCTriSplitSetFactorChargeSkip_C", (PC, PetscInt), (pc, skip));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetFactorChargeSkip - Gets the uncharged round k_m within each charge period of the parallel [0,2]-factor

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. skip - the round
  Level: advanced

.seealso: `PCTriSplitSetFactorChargeSkip()`
@*/
PetscErrorCode PCTriSplitGetFactorChargeSkip(PC pc, PetscInt *skip)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(skip, 2);
  PetscUseMethod(pc, "PCTriSplitGetFactorChargeSkip_C", (PC, PetscInt *), (pc, skip));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitSetFactorP - Sets the probability of a positive charge in the parallel [0,2]-factor

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)
- p - in [0,1] (default 0.5)

  Options Database Key:
. -pc_<type>_factor_p <0.5> - the probability
  Level: advanced

.seealso: `PCTriSplitGetFactorP()`, `PCTriSplitSetFactorIterations()`
@*/
PetscErrorCode PCTriSplitSetFactorP(PC pc, PetscReal p)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveReal(pc, p, 2);
  PetscTryMethod(pc, "PCTriSplitSetFactorP_C", (PC, PetscReal), (pc, p));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetFactorP - Gets the probability of a positive charge in the parallel [0,2]-factor

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. p - the probability
  Level: advanced

.seealso: `PCTriSplitSetFactorP()`
@*/
PetscErrorCode PCTriSplitGetFactorP(PC pc, PetscReal *p)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(p, 2);
  PetscUseMethod(pc, "PCTriSplitGetFactorP_C", (PC, PetscReal *), (pc, p));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitSetFactorSeed - Sets the seed mixed into the charge hash of the parallel [0,2]-factor

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context (`PCALGTRI`, `PCMOSD`, `PCMOSA` or `PCALTSPLIT`)
- seed - 0 to 2^31 - 1 (default 0); the charges hash the global row, so the forests do not depend on the number of ranks

  Options Database Key:
. -pc_<type>_factor_seed <0> - the seed
  Level: advanced

.seealso: `PCTriSplitGetFactorSeed()`, `PCTriSplitSetFactorIterations()`
@*/
PetscErrorCode PCTriSplitSetFactorSeed(PC pc, PetscInt seed)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, seed, 2);
  PetscTryMethod(pc, "PCTriSplitSetFactorSeed_C", (PC, PetscInt), (pc, seed));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetFactorSeed - Gets the seed mixed into the charge hash of the parallel [0,2]-factor

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. seed - the seed
  Level: advanced

.seealso: `PCTriSplitSetFactorSeed()`
@*/
PetscErrorCode PCTriSplitGetFactorSeed(PC pc, PetscInt *seed)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(seed, 2);
  PetscUseMethod(pc, "PCTriSplitGetFactorSeed_C", (PC, PetscInt *), (pc, seed));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitSetMMax - Sets the most factors (levels of `PCMOSA`) the automatic choice of m builds

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context (`PCMOSD`, `PCALTSPLIT` or `PCMOSA`)
- m_max - 1 to 64 (default 4)

  Options Database Key:
. -pc_<type>_m_max <4> - the bound

  Note:
  Used when m is 0 (`PCTriSplitSetM()`): factors are added until the coverage target
  (`PCTriSplitSetCoverage()`) is reached, a factor adds less than 1%, or m_max are built.
  Level: advanced

.seealso: `PCTriSplitGetMMax()`, `PCTriSplitSetM()`, `PCTriSplitSetCoverage()`
@*/
PetscErrorCode PCTriSplitSetMMax(PC pc, PetscInt m_max)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, m_max, 2);
  PetscTryMethod(pc, "PCTriSplitSetMMax_C", (PC, PetscInt), (pc, m_max));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriSplitGetMMax - Gets the most factors (levels of `PCMOSA`) the automatic choice of m builds

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. m_max - the bound
  Level: advanced

.seealso: `PCTriSplitSetMMax()`
@*/
PetscErrorCode PCTriSplitGetMMax(PC pc, PetscInt *m_max)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(m_max, 2);
  PetscUseMethod(pc, "PCTriSplitGetMMax_C", (PC, PetscInt *), (pc, m_max));
  PetscFunctionReturn(PETSC_SUCCESS);
}
