/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "The traps a PETSc user could fall into without a word: a preconditioning matrix that is not\n\
assembled (refused, or converted row by row where it has MatGetRow()), a PC that is not symmetric under CG\n\
(a warning), forest options given under another trisplit PC type's prefix (a notice).\n\n";

#include <petscksp.h>
#include <trisplit.h>
#include "../tutorials/problems.h"

/* The first message of the last error, recorded by an error handler that returns instead of aborting */
static char last_error[512];

static PetscErrorCode RecordError(MPI_Comm comm, int line, const char *func, const char *file, PetscErrorCode n, PetscErrorType p, const char *mess, void *ctx)
{
  (void)comm;
  (void)line;
  (void)func;
  (void)file;
  (void)ctx;
  if (p == PETSC_ERROR_INITIAL && mess) PetscCallContinue(PetscStrncpy(last_error, mess, sizeof(last_error)));
  return n;
}

/* PCSetUp() of a PC of the given type on (A, P): the error code, with its message printed */
static PetscErrorCode TrySetUp(MPI_Comm comm, const char *type, Mat A, Mat P, const char *what)
{
  PC             pc;
  PetscErrorCode ierr;

  PetscFunctionBegin;
  PetscCall(PCCreate(comm, &pc));
  PetscCall(PCSetType(pc, type));
  PetscCall(PCSetOperators(pc, A, P));
  last_error[0] = 0;
  PetscCall(PetscPushErrorHandler(RecordError, NULL));
  ierr = PCSetUp(pc);
  PetscCall(PetscPopErrorHandler());
  PetscCall(PetscPrintf(comm, "%s with %s: PCSetUp() refused with PETSC_ERR_SUP: %s\n  %s\n", type, what, ierr == PETSC_ERR_SUP ? "yes" : "no", last_error));
  PetscCall(PCDestroy(&pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* KSPSolve() of A x = A 1 with the PC of the given type built from P: iterations, reason, and the first
   forest's path count on rank 0 */
static PetscErrorCode Solve(Mat A, Mat P, const char *pctype, KSPType ksptype, PetscInt maxit, PetscInt *its, KSPConvergedReason *reason, PetscInt *npaths, KSP *kept)
{
  KSP ksp;
  PC  pc;
  Vec x, b;

  PetscFunctionBegin;
  PetscCall(MatCreateVecs(A, &x, &b));
  PetscCall(VecSet(x, 1.0));
  PetscCall(MatMult(A, x, b));
  PetscCall(VecZeroEntries(x));
  PetscCall(KSPCreate(PetscObjectComm((PetscObject)A), &ksp));
  PetscCall(KSPSetOperators(ksp, A, P));
  PetscCall(KSPSetType(ksp, ksptype));
  PetscCall(KSPSetTolerances(ksp, 1e-8, PETSC_DEFAULT, PETSC_DEFAULT, maxit));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, pctype));
  PetscCall(KSPSolve(ksp, b, x));
  PetscCall(KSPGetIterationNumber(ksp, its));
  PetscCall(KSPGetConvergedReason(ksp, reason));
  if (npaths) PetscCall(PCTriSplitGetForest(pc, npaths, NULL, NULL, NULL));
  if (kept) *kept = ksp;
  else PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&b));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* MatGetRow() of a shell through the assembled matrix in its context */
