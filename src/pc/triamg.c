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
#include <petsc/private/pcmgimpl.h>
#include <petscsf.h>
#include <trisplit/private/triamgimpl.h>

#define TRIAMG_MAXLEVELS 30
/* the smoothing threshold: on the model problems 0.25 keeps the iterations of full smoothing within one or two
   and the operator complexity near that of the piecewise constant prolongator (docs/algorithms.md) */
#define TRIAMG_SMOOTH_THRESHOLD 0.25

PETSC_INTERN PetscLogEvent TriSplit_AMGEstimate, TriSplit_AMGProlongator, TriSplit_AMGGalerkin;

typedef struct {
  /* options */
  PetscInt  agg_size;    /* s: vertices per aggregate along a path */
  PetscInt  coarse_size; /* stop coarsening at this many global rows */
  PetscInt  max_levels;
  PetscBool smooth_p;    /* P = (I - omega D^-1 A) P0 */
  PetscInt  smooth_levels; /* ... on the finest smooth_levels levels only */
  PetscReal smooth_threshold; /* ... with A's entries below this fraction of their row's largest lumped */
  PetscBool reuse;       /* keep the aggregates and P across SAME_NONZERO_PATTERN updates */
  char      smoother[64];  /* the finest level's smoother PC */
  char      csmoother[64]; /* the smoother PC of the levels between the finest and the coarsest */
  PetscInt  sweeps;

  /* the hierarchy, level 0 the finest (PCMG numbers the other way) */
  PetscInt       nlevels;
  Mat            A[TRIAMG_MAXLEVELS], P[TRIAMG_MAXLEVELS]; /* A[0] = pc->pmat (referenced); P[l]: level l+1 -> l */
  PC             spc[TRIAMG_MAXLEVELS];                    /* the level smoothers' PCs, built here on A[l] */
  PetscInt       rows[TRIAMG_MAXLEVELS];
  PetscLogDouble nnz[TRIAMG_MAXLEVELS];
  PetscReal      omega[TRIAMG_MAXLEVELS];
  PetscInt64     aggsum[TRIAMG_MAXLEVELS]; /* sum over rows of (global row + 1) (global aggregate + 1): a checksum */
  PetscInt       builds, refreshes;

  /* the backend's leaf operations, those of the fine matrix's local block (host or CUDA), chosen at setup */
  TSPTriAMGProlongatorFn prolongator;
  TSPTriAMGGalerkinFn    galerkin;

  /* PCMG's operations */
  PetscErrorCode (*mg_setup)(PC);
  PetscErrorCode (*mg_reset)(PC);
  PetscErrorCode (*mg_destroy)(PC);
  PetscErrorCode (*mg_setfromoptions)(PC, TriSplitOptionItems);
} PC_TriAMG;

#define TriAMGFromPC(pc) ((PC_TriAMG *)((PC_MG *)(pc)->data)->innerctx)

static PetscErrorCode PCTriAMGResetHierarchy(PC_TriAMG *amg)
{
  PetscFunctionBegin;
  for (PetscInt l = 0; l < TRIAMG_MAXLEVELS; l++) {
    PetscCall(MatDestroy(&amg->A[l]));
    PetscCall(MatDestroy(&amg->P[l]));
    PetscCall(PCDestroy(&amg->spc[l]));
  }
  amg->nlevels = 0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Whether a PC's data starts with a chain that holds a scalar forest */
static PetscErrorCode PCTriAMGHasForest(PC spc, PetscBool *has)
{
  PetscMemType    mtype;
  PetscInt        n;
  const PetscInt *perm, *path_id;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompareAny((PetscObject)spc, has, PCALGTRI, PCMOSD, PCALTSPLIT, PCMOSA, ""));
  if (!*has) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TSPChainGetPaths(TSPChainFromPC(spc), &mtype, &n, &perm, &path_id));
  *has = (PetscBool)(!n || (perm && path_id));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The backend of the fine matrix's local block, decided once per setup as the chain decides its own */
