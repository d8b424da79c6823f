/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "Bad and unusual input for PCALGTRI: every case ends in a solution, a clear PETSc error or\n\
KSP_DIVERGED_PC_FAILED with a reason, never a crash or a silent NaN.\n\
  -n <200>   rows of the test matrices\n\n";

#include <petscksp.h>
#include <trisplit.h>
/* PETSc before 3.19 returns plain 0 from PetscFunctionReturn() */
#if !PETSC_VERSION_GE(3, 19, 0) && !defined(PETSC_SUCCESS)
  #define PETSC_SUCCESS 0
#endif

typedef enum {
  CASE_LAPLACE,       /* 2D 5-point Laplacian (sqrt(n) x sqrt(n)) */
  CASE_ZERO_DIAGONAL, /* every third row has a zero diagonal: needs pivoting */
  CASE_EMPTY_ROW,     /* one row without entries: the factor is singular */
  CASE_NAN,           /* a NaN entry */
  CASE_INF,           /* an Inf entry */
  CASE_DIAGONAL,      /* a diagonal matrix: every vertex is its own path */
  CASE_TRIDIAGONAL,   /* a pure tridiagonal matrix: one path, exact solve */
  CASE_SINGULAR_PAIR  /* nonsingular, but two rows [1 1; 1 1] form a path of their own: a zero pivot */
} Case;
static const char *const case_names[] = {"laplace", "zero diagonal rows", "empty row", "NaN entry", "Inf entry", "diagonal", "tridiagonal", "singular pair"};

