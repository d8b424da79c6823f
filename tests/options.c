/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "PETSc conventions of the trisplit preconditioners: the setters and getters on every PC type that\n\
has the option, range checks, an error naming the row under -ksp_error_if_not_converged, a refused\n\
MATSHELL, an automatic stop instead of empty factors, PCView lines that follow the viewer's tabs.\n\n";

#include <petscksp.h>
#include <trisplit.h>
#include "stencil.h"

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

/* The error code of PCSetUp() (0: none), with its message in last_error */
static PetscErrorCode TrySetUp(PC pc, PetscErrorCode *ierr)
{
  PetscFunctionBegin;
  last_error[0] = 0;
  PetscCall(PetscPushErrorHandler(RecordError, NULL));
  *ierr = PCSetUp(pc);
  PetscCall(PetscPopErrorHandler());
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The error code of a setter call, the call's arguments evaluated inside */
#define TRY(ierr, call) \
  do { \
    PetscCall(PetscPushErrorHandler(RecordError, NULL)); \
    ierr = (call); \
    PetscCall(PetscPopErrorHandler()); \
  } while (0)

static PetscErrorCode CheckSetters(MPI_Comm comm, const char *type)
{
  PC                pc;
  PCAlgTriPivoting  piv;
  PCAlgTriWeight    w;
  PCAlgTriPrecision prec;
  PetscInt          its;
  PetscBool         reuse, multi;
  PetscErrorCode    ierr;

  PetscFunctionBegin;
  PetscCall(PCCreate(comm, &pc));
  PetscCall(PCSetType(pc, type));
  multi = (PetscBool)strcmp(type, PCALGTRI);
  /* the forest options: on every trisplit PC */
  PetscCall(PCAlgTriSetPivoting(pc, PCALGTRI_PIVOTING_PARTIAL));
  PetscCall(PCAlgTriGetPivoting(pc, &piv));
  PetscCall(PCAlgTriSetWeight(pc, PCALGTRI_WEIGHT_ABS));
  PetscCall(PCAlgTriGetWeight(pc, &w));
  PetscCall(PCAlgTriSetFactorIterations(pc, 7));
  PetscCall(PCAlgTriGetFactorIterations(pc, &its));
  PetscCall(PCAlgTriSetReuseForest(pc, PETSC_FALSE));
  PetscCall(PCAlgTriGetReuseForest(pc, &reuse));
  PetscCall(PetscPrintf(comm, "%s: pivoting %s, weight %s, factor rounds %" PetscInt_FMT ", reuse %s\n", type, PCAlgTriPivotings[piv], PCAlgTriWeights[w], its, PetscBools[reuse]));
  TRY(ierr, PCAlgTriSetPrecision(pc, PCALGTRI_PRECISION_SINGLE));
  if (!ierr) {
    PetscCall(PCAlgTriGetPrecision(pc, &prec));
    PetscCall(PetscPrintf(comm, "%s: precision %s\n", type, PCAlgTriPrecisions[prec]));
  } else PetscCall(PetscPrintf(comm, "%s: single precision refused (error %d)\n", type, (int)ierr));
  TRY(ierr, PCAlgTriSetFactorIterations(pc, 0));
  PetscCall(PetscPrintf(comm, "%s: 0 factor rounds refused with PETSC_ERR_ARG_OUTOFRANGE: %s\n", type, ierr == PETSC_ERR_ARG_OUTOFRANGE ? "yes" : "no"));
  { /* the zero-pivot repair: on every PC, nonzero by default, PETSC_DECIDE the default amount */
    MatFactorShiftType shift, shift0;
    PetscReal          amount, amount0;

    PetscCall(PCAlgTriGetShiftType(pc, &shift0));
    PetscCall(PCAlgTriGetShiftAmount(pc, &amount0));
    PetscCall(PCAlgTriSetShiftType(pc, MAT_SHIFT_NONE));
    PetscCall(PCAlgTriGetShiftType(pc, &shift));
    PetscCall(PCAlgTriSetShiftAmount(pc, 1e-6));
    PetscCall(PCAlgTriGetShiftAmount(pc, &amount));
    PetscCall(PetscPrintf(comm, "%s: shift type %s (default %s), amount %g (default %g)", type, MatFactorShiftTypes[shift], MatFactorShiftTypes[shift0], (double)amount, (double)amount0));
    PetscCall(PCAlgTriSetShiftAmount(pc, PETSC_DECIDE));
    PetscCall(PCAlgTriGetShiftAmount(pc, &amount));
    PetscCall(PetscPrintf(comm, ", PETSC_DECIDE gives %g\n", (double)amount));
    TRY(ierr, PCAlgTriSetShiftType(pc, MAT_SHIFT_POSITIVE_DEFINITE));
    PetscCall(PetscPrintf(comm, "%s: shift type positive_definite refused with PETSC_ERR_SUP: %s\n", type, ierr == PETSC_ERR_SUP ? "yes" : "no"));
    TRY(ierr, PCAlgTriSetShiftAmount(pc, 2.0));
    PetscCall(PetscPrintf(comm, "%s: shift amount 2 refused with PETSC_ERR_ARG_OUTOFRANGE: %s\n", type, ierr == PETSC_ERR_ARG_OUTOFRANGE ? "yes" : "no"));
  }
  if (multi) { /* the options of the PCs of several factors */
    PetscInt  m;
    PetscReal cov, x;

    PetscCall(PCTriSplitSetM(pc, 3));
    PetscCall(PCTriSplitGetM(pc, &m));
    PetscCall(PCTriSplitSetCoverage(pc, 0.9));
    PetscCall(PCTriSplitGetCoverage(pc, &cov));
    PetscCall(PetscPrintf(comm, "%s: m %" PetscInt_FMT ", coverage %g\n", type, m, (double)cov));
    TRY(ierr, PCTriSplitSetCoverage(pc, 2.0));
    PetscCall(PetscPrintf(comm, "%s: coverage 2 refused with PETSC_ERR_ARG_OUTOFRANGE: %s\n", type, ierr == PETSC_ERR_ARG_OUTOFRANGE ? "yes" : "no"));
    TRY(ierr, PCTriSplitSetM(pc, 100));
    PetscCall(PetscPrintf(comm, "%s: m = 100 refused with PETSC_ERR_ARG_OUTOFRANGE: %s\n", type, ierr == PETSC_ERR_ARG_OUTOFRANGE ? "yes" : "no"));
    if (!strcmp(type, PCMOSA)) {
      PetscCall(PCTriSplitSetDropTolerance(pc, 1e-3));
      PetscCall(PCTriSplitGetDropTolerance(pc, &x));
      PetscCall(PetscPrintf(comm, "%s: drop tolerance %g\n", type, (double)x));
      { /* the kept product patterns: on by default, off from the options database */
        PetscBool kept0, kept;

        PetscCall(PCMOSAGetReusePattern(pc, &kept0));
        PetscCall(PetscOptionsSetValue(NULL, "-pc_mosa_reuse_pattern", "0"));
        PetscCall(PCSetFromOptions(pc));
        PetscCall(PetscOptionsClearValue(NULL, "-pc_mosa_reuse_pattern"));
        PetscCall(PCMOSAGetReusePattern(pc, &kept));
        PetscCall(PetscPrintf(comm, "%s: product patterns kept %s by default, %s after -pc_mosa_reuse_pattern 0\n", type, PetscBools[kept0], PetscBools[kept]));
      }
    } else {
      PetscCall(PCTriSplitSetOmega(pc, 0.5));
      PetscCall(PCTriSplitGetOmega(pc, &x));
      PetscCall(PetscPrintf(comm, "%s: omega %g\n", type, (double)x));
      TRY(ierr, PCTriSplitSetOmega(pc, -1.0));
      PetscCall(PetscPrintf(comm, "%s: omega -1 refused with PETSC_ERR_ARG_OUTOFRANGE: %s\n", type, ierr == PETSC_ERR_ARG_OUTOFRANGE ? "yes" : "no"));
    }
  }
  if (!strcmp(type, PCMOSD)) {
    PetscInt k;

    PetscCall(PCMOSDSetDiagonal(pc, 2));
    PetscCall(PCMOSDGetDiagonal(pc, &k));
    PetscCall(PetscPrintf(comm, "%s: diagonal k %" PetscInt_FMT "\n", type, k));
  }
  if (!strcmp(type, PCALTSPLIT)) {
    PCAltSplitType t;

    PetscCall(PCAltSplitSetType(pc, PC_ALTSPLIT_OUTER));
    PetscCall(PCAltSplitGetType(pc, &t));
    PetscCall(PetscPrintf(comm, "%s: type %s\n", type, PCAltSplitTypes[t]));
  }
  if (!multi) {
    PetscInt bs;

    PetscCall(PCAlgTriSetBlockSize(pc, 2));
    PetscCall(PCAlgTriGetBlockSize(pc, &bs));
    PetscCall(PetscPrintf(comm, "%s: block size %" PetscInt_FMT "\n", type, bs));
  }
  PetscCall(PCDestroy(&pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* PCView into a file with one tab pushed: every line of the PC's own output must be indented */
static PetscErrorCode CheckViewIndent(MPI_Comm comm, PC pc, const char *type)
{
  PetscViewer viewer;
  PetscMPIInt rank;
  char        name[PETSC_MAX_PATH_LEN] = "options_view.txt", line[1024];
  PetscInt    lines = 0, bad = 0;

  PetscFunctionBegin;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCall(PetscViewerASCIIOpen(comm, name, &viewer));
  PetscCall(PetscViewerASCIIPushTab(viewer));
  PetscCall(PCView(pc, viewer));
  PetscCall(PetscViewerASCIIPopTab(viewer));
  PetscCall(PetscViewerDestroy(&viewer));
  if (rank == 0) {
    FILE *fp = fopen(name, "r");

    PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "Cannot read %s", name);
    while (fgets(line, sizeof(line), fp)) {
      lines++;
      if (strncmp(line, "  ", 2)) bad++;
    }
    fclose(fp);
    remove(name);
  }
  PetscCallMPI(MPI_Bcast(&bad, 1, MPIU_INT, 0, comm));
  PetscCallMPI(MPI_Bcast(&lines, 1, MPIU_INT, 0, comm));
  PetscCall(PetscPrintf(comm, "%s: every line of PCView follows the viewer's tab: %s (%s lines)\n", type, !bad && lines > 5 ? "yes" : "no", lines > 5 ? "more than 5" : "too few"));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  const char *types[] = {PCALGTRI, PCMOSD, PCMOSA, PCALTSPLIT};
  MPI_Comm    comm;
  Mat         A, S;
  PetscInt    n = 16, rstart, rend, m;
  PC          pc;
  PetscErrorCode ierr;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  comm = PETSC_COMM_WORLD;
  PetscCall(TriSplitInitializePackage());
  for (int t = 0; t < 4; t++) PetscCall(CheckSetters(comm, types[t]));

  /* PCView, one line per print, on a set-up PC of every type */
  PetscCall(StencilMatrix(comm, stencils[2], n, &A));
  for (int t = 0; t < 4; t++) {
    PetscCall(PCCreate(comm, &pc));
    PetscCall(PCSetType(pc, types[t]));
    PetscCall(PCSetOperators(pc, A, A));
    PetscCall(PCSetUp(pc));
    PetscCall(CheckViewIndent(comm, pc, types[t]));
    PetscCall(PCDestroy(&pc));
  }

  /* m fixed beyond what the graph holds: MOS-d (omega 0) stops once a forest covers no new edge
     instead of building empty factors */
  PetscCall(PCCreate(comm, &pc));
  PetscCall(PCSetType(pc, PCMOSD));
  PetscCall(PCSetOperators(pc, A, A));
  PetscCall(PCTriSplitSetM(pc, 20));
  PetscCall(PCSetUp(pc));
  PetscCall(PCTriSplitGetM(pc, &m));
  PetscCall(PetscPrintf(comm, "mosd with m = 20 on the 5-point Laplacian %" PetscInt_FMT "^2: %" PetscInt_FMT " factors built (2 to 19: %s)\n", n, m, m >= 2 && m < 20 ? "yes" : "no"));
  PetscCall(PCDestroy(&pc));

  /* a matrix-free Pmat has no entries to take a forest from */
  {
    PetscInt ml, nl;

    PetscCall(MatGetLocalSize(A, &ml, &nl));
    PetscCall(MatCreateShell(comm, ml, nl, n * n, n * n, NULL, &S));
  }
  for (int t = 0; t < 4; t++) {
    PetscCall(PCCreate(comm, &pc));
    PetscCall(PCSetType(pc, types[t]));
    PetscCall(PCSetOperators(pc, S, S));
    PetscCall(TrySetUp(pc, &ierr));
    PetscCall(PetscPrintf(comm, "%s with a MATSHELL Pmat: PCSetUp() fails with PETSC_ERR_SUP: %s\n", types[t], ierr == PETSC_ERR_SUP ? "yes" : "no"));
    PetscCall(PCDestroy(&pc));
  }
  PetscCall(MatDestroy(&S));

  /* a zero pivot under PCSetErrorIfFailure() (what -ksp_error_if_not_converged sets): PCSetUp() stops
     with PETSC_ERR_MAT_LU_ZRPVT and names the row; without it the PC records its failed reason. The
     row of the middle of the grid is emptied on the rank that owns it. */
  PetscCall(MatGetOwnershipRange(A, &rstart, &rend));
  {
    const PetscInt row = n * n / 2;

    PetscCall(MatZeroRows(A, row >= rstart && row < rend ? 1 : 0, &row, 0.0, NULL, NULL));
  }
  for (int t = 0; t < 4; t++) {
    PCFailedReason reason;
    int            code;

    PetscCall(PCCreate(comm, &pc));
    PetscCall(PCSetType(pc, types[t]));
    PetscCall(PCSetOperators(pc, A, A));
    PetscCall(PCAlgTriSetShiftType(pc, MAT_SHIFT_NONE)); /* the failure without the zero-pivot repair */
    PetscCall(PCSetErrorIfFailure(pc, PETSC_TRUE));
    PetscCall(TrySetUp(pc, &ierr));
    PetscCall(PCSetErrorIfFailure(pc, PETSC_FALSE));
    code = (int)ierr;
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &code, 1, MPI_INT, MPI_MAX, comm)); /* the rank that owns the row */
    PetscCall(PetscPrintf(comm, "%s, zero pivot, error if failure: PCSetUp() fails with PETSC_ERR_MAT_LU_ZRPVT: %s\n", types[t], code == PETSC_ERR_MAT_LU_ZRPVT ? "yes" : "no"));
    PetscCall(PetscSynchronizedPrintf(comm, "  %s\n", ierr ? last_error : "(no error on this rank)"));
    PetscCall(PetscSynchronizedFlush(comm, PETSC_STDOUT));
    PetscCall(PCDestroy(&pc)); /* a fresh PC: the failed setup was not collective */
    PetscCall(PCCreate(comm, &pc));
    PetscCall(PCSetType(pc, types[t]));
    PetscCall(PCSetOperators(pc, A, A));
    PetscCall(PCAlgTriSetShiftType(pc, MAT_SHIFT_NONE));
    PetscCall(PCSetUp(pc));
    PetscCall(PCGetFailedReason(pc, &reason));
    PetscCall(PetscSynchronizedPrintf(comm, "  without: failed reason %s\n", PCFailedReasons[reason]));
    PetscCall(PetscSynchronizedFlush(comm, PETSC_STDOUT));
    PetscCall(PCDestroy(&pc));
    { /* the repair (the default): no failed reason, the factors shifted (mosa: level 0, a later level may be
         dropped; mosd: the zero of T = diagp_1(A) is set, counted as one) */
      PetscInt nshifted, dropped;

      PetscCall(PCCreate(comm, &pc));
      PetscCall(PCSetType(pc, types[t]));
      PetscCall(PCSetOperators(pc, A, A));
      PetscCall(PCSetUp(pc));
      PetscCall(PCGetFailedReason(pc, &reason));
      PetscCall(PCAlgTriGetRepair(pc, &nshifted, NULL, &dropped));
      PetscCall(PetscSynchronizedPrintf(comm, "  repaired: failed reason %s, %" PetscInt_FMT " factor(s) shifted, level dropped %" PetscInt_FMT "\n", PCFailedReasons[reason], nshifted, dropped));
      PetscCall(PetscSynchronizedFlush(comm, PETSC_STDOUT));
      PetscCall(PCDestroy(&pc));
    }
  }
  PetscCall(MatDestroy(&A));
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

TEST*/
