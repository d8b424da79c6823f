static char help[] = "Tests PCMatApply() of the trisplit preconditioners against column-by-column PCApply(), and\n\
KSPMatSolve() against KSPSolve() per column. Works with -mat_type aijcusparse -vec_type cuda.\n\
  -n <64>   grid points per direction of ANISO2\n\n";

#include <petscksp.h>
#include <trisplit.h>
#include "stencil.h"

int main(int argc, char **argv)
{
  Mat         A, X, Y;
  Vec         x, y;
  PetscInt    n = 64, N;
  const char *pcs[]  = {PCALGTRI, PCMOSD, PCALTSPLIT};
  PetscInt    cols[] = {1, 2, 4, 5};
  char        vectype[64] = "";
  MatType     dense;
  PetscBool   has_mat_type;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriSplitInitializePackage());
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-vec_type", vectype, sizeof(vectype), NULL));
  PetscCall(PetscOptionsHasName(NULL, NULL, "-mat_type", &has_mat_type)); /* the matrix type follows -vec_type below */
  dense = strstr(vectype, "cuda") ? MATDENSECUDA : MATDENSE;
  PetscCall(StencilMatrix(PETSC_COMM_WORLD, stencils[1], n, &A));
  if (dense == MATDENSECUDA) PetscCall(MatConvert(A, MATAIJCUSPARSE, MAT_INPLACE_MATRIX, &A));
  N = n * n;
  PetscCall(MatCreateVecs(A, &x, &y));

  for (size_t p = 0; p < sizeof(pcs) / sizeof(pcs[0]); p++) {
    PC pc;

    PetscCall(PCCreate(PETSC_COMM_WORLD, &pc));
    PetscCall(PCSetType(pc, pcs[p]));
    PetscCall(PCSetOperators(pc, A, A));
    PetscCall(PCMOSDSetM(pc, 2));
    PetscCall(PCAltSplitSetM(pc, 2));
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
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: PCMatApply with %" PetscInt_FMT " columns equals PCApply per column: %s\n", pcs[p], cols[c], maxdiff <= 1e-13 ? "yes" : "no"));
      PetscCall(MatDestroy(&X));
      PetscCall(MatDestroy(&Y));
    }
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
    suffix: cuda
    requires: cuda
    args: -mat_type aijcusparse -vec_type cuda

TEST*/