/* Assembles the case's matrix with local sizes given by 'local' (PETSC_DECIDE for the default split) */
static PetscErrorCode BuildMatrix(Case c, PetscInt n, PetscInt local, MatType type, Mat *A)
{
  PetscInt rstart, rend, g = (PetscInt)PetscSqrtReal((PetscReal)n);

  PetscFunctionBegin;
  if (c == CASE_LAPLACE) n = g * g;
  PetscCall(MatCreate(PETSC_COMM_WORLD, A));
  PetscCall(MatSetSizes(*A, local, local, n, n));
  if (type) PetscCall(MatSetType(*A, type)); /* a format of its own: stays on the host */
  else {
    PetscCall(MatSetType(*A, MATAIJ));
    PetscCall(MatSetFromOptions(*A)); /* -mat_type aijcusparse: the device path */
  }
  PetscCall(MatSetUp(*A));
  PetscCall(MatSetOption(*A, MAT_NEW_NONZERO_ALLOCATION_ERR, PETSC_FALSE));
  PetscCall(MatGetOwnershipRange(*A, &rstart, &rend));
  for (PetscInt i = rstart; i < rend; i++) {
    switch (c) {
    case CASE_LAPLACE:
      PetscCall(MatSetValue(*A, i, i, 4.0, INSERT_VALUES));
      if (i % g > 0) PetscCall(MatSetValue(*A, i, i - 1, -1.0, INSERT_VALUES));
      if (i % g < g - 1) PetscCall(MatSetValue(*A, i, i + 1, -1.0, INSERT_VALUES));
      if (i >= g) PetscCall(MatSetValue(*A, i, i - g, -1.0, INSERT_VALUES));
      if (i < n - g) PetscCall(MatSetValue(*A, i, i + g, -1.0, INSERT_VALUES));
      break;
    case CASE_DIAGONAL:
      PetscCall(MatSetValue(*A, i, i, 1.0 + i % 7, INSERT_VALUES));
      break;
    case CASE_SINGULAR_PAIR: {
      /* a chain 4, -1 with -0.3 seven rows away, cut at rows p, p+1 = n/4, n/4 + 1 (on one rank for 1 to 3
         ranks), which couple to each other by 1 and to the chain only seven rows away (-0.3 and -0.2):
         the forest takes the pair as a path of its own, whose factor [1 1; 1 1] is singular, while the
         different couplings to the chain make A nonsingular */
      const PetscInt p = n / 4, pair = i == p || i == p + 1;

      PetscCall(MatSetValue(*A, i, i, pair ? 1.0 : 4.0, INSERT_VALUES));
      if (pair) PetscCall(MatSetValue(*A, i, i == p ? p + 1 : p, 1.0, INSERT_VALUES));
      if (i > 0 && !pair && i - 1 != p + 1) PetscCall(MatSetValue(*A, i, i - 1, -1.0, INSERT_VALUES));
      if (i < n - 1 && !pair && i + 1 != p) PetscCall(MatSetValue(*A, i, i + 1, -1.0, INSERT_VALUES));
      if (i + 7 < n) PetscCall(MatSetValue(*A, i, i + 7, i == p || i + 7 == p ? -0.3 : (i == p + 1 || i + 7 == p + 1 ? -0.2 : -0.3), INSERT_VALUES));
      if (i >= 7) PetscCall(MatSetValue(*A, i, i - 7, i == p || i - 7 == p ? -0.3 : (i == p + 1 || i - 7 == p + 1 ? -0.2 : -0.3), INSERT_VALUES));
    } break;
    default:
      if (c == CASE_EMPTY_ROW && i == n / 2) break;
      PetscCall(MatSetValue(*A, i, i, c == CASE_ZERO_DIAGONAL && i % 3 == 1 ? 0.0 : 4.0, INSERT_VALUES));
      if (i > 0) PetscCall(MatSetValue(*A, i, i - 1, -1.0, INSERT_VALUES));
      if (i < n - 1) PetscCall(MatSetValue(*A, i, i + 1, c == CASE_TRIDIAGONAL ? -2.0 : -1.0, INSERT_VALUES));
      if (c != CASE_TRIDIAGONAL && i + 7 < n) PetscCall(MatSetValue(*A, i, i + 7, -0.3, INSERT_VALUES));
      if (c != CASE_TRIDIAGONAL && i >= 7) PetscCall(MatSetValue(*A, i, i - 7, -0.3, INSERT_VALUES));
      if (c == CASE_NAN && i == n / 3) PetscCall(MatSetValue(*A, i, i, NAN, INSERT_VALUES));
      if (c == CASE_INF && i == n / 3) PetscCall(MatSetValue(*A, i, i + 1 < n ? i + 1 : i, (PetscScalar)INFINITY, INSERT_VALUES));
    }
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Solves A x = A 1 with GMRES + algtri (zero pivots repaired as shift says, 2x2 blocks with bs = 2) and
   prints the outcome without machine-dependent digits, and what the repair did */
static PetscErrorCode SolveAndReportPC(const char *label, Mat A, PetscBool reuse_matrix_values, PCType type, MatFactorShiftType shift, PetscInt bs)
{
  KSP                ksp;
  PC                 pc;
  Vec                x, b, r;
  PetscInt           its;
  KSPConvergedReason reason;
  PCFailedReason     pcreason;
  PetscReal          res, nb;
  PetscInt           nshifted;

  PetscFunctionBegin;
  PetscCall(MatCreateVecs(A, &x, &b));
  PetscCall(VecDuplicate(b, &r));
  PetscCall(VecSet(x, 1.0));
  PetscCall(MatMult(A, x, b));
  PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, type));
  PetscCall(PCTriSplitSetShiftType(pc, shift));
  PetscCall(PCAlgTriSetBlockSize(pc, bs));
  PetscCall(KSPSetType(ksp, KSPGMRES));
  PetscCall(KSPSetTolerances(ksp, 1e-10, PETSC_DEFAULT, PETSC_DEFAULT, 500));
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(KSPSolve(ksp, b, x));
  if (reuse_matrix_values) {
    PetscInt npaths0, npaths1, its0;

    /* same pattern, new values: the forest stays, the bands follow the values */
    PetscCall(KSPGetIterationNumber(ksp, &its0));
    PetscCall(PCTriSplitGetForest(pc, &npaths0, NULL, NULL, NULL));
    PetscCall(MatScale(A, 2.0));
    PetscCall(MatShift(A, 0.5));
    PetscCall(KSPSetOperators(ksp, A, A));
    PetscCall(VecSet(x, 1.0));
    PetscCall(MatMult(A, x, b));
    PetscCall(VecSet(x, 0.0));
    PetscCall(KSPSolve(ksp, b, x));
    PetscCall(PCTriSplitGetForest(pc, &npaths1, NULL, NULL, NULL));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  after new values with the same pattern: forest kept %s\n", npaths0 == npaths1 ? "yes" : "no"));
  }
  PetscCall(KSPGetIterationNumber(ksp, &its));
  PetscCall(KSPGetConvergedReason(ksp, &reason));
  PetscCall(PCGetFailedReason(pc, &pcreason));
  PetscCall(MatMult(A, x, r));
  PetscCall(VecAYPX(r, -1.0, b));
  PetscCall(VecNorm(r, NORM_2, &res));
  PetscCall(VecNorm(b, NORM_2, &nb));
  if (reason > 0) {
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: %s, %s iterations, true relative residual below 1e-8: %s\n", label, KSPConvergedReasons[reason], its <= 1 ? "at most 1" : (its <= 50 ? "at most 50" : "over 50"), res <= 1e-8 * nb ? "yes" : "no"));
  } else {
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: %s (PC failed: %s)\n", label, KSPConvergedReasons[reason], PCFailedReasons[pcreason]));
  }
  PetscCall(PCTriSplitGetRepair(pc, &nshifted, NULL, NULL));
  PetscCallMPI(MPIU_Allreduce(MPI_IN_PLACE, &nshifted, 1, MPIU_INT, MPI_SUM, PETSC_COMM_WORLD));
  if (nshifted) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  zero pivot repaired: %" PetscInt_FMT " factor(s) shifted, %" PetscInt_FMT " iterations\n", nshifted, its));
  PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&b));
  PetscCall(VecDestroy(&r));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode SolveAndReport(const char *label, Mat A, PetscBool reuse_matrix_values, MatFactorShiftType shift, PetscInt bs)
{
  PetscFunctionBegin;
  PetscCall(SolveAndReportPC(label, A, reuse_matrix_values, PCALGTRI, shift, bs));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  Mat            A;
  PetscInt       n = 200;
  PetscMPIInt    size, rank;
  PetscErrorCode ierr;
  PC             pc;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriSplitInitializePackage());
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCallMPI(MPI_Comm_size(PETSC_COMM_WORLD, &size));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));

  /* the failures: an empty row fails without the repair (shift type none) */
  for (Case c = CASE_LAPLACE; c <= CASE_TRIDIAGONAL; c++) {
    PetscCall(BuildMatrix(c, n, PETSC_DECIDE, NULL, &A));
    PetscCall(SolveAndReport(case_names[c], A, PETSC_FALSE, MAT_SHIFT_NONE, 1));
    PetscCall(MatDestroy(&A));
  }

  /* the zero-pivot repair (the default): a nonsingular matrix whose factor is singular fails without
     it and converges with it; the same with 2x2 blocks, whose factor the GPU checks with the host's
     elimination. The empty row (a singular matrix) is repaired too, a 2x2 block forest fails on it
     without the repair. */
  PetscCall(BuildMatrix(CASE_SINGULAR_PAIR, n, PETSC_DECIDE, NULL, &A));
  PetscCall(SolveAndReport("singular pair, shift none", A, PETSC_FALSE, MAT_SHIFT_NONE, 1));
  PetscCall(SolveAndReport("singular pair, shift nonzero", A, PETSC_FALSE, MAT_SHIFT_NONZERO, 1));
  PetscCall(SolveAndReport("singular pair, 2x2 blocks, shift none", A, PETSC_FALSE, MAT_SHIFT_NONE, 2));
  PetscCall(SolveAndReport("singular pair, 2x2 blocks, shift nonzero", A, PETSC_FALSE, MAT_SHIFT_NONZERO, 2));
  PetscCall(MatDestroy(&A));
  PetscCall(BuildMatrix(CASE_EMPTY_ROW, n, PETSC_DECIDE, NULL, &A));
  PetscCall(SolveAndReport("empty row, shift nonzero", A, PETSC_FALSE, MAT_SHIFT_NONZERO, 1));
  PetscCall(SolveAndReport("empty row, 2x2 blocks, shift none", A, PETSC_FALSE, MAT_SHIFT_NONE, 2));
  PetscCall(SolveAndReport("empty row, 2x2 blocks, shift nonzero", A, PETSC_FALSE, MAT_SHIFT_NONZERO, 2));
  { /* the other PCs on the empty row: MOS-d's T = diagp_1(A) has a zero there (set by the repair), ALT's
       forests and MOS-a's level 0 a zero pivot (shifted; a later MOS-a level dropped) */
    const PCType types[] = {PCMOSD, PCALTSPLIT, PCMOSA};

    for (int t = 0; t < 3; t++) {
      char label[64];

      PetscCall(PetscSNPrintf(label, sizeof(label), "empty row, %s, shift none", types[t]));
      PetscCall(SolveAndReportPC(label, A, PETSC_FALSE, types[t], MAT_SHIFT_NONE, 1));
      PetscCall(PetscSNPrintf(label, sizeof(label), "empty row, %s, shift nonzero", types[t]));
      PetscCall(SolveAndReportPC(label, A, PETSC_FALSE, types[t], MAT_SHIFT_NONZERO, 1));
    }
  }
  PetscCall(MatDestroy(&A));

  /* values change between setups, pattern stays */
  PetscCall(BuildMatrix(CASE_LAPLACE, n, PETSC_DECIDE, NULL, &A));
  PetscCall(SolveAndReport("laplace, values changed", A, PETSC_TRUE, MAT_SHIFT_NONZERO, 1));
  PetscCall(MatDestroy(&A));

  /* other formats are converted */
  PetscCall(BuildMatrix(CASE_LAPLACE, n, PETSC_DECIDE, size == 1 ? MATSEQDENSE : MATMPIDENSE, &A));
  PetscCall(SolveAndReport("laplace as dense", A, PETSC_FALSE, MAT_SHIFT_NONZERO, 1));
  PetscCall(MatDestroy(&A));
  PetscCall(BuildMatrix(CASE_LAPLACE, n, PETSC_DECIDE, MATBAIJ, &A));
  PetscCall(SolveAndReport("laplace as baij", A, PETSC_FALSE, MAT_SHIFT_NONZERO, 1));
  PetscCall(MatDestroy(&A));

  /* the last rank owns no rows */
  if (size > 1) {
    PetscInt g = (PetscInt)PetscSqrtReal((PetscReal)n), N = g * g, local = rank == size - 1 ? 0 : N / (size - 1) + (rank < N % (size - 1) ? 1 : 0);

    PetscCall(BuildMatrix(CASE_LAPLACE, N, local, NULL, &A));
    PetscCall(SolveAndReport("laplace, last rank empty", A, PETSC_FALSE, MAT_SHIFT_NONZERO, 1));
    PetscCall(MatDestroy(&A));
  }

  /* NaN and Inf in the right-hand side: the KSP stops with a reason, the PC itself is fine */
  for (int k = 0; k < 2; k++) {
    KSP                ksp;
    PC                 pc2;
    Vec                xx, bb;
    KSPConvergedReason reason;
    PCFailedReason     pcreason;
    PetscInt           rs;

    PetscCall(BuildMatrix(CASE_LAPLACE, n, PETSC_DECIDE, NULL, &A));
    PetscCall(MatCreateVecs(A, &xx, &bb));
    PetscCall(VecSet(bb, 1.0));
    PetscCall(VecGetOwnershipRange(bb, &rs, NULL));
    if (rs == 0) PetscCall(VecSetValue(bb, 0, k ? (PetscScalar)INFINITY : (PetscScalar)NAN, INSERT_VALUES));
    PetscCall(VecAssemblyBegin(bb));
    PetscCall(VecAssemblyEnd(bb));
    PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
    PetscCall(KSPSetOperators(ksp, A, A));
    PetscCall(KSPGetPC(ksp, &pc2));
    PetscCall(PCSetType(pc2, PCALGTRI));
    PetscCall(KSPSetFromOptions(ksp));
    PetscCall(KSPSolve(ksp, bb, xx));
    PetscCall(KSPGetConvergedReason(ksp, &reason));
    PetscCall(PCGetFailedReason(pc2, &pcreason));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s in the right-hand side: %s (PC failed: %s)\n", k ? "Inf" : "NaN", KSPConvergedReasons[reason], PCFailedReasons[pcreason]));
    PetscCall(KSPDestroy(&ksp));
    PetscCall(VecDestroy(&xx));
    PetscCall(VecDestroy(&bb));
    PetscCall(MatDestroy(&A));
  }

  /* very long paths: a pure tridiagonal system of -long rows is one path, solved exactly */
  {
    PetscInt nlong = 0;

    PetscCall(PetscOptionsGetInt(NULL, NULL, "-long", &nlong, NULL));
    if (nlong > 0) {
      PetscInt npaths, longest;
      KSP      ksp;
      PC       pc2;
      Vec      xx, bb;
      PetscInt its;

      PetscCall(BuildMatrix(CASE_TRIDIAGONAL, nlong, PETSC_DECIDE, NULL, &A));
      PetscCall(MatCreateVecs(A, &xx, &bb));
      PetscCall(VecSet(xx, 1.0));
      PetscCall(MatMult(A, xx, bb));
      PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
      PetscCall(KSPSetOperators(ksp, A, A));
      PetscCall(KSPGetPC(ksp, &pc2));
      PetscCall(PCSetType(pc2, PCALGTRI));
      PetscCall(KSPSetTolerances(ksp, 1e-10, PETSC_DEFAULT, PETSC_DEFAULT, 100));
      PetscCall(KSPSetFromOptions(ksp));
      PetscCall(KSPSolve(ksp, bb, xx));
      PetscCall(KSPGetIterationNumber(ksp, &its));
      PetscCall(PCTriSplitGetForest(pc2, &npaths, &longest, NULL, NULL));
      PetscCall(MPIU_Allreduce(MPI_IN_PLACE, &npaths, 1, MPIU_INT, MPI_SUM, PETSC_COMM_WORLD));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "tridiagonal with %" PetscInt_FMT " rows: one path per rank: %s, solved in %" PetscInt_FMT " iteration(s)\n", nlong, npaths == size ? "yes" : "no", its));
      PetscCall(KSPDestroy(&ksp));
      PetscCall(VecDestroy(&xx));
      PetscCall(VecDestroy(&bb));
      PetscCall(MatDestroy(&A));
    }
  }

  /* a non-square matrix is refused with PETSC_ERR_ARG_SIZ */
  PetscCall(MatCreateAIJ(PETSC_COMM_WORLD, PETSC_DECIDE, PETSC_DECIDE, n, n + 3, 1, NULL, 1, NULL, &A));
  PetscCall(MatAssemblyBegin(A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(A, MAT_FINAL_ASSEMBLY));
  PetscCall(PCCreate(PETSC_COMM_WORLD, &pc));
  PetscCall(PCSetType(pc, PCALGTRI));
  PetscCall(PCSetOperators(pc, A, A));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  ierr = PCSetUp(pc);
  PetscCall(PetscPopErrorHandler());
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "non-square: PCSetUp() fails with PETSC_ERR_ARG_SIZ: %s\n", ierr == PETSC_ERR_ARG_SIZ ? "yes" : "no"));
  PetscCall(PCDestroy(&pc));
  PetscCall(MatDestroy(&A));

  /* single-precision factors exist on the GPU only: a host matrix is refused with PETSC_ERR_SUP */
  {
    const char *types[] = {PCALGTRI, PCMOSD, PCALTSPLIT};
    PetscBool   refused = PETSC_TRUE;

    PetscCall(BuildMatrix(CASE_TRIDIAGONAL, n, PETSC_DECIDE, MATAIJ, &A));
    for (int t = 0; t < 3; t++) {
      char name[64];

      PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_precision", types[t]));
      PetscCall(PetscOptionsSetValue(NULL, name, "single"));
      PetscCall(PCCreate(PETSC_COMM_WORLD, &pc));
      PetscCall(PCSetType(pc, types[t]));
      PetscCall(PCSetFromOptions(pc));
      PetscCall(PCSetOperators(pc, A, A));
      PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
      ierr = PCSetUp(pc);
      PetscCall(PetscPopErrorHandler());
      refused = (PetscBool)(refused && ierr == PETSC_ERR_SUP);
      PetscCall(PCDestroy(&pc));
      PetscCall(PetscOptionsClearValue(NULL, name));
    }
    PetscCall(MatDestroy(&A));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "single-precision factors on the host: PCSetUp() of algtri, mosd and altsplit fails with PETSC_ERR_SUP: %s\n", refused ? "yes" : "no"));
  }

  PetscCall(PetscFinalize());
  return 0;
}

