/* SPDX-License-Identifier: BSD-2-Clause */
/*
   PCTRIAMG's smoothing and cycle: the Chebyshev smoothers' eigenvalue bounds from triamg's own estimate of
   rho(M^-1 A), and the lean V-cycle.

   The bounds. PETSc's Chebyshev estimates the spectrum of each level by 10 GMRES iterations of M^-1 A, whose
   orthogonalizations wait on the device at every step (on the GPU about a quarter of triamg's setup). Here the
   estimate is the power method on the level's own operator and smoother PC, unnormalized, so that its steps are
   launches without a wait and only one read of all levels' norms at the end synchronizes; the bounds are PETSc's
   default transform of it (0.1 rho, 1.1 rho), and a refresh recomputes them. Options that give a level's Chebyshev
   its own bounds (-mg_levels_ksp_chebyshev_eigenvalues, -mg_levels_ksp_chebyshev_esteig) keep PETSc's way.

   The cycle. With the default smoothing (one Chebyshev sweep, x += scale M^-1 (b - A x) with scale 2 / (emax + emin))
   PCMG's V-cycle spends most of its launches on KSP bookkeeping: a product with the zero initial guess, copies and
   the Krylov solver's own checks on every level. The lean cycle applies the same operations directly (the level's
   PC, MatResidual(), MatRestrict(), MatInterpolateAdd() and the coarse KSP) and gives PCMG's result up to rounding.
   It is chosen at setup, and only where the cycle is PCMG's default one; any other configuration (-pc_mg_type,
   -pc_mg_cycle_type w, -mg_levels_ksp_type, -mg_levels_ksp_max_it, monitors, -pc_mg_log, ...) runs PCMG's.
*/
#include <trisplit/private/triamgimpl.h>
#include <petsc/private/kspimpl.h> /* a level KSP's monitors and transpose flag */

/* steps of the smoothers' power method: as many as PETSc's GMRES estimate takes */
#define TSP_TRIAMG_SMOOTHER_STEPS 10

/* k = 1..K steps of x_k = M^-1 A x_{k-1} from the backend's hashed start vector x_0, not normalized (the squared
   norm of a growth of rho^10 stays finite for any rho below 1e15; beyond, the estimate is not finite), and |x_k|^2
   of the last four queued into the slots first .. first + 3 of acc (ops.norm): on the device launches without a
   wait */
