/* SPDX-License-Identifier: BSD-2-Clause */
/*
   PCTRIAMG's driver: the one place that builds and refreshes the hierarchy and hands it to PCMG. Level by level it
   sets up the level's smoother PC, whose forest gives the aggregates, estimates rho(D^-1 A) for the damping, calls
   the backend's leaf operations for the aggregates, P and the Galerkin product C = P^T A P (across ranks through
   distribute.c, the same leaves on each rank's rows), and stops at the coarse size. The backend is chosen once per
   setup from the fine matrix's local block; the leaves never call back.
*/
#include <trisplit/private/triamgimpl.h>
#include <petsc/private/kspimpl.h> /* the finest smoother's solution vector */

/* The hierarchy and what hangs on it, PCApply() back to PCMG's (the lean cycle needs a hierarchy) */
PetscErrorCode TSPTriAMGResetHierarchy(PC pc)
{
  TSPTriAMG *amg = TSPTriAMGFromPC(pc);

  PetscFunctionBegin;
  for (PetscInt l = 0; l < TSP_TRIAMG_MAXLEVELS; l++) {
    PetscCall(MatDestroy(&amg->A[l]));
    PetscCall(MatDestroy(&amg->P[l]));
    PetscCall(PCDestroy(&amg->spc[l]));
    PetscCall(VecDestroy(&amg->work[l]));
    amg->scale[l] = 0;
  }
  PetscCall(MatDestroy(&amg->coarse));
  PetscCall(MatDestroy(&amg->Pdist));
  PetscCall(MatDestroy(&amg->Cdist));
  amg->gathered  = 0;
  amg->nlevels   = 0;
  amg->lean      = PETSC_FALSE;
  pc->ops->apply = amg->mg_apply;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The backend of the fine matrix's local block, decided once per setup as the chain decides its own */
static PetscErrorCode TSPTriAMGSelectBackend(PC pc, TSPTriAMG *amg)
{
  Mat       Ad;
  PetscBool device, aij;

  PetscFunctionBegin;
  PetscCall(MatGetDiagonalBlock(pc->pmat, &Ad));
  PetscCall(PetscObjectBaseTypeCompare((PetscObject)Ad, MATSEQAIJ, &aij));
  PetscCheck(aij, PetscObjectComm((PetscObject)pc), PETSC_ERR_SUP, "PCTRIAMG needs an AIJ matrix (MATAIJ, MATAIJCUSPARSE), got a local block of type %s", ((PetscObject)Ad)->type_name);
  PetscCall(TriSplitIsDeviceMat(Ad, &device));
  PetscCall(PetscMemzero(&amg->ops, sizeof(amg->ops)));
  if (device) PetscCall(TSPTriAMGSetBackend_CUDA(&amg->ops));
  else PetscCall(TSPTriAMGSetBackend_Host(&amg->ops));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* rho(D^-1 A) by 15 steps of the power method: |x_15| / |x_14| with x_{k+1} = D^-1 A x_k, by the backend's kernel on
   the CSR arrays from its hashed start vector (the same on the host, the device and every run). The steps are not
   normalized, so the only reductions, the two norms, come at the end: on the device the steps are launches without
   a wait, where GMRES (PCGAMG's estimate) waits on every orthogonalization (docs/performance.md, "triamg"). A growth
   of rho^15 stays finite for any rho below 1e20; beyond, the estimate is not finite and the prolongator takes the
   Gershgorin bound. A row without a diagonal entry takes no part (its row of P is P0's).
   Across ranks each rank estimates its diagonal block and the largest estimate is taken: a principal submatrix of
   D^-1 A, whose radius is at most the whole operator's (for symmetric A by Cauchy's interlacing) and close to it
   for blocks of many rows, in one reduction instead of 15 products that each exchange ghost values (through the host
   where MPI is not CUDA-aware: docs/design.md, "triamg's levels"). The smoothers' estimate (cycle.c) cannot do the
   same: its top eigenvalues come from the rank boundary. */
#define TSP_TRIAMG_POWER_STEPS 15

/* The estimate to 20 significant bits, rounded up. The device sums the power method's norms in another order than the
   host (equal to rounding: tests/kernels/triamg_test), and a last-bit difference of rho moves the last bits of
   omega, of P and of the coarse operator, which can turn a near tie of the next level's forest the other way: then
   the device's aggregates are not the host's. Rounded, the backends' estimates agree unless they straddle a step of
   2^-20 rho, and a power method's estimate is not good to 20 bits anyway. */
static PetscReal TSPTriAMGRoundEstimate(PetscReal rho)
{
  int    e = 0;
  double m;

  if (!(rho > 0) || PetscIsInfOrNanReal(rho)) return rho;
  m = frexp((double)rho, &e); /* rho = m 2^e, m in [1/2, 1) */
  return (PetscReal)ldexp(ceil(ldexp(m, 20)), e - 20);
}

static PetscErrorCode TSPTriAMGSpectralRadius(TSPTriAMG *amg, Mat A, PetscReal *rho)
{
  Mat         Ad;
  PetscReal   local;
  PetscMPIInt size;

  PetscFunctionBegin;
  PetscCallMPI(MPI_Comm_size(PetscObjectComm((PetscObject)A), &size));
  PetscCall(MatGetDiagonalBlock(A, &Ad));
  PetscCall((*amg->ops.estimate)(Ad, TSP_TRIAMG_POWER_STEPS, &local));
  local = TSPTriAMGRoundEstimate(local);
  if (size == 1) *rho = local;
  else PetscCallMPI(MPIU_Allreduce(&local, rho, 1, MPIU_REAL, MPIU_MAX, PetscObjectComm((PetscObject)A)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The global number of this rank's first aggregate (aggregates never cross ranks) */
static PetscErrorCode TSPTriAMGFirstAggregate(Mat A, PetscInt nagg, PetscInt *cstart)
{
  MPI_Comm    comm;
  PetscMPIInt rank;

  PetscFunctionBegin;
  PetscCall(PetscObjectGetComm((PetscObject)A, &comm));
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  *cstart = 0;
  PetscCallMPI(MPI_Exscan(&nagg, cstart, 1, MPIU_INT, MPI_SUM, comm));
  if (!rank) *cstart = 0; /* MPI_Exscan leaves rank 0's result undefined */
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A device-only level matrix (MATCSRCUDA, MATMPICSRCUDA) as PETSc's MATAIJCUSPARSE, where
   -pc_triamg_device_operators false asks for it (a smoother that needs MatSOR(), MatGetRow(), ...) or always
   (PETSc's redundant LU of the coarsest level across ranks) */
static PetscErrorCode TSPTriAMGToPETSc(Mat *M)
{
  PetscBool own, mpi;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)*M, MATCSRCUDA, &own));
  PetscCall(PetscObjectTypeCompare((PetscObject)*M, MATMPICSRCUDA, &mpi));
  if (own) PetscCall(MatConvert(*M, MATSEQAIJCUSPARSE, MAT_INPLACE_MATRIX, M));
  if (mpi) PetscCall(MatConvert(*M, MATMPIAIJCUSPARSE, MAT_INPLACE_MATRIX, M));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGLevelMatType(TSPTriAMG *amg, Mat *M)
{
  PetscFunctionBegin;
  if (!amg->params.device_operators) PetscCall(TSPTriAMGToPETSc(M));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* C = P^T A P: the backend's sort-and-reduce product, on one rank of the level itself, across ranks of each rank's
   rows (distribute.c) */
static PetscErrorCode TSPTriAMGGalerkin(TSPTriAMG *amg, Mat A, Mat P, MatReuse reuse, Mat *C)
{
  PetscMPIInt size;

  PetscFunctionBegin;
  PetscCallMPI(MPI_Comm_size(PetscObjectComm((PetscObject)A), &size));
  if (size == 1) PetscCall((*amg->ops.galerkin)(A, P, reuse, C));
  else PetscCall(TSPTriAMGDistributedGalerkin(A, P, reuse, C));
  if (reuse == MAT_INITIAL_MATRIX) PetscCall(TSPTriAMGLevelMatType(amg, C));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Level g (its Galerkin product just built across ranks) and every level below it on rank 0: the distributed P[g-1]
   and A[g] are kept for refreshes, the level's matrices become their gathered copies (distribute.c) */
static PetscErrorCode TSPTriAMGGatherLevel(PC pc, TSPTriAMG *amg, PetscInt g)
{
  PetscInt N;

  PetscFunctionBegin;
  amg->Pdist      = amg->P[g - 1];
  amg->Cdist      = amg->A[g];
  amg->P[g - 1]   = NULL;
  amg->A[g]       = NULL;
  PetscCall(TSPTriAMGGather(&amg->ops, amg->Cdist, amg->Pdist, MAT_INITIAL_MATRIX, &amg->A[g], &amg->P[g - 1]));
  PetscCall(TSPTriAMGLevelMatType(amg, &amg->A[g]));
  amg->gathered = g;
  PetscCall(MatGetSize(amg->A[g], &N, NULL));
  PetscCall(PetscInfo(pc, "level %" PetscInt_FMT " (%" PetscInt_FMT " rows, below the gather size %" PetscInt_FMT ") and those below gathered onto rank 0\n", g, N, amg->params.gather_size));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The smoother's PC of level l on A (set up: its forest built); prefix <pc>mg_levels_ */
static PetscErrorCode TSPTriAMGLevelPC(PC pc, Mat A, const char type[], PetscBool options, PC *spc)
{
  const char *prefix;

  PetscFunctionBegin;
  PetscCall(PCCreate(PetscObjectComm((PetscObject)A), spc));
  PetscCall(PCGetOptionsPrefix(pc, &prefix));
  PetscCall(PCSetOptionsPrefix(*spc, prefix));
  PetscCall(PCAppendOptionsPrefix(*spc, "mg_levels_"));
  PetscCall(PCSetType(*spc, type));
  if (options) PetscCall(PCSetFromOptions(*spc));
  PetscCall(PCSetOperators(*spc, A, A));
  PetscCall(PCSetUp(*spc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Whether a set-up PC holds a scalar forest of its local block (a trisplit PC's composed TSPChainGetPaths_C) */
static PetscErrorCode TSPTriAMGHasForest(PC spc, PetscBool *has)
{
  TSPChainGetPathsFn paths = NULL;
  PetscMemType       mtype;
  PetscInt           n;
  const PetscInt    *perm, *path_id;

  PetscFunctionBegin;
  PetscCall(PetscObjectQueryFunction((PetscObject)spc, "TSPChainGetPaths_C", &paths));
  *has = (PetscBool)(paths != NULL);
  if (!*has) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall((*paths)(spc, &mtype, &n, &perm, &path_id));
  *has = (PetscBool)(!n || (perm && path_id));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Nodal aggregates of a level with amg->bs unknowns per node: the aggregates of the node matrix's forest (the norms
   of the blocks: docs/algorithms.md 8.6, "Block systems"), each node aggregate giving one aggregate per field,
   so the piecewise constant prolongator keeps the fields apart as GAMG's nodal aggregation does */
static PetscErrorCode TSPTriAMGNodalAggregates(PC pc, TSPTriAMG *amg, Mat Ad, PetscInt **agg, PetscInt *nagg)
{
  Mat       N;
  PC        npc;
  PetscInt  n, *aggn, naggn;

  PetscFunctionBegin;
  PetscCall(MatGetLocalSize(Ad, &n, NULL));
  PetscCall((*amg->ops.collapse)(Ad, amg->bs, &N));
  PetscCall(TSPTriAMGLevelPC(pc, N, PCALGTRI, PETSC_FALSE, &npc));
  PetscCall((*amg->ops.aggregate)(N, npc, amg->params.agg_size, &aggn, &naggn));
  PetscCall(PCDestroy(&npc));
  PetscCall(MatDestroy(&N));
  PetscCall((*amg->ops.expand)(n, amg->bs, aggn, agg));
  PetscCall((*amg->ops.aggfree)(&aggn));
  *nagg = naggn * amg->bs;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Pairs of line aggregates (docs/algorithms.md 8.6). Segments of one path are aggregates along the strong direction
   the forest follows; where the couplings are nearly isotropic (a 5-point Laplacian, 3D) a segment's strongest
   neighbours lie on the neighbouring paths, and its coarse operators fill up level after level. On a level whose
   scaled couplings lie less than pair_share inside the forest's paths, the aggregates are matched pairwise across
   the paths: the [0,1]-factor of their graph W = P0^T B P0 (B: A's couplings across the paths, P0 the aggregates'
   indicator), the pairs renumbered as one aggregate each. Both backends, the host's the oracle. */
static PetscErrorCode TSPTriAMGPairAggregates(PC pc, TSPTriAMG *amg, PetscInt l, Mat Ad, PC fpc, PetscInt *agg, PetscInt *nagg, PetscBool *paired)
{
  Mat       B, P0 = NULL, W = NULL;
  PetscReal share, omega;
  PetscInt  n, before = *nagg;

  PetscFunctionBegin;
  PetscCall(MatGetLocalSize(Ad, &n, NULL));
  PetscCall(PetscLogEventBegin(TriSplit_AMGAggregate, pc, 0, 0, 0));
  PetscCall((*amg->ops.pairweights)(Ad, fpc, &B, &share));
  if (share < amg->params.pair_share && *nagg > 1) {
    PetscCall((*amg->ops.prolongator)(B, agg, *nagg, PETSC_FALSE, 0, 0, &P0, &omega));
    PetscCall((*amg->ops.galerkin)(B, P0, MAT_INITIAL_MATRIX, &W));
    PetscCall((*amg->ops.pairmatch)(W, n, agg, nagg));
  }
  *paired = (PetscBool)(*nagg < before);
  PetscCall(MatDestroy(&W));
  PetscCall(MatDestroy(&P0));
  PetscCall(MatDestroy(&B));
  PetscCall(PetscLogEventEnd(TriSplit_AMGAggregate, pc, 0, 0, 0));
  PetscCall(PetscInfo(pc, "level %" PetscInt_FMT ": %.4f of the couplings within the paths, %" PetscInt_FMT " aggregates, %" PetscInt_FMT " after the pairs\n", l, (double)share, before, *nagg));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The hierarchy from pc->pmat: forest, aggregates, P, Galerkin, until the coarse size */
static PetscErrorCode TSPTriAMGBuild(PC pc, TSPTriAMG *amg)
{
  const TSPTriAMGParams *prm = &amg->params;
  MPI_Comm               comm;
  PetscInt               l;
  PetscMPIInt            size;
  PetscBool              smoothing = prm->smooth_p, paired = PETSC_FALSE;

  PetscFunctionBegin;
  PetscCall(PetscObjectGetComm((PetscObject)pc, &comm));
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCall(PetscObjectReference((PetscObject)pc->pmat));
  amg->A[0] = pc->pmat;
  amg->bs   = 1;
  if (prm->nodal) { /* whole nodes of the matrix's block size, where every rank holds whole nodes */
    PetscInt  bs, n;
    PetscBool whole;

    PetscCall(MatGetBlockSize(pc->pmat, &bs));
    PetscCall(MatGetLocalSize(pc->pmat, &n, NULL));
    whole = (PetscBool)(bs > 1 && n % bs == 0);
    PetscCallMPI(MPIU_Allreduce(MPI_IN_PLACE, &whole, 1, TriSplitMPIBool, MPI_LAND, comm));
    if (whole) amg->bs = bs;
    if (bs > 1) PetscCall(PetscInfo(pc, "block size %" PetscInt_FMT ": %s\n", bs, whole ? "nodal aggregates, prolongators not smoothed" : "a rank holds part of a node, scalar aggregates"));
  }
  for (l = 0;; l++) {
    Mat       A = amg->A[l], Ad, Pl;
    MatInfo   info;
    PetscInt  N, n, nagg, Nagg, cstart, rstart, *agg = NULL;
    PC        fpc = NULL;
    PetscBool has = PETSC_FALSE, smooth;
    PetscReal rho = 0;

    PetscCall(MatGetSize(A, &N, NULL));
    PetscCall(MatGetLocalSize(A, &n, NULL));
    PetscCall(MatGetOwnershipRange(A, &rstart, NULL));
    PetscCall(MatGetInfo(A, MAT_GLOBAL_SUM, &info));
    amg->rows[l]   = N;
    amg->nnz[l]    = info.nz_used;
    amg->omega[l]  = 0;
    amg->aggsum[l] = 0;
    if (N <= prm->coarse_size || l == prm->max_levels - 1 || l == TSP_TRIAMG_MAXLEVELS - 1) break;
    /* the smoother of this level, whose forest gives the aggregates (or an algtri PC for the forest only; with
       nodal aggregates, the forest of the node matrix) */
    PetscCall(TSPTriAMGLevelPC(pc, A, l ? prm->csmoother : prm->smoother, PETSC_TRUE, &amg->spc[l]));
    if (amg->bs == 1) {
      PetscCall(TSPTriAMGHasForest(amg->spc[l], &has));
      if (has) fpc = amg->spc[l];
      else PetscCall(TSPTriAMGLevelPC(pc, A, PCALGTRI, PETSC_FALSE, &fpc));
    }
    /* the aggregates of the local block from the forest, then the prolongator: of the level on one rank, of each
       rank's rows and the rank boundary across ranks (distribute.c) */
    PetscCall(PetscLogEventBegin(TriSplit_AMGProlongator, pc, 0, 0, 0));
    PetscCall(MatGetDiagonalBlock(A, &Ad));
    /* smoothing stops at the first level whose Galerkin product grew: aggregates that are lines of a 3D grid make
       the smoothed coarse operators denser level by level (docs/algorithms.md, "triamg") */
    if (l > 0 && amg->nnz[l] > amg->nnz[l - 1]) smoothing = PETSC_FALSE;
    /* below paired aggregates (about 8 rows each) a product that did not halve has rows several times denser than
       its fine level's: a 3D grid's (LAP3D 48³: 7 entries a row, then 42); smoothing there cost a 3D setup five
       times its time on the GPU, where a 2D grid's products shrink to 0.4 and stay smoothed
       (bench/results/triamg-device, pairs.log) */
    if (l > 0 && paired && amg->nnz[l] > 0.5 * amg->nnz[l - 1]) smoothing = PETSC_FALSE;
    smooth = (PetscBool)(smoothing && l < prm->smooth_levels && amg->bs == 1);
    if (smooth) {
      PetscCall(PetscLogEventBegin(TriSplit_AMGEstimate, pc, 0, 0, 0));
      PetscCall(TSPTriAMGSpectralRadius(amg, A, &rho));
      PetscCall(PetscLogEventEnd(TriSplit_AMGEstimate, pc, 0, 0, 0));
    }
    if (PetscIsInfOrNanReal(rho) || rho < 0) rho = 0;
    if (amg->bs > 1) PetscCall(TSPTriAMGNodalAggregates(pc, amg, Ad, &agg, &nagg));
    else {
      PetscCall((*amg->ops.aggregate)(Ad, fpc, prm->agg_size, &agg, &nagg));
      paired = PETSC_FALSE;
      if (prm->pair_share > 0) PetscCall(TSPTriAMGPairAggregates(pc, amg, l, Ad, fpc, agg, &nagg, &paired));
    }
    if (fpc != amg->spc[l]) PetscCall(PCDestroy(&fpc));
    PetscCallMPI(MPIU_Allreduce(&nagg, &Nagg, 1, MPIU_INT, MPI_SUM, comm));
    if (!Nagg || (PetscReal)Nagg > 0.9 * (PetscReal)N) { /* coarsening stalled: this level is the coarsest */
      PetscCall(PetscInfo(pc, "level %" PetscInt_FMT ": %" PetscInt_FMT " aggregates of %" PetscInt_FMT " rows, coarsening stops\n", l, Nagg, N));
      PetscCall((*amg->ops.aggfree)(&agg));
      PetscCall(PCDestroy(&amg->spc[l]));
      PetscCall(PetscLogEventEnd(TriSplit_AMGProlongator, pc, 0, 0, 0));
      break;
    }
    PetscCall(TSPTriAMGFirstAggregate(A, nagg, &cstart));
    { /* the checksum of the aggregates, summed over the ranks */
      PetscInt64 sum;

      PetscCall((*amg->ops.checksum)(n, agg, rstart, cstart, &sum));
      PetscCallMPI(MPIU_Allreduce(&sum, &amg->aggsum[l], 1, MPIU_INT64, MPI_SUM, comm));
    }
    if (size == 1) {
      PetscCall((*amg->ops.prolongator)(Ad, agg, nagg, smooth, rho, prm->smooth_threshold, &Pl, &amg->omega[l]));
      PetscCall(TSPTriAMGLevelMatType(amg, &Pl));
      amg->P[l] = Pl;
    } else PetscCall(TSPTriAMGDistributedProlongator(amg, A, agg, nagg, cstart, smooth, rho, prm->smooth_threshold, &amg->P[l], &amg->omega[l]));
    PetscCall((*amg->ops.aggfree)(&agg));
    PetscCall(PetscLogEventEnd(TriSplit_AMGProlongator, pc, 0, 0, 0));
    PetscCall(PetscLogEventBegin(TriSplit_AMGGalerkin, pc, 0, 0, 0));
    PetscCall(TSPTriAMGGalerkin(amg, A, amg->P[l], MAT_INITIAL_MATRIX, &amg->A[l + 1]));
    if (size > 1 && !amg->gathered) {
      PetscInt Nc;

      PetscCall(MatGetSize(amg->A[l + 1], &Nc, NULL));
      if (Nc < prm->gather_size) PetscCall(TSPTriAMGGatherLevel(pc, amg, l + 1));
    }
    PetscCall(PetscLogEventEnd(TriSplit_AMGGalerkin, pc, 0, 0, 0));
    PetscCall(PetscInfo(pc, "level %" PetscInt_FMT ": %" PetscInt_FMT " rows, %" PetscInt_FMT " aggregates (omega %g)\n", l, N, Nagg, (double)amg->omega[l]));
  }
  amg->nlevels = l + 1;
  amg->builds++;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* New values, same pattern: P kept, the Galerkin products recomputed on their symbolic phase */
static PetscErrorCode TSPTriAMGRefresh(PC pc, TSPTriAMG *amg)
{
  PetscFunctionBegin;
  if (amg->A[0] != pc->pmat) {
    PetscCall(PetscObjectReference((PetscObject)pc->pmat));
    PetscCall(MatDestroy(&amg->A[0]));
    amg->A[0] = pc->pmat;
    /* its product belongs to the old operator (a gathered level 1 keeps its matrix: the new values are copied in) */
    if (amg->gathered == 1) PetscCall(MatDestroy(&amg->Cdist));
    else if (amg->nlevels > 1) PetscCall(MatDestroy(&amg->A[1]));
  }
  PetscCall(PetscLogEventBegin(TriSplit_AMGGalerkin, pc, 0, 0, 0));
  for (PetscInt l = 0; l + 1 < amg->nlevels; l++) {
    if (l + 1 == amg->gathered) { /* the distributed product, then its values on rank 0 */
      PetscCall(TSPTriAMGGalerkin(amg, amg->A[l], amg->Pdist, amg->Cdist ? MAT_REUSE_MATRIX : MAT_INITIAL_MATRIX, &amg->Cdist));
      PetscCall(TSPTriAMGGather(&amg->ops, amg->Cdist, NULL, MAT_REUSE_MATRIX, &amg->A[l + 1], NULL));
    } else PetscCall(TSPTriAMGGalerkin(amg, amg->A[l], amg->P[l], amg->A[l + 1] ? MAT_REUSE_MATRIX : MAT_INITIAL_MATRIX, &amg->A[l + 1]));
  }
  PetscCall(PetscLogEventEnd(TriSplit_AMGGalerkin, pc, 0, 0, 0));
  for (PetscInt l = 1; l < amg->nlevels; l++) {
    MatInfo info;

    PetscCall(MatGetInfo(amg->A[l], MAT_GLOBAL_SUM, &info));
    amg->nnz[l] = info.nz_used;
  }
  amg->refreshes++;
  PetscCall(PetscInfo(pc, "same nonzero pattern: aggregates and prolongators kept, %" PetscInt_FMT " Galerkin products refreshed\n", amg->nlevels - 1));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Whether an AIJ matrix lacks a diagonal entry in its pattern: *row the first such global row of this rank's
   diagonal block (-1: none there), *missing over all ranks */
static PetscErrorCode TSPTriAMGMissingDiagonal(Mat A, PetscBool *missing, PetscInt *row)
{
  Mat                Ad;
  PetscInt           n, rstart;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  PetscBool          here;

  PetscFunctionBegin;
  *row = -1;
  PetscCall(MatGetDiagonalBlock(A, &Ad));
  PetscCall(MatGetOwnershipRange(A, &rstart, NULL));
  PetscCall(TriSplitGetCSR(Ad, &n, &ia, &ja, &va));
  for (PetscInt i = 0; i < n && *row < 0; i++) {
    PetscBool has = PETSC_FALSE;

    for (PetscInt k = ia[i]; k < ia[i + 1] && !has; k++) has = (PetscBool)(ja[k] == i);
    if (!has) *row = rstart + i;
  }
  PetscCall(TriSplitRestoreCSR(Ad, &n, &ia, &ja, &va));
  here = (PetscBool)(*row >= 0);
  PetscCallMPI(MPIU_Allreduce(&here, missing, 1, TriSplitMPIBool, MPI_LOR, PetscObjectComm((PetscObject)A)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The coarsest level's solve: the backend's (on the device: the inverse of the level, on every rank across ranks),
   or else PCMG's LU (one rank) or PCREDUNDANT's (several), with a zero pivot shifted (MAT_SHIFT_NONZERO, as the smoothers
   repair theirs) and, where the level's matrix lacks a diagonal entry (an empty row: PETSc's LU refuses such a
   matrix), an explicit zero added in a copy. With one level the coarsest level is the user's matrix. */
static PetscErrorCode TSPTriAMGCoarseSolve(PC pc, TSPTriAMG *amg, MatReuse reuse)
{
  PetscMPIInt size;
  KSP         ksp;
  PC          cpc;
  Mat         A = amg->A[amg->nlevels - 1];
  PetscInt    row;
  PetscBool   missing;

  PetscFunctionBegin;
  if (amg->nlevels < 1) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCallMPI(MPI_Comm_size(PetscObjectComm((PetscObject)pc), &size));
  PetscCall(PCMGGetSmoother(pc, 0, &ksp));
  PetscCall((*amg->ops.coarse)(ksp, A, reuse, &amg->coarse));
  if (amg->coarse) PetscFunctionReturn(PETSC_SUCCESS);
  if (size == 1) {
    /* in place (PCMG's operator), where the backend gave no inverse of its own (a device level too large for a dense
       one) */
    if (amg->nlevels > 1) PetscCall(TSPTriAMGToPETSc(&amg->A[amg->nlevels - 1]));
  } else {
    PetscBool host;

    /* across ranks PETSc's redundant LU: of a host copy where the level is on the devices (the level is small, its
       LU and solves on the host cost less than cuSPARSE's triangular solve setup, and PETSc 3.25's redundant LU of
       a device matrix with an empty rank does not converge) */
    PetscCall(PetscObjectTypeCompare((PetscObject)A, MATMPIAIJ, &host));
    PetscCall(MatDestroy(&amg->coarse)); /* anew at a refresh too: a copy with explicit zeros has another pattern */
    if (!host) PetscCall(MatConvert(A, MATAIJ, MAT_INITIAL_MATRIX, &amg->coarse));
  }
  PetscCall(TSPTriAMGMissingDiagonal(amg->coarse ? amg->coarse : A, &missing, &row));
  if (missing) {
    PetscInt rstart, rend;

    if (row >= 0) PetscCall(PetscInfo(pc, "the coarsest level (%" PetscInt_FMT " rows) lacks the diagonal entry of row %" PetscInt_FMT ": its LU gets a copy with explicit zeros there, and zero pivots are shifted\n", amg->rows[amg->nlevels - 1], row));
    if (!amg->coarse) PetscCall(MatDuplicate(A, MAT_COPY_VALUES, &amg->coarse));
    PetscCall(MatSetOption(amg->coarse, MAT_NEW_NONZERO_ALLOCATION_ERR, PETSC_FALSE));
    PetscCall(MatGetOwnershipRange(amg->coarse, &rstart, &rend));
    for (PetscInt i = rstart; i < rend; i++) PetscCall(MatSetValue(amg->coarse, i, i, 0.0, ADD_VALUES));
    PetscCall(MatAssemblyBegin(amg->coarse, MAT_FINAL_ASSEMBLY));
    PetscCall(MatAssemblyEnd(amg->coarse, MAT_FINAL_ASSEMBLY));
  }
  if (amg->coarse) PetscCall(KSPSetOperators(ksp, amg->nlevels == 1 ? pc->mat : A, amg->coarse));
  if (reuse == MAT_INITIAL_MATRIX) {
    PetscCall(KSPGetPC(ksp, &cpc));
    if (size == 1) {
      PetscCall(PCSetType(cpc, PCLU));
      PetscCall(PCFactorSetShiftType(cpc, MAT_SHIFT_NONZERO));
    } else {
      KSP rksp;
      PC  rpc;

      PetscCall(PCSetType(cpc, PCREDUNDANT));
      PetscCall(PCRedundantGetKSP(cpc, &rksp));
      PetscCall(KSPGetPC(rksp, &rpc));
      PetscCall(PCSetType(rpc, PCLU));
      PetscCall(PCFactorSetShiftType(rpc, MAT_SHIFT_NONZERO));
    }
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Whether a level's smoother (a trisplit PC, set up) repaired a zero pivot of its factors on some rank */
static PetscErrorCode TSPTriAMGSmootherRepaired(PC spc, PetscBool *repaired)
{
  PetscErrorCode (*get)(PC, PetscInt *, PetscReal *, PetscInt *) = NULL;
  PetscInt nshifted = 0;

  PetscFunctionBegin;
  *repaired = PETSC_FALSE;
  if (!spc) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscObjectQueryFunction((PetscObject)spc, "PCTriSplitGetRepair_C", &get));
  if (get) PetscCall((*get)(spc, &nshifted, NULL, NULL));
  *repaired = (PetscBool)(nshifted > 0);
  PetscCallMPI(MPIU_Allreduce(MPI_IN_PLACE, repaired, 1, TriSplitMPIBool, MPI_LOR, PetscObjectComm((PetscObject)spc)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The hierarchy into PCMG: levels, operators, interpolations, smoothers (PCMG index i = nlevels - 1 - l) */
static PetscErrorCode TSPTriAMGInstall(PC pc, TSPTriAMG *amg)
{
  PetscInt L = amg->nlevels;

  PetscFunctionBegin;
  PetscCall(PCMGSetLevels(pc, L, NULL));
  for (PetscInt l = 0; l < L; l++) {
    PetscInt i = L - 1 - l;
    KSP      ksp;

    PetscCall(PCMGGetSmoother(pc, i, &ksp));
    if (l == 0) PetscCall(KSPSetOperators(ksp, pc->mat, pc->pmat));
    else PetscCall(KSPSetOperators(ksp, amg->A[l], amg->A[l]));
    if (l == 0 && L > 1) {
      /* PETSc's KSPCreateVecs() duplicates the KSP's solution vector where it has one, else a MatCreateVecs() of the
         user's matrix: the finest smoother's work vectors and PCMG's finest residual then come from the backend's
         vector (across ranks on the device, a MATMPIAIJCUSPARSE's vectors allocate and zero a pinned host copy each:
         15 ms of a 2-GPU setup at 2.9M rows a rank). KSPSolve() replaces it by the vector it solves for. */
      Vec x;

      PetscCall((*amg->ops.createvector)(pc->pmat, &x));
      PetscCall(VecDestroy(&ksp->vec_sol));
      ksp->vec_sol = x;
    }
    if (l + 1 < L) PetscCall(PCMGSetInterpolation(pc, i, amg->P[l]));
    if (l + 1 < L || L == 1) {
      if (amg->spc[l]) {
        const char *prefix;

        PetscCall(KSPSetPC(ksp, amg->spc[l]));
        PetscCall(KSPGetOptionsPrefix(ksp, &prefix));
        PetscCall(PCSetOptionsPrefix(amg->spc[l], prefix));
        PetscCall(PetscObjectIncrementTabLevel((PetscObject)amg->spc[l], (PetscObject)ksp, 0));
      }
      if (L == 1) { /* one level: a direct solve */
        PC          ipc;
        PetscMPIInt size;

        PetscCallMPI(MPI_Comm_size(PetscObjectComm((PetscObject)pc), &size));
        PetscCall(KSPSetType(ksp, KSPPREONLY));
        PetscCall(KSPGetPC(ksp, &ipc));
        PetscCall(PCSetType(ipc, size > 1 ? PCREDUNDANT : PCLU));
      } else {
        PetscBool repaired;

        PetscCall(TSPTriAMGSmootherRepaired(amg->spc[l], &repaired));
        /* a factor with a shifted zero pivot (rows without a diagonal entry: a saddle point system) has a tiny pivot
           whose few large eigenvalues of M^-1 A a Chebyshev estimate of a few iterations misses, and Chebyshev's
           polynomial amplifies them; one application of M^-1 per sweep (Richardson) does not fit a spectrum */
        if (repaired) PetscCall(PetscInfo(pc, "level %" PetscInt_FMT ": the smoother repaired a zero pivot, Richardson instead of Chebyshev\n", l));
        PetscCall(KSPSetType(ksp, repaired ? KSPRICHARDSON : KSPCHEBYSHEV));
        PetscCall(KSPSetNormType(ksp, KSP_NORM_NONE));
        PetscCall(KSPSetTolerances(ksp, PETSC_DEFAULT, PETSC_DEFAULT, PETSC_DEFAULT, amg->params.sweeps));
      }
    }
  }
  PetscCall(TSPTriAMGCoarseSolve(pc, amg, MAT_INITIAL_MATRIX));
  PetscCall(TSPTriAMGSmootherBounds(pc, amg)); /* before PCMG's setup, which would run PETSc's estimate */
  if (L > 1) { /* PCMG's options, which need the levels (as PCGAMG does) */
    PetscObjectOptionsBegin((PetscObject)pc);
    PetscCall((*amg->mg_setfromoptions)(pc, PetscOptionsObject));
    PetscOptionsEnd();
  }
  PetscCall(PCMGSetGalerkin(pc, PC_MG_GALERKIN_EXTERNAL));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* PCSetUp_TriAMG(): a refresh (same pattern, reuse on, same size) or a new hierarchy, then PCMG's setup; a level
   smoother that failed (a zero pivot without repair, a NaN or Inf) fails the PC */
PetscErrorCode TSPTriAMGSetUp(PC pc)
{
  TSPTriAMG *amg = TSPTriAMGFromPC(pc);
  PetscBool  refresh;

  PetscFunctionBegin;
  refresh = (PetscBool)(pc->setupcalled && amg->params.reuse && pc->flag == SAME_NONZERO_PATTERN && amg->nlevels > 0);
  if (refresh) {
    PetscInt M, N;

    PetscCall(MatGetSize(pc->pmat, &M, &N));
    refresh = (PetscBool)(M == amg->rows[0]);
  }
  if (refresh) {
    PetscCall(TSPTriAMGRefresh(pc, amg));
    for (PetscInt l = 0; l < amg->nlevels; l++) {
      KSP ksp;

      PetscCall(PCMGGetSmoother(pc, amg->nlevels - 1 - l, &ksp));
      if (l == 0) PetscCall(KSPSetOperators(ksp, pc->mat, pc->pmat));
      else PetscCall(KSPSetOperators(ksp, amg->A[l], amg->A[l]));
    }
    PetscCall(TSPTriAMGCoarseSolve(pc, amg, MAT_REUSE_MATRIX));
  } else {
    if (pc->setupcalled || amg->nlevels > 0) {
      PetscCall((*amg->mg_reset)(pc));
      pc->setupcalled = PETSC_FALSE;
    }
    PetscCall(TSPTriAMGResetHierarchy(pc));
    PetscCall(TSPTriAMGSelectBackend(pc, amg));
    PetscCall(TSPTriAMGBuild(pc, amg));
    PetscCall(TSPTriAMGInstall(pc, amg));
  }
  PetscCall((*amg->mg_setup)(pc));
  if (refresh) PetscCall(TSPTriAMGSmootherBounds(pc, amg)); /* the smoothers' PCs hold the new values now */
  PetscCall(TSPTriAMGChooseCycle(pc, amg));
  for (PetscInt l = 0; l < amg->nlevels; l++) {
    KSP            ksp;
    PC             spc;
    PCFailedReason reason;

    PetscCall(PCMGGetSmoother(pc, amg->nlevels - 1 - l, &ksp));
    PetscCall(KSPGetPC(ksp, &spc));
    PetscCall(PCGetFailedReason(spc, &reason));
    if (reason != PC_NOERROR) {
      PetscCall(PetscInfo(pc, "level %" PetscInt_FMT ": the smoother's PC failed (%s)\n", l, PCFailedReasons[reason]));
      PetscCall(PCSetFailedReason(pc, PC_SUBPC_ERROR));
      break;
    }
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}
