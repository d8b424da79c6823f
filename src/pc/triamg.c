/* SPDX-License-Identifier: BSD-2-Clause */
/*
   PCTRIAMG: algebraic multigrid from the linear forest. On every level the level's smoother (a trisplit
   PC, algtri by default) builds the linear forest of the level's local diagonal block; the aggregates
   are consecutive segments of s vertices along its paths (semi-coarsening along the strong couplings,
   never across ranks), the prolongator is piecewise constant on them (optionally smoothed by one damped
   Jacobi step) and the coarse operator is the Galerkin product P^T A P. The forest is computed once
   per level and serves the aggregation and the smoother.

   PCTRIAMG is a subclass of PCMG, as PCGAMG is: PCCreate_TriAMG() makes the PC a PCMG and installs its
   own setup, options, view, reset and destroy, which call PCMG's (saved at creation: they are not
   exported) around the hierarchy. So -pc_mg_*, -mg_levels_*, -mg_coarse_* and -ksp_view work as usual.
*/
#include <trisplit/private/triamgimpl.h>

static PetscErrorCode PCSetUp_TriAMG(PC pc)
{
  PetscFunctionBegin;
  PetscCall(TSPTriAMGSetUp(pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCSetFromOptions_TriAMG(PC pc, TriSplitOptionItems PetscOptionsObject)
{
  PetscFunctionBegin;
  PetscCall(TSPTriAMGSetFromOptions(pc, PetscOptionsObject));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* PCView_MG calls this after the levels */
static PetscErrorCode PCView_TriAMG(PC pc, PetscViewer viewer)
{
  TSPTriAMG             *amg = TSPTriAMGFromPC(pc);
  const TSPTriAMGParams *prm = &amg->params;
  PetscBool              iascii, smoothed = (PetscBool)(prm->smooth_p && prm->smooth_levels > 0);
  PetscLogDouble         nnz = 0, rows = 0;
  PetscMPIInt            size;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)viewer, PETSCVIEWERASCII, &iascii));
  if (!iascii) PetscFunctionReturn(PETSC_SUCCESS);
  if (smoothed && prm->smooth_levels < TSP_TRIAMG_MAXLEVELS) PetscCall(PetscViewerASCIIPrintf(viewer, "  TriAMG: aggregates of %" PetscInt_FMT " consecutive vertices along the paths of the linear forest, prolongator smoothed on the finest %" PetscInt_FMT " level(s)\n", prm->agg_size, prm->smooth_levels));
  else PetscCall(PetscViewerASCIIPrintf(viewer, "  TriAMG: aggregates of %" PetscInt_FMT " consecutive vertices along the paths of the linear forest, %s prolongator\n", prm->agg_size, smoothed ? "smoothed" : "piecewise constant"));
  if (smoothed) PetscCall(PetscViewerASCIIPrintf(viewer, "    smoothing threshold %g: weaker entries are lumped into the diagonal\n", (double)prm->smooth_threshold));
  if (prm->pair_share > 0) PetscCall(PetscViewerASCIIPrintf(viewer, "    aggregates paired across the paths on levels whose couplings lie less than %g inside them\n", (double)prm->pair_share));
  PetscCall(PetscViewerASCIIPrintf(viewer, "    smoother %s on the finest level, %s below, %" PetscInt_FMT " sweep%s; coarse size %" PetscInt_FMT ", at most %" PetscInt_FMT " levels; reuse interpolation %s\n", prm->smoother, prm->csmoother, prm->sweeps, prm->sweeps == 1 ? "" : "s", prm->coarse_size, prm->max_levels, PetscBools[prm->reuse]));
  PetscCallMPI(MPI_Comm_size(PetscObjectComm((PetscObject)pc), &size));
  if (size > 1) {
    if (amg->gathered > 0) PetscCall(PetscViewerASCIIPrintf(viewer, "    levels %" PetscInt_FMT " and below gathered onto rank 0 (gather size %" PetscInt_FMT ")\n", amg->gathered, prm->gather_size));
    else if (prm->gather_size > 0) PetscCall(PetscViewerASCIIPrintf(viewer, "    no level gathered onto one rank (gather size %" PetscInt_FMT ")\n", prm->gather_size));
  }
  if (amg->bs > 1) PetscCall(PetscViewerASCIIPrintf(viewer, "    nodal aggregates of %" PetscInt_FMT " unknowns per node (the matrix's block size), one coarse unknown per field, prolongators not smoothed\n", amg->bs));
  if (!amg->nlevels) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscViewerASCIIPrintf(viewer, "    level        rows     nonzeros  rows/aggregate  omega\n"));
  for (PetscInt l = 0; l < amg->nlevels; l++) {
    rows += amg->rows[l];
    nnz += amg->nnz[l];
    if (l + 1 < amg->nlevels) PetscCall(PetscViewerASCIIPrintf(viewer, "    %5" PetscInt_FMT " %11" PetscInt_FMT " %12.0f  %14.2f  %5.3f\n", l, amg->rows[l], (double)amg->nnz[l], (double)amg->rows[l] / (double)amg->rows[l + 1], (double)amg->omega[l]));
    else PetscCall(PetscViewerASCIIPrintf(viewer, "    %5" PetscInt_FMT " %11" PetscInt_FMT " %12.0f  (coarsest)\n", l, amg->rows[l], (double)amg->nnz[l]));
  }
  PetscCall(PetscViewerASCIIPrintf(viewer, "    operator complexity %.3f, grid complexity %.3f\n", (double)(nnz / amg->nnz[0]), (double)(rows / amg->rows[0])));
  if (amg->nlevels > 1) PetscCall(PetscViewerASCIIPrintf(viewer, "    %s\n", amg->lean ? "lean V-cycle: the levels' smoothers, residuals and transfers applied directly" : "PCMG's cycle"));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCReset_TriAMG(PC pc)
{
  TSPTriAMG *amg = TSPTriAMGFromPC(pc);

  PetscFunctionBegin;
  PetscCall(TSPTriAMGResetHierarchy(pc));
  PetscCall((*amg->mg_reset)(pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCDestroy_TriAMG(PC pc)
{
  TSPTriAMG *amg = TSPTriAMGFromPC(pc);
  PetscErrorCode (*mg_destroy)(PC) = amg->mg_destroy;

  PetscFunctionBegin;
  PetscCall(TSPTriAMGResetHierarchy(pc));
  PetscCall(TSPTriAMGComposeSetters(pc, PETSC_FALSE));
  PetscCall(PetscFree(((PC_MG *)pc->data)->innerctx));
  PetscCall((*mg_destroy)(pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*MC
  PCTRIAMG - "triamg": algebraic multigrid whose aggregates follow the linear forest of trisplit and whose smoothers
  are trisplit's tridiagonal preconditioners

  Options Database Keys:
+ -pc_triamg_aggregate_size <4>            - vertices per aggregate along a path of the forest
. -pc_triamg_pair_share <0>                - pair the aggregates across the paths on levels whose couplings lie less than this share inside them (`PCTriAMGSetPairShare()`)
. -pc_triamg_coarse_size <1000>            - coarsen until at most this many global rows
. -pc_triamg_gather_size <0>               - across ranks, gather the first level of fewer global rows, and those below it, onto rank 0 (0: never)
. -pc_triamg_max_levels <30>               - the most levels
. -pc_triamg_smooth_prolongator <true>     - P = (I - omega D^-1 A) P0
. -pc_triamg_smooth_levels <all>           - ... on this many of the finest levels only
. -pc_triamg_smooth_threshold <0.25>       - ... with A's weak entries lumped into the diagonal
. -pc_triamg_smoother_type <algtri>        - the finest level smoother's PC
. -pc_triamg_coarser_smoother_type <algtri> - the PC of the smoothers below the finest level
. -pc_triamg_smoother_sweeps <1>           - smoother iterations (Chebyshev by default) per smoothing
. -pc_triamg_reuse_interpolation <true>    - keep aggregates and prolongators across `SAME_NONZERO_PATTERN` updates
. -pc_triamg_device_operators <true>       - on the GPU, levels in `MATCSRCUDA` and a dense LU on the coarsest
. -pc_triamg_lean_cycle <true>             - PCMG's default V-cycle applied directly on the levels
- -pc_triamg_nodal <true>                  - with a block size > 1, aggregates of whole nodes

  Level: intermediate

  Notes:
  On every level the smoother's PC (`PCALGTRI` by default) computes the linear forest of the level's local diagonal
  block, which orders the unknowns along paths of strong couplings. The aggregates are consecutive segments of
  those paths (`PCTriAMGSetAggregateSize()`), so the coarsening follows the strong direction of anisotropic problems
  and never crosses a rank boundary. The prolongator is piecewise constant on the aggregates, by default smoothed
  by one damped Jacobi step with A's weak entries lumped into the diagonal (`PCTriAMGSetSmoothThreshold()`), and
  the coarse operators are the Galerkin products P^T A P. On one rank both are trisplit kernels (the same result on
  the host and on the device, bit for bit). Across ranks each rank computes its rows of both with the same kernels,
  and the smoothing puts a row's couplings to another rank into the columns of that rank's aggregates. Smoothing
  stops at the first level whose coarse operator has more nonzeros than the level above.
  Rows without a diagonal entry (the constraints of a saddle point system) never make an aggregate of their own: they
  join the aggregate of their strongest neighbour, so every coarse row has a diagonal. A level whose smoother
  repaired a zero pivot smooths by Richardson instead of Chebyshev (-info says which levels).
  With a block size bs > 1 (`MatSetBlockSize()`, a `DMDA` of several fields) the aggregates hold whole nodes
  (`PCTriAMGSetNodal()`): the forest of the matrix of the blocks' norms gives the nodes' aggregates, each of which
  has one coarse unknown per field, and the prolongator is not smoothed (smoothing across the fields diverged on
  PETSc's SNES ex19). The smoothers work on the unknowns, with scalar forests.
  On the device (`MATAIJCUSPARSE`) the whole hierarchy is built on the GPU and stays there (`MATCSRCUDA`, across
  ranks `MATMPICSRCUDA`); only a rank boundary's rows and the aggregate ids (one integer per row) are copied to
  the host.

  Each Chebyshev smoother gets its bounds (0.1 rho, 1.1 rho, PETSc's default transform) from 10 steps of the power
  method on M^-1 A of its level (the last ratios extrapolated), whose steps do not wait on the device as the GMRES
  estimate of `KSPCHEBYSHEV` does;
  -mg_levels_ksp_chebyshev_eigenvalues or -mg_levels_ksp_chebyshev_esteig give the levels PETSc's bounds instead.
  As with `PCGAMG`'s estimates, every setup sets the bounds anew: bounds given to a level's `KSP` in code
  (`KSPChebyshevSetEigenvalues()`) do not survive the next setup, and the lean cycle keeps triamg's; give them as
  options.
  With the default smoothing (one Chebyshev sweep) the V-cycle is applied directly on the levels' smoothers,
  residuals and transfers (`PCTriAMGSetLeanCycle()`): PCMG's result with fewer operations. Any other cycle or
  smoother configuration runs PCMG's cycle; `PCView()` says which one runs.

  `PCTRIAMG` is a `PCMG`: the cycle (-pc_mg_cycle_type), the smoothers (-mg_levels_ksp_type, -mg_levels_pc_type,
  -mg_levels_pc_algtri_*), the coarse solve (-mg_coarse_ksp_type, -mg_coarse_pc_type) and -ksp_view work as for
  `PCMG`; the number of levels is chosen by the PC (-pc_mg_levels is refused). The smoothers' forest options are read
  with the prefix -mg_levels_ before the levels are numbered, so options for one level (-mg_levels_2_...) do not
  reach the forest. `PCView()` prints the hierarchy: rows and nonzeros per level, the mean aggregate size, the
  operator and grid complexities.

.seealso: `PCMG`, `PCGAMG`, `PCALGTRI`, `PCTriAMGSetLeanCycle()`, `PCTriAMGSetAggregateSize()`, `PCTriAMGSetSmootherType()`, `PCTriAMGSetSmoothProlongator()`, `PCTriAMGSetSmoothThreshold()`
M*/
PETSC_INTERN PetscErrorCode PCCreate_TriAMG(PC pc)
{
  PC_MG     *mg;
  TSPTriAMG *amg;

  PetscFunctionBegin;
  PetscCall(PCSetType(pc, PCMG));
  PetscCall(PetscObjectChangeTypeName((PetscObject)pc, PCTRIAMG));
  PetscCall(PetscNew(&amg));
  mg           = (PC_MG *)pc->data;
  mg->innerctx = amg;
  PetscCall(TSPTriAMGSetDefaults(&amg->params));
  PetscCall(PCMGSetGalerkin(pc, PC_MG_GALERKIN_EXTERNAL));

  /* PCMG's operations, called around the hierarchy */
  amg->mg_setup           = pc->ops->setup;
  amg->mg_apply           = pc->ops->apply;
  amg->mg_reset           = pc->ops->reset;
  amg->mg_destroy         = pc->ops->destroy;
  amg->mg_setfromoptions  = pc->ops->setfromoptions;
  pc->ops->setup          = PCSetUp_TriAMG;
  pc->ops->reset          = PCReset_TriAMG;
  pc->ops->destroy        = PCDestroy_TriAMG;
  pc->ops->setfromoptions = PCSetFromOptions_TriAMG;
  mg->view                = PCView_TriAMG;
  PetscCall(TSPTriAMGComposeSetters(pc, PETSC_TRUE));
  PetscFunctionReturn(PETSC_SUCCESS);
}
