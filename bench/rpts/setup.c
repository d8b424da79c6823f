static char help[] = "Setup against solve of trisplit's tridiagonal solves: the rpts MatSolverType on one long\n\
tridiagonal system, and algtri on a 1D Laplacian (one path) against ANISO1 of the same size.\n\
  -family random|dominant|ones|laplace   rpts: the system (U(-1,1) bands; |b| >= 2.5 with U(-1,1)\n\
                                         couplings; tridiag(1,1,1); tridiag(-1,2,-1))\n\
  -log2n p                               rpts: 2^p rows (default 20); -n N: N rows instead\n\
  -algtri_log2n p                        algtri: 1D Laplacian of 2^p rows, ANISO1 of 2^(p/2) squared (0: skip)\n\
  -reps k                                timed repetitions; the minimum is printed (default 5)\n\
Use -mat_type aijcusparse -vec_type cuda for the GPU. Each time is wall clock after a device synchronisation;\n\
the matrix is on the device before the first setup (one MatMult), as in a program that assembled it there.\n";

/* bench/rpts/setup.c: prints one line per measurement,
     rpts FAMILY n=N pivoting=P: first setup S0 s, refactor S s, solve T s, setup/solve R, status
     algtri PROBLEM n=N: first setup S0 s, refresh S s, apply T s, npaths, longest path
   The refactor and refresh change the values (scaling by 1 + 2^-20, a new state) and keep the pattern, as a
   time step does; the first setup includes the symbolic factorization (rpts) or the forest (algtri). */
#include <petscksp.h>
#include <petsctime.h>
#include <trisplit.h>
#include "../../tutorials/problems.h"
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

static unsigned long long g_state = 2026112602ULL;
static PetscReal          Uniform(void) /* [-1, 1) */
{
  g_state = g_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return 2.0 * (PetscReal)(g_state >> 11) / 9007199254740992.0 - 1.0;
}

