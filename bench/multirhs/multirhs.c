/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "Per-column cost of PCMatApply() against PCApply() column by column, for 1, 2, 4, 8 and 32\n\
columns, on ANISO1 (-n 1200), for any PC (-pc_type algtri, mosd -pc_mosd_m 2, altsplit -pc_altsplit_m 2, ...).\n\
Run with -mat_type aijcusparse -vec_type cuda for the GPU. Timings: mean of -reps applications after one\n\
warm-up, the device synchronised around them. The last column is the relative difference of the first\n\
column of PCMatApply() from PCApply() (a check that both computed the same).\n\n";

#include <petscksp.h>
#include <trisplit.h>
#include "../../tutorials/problems.h" /* AssembleMatrix(): the model problems of the tutorials */
#if defined(PETSC_HAVE_CUDA)
  #include <petscdevice_cuda.h>
#endif

static PetscErrorCode Sync(void)
{
  PetscFunctionBegin;
#if defined(PETSC_HAVE_CUDA)
  PetscCallCUDA(cudaDeviceSynchronize());
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  Mat            A, X, Y;
  Vec            x, y;
  PC             pc;
  PetscInt       n = 1200, reps = 20, cols[] = {1, 2, 4, 8, 32}, rstart, rend;
  char           vectype[64] = "";
  MatType        dense;
  PetscLogDouble t0, t1;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriSplitInitializePackage());
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-reps", &reps, NULL));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-vec_type", vectype, sizeof(vectype), NULL));
  dense = strstr(vectype, "cuda") ? MATDENSECUDA : MATDENSE;
  PetscCall(AssembleMatrix(PROBLEM_ANISO1, n, 0, 0, 0, &A)); /* eps, theta, peclet: only for rot, convdiff */
  PetscCall(MatGetOwnershipRange(A, &rstart, &rend));
  PetscCall(MatCreateVecs(A, &x, &y));
  PetscCall(PCCreate(PETSC_COMM_WORLD, &pc));
  PetscCall(PCSetType(pc, PCALGTRI));
  PetscCall(PCSetOperators(pc, A, A));
  PetscCall(PCSetFromOptions(pc));
  PetscCall(PCSetUp(pc));
  {
    PCType type;

    PetscCall(PCGetType(pc, &type));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "pc %s, N %" PetscInt_FMT ", %s\n", type, n * n, strstr(vectype, "cuda") ? "GPU" : "host"));
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "columns, PCMatApply us per column, PCApply us per column, speedup per column, rel diff\n"));
  for (size_t c = 0; c < sizeof(cols) / sizeof(cols[0]); c++) {
    PetscLogDouble tmat, tvec;
    PetscReal      diff, norm;

    PetscCall(MatCreateDense(PETSC_COMM_WORLD, rend - rstart, PETSC_DECIDE, n * n, cols[c], NULL, &X));
    PetscCall(MatConvert(X, dense, MAT_INPLACE_MATRIX, &X));
    PetscCall(MatSetRandom(X, NULL));
    PetscCall(MatDuplicate(X, MAT_DO_NOT_COPY_VALUES, &Y));
    PetscCall(PCMatApply(pc, X, Y)); /* warm-up */
    PetscCall(Sync());
    PetscCall(PetscTime(&t0));
    for (PetscInt r = 0; r < reps; r++) PetscCall(PCMatApply(pc, X, Y));
    PetscCall(Sync());
    PetscCall(PetscTime(&t1));
    tmat = (t1 - t0) / reps / cols[c];
    PetscCall(MatGetColumnVector(X, x, 0));
    PetscCall(PCApply(pc, x, y));
    PetscCall(Sync());
    PetscCall(PetscTime(&t0));
    for (PetscInt r = 0; r < reps; r++)
      for (PetscInt j = 0; j < cols[c]; j++) PetscCall(PCApply(pc, x, y));
    PetscCall(Sync());
    PetscCall(PetscTime(&t1));
    tvec = (t1 - t0) / reps / cols[c];
    PetscCall(MatGetColumnVector(Y, x, 0)); /* y = PCApply() of column 0 */
    PetscCall(VecNorm(y, NORM_2, &norm));
    PetscCall(VecAXPY(x, -1.0, y));
    PetscCall(VecNorm(x, NORM_2, &diff));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%" PetscInt_FMT ", %.1f, %.1f, %.2f, %.1e\n", cols[c], tmat * 1e6, tvec * 1e6, tvec / tmat, (double)(diff / norm)));
    PetscCall(MatDestroy(&X));
    PetscCall(MatDestroy(&Y));
  }
  { /* the transposed apply against the plain one (the device solves with transposed bands) */
    PetscBool      has;
    PetscLogDouble tt[2];

    PetscCall(PCApplyTransposeExists(pc, &has));
    for (PetscInt t = 0; t < 2 && has; t++) {
      if (t) PetscCall(PCApplyTranspose(pc, x, y)); /* warm-up: builds the transposed bands */
      else PetscCall(PCApply(pc, x, y));
      PetscCall(Sync());
      PetscCall(PetscTime(&t0));
      for (PetscInt r = 0; r < reps; r++) {
        if (t) PetscCall(PCApplyTranspose(pc, x, y));
        else PetscCall(PCApply(pc, x, y));
      }
      PetscCall(Sync());
      PetscCall(PetscTime(&t1));
      tt[t] = (t1 - t0) / reps;
    }
    if (has) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "PCApplyTranspose %.1f us, PCApply %.1f us\n", tt[1] * 1e6, tt[0] * 1e6));
  }
  PetscCall(PCDestroy(&pc));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(MatDestroy(&A));
  PetscCall(PetscFinalize());
  return 0;
}
