/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "Tests the rpts MatSolverType and MATTRIDIAG: -pc_type lu -pc_factor_mat_solver_type rpts on the\n\
tridiagonal test matrices of docs/algorithms.md 2.9 (forward error against LAPACK dgtsv on the same system), MatMatSolve()\n\
against column-by-column solves, MatSolveTranspose(), conversion to MATTRIDIAG, and the refusal of other patterns.\n\
Works with -mat_type aijcusparse -vec_type cuda (RPTS on the GPU).\n\
  -n <512>   rows\n\n";

#include <petscksp.h>
#include <trisplit.h>
#include "gallery/tridiag_gallery.h"
/* PETSc before 3.19 returns plain 0 from PetscFunctionReturn() */
#if !PETSC_VERSION_GE(3, 19, 0) && !defined(PETSC_SUCCESS)
  #define PETSC_SUCCESS 0
#endif

/* A (type from the options) with the given bands */
static PetscErrorCode BandMatrix(PetscInt n, const double *a, const double *b, const double *c, Mat *A)
{
  PetscFunctionBegin;
  PetscCall(MatCreate(PETSC_COMM_SELF, A));
  PetscCall(MatSetSizes(*A, n, n, n, n));
  PetscCall(MatSetFromOptions(*A));
  PetscCall(MatSeqAIJSetPreallocation(*A, 3, NULL));
  for (PetscInt i = 0; i < n; i++) {
    if (i > 0) PetscCall(MatSetValue(*A, i, i - 1, a[i], INSERT_VALUES));
    PetscCall(MatSetValue(*A, i, i, b[i], INSERT_VALUES));
    if (i < n - 1) PetscCall(MatSetValue(*A, i, i + 1, c[i], INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

extern void dgtsv_(const int *, const int *, double *, double *, double *, double *, const int *, int *);

/* LAPACK's forward error on the same system */
static PetscErrorCode LapackFRE(PetscInt n, const double *a, const double *b, const double *c, const double *xt, double *fre)
{
  int          nn = (int)n, one = 1, info;
  double      *dl, *d, *du, *x;

  PetscFunctionBegin;
  PetscCall(PetscMalloc4(n, &dl, n, &d, n, &du, n, &x));
  for (PetscInt i = 0; i < n; i++) {
    d[i] = b[i];
    if (i < n - 1) {
      dl[i] = a[i + 1];
      du[i] = c[i];
    }
  }
  tg_matvec((int)n, a, b, c, xt, x);
  dgtsv_(&nn, &one, dl, d, du, x, &nn, &info);
  *fre = info ? PETSC_INFINITY : tg_fre((int)n, x, xt);
  PetscCall(PetscFree4(dl, d, du, x));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Solves (a, b, c) x = A x_t through KSP with PCLU + rpts (pc_type NULL) or with a trisplit PC and GMRES,
   and judges the forward error by the rule of the accuracy suite: within 10x of LAPACK where LAPACK is
   accurate, never NaN */
static PetscErrorCode JudgeSolve(PetscInt n, const double *a, const double *b, const double *c, const double *xt, const char *label, PCType pc_type, PetscInt *pass, PetscInt *fail)
{
  Mat                A;
  Vec                x, rhs;
  KSP                ksp;
  PC                 pc;
  double             fre, fre_lapack = 0, *bx, *xd;
  const PetscScalar *xa;
  PetscScalar       *ra;

  PetscFunctionBegin;
  PetscCall(BandMatrix(n, a, b, c, &A));
  PetscCall(MatCreateVecs(A, &x, &rhs));
  PetscCall(PetscMalloc2(n, &bx, n, &xd));
  tg_matvec((int)n, a, b, c, xt, bx);
  PetscCall(VecGetArrayWrite(rhs, &ra));
  for (PetscInt i = 0; i < n; i++) ra[i] = bx[i];
  PetscCall(VecRestoreArrayWrite(rhs, &ra));
  PetscCall(KSPCreate(PETSC_COMM_SELF, &ksp));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPGetPC(ksp, &pc));
  if (pc_type) { /* a forest of the whole chain: the PC is the matrix's own RPTS solve */
    PetscCall(KSPSetType(ksp, KSPGMRES));
    PetscCall(KSPSetTolerances(ksp, 1e-12, 1e-50, 1e5, 50));
    PetscCall(PCSetType(pc, pc_type));
  } else {
    PetscCall(KSPSetType(ksp, KSPPREONLY));
    PetscCall(PCSetType(pc, PCLU));
    PetscCall(PCFactorSetMatSolverType(pc, MATSOLVERRPTS));
  }
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(KSPSolve(ksp, rhs, x));
  PetscCall(VecGetArrayRead(x, &xa));
  for (PetscInt i = 0; i < n; i++) xd[i] = PetscRealPart(xa[i]);
  PetscCall(VecRestoreArrayRead(x, &xa));
  fre = tg_fre((int)n, xd, xt);
  PetscCall(LapackFRE(n, a, b, c, xt, &fre_lapack));
  {
    const PetscBool ok = (PetscBool)(!PetscIsNanReal(fre) && (fre_lapack >= 1e-3 || fre <= 10 * PetscMax(fre_lapack, 1e-15)));
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "%-44s n=%" PetscInt_FMT ": %s %s LAPACK-accurate: %s\n", label, n, pc_type ? pc_type : "rpts", fre_lapack < 1e-3 ? "within 10x of" : "finite where not", ok ? "PASS" : "FAIL"));
    PetscCall(PetscInfo(NULL, "%s: forward error %g, LAPACK's %g\n", label, fre, fre_lapack));
    if (ok) (*pass)++;
    else (*fail)++;
  }
  PetscCall(PetscFree2(bx, xd));
  PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&rhs));
  PetscCall(MatDestroy(&A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  PetscInt    n = 512, pass = 0, fail = 0;
  double     *a, *b, *c, *xt;
  const int   ids[] = {1, 2, 3, 5, 6, 7, 16, 17, 18, 19, 20};
  PetscBool   oncuda;
  char        vectype[64] = "";
  Mat         A, F, B, X, T;
  Vec         x, rhs, y, r;
  PetscReal   nr, nb;
  KSP         ksp;
  PC          pc;
  PetscErrorCode ierr;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriSplitInitializePackage());
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-vec_type", vectype, sizeof(vectype), NULL));
  oncuda = strstr(vectype, "cuda") ? PETSC_TRUE : PETSC_FALSE;
  PetscCall(PetscMalloc4(n, &a, n, &b, n, &c, n, &xt));

  /* 1. the Table 4 matrices through PCLU + rpts */
  for (size_t k = 0; k < sizeof(ids) / sizeof(ids[0]); k++) {
    char label[64];

    PetscCheck(tg_table4(ids[k], (int)n, 7, a, b, c) == 0, PETSC_COMM_SELF, PETSC_ERR_LIB, "gallery matrix %d failed", ids[k]);
    tg_rhs((int)n, 11, xt);
    PetscCall(PetscSNPrintf(label, sizeof(label), "table 4 #%2d %-28s", ids[k], tg_table4_name(ids[k])));
    PetscCall(JudgeSolve(n, a, b, c, xt, label, NULL, &pass, &fail));
  }

  /* 1b. nonsingular constant-diagonal matrices whose blocks of the default RPTS partitions are singular
     (tridiag(1, 1, 1): 3 divides 16 - 1; tridiag(1, 2 cos(pi/(P-1)), 1) for the partition sizes P = 16,
     24, 12 of the global, wide and final stages) or whose odd blocks are (tridiag(1, 0, 1)): on the GPU the
     plan of the factorization avoids them (docs/design.md); with PCLU + rpts and with algtri, whose forest
     is the whole chain */
  {
    const PetscReal beta[] = {1.0, 0.0, 2 * PetscCosReal(PETSC_PI / 15), 2 * PetscCosReal(PETSC_PI / 23), 2 * PetscCosReal(PETSC_PI / 11)};
    const char     *name[] = {"tridiag(1,1,1)", "tridiag(1,0,1)", "tridiag(1,2cos(pi/15),1)", "tridiag(1,2cos(pi/23),1)", "tridiag(1,2cos(pi/11),1)"};
    const PetscInt  period[] = {3, 2, 15, 23, 11}; /* the matrix of m rows is singular iff this divides m + 1 */

    for (size_t k = 0; k < sizeof(beta) / sizeof(beta[0]); k++) {
      char     label[64];
      PetscInt m = n;

      /* 12-row partitions are the final stage's (at most 2048 rows), and the matrix's condition grows with
         n: above that, the elimination orders of LAPACK and the scaled pivoting differ by more than 10x */
      if (period[k] == 11 && n > 2048) continue;
      while ((m + 1) % period[k] == 0) m--; /* the largest nonsingular size up to n */
      for (PetscInt i = 0; i < m; i++) {
        a[i] = i ? 1.0 : 0.0;
        b[i] = beta[k];
        c[i] = i < m - 1 ? 1.0 : 0.0;
      }
      tg_rhs((int)m, 11, xt);
      PetscCall(PetscSNPrintf(label, sizeof(label), "singular blocks %-28s", name[k]));
      PetscCall(JudgeSolve(m, a, b, c, xt, label, NULL, &pass, &fail));
      PetscCall(JudgeSolve(m, a, b, c, xt, label, PCALGTRI, &pass, &fail));
    }
  }

  /* 2. MatMatSolve with 5 columns equals 5 MatSolve, MatSolveTranspose solves the transpose */
  PetscCheck(tg_table4(1, (int)n, 3, a, b, c) == 0, PETSC_COMM_SELF, PETSC_ERR_LIB, "gallery matrix 1 failed");
  PetscCall(BandMatrix(n, a, b, c, &A));
  PetscCall(MatGetFactor(A, MATSOLVERRPTS, MAT_FACTOR_LU, &F));
  PetscCall(MatLUFactorSymbolic(F, A, NULL, NULL, NULL));
  PetscCall(MatLUFactorNumeric(F, A, NULL));
  PetscCall(MatCreateDense(PETSC_COMM_SELF, n, 5, n, 5, NULL, &B));
  if (oncuda) PetscCall(MatConvert(B, MATDENSECUDA, MAT_INPLACE_MATRIX, &B));
  PetscCall(MatSetRandom(B, NULL));
  PetscCall(MatDuplicate(B, MAT_DO_NOT_COPY_VALUES, &X));
  PetscCall(MatMatSolve(F, B, X));
  PetscCall(MatCreateVecs(A, &x, &rhs));
  PetscCall(VecDuplicate(x, &y));
  PetscCall(VecDuplicate(x, &r));
  {
    PetscReal maxdiff = 0, nx;

    for (PetscInt j = 0; j < 5; j++) {
      PetscCall(MatGetColumnVector(B, rhs, j));
      PetscCall(MatSolve(F, rhs, y));
      PetscCall(MatGetColumnVector(X, x, j));
      PetscCall(VecAXPY(x, -1.0, y));
      PetscCall(VecNorm(x, NORM_2, &nr));
      PetscCall(VecNorm(y, NORM_2, &nx));
      maxdiff = PetscMax(maxdiff, nr / nx);
    }
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "MatMatSolve with 5 columns equals 5 MatSolve: %s\n", maxdiff <= 1e-13 ? "yes" : "no"));
  }
  if (!oncuda) {
    PetscCall(VecSetRandom(rhs, NULL));
    PetscCall(MatSolveTranspose(F, rhs, y));
    PetscCall(MatMultTranspose(A, y, r));
    PetscCall(VecAXPY(r, -1.0, rhs));
    PetscCall(VecNorm(r, NORM_2, &nr));
    PetscCall(VecNorm(rhs, NORM_2, &nb));
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "MatSolveTranspose residual below 1e-12: %s\n", nr <= 1e-12 * nb ? "yes" : "no"));

    /* 3. MATTRIDIAG: conversion, products, its own rpts factor */
    PetscCall(MatConvert(A, MATTRIDIAG, MAT_INITIAL_MATRIX, &T));
    PetscCall(VecSetRandom(x, NULL));
    PetscCall(MatMult(A, x, y));
    PetscCall(MatMult(T, x, r));
    PetscCall(VecAXPY(r, -1.0, y));
    PetscCall(VecNorm(r, NORM_INFINITY, &nr));
    PetscCall(MatMultTranspose(A, x, y));
    PetscCall(MatMultTranspose(T, x, r));
    PetscCall(VecAXPY(r, -1.0, y));
    PetscCall(VecNorm(r, NORM_INFINITY, &nb));
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "MATTRIDIAG from AIJ: MatMult and MatMultTranspose equal AIJ's: %s\n", nr == 0 && nb == 0 ? "yes" : "no"));
    PetscCall(MatDestroy(&F));
    PetscCall(MatGetFactor(T, MATSOLVERRPTS, MAT_FACTOR_LU, &F));
    PetscCall(MatLUFactorSymbolic(F, T, NULL, NULL, NULL));
    PetscCall(MatLUFactorNumeric(F, T, NULL));
    PetscCall(MatSolve(F, y, x));
    PetscCall(MatMult(T, x, r));
    PetscCall(VecAXPY(r, -1.0, y));
    PetscCall(VecNorm(r, NORM_2, &nr));
    PetscCall(VecNorm(y, NORM_2, &nb));
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "rpts factor of a MATTRIDIAG solves it: %s\n", nr <= 1e-12 * nb ? "yes" : "no"));
    PetscCall(MatDestroy(&T));
  }
  PetscCall(MatDestroy(&F));
  PetscCall(MatDestroy(&B));
  PetscCall(MatDestroy(&X));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(VecDestroy(&r));
  PetscCall(VecDestroy(&rhs));

  /* 4. a pattern that is not tridiagonal is refused */
  PetscCall(MatSetOption(A, MAT_NEW_NONZERO_ALLOCATION_ERR, PETSC_FALSE));
  PetscCall(MatSetValue(A, 0, 2, 1.0, INSERT_VALUES));
  PetscCall(MatAssemblyBegin(A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatGetFactor(A, MATSOLVERRPTS, MAT_FACTOR_LU, &F));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  ierr = MatLUFactorSymbolic(F, A, NULL, NULL, NULL);
  PetscCall(PetscPopErrorHandler());
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "a pentadiagonal entry is refused with PETSC_ERR_ARG_WRONG: %s\n", ierr == PETSC_ERR_ARG_WRONG ? "yes" : "no"));
  PetscCall(MatDestroy(&F));
  PetscCall(MatDestroy(&A));

  /* 5. a singular tridiagonal matrix (row and column 7 empty but the diagonal): the factorization reports
     the host's zero pivot and row, on the GPU too, and stops with PETSC_ERR_MAT_LU_ZRPVT under
     MatSetErrorIfFailure() (what PCLU sets from -ksp_error_if_not_converged) */
  {
    const PetscInt ns = 20;
    double         as[20], bs[20], cs[20];
    MatFactorError err;
    PetscInt       row = -1;
    PetscReal      pivot;

    for (PetscInt i = 0; i < ns; i++) {
      as[i] = i == 7 || i == 8 ? 0.0 : -1.0;
      bs[i] = i == 7 ? 0.0 : 4.0;
      cs[i] = i == 6 || i == 7 ? 0.0 : -1.0;
    }
    PetscCall(BandMatrix(ns, as, bs, cs, &A));
    PetscCall(MatGetFactor(A, MATSOLVERRPTS, MAT_FACTOR_LU, &F));
    PetscCall(MatLUFactorSymbolic(F, A, NULL, NULL, NULL));
    PetscCall(MatLUFactorNumeric(F, A, NULL));
    PetscCall(MatFactorGetError(F, &err));
    if (err == MAT_FACTOR_NUMERIC_ZEROPIVOT) PetscCall(MatFactorGetErrorZeroPivot(F, &pivot, &row));
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "singular tridiagonal: the factorization reports a zero pivot: %s, in row %" PetscInt_FMT "\n", err == MAT_FACTOR_NUMERIC_ZEROPIVOT ? "yes" : "no", row));
    PetscCall(MatDestroy(&F));
    PetscCall(MatSetErrorIfFailure(A, PETSC_TRUE));
    PetscCall(MatGetFactor(A, MATSOLVERRPTS, MAT_FACTOR_LU, &F));
    PetscCall(MatLUFactorSymbolic(F, A, NULL, NULL, NULL));
    PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
    ierr = MatLUFactorNumeric(F, A, NULL);
    PetscCall(PetscPopErrorHandler());
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "with MatSetErrorIfFailure() it stops with PETSC_ERR_MAT_LU_ZRPVT: %s\n", ierr == PETSC_ERR_MAT_LU_ZRPVT ? "yes" : "no"));
    PetscCall(MatDestroy(&F));
    PetscCall(MatDestroy(&A));
  }

  PetscCall(PetscPrintf(PETSC_COMM_SELF, "table 4 and singular blocks: %" PetscInt_FMT " PASS, %" PetscInt_FMT " FAIL\n", pass, fail));
  PetscCall(PetscFree4(a, b, c, xt));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST

  build:
    requires: !complex double

  test:
    suffix: host
    args: -n 512

  test:
    suffix: host_partial
    args: -n 1000 -mat_rpts_pivoting partial

  test:
    suffix: cuda
    requires: cuda
    args: -n 512 -mat_type aijcusparse -vec_type cuda

  test:
    suffix: cuda_large
    requires: cuda
    timeoutfactor: 3
    args: -n 1048576 -mat_type aijcusparse -vec_type cuda

TEST*/
