/* SPDX-License-Identifier: BSD-2-Clause */
/*
   trisplit.h - public interface of trisplit, PETSc preconditioners built on fast tridiagonal solves.

   Two ways to get the PC types (algtri, mosd, mosa, altsplit, triamg):
   - link with -ltrisplit and call TriSplitInitializePackage() once, after PetscInitialize() and before the
     first PCSetType() or KSPSetFromOptions() that names one of them: linking alone registers nothing, and
     PCSetType(pc, PCALGTRI) then stops with "Unable to find requested PC type algtri" (tests/link.c);
   - or load it into any PETSc program, unchanged, with -dll_append /path/to/libtrisplit.so: PETSc then
     calls the registration itself.
*/
#ifndef TRISPLIT_H
#define TRISPLIT_H

#include <petscpc.h>

/* Version of trisplit (the makefile reads these three lines for the library's file names and trisplit.pc) */
#define TRISPLIT_VERSION_MAJOR    0
#define TRISPLIT_VERSION_MINOR    3
#define TRISPLIT_VERSION_SUBMINOR 0

/* TRISPLIT_VERSION_GE(0, 2, 0) is true from trisplit 0.2.0 on (as PETSC_VERSION_GE()); also _LT, _LE, _GT, _EQ */
#define TRISPLIT_VERSION_EQ(MAJOR, MINOR, SUBMINOR) \
  ((TRISPLIT_VERSION_MAJOR == (MAJOR)) && (TRISPLIT_VERSION_MINOR == (MINOR)) && (TRISPLIT_VERSION_SUBMINOR == (SUBMINOR)))
#define TRISPLIT_VERSION_LT(MAJOR, MINOR, SUBMINOR) \
  (TRISPLIT_VERSION_MAJOR < (MAJOR) || (TRISPLIT_VERSION_MAJOR == (MAJOR) && (TRISPLIT_VERSION_MINOR < (MINOR) || \
                                        (TRISPLIT_VERSION_MINOR == (MINOR) && (TRISPLIT_VERSION_SUBMINOR < (SUBMINOR))))))
#define TRISPLIT_VERSION_LE(MAJOR, MINOR, SUBMINOR) (TRISPLIT_VERSION_LT(MAJOR, MINOR, SUBMINOR) || TRISPLIT_VERSION_EQ(MAJOR, MINOR, SUBMINOR))
#define TRISPLIT_VERSION_GT(MAJOR, MINOR, SUBMINOR) (0 == TRISPLIT_VERSION_LE(MAJOR, MINOR, SUBMINOR))
#define TRISPLIT_VERSION_GE(MAJOR, MINOR, SUBMINOR) (0 == TRISPLIT_VERSION_LT(MAJOR, MINOR, SUBMINOR))

PETSC_EXTERN PetscErrorCode TriSplitGetVersion(char[], size_t);
PETSC_EXTERN PetscErrorCode TriSplitGetVersionNumber(PetscInt *, PetscInt *, PetscInt *);

/* Preconditioner types (only registered types are listed here) */
#define PCALGTRI   "algtri"
#define PCMOSD     "mosd"
#define PCALTSPLIT "altsplit"
#define PCMOSA     "mosa"

/* Matrix type and solver */
#define MATTRIDIAG    "tridiag"
#define MATSOLVERRPTS "rpts"
#define MATCSRCUDA    "csrcuda"    /* a CUDA build's device-only CSR matrix, PCTRIAMG's level operators */
#define MATMPICSRCUDA "mpicsrcuda" /* its distributed form: two MATCSRCUDA blocks per rank */

/*E
   PCTriSplitPivoting - pivot rule of the tridiagonal elimination inside the trisplit preconditioners

   Values:
+  PCTRISPLIT_PIVOTING_NONE    - no pivoting (Thomas algorithm)
.  PCTRISPLIT_PIVOTING_PARTIAL - partial pivoting between the accumulated and the current row
-  PCTRISPLIT_PIVOTING_SCALED  - scaled partial pivoting, each candidate divided by its row's max-abs (default)

   Level: intermediate

.seealso: `PCALGTRI`, `PCMOSD`, `PCMOSA`, `PCALTSPLIT`, `PCTriSplitSetPivoting()`
E*/
typedef enum {
  PCTRISPLIT_PIVOTING_NONE,
  PCTRISPLIT_PIVOTING_PARTIAL,
  PCTRISPLIT_PIVOTING_SCALED
} PCTriSplitPivoting;
PETSC_EXTERN const char *const PCTriSplitPivotings[];

