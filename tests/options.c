/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "PETSc conventions of the trisplit preconditioners: the setters and getters on every PC type that\n\
has the option, range checks, an error naming the row under -ksp_error_if_not_converged, a refused\n\
MATSHELL, an automatic stop instead of empty factors, PCView lines that follow the viewer's tabs.\n\n";

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
  PCTriSplitPivoting  piv;
  PCTriSplitWeight    w;
  PCTriSplitPrecision prec;
  PetscInt          its;
  PetscBool         reuse, multi;
  PetscErrorCode    ierr;

  PetscFunctionBegin;
  PetscCall(PCCreate(comm, &pc));
  PetscCall(PCSetType(pc, type));
  multi = (PetscBool)strcmp(type, PCALGTRI);
  /* the forest options: on every trisplit PC */
  PetscCall(PCTriSplitSetPivoting(pc, PCTRISPLIT_PIVOTING_PARTIAL));
  PetscCall(PCTriSplitGetPivoting(pc, &piv));
  PetscCall(PCTriSplitSetWeight(pc, PCTRISPLIT_WEIGHT_ABS));
  PetscCall(PCTriSplitGetWeight(pc, &w));
  PetscCall(PCTriSplitSetFactorIterations(pc, 7));
  PetscCall(PCTriSplitGetFactorIterations(pc, &its));
  PetscCall(PCTriSplitSetReuseForest(pc, PETSC_FALSE));
  PetscCall(PCTriSplitGetReuseForest(pc, &reuse));
  PetscCall(PetscPrintf(comm, "%s: pivoting %s, weight %s, factor rounds %" PetscInt_FMT ", reuse %s\n", type, PCTriSplitPivotings[piv], PCTriSplitWeights[w], its, PetscBools[reuse]));
  TRY(ierr, PCTriSplitSetPrecision(pc, PCTRISPLIT_PRECISION_SINGLE));
  if (!ierr) {
    PetscCall(PCTriSplitGetPrecision(pc, &prec));
    PetscCall(PetscPrintf(comm, "%s: precision %s\n", type, PCTriSplitPrecisions[prec]));
  } else PetscCall(PetscPrintf(comm, "%s: single precision refused (error %d)\n", type, (int)ierr));
  TRY(ierr, PCTriSplitSetFactorIterations(pc, 0));
  PetscCall(PetscPrintf(comm, "%s: 0 factor rounds refused with PETSC_ERR_ARG_OUTOFRANGE: %s\n", type, ierr == PETSC_ERR_ARG_OUTOFRANGE ? "yes" : "no"));
  { /* the zero-pivot repair: on every PC, nonzero by default, PETSC_DECIDE the default amount */
    MatFactorShiftType shift, shift0;
    PetscReal          amount, amount0;

    PetscCall(PCTriSplitGetShiftType(pc, &shift0));
    PetscCall(PCTriSplitGetShiftAmount(pc, &amount0));
    PetscCall(PCTriSplitSetShiftType(pc, MAT_SHIFT_NONE));
    PetscCall(PCTriSplitGetShiftType(pc, &shift));
    PetscCall(PCTriSplitSetShiftAmount(pc, 1e-6));
    PetscCall(PCTriSplitGetShiftAmount(pc, &amount));
    PetscCall(PetscPrintf(comm, "%s: shift type %s (default %s), amount %g (default %g)", type, MatFactorShiftTypes[shift], MatFactorShiftTypes[shift0], (double)amount, (double)amount0));
    PetscCall(PCTriSplitSetShiftAmount(pc, PETSC_DECIDE));
    PetscCall(PCTriSplitGetShiftAmount(pc, &amount));
    PetscCall(PetscPrintf(comm, ", PETSC_DECIDE gives %g\n", (double)amount));
    TRY(ierr, PCTriSplitSetShiftType(pc, MAT_SHIFT_POSITIVE_DEFINITE));
    PetscCall(PetscPrintf(comm, "%s: shift type positive_definite refused with PETSC_ERR_SUP: %s\n", type, ierr == PETSC_ERR_SUP ? "yes" : "no"));
    TRY(ierr, PCTriSplitSetShiftAmount(pc, 2.0));
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

/* Every setter and getter pair on every PC type that has it: a value other than the default set, the
   same got back. A setter of an option the type does not have is a no-op (PetscTryMethod()). */
static PetscErrorCode CheckPairs(MPI_Comm comm, const char *type)
{
  PC        pc;
  PetscInt  npairs = 0, nbad = 0, ival;
  PetscReal rval;
  PetscBool bval;
  PetscBool algtri = (PetscBool)!strcmp(type, PCALGTRI), mosd = (PetscBool)!strcmp(type, PCMOSD), mosa = (PetscBool)!strcmp(type, PCMOSA), alt = (PetscBool)!strcmp(type, PCALTSPLIT);

#define PAIR(set, get, T, value, got) \
  do { \
    T v_ = (value); \
    PetscCall(set(pc, v_)); \
    PetscCall(get(pc, &got)); \
    npairs++; \
    if (got != v_) { \
      nbad++; \
      PetscCall(PetscPrintf(comm, "%s: %s/%s do not agree\n", type, #set, #get)); \
    } \
  } while (0)

  PetscFunctionBegin;
  PetscCall(PCCreate(comm, &pc));
  PetscCall(PCSetType(pc, type));
  {
    PCTriSplitPivoting  piv;
    PCTriSplitWeight    w;
    PCTriSplitPrecision prec;
    MatFactorShiftType  shift;

    PAIR(PCTriSplitSetPivoting, PCTriSplitGetPivoting, PCTriSplitPivoting, PCTRISPLIT_PIVOTING_NONE, piv);
    PAIR(PCTriSplitSetWeight, PCTriSplitGetWeight, PCTriSplitWeight, PCTRISPLIT_WEIGHT_ABS, w);
    PAIR(PCTriSplitSetPrecision, PCTriSplitGetPrecision, PCTriSplitPrecision, PCTRISPLIT_PRECISION_DOUBLE, prec);
    if (!mosa) PAIR(PCTriSplitSetPrecision, PCTriSplitGetPrecision, PCTriSplitPrecision, PCTRISPLIT_PRECISION_SINGLE, prec);
    PAIR(PCTriSplitSetShiftType, PCTriSplitGetShiftType, MatFactorShiftType, MAT_SHIFT_NONE, shift);
  }
  PAIR(PCTriSplitSetFactorIterations, PCTriSplitGetFactorIterations, PetscInt, 9, ival);
  PAIR(PCTriSplitSetFactorChargePeriod, PCTriSplitGetFactorChargePeriod, PetscInt, 3, ival);
  PAIR(PCTriSplitSetFactorChargeSkip, PCTriSplitGetFactorChargeSkip, PetscInt, 2, ival);
  PAIR(PCTriSplitSetFactorP, PCTriSplitGetFactorP, PetscReal, 0.25, rval);
  PAIR(PCTriSplitSetFactorSeed, PCTriSplitGetFactorSeed, PetscInt, 12345, ival);
  PAIR(PCTriSplitSetReuseForest, PCTriSplitGetReuseForest, PetscBool, PETSC_FALSE, bval);
  PAIR(PCTriSplitSetShiftAmount, PCTriSplitGetShiftAmount, PetscReal, 0.125, rval);
  PAIR(PCTriSplitSetDefinitePaths, PCTriSplitGetDefinitePaths, PetscBool, PETSC_FALSE, bval);
  if (algtri) {
    PAIR(PCAlgTriSetBlockSize, PCAlgTriGetBlockSize, PetscInt, 2, ival);
    PAIR(PCAlgTriSetFactorN, PCAlgTriGetFactorN, PetscInt, 1, ival);
  } else {
    PAIR(PCTriSplitSetM, PCTriSplitGetM, PetscInt, 5, ival);
    PAIR(PCTriSplitSetMMax, PCTriSplitGetMMax, PetscInt, 7, ival);
    PAIR(PCTriSplitSetCoverage, PCTriSplitGetCoverage, PetscReal, 0.75, rval);
  }
  if (mosd || alt) PAIR(PCTriSplitSetOmega, PCTriSplitGetOmega, PetscReal, 0.375, rval);
  if (mosd) PAIR(PCMOSDSetDiagonal, PCMOSDGetDiagonal, PetscInt, 0, ival);
  if (mosa) {
    PAIR(PCTriSplitSetDropTolerance, PCTriSplitGetDropTolerance, PetscReal, 0.5, rval);
    PAIR(PCMOSASetReusePattern, PCMOSAGetReusePattern, PetscBool, PETSC_FALSE, bval);
    PAIR(PCMOSASetExactProduct, PCMOSAGetExactProduct, PetscBool, PETSC_TRUE, bval);
  }
  if (alt) {
    PCAltSplitType t;

    PAIR(PCAltSplitSetType, PCAltSplitGetType, PCAltSplitType, PC_ALTSPLIT_OUTER, t);
    PAIR(PCAltSplitSetLocal, PCAltSplitGetLocal, PetscBool, PETSC_TRUE, bval);
  }
  /* the setters of options this type does not have change nothing and raise no error */
  PetscCall(PCAlgTriSetBlockSize(pc, 2));
  PetscCall(PCAlgTriSetFactorN(pc, 1));
  PetscCall(PCTriSplitSetM(pc, 3));
  PetscCall(PCTriSplitSetMMax(pc, 3));
  PetscCall(PCTriSplitSetCoverage(pc, 0.5));
  PetscCall(PCTriSplitSetOmega(pc, 0.5));
  PetscCall(PCTriSplitSetDropTolerance(pc, 0.25));
  PetscCall(PCMOSDSetDiagonal(pc, 2));
  PetscCall(PCMOSASetReusePattern(pc, PETSC_TRUE));
  PetscCall(PCMOSASetExactProduct(pc, PETSC_FALSE));
  PetscCall(PCAltSplitSetType(pc, PC_ALTSPLIT_INNER));
  PetscCall(PCAltSplitSetLocal(pc, PETSC_FALSE));
  PetscCall(PetscPrintf(comm, "%s: %" PetscInt_FMT " setter/getter pairs agree: %s; setters of other types' options are no-ops\n", type, npairs, nbad ? "no" : "yes"));
#undef PAIR
  PetscCall(PCDestroy(&pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A setter called after PCSetUp() takes effect at the next PCSetUp(), also when the forests would be
   kept (new values, same nonzero pattern, reuse on): the PC built with the new factor rounds and weights
   after its first setup has the forest of a PC built with them from the start. The same through the
   options database and PCSetFromOptions(). */
static PetscErrorCode CheckRebuild(MPI_Comm comm, const char *type, Mat A, PetscBool from_options)
{
  PC        pc, fresh;
  PetscInt  np0, np1, npf, lg1, lgf;
  PetscReal cov1, covf;
  char      option[64];

  PetscFunctionBegin;
  PetscCall(PCCreate(comm, &pc));
  PetscCall(PCSetType(pc, type));
  PetscCall(PCSetOperators(pc, A, A));
  PetscCall(PCSetUp(pc));
  PetscCall(PCTriSplitGetForest(pc, &np0, NULL, NULL, NULL));
  if (from_options) {
    PetscCall(PetscSNPrintf(option, sizeof(option), "-pc_%s_factor_iterations", type));
    PetscCall(PetscOptionsSetValue(NULL, option, "1"));
    PetscCall(PetscSNPrintf(option, sizeof(option), "-pc_%s_weight", type));
    PetscCall(PetscOptionsSetValue(NULL, option, "abs"));
    PetscCall(PCSetFromOptions(pc));
  } else {
    PetscCall(PCTriSplitSetFactorIterations(pc, 1));
    PetscCall(PCTriSplitSetWeight(pc, PCTRISPLIT_WEIGHT_ABS));
  }
  PetscCall(MatScale(A, 2.0)); /* new values, same nonzero pattern: the reused forest would ignore the change */
  PetscCall(PCSetUp(pc));
  PetscCall(PCTriSplitGetForest(pc, &np1, &lg1, &cov1, NULL));
  PetscCall(PCCreate(comm, &fresh));
  PetscCall(PCSetType(fresh, type));
  PetscCall(PCSetOperators(fresh, A, A));
  if (from_options) {
    PetscCall(PCSetFromOptions(fresh));
    PetscCall(PetscSNPrintf(option, sizeof(option), "-pc_%s_factor_iterations", type));
    PetscCall(PetscOptionsClearValue(NULL, option));
    PetscCall(PetscSNPrintf(option, sizeof(option), "-pc_%s_weight", type));
    PetscCall(PetscOptionsClearValue(NULL, option));
  } else {
    PetscCall(PCTriSplitSetFactorIterations(fresh, 1));
    PetscCall(PCTriSplitSetWeight(fresh, PCTRISPLIT_WEIGHT_ABS));
  }
  PetscCall(PCSetUp(fresh));
  PetscCall(PCTriSplitGetForest(fresh, &npf, &lgf, &covf, NULL));
  PetscCall(MatScale(A, 0.5));
  PetscCall(PetscSynchronizedPrintf(comm, "%s: paths %" PetscInt_FMT " with 5 rounds, %" PetscInt_FMT " after %s 1 round and abs weights (built from the start: %" PetscInt_FMT "), the same forest as a new PC: %s\n", type, np0, np1, from_options ? "-pc_<type>_factor_iterations and -pc_<type>_weight give" : "the setters give", npf, np1 == npf && lg1 == lgf && cov1 == covf && np1 != np0 ? "yes" : "no"));
  PetscCall(PetscSynchronizedFlush(comm, PETSC_STDOUT));
  PetscCall(PCDestroy(&fresh));
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

/* A value out of range given on the command line is refused with a message that names the option as the user
   wrote it, the options prefix included (PETSc 3.18's own range check names none) */
static PetscErrorCode CheckOptionErrors(MPI_Comm comm)
{
  const struct {
    const char *type, *prefix, *option, *value;
  } cases[] = {
    {PCMOSD,     NULL,   "-pc_mosd_m",                   "-3"},
    {PCMOSD,     "sub_", "-sub_pc_mosd_m",               "-3"},
    {PCMOSA,     NULL,   "-pc_mosa_m_max",               "0" },
    {PCMOSD,     NULL,   "-pc_mosd_diagonal",            "4" },
    {PCALGTRI,   NULL,   "-pc_algtri_factor_iterations", "0" },
    {PCALGTRI,   NULL,   "-pc_algtri_factor_seed",       "-1"},
    {PCALTSPLIT, NULL,   "-pc_altsplit_factor_charge_skip", "2000"},
    {PCALGTRI,   NULL,   "-pc_algtri_block",             "3" },
    {PCALGTRI,   NULL,   "-pc_algtri_factor_n",          "5" },
    {PCALGTRI,   NULL,   "-pc_algtri_shift_amount",      "5" },
    {PCMOSD,     NULL,   "-pc_mosd_omega",               "2" },
    {PCMOSA,     NULL,   "-pc_mosa_droptol",             "-1"},
  };
  PC             pc;
  PetscErrorCode ierr;

  PetscFunctionBegin;
  for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
    PetscCall(PetscOptionsSetValue(NULL, cases[k].option, cases[k].value));
    PetscCall(PCCreate(comm, &pc));
    if (cases[k].prefix) PetscCall(PCSetOptionsPrefix(pc, cases[k].prefix));
    PetscCall(PCSetType(pc, cases[k].type));
    last_error[0] = 0;
    TRY(ierr, PCSetFromOptions(pc));
    PetscCall(PetscPrintf(comm, "%s %s: refused with PETSC_ERR_ARG_OUTOFRANGE: %s, the message names the option: %s\n", cases[k].option, cases[k].value, ierr == PETSC_ERR_ARG_OUTOFRANGE ? "yes" : "no", strstr(last_error, cases[k].option) ? "yes" : "no"));
    if (!strstr(last_error, cases[k].option)) PetscCall(PetscPrintf(comm, "  the message: %s\n", last_error));
    PetscCall(PCDestroy(&pc));
    PetscCall(PetscOptionsClearValue(NULL, cases[k].option));
  }
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
  PetscBool      option_errors = PETSC_FALSE;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  comm = PETSC_COMM_WORLD;
  PetscCall(TriSplitInitializePackage());
  /* on its own, without -malloc_dump: an error inside PCSetFromOptions() leaves PETSc's option items allocated */
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-option_errors", &option_errors, NULL));
  if (option_errors) {
    PetscCall(CheckOptionErrors(comm));
    PetscCall(PetscFinalize());
    return 0;
  }
  for (int t = 0; t < 4; t++) PetscCall(CheckSetters(comm, types[t]));
  for (int t = 0; t < 4; t++) PetscCall(CheckPairs(comm, types[t]));

  /* PCView, one line per print, on a set-up PC of every type */
  PetscCall(AssembleStencil(comm, FixedStencils[PROBLEM_MODEL8], n, MATAIJ, &A));
  for (int t = 0; t < 4; t++) {
    PetscCall(CheckRebuild(comm, types[t], A, PETSC_FALSE));
    PetscCall(CheckRebuild(comm, types[t], A, PETSC_TRUE));
  }
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
    PetscCall(PCTriSplitSetShiftType(pc, MAT_SHIFT_NONE)); /* the failure without the zero-pivot repair */
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
    PetscCall(PCTriSplitSetShiftType(pc, MAT_SHIFT_NONE));
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
      PetscCall(PCTriSplitGetRepair(pc, &nshifted, NULL, &dropped));
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

  test:
    suffix: option_errors
    args: -option_errors -malloc_dump false

TEST*/