static PetscErrorCode TSPTriAMGPowerSteps(TSPTriAMG *amg, Mat A, PC spc, void *acc, PetscInt first)
{
  const PetscInt K = TSP_TRIAMG_SMOOTHER_STEPS;
  Vec            x, y, t;

  PetscFunctionBegin;
  PetscCall((*amg->ops.startvector)(A, &x)); /* the others duplicates of it: no new vector of A's type */
  PetscCall(VecDuplicate(x, &y));
  PetscCall(VecDuplicate(x, &t));
  for (PetscInt k = 1; k <= K; k++) {
    Vec s = x;

    PetscCall(MatMult(A, x, t));
    PetscCall(PCApply(spc, t, y));
    x = y;
    y = s;
    if (k >= K - 3) PetscCall((*amg->ops.norm)(acc, first + k - (K - 3), x));
  }
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(VecDestroy(&t));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* rho(M^-1 A) from the ratios r_k = |x_k| / |x_{k-1}| of the last four iterates' squared norms sq. The ratios
   approach rho from below, slowly where the top of the spectrum is clustered (bodyy4: 14% below PETSc's GMRES
   estimate after 10 steps, 4% after 30), and a bound below rho lets the Chebyshev smoother amplify the top modes; so
   the last three ratios, where they rise monotonically, are extrapolated by Aitken's delta-squared, at most to
   1.5 r_k. */
static PetscReal TSPTriAMGPowerRadius(const PetscReal sq[4])
{
  PetscReal r[3], rho, d1, d2;

  for (PetscInt j = 0; j < 3; j++) r[j] = sq[j] > 0 ? PetscSqrtReal(sq[j + 1] / sq[j]) : 0;
  rho = r[2];
  d1  = r[1] - r[0];
  d2  = r[2] - r[1];
  if (d1 > 0 && d2 > 0 && d2 < d1) rho = PetscMin(r[2] + d2 * d2 / (d1 - d2), 1.5 * r[2]);
  return rho;
}

/* Whether the options give the smoother's Chebyshev bounds of its own */
static PetscErrorCode TSPTriAMGUserBounds(KSP ksp, PetscBool *user)
{
  const char *prefix;
  PetscBool   eig, est;

  PetscFunctionBegin;
  PetscCall(KSPGetOptionsPrefix(ksp, &prefix));
  PetscCall(PetscOptionsHasName(((PetscObject)ksp)->options, prefix, "-ksp_chebyshev_eigenvalues", &eig));
  PetscCall(PetscOptionsHasName(((PetscObject)ksp)->options, prefix, "-ksp_chebyshev_esteig", &est));
  *user = (PetscBool)(eig || est);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The bounds of every Chebyshev smoother from triamg's estimate (amg->scale[l] = 2 / (emax + emin), 0 where PETSc
   estimates: options of the level's own, another KSP, an estimate that is not finite). At a build this comes before
   PCMG's setup, whose KSPSetUp() would otherwise run PETSc's estimate; at a refresh after it, once the smoothers'
   PCs hold the new values (Chebyshev reads its bounds when it solves). The levels' steps are queued one level after
   another and their norms read once at the end (one wait on the device, one reduction across ranks), so that no
   level waits for the one before. */
PetscErrorCode TSPTriAMGSmootherBounds(PC pc, TSPTriAMG *amg)
{
  const PetscInt L = amg->nlevels;
  PetscInt       nest = 0, level[TSP_TRIAMG_MAXLEVELS];
  KSP            ksp[TSP_TRIAMG_MAXLEVELS];
  PetscReal      sq[4 * TSP_TRIAMG_MAXLEVELS];
  void          *acc = NULL;

  PetscFunctionBegin;
  for (PetscInt l = 0; l + 1 < L; l++) {
    PetscBool cheb, user = PETSC_FALSE;

    amg->scale[l] = 0;
    PetscCall(PCMGGetSmoother(pc, L - 1 - l, &ksp[nest]));
    PetscCall(PetscObjectTypeCompare((PetscObject)ksp[nest], KSPCHEBYSHEV, &cheb));
    if (!cheb) continue;
    PetscCall(TSPTriAMGUserBounds(ksp[nest], &user));
    if (user) continue;
    level[nest++] = l;
  }
  if (!nest) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscLogEventBegin(TriSplit_AMGEstimate, pc, 0, 0, 0));
  PetscCall((*amg->ops.normsbegin)(4 * nest, &acc));
  for (PetscInt j = 0; j < nest; j++) {
    Mat A;
    PC  spc;

    PetscCall(KSPGetPC(ksp[j], &spc));
    PetscCall(KSPGetOperators(ksp[j], &A, NULL));
    PetscCall(TSPTriAMGPowerSteps(amg, A, spc, acc, 4 * j));
  }
  PetscCall((*amg->ops.normsend)(&acc, 4 * nest, sq));
  PetscCallMPI(MPIU_Allreduce(MPI_IN_PLACE, sq, (PetscMPIInt)(4 * nest), MPIU_REAL, MPIU_SUM, PetscObjectComm((PetscObject)pc)));
  for (PetscInt j = 0; j < nest; j++) {
    const PetscInt  l   = level[j];
    const PetscReal rho = TSPTriAMGPowerRadius(sq + 4 * j);

    if (PetscIsInfOrNanReal(rho) || rho <= 0) { /* PETSc's GMRES estimate instead */
      PetscCall(PetscInfo(pc, "level %" PetscInt_FMT ": the smoother's power method gave %g, Chebyshev estimates its bounds itself\n", l, (double)rho));
      PetscCall(KSPChebyshevEstEigSet(ksp[j], PETSC_DECIDE, PETSC_DECIDE, PETSC_DECIDE, PETSC_DECIDE));
      continue;
    }
    PetscCall(KSPChebyshevSetEigenvalues(ksp[j], 1.1 * rho, 0.1 * rho));
    amg->scale[l] = 2.0 / (1.1 * rho + 0.1 * rho);
  }
  PetscCall(PetscLogEventEnd(TriSplit_AMGEstimate, pc, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Whether PCMG's level i (its numbering) smooths as the lean cycle does: one sweep of first-kind Chebyshev with
   triamg's bounds and the level's PC, the same KSP before and after, the default residual, nothing watching */
static PetscErrorCode TSPTriAMGLeanLevel(PC pc, TSPTriAMG *amg, PetscInt i, PetscBool *lean)
{
  PC_MG_Levels *lev = ((PC_MG *)pc->data)->levels[i];
  PetscInt      l   = amg->nlevels - 1 - i, max_it;
  KSP           ksp = lev->smoothd;
  PC            kpc;
  PetscBool     cheb;

  PetscFunctionBegin;
  *lean = PETSC_FALSE;
  if (lev->smoothu != ksp || lev->cr || lev->eventsmoothsolve || lev->residual != PCMGResidualDefault || !lev->r) PetscFunctionReturn(PETSC_SUCCESS);
  if (i > 1 && lev->cycles != 1) PetscFunctionReturn(PETSC_SUCCESS); /* PCMG runs one cycle below level 1 whatever it says */
  PetscCall(PetscObjectTypeCompare((PetscObject)ksp, KSPCHEBYSHEV, &cheb));
  if (!cheb || amg->scale[l] <= 0 || ksp->numbermonitors || ksp->transpose_solve) PetscFunctionReturn(PETSC_SUCCESS);
#if PETSC_VERSION_GE(3, 19, 0)
  {
    KSPChebyshevKind kind;

    PetscCall(KSPChebyshevGetKind(ksp, &kind));
    if (kind != KSP_CHEBYSHEV_FIRST) PetscFunctionReturn(PETSC_SUCCESS);
  }
#endif
  PetscCall(KSPGetTolerances(ksp, NULL, NULL, NULL, &max_it));
  if (max_it != 1) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(KSPGetPC(ksp, &kpc));
  if (kpc != amg->spc[l]) PetscFunctionReturn(PETSC_SUCCESS);
  { /* a PC that changes b in KSPSolve()'s PCPreSolve() (PCPreSolveChangeRHS() is PETSc's own) */
    PetscErrorCode (*changes)(PC, PetscBool *) = NULL;
    PetscBool change                           = PETSC_FALSE;

    PetscCall(PetscObjectQueryFunction((PetscObject)kpc, "PCPreSolveChangeRHS_C", &changes));
    if (changes) PetscCall((*changes)(kpc, &change));
    if (change) PetscFunctionReturn(PETSC_SUCCESS);
  }
  *lean = PETSC_TRUE;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCApply_TriAMGLean(PC, Vec, Vec);

/* The cycle of the PCApply()s to come, chosen once per setup (and by PCTriAMGSetLeanCycle()): the lean V-cycle
   where the option asks for it and every level smooths as it does, else PCMG's */
PetscErrorCode TSPTriAMGChooseCycle(PC pc, TSPTriAMG *amg)
{
  PC_MG    *mg   = (PC_MG *)pc->data;
  PetscInt  L    = amg->nlevels;
  PetscBool lean = (PetscBool)(amg->params.lean_cycle && L > 1 && mg->am == PC_MG_MULTIPLICATIVE && mg->cyclesperpcapply == 1 && !mg->stageApply);

  PetscFunctionBegin;
  for (PetscInt i = 1; i < L && lean; i++) PetscCall(TSPTriAMGLeanLevel(pc, amg, i, &lean));
  /* every rank decides alike (the levels' settings are collective), but a rank must never run another cycle */
  PetscCallMPI(MPIU_Allreduce(MPI_IN_PLACE, &lean, 1, TriSplitMPIBool, MPI_LAND, PetscObjectComm((PetscObject)pc)));
  if (lean) { /* the post-smoother's M^-1 r, one vector per smoothing level, kept with the hierarchy */
    for (PetscInt l = 0; l + 1 < L; l++)
      if (!amg->work[l]) PetscCall(VecDuplicate(mg->levels[L - 1 - l]->r, &amg->work[l]));
  }
  amg->lean     = lean;
  pc->ops->apply = lean ? PCApply_TriAMGLean : amg->mg_apply;
  PetscCall(PetscInfo(pc, "%s\n", lean ? "the lean V-cycle" : "PCMG's cycle"));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* PCMG's level i (i = 0 the coarsest): x = V(b), as PCMGMCycle_Private() computes it with one Chebyshev sweep from
   the zero initial guess before and one after the coarse correction */
static PetscErrorCode TSPTriAMGLeanCycle(PC pc, TSPTriAMG *amg, PetscInt i, Vec b, Vec x)
{
  PC_MG_Levels **levels = ((PC_MG *)pc->data)->levels, *lev = levels[i], *lc;
  PetscInt       l      = amg->nlevels - 1 - i;
  Mat            A;

  PetscFunctionBegin;
  if (!i) {
    PetscCall(KSPSolve(lev->smoothd, b, x));
    PetscCall(KSPCheckSolve(lev->smoothd, pc, x));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  lc = levels[i - 1];
  PetscCall(KSPGetOperators(lev->smoothd, &A, NULL));
  PetscCall(PCApply(amg->spc[l], b, x)); /* b - A 0 = b */
  PetscCall(VecScale(x, amg->scale[l]));
  PetscCall(MatResidual(A, b, x, lev->r));
  PetscCall(MatRestrict(lev->restrct, lev->r, lc->b));
  PetscCall(TSPTriAMGLeanCycle(pc, amg, i - 1, lc->b, lc->x));
  PetscCall(MatInterpolateAdd(lev->interpolate, lc->x, x, x));
  PetscCall(MatResidual(A, b, x, lev->r));
  PetscCall(PCApply(amg->spc[l], lev->r, amg->work[l]));
  PetscCall(VecAXPY(x, amg->scale[l], amg->work[l]));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCApply_TriAMGLean(PC pc, Vec b, Vec x)
{
  TSPTriAMG *amg = TSPTriAMGFromPC(pc);

  PetscFunctionBegin;
  PetscCall(TSPTriAMGLeanCycle(pc, amg, amg->nlevels - 1, b, x));
  PetscFunctionReturn(PETSC_SUCCESS);
}