static PetscErrorCode TridiagonalMatrix(const char *family, PetscInt n, Mat *A)
{
  PetscInt rstart, rend;

  PetscFunctionBegin;
  PetscCall(MatCreate(PETSC_COMM_WORLD, A));
  PetscCall(MatSetSizes(*A, PETSC_DECIDE, PETSC_DECIDE, n, n));
  PetscCall(MatSetFromOptions(*A));
  PetscCall(MatSeqAIJSetPreallocation(*A, 3, NULL));
  PetscCall(MatMPIAIJSetPreallocation(*A, 3, NULL, 1, NULL));
  PetscCall(MatGetOwnershipRange(*A, &rstart, &rend));
  for (PetscInt i = rstart; i < rend; i++) {
    PetscScalar v[3];
    PetscInt    cols[3] = {i - 1, i, i + 1};
    PetscBool   random, dominant, ones;

    PetscCall(PetscStrcmp(family, "random", &random));
    PetscCall(PetscStrcmp(family, "dominant", &dominant));
    PetscCall(PetscStrcmp(family, "ones", &ones));
    if (random) v[0] = Uniform(), v[1] = Uniform(), v[2] = Uniform();
    else if (dominant) v[0] = Uniform(), v[1] = (Uniform() < 0 ? -1 : 1) * (2.5 + 0.5 * (Uniform() + 1)), v[2] = Uniform();
    else if (ones) v[0] = v[1] = v[2] = 1;
    else v[0] = v[2] = -1, v[1] = 2;
    if (i == 0) PetscCall(MatSetValues(*A, 1, &i, 2, cols + 1, v + 1, INSERT_VALUES));
    else PetscCall(MatSetValues(*A, 1, &i, i == n - 1 ? 2 : 3, cols, v, INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the wall-clock time of one PCSetUp(), the device synchronised before and after */
static PetscErrorCode TimedSetUp(PC pc, PetscLogDouble *t)
{
  PetscLogDouble t0, t1;

  PetscFunctionBegin;
  PetscCall(Sync());
  PetscCall(PetscTime(&t0));
  PetscCall(PCSetUp(pc));
  PetscCall(Sync());
  PetscCall(PetscTime(&t1));
  *t = t1 - t0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* first setup, then reps refactorizations of new values (the minimum) and reps applies (the minimum) */
static PetscErrorCode TimeSetup(Mat A, PC pc, PetscInt reps, PetscLogDouble *first, PetscLogDouble *setup, PetscLogDouble *apply)
{
  Vec            x, y;
  PetscLogDouble t0, t1, t;

  PetscFunctionBegin;
  PetscCall(MatCreateVecs(A, &x, &y));
  PetscCall(VecSet(x, 1.0));
  PetscCall(MatMult(A, x, y)); /* the matrix's upload to the device is not the solver's setup */
  PetscCall(PCSetOperators(pc, A, A));
  PetscCall(TimedSetUp(pc, first));
  *setup = *apply = PETSC_MAX_REAL;
  for (PetscInt r = 0; r < reps; r++) {
    PetscCall(MatScale(A, 1.0 + 0x1p-20)); /* new values, same pattern: a refactorization */
    PetscCall(PCSetOperators(pc, A, A));
    PetscCall(TimedSetUp(pc, &t));
    *setup = PetscMin(*setup, t);
    PetscCall(PetscTime(&t0));
    PetscCall(PCApply(pc, x, y));
    PetscCall(Sync());
    PetscCall(PetscTime(&t1));
    *apply = PetscMin(*apply, t1 - t0);
  }
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  char           family[32] = "random";
  PetscInt       log2n = 20, alog2n = 0, reps = 5, nrows = 0;
  Mat            A;
  PC             pc;
  PetscLogDouble first, setup, apply;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriSplitInitializePackage());
  PetscCall(PetscOptionsGetString(NULL, NULL, "-family", family, sizeof(family), NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-log2n", &log2n, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &nrows, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-algtri_log2n", &alog2n, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-reps", &reps, NULL));

  if (log2n > 0 || nrows > 0) {
    const PetscInt  n = nrows > 0 ? nrows : (PetscInt)1 << log2n;
    MatFactorError  err;
    PCFailedReason  reason;

    PetscCall(TridiagonalMatrix(family, n, &A));
    PetscCall(PCCreate(PETSC_COMM_WORLD, &pc));
    PetscCall(PCSetType(pc, PCLU));
    PetscCall(PCFactorSetMatSolverType(pc, MATSOLVERRPTS));
    PetscCall(PCSetFromOptions(pc));
    PetscCall(TimeSetup(A, pc, reps, &first, &setup, &apply));
    PetscCall(PCGetFailedReason(pc, &reason));
    {
      Mat F;
      PetscCall(PCFactorGetMatrix(pc, &F));
      PetscCall(MatFactorGetError(F, &err));
    }
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "rpts %-8s n=%-9" PetscInt_FMT " first setup %8.4f s, refactor %8.4f s, solve %8.4f s, refactor/solve %7.1f, factor error %d\n", family, n, first, setup, apply, setup / apply, (int)err));
    PetscCall(PCDestroy(&pc));
    PetscCall(MatDestroy(&A));
  }
  if (alog2n > 0) {
    const PetscInt side = (PetscInt)1 << (alog2n / 2);
    for (int k = 0; k < 2; k++) {
      PetscInt npaths, longest;
      if (k == 0) PetscCall(TridiagonalMatrix("laplace", side * side, &A));
      else PetscCall(AssembleMatrix(PROBLEM_ANISO1, side, 1e-3, 45, 100, &A));
      PetscCall(PCCreate(PETSC_COMM_WORLD, &pc));
      PetscCall(PCSetType(pc, PCALGTRI));
      PetscCall(PCSetFromOptions(pc));
      PetscCall(TimeSetup(A, pc, reps, &first, &setup, &apply));
      PetscCall(PCTriSplitGetForest(pc, &npaths, &longest, NULL, NULL));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "algtri %-8s n=%-9" PetscInt_FMT " first setup %8.4f s, refresh %8.4f s, apply %8.4f s, %" PetscInt_FMT " paths, longest %" PetscInt_FMT "\n", k ? "aniso1" : "lap1d", side * side, first, setup, apply, npaths, longest));
      PetscCall(PCDestroy(&pc));
      PetscCall(MatDestroy(&A));
    }
  }
  PetscCall(PetscFinalize());
  return 0;
}