/*E
   PCTriSplitWeight - edge weights of the graph the linear forests are extracted from

   Values:
+  PCTRISPLIT_WEIGHT_SCALED - C = |diagp1(A)^-1 A| + its transpose (scaling invariant, default)
-  PCTRISPLIT_WEIGHT_ABS    - C = |A| + |A|^T without the diagonal

   Level: intermediate

.seealso: `PCALGTRI`, `PCTriSplitSetWeight()`
E*/
typedef enum {
  PCTRISPLIT_WEIGHT_SCALED,
  PCTRISPLIT_WEIGHT_ABS
} PCTriSplitWeight;
PETSC_EXTERN const char *const PCTriSplitWeights[];

/*E
   PCTriSplitPrecision - precision of the tridiagonal factors of the trisplit preconditioners

   Values:
+  PCTRISPLIT_PRECISION_DOUBLE - double precision (default)
-  PCTRISPLIT_PRECISION_SINGLE - float bands and RPTS solves inside the double Krylov method (GPU only)

   Level: advanced

.seealso: `PCALGTRI`, `PCTriSplitSetPrecision()`
E*/
typedef enum {
  PCTRISPLIT_PRECISION_DOUBLE,
  PCTRISPLIT_PRECISION_SINGLE
} PCTriSplitPrecision;
PETSC_EXTERN const char *const PCTriSplitPrecisions[];

/* The names of trisplit 0.2, kept for one release (removed in 0.4) */
typedef PCTriSplitPivoting  PCAlgTriPivoting;
typedef PCTriSplitWeight    PCAlgTriWeight;
typedef PCTriSplitPrecision PCAlgTriPrecision;
#define PCALGTRI_PIVOTING_NONE     PCTRISPLIT_PIVOTING_NONE
#define PCALGTRI_PIVOTING_PARTIAL  PCTRISPLIT_PIVOTING_PARTIAL
#define PCALGTRI_PIVOTING_SCALED   PCTRISPLIT_PIVOTING_SCALED
#define PCALGTRI_WEIGHT_SCALED     PCTRISPLIT_WEIGHT_SCALED
#define PCALGTRI_WEIGHT_ABS        PCTRISPLIT_WEIGHT_ABS
#define PCALGTRI_PRECISION_DOUBLE  PCTRISPLIT_PRECISION_DOUBLE
#define PCALGTRI_PRECISION_SINGLE  PCTRISPLIT_PRECISION_SINGLE
#define PCAlgTriPivotings          PCTriSplitPivotings
#define PCAlgTriWeights            PCTriSplitWeights
#define PCAlgTriPrecisions         PCTriSplitPrecisions

/*E
   PCAltSplitType - how `PCALTSPLIT` alternates its tridiagonal factors

   Values:
+  PC_ALTSPLIT_INNER - ALT-i: m defect-correction sweeps in every application (a fixed operator)
-  PC_ALTSPLIT_OUTER - ALT-o: factor k mod m in the k-th application (flexible Krylov methods only)

   Level: intermediate

.seealso: `PCALTSPLIT`, `PCAltSplitSetType()`
E*/
typedef enum {
  PC_ALTSPLIT_INNER,
  PC_ALTSPLIT_OUTER
} PCAltSplitType;
PETSC_EXTERN const char *const PCAltSplitTypes[];

PETSC_EXTERN PetscErrorCode TriSplitInitializePackage(void);
PETSC_EXTERN PetscErrorCode TriSplitFinalizePackage(void);

/* The options every trisplit preconditioner shares (algtri, mosd, mosa, altsplit): the forest extraction,
   the factors' precision and repair, the reuse of the forests, and what the last setup built */
