/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "Time stepping with a trisplit preconditioner set up through the C API: the forest is built once\n\
and reused while the operator keeps its nonzero pattern.\n\n\
Step k = 0..steps-1 solves A_k x = b_k with A_k = f_k A + s_k I, f_k = 1 + 0.2 sin k,\n\
s_k = 0.01 (1 + 0.5 cos k), A the 9-point ANISO1 stencil (strong couplings along x) on an n x n grid,\n\
b_k = A_k x_exact. KSPSetOperators() every step; PETSc sees new values with the same pattern\n\
(SAME_NONZERO_PATTERN), so the PC refreshes its tridiagonal factors but keeps forest and permutation.\n\
  -type <algtri,mosd,altsplit,mosa>  the PC, configured with its C setters (-pc_<type>_* options still apply)\n\
  -n <64>                            grid points per direction\n\
  -steps <20>                        time steps\n\
  -m <2>                             factors of mosd, altsplit and mosa\n\
  -view_numbers                      print f_k, s_k and the error of every step\n\n";

#include <petscksp.h>
#include <trisplit.h>
#include "problems.h" /* AssembleMatrix(): the model problems of ex1 */

typedef enum {
  EX3_ALGTRI,
  EX3_MOSD,
  EX3_ALTSPLIT,
  EX3_MOSA
} Ex3Type;
static const char *const Ex3Types[] = {"algtri", "mosd", "altsplit", "mosa", "Ex3Type", "EX3_", NULL};

