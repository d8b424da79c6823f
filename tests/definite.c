/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "The cut of a symmetric factor where it stops being positive definite (-pc_algtri_definite_paths):\n\
A = pentadiag(0.2, 0.6, 1, 0.6, 0.2) is symmetric positive definite (its symbol 1 + 1.2 cos t + 0.4 cos 2t is\n\
above 0.15), its forest is the one path along the 0.6 couplings, and that path's factor tridiag(0.6, 1, 0.6)\n\
is indefinite. CG with algtri converges with the cut and stops with DIVERGED_INDEFINITE_PC without it.\n\
  -n <1000>: rows\n\n";

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <petscksp.h>
#include <trisplit.h>
#if !PETSC_VERSION_GE(3, 19, 0) && !defined(PETSC_SUCCESS)
  #define PETSC_SUCCESS 0 /* PetscErrorCode's success value, named since PETSc 3.19 */
#endif

/* the number N of "factor 0: N symmetric links cut" in the PC's view (an ASCII viewer on a memory stream), 0 if the
   view has no such line */
static PetscErrorCode LinksCut(PC pc, PetscInt *ncut)
{
  PetscViewer viewer;
  char       *text = NULL;
  size_t      len  = 0;
  FILE       *fp   = open_memstream(&text, &len);
  const char *line;

  PetscFunctionBegin;
  PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_SYS, "open_memstream() failed");
  PetscCall(PetscViewerASCIIOpenWithFILE(PETSC_COMM_SELF, fp, &viewer));
  PetscCall(PCView(pc, viewer));
  PetscCall(PetscViewerDestroy(&viewer));
  fclose(fp);
  line  = strstr(text, "factor 0: ");
  *ncut = line && strstr(line, "symmetric link") ? (PetscInt)strtol(line + strlen("factor 0: "), NULL, 10) : 0;
  free(text);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* CG with algtri on A x = A x_true: the links cut, the reason, the iterations, the relative error; definite: the
   setter's value, or (-1) the default or the options' */
static PetscErrorCode Solve(Mat A, Vec x_true, PetscInt definite)
{
  KSP                ksp;
  PC                 pc;
  Vec                x, b;
  KSPConvergedReason reason;
  PetscInt           its, ncut;
  PetscReal          err, norm;
  PetscBool          on;

  PetscFunctionBegin;
  PetscCall(MatCreateVecs(A, &x, &b));
  PetscCall(MatMult(A, x_true, b));
  PetscCall(KSPCreate(PetscObjectComm((PetscObject)A), &ksp));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPSetType(ksp, KSPCG));
  PetscCall(KSPSetTolerances(ksp, 1e-8, PETSC_DEFAULT, PETSC_DEFAULT, 500));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, PCALGTRI));
  PetscCall(KSPSetFromOptions(ksp));
  if (definite >= 0) PetscCall(PCTriSplitSetDefinitePaths(pc, (PetscBool)definite));
  PetscCall(PCTriSplitGetDefinitePaths(pc, &on));
  PetscCall(KSPSolve(ksp, b, x));
  PetscCall(KSPGetConvergedReason(ksp, &reason));
  PetscCall(KSPGetIterationNumber(ksp, &its));
  PetscCall(LinksCut(pc, &ncut));
  PetscCall(VecAXPY(x, -1.0, x_true));
  PetscCall(VecNorm(x, NORM_2, &err));
  PetscCall(VecNorm(x_true, NORM_2, &norm));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "definite paths %s%s: %" PetscInt_FMT " links cut\n", on ? "on" : "off", definite < 0 ? " (default or options)" : " (PCTriSplitSetDefinitePaths())", ncut));
  if (reason > 0) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  CG %s in at most %" PetscInt_FMT " iterations (rounded up to tens), relative error below 1e-6: %s\n", KSPConvergedReasons[reason], 10 * ((its + 9) / 10), err < 1e-6 * norm ? "yes" : "no"));
  else PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  CG %s\n", KSPConvergedReasons[reason]));
  PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&b));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  Mat         A;
  Vec         x_true;
  PetscInt    n = 1000, lo, hi;
  PetscScalar *xa;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriSplitInitializePackage());
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(MatCreate(PETSC_COMM_WORLD, &A));
  PetscCall(MatSetSizes(A, PETSC_DECIDE, PETSC_DECIDE, n, n));
  PetscCall(MatSetFromOptions(A));
  PetscCall(MatSeqAIJSetPreallocation(A, 5, NULL));
  PetscCall(MatMPIAIJSetPreallocation(A, 5, NULL, 2, NULL));
  PetscCall(MatGetOwnershipRange(A, &lo, &hi));
  for (PetscInt i = lo; i < hi; i++) {
    const PetscScalar v[5] = {0.2, 0.6, 1.0, 0.6, 0.2};

    for (PetscInt k = -2; k <= 2; k++)
      if (i + k >= 0 && i + k < n) PetscCall(MatSetValue(A, i, i + k, v[k + 2], INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatCreateVecs(A, &x_true, NULL));
  PetscCall(VecGetArray(x_true, &xa));
  for (PetscInt i = lo; i < hi; i++) xa[i - lo] = PetscSinReal(16 * PETSC_PI * i / n) + 0.5;
  PetscCall(VecRestoreArray(x_true, &xa));
  PetscCall(Solve(A, x_true, -1));
  PetscCall(Solve(A, x_true, PETSC_FALSE));
  PetscCall(VecDestroy(&x_true));
  PetscCall(MatDestroy(&A));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST

  build:
    requires: !complex double

  test:
    suffix: serial

  # the option: the first solve too without the cut
  test:
    suffix: option
    args: -pc_algtri_definite_paths false

  test:
    suffix: cuda
    requires: cuda
    args: -mat_type aijcusparse
    output_file: output/definite_serial.out

TEST*/
