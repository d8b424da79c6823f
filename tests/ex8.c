/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "Tests the 2x2 block variant of PCALGTRI (-pc_algtri_block 2): exact solves where the block forest\n\
covers the whole matrix (a two-wide strip with paired rows; a chain of odd length whose unmatched vertices get\n\
ghost rows), the adjoint identity of PCApplyTranspose(), PCMatApply() against PCApply() per column, and GMRES\n\
iteration counts on the model problems. Works with -mat_type aijcusparse (the vectors follow the matrix).\n\n";

#include <petscksp.h>
#include <trisplit.h>
#include "../tutorials/problems.h"

/* Deterministic pseudo-random numbers in [0,1) (the same on every machine and rank layout). */
static PetscReal Noise(PetscInt i, PetscInt j)
{
  unsigned x = (unsigned)(i * 7919 + j * 104729 + 17);
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return (PetscReal)(x >> 8) / 16777216.0;
}

/* A nonsymmetric 2 x L strip (row r = 2 i + j: column i, side j): the couplings across the strip are
   the strongest, so the matching pairs (i,0)-(i,1) and the coarse graph is a chain of the pairs: the
   2x2 block tridiagonal part is the whole matrix. The pivots of the diagonal blocks are small on
   purpose (block pivoting has to act). */
static PetscErrorCode StripMatrix(PetscInt L, Mat *A)
{
  PetscInt rstart, rend;

  PetscFunctionBegin;
  PetscCall(MatCreate(PETSC_COMM_WORLD, A));
  PetscCall(MatSetSizes(*A, PETSC_DECIDE, PETSC_DECIDE, 2 * L, 2 * L));
  PetscCall(MatSetFromOptions(*A));
  PetscCall(MatSeqAIJSetPreallocation(*A, 5, NULL));
  PetscCall(MatMPIAIJSetPreallocation(*A, 5, NULL, 3, NULL));
  PetscCall(MatGetOwnershipRange(*A, &rstart, &rend));
  for (PetscInt r = rstart; r < rend; r++) {
    const PetscInt i = r / 2, j = r % 2;
    PetscCall(MatSetValue(*A, r, r, 0.1 + 0.2 * Noise(r, r), INSERT_VALUES));
    PetscCall(MatSetValue(*A, r, 2 * i + 1 - j, -(3.0 + Noise(r, 1)), INSERT_VALUES));
    if (i > 0) PetscCall(MatSetValue(*A, r, r - 2, -(0.5 + 0.5 * Noise(r, 2)), INSERT_VALUES));
    if (i < L - 1) PetscCall(MatSetValue(*A, r, r + 2, -(0.5 + 0.5 * Noise(r, 3)), INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A diagonally dominant tridiagonal chain of n rows with random couplings: a matching of a chain of
   odd length leaves vertices unmatched, which get ghost rows. */
static PetscErrorCode ChainMatrix(PetscInt n, Mat *A)
{
  PetscInt rstart, rend;

  PetscFunctionBegin;
  PetscCall(MatCreate(PETSC_COMM_WORLD, A));
  PetscCall(MatSetSizes(*A, PETSC_DECIDE, PETSC_DECIDE, n, n));
  PetscCall(MatSetFromOptions(*A));
  PetscCall(MatSeqAIJSetPreallocation(*A, 3, NULL));
  PetscCall(MatMPIAIJSetPreallocation(*A, 3, NULL, 1, NULL));
  PetscCall(MatGetOwnershipRange(*A, &rstart, &rend));
  for (PetscInt r = rstart; r < rend; r++) {
    PetscCall(MatSetValue(*A, r, r, 3.0, INSERT_VALUES));
    if (r > 0) PetscCall(MatSetValue(*A, r, r - 1, -0.2 - Noise(r, 0), INSERT_VALUES));
    if (r < n - 1) PetscCall(MatSetValue(*A, r, r + 1, -0.2 - Noise(r, 1), INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the stencil matrices are assembled as AIJ: -mat_type aijcusparse moves them to the GPU */
static PetscErrorCode ConvertFromOptions(Mat *A)
{
  char      type[64];
  PetscBool flg;

  PetscFunctionBegin;
  PetscCall(PetscOptionsGetString(NULL, NULL, "-mat_type", type, sizeof(type), &flg));
  if (flg) PetscCall(MatConvert(*A, type, MAT_INPLACE_MATRIX, A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode CreateBlockPC(Mat A, PC *pc)
{
  PetscFunctionBegin;
  PetscCall(PCCreate(PETSC_COMM_WORLD, pc));
  PetscCall(PCSetType(*pc, PCALGTRI));
  PetscCall(PCAlgTriSetBlockSize(*pc, 2));
  PetscCall(PCSetOperators(*pc, A, A));
  PetscCall(PCSetFromOptions(*pc));
  PetscCall(PCSetUp(*pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* One application of the block preconditioner must solve A z = b to rounding when the block forest
   covers A (only for one rank: each rank sees its diagonal block). */
static PetscErrorCode CheckExact(const char *name, Mat A)
{
  PC          pc;
  Vec         b, z, r;
  PetscReal   nr, nb, coverage;
  PetscInt    npaths, longest;
  PetscMPIInt size;

  PetscFunctionBegin;
  PetscCallMPI(MPI_Comm_size(PETSC_COMM_WORLD, &size));
  PetscCall(CreateBlockPC(A, &pc));
  PetscCall(PCTriSplitGetForest(pc, &npaths, &longest, &coverage, NULL));
  PetscCall(MatCreateVecs(A, &z, &b));
  PetscCall(VecDuplicate(b, &r));
  PetscCall(VecSetRandom(b, NULL));
  PetscCall(PCApply(pc, b, z));
  PetscCall(MatMult(A, z, r));
  PetscCall(VecAXPY(r, -1.0, b));
  PetscCall(VecNorm(r, NORM_2, &nr));
  PetscCall(VecNorm(b, NORM_2, &nb));
  if (size == 1) {
    PetscCheck(coverage == 1.0, PETSC_COMM_WORLD, PETSC_ERR_PLIB, "%s: the block forest should cover the matrix, covers %g", name, (double)coverage);
    PetscCheck(nr <= 1e-12 * nb, PETSC_COMM_WORLD, PETSC_ERR_PLIB, "%s: one block solve leaves the relative residual %g", name, (double)(nr / nb));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: %" PetscInt_FMT " block paths, longest %" PetscInt_FMT " blocks, coverage 1, exact solve (relative residual below 1e-12)\n", name, npaths, longest));
  }
  PetscCall(VecDestroy(&b));
  PetscCall(VecDestroy(&z));
  PetscCall(VecDestroy(&r));
  PetscCall(PCDestroy(&pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* <y, M^-1 x> == <M^-T y, x> and PCMatApply() == PCApply() per column */
static PetscErrorCode CheckOperators(Mat A)
{
  PC        pc;
  Vec       x, y, mx, mty;
  Mat       X, Y;
  PetscReal   maxdiff = 0;
  PetscScalar d0, d1;
  PetscInt    m;
  MatType   dense;
  PetscBool cuda;

  PetscFunctionBegin;
  PetscCall(CreateBlockPC(A, &pc));
  PetscCall(MatCreateVecs(A, &x, &y));
  PetscCall(VecDuplicate(x, &mx));
  PetscCall(VecDuplicate(x, &mty));
  PetscCall(VecSetRandom(x, NULL));
  PetscCall(VecSetRandom(y, NULL));
  PetscCall(PCApply(pc, x, mx));
  PetscCall(PCApplyTranspose(pc, y, mty));
  PetscCall(VecDot(y, mx, &d0));
  PetscCall(VecDot(mty, x, &d1));
  PetscCheck(PetscAbsScalar(d0 - d1) <= 1e-12 * PetscAbsScalar(d0), PETSC_COMM_WORLD, PETSC_ERR_PLIB, "Adjoint identity fails: %g vs %g", (double)PetscRealPart(d0), (double)PetscRealPart(d1));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "adjoint identity <y, M^-1 x> = <M^-T y, x> holds to 1e-12\n"));
  PetscCall(PetscObjectTypeCompareAny((PetscObject)x, &cuda, VECSEQCUDA, VECMPICUDA, ""));
  dense = cuda ? MATDENSECUDA : MATDENSE;
  PetscCall(VecGetLocalSize(x, &m));
  PetscCall(MatCreateDense(PETSC_COMM_WORLD, m, PETSC_DECIDE, PETSC_DETERMINE, 5, NULL, &X));
  PetscCall(MatConvert(X, dense, MAT_INPLACE_MATRIX, &X));
  PetscCall(MatSetRandom(X, NULL));
  PetscCall(MatDuplicate(X, MAT_DO_NOT_COPY_VALUES, &Y));
  PetscCall(PCMatApply(pc, X, Y));
  for (PetscInt j = 0; j < 5; j++) {
    PetscReal d, ny;

    PetscCall(MatGetColumnVector(X, x, j));
    PetscCall(PCApply(pc, x, mx));
    PetscCall(MatGetColumnVector(Y, y, j));
    PetscCall(VecAXPY(y, -1.0, mx));
    PetscCall(VecNorm(y, NORM_2, &d));
    PetscCall(VecNorm(mx, NORM_2, &ny));
    maxdiff = PetscMax(maxdiff, d / ny);
  }
  PetscCheck(maxdiff <= 1e-13, PETSC_COMM_WORLD, PETSC_ERR_PLIB, "PCMatApply() differs from PCApply() by %g", (double)maxdiff);
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "PCMatApply() of 5 columns equals PCApply() per column to 1e-13\n"));
  PetscCall(MatDestroy(&X));
  PetscCall(MatDestroy(&Y));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(VecDestroy(&mx));
  PetscCall(VecDestroy(&mty));
  PetscCall(PCDestroy(&pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* GMRES(20), rtol 1e-6, right preconditioning on the model problems: scalar and block iterations */
static PetscErrorCode CheckIterations(PetscInt n)
{
  PetscFunctionBegin;
  for (int s = 0; s < 4; s++) {
    Mat       A;
    Vec       x, b;
    KSP       ksp;
    PetscInt  its[2];
    PetscReal coverage[2];

    PetscCall(AssembleStencil(PETSC_COMM_WORLD, FixedStencils[s], n, MATAIJ, &A));
    PetscCall(ConvertFromOptions(&A));
    PetscCall(MatCreateVecs(A, &x, &b));
    PetscCall(VecSet(b, 1.0));
    for (PetscInt bs = 1; bs <= 2; bs++) {
      PC pc;

      PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
      PetscCall(KSPSetOperators(ksp, A, A));
      PetscCall(KSPSetType(ksp, KSPGMRES));
      PetscCall(KSPSetPCSide(ksp, PC_RIGHT));
      PetscCall(KSPSetTolerances(ksp, 1e-6, PETSC_DEFAULT, PETSC_DEFAULT, 2000));
      PetscCall(KSPGetPC(ksp, &pc));
      PetscCall(PCSetType(pc, PCALGTRI));
      PetscCall(PCAlgTriSetBlockSize(pc, bs));
      PetscCall(KSPSetFromOptions(ksp));
      PetscCall(KSPSolve(ksp, b, x));
      PetscCall(KSPGetIterationNumber(ksp, &its[bs - 1]));
      PetscCall(PCTriSplitGetForest(pc, NULL, NULL, &coverage[bs - 1], NULL));
      PetscCall(KSPDestroy(&ksp));
    }
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%-6s n=%" PetscInt_FMT ": scalar %3" PetscInt_FMT " its (c_pi %.2f), 2x2 blocks %3" PetscInt_FMT " its (c_pi %.2f)\n", Problems[s], n, its[0], (double)coverage[0], its[1], (double)coverage[1]));
    PetscCall(VecDestroy(&x));
    PetscCall(VecDestroy(&b));
    PetscCall(MatDestroy(&A));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  Mat      A;
  PetscInt n = 48;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriSplitInitializePackage());
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));

  PetscCall(StripMatrix(300, &A));
  PetscCall(CheckExact("strip 2 x 300", A));
  PetscCall(CheckOperators(A));
  PetscCall(MatDestroy(&A));

  PetscCall(ChainMatrix(1001, &A));
  PetscCall(CheckExact("chain of 1001", A));
  PetscCall(MatDestroy(&A));

  PetscCall(AssembleStencil(PETSC_COMM_WORLD, FixedStencils[PROBLEM_ROT], n, MATAIJ, &A));
  PetscCall(ConvertFromOptions(&A));
  PetscCall(CheckOperators(A));
  PetscCall(MatDestroy(&A));

  PetscCall(CheckIterations(n));
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
    nsize: 2
    output_file: output/ex8_host_mpi.out

  test:
    suffix: cuda
    requires: cuda
    args: -mat_type aijcusparse
    output_file: output/ex8_host.out

  test:
    suffix: cuda_mpi
    requires: cuda
    nsize: 2
    args: -mat_type aijcusparse
    output_file: output/ex8_host_mpi.out

TEST*/