static PetscErrorCode PCTriAMGSelectBackend(PC pc, PC_TriAMG *amg)
{
  Mat       Ad;
  PetscBool device, aij;

  PetscFunctionBegin;
  PetscCall(MatGetDiagonalBlock(pc->pmat, &Ad));
  PetscCall(PetscObjectBaseTypeCompare((PetscObject)Ad, MATSEQAIJ, &aij));
  PetscCheck(aij, PetscObjectComm((PetscObject)pc), PETSC_ERR_SUP, "PCTRIAMG needs an AIJ matrix (MATAIJ, MATAIJCUSPARSE), got a local block of type %s", ((PetscObject)Ad)->type_name);
  PetscCall(TriSplitIsDeviceMat(Ad, &device));
  amg->prolongator = TSPTriAMGProlongator_Host;
  amg->galerkin    = TSPTriAMGGalerkin_Host;
#if defined(PETSC_HAVE_CUDA)
  if (device) {
    amg->prolongator = TSPTriAMGProlongator_CUDA;
    amg->galerkin    = TSPTriAMGGalerkin_CUDA;
  }
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* rho(D^-1 A) by 15 steps of the power method from a fixed random vector (the same on every run): |x_15| / |x_14|
   with x_{k+1} = D^-1 A x_k. The steps are not normalized, so the only reductions, the two norms, come at the end:
   on the device the steps are launches without a wait, where GMRES (PCGAMG's estimate) waits on every
   orthogonalization (docs/performance.md, triamg on the GPU: the estimate, the iterations against GMRES's).
   A growth of rho^15 stays finite for any rho below 1e20; beyond, the estimate is not finite and the prolongator
   takes the Gershgorin bound. VecReciprocal() leaves a zero diagonal entry zero, so such a row takes no part (its
   row of P is P0's). */
#define TRIAMG_POWER_STEPS 15

static PetscErrorCode PCTriAMGSpectralRadius(Mat A, PetscReal *rho)
{
  Vec         x, y, dinv;
  PetscRandom rnd;
  PetscReal   nx, ny;

  PetscFunctionBegin;
  PetscCall(MatCreateVecs(A, &x, &y));
  PetscCall(VecDuplicate(x, &dinv));
  PetscCall(MatGetDiagonal(A, dinv));
  PetscCall(VecReciprocal(dinv));
  PetscCall(PetscRandomCreate(PetscObjectComm((PetscObject)A), &rnd));
#if defined(PETSC_HAVE_CUDA)
  { /* on the device, curand: the host's generator would fill the vector on the host and copy it (90 ms of a 0.44 s
       setup at 1.44M rows) */
    PetscBool cuda;

    PetscCall(PetscObjectTypeCompareAny((PetscObject)x, &cuda, VECSEQCUDA, VECMPICUDA, ""));
    if (cuda) PetscCall(PetscRandomSetType(rnd, PETSCCURAND));
  }
#endif
  PetscCall(PetscRandomSetSeed(rnd, 0x7a1a));
  PetscCall(PetscRandomSeed(rnd));
  PetscCall(VecSetRandom(x, rnd));
  PetscCall(PetscRandomDestroy(&rnd));
  for (PetscInt k = 0; k < TRIAMG_POWER_STEPS; k++) {
    if (k) { /* the new iterate becomes the old one: the handles trade places, no values move */
      Vec t = x;

      x = y;
      y = t;
    }
    PetscCall(MatMult(A, x, y));
    PetscCall(VecPointwiseMult(y, y, dinv));
  }
  PetscCall(VecNorm(x, NORM_2, &nx));
  PetscCall(VecNorm(y, NORM_2, &ny));
  *rho = nx > 0 ? ny / nx : 0;
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(VecDestroy(&dinv));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The global number of this rank's first aggregate (aggregates never cross ranks) */
static PetscErrorCode PCTriAMGFirstAggregate(Mat A, PetscInt nagg, PetscInt *cstart)
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

/* The distributed prolongator of A's type from the local block's Pl (local rows to this rank's aggregates agg, the
   first of them global number cstart): the rows of Pl shifted to the global numbering and, on a smoothed level
   (omega > 0), the terms -omega a_ig / a_ii of A's entries in other ranks' columns g, each in the column of g's
   aggregate. So near a rank boundary P is the smoothed prolongator of the whole operator, as on one rank. (Lumping
   those entries into the row's own aggregate kept P's row sums, but the iterations grew with the ranks: ANISO1 and
   MODEL8 256^2, GMRES(20), 8 and 7 on one rank, 10 and 10 on four.) smooth is the same on every rank (the
   communication depends on it); omega may be 0 on a rank whose Gershgorin bound is (an empty rank). Only the
   off-diagonal block and the diagonal come to the host, O(rows) of a rank's boundary and O(rows) */
static PetscErrorCode PCTriAMGDistribute(Mat A, Mat Pl, const PetscInt *agg, PetscInt nagg, PetscInt cstart, PetscBool smooth, PetscReal omega, Mat *P)
{
  MatType            type;
  Mat                Ad, Ao;
  PetscLayout        cmap;
  PetscSF            sf;
  Vec                diag;
  PetscInt           n, on, rstart, ncoo, ng, nz = 0, *ci, *cj, *gagg = NULL, *root;
  const PetscInt    *pi, *pj, *oi = NULL, *oj = NULL, *garray;
  const PetscScalar *pa, *oa = NULL, *d = NULL;
  PetscScalar       *cv;

  PetscFunctionBegin;
  PetscCall(MatGetOwnershipRange(A, &rstart, NULL));
  PetscCall(MatGetLayouts(A, NULL, &cmap));
  { /* the aggregates number the operator's vertices by rows and by columns alike */
    PetscInt cstart_col, n_row, n_col;

    PetscCall(MatGetOwnershipRangeColumn(A, &cstart_col, NULL));
    PetscCall(MatGetLocalSize(A, &n_row, &n_col));
    PetscCheck(cstart_col == rstart && n_col == n_row, PETSC_COMM_SELF, PETSC_ERR_ARG_SIZ, "PCTRIAMG: the local rows [%" PetscInt_FMT ", %" PetscInt_FMT ") and columns [%" PetscInt_FMT ", %" PetscInt_FMT ") of the operator differ", rstart, rstart + n_row, cstart_col, cstart_col + n_col);
  }
  PetscCall(MatMPIAIJGetSeqAIJ(A, &Ad, &Ao, &garray));
  PetscCall(MatGetSize(Ao, NULL, &ng));
  PetscCall(TriSplitGetCSR(Pl, &n, &pi, &pj, &pa));
  if (smooth) { /* the global aggregates of the other ranks' vertices in Ao's columns, A's diagonal */
    PetscCall(PetscMalloc1(n, &root));
    PetscCall(PetscMalloc1(ng, &gagg));
    for (PetscInt i = 0; i < n; i++) root[i] = cstart + agg[i];
    PetscCall(PetscSFCreate(PetscObjectComm((PetscObject)A), &sf));
    PetscCall(PetscSFSetGraphLayout(sf, cmap, ng, NULL, PETSC_COPY_VALUES, garray));
    PetscCall(PetscSFBcastBegin(sf, MPIU_INT, root, gagg, MPI_REPLACE));
    PetscCall(PetscSFBcastEnd(sf, MPIU_INT, root, gagg, MPI_REPLACE));
    PetscCall(PetscSFDestroy(&sf));
    PetscCall(PetscFree(root));
    PetscCall(MatCreateVecs(A, NULL, &diag));
    PetscCall(MatGetDiagonal(A, diag));
    PetscCall(VecGetArrayRead(diag, &d));
    if (omega > 0) {
      PetscCall(TriSplitGetCSR(Ao, &on, &oi, &oj, &oa));
      nz = oi[on];
    }
  }
  ncoo = pi[n] + nz;
  PetscCall(PetscMalloc3(ncoo, &ci, ncoo, &cj, ncoo, &cv));
  for (PetscInt i = 0; i < n; i++)
    for (PetscInt k = pi[i]; k < pi[i + 1]; k++) {
      ci[k] = rstart + i;
      cj[k] = cstart + pj[k];
      cv[k] = pa[k];
    }
  for (PetscInt i = 0, c = pi[n]; i < n && nz; i++) /* a zero diagonal keeps the row of P0, as the kernels do */
    for (PetscInt k = oi[i]; k < oi[i + 1]; k++, c++) {
      ci[c] = rstart + i;
      cj[c] = gagg[oj[k]];
      cv[c] = d[i] != 0.0 ? -((PetscScalar)omega * oa[k]) / d[i] : 0.0;
    }
  if (smooth) {
    if (omega > 0) PetscCall(TriSplitRestoreCSR(Ao, &on, &oi, &oj, &oa));
    PetscCall(VecRestoreArrayRead(diag, &d));
    PetscCall(VecDestroy(&diag));
    PetscCall(PetscFree(gagg));
  }
  PetscCall(MatGetType(A, &type));
  PetscCall(MatCreate(PetscObjectComm((PetscObject)A), P));
  PetscCall(MatSetSizes(*P, n, nagg, PETSC_DETERMINE, PETSC_DETERMINE));
  PetscCall(MatSetType(*P, type));
  PetscCall(MatSetPreallocationCOO(*P, ncoo, ci, cj)); /* repeated (row, aggregate) pairs are summed */
  PetscCall(MatSetValuesCOO(*P, cv, INSERT_VALUES));
  PetscCall(PetscFree3(ci, cj, cv));
  PetscCall(TriSplitRestoreCSR(Pl, &n, &pi, &pj, &pa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* sum over the local rows of (global row + 1) (global aggregate + 1), summed over the ranks: a checksum of
   the aggregates that host and device compare */
static PetscErrorCode PCTriAMGChecksum(Mat A, PetscInt n, const PetscInt *agg, PetscInt cstart, PetscInt64 *aggsum)
{
  PetscInt64 sum = 0;
  PetscInt   rstart;

  PetscFunctionBegin;
  PetscCall(MatGetOwnershipRange(A, &rstart, NULL));
  for (PetscInt i = 0; i < n; i++) sum += (PetscInt64)(rstart + i + 1) * (PetscInt64)(cstart + agg[i] + 1);
  PetscCallMPI(MPIU_Allreduce(&sum, aggsum, 1, MPIU_INT64, MPI_SUM, PetscObjectComm((PetscObject)A)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* C = P^T A P: the backend's sort-and-reduce product on one rank, PETSc's MatPtAP() across ranks */
static PetscErrorCode PCTriAMGGalerkin(PC_TriAMG *amg, Mat A, Mat P, MatReuse reuse, Mat *C)
{
  PetscMPIInt size;

  PetscFunctionBegin;
  PetscCallMPI(MPI_Comm_size(PetscObjectComm((PetscObject)A), &size));
  if (size == 1) PetscCall((*amg->galerkin)(A, P, reuse, C));
  else PetscCall(MatPtAP(A, P, reuse, 2.0, C));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The smoother's PC of level l on A[l] (set up: its forest built); prefix <pc>mg_levels_ */
static PetscErrorCode PCTriAMGLevelPC(PC pc, Mat A, const char type[], PetscBool options, PC *spc)
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

/* The hierarchy from pc->pmat: forest, aggregates, P, Galerkin, until the coarse size */
static PetscErrorCode PCTriAMGBuild(PC pc, PC_TriAMG *amg)
{
  MPI_Comm    comm;
  PetscInt    l;
  PetscMPIInt size;
  PetscBool   smoothing = amg->smooth_p;

  PetscFunctionBegin;
  PetscCall(PetscObjectGetComm((PetscObject)pc, &comm));
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCall(PetscObjectReference((PetscObject)pc->pmat));
  amg->A[0] = pc->pmat;
  for (l = 0;; l++) {
    Mat       A = amg->A[l], Ad, Pl;
    MatInfo   info;
    PetscInt  N, n, nagg, Nagg, cstart, *agg;
    PC        fpc = NULL;
    PetscBool has, smooth;

    PetscCall(MatGetSize(A, &N, NULL));
    PetscCall(MatGetLocalSize(A, &n, NULL));
    PetscCall(MatGetInfo(A, MAT_GLOBAL_SUM, &info));
    amg->rows[l]  = N;
    amg->nnz[l]   = info.nz_used;
    amg->omega[l]  = 0;
    amg->aggsum[l] = 0;
    if (N <= amg->coarse_size || l == amg->max_levels - 1 || l == TRIAMG_MAXLEVELS - 1) break;
    /* the smoother of this level, whose forest gives the aggregates (or an algtri PC for the forest only) */
    PetscCall(PCTriAMGLevelPC(pc, A, l ? amg->csmoother : amg->smoother, PETSC_TRUE, &amg->spc[l]));
    PetscCall(PCTriAMGHasForest(amg->spc[l], &has));
    if (has) fpc = amg->spc[l];
    else PetscCall(PCTriAMGLevelPC(pc, A, PCALGTRI, PETSC_FALSE, &fpc));
    /* the aggregates and the prolongator of the local block, in one pass of the backend over the forest */
    PetscCall(PetscLogEventBegin(TriSplit_AMGProlongator, pc, 0, 0, 0));
    PetscCall(PetscMalloc1(n, &agg));
    PetscCall(MatGetDiagonalBlock(A, &Ad));
    {
      PetscReal rho = 0;

      /* smoothing stops at the first level whose Galerkin product grew: aggregates that are lines of a 3D grid make
         the smoothed coarse operators denser level by level (LAP3D: 7, 48, 261 nonzeros per row) */
      if (l > 0 && amg->nnz[l] > amg->nnz[l - 1]) smoothing = PETSC_FALSE;
      smooth = (PetscBool)(smoothing && l < amg->smooth_levels);
      if (smooth) {
        PetscCall(PetscLogEventBegin(TriSplit_AMGEstimate, pc, 0, 0, 0));
        PetscCall(PCTriAMGSpectralRadius(A, &rho));
        PetscCall(PetscLogEventEnd(TriSplit_AMGEstimate, pc, 0, 0, 0));
      }
      if (PetscIsInfOrNanReal(rho) || rho < 0) rho = 0;
      PetscCall((*amg->prolongator)(Ad, fpc, amg->agg_size, smooth, rho, amg->smooth_threshold, &Pl, agg, &nagg, &amg->omega[l]));
    }
    if (fpc != amg->spc[l]) PetscCall(PCDestroy(&fpc));
    PetscCallMPI(MPIU_Allreduce(&nagg, &Nagg, 1, MPIU_INT, MPI_SUM, comm));
    if (!Nagg || (PetscReal)Nagg > 0.9 * (PetscReal)N) { /* coarsening stalled: this level is the coarsest */
      PetscCall(PetscInfo(pc, "level %" PetscInt_FMT ": %" PetscInt_FMT " aggregates of %" PetscInt_FMT " rows, coarsening stops\n", l, Nagg, N));
      PetscCall(PetscFree(agg));
      PetscCall(MatDestroy(&Pl));
      PetscCall(PCDestroy(&amg->spc[l]));
      amg->omega[l] = 0;
      PetscCall(PetscLogEventEnd(TriSplit_AMGProlongator, pc, 0, 0, 0));
      break;
    }
    PetscCall(PCTriAMGFirstAggregate(A, nagg, &cstart));
    PetscCall(PCTriAMGChecksum(A, n, agg, cstart, &amg->aggsum[l]));
    if (size == 1) amg->P[l] = Pl;
    else {
      PetscCall(PCTriAMGDistribute(A, Pl, agg, nagg, cstart, smooth, amg->omega[l], &amg->P[l]));
      PetscCall(MatDestroy(&Pl));
    }
    PetscCall(PetscFree(agg));
    PetscCall(PetscLogEventEnd(TriSplit_AMGProlongator, pc, 0, 0, 0));
    PetscCall(PetscLogEventBegin(TriSplit_AMGGalerkin, pc, 0, 0, 0));
    PetscCall(PCTriAMGGalerkin(amg, A, amg->P[l], MAT_INITIAL_MATRIX, &amg->A[l + 1]));
    PetscCall(PetscLogEventEnd(TriSplit_AMGGalerkin, pc, 0, 0, 0));
    PetscCall(PetscInfo(pc, "level %" PetscInt_FMT ": %" PetscInt_FMT " rows, %" PetscInt_FMT " aggregates (omega %g)\n", l, N, Nagg, (double)amg->omega[l]));
  }
  amg->nlevels = l + 1;
  amg->builds++;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* New values, same pattern: P kept, the Galerkin products recomputed on their symbolic phase */
static PetscErrorCode PCTriAMGRefresh(PC pc, PC_TriAMG *amg)
{
  PetscFunctionBegin;
  if (amg->A[0] != pc->pmat) {
    PetscCall(PetscObjectReference((PetscObject)pc->pmat));
    PetscCall(MatDestroy(&amg->A[0]));
    amg->A[0] = pc->pmat;
    if (amg->nlevels > 1) PetscCall(MatDestroy(&amg->A[1])); /* its product belongs to the old operator */
  }
  PetscCall(PetscLogEventBegin(TriSplit_AMGGalerkin, pc, 0, 0, 0));
  for (PetscInt l = 0; l + 1 < amg->nlevels; l++) PetscCall(PCTriAMGGalerkin(amg, amg->A[l], amg->P[l], amg->A[l + 1] ? MAT_REUSE_MATRIX : MAT_INITIAL_MATRIX, &amg->A[l + 1]));
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

/* The hierarchy into PCMG: levels, operators, interpolations, smoothers (PCMG index i = nlevels - 1 - l) */
static PetscErrorCode PCTriAMGInstall(PC pc, PC_TriAMG *amg)
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
        PetscCall(KSPSetType(ksp, KSPCHEBYSHEV));
        PetscCall(KSPSetNormType(ksp, KSP_NORM_NONE));
        PetscCall(KSPSetTolerances(ksp, PETSC_DEFAULT, PETSC_DEFAULT, PETSC_DEFAULT, amg->sweeps));
      }
    }
  }
  if (L > 1) { /* PCMG's options, which need the levels (as PCGAMG does) */
    PetscObjectOptionsBegin((PetscObject)pc);
    PetscCall((*amg->mg_setfromoptions)(pc, PetscOptionsObject));
    PetscOptionsEnd();
  }
  PetscCall(PCMGSetGalerkin(pc, PC_MG_GALERKIN_EXTERNAL));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCSetUp_TriAMG(PC pc)
{
  PC_TriAMG *amg = TriAMGFromPC(pc);
  PetscBool  refresh;

  PetscFunctionBegin;
  refresh = (PetscBool)(pc->setupcalled && amg->reuse && pc->flag == SAME_NONZERO_PATTERN && amg->nlevels > 0);
  if (refresh) {
    PetscInt M, N;

    PetscCall(MatGetSize(pc->pmat, &M, &N));
    refresh = (PetscBool)(M == amg->rows[0]);
  }
  if (refresh) {
    PetscCall(PCTriAMGRefresh(pc, amg));
    for (PetscInt l = 0; l < amg->nlevels; l++) {
      KSP ksp;

      PetscCall(PCMGGetSmoother(pc, amg->nlevels - 1 - l, &ksp));
      if (l == 0) PetscCall(KSPSetOperators(ksp, pc->mat, pc->pmat));
      else PetscCall(KSPSetOperators(ksp, amg->A[l], amg->A[l]));
    }
  } else {
    if (pc->setupcalled || amg->nlevels > 0) {
      PetscCall((*amg->mg_reset)(pc));
      pc->setupcalled = PETSC_FALSE;
    }
    PetscCall(PCTriAMGResetHierarchy(amg));
    PetscCall(PCTriAMGSelectBackend(pc, amg));
    PetscCall(PCTriAMGBuild(pc, amg));
    PetscCall(PCTriAMGInstall(pc, amg));
  }
  PetscCall((*amg->mg_setup)(pc));
  /* a level smoother that failed (a zero pivot without repair, a NaN or Inf) fails the PC */
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

static PetscErrorCode PCSetFromOptions_TriAMG(PC pc, TriSplitOptionItems PetscOptionsObject)
{
  PC_TriAMG *amg = TriAMGFromPC(pc);
  PetscBool  flg;
  PetscInt   n;
  PetscReal  r;
  char       type[64];

  PetscFunctionBegin;
  PetscOptionsHeadBegin(PetscOptionsObject, "TRIAMG options");
  PetscCall(PetscOptionsInt("-pc_mg_levels", "Number of levels", "PCMGSetLevels", -1, &n, &flg));
  PetscCheck(!flg, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_WRONG, "PCTRIAMG chooses its levels: use -pc_triamg_max_levels and -pc_triamg_coarse_size, not -pc_mg_levels");
  PetscCall(PetscOptionsInt("-pc_triamg_aggregate_size", "Vertices per aggregate along a path of the forest", "PCTriAMGSetAggregateSize", amg->agg_size, &n, &flg));
  if (flg) PetscCall(PCTriAMGSetAggregateSize(pc, n));
  PetscCall(PetscOptionsInt("-pc_triamg_coarse_size", "Coarsen until at most this many rows", "PCTriAMGSetCoarseSize", amg->coarse_size, &n, &flg));
  if (flg) PetscCall(PCTriAMGSetCoarseSize(pc, n));
  PetscCall(PetscOptionsInt("-pc_triamg_max_levels", "Most levels, the finest included", "PCTriAMGSetMaxLevels", amg->max_levels, &n, &flg));
  if (flg) PetscCall(PCTriAMGSetMaxLevels(pc, n));
  PetscCall(PetscOptionsInt("-pc_triamg_smooth_levels", "Smooth the prolongators of this many of the finest levels", "PCTriAMGSetSmoothLevels", amg->smooth_levels, &n, &flg));
  if (flg) PetscCall(PCTriAMGSetSmoothLevels(pc, n));
  PetscCall(PetscOptionsReal("-pc_triamg_smooth_threshold", "Entries below this fraction of their row's largest off-diagonal one do not widen the smoothed prolongator", "PCTriAMGSetSmoothThreshold", amg->smooth_threshold, &r, &flg));
  if (flg) PetscCall(PCTriAMGSetSmoothThreshold(pc, r));
  PetscCall(PetscOptionsBool("-pc_triamg_smooth_prolongator", "Smooth the piecewise constant prolongator with one damped Jacobi step", "PCTriAMGSetSmoothProlongator", amg->smooth_p, &amg->smooth_p, NULL));
  PetscCall(PetscOptionsFList("-pc_triamg_smoother_type", "PC of the level smoothers", "PCTriAMGSetSmootherType", PCList, amg->smoother, type, sizeof(type), &flg));
  if (flg) PetscCall(PCTriAMGSetSmootherType(pc, type));
  PetscCall(PetscOptionsFList("-pc_triamg_coarser_smoother_type", "PC of the smoothers of the levels below the finest", "PCTriAMGSetCoarserSmootherType", PCList, amg->csmoother, type, sizeof(type), &flg));
  if (flg) PetscCall(PCTriAMGSetCoarserSmootherType(pc, type));
  PetscCall(PetscOptionsInt("-pc_triamg_smoother_sweeps", "Sweeps of the level smoothers (Chebyshev iterations)", "PCTriAMGSetSmootherSweeps", amg->sweeps, &n, &flg));
  if (flg) PetscCall(PCTriAMGSetSmootherSweeps(pc, n));
  PetscCall(PetscOptionsBool("-pc_triamg_reuse_interpolation", "Keep aggregates and prolongators across SAME_NONZERO_PATTERN updates", "PCTriAMGSetReuseInterpolation", amg->reuse, &amg->reuse, NULL));
  PetscOptionsHeadEnd();
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* PCView_MG calls this after the levels */
static PetscErrorCode PCView_TriAMG(PC pc, PetscViewer viewer)
{
  PC_TriAMG     *amg = TriAMGFromPC(pc);
  PetscBool      iascii;
  PetscLogDouble nnz = 0, rows = 0;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)viewer, PETSCVIEWERASCII, &iascii));
  if (!iascii) PetscFunctionReturn(PETSC_SUCCESS);
  if (amg->smooth_p && amg->smooth_levels > 0 && amg->smooth_levels < TRIAMG_MAXLEVELS) PetscCall(PetscViewerASCIIPrintf(viewer, "  TriAMG: aggregates of %" PetscInt_FMT " consecutive vertices along the paths of the linear forest, prolongator smoothed on the finest %" PetscInt_FMT " level(s)\n", amg->agg_size, amg->smooth_levels));
  else PetscCall(PetscViewerASCIIPrintf(viewer, "  TriAMG: aggregates of %" PetscInt_FMT " consecutive vertices along the paths of the linear forest, %s prolongator\n", amg->agg_size, amg->smooth_p && amg->smooth_levels > 0 ? "smoothed" : "piecewise constant"));
  if (amg->smooth_p && amg->smooth_levels > 0) PetscCall(PetscViewerASCIIPrintf(viewer, "    smoothing threshold %g: weaker entries are lumped into the diagonal\n", (double)amg->smooth_threshold));
  PetscCall(PetscViewerASCIIPrintf(viewer, "    smoother %s on the finest level, %s below, %" PetscInt_FMT " sweep%s; coarse size %" PetscInt_FMT ", at most %" PetscInt_FMT " levels; reuse interpolation %s\n", amg->smoother, amg->csmoother, amg->sweeps, amg->sweeps == 1 ? "" : "s", amg->coarse_size, amg->max_levels, PetscBools[amg->reuse]));
  if (!amg->nlevels) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscViewerASCIIPrintf(viewer, "    level        rows     nonzeros  rows/aggregate  omega\n"));
  for (PetscInt l = 0; l < amg->nlevels; l++) {
    rows += amg->rows[l];
    nnz += amg->nnz[l];
    if (l + 1 < amg->nlevels) PetscCall(PetscViewerASCIIPrintf(viewer, "    %5" PetscInt_FMT " %11" PetscInt_FMT " %12.0f  %14.2f  %5.3f\n", l, amg->rows[l], (double)amg->nnz[l], (double)amg->rows[l] / (double)amg->rows[l + 1], (double)amg->omega[l]));
    else PetscCall(PetscViewerASCIIPrintf(viewer, "    %5" PetscInt_FMT " %11" PetscInt_FMT " %12.0f  (coarsest)\n", l, amg->rows[l], (double)amg->nnz[l]));
  }
  PetscCall(PetscViewerASCIIPrintf(viewer, "    operator complexity %.3f, grid complexity %.3f\n", (double)(nnz / amg->nnz[0]), (double)(rows / amg->rows[0])));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCReset_TriAMG(PC pc)
{
  PC_TriAMG *amg = TriAMGFromPC(pc);

  PetscFunctionBegin;
  PetscCall(PCTriAMGResetHierarchy(amg));
  PetscCall((*amg->mg_reset)(pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCDestroy_TriAMG(PC pc)
{
  PC_TriAMG *amg = TriAMGFromPC(pc);
  PetscErrorCode (*mg_destroy)(PC) = amg->mg_destroy;

  PetscFunctionBegin;
  PetscCall(PCTriAMGResetHierarchy(amg));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetAggregateSize_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetAggregateSize_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetCoarseSize_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetCoarseSize_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetMaxLevels_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetMaxLevels_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetSmoothProlongator_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetSmoothProlongator_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetSmootherType_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetSmootherType_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetSmootherSweeps_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetSmootherSweeps_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetReuseInterpolation_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetReuseInterpolation_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetCoarserSmootherType_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetCoarserSmootherType_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetSmoothLevels_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetSmoothLevels_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetSmoothThreshold_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetSmoothThreshold_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetHierarchy_C", NULL));
  PetscCall(PetscFree(((PC_MG *)pc->data)->innerctx));
  PetscCall((*mg_destroy)(pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The composed setters and getters; a change of what the hierarchy is built from rebuilds it */
static PetscErrorCode PCTriAMGSetAggregateSize_TriAMG(PC pc, PetscInt v)
{
  PC_TriAMG *amg = TriAMGFromPC(pc);

  PetscFunctionBegin;
  PetscCheck(v >= 1, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: the aggregate size must be at least 1, not %" PetscInt_FMT "", v);
  if (amg->agg_size != v) pc->setupcalled = PETSC_FALSE; /* the hierarchy changes */
  amg->agg_size = v;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGGetAggregateSize_TriAMG(PC pc, PetscInt *v)
{
  PetscFunctionBegin;
  *v = TriAMGFromPC(pc)->agg_size;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetCoarseSize_TriAMG(PC pc, PetscInt v)
{
  PC_TriAMG *amg = TriAMGFromPC(pc);

  PetscFunctionBegin;
  PetscCheck(v >= 1, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: the coarse size must be at least 1, not %" PetscInt_FMT "", v);
  if (amg->coarse_size != v) pc->setupcalled = PETSC_FALSE; /* the hierarchy changes */
  amg->coarse_size = v;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGGetCoarseSize_TriAMG(PC pc, PetscInt *v)
{
  PetscFunctionBegin;
  *v = TriAMGFromPC(pc)->coarse_size;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetMaxLevels_TriAMG(PC pc, PetscInt v)
{
  PC_TriAMG *amg = TriAMGFromPC(pc);

  PetscFunctionBegin;
  PetscCheck(v >= 1 && v <= TRIAMG_MAXLEVELS, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: the number of levels must be in [1, 30], not %" PetscInt_FMT "", v);
  if (amg->max_levels != v) pc->setupcalled = PETSC_FALSE; /* the hierarchy changes */
  amg->max_levels = v;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGGetMaxLevels_TriAMG(PC pc, PetscInt *v)
{
  PetscFunctionBegin;
  *v = TriAMGFromPC(pc)->max_levels;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetSmootherSweeps_TriAMG(PC pc, PetscInt v)
{
  PC_TriAMG *amg = TriAMGFromPC(pc);

  PetscFunctionBegin;
  PetscCheck(v >= 1, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: the number of sweeps must be at least 1, not %" PetscInt_FMT "", v);
  if (amg->sweeps != v) pc->setupcalled = PETSC_FALSE; /* the smoothers are set up with the hierarchy */
  amg->sweeps = v;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGGetSmootherSweeps_TriAMG(PC pc, PetscInt *v)
{
  PetscFunctionBegin;
  *v = TriAMGFromPC(pc)->sweeps;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetSmoothProlongator_TriAMG(PC pc, PetscBool v)
{
  PC_TriAMG *amg = TriAMGFromPC(pc);

  PetscFunctionBegin;
  if (amg->smooth_p != v) pc->setupcalled = PETSC_FALSE; /* the hierarchy changes */
  amg->smooth_p = v;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGGetSmoothProlongator_TriAMG(PC pc, PetscBool *v)
{
  PetscFunctionBegin;
  *v = TriAMGFromPC(pc)->smooth_p;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetReuseInterpolation_TriAMG(PC pc, PetscBool v)
{
  PC_TriAMG *amg = TriAMGFromPC(pc);

  PetscFunctionBegin;
  amg->reuse = v;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGGetReuseInterpolation_TriAMG(PC pc, PetscBool *v)
{
  PetscFunctionBegin;
  *v = TriAMGFromPC(pc)->reuse;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetSmoothLevels_TriAMG(PC pc, PetscInt v)
{
  PC_TriAMG *amg = TriAMGFromPC(pc);

  PetscFunctionBegin;
  if (v == PETSC_DEFAULT || v == PETSC_DECIDE) v = TRIAMG_MAXLEVELS;
  PetscCheck(v >= 0, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: the number of smoothed levels must be at least 0, not %" PetscInt_FMT, v);
  if (amg->smooth_levels != v) pc->setupcalled = PETSC_FALSE; /* the hierarchy changes */
  amg->smooth_levels = v;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGGetSmoothLevels_TriAMG(PC pc, PetscInt *v)
{
  PetscFunctionBegin;
  *v = TriAMGFromPC(pc)->smooth_levels;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetSmoothThreshold_TriAMG(PC pc, PetscReal v)
{
  PC_TriAMG *amg = TriAMGFromPC(pc);

  PetscFunctionBegin;
  if (v == (PetscReal)PETSC_DEFAULT) v = TRIAMG_SMOOTH_THRESHOLD;
  PetscCheck(v >= 0 && v <= 1, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: the smoothing threshold must be in [0, 1], not %g", (double)v);
  if (amg->smooth_threshold != v) pc->setupcalled = PETSC_FALSE; /* the hierarchy changes */
  amg->smooth_threshold = v;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGGetSmoothThreshold_TriAMG(PC pc, PetscReal *v)
{
  PetscFunctionBegin;
  *v = TriAMGFromPC(pc)->smooth_threshold;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* a smoother's PC type into field (len bytes); a new type marks the PC for a new setup */
static PetscErrorCode TriAMGSetSmootherField(PC pc, char *field, size_t len, PCType type)
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
  PC_TriAMG *amg = TriAMGFromPC(pc);

  PetscFunctionBegin;
  PetscCall(TriAMGSetSmootherField(pc, amg->smoother, sizeof(amg->smoother), type));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGGetSmootherType_TriAMG(PC pc, PCType *type)
{
  PetscFunctionBegin;
  *type = TriAMGFromPC(pc)->smoother;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGSetCoarserSmootherType_TriAMG(PC pc, PCType type)
{
  PC_TriAMG *amg = TriAMGFromPC(pc);

  PetscFunctionBegin;
  PetscCall(TriAMGSetSmootherField(pc, amg->csmoother, sizeof(amg->csmoother), type));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGGetCoarserSmootherType_TriAMG(PC pc, PCType *type)
{
  PetscFunctionBegin;
  *type = TriAMGFromPC(pc)->csmoother;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCTriAMGGetHierarchy_TriAMG(PC pc, PetscInt *nlevels, const PetscInt **rows, const PetscInt64 **aggsum, PetscInt *builds, PetscInt *refreshes)
{
  PC_TriAMG *amg = TriAMGFromPC(pc);

  PetscFunctionBegin;
  if (nlevels) *nlevels = amg->nlevels;
  if (rows) *rows = amg->rows;
  if (aggsum) *aggsum = amg->aggsum;
  if (builds) *builds = amg->builds;
  if (refreshes) *refreshes = amg->refreshes;
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
  PCTriAMGSetCoarseSize - Sets the number of global rows at which `PCTRIAMG` stops coarsening

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context
- n - the value

  Options Database Key:
. -pc_triamg_coarse_size <n> - the coarse size (default 1000)

  Level: intermediate

  Note:
  The coarsest level is solved directly (LU on one rank, `PCREDUNDANT` with MPI; `-mg_coarse_` options change it).
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
- type - a `PCType`: `PCMOSD` (default), `PCALGTRI`, `PCJACOBI`, ...

  Options Database Key:
. -pc_triamg_coarser_smoother_type <mosd> - the smoothers' PC

  Level: intermediate

  Note:
  The Galerkin operators of a smoothed prolongator have positive off-diagonal entries, and the tridiagonal part of
  such an operator along a path of its forest can be indefinite: `PCALGTRI` there made Chebyshev smoothing diverge
  (ANISO1 on 2 ranks, 128^2: a preconditioned eigenvalue near -170 on the third level, 25 GMRES iterations instead
  of 6). `PCJACOBI` is safe for the symmetric problems but loses grid independence on convection-diffusion (49
  iterations at 256^2 against 10 at 64^2). `PCMOSD` kept every model problem of tests/ex9 grid independent on 1, 2 and
  3 ranks. The finest level, the user's operator, keeps its own smoother (`PCTriAMGSetSmootherType()`).

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

/*MC
  PCTRIAMG - "triamg": algebraic multigrid whose aggregates follow the linear forest of trisplit and whose smoothers
  are trisplit's tridiagonal preconditioners

  Options Database Keys:
+ -pc_triamg_aggregate_size <4>            - vertices per aggregate along a path of the forest
. -pc_triamg_coarse_size <1000>            - coarsen until at most this many global rows
. -pc_triamg_max_levels <30>               - the most levels
. -pc_triamg_smooth_prolongator <true>     - P = (I - omega D^-1 A) P0
. -pc_triamg_smooth_levels <all>           - ... on this many of the finest levels only
. -pc_triamg_smooth_threshold <0.25>       - ... with A's weak entries lumped into the diagonal
. -pc_triamg_smoother_type <algtri>        - the finest level smoother's PC
. -pc_triamg_coarser_smoother_type <mosd> - the PC of the smoothers below the finest level
. -pc_triamg_smoother_sweeps <1>           - smoother iterations (Chebyshev by default) per smoothing
- -pc_triamg_reuse_interpolation <true>    - keep aggregates and prolongators across `SAME_NONZERO_PATTERN` updates

  Level: intermediate

  Notes:
  On every level the smoother's PC (`PCALGTRI` by default) computes the linear forest of the level's local diagonal
  block, which orders the unknowns along paths of strong couplings. The aggregates are consecutive segments of
  those paths (`PCTriAMGSetAggregateSize()`), so the coarsening follows the strong direction of anisotropic problems
  and never crosses a rank boundary. The prolongator is piecewise constant on the aggregates, by default smoothed
  by one damped Jacobi step with A's weak entries lumped into the diagonal (`PCTriAMGSetSmoothThreshold()`), and
  the coarse operators are the Galerkin products P^T A P. On one rank both are trisplit kernels (the same result on
  the host and on the device, bit for bit). Across ranks the product is `MatPtAP()`, and the smoothing puts a row's
  couplings to another rank into the columns of that rank's aggregates. Smoothing stops at the first level whose
  coarse operator has more nonzeros than the level above.
  On the device (`MATAIJCUSPARSE`) the whole hierarchy is built on the GPU; only the aggregate ids (one integer per
  row) and the new matrices' patterns, which PETSc keeps on the host as well, are copied to the host, never A's
  local block (across ranks also its diagonal and its entries in other ranks' columns).

  `PCTRIAMG` is a `PCMG`: the cycle (-pc_mg_cycle_type), the smoothers (-mg_levels_ksp_type, -mg_levels_pc_type,
  -mg_levels_pc_algtri_*), the coarse solve (-mg_coarse_ksp_type, -mg_coarse_pc_type) and -ksp_view work as for
  `PCMG`; the number of levels is chosen by the PC (-pc_mg_levels is refused). The smoothers' forest options are read
  with the prefix -mg_levels_ before the levels are numbered, so options for one level (-mg_levels_2_...) do not
  reach the forest. `PCView()` prints the hierarchy: rows and nonzeros per level, the mean aggregate size, the
  operator and grid complexities.

.seealso: `PCMG`, `PCGAMG`, `PCALGTRI`, `PCTriAMGSetAggregateSize()`, `PCTriAMGSetSmootherType()`, `PCTriAMGSetSmoothProlongator()`, `PCTriAMGSetSmoothThreshold()`
M*/
PETSC_INTERN PetscErrorCode PCCreate_TriAMG(PC pc)
{
  PC_MG     *mg;
  PC_TriAMG *amg;

  PetscFunctionBegin;
  PetscCall(PCSetType(pc, PCMG));
  PetscCall(PetscObjectChangeTypeName((PetscObject)pc, PCTRIAMG));
  PetscCall(PetscNew(&amg));
  mg               = (PC_MG *)pc->data;
  mg->innerctx     = amg;
  amg->agg_size    = 4;
  amg->coarse_size = 1000;
  amg->max_levels  = TRIAMG_MAXLEVELS;
  amg->smooth_p    = PETSC_TRUE;
  amg->smooth_levels = TRIAMG_MAXLEVELS;
  amg->smooth_threshold = TRIAMG_SMOOTH_THRESHOLD;
  amg->reuse       = PETSC_TRUE;
  amg->sweeps      = 1;
  PetscCall(PetscStrncpy(amg->smoother, PCALGTRI, sizeof(amg->smoother)));
  PetscCall(PetscStrncpy(amg->csmoother, PCMOSD, sizeof(amg->csmoother)));
  PetscCall(PCMGSetGalerkin(pc, PC_MG_GALERKIN_EXTERNAL));

  /* PCMG's operations, called around the hierarchy */
  amg->mg_setup           = pc->ops->setup;
  amg->mg_reset           = pc->ops->reset;
  amg->mg_destroy         = pc->ops->destroy;
  amg->mg_setfromoptions  = pc->ops->setfromoptions;
  pc->ops->setup          = PCSetUp_TriAMG;
  pc->ops->reset          = PCReset_TriAMG;
  pc->ops->destroy        = PCDestroy_TriAMG;
  pc->ops->setfromoptions = PCSetFromOptions_TriAMG;
  mg->view                = PCView_TriAMG;

  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetAggregateSize_C", PCTriAMGSetAggregateSize_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetAggregateSize_C", PCTriAMGGetAggregateSize_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetCoarseSize_C", PCTriAMGSetCoarseSize_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetCoarseSize_C", PCTriAMGGetCoarseSize_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetMaxLevels_C", PCTriAMGSetMaxLevels_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetMaxLevels_C", PCTriAMGGetMaxLevels_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetSmoothProlongator_C", PCTriAMGSetSmoothProlongator_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetSmoothProlongator_C", PCTriAMGGetSmoothProlongator_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetSmootherType_C", PCTriAMGSetSmootherType_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetSmootherType_C", PCTriAMGGetSmootherType_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetSmootherSweeps_C", PCTriAMGSetSmootherSweeps_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetSmootherSweeps_C", PCTriAMGGetSmootherSweeps_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetReuseInterpolation_C", PCTriAMGSetReuseInterpolation_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetReuseInterpolation_C", PCTriAMGGetReuseInterpolation_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetCoarserSmootherType_C", PCTriAMGSetCoarserSmootherType_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetCoarserSmootherType_C", PCTriAMGGetCoarserSmootherType_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetSmoothLevels_C", PCTriAMGSetSmoothLevels_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetSmoothLevels_C", PCTriAMGGetSmoothLevels_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGSetSmoothThreshold_C", PCTriAMGSetSmoothThreshold_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetSmoothThreshold_C", PCTriAMGGetSmoothThreshold_TriAMG));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCTriAMGGetHierarchy_C", PCTriAMGGetHierarchy_TriAMG));
  PetscFunctionReturn(PETSC_SUCCESS);
}