/*TEST

  build:
    requires: !complex double

  test:
    suffix: serial
    args: -malloc_dump

  test:
    suffix: mpi
    nsize: 2
    args: -malloc_dump

  test:
    suffix: mpi3
    nsize: 3
    args: -malloc_dump

  test:
    suffix: nopivot
    args: -pc_algtri_pivoting none -malloc_dump

  test:
    suffix: long_path
    args: -n 100 -long 10000000

  # the same cases on the GPU give the host's reasons (expected outputs of the host)
  test:
    suffix: cuda
    requires: cuda
    args: -mat_type aijcusparse -malloc_dump
    output_file: output/ex3_serial.out

  test:
    suffix: cuda_mpi
    requires: cuda
    nsize: 2
    args: -mat_type aijcusparse -malloc_dump
    output_file: output/ex3_mpi.out

  test:
    suffix: cuda_mpi3
    requires: cuda
    nsize: 3
    args: -mat_type aijcusparse -malloc_dump
    output_file: output/ex3_mpi3.out

  # a 2x2 block zero pivot without pivoting, on the GPU
  test:
    suffix: cuda_nopivot
    requires: cuda
    args: -mat_type aijcusparse -pc_algtri_pivoting none -malloc_dump
    output_file: output/ex3_nopivot.out

TEST*/