static PetscErrorCode ShellGetRow(Mat S, PetscInt row, PetscInt *nz, PetscInt **cols, PetscScalar **vals)
{
  Mat A;

  PetscFunctionBegin;
  PetscCall(MatShellGetContext(S, &A));
  PetscCall(MatGetRow(A, row, nz, (const PetscInt **)cols, (const PetscScalar **)vals));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode ShellRestoreRow(Mat S, PetscInt row, PetscInt *nz, PetscInt **cols, PetscScalar **vals)
{
  Mat A;

  PetscFunctionBegin;
  PetscCall(MatShellGetContext(S, &A));
  PetscCall(MatRestoreRow(A, row, nz, (const PetscInt **)cols, (const PetscScalar **)vals));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode ShellMult(Mat S, Vec x, Vec y)
{
  Mat A;

  PetscFunctionBegin;
  PetscCall(MatShellGetContext(S, &A));
  PetscCall(MatMult(A, x, y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The x-direction couplings of the n^2 grid (a tridiagonal matrix): -1, 2 + h, -1 with h = 0.1 */
static PetscErrorCode LineMatrix(MPI_Comm comm, PetscInt n, Mat *T)
{
  PetscInt rstart, rend;

  PetscFunctionBegin;
  PetscCall(MatCreateAIJ(comm, PETSC_DECIDE, PETSC_DECIDE, n * n, n * n, 3, NULL, 1, NULL, T));
  PetscCall(MatGetOwnershipRange(*T, &rstart, &rend));
  for (PetscInt row = rstart; row < rend; row++) {
    PetscCall(MatSetValue(*T, row, row, 2.1, INSERT_VALUES));
    if (row % n) PetscCall(MatSetValue(*T, row, row - 1, -1.0, INSERT_VALUES));
    if ((row + 1) % n) PetscCall(MatSetValue(*T, row, row + 1, -1.0, INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(*T, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*T, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode NotAssembled(MPI_Comm comm)
{
  const PetscInt     n = 16;
  Mat                A, S, C, T, P;
  PetscInt           ml, its[2], paths[2];
  KSPConvergedReason reason[2];
  PetscMPIInt        size;

  PetscFunctionBegin;
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCall(AssembleStencil(comm, FixedStencils[PROBLEM_ROT], n, MATAIJ, &A));
  PetscCall(MatGetLocalSize(A, &ml, NULL));
  /* a shell, even one with MatGetRow(): refused by its type */
  PetscCall(MatCreateShell(comm, ml, ml, n * n, n * n, A, &S));
  PetscCall(MatShellSetOperation(S, MATOP_MULT, (void (*)(void))ShellMult));
  PetscCall(MatShellSetOperation(S, MATOP_GET_ROW, (void (*)(void))ShellGetRow));
  PetscCall(MatShellSetOperation(S, MATOP_RESTORE_ROW, (void (*)(void))ShellRestoreRow));
  PetscCall(TrySetUp(comm, PCALGTRI, A, S, "a MATSHELL Pmat that has MatGetRow()"));
  PetscCall(MatDestroy(&S));
  /* a type other than a shell without MatGetRow() (petsc4py's MATPYTHON is another): MatConvert() would
     build it with one MatMult() per column, a setup time quadratic in the rows; refused */
  PetscCall(MatCreateComposite(comm, 1, &A, &C));
  PetscCall(TrySetUp(comm, PCMOSD, A, C, "a MATCOMPOSITE Pmat"));
  PetscCall(MatDestroy(&C));
  { /* a matrix that is not square, under a PC inside another (options prefix mg_levels_, as triamg's smoothers):
       the message names the PC and its prefix, so that the user sees whose smoother refused it */
    Mat            R;
    PC             pc;
    PetscInt       rstart, rend;
    PetscErrorCode ierr;

    PetscCall(MatCreateAIJ(comm, PETSC_DECIDE, PETSC_DECIDE, n * n, n * n + 1, 1, NULL, 1, NULL, &R));
    PetscCall(MatGetOwnershipRange(R, &rstart, &rend));
    for (PetscInt i = rstart; i < rend; i++) PetscCall(MatSetValue(R, i, i, 1.0, INSERT_VALUES));
    PetscCall(MatAssemblyBegin(R, MAT_FINAL_ASSEMBLY));
    PetscCall(MatAssemblyEnd(R, MAT_FINAL_ASSEMBLY));
    PetscCall(PCCreate(comm, &pc));
    PetscCall(PCSetOptionsPrefix(pc, "mg_levels_"));
    PetscCall(PCSetType(pc, PCALGTRI));
    PetscCall(PCSetOperators(pc, R, R));
    last_error[0] = 0;
    PetscCall(PetscPushErrorHandler(RecordError, NULL));
    ierr = PCSetUp(pc);
    PetscCall(PetscPopErrorHandler());
    PetscCall(PetscPrintf(comm, "algtri (prefix mg_levels_) with a %" PetscInt_FMT " x %" PetscInt_FMT " Pmat: PCSetUp() refused with PETSC_ERR_ARG_SIZ: %s\n  %s\n", n * n, n * n + 1, ierr == PETSC_ERR_ARG_SIZ ? "yes" : "no", last_error));
    PetscCall(PCDestroy(&pc));
    PetscCall(MatDestroy(&R));
  }

  /* formats that convert: BAIJ and dense (MatConvert()), MATTRIDIAG (no converter to AIJ, MatGetRow(): row
     by row); the same forest and iterations as from the AIJ matrix */
  PetscCall(Solve(A, A, PCMOSD, KSPGMRES, 200, &its[0], &reason[0], &paths[0], NULL));
  PetscCall(MatConvert(A, MATBAIJ, MAT_INITIAL_MATRIX, &P));
  PetscCall(Solve(A, P, PCMOSD, KSPGMRES, 200, &its[1], &reason[1], &paths[1], NULL));
  PetscCall(PetscPrintf(comm, "mosd with a BAIJ Pmat: %" PetscInt_FMT " iterations (%s), as with AIJ: %s\n", its[1], KSPConvergedReasons[reason[1]], its[0] == its[1] && paths[0] == paths[1] && reason[1] > 0 ? "yes" : "no"));
  PetscCall(MatDestroy(&P));
  PetscCall(MatConvert(A, MATDENSE, MAT_INITIAL_MATRIX, &P));
  PetscCall(Solve(A, P, PCMOSD, KSPGMRES, 200, &its[1], &reason[1], &paths[1], NULL));
  PetscCall(PetscPrintf(comm, "mosd with a dense Pmat: %" PetscInt_FMT " iterations (%s), as with AIJ: %s\n", its[1], KSPConvergedReasons[reason[1]], its[0] == its[1] && paths[0] == paths[1] && reason[1] > 0 ? "yes" : "no"));
  PetscCall(MatDestroy(&P));
  if (size == 1) { /* MATTRIDIAG is sequential */
    PetscCall(LineMatrix(comm, n, &T));
    PetscCall(Solve(A, T, PCALGTRI, KSPGMRES, 200, &its[0], &reason[0], &paths[0], NULL));
    PetscCall(MatConvert(T, MATTRIDIAG, MAT_INITIAL_MATRIX, &P));
    PetscCall(Solve(A, P, PCALGTRI, KSPGMRES, 200, &its[1], &reason[1], &paths[1], NULL));
    PetscCall(PetscPrintf(comm, "algtri with a MATTRIDIAG Pmat (row by row): %" PetscInt_FMT " iterations (%s), %" PetscInt_FMT " paths, as with AIJ: %s\n", its[1], KSPConvergedReasons[reason[1]], paths[1], its[0] == its[1] && paths[0] == paths[1] && reason[1] > 0 ? "yes" : "no"));
    PetscCall(MatDestroy(&P));
    PetscCall(MatDestroy(&T));
  }
  PetscCall(MatDestroy(&A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Whether the KSPView() of ksp (ASCII, into a file) contains text */
static PetscErrorCode ViewHas(KSP ksp, const char *text, PetscBool *has)
{
  MPI_Comm    comm = PetscObjectComm((PetscObject)ksp);
  PetscViewer viewer;
  PetscMPIInt rank;
  const char *name = "traps_view.txt";
  char        line[1024];

  PetscFunctionBegin;
  *has = PETSC_FALSE;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCall(PetscViewerASCIIOpen(comm, name, &viewer));
  PetscCall(KSPView(ksp, viewer));
  PetscCall(PetscViewerDestroy(&viewer));
  if (rank == 0) {
    FILE *fp = fopen(name, "r");

    PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "Cannot read %s", name);
    while (fgets(line, sizeof(line), fp))
      if (strstr(line, text)) *has = PETSC_TRUE;
    fclose(fp);
    remove(name);
  }
  PetscCallMPI(MPI_Bcast(has, 1, MPIU_BOOL, 0, comm));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode UnderCG(MPI_Comm comm)
{
  const PetscInt     n = 32;
  Mat                A;
  KSP                ksp;
  PetscInt           its;
  KSPConvergedReason reason;
  PetscBool          has;

  PetscFunctionBegin;
  PetscCall(AssembleStencil(comm, FixedStencils[PROBLEM_ROT], n, MATAIJ, &A)); /* symmetric */
  PetscCall(PetscPrintf(comm, "rot %" PetscInt_FMT "^2 (symmetric):\n", n));
  PetscCall(Solve(A, A, PCALGTRI, KSPCG, 300, &its, &reason, NULL, NULL));
  PetscCall(PetscPrintf(comm, "  cg, algtri (symmetric): %s in %" PetscInt_FMT " iterations\n", KSPConvergedReasons[reason], its));
  PetscCall(Solve(A, A, PCMOSD, KSPGMRES, 300, &its, &reason, NULL, NULL));
  PetscCall(PetscPrintf(comm, "  gmres, mosd: %s in %" PetscInt_FMT " iterations\n", KSPConvergedReasons[reason], its));
  /* the warning: once per PC, at the first solve */
  PetscCall(Solve(A, A, PCMOSD, KSPCG, 300, &its, &reason, NULL, &ksp));
  PetscCall(PetscPrintf(comm, "  cg, mosd (not symmetric): %s in %" PetscInt_FMT " iterations\n", KSPConvergedReasons[reason], its));
  { /* a second solve with the same PC: no second warning */
    Vec x, b;

    PetscCall(MatCreateVecs(A, &x, &b));
    PetscCall(VecSet(b, 1.0));
    PetscCall(KSPSolve(ksp, b, x));
    PetscCall(PetscPrintf(comm, "  solved again with the same PC\n"));
    PetscCall(VecDestroy(&x));
    PetscCall(VecDestroy(&b));
  }
  PetscCall(ViewHas(ksp, "WARNING: not symmetric, under KSP cg", &has));
  PetscCall(PetscPrintf(comm, "  KSPView() says so: %s\n", has ? "yes" : "no"));
  PetscCall(KSPDestroy(&ksp));
  PetscCall(Solve(A, A, PCMOSA, KSPMINRES, 300, &its, &reason, NULL, NULL));
  PetscCall(PetscPrintf(comm, "  minres, mosa (not symmetric): %s\n", KSPConvergedReasons[reason]));
  PetscCall(MatDestroy(&A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Options of another trisplit PC type under a PC's prefix: remembered when the PC is set from the
   options, warned of at PetscFinalize() (the last lines of the output) if no PC of their type used them */
static PetscErrorCode OtherOptions(MPI_Comm comm)
{
  PC pc;

  PetscFunctionBegin;
  PetscCall(PetscOptionsSetValue(NULL, "-pc_algtri_pivoting", "none"));  /* never used: warned of */
  PetscCall(PetscOptionsSetValue(NULL, "-pc_mosa_m", "2"));              /* used by the mosa PC below: no warning */
  PetscCall(PetscOptionsSetValue(NULL, "-pc_mosd_m", "2"));              /* the mosd PC's own */
  PetscCall(PetscOptionsSetValue(NULL, "-sub_pc_altsplit_local", "1")); /* under prefix sub_, given to a mosa PC: warned of */
  PetscCall(PetscPrintf(comm, "options -pc_algtri_pivoting none -pc_mosa_m 2 -pc_mosd_m 2 -sub_pc_altsplit_local 1:\n"));
  PetscCall(PetscPrintf(comm, "  a mosd PC, set from options twice\n"));
  PetscCall(PCCreate(comm, &pc));
  PetscCall(PCSetType(pc, PCMOSD));
  PetscCall(PCSetFromOptions(pc));
  PetscCall(PCSetFromOptions(pc));
  PetscCall(PCDestroy(&pc));
  PetscCall(PetscPrintf(comm, "  a mosa PC with prefix sub_\n"));
  PetscCall(PCCreate(comm, &pc));
  PetscCall(PCSetOptionsPrefix(pc, "sub_"));
  PetscCall(PCSetType(pc, PCMOSA));
  PetscCall(PCSetFromOptions(pc));
  PetscCall(PCDestroy(&pc));
  PetscCall(PetscPrintf(comm, "  a mosa PC\n"));
  PetscCall(PCCreate(comm, &pc));
  PetscCall(PCSetType(pc, PCMOSA));
  PetscCall(PCSetFromOptions(pc));
  PetscCall(PCDestroy(&pc));
  PetscCall(PetscPrintf(comm, "at PetscFinalize(), warnings for -pc_algtri_pivoting and -sub_pc_altsplit_local only:\n"));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  MPI_Comm comm;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  comm = PETSC_COMM_WORLD;
  PetscCall(TriSplitInitializePackage());
  PetscCall(NotAssembled(comm));
  PetscCall(UnderCG(comm));
  PetscCall(OtherOptions(comm));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST

  build:
    requires: !complex double

  # -options_left 0: the options left unused on purpose are the subject, warned of by trisplit itself (PETSc
  # 3.25 would list them too)
  test:
    suffix: serial
    args: -malloc_dump -options_left 0

  test:
    suffix: mpi
    nsize: 2
    args: -malloc_dump -options_left 0

TEST*/
