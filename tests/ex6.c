/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "Tests PCMatApply() of the trisplit preconditioners (algtri, MOS-d, ALT-i) against column-by-column\n\
PCApply(), that ALT-o refuses it, and KSPMatSolve() against KSPSolve() per column. Works with -mat_type\n\
aijcusparse -vec_type cuda and with MPI.\n\
  -n <64>   grid points per direction of ANISO2\n\n";

#include <petscksp.h>
#include <trisplit.h>
#include "../tutorials/problems.h"

int main(int argc, char **argv)
{
  Mat         A, X, Y;
  Vec         x, y;
  PetscInt    n = 64, N;
  const struct {
    const char *name;
    PCType      type;
    PetscInt    m;
  } pcs[] = {
    {"algtri",        PCALGTRI,   1},
    {"mosd m=2",      PCMOSD,     2},
    {"mosd m=3",      PCMOSD,     3},
    {"altsplit m=1",  PCALTSPLIT, 1},
    {"altsplit m=2",  PCALTSPLIT, 2},
    {"altsplit m=3",  PCALTSPLIT, 3},
    {"mosa m=2",      PCMOSA,     2}
  };
  PetscInt    cols[] = {1, 2, 4, 5, 9};
  char        vectype[64] = "";
  MatType     dense;
  PetscBool   has_mat_type, gpu;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriSplitInitializePackage());
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-vec_type", vectype, sizeof(vectype), NULL));
  PetscCall(PetscOptionsHasName(NULL, NULL, "-mat_type", &has_mat_type)); /* the matrix type follows -vec_type below */
  gpu   = (PetscBool)(strstr(vectype, "cuda") != NULL);
  dense = gpu ? MATDENSECUDA : MATDENSE;
  PetscCall(AssembleStencil(PETSC_COMM_WORLD, FixedStencils[PROBLEM_ANISO2], n, MATAIJ, &A));
  if (gpu) PetscCall(MatConvert(A, MATAIJCUSPARSE, MAT_INPLACE_MATRIX, &A));
  N = n * n;
  PetscCall(MatCreateVecs(A, &x, &y));

  for (size_t p = 0; p < sizeof(pcs) / sizeof(pcs[0]); p++) {
    PC pc;

    PetscCall(PCCreate(PETSC_COMM_WORLD, &pc));
    PetscCall(PCSetType(pc, pcs[p].type));
    PetscCall(PCSetOperators(pc, A, A));
    PetscCall(PCTriSplitSetM(pc, pcs[p].m));
    PetscCall(PCTriSplitSetM(pc, pcs[p].m));
    PetscCall(PCTriSplitSetM(pc, pcs[p].m));
    PetscCall(PCSetFromOptions(pc));
    PetscCall(PCSetUp(pc));
    for (size_t c = 0; c < sizeof(cols) / sizeof(cols[0]); c++) {
      PetscReal maxdiff = 0;

      PetscCall(MatCreateDense(PETSC_COMM_WORLD, PETSC_DECIDE, PETSC_DECIDE, N, cols[c], NULL, &X));
      PetscCall(MatConvert(X, dense, MAT_INPLACE_MATRIX, &X));
      PetscCall(MatSetRandom(X, NULL));
      PetscCall(MatDuplicate(X, MAT_DO_NOT_COPY_VALUES, &Y));
      PetscCall(PCMatApply(pc, X, Y));
      for (PetscInt j = 0; j < cols[c]; j++) {
        PetscReal d, ny;

        PetscCall(MatGetColumnVector(X, x, j));
        PetscCall(PCApply(pc, x, y));
        PetscCall(MatGetColumnVector(Y, x, j));
        PetscCall(VecAXPY(x, -1.0, y));
        PetscCall(VecNorm(x, NORM_2, &d));
        PetscCall(VecNorm(y, NORM_2, &ny));
        maxdiff = PetscMax(maxdiff, d / ny);
      }
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: PCMatApply with %" PetscInt_FMT " columns equals PCApply per column: %s\n", pcs[p].name, cols[c], maxdiff <= 1e-13 ? "yes" : "no"));
      PetscCall(MatDestroy(&X));
      PetscCall(MatDestroy(&Y));
    }
    PetscCall(PCDestroy(&pc));
  }

  /* ALT-o is no fixed operator: PCMatApply() must refuse it (m > 1) */
  {
    PC             pc;
    PetscErrorCode ierr;

    PetscCall(PCCreate(PETSC_COMM_WORLD, &pc));
    PetscCall(PCSetType(pc, PCALTSPLIT));
    PetscCall(PCSetOperators(pc, A, A));
    PetscCall(PCTriSplitSetM(pc, 2));
    PetscCall(PCAltSplitSetType(pc, PC_ALTSPLIT_OUTER));
    PetscCall(PCSetUp(pc));
    PetscCall(MatCreateDense(PETSC_COMM_WORLD, PETSC_DECIDE, PETSC_DECIDE, N, 2, NULL, &X));
    PetscCall(MatConvert(X, dense, MAT_INPLACE_MATRIX, &X));
    PetscCall(MatSetRandom(X, NULL));
    PetscCall(MatDuplicate(X, MAT_DO_NOT_COPY_VALUES, &Y));
    PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
    ierr = PCMatApply(pc, X, Y);
    PetscCall(PetscPopErrorHandler());
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "altsplit outer m=2: PCMatApply refused with PETSC_ERR_SUP: %s\n", ierr == PETSC_ERR_SUP ? "yes" : "no"));
    PetscCall(MatDestroy(&X));
    PetscCall(MatDestroy(&Y));
    PetscCall(PCDestroy(&pc));
  }

  /* KSPMatSolve with algtri: every column converges as with KSPSolve */
  {
    KSP       ksp;
    PC        pc;
    Mat       B;
    PetscInt  its_single = 0;
    PetscReal worst = 0, nb;

    PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
    PetscCall(KSPSetOperators(ksp, A, A));
    PetscCall(KSPGetPC(ksp, &pc));
    PetscCall(PCSetType(pc, PCALGTRI));
    PetscCall(KSPSetTolerances(ksp, 1e-8, PETSC_DEFAULT, PETSC_DEFAULT, 2000));
    PetscCall(KSPSetFromOptions(ksp));
    PetscCall(MatCreateDense(PETSC_COMM_WORLD, PETSC_DECIDE, PETSC_DECIDE, N, 4, NULL, &B));
    PetscCall(MatConvert(B, dense, MAT_INPLACE_MATRIX, &B));
    PetscCall(MatSetRandom(B, NULL));
    PetscCall(MatDuplicate(B, MAT_DO_NOT_COPY_VALUES, &X));
    PetscCall(KSPMatSolve(ksp, B, X));
    for (PetscInt j = 0; j < 4; j++) {
      PetscReal r;

      PetscCall(MatGetColumnVector(X, x, j));
      PetscCall(MatMult(A, x, y));
      PetscCall(MatGetColumnVector(B, x, j));
      PetscCall(VecNorm(x, NORM_2, &nb));
      PetscCall(VecAXPY(y, -1.0, x));
      PetscCall(VecNorm(y, NORM_2, &r));
      worst = PetscMax(worst, r / nb);
    }
    PetscCall(MatGetColumnVector(B, x, 0));
    PetscCall(KSPSolve(ksp, x, y));
    PetscCall(KSPGetIterationNumber(ksp, &its_single));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "KSPMatSolve with algtri: every column's relative residual below 1e-7: %s (single solve converged: %s)\n", worst <= 1e-7 ? "yes" : "no", its_single > 0 ? "yes" : "no"));
    PetscCall(MatDestroy(&B));
    PetscCall(MatDestroy(&X));
    PetscCall(KSPDestroy(&ksp));
  }
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(MatDestroy(&A));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST

  build:
    requires: !complex double

  test:
    suffix: host

  test:
    suffix: host_mpi
    nsize: {{2 3}}
    output_file: output/ex6_host.out

  test:
    suffix: cuda
    requires: cuda
    args: -mat_type aijcusparse -vec_type cuda

  # PCMatApply across ranks on one GPU (each rank its own GPU where there are several)
  test:
    suffix: cuda_mpi
    requires: cuda
    nsize: {{2 3}}
    args: -mat_type aijcusparse -vec_type cuda
    output_file: output/ex6_host.out

TEST*/