/* The PC through the C API: type and the setters of that type */
static PetscErrorCode ConfigurePC(PC pc, Ex3Type type, PetscInt m)
{
  PetscFunctionBegin;
  switch (type) {
  case EX3_ALGTRI:
    PetscCall(PCSetType(pc, PCALGTRI));
    PetscCall(PCTriSplitSetPivoting(pc, PCTRISPLIT_PIVOTING_SCALED));
    PetscCall(PCTriSplitSetWeight(pc, PCTRISPLIT_WEIGHT_SCALED));
    PetscCall(PCTriSplitSetFactorIterations(pc, 5));
    PetscCall(PCTriSplitSetReuseForest(pc, PETSC_TRUE));
    break;
  case EX3_MOSD:
    PetscCall(PCSetType(pc, PCMOSD));
    PetscCall(PCTriSplitSetM(pc, m));
    break;
  case EX3_ALTSPLIT:
    PetscCall(PCSetType(pc, PCALTSPLIT));
    PetscCall(PCAltSplitSetType(pc, PC_ALTSPLIT_INNER));
    PetscCall(PCTriSplitSetM(pc, m));
    break;
  case EX3_MOSA:
    PetscCall(PCSetType(pc, PCMOSA));
    PetscCall(PCTriSplitSetM(pc, m));
    break;
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  Mat                A0, A;
  Vec                x, b, xexact;
  KSP                ksp;
  PC                 pc;
  Ex3Type            type = EX3_ALGTRI;
  PetscInt           n = 64, steps = 20, m = 2, its, total = 0, npaths0 = 0, longest0 = 0, changed = 0;
  PetscReal          cov0 = 0, covid0 = 0, err, nx, rtol;
  PetscBool          view_numbers = PETSC_FALSE, accurate = PETSC_TRUE, converged = PETSC_TRUE;
  PetscInt           rstart, rend;
  KSPConvergedReason reason;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriSplitInitializePackage());
  PetscOptionsBegin(PETSC_COMM_WORLD, NULL, "trisplit time stepping with forest reuse", "ex3");
  PetscCall(PetscOptionsEnum("-type", "Preconditioner", "ex3.c", Ex3Types, (PetscEnum)type, (PetscEnum *)&type, NULL));
  PetscCall(PetscOptionsInt("-n", "Grid points per direction", "ex3.c", n, &n, NULL));
  PetscCall(PetscOptionsInt("-steps", "Time steps", "ex3.c", steps, &steps, NULL));
  PetscCall(PetscOptionsInt("-m", "Factors of mosd, altsplit and mosa", "ex3.c", m, &m, NULL));
  PetscCall(PetscOptionsBool("-view_numbers", "Print f_k, s_k and the error of every step", "ex3.c", view_numbers, &view_numbers, NULL));
  PetscOptionsEnd();
  PetscCheck(n >= 2 && n <= 46340, PETSC_COMM_WORLD, PETSC_ERR_ARG_OUTOFRANGE, "-n must lie in [2, 46340]");
  PetscCheck(steps >= 1, PETSC_COMM_WORLD, PETSC_ERR_ARG_OUTOFRANGE, "-steps must be at least 1");

  /* A0 keeps the stencil, A is the operator of the current step: same nonzero pattern (the diagonal is in it) */
  PetscCall(AssembleMatrix(PROBLEM_ANISO1, n, 0, 0, 0, &A0)); /* eps, theta, peclet: only for rot, convdiff */
  PetscCall(MatDuplicate(A0, MAT_COPY_VALUES, &A));
  PetscCall(MatCreateVecs(A, &x, &b));
  PetscCall(VecDuplicate(x, &xexact));
  PetscCall(VecGetOwnershipRange(xexact, &rstart, &rend));
  for (PetscInt i = rstart; i < rend; i++) PetscCall(VecSetValue(xexact, i, PetscSinReal(16 * PETSC_PI * i / (n * n)), INSERT_VALUES));
  PetscCall(VecAssemblyBegin(xexact));
  PetscCall(VecAssemblyEnd(xexact));
  PetscCall(VecNorm(xexact, NORM_2, &nx));

  PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
  PetscCall(KSPSetType(ksp, KSPGMRES));
  PetscCall(KSPSetPCSide(ksp, PC_RIGHT));
  PetscCall(KSPSetTolerances(ksp, 1e-8, PETSC_DEFAULT, PETSC_DEFAULT, 10000));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(ConfigurePC(pc, type, m));
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(KSPGetTolerances(ksp, &rtol, NULL, NULL, NULL));

  for (PetscInt k = 0; k < steps; k++) {
    PetscReal f, s;

    /* A_k = f_k A0 + s_k I, written into the same matrix: its nonzero pattern does not change */
    PetscCall(SequenceOperator(A0, k, A, &f, &s));
    PetscCall(KSPSetOperators(ksp, A, A));
    PetscCall(MatMult(A, xexact, b));
    PetscCall(VecSet(x, 0.0));
    PetscCall(KSPSolve(ksp, b, x));
    PetscCall(KSPGetIterationNumber(ksp, &its));
    PetscCall(KSPGetConvergedReason(ksp, &reason));
    PetscCall(VecAXPY(x, -1.0, xexact));
    PetscCall(VecNorm(x, NORM_2, &err));
    err /= nx;
    total += its;
    if (reason <= 0) converged = PETSC_FALSE;
    if (err > 1e4 * rtol) accurate = PETSC_FALSE;
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "step %2" PetscInt_FMT ": %s in %" PetscInt_FMT " iterations\n", k, KSPConvergedReasons[reason], its));
    if (view_numbers) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  f = %.4f, s = %.5f, relative error %.3e\n", (double)f, (double)s, (double)err));

    if (type == EX3_ALGTRI) { /* the forest of the first step must survive every later one */
      PetscInt  npaths, longest;
      PetscReal cov, covid;

      PetscCall(PCTriSplitGetForest(pc, &npaths, &longest, &cov, &covid));
      if (k == 0) {
        npaths0  = npaths;
        longest0 = longest;
        cov0     = cov;
        covid0   = covid;
      } else if (npaths != npaths0 || longest != longest0 || cov != cov0 || covid != covid0) changed++;
    }
  }

  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &changed, 1, MPIU_INT, MPI_SUM, PETSC_COMM_WORLD)); /* every rank's forest */
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%" PetscInt_FMT " steps, %" PetscInt_FMT " iterations in all\n", steps, total));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "every step converged with relative error below 1e4 rtol: %s\n", converged && accurate ? "yes" : "no"));
  if (type == EX3_ALGTRI) {
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "forest of step 0 on rank 0: %" PetscInt_FMT " paths, longest %" PetscInt_FMT "\n", npaths0, longest0));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "forest statistics unchanged in the %" PetscInt_FMT " later steps (every rank): %s\n", steps - 1, changed ? "no" : "yes"));
  }

  PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&b));
  PetscCall(VecDestroy(&xexact));
  PetscCall(MatDestroy(&A));
  PetscCall(MatDestroy(&A0));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST

  build:
    requires: !complex double

  test:
    suffix: algtri
    args: -type algtri -n 64

  # -info names every reuse: 19 of the 20 setups keep the forest
  test:
    suffix: algtri_info
    requires: defined(PETSC_USE_INFO)
    args: -type algtri -n 32 -info
    filter: grep -c "reusing the forest"

  # without reuse every setup builds the forest again from the shifted matrix: its coverage moves
  test:
    suffix: algtri_noreuse
    args: -type algtri -n 32 -steps 4 -pc_algtri_reuse_forest 0

  test:
    suffix: algtri_mpi
    nsize: 2
    args: -type algtri -n 64

  test:
    suffix: mosd
    args: -type mosd -n 64

  test:
    suffix: altsplit
    args: -type altsplit -n 64

TEST*/