PETSC_EXTERN PetscErrorCode PCTriSplitSetPivoting(PC, PCTriSplitPivoting);
PETSC_EXTERN PetscErrorCode PCTriSplitGetPivoting(PC, PCTriSplitPivoting *);
PETSC_EXTERN PetscErrorCode PCTriSplitSetWeight(PC, PCTriSplitWeight);
PETSC_EXTERN PetscErrorCode PCTriSplitGetWeight(PC, PCTriSplitWeight *);
PETSC_EXTERN PetscErrorCode PCTriSplitSetFactorIterations(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriSplitGetFactorIterations(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriSplitSetFactorChargePeriod(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriSplitGetFactorChargePeriod(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriSplitSetFactorChargeSkip(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriSplitGetFactorChargeSkip(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriSplitSetFactorP(PC, PetscReal);
PETSC_EXTERN PetscErrorCode PCTriSplitGetFactorP(PC, PetscReal *);
PETSC_EXTERN PetscErrorCode PCTriSplitSetFactorSeed(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriSplitGetFactorSeed(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriSplitSetReuseForest(PC, PetscBool);
PETSC_EXTERN PetscErrorCode PCTriSplitGetReuseForest(PC, PetscBool *);
PETSC_EXTERN PetscErrorCode PCTriSplitSetPrecision(PC, PCTriSplitPrecision);
PETSC_EXTERN PetscErrorCode PCTriSplitGetPrecision(PC, PCTriSplitPrecision *);
PETSC_EXTERN PetscErrorCode PCTriSplitSetShiftType(PC, MatFactorShiftType);
PETSC_EXTERN PetscErrorCode PCTriSplitGetShiftType(PC, MatFactorShiftType *);
PETSC_EXTERN PetscErrorCode PCTriSplitSetShiftAmount(PC, PetscReal);
PETSC_EXTERN PetscErrorCode PCTriSplitGetShiftAmount(PC, PetscReal *);
PETSC_EXTERN PetscErrorCode PCTriSplitSetDefinitePaths(PC, PetscBool);
PETSC_EXTERN PetscErrorCode PCTriSplitGetDefinitePaths(PC, PetscBool *);
PETSC_EXTERN PetscErrorCode PCTriSplitGetForest(PC, PetscInt *, PetscInt *, PetscReal *, PetscReal *);
PETSC_EXTERN PetscErrorCode PCTriSplitGetRepair(PC, PetscInt *, PetscReal *, PetscInt *);
/* the preconditioners of several factors (mosd, altsplit, mosa) */
PETSC_EXTERN PetscErrorCode PCTriSplitSetM(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriSplitGetM(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriSplitSetMMax(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriSplitGetMMax(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriSplitSetCoverage(PC, PetscReal);
PETSC_EXTERN PetscErrorCode PCTriSplitGetCoverage(PC, PetscReal *);
/* the splittings (mosd, altsplit) */
PETSC_EXTERN PetscErrorCode PCTriSplitSetOmega(PC, PetscReal);
PETSC_EXTERN PetscErrorCode PCTriSplitGetOmega(PC, PetscReal *);
/* mosa */
PETSC_EXTERN PetscErrorCode PCTriSplitSetDropTolerance(PC, PetscReal);
PETSC_EXTERN PetscErrorCode PCTriSplitGetDropTolerance(PC, PetscReal *);

/* The options of one preconditioner type */
PETSC_EXTERN PetscErrorCode PCAlgTriSetBlockSize(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCAlgTriGetBlockSize(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCAlgTriSetFactorN(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCAlgTriGetFactorN(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCMOSDSetDiagonal(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCMOSDGetDiagonal(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCMOSASetReusePattern(PC, PetscBool);
PETSC_EXTERN PetscErrorCode PCMOSAGetReusePattern(PC, PetscBool *);
PETSC_EXTERN PetscErrorCode PCMOSASetExactProduct(PC, PetscBool);
PETSC_EXTERN PetscErrorCode PCMOSAGetExactProduct(PC, PetscBool *);
PETSC_EXTERN PetscErrorCode PCAltSplitSetType(PC, PCAltSplitType);
PETSC_EXTERN PetscErrorCode PCAltSplitGetType(PC, PCAltSplitType *);
PETSC_EXTERN PetscErrorCode PCAltSplitSetLocal(PC, PetscBool);
PETSC_EXTERN PetscErrorCode PCAltSplitGetLocal(PC, PetscBool *);

/* The function names of trisplit 0.2, kept for one release (removed in 0.4): each calls its new name.
   PETSc 3.18 defines PETSC_DEPRECATED_FUNCTION(why); later releases PETSC_DEPRECATED_FUNCTION(major, minor,
   subminor, replacement, why) over PETSC_DEPRECATED_FUNCTION_BASE(why) (PETSc 3.25). Both are empty or
   absent where the compiler has no deprecation attribute. */
#if defined(PETSC_DEPRECATED_FUNCTION_BASE)
  #define TRISPLIT_DEPRECATED_FUNCTION(replacement) PETSC_DEPRECATED_FUNCTION_BASE("Use " replacement " (since trisplit 0.3.0) instead")
#elif defined(PETSC_DEPRECATED_FUNCTION)
  #define TRISPLIT_DEPRECATED_FUNCTION(replacement) PETSC_DEPRECATED_FUNCTION("Use " replacement " (since trisplit 0.3.0) instead")
#else
  #define TRISPLIT_DEPRECATED_FUNCTION(replacement)
#endif
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitSetPivoting()") PetscErrorCode PCAlgTriSetPivoting(PC, PCAlgTriPivoting);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitGetPivoting()") PetscErrorCode PCAlgTriGetPivoting(PC, PCAlgTriPivoting *);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitSetWeight()") PetscErrorCode PCAlgTriSetWeight(PC, PCAlgTriWeight);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitGetWeight()") PetscErrorCode PCAlgTriGetWeight(PC, PCAlgTriWeight *);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitSetFactorIterations()") PetscErrorCode PCAlgTriSetFactorIterations(PC, PetscInt);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitGetFactorIterations()") PetscErrorCode PCAlgTriGetFactorIterations(PC, PetscInt *);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitSetReuseForest()") PetscErrorCode PCAlgTriSetReuseForest(PC, PetscBool);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitGetReuseForest()") PetscErrorCode PCAlgTriGetReuseForest(PC, PetscBool *);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitSetPrecision()") PetscErrorCode PCAlgTriSetPrecision(PC, PCAlgTriPrecision);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitGetPrecision()") PetscErrorCode PCAlgTriGetPrecision(PC, PCAlgTriPrecision *);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitGetForest()") PetscErrorCode PCAlgTriGetForest(PC, PetscInt *, PetscInt *, PetscReal *, PetscReal *);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitSetShiftType()") PetscErrorCode PCAlgTriSetShiftType(PC, MatFactorShiftType);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitGetShiftType()") PetscErrorCode PCAlgTriGetShiftType(PC, MatFactorShiftType *);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitSetShiftAmount()") PetscErrorCode PCAlgTriSetShiftAmount(PC, PetscReal);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitGetShiftAmount()") PetscErrorCode PCAlgTriGetShiftAmount(PC, PetscReal *);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitGetRepair()") PetscErrorCode PCAlgTriGetRepair(PC, PetscInt *, PetscReal *, PetscInt *);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitSetM()") PetscErrorCode PCMOSDSetM(PC, PetscInt);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitSetM()") PetscErrorCode PCMOSASetM(PC, PetscInt);
PETSC_EXTERN TRISPLIT_DEPRECATED_FUNCTION("PCTriSplitSetM()") PetscErrorCode PCAltSplitSetM(PC, PetscInt);

/* the tridiagonal matrix type */
PETSC_EXTERN PetscErrorCode MatCreateTridiag(MPI_Comm, PetscInt, const PetscScalar[], const PetscScalar[], const PetscScalar[], Mat *);
PETSC_EXTERN PetscErrorCode MatTridiagGetBands(Mat, PetscScalar **, PetscScalar **, PetscScalar **);

/* PCTRIAMG: algebraic multigrid on the linear forest (a PCMG) */
#define PCTRIAMG "triamg"
PETSC_EXTERN PetscErrorCode PCTriAMGSetAggregateSize(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriAMGGetAggregateSize(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetPairShare(PC, PetscReal);
PETSC_EXTERN PetscErrorCode PCTriAMGGetPairShare(PC, PetscReal *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetCoarseSize(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriAMGGetCoarseSize(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetGatherSize(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriAMGGetGatherSize(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetMaxLevels(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriAMGGetMaxLevels(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetSmoothProlongator(PC, PetscBool);
PETSC_EXTERN PetscErrorCode PCTriAMGGetSmoothProlongator(PC, PetscBool *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetSmoothLevels(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriAMGGetSmoothLevels(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetSmoothThreshold(PC, PetscReal);
PETSC_EXTERN PetscErrorCode PCTriAMGGetSmoothThreshold(PC, PetscReal *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetSmootherType(PC, PCType);
PETSC_EXTERN PetscErrorCode PCTriAMGGetSmootherType(PC, PCType *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetCoarserSmootherType(PC, PCType);
PETSC_EXTERN PetscErrorCode PCTriAMGGetCoarserSmootherType(PC, PCType *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetSmootherSweeps(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriAMGGetSmootherSweeps(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetReuseInterpolation(PC, PetscBool);
PETSC_EXTERN PetscErrorCode PCTriAMGGetReuseInterpolation(PC, PetscBool *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetDeviceOperators(PC, PetscBool);
PETSC_EXTERN PetscErrorCode PCTriAMGGetDeviceOperators(PC, PetscBool *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetNodal(PC, PetscBool);
PETSC_EXTERN PetscErrorCode PCTriAMGGetNodal(PC, PetscBool *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetLeanCycle(PC, PetscBool);
PETSC_EXTERN PetscErrorCode PCTriAMGGetLeanCycle(PC, PetscBool *);
PETSC_EXTERN PetscErrorCode PCTriAMGGetHierarchy(PC, PetscInt *, const PetscInt **, const PetscInt64 **, PetscInt *, PetscInt *);

#endif
