/* SPDX-License-Identifier: BSD-2-Clause */
/*
   PCTRIAMG's options: the parameter block's defaults, the -pc_triamg_ options (each through its setter), the composed
   setters and getters (every setter through TSPTriAMGSetOption(), which marks the PC for a new setup when the
   hierarchy changes), and the public PCTriAMGSet/Get functions with their manual pages.
*/
#include <trisplit/private/triamgimpl.h>

PetscErrorCode TSPTriAMGSetDefaults(TSPTriAMGParams *prm)
{
  PetscFunctionBegin;
  prm->agg_size         = 4;
  prm->pair_share       = 0;
  prm->coarse_size      = 1000;
  prm->gather_size      = TSP_TRIAMG_GATHER_SIZE;
  prm->max_levels       = TSP_TRIAMG_MAXLEVELS;
  prm->smooth_p         = PETSC_TRUE;
  prm->smooth_levels    = TSP_TRIAMG_MAXLEVELS;
  prm->smooth_threshold = TSP_TRIAMG_SMOOTH_THRESHOLD;
  prm->reuse            = PETSC_TRUE;
  prm->device_operators = PETSC_TRUE;
  prm->nodal            = PETSC_TRUE;
  prm->lean_cycle       = PETSC_TRUE;
  prm->sweeps           = 1;
  PetscCall(PetscStrncpy(prm->smoother, PCALGTRI, sizeof(prm->smoother)));
  PetscCall(PetscStrncpy(prm->csmoother, PCALGTRI, sizeof(prm->csmoother)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the getters that read one parameter */
#define TSP_TRIAMG_GETTER(name, type, field) \
  static PetscErrorCode name##_TriAMG(PC pc, type *value) \
  { \
    PetscFunctionBegin; \
    *value = (type)TSPTriAMGFromPC(pc)->params.field; \
    PetscFunctionReturn(PETSC_SUCCESS); \
  }

TSP_TRIAMG_GETTER(PCTriAMGGetAggregateSize, PetscInt, agg_size)
TSP_TRIAMG_GETTER(PCTriAMGGetPairShare, PetscReal, pair_share)
TSP_TRIAMG_GETTER(PCTriAMGGetCoarseSize, PetscInt, coarse_size)
TSP_TRIAMG_GETTER(PCTriAMGGetGatherSize, PetscInt, gather_size)
TSP_TRIAMG_GETTER(PCTriAMGGetMaxLevels, PetscInt, max_levels)
TSP_TRIAMG_GETTER(PCTriAMGGetSmoothProlongator, PetscBool, smooth_p)
TSP_TRIAMG_GETTER(PCTriAMGGetSmoothLevels, PetscInt, smooth_levels)
TSP_TRIAMG_GETTER(PCTriAMGGetSmoothThreshold, PetscReal, smooth_threshold)
TSP_TRIAMG_GETTER(PCTriAMGGetReuseInterpolation, PetscBool, reuse)
TSP_TRIAMG_GETTER(PCTriAMGGetDeviceOperators, PetscBool, device_operators)
TSP_TRIAMG_GETTER(PCTriAMGGetNodal, PetscBool, nodal)
TSP_TRIAMG_GETTER(PCTriAMGGetLeanCycle, PetscBool, lean_cycle)
TSP_TRIAMG_GETTER(PCTriAMGGetSmootherSweeps, PetscInt, sweeps)
TSP_TRIAMG_GETTER(PCTriAMGGetSmootherType, PCType, smoother)
TSP_TRIAMG_GETTER(PCTriAMGGetCoarserSmootherType, PCType, csmoother)
#undef TSP_TRIAMG_GETTER

static PetscErrorCode PCTriAMGSetAggregateSize_TriAMG(PC pc, PetscInt v)
{
  PetscFunctionBegin;
  PetscCheck(v >= 1, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: the aggregate size (-pc_triamg_aggregate_size) must be at least 1, not %" PetscInt_FMT, v);
  TSPTriAMGSetOption(pc, TSPTriAMGFromPC(pc), agg_size, v);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetPairShare_TriAMG(PC pc, PetscReal v)
{
  PetscFunctionBegin;
  if (v == (PetscReal)PETSC_DEFAULT) v = 0;
  PetscCheck(v >= 0 && v <= 1, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: the pairs' share (-pc_triamg_pair_share) must be in [0, 1], not %g", (double)v);
  TSPTriAMGSetOption(pc, TSPTriAMGFromPC(pc), pair_share, v);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetCoarseSize_TriAMG(PC pc, PetscInt v)
{
  PetscFunctionBegin;
  PetscCheck(v >= 1, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: the coarse size (-pc_triamg_coarse_size) must be at least 1, not %" PetscInt_FMT, v);
  TSPTriAMGSetOption(pc, TSPTriAMGFromPC(pc), coarse_size, v);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetGatherSize_TriAMG(PC pc, PetscInt v)
{
  PetscFunctionBegin;
  PetscCheck(v >= 0, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: the gather size (-pc_triamg_gather_size) must be at least 0, not %" PetscInt_FMT, v);
  TSPTriAMGSetOption(pc, TSPTriAMGFromPC(pc), gather_size, v);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetMaxLevels_TriAMG(PC pc, PetscInt v)
{
  PetscFunctionBegin;
  PetscCheck(v >= 1 && v <= TSP_TRIAMG_MAXLEVELS, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: the number of levels (-pc_triamg_max_levels) must be in [1, %d], not %" PetscInt_FMT, TSP_TRIAMG_MAXLEVELS, v);
  TSPTriAMGSetOption(pc, TSPTriAMGFromPC(pc), max_levels, v);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetSmoothProlongator_TriAMG(PC pc, PetscBool v)
{
  PetscFunctionBegin;
  TSPTriAMGSetOption(pc, TSPTriAMGFromPC(pc), smooth_p, v);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetSmoothLevels_TriAMG(PC pc, PetscInt v)
{
  PetscFunctionBegin;
  if (v == PETSC_DEFAULT || v == PETSC_DECIDE) v = TSP_TRIAMG_MAXLEVELS;
  PetscCheck(v >= 0, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: the number of smoothed levels (-pc_triamg_smooth_levels) must be at least 0, not %" PetscInt_FMT, v);
  TSPTriAMGSetOption(pc, TSPTriAMGFromPC(pc), smooth_levels, v);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetSmoothThreshold_TriAMG(PC pc, PetscReal v)
{
  PetscFunctionBegin;
  if (v == (PetscReal)PETSC_DEFAULT) v = TSP_TRIAMG_SMOOTH_THRESHOLD;
  PetscCheck(v >= 0 && v <= 1, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: the smoothing threshold (-pc_triamg_smooth_threshold) must be in [0, 1], not %g", (double)v);
  TSPTriAMGSetOption(pc, TSPTriAMGFromPC(pc), smooth_threshold, v);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* reuse decides the next setup only: no new setup of its own */
static PetscErrorCode PCTriAMGSetReuseInterpolation_TriAMG(PC pc, PetscBool v)
{
  PetscFunctionBegin;
  TSPTriAMGFromPC(pc)->params.reuse = v;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetDeviceOperators_TriAMG(PC pc, PetscBool v)
{
  PetscFunctionBegin;
  TSPTriAMGSetOption(pc, TSPTriAMGFromPC(pc), device_operators, v);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetNodal_TriAMG(PC pc, PetscBool v)
{
  PetscFunctionBegin;
  TSPTriAMGSetOption(pc, TSPTriAMGFromPC(pc), nodal, v);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the cycle is not part of the hierarchy: a set-up PC chooses it again at once */
static PetscErrorCode PCTriAMGSetLeanCycle_TriAMG(PC pc, PetscBool v)
{
  TSPTriAMG *amg = TSPTriAMGFromPC(pc);

  PetscFunctionBegin;
  amg->params.lean_cycle = v;
  if (pc->setupcalled && amg->nlevels > 0) PetscCall(TSPTriAMGChooseCycle(pc, amg));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetSmootherSweeps_TriAMG(PC pc, PetscInt v)
{
  PetscFunctionBegin;
  PetscCheck(v >= 1, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: the number of sweeps (-pc_triamg_smoother_sweeps) must be at least 1, not %" PetscInt_FMT, v);
  TSPTriAMGSetOption(pc, TSPTriAMGFromPC(pc), sweeps, v); /* the smoothers are set up with the hierarchy */
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* a smoother's PC type into field (len bytes); a new type marks the PC for a new setup */
static PetscErrorCode TSPTriAMGSetSmootherField(PC pc, char *field, size_t len, PCType type)
{
  PetscBool same;

  PetscFunctionBegin;
  PetscCall(PetscStrcmp(field, type, &same));
  if (!same) pc->setupcalled = PETSC_FALSE;
  PetscCall(PetscStrncpy(field, type, len));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetSmootherType_TriAMG(PC pc, PCType type)
{
  TSPTriAMG *amg = TSPTriAMGFromPC(pc);

  PetscFunctionBegin;
  PetscCall(TSPTriAMGSetSmootherField(pc, amg->params.smoother, sizeof(amg->params.smoother), type));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetCoarserSmootherType_TriAMG(PC pc, PCType type)
{
  TSPTriAMG *amg = TSPTriAMGFromPC(pc);

  PetscFunctionBegin;
  PetscCall(TSPTriAMGSetSmootherField(pc, amg->params.csmoother, sizeof(amg->params.csmoother), type));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGGetHierarchy_TriAMG(PC pc, PetscInt *nlevels, const PetscInt **rows, const PetscInt64 **aggsum, PetscInt *builds, PetscInt *refreshes)
{
  TSPTriAMG *amg = TSPTriAMGFromPC(pc);

  PetscFunctionBegin;
  if (nlevels) *nlevels = amg->nlevels;
  if (rows) *rows = amg->rows;
  if (aggsum) *aggsum = amg->aggsum;
  if (builds) *builds = amg->builds;
  if (refreshes) *refreshes = amg->refreshes;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* -pc_triamg_*: every option through its setter */
PetscErrorCode TSPTriAMGSetFromOptions(PC pc, TriSplitOptionItems PetscOptionsObject)
{
  const TSPTriAMGParams *prm = &TSPTriAMGFromPC(pc)->params;
  PetscBool              flg, b;
  PetscInt               n;
  PetscReal              r;
  char                   type[64];

  PetscFunctionBegin;
  PetscOptionsHeadBegin(PetscOptionsObject, "TRIAMG options");
  PetscCall(PetscOptionsInt("-pc_mg_levels", "Number of levels", "PCMGSetLevels", -1, &n, &flg));
  PetscCheck(!flg, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_WRONG, "PCTRIAMG chooses its levels: use -pc_triamg_max_levels and -pc_triamg_coarse_size, not -pc_mg_levels");
  PetscCall(PetscOptionsInt("-pc_triamg_aggregate_size", "Vertices per aggregate along a path of the forest", "PCTriAMGSetAggregateSize", prm->agg_size, &n, &flg));
  if (flg) PetscCall(PCTriAMGSetAggregateSize(pc, n));
  PetscCall(PetscOptionsReal("-pc_triamg_pair_share", "Pair the aggregates across the forest's paths on levels whose couplings lie less than this share inside the paths (0: never)", "PCTriAMGSetPairShare", prm->pair_share, &r, &flg));
  if (flg) PetscCall(PCTriAMGSetPairShare(pc, r));
  PetscCall(PetscOptionsInt("-pc_triamg_coarse_size", "Coarsen until at most this many rows", "PCTriAMGSetCoarseSize", prm->coarse_size, &n, &flg));
  if (flg) PetscCall(PCTriAMGSetCoarseSize(pc, n));
  PetscCall(PetscOptionsInt("-pc_triamg_gather_size", "Across ranks, gather the first level of fewer than this many rows, and those below it, onto rank 0 (0: never)", "PCTriAMGSetGatherSize", prm->gather_size, &n, &flg));
  if (flg) PetscCall(PCTriAMGSetGatherSize(pc, n));
  PetscCall(PetscOptionsInt("-pc_triamg_max_levels", "Most levels, the finest included", "PCTriAMGSetMaxLevels", prm->max_levels, &n, &flg));
  if (flg) PetscCall(PCTriAMGSetMaxLevels(pc, n));
  PetscCall(PetscOptionsInt("-pc_triamg_smooth_levels", "Smooth the prolongators of this many of the finest levels", "PCTriAMGSetSmoothLevels", prm->smooth_levels, &n, &flg));
  if (flg) PetscCall(PCTriAMGSetSmoothLevels(pc, n));
  PetscCall(PetscOptionsReal("-pc_triamg_smooth_threshold", "Entries below this fraction of their row's largest off-diagonal one do not widen the smoothed prolongator", "PCTriAMGSetSmoothThreshold", prm->smooth_threshold, &r, &flg));
  if (flg) PetscCall(PCTriAMGSetSmoothThreshold(pc, r));
  PetscCall(PetscOptionsBool("-pc_triamg_smooth_prolongator", "Smooth the piecewise constant prolongator with one damped Jacobi step", "PCTriAMGSetSmoothProlongator", prm->smooth_p, &b, &flg));
  if (flg) PetscCall(PCTriAMGSetSmoothProlongator(pc, b));
  PetscCall(PetscOptionsFList("-pc_triamg_smoother_type", "PC of the level smoothers", "PCTriAMGSetSmootherType", PCList, prm->smoother, type, sizeof(type), &flg));
  if (flg) PetscCall(PCTriAMGSetSmootherType(pc, type));
  PetscCall(PetscOptionsFList("-pc_triamg_coarser_smoother_type", "PC of the smoothers of the levels below the finest", "PCTriAMGSetCoarserSmootherType", PCList, prm->csmoother, type, sizeof(type), &flg));
  if (flg) PetscCall(PCTriAMGSetCoarserSmootherType(pc, type));
  PetscCall(PetscOptionsInt("-pc_triamg_smoother_sweeps", "Sweeps of the level smoothers (Chebyshev iterations)", "PCTriAMGSetSmootherSweeps", prm->sweeps, &n, &flg));
  if (flg) PetscCall(PCTriAMGSetSmootherSweeps(pc, n));
  PetscCall(PetscOptionsBool("-pc_triamg_reuse_interpolation", "Keep aggregates and prolongators across SAME_NONZERO_PATTERN updates", "PCTriAMGSetReuseInterpolation", prm->reuse, &b, &flg));
  if (flg) PetscCall(PCTriAMGSetReuseInterpolation(pc, b));
  PetscCall(PetscOptionsBool("-pc_triamg_device_operators", "On the GPU, keep the levels in trisplit's device-only MATCSRCUDA (else MATSEQAIJCUSPARSE)", "PCTriAMGSetDeviceOperators", prm->device_operators, &b, &flg));
  if (flg) PetscCall(PCTriAMGSetDeviceOperators(pc, b));
  PetscCall(PetscOptionsBool("-pc_triamg_nodal", "With a block size > 1, aggregates of whole nodes, one coarse unknown per field", "PCTriAMGSetNodal", prm->nodal, &b, &flg));
  if (flg) PetscCall(PCTriAMGSetNodal(pc, b));
  PetscCall(PetscOptionsBool("-pc_triamg_lean_cycle", "Apply PCMG's default V-cycle directly on the levels' smoothers, residuals and transfers", "PCTriAMGSetLeanCycle", prm->lean_cycle, &b, &flg));
  if (flg) PetscCall(PCTriAMGSetLeanCycle(pc, b));
  PetscOptionsHeadEnd();
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPTriAMGComposeSetters(PC pc, PetscBool compose)
{
#define TSP_COMPOSE(name) PetscCall(PetscObjectComposeFunction((PetscObject)pc, #name "_C", compose ? (name##_TriAMG) : NULL))

  PetscFunctionBegin;
  TSP_COMPOSE(PCTriAMGSetAggregateSize);
  TSP_COMPOSE(PCTriAMGGetAggregateSize);
  TSP_COMPOSE(PCTriAMGSetPairShare);
  TSP_COMPOSE(PCTriAMGGetPairShare);
  TSP_COMPOSE(PCTriAMGSetCoarseSize);
  TSP_COMPOSE(PCTriAMGGetCoarseSize);
  TSP_COMPOSE(PCTriAMGSetGatherSize);
  TSP_COMPOSE(PCTriAMGGetGatherSize);
  TSP_COMPOSE(PCTriAMGSetMaxLevels);
  TSP_COMPOSE(PCTriAMGGetMaxLevels);
  TSP_COMPOSE(PCTriAMGSetSmoothProlongator);
  TSP_COMPOSE(PCTriAMGGetSmoothProlongator);
  TSP_COMPOSE(PCTriAMGSetSmoothLevels);
  TSP_COMPOSE(PCTriAMGGetSmoothLevels);
  TSP_COMPOSE(PCTriAMGSetSmoothThreshold);
  TSP_COMPOSE(PCTriAMGGetSmoothThreshold);
  TSP_COMPOSE(PCTriAMGSetReuseInterpolation);
  TSP_COMPOSE(PCTriAMGGetReuseInterpolation);
  TSP_COMPOSE(PCTriAMGSetDeviceOperators);
  TSP_COMPOSE(PCTriAMGGetDeviceOperators);
  TSP_COMPOSE(PCTriAMGSetNodal);
  TSP_COMPOSE(PCTriAMGGetNodal);
  TSP_COMPOSE(PCTriAMGSetLeanCycle);
  TSP_COMPOSE(PCTriAMGGetLeanCycle);
  TSP_COMPOSE(PCTriAMGSetSmootherSweeps);
  TSP_COMPOSE(PCTriAMGGetSmootherSweeps);
  TSP_COMPOSE(PCTriAMGSetSmootherType);
  TSP_COMPOSE(PCTriAMGGetSmootherType);
  TSP_COMPOSE(PCTriAMGSetCoarserSmootherType);
  TSP_COMPOSE(PCTriAMGGetCoarserSmootherType);
  TSP_COMPOSE(PCTriAMGGetHierarchy);
#undef TSP_COMPOSE
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGSetAggregateSize - Sets the number of consecutive vertices of a path of the linear forest that form one aggregate

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context
- s - the value

  Options Database Key:
. -pc_triamg_aggregate_size <s> - the aggregate size (default 4)

  Level: intermediate

  Note:
  Each path of the forest of a level's local diagonal block is cut into consecutive segments of `s` vertices: a path of at most `s`
  vertices is one aggregate, a leftover tail of r vertices is an aggregate of its own when 2 r >= s, else it joins the
  segment before it. Aggregates never cross ranks. The coarse grid has about 1/s of the rows of the fine one: the
  coarsening is along the strong direction that the forest follows (semi-coarsening).

.seealso: `PCTRIAMG`, `PCTriAMGGetAggregateSize()`
@*/
PetscErrorCode PCTriAMGSetAggregateSize(PC pc, PetscInt s)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, s, 2);
  PetscTryMethod(pc, "PCTriAMGSetAggregateSize_C", (PC, PetscInt), (pc, s));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGGetAggregateSize - Gets the number of consecutive vertices of a path of the linear forest that form one aggregate

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. s - the value

  Level: intermediate

.seealso: `PCTRIAMG`, `PCTriAMGSetAggregateSize()`
@*/
PetscErrorCode PCTriAMGGetAggregateSize(PC pc, PetscInt *s)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(s, 2);
  PetscUseMethod(pc, "PCTriAMGGetAggregateSize_C", (PC, PetscInt *), (pc, s));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGSetPairShare - Sets below which share of a level's couplings inside the forest's paths `PCTRIAMG` pairs
  its line aggregates across the paths

  Logically Collective

  Input Parameters:
+ pc    - the preconditioner context
- share - a fraction in [0, 1]; 0 (the default; `PETSC_DEFAULT` restores it) never pairs

  Options Database Key:
. -pc_triamg_pair_share <share> - the share

  Level: advanced

  Note:
  The aggregates are segments of the forest's paths (`PCTriAMGSetAggregateSize()`): semi-coarsening along the strong
  direction the forest follows. Where the couplings are nearly isotropic (a 5-point or 3D Laplacian), a segment's
  strongest neighbours lie on the neighbouring paths, and the coarse operators fill up level after level (operator
  complexity about 3). On a level whose scaled couplings |a_ij| / sqrt(|a_ii a_jj|) lie less than `share` inside
  the paths, the segments are matched pairwise across the paths (a [0,1]-factor of their graph, whose weights are
  the couplings between two segments of different paths), and each pair becomes one aggregate. On the host, 0.6
  halved the operator complexity of a 5-point Laplacian at 512^2 (2.95 to 1.55, 9 to 11 GMRES iterations), cut a
  3D Laplacian's at 48^3 by 30% (3.57 to 2.49, 9 iterations either way), and left the anisotropic model problems
  nearly as they were (their finest couplings lie 0.75-1.0 inside the paths): `bench/results/triamg-setup/complexity-cpu`.
  Below paired aggregates the smoothing ends at a product that did not halve (on the host LAP3D 48^3: operator
  complexity 2.06, 11 GMRES iterations against 3.57 and 9 without pairs). On one H200 it took the 5-point
  Laplacian's setup at 1000^2 from 0.054 to 0.033 s (setup and solve 0.068 to 0.041 s) and the 3D Laplacian's at
  112^3 from 0.063 to 0.053 s (`bench/results/triamg-setup/galerkin-products`). It is off by default because on
  several real matrices it costs many iterations (cavity05 33 to 326 BiCGStab iterations, rdb1250l 71 to 244:
  `bench/results/triamg-matrices`): meant for problems with nearly isotropic couplings, a Poisson-like 2D or 3D
  operator.
  Node aggregates (`PCTriAMGSetNodal()`, a block size > 1) are not paired. Across MPI ranks each rank pairs its own
  aggregates, and decides by the share of its own rows.

.seealso: `PCTRIAMG`, `PCTriAMGGetPairShare()`, `PCTriAMGSetAggregateSize()`
@*/
PetscErrorCode PCTriAMGSetPairShare(PC pc, PetscReal share)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveReal(pc, share, 2);
  PetscTryMethod(pc, "PCTriAMGSetPairShare_C", (PC, PetscReal), (pc, share));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGGetPairShare - Gets below which share of a level's couplings inside the forest's paths `PCTRIAMG` pairs
  its line aggregates across the paths

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. share - the share (0: never)

  Level: advanced

.seealso: `PCTRIAMG`, `PCTriAMGSetPairShare()`
@*/
PetscErrorCode PCTriAMGGetPairShare(PC pc, PetscReal *share)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(share, 2);
  PetscUseMethod(pc, "PCTriAMGGetPairShare_C", (PC, PetscReal *), (pc, share));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGSetCoarseSize - Sets the number of global rows at which `PCTRIAMG` stops coarsening

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context
- n - the value

  Options Database Key:
. -pc_triamg_coarse_size <n> - the coarse size (default 1000)

  Level: intermediate

  Note:
  The coarsest level is solved directly (LU on one rank, `PCREDUNDANT` with MPI; on GPUs its dense inverse, on every
  GPU with MPI; `-mg_coarse_` options change it).
  Coarsening also stops where a level would keep more than 0.9 of its rows.

.seealso: `PCTRIAMG`, `PCTriAMGGetCoarseSize()`
@*/
PetscErrorCode PCTriAMGSetCoarseSize(PC pc, PetscInt n)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, n, 2);
  PetscTryMethod(pc, "PCTriAMGSetCoarseSize_C", (PC, PetscInt), (pc, n));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGGetCoarseSize - Gets the number of global rows at which `PCTRIAMG` stops coarsening

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. n - the value

  Level: intermediate

.seealso: `PCTRIAMG`, `PCTriAMGSetCoarseSize()`
@*/
PetscErrorCode PCTriAMGGetCoarseSize(PC pc, PetscInt *n)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(n, 2);
  PetscUseMethod(pc, "PCTriAMGGetCoarseSize_C", (PC, PetscInt *), (pc, n));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGSetGatherSize - Sets the number of global rows below which `PCTRIAMG` gathers a coarse level, and every level below it, onto rank 0

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context
- n - the value, 0 to never gather

  Options Database Key:
. -pc_triamg_gather_size <n> - the gather size (default 0)

  Level: intermediate

  Notes:
  Across MPI ranks, the first coarse level with fewer than `n` global rows, and every level below it, is gathered onto
  rank 0 (one GPU), so that the cycle on the small levels does not exchange ghost values at every level. With 0, nothing is
  gathered. On one rank the gather size has no effect.

  The levels above the gathered one are unchanged; below it the hierarchy is that of one rank holding the whole level.

.seealso: `PCTRIAMG`, `PCTriAMGGetGatherSize()`, `PCTriAMGSetCoarseSize()`
@*/
PetscErrorCode PCTriAMGSetGatherSize(PC pc, PetscInt n)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, n, 2);
  PetscTryMethod(pc, "PCTriAMGSetGatherSize_C", (PC, PetscInt), (pc, n));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGGetGatherSize - Gets the number of global rows below which `PCTRIAMG` gathers a coarse level, and every level below it, onto rank 0

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. n - the value, 0 when nothing is gathered

  Level: intermediate

.seealso: `PCTRIAMG`, `PCTriAMGSetGatherSize()`, `PCTriAMGSetCoarseSize()`
@*/
PetscErrorCode PCTriAMGGetGatherSize(PC pc, PetscInt *n)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(n, 2);
  PetscUseMethod(pc, "PCTriAMGGetGatherSize_C", (PC, PetscInt *), (pc, n));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGSetMaxLevels - Sets the most levels of `PCTRIAMG`, the finest included

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context
- n - the value

  Options Database Key:
. -pc_triamg_max_levels <n> - the most levels (default 30)

  Level: intermediate

.seealso: `PCTRIAMG`, `PCTriAMGGetMaxLevels()`
@*/
PetscErrorCode PCTriAMGSetMaxLevels(PC pc, PetscInt n)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, n, 2);
  PetscTryMethod(pc, "PCTriAMGSetMaxLevels_C", (PC, PetscInt), (pc, n));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGGetMaxLevels - Gets the most levels of `PCTRIAMG`, the finest included

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. n - the value

  Level: intermediate

.seealso: `PCTRIAMG`, `PCTriAMGSetMaxLevels()`
@*/
PetscErrorCode PCTriAMGGetMaxLevels(PC pc, PetscInt *n)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(n, 2);
  PetscUseMethod(pc, "PCTriAMGGetMaxLevels_C", (PC, PetscInt *), (pc, n));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGSetSmoothProlongator - Sets whether `PCTRIAMG` smooths its piecewise constant prolongator

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context
- flg - the value

  Options Database Key:
. -pc_triamg_smooth_prolongator <bool> - smooth the prolongator (default true)

  Level: intermediate

  Note:
  The smoothed prolongator is P = (I - omega D^-1 A_F) P0, with P0 piecewise constant on the aggregates, A_F the
  matrix with its weak entries lumped into the diagonal (`PCTriAMGSetSmoothThreshold()`) and omega = 4 / (3 rho),
  rho an estimate of the spectral radius of D^-1 A by 15 steps of the power method. Unsmoothed aggregation makes the coarse
  operators sparser and the setup cheaper, but its iteration counts grow with the grid.

.seealso: `PCTRIAMG`, `PCTriAMGGetSmoothProlongator()`
@*/
PetscErrorCode PCTriAMGSetSmoothProlongator(PC pc, PetscBool flg)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveBool(pc, flg, 2);
  PetscTryMethod(pc, "PCTriAMGSetSmoothProlongator_C", (PC, PetscBool), (pc, flg));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGGetSmoothProlongator - Gets whether `PCTRIAMG` smooths its piecewise constant prolongator

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. flg - the value

  Level: intermediate

.seealso: `PCTRIAMG`, `PCTriAMGSetSmoothProlongator()`
@*/
PetscErrorCode PCTriAMGGetSmoothProlongator(PC pc, PetscBool *flg)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(flg, 2);
  PetscUseMethod(pc, "PCTriAMGGetSmoothProlongator_C", (PC, PetscBool *), (pc, flg));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGSetSmootherSweeps - Sets the number of iterations of the level smoothers (Chebyshev by default) of `PCTRIAMG`

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context
- n - the value

  Options Database Key:
. -pc_triamg_smoother_sweeps <n> - the sweeps (default 1)

  Level: intermediate

  Note:
  The same as `-mg_levels_ksp_max_it`, which overrides it.

.seealso: `PCTRIAMG`, `PCTriAMGGetSmootherSweeps()`
@*/
PetscErrorCode PCTriAMGSetSmootherSweeps(PC pc, PetscInt n)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, n, 2);
  PetscTryMethod(pc, "PCTriAMGSetSmootherSweeps_C", (PC, PetscInt), (pc, n));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGGetSmootherSweeps - Gets the number of iterations of the level smoothers of `PCTRIAMG`

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. n - the value

  Level: intermediate

.seealso: `PCTRIAMG`, `PCTriAMGSetSmootherSweeps()`
@*/
PetscErrorCode PCTriAMGGetSmootherSweeps(PC pc, PetscInt *n)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(n, 2);
  PetscUseMethod(pc, "PCTriAMGGetSmootherSweeps_C", (PC, PetscInt *), (pc, n));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGSetReuseInterpolation - Sets whether `PCTRIAMG` keeps its aggregates and prolongators when the operator changes with `SAME_NONZERO_PATTERN`

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context
- flg - the value

  Options Database Key:
. -pc_triamg_reuse_interpolation <bool> - reuse (default true)

  Level: intermediate

  Note:
  With reuse, a new operator of the same nonzero pattern recomputes only the Galerkin products (on their symbolic
  phase, `MAT_REUSE_MATRIX`) and the level smoothers' values; a smoothed prolongator keeps the values it was built with.

.seealso: `PCTRIAMG`, `PCTriAMGGetReuseInterpolation()`
@*/
PetscErrorCode PCTriAMGSetReuseInterpolation(PC pc, PetscBool flg)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveBool(pc, flg, 2);
  PetscTryMethod(pc, "PCTriAMGSetReuseInterpolation_C", (PC, PetscBool), (pc, flg));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGGetReuseInterpolation - Gets whether `PCTRIAMG` keeps its aggregates and prolongators when the operator changes with `SAME_NONZERO_PATTERN`

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. flg - the value

  Level: intermediate

.seealso: `PCTRIAMG`, `PCTriAMGSetReuseInterpolation()`
@*/
PetscErrorCode PCTriAMGGetReuseInterpolation(PC pc, PetscBool *flg)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(flg, 2);
  PetscUseMethod(pc, "PCTriAMGGetReuseInterpolation_C", (PC, PetscBool *), (pc, flg));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGSetSmoothLevels - Sets on how many of the finest levels `PCTRIAMG` smooths its prolongator

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context
- n  - the number of levels, counted from the finest (default: all; 0 smooths none)

  Options Database Key:
. -pc_triamg_smooth_levels <n> - the number of levels

  Level: intermediate

  Note:
  Smoothing widens the prolongator's stencil by the strong entries of A's rows, and the Galerkin operators densify
  level by level where the aggregates are lines of a 3D grid. So `PCTRIAMG` also stops smoothing at the first level
  whose coarse operator has more nonzeros than the level above (the 7-point Laplacian of 40^3: operator complexity
  4.0 instead of 7.0, 8 GMRES(20) iterations). In 2D every level is smoothed, which keeps the iteration counts flat.
  It has no effect with `PCTriAMGSetSmoothProlongator()` false.

.seealso: `PCTRIAMG`, `PCTriAMGSetSmoothProlongator()`, `PCTriAMGGetSmoothLevels()`
@*/
PetscErrorCode PCTriAMGSetSmoothLevels(PC pc, PetscInt n)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, n, 2);
  PetscTryMethod(pc, "PCTriAMGSetSmoothLevels_C", (PC, PetscInt), (pc, n));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGGetSmoothLevels - Gets on how many of the finest levels `PCTRIAMG` smooths its prolongator

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. n - the number of levels

  Level: intermediate

.seealso: `PCTRIAMG`, `PCTriAMGSetSmoothLevels()`
@*/
PetscErrorCode PCTriAMGGetSmoothLevels(PC pc, PetscInt *n)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(n, 2);
  PetscUseMethod(pc, "PCTriAMGGetSmoothLevels_C", (PC, PetscInt *), (pc, n));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGSetSmoothThreshold - Sets the strength threshold of the prolongator smoothing of `PCTRIAMG`

  Logically Collective

  Input Parameters:
+ pc    - the preconditioner context
- theta - a fraction in [0, 1] (default 0.25; `PETSC_DEFAULT` restores it)

  Options Database Key:
. -pc_triamg_smooth_threshold <theta> - the threshold

  Level: intermediate

  Note:
  The smoothed prolongator is P = (I - omega D^-1 A_F) P0, where A_F keeps the entries a_ij of A with |a_ij| at least
  theta times the largest off-diagonal |a_ik| of row i and adds the others to the diagonal, so that P keeps the row sums
  of full smoothing. A weak coupling then does not widen P, and the coarse operators stay close to the piecewise
  constant prolongator's in size. 0 smooths with all of A (the classic smoothed aggregation); 1 keeps only the largest
  entries of each row.

.seealso: `PCTRIAMG`, `PCTriAMGGetSmoothThreshold()`, `PCTriAMGSetSmoothProlongator()`
@*/
PetscErrorCode PCTriAMGSetSmoothThreshold(PC pc, PetscReal theta)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveReal(pc, theta, 2);
  PetscTryMethod(pc, "PCTriAMGSetSmoothThreshold_C", (PC, PetscReal), (pc, theta));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGGetSmoothThreshold - Gets the strength threshold of the prolongator smoothing of `PCTRIAMG`

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. theta - the threshold

  Level: intermediate

.seealso: `PCTRIAMG`, `PCTriAMGSetSmoothThreshold()`
@*/
PetscErrorCode PCTriAMGGetSmoothThreshold(PC pc, PetscReal *theta)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(theta, 2);
  PetscUseMethod(pc, "PCTriAMGGetSmoothThreshold_C", (PC, PetscReal *), (pc, theta));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGSetSmootherType - Sets the preconditioner of the finest level's smoother of `PCTRIAMG`

  Logically Collective

  Input Parameters:
+ pc   - the preconditioner context
- type - a `PCType`: `PCALGTRI` (default), `PCMOSD`, `PCALTSPLIT`, `PCJACOBI`, ...

  Options Database Key:
. -pc_triamg_smoother_type <algtri> - the smoother's PC

  Level: intermediate

  Notes:
  The levels below the finest have their own type (`PCTriAMGSetCoarserSmootherType()`).
  A trisplit smoother (`PCALGTRI`, `PCMOSD`, `PCALTSPLIT`, `PCMOSA`) builds the linear forest of its level, and the
  aggregates are taken from its first forest: the forest is computed once per level. Any other PC gets an
  `PCALGTRI` built for the aggregation alone. The smoothers' options take the prefix -mg_levels_ (e.g.
  -mg_levels_pc_algtri_pivoting); `-mg_levels_pc_type` overrides this type.

.seealso: `PCTRIAMG`, `PCTriAMGGetSmootherType()`, `PCTriAMGSetSmootherSweeps()`
@*/
PetscErrorCode PCTriAMGSetSmootherType(PC pc, PCType type)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscTryMethod(pc, "PCTriAMGSetSmootherType_C", (PC, PCType), (pc, type));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGGetSmootherType - Gets the preconditioner type of the level smoothers of `PCTRIAMG`

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. type - the `PCType`

  Level: intermediate

.seealso: `PCTRIAMG`, `PCTriAMGSetSmootherType()`
@*/
PetscErrorCode PCTriAMGGetSmootherType(PC pc, PCType *type)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(type, 2);
  PetscUseMethod(pc, "PCTriAMGGetSmootherType_C", (PC, PCType *), (pc, type));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGSetCoarserSmootherType - Sets the preconditioner of the smoothers of the levels of `PCTRIAMG` below the finest

  Logically Collective

  Input Parameters:
+ pc   - the preconditioner context
- type - a `PCType`: `PCALGTRI` (default), `PCMOSD`, `PCJACOBI`, ...

  Options Database Key:
. -pc_triamg_coarser_smoother_type <algtri> - the smoothers' PC

  Level: intermediate

  Note:
  The Galerkin operators of a smoothed prolongator have positive off-diagonal entries, and the tridiagonal part of
  such an operator along a path of its forest can be indefinite. With full smoothing `PCALGTRI` there made
  Chebyshev smoothing diverge (ANISO1 on 2 ranks, 128^2: 25 GMRES iterations instead of 6), so `PCMOSD` was the
  default. With the prolongator's strength threshold (`PCTriAMGSetSmoothThreshold()`) and the definite paths of the
  forests, `PCALGTRI` keeps every model problem of tests/ex9 grid independent on 1, 2 and 3 ranks with the counts of
  `PCMOSD` (ANISO1 128^2 on 2 ranks: 7), solves as many of the 44 matrices of the shared set, and a V-cycle on the
  GPU takes half the time (one factor per level instead of `PCMOSD`'s four). `PCJACOBI` is safe for the symmetric
  problems but loses grid independence on convection-diffusion (49 iterations at 256^2 against 10 at 64^2). The
  finest level, the user's operator, keeps its own smoother (`PCTriAMGSetSmootherType()`).

.seealso: `PCTRIAMG`, `PCTriAMGSetSmootherType()`, `PCTriAMGGetCoarserSmootherType()`
@*/
PetscErrorCode PCTriAMGSetCoarserSmootherType(PC pc, PCType type)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscTryMethod(pc, "PCTriAMGSetCoarserSmootherType_C", (PC, PCType), (pc, type));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGGetCoarserSmootherType - Gets the preconditioner type of the smoothers of the levels of `PCTRIAMG` below the finest

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. type - the `PCType`

  Level: intermediate

.seealso: `PCTRIAMG`, `PCTriAMGSetCoarserSmootherType()`
@*/
PetscErrorCode PCTriAMGGetCoarserSmootherType(PC pc, PCType *type)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(type, 2);
  PetscUseMethod(pc, "PCTriAMGGetCoarserSmootherType_C", (PC, PCType *), (pc, type));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@C
  PCTriAMGGetHierarchy - Gets the levels that the last setup of `PCTRIAMG` built

  Not Collective

  Input Parameter:
. pc - the preconditioner context, set up

  Output Parameters:
+ nlevels   - the number of levels (may be `NULL`)
. rows      - the global rows of each level, the finest first (may be `NULL`; owned by the PC)
. aggsum    - per level but the coarsest, a checksum of its aggregates: the sum over the rows i of
              (i + 1) (agg(i) + 1), global indices (may be `NULL`; owned by the PC)
. builds    - how many setups built the hierarchy (aggregates, prolongators) (may be `NULL`)
- refreshes - how many setups kept it and recomputed only the Galerkin products (may be `NULL`)

  Level: advanced

.seealso: `PCTRIAMG`, `PCTriAMGSetReuseInterpolation()`
@*/
PetscErrorCode PCTriAMGGetHierarchy(PC pc, PetscInt *nlevels, const PetscInt **rows, const PetscInt64 **aggsum, PetscInt *builds, PetscInt *refreshes)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscUseMethod(pc, "PCTriAMGGetHierarchy_C", (PC, PetscInt *, const PetscInt **, const PetscInt64 **, PetscInt *, PetscInt *), (pc, nlevels, rows, aggsum, builds, refreshes));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGSetDeviceOperators - Sets whether `PCTRIAMG` keeps the levels of a hierarchy built on the GPU in trisplit's
  device-only format `MATCSRCUDA`

  Logically Collective

  Input Parameters:
+ pc  - the preconditioner context
- flg - `PETSC_TRUE` (default): the prolongators and coarse operators are `MATCSRCUDA`, and the coarsest level is
        solved by a dense LU on the device; `PETSC_FALSE`: they are converted to `MATSEQAIJCUSPARSE` (their patterns
        are copied to the host) and the coarsest level gets `PCMG`'s sparse LU

  Options Database Key:
. -pc_triamg_device_operators <bool> - the level format (default true)

  Level: advanced

  Note:
  A `MATCSRCUDA` level has the operations a multigrid cycle and trisplit's smoothers need; a level smoother that
  needs others (`MatSOR()`, `MatGetRow()`, as `-mg_levels_pc_type sor` or `ilu` do) needs `PETSC_FALSE`. It has no
  effect on the host or with several ranks.

.seealso: `PCTRIAMG`, `MATCSRCUDA`, `PCTriAMGGetDeviceOperators()`
@*/
PetscErrorCode PCTriAMGSetDeviceOperators(PC pc, PetscBool flg)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveBool(pc, flg, 2);
  PetscTryMethod(pc, "PCTriAMGSetDeviceOperators_C", (PC, PetscBool), (pc, flg));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGGetDeviceOperators - Gets whether `PCTRIAMG` keeps the levels of a hierarchy built on the GPU in `MATCSRCUDA`

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. flg - the value

  Level: advanced

.seealso: `PCTRIAMG`, `PCTriAMGSetDeviceOperators()`
@*/
PetscErrorCode PCTriAMGGetDeviceOperators(PC pc, PetscBool *flg)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(flg, 2);
  PetscUseMethod(pc, "PCTriAMGGetDeviceOperators_C", (PC, PetscBool *), (pc, flg));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGSetNodal - Sets whether `PCTRIAMG` aggregates whole nodes of a system with several unknowns per node

  Logically Collective

  Input Parameters:
+ pc  - the preconditioner context
- flg - `PETSC_TRUE` (default): with a block size bs > 1 of the matrix (`MatSetBlockSize()`, a `DMDA` with several
        fields), the aggregates hold whole nodes; `PETSC_FALSE`: the unknowns are aggregated one by one

  Options Database Key:
. -pc_triamg_nodal <bool> - nodal aggregates (default true)

  Level: intermediate

  Notes:
  The node matrix has the Frobenius norms of the bs x bs blocks; its linear forest orders the nodes along their
  strongest couplings, and the aggregates are segments of its paths (`PCTriAMGSetAggregateSize()`). Each node
  aggregate has one coarse unknown per field, so the coarse levels keep the block size. The prolongator is
  piecewise constant (not smoothed, whatever `PCTriAMGSetSmoothProlongator()` says): smoothed across the fields it
  diverged on PETSc's SNES ex19 (driven cavity, 4 fields), piecewise constant it converged on every Newton step
  where `PCGAMG` diverged (docs/guide.md, "triamg on block systems"). A matrix whose ranks do not hold whole nodes
  gets scalar aggregates. The smoothers work on the unknowns with scalar forests.

.seealso: `PCTRIAMG`, `PCTriAMGGetNodal()`, `PCTriAMGSetAggregateSize()`
@*/
PetscErrorCode PCTriAMGSetNodal(PC pc, PetscBool flg)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveBool(pc, flg, 2);
  PetscTryMethod(pc, "PCTriAMGSetNodal_C", (PC, PetscBool), (pc, flg));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGGetNodal - Gets whether `PCTRIAMG` aggregates whole nodes of a system with several unknowns per node

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. flg - the value

  Level: intermediate

.seealso: `PCTRIAMG`, `PCTriAMGSetNodal()`
@*/
PetscErrorCode PCTriAMGGetNodal(PC pc, PetscBool *flg)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(flg, 2);
  PetscUseMethod(pc, "PCTriAMGGetNodal_C", (PC, PetscBool *), (pc, flg));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGSetLeanCycle - Sets whether `PCTRIAMG` applies its V-cycle directly on the levels' smoothers, residuals and
  transfers instead of through `PCMG`'s smoother `KSP`s

  Logically Collective

  Input Parameters:
+ pc  - the preconditioner context
- flg - `PETSC_TRUE` (default): the lean V-cycle wherever the cycle is `PCMG`'s default one; `PETSC_FALSE`: always
        `PCMG`'s cycle

  Options Database Key:
. -pc_triamg_lean_cycle <bool> - the lean V-cycle (default true)

  Level: advanced

  Notes:
  With one Chebyshev sweep per smoothing and triamg's bounds (the default), a smoothing is x += s M^-1 (b - A x),
  s = 2 / (emax + emin). `PCMG` computes it inside a `KSPSolve()` per smoothing, with a product by the zero initial
  guess, copies and checks; the lean cycle applies the level's PC, `MatResidual()`, `MatRestrict()` and
  `MatInterpolateAdd()` directly, which on the GPU halves the launches of a cycle. The result is `PCMG`'s up to
  rounding. It is used only where every level smooths so: another `-pc_mg_type`, a W-cycle, several sweeps, another
  smoother `KSP` or its own Chebyshev bounds, a monitor of a level or -pc_mg_log give `PCMG`'s cycle. `PCView()` says
  which one runs. A `PC` that is set up chooses its cycle again at once; the hierarchy is kept.

.seealso: `PCTRIAMG`, `PCTriAMGGetLeanCycle()`, `PCTriAMGSetSmootherSweeps()`, `PCMG`
@*/
PetscErrorCode PCTriAMGSetLeanCycle(PC pc, PetscBool flg)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveBool(pc, flg, 2);
  PetscTryMethod(pc, "PCTriAMGSetLeanCycle_C", (PC, PetscBool), (pc, flg));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCTriAMGGetLeanCycle - Gets whether `PCTRIAMG` may apply its V-cycle directly on the levels (`PCTriAMGSetLeanCycle()`)

  Not Collective

  Input Parameter:
. pc - the preconditioner context

  Output Parameter:
. flg - the value

  Level: advanced

.seealso: `PCTRIAMG`, `PCTriAMGSetLeanCycle()`
@*/
PetscErrorCode PCTriAMGGetLeanCycle(PC pc, PetscBool *flg)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscAssertPointer_TriSplit(flg, 2);
  PetscUseMethod(pc, "PCTriAMGGetLeanCycle_C", (PC, PetscBool *), (pc, flg));
  PetscFunctionReturn(PETSC_SUCCESS);
}
