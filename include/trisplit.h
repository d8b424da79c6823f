/* SPDX-License-Identifier: BSD-2-Clause */
/*
   trisplit.h - public interface of trisplit, PETSc preconditioners built on fast tridiagonal solves.

   Link with -ltrisplit and call TriSplitInitializePackage() (PCSetType() calls it for you once the
   library is loaded), or load it into any PETSc program with -dll_append /path/to/libtrisplit.so.
*/
#ifndef TRISPLIT_H
#define TRISPLIT_H

#include <petscpc.h>

/* PETSc before 3.19 returns plain 0 from PetscFunctionReturn(). */
#if !PETSC_VERSION_GE(3, 19, 0) && !defined(PETSC_SUCCESS)
  #define PETSC_SUCCESS 0
#endif

/* Version of trisplit (the makefile reads these three lines for the library's file names and trisplit.pc) */
#define TRISPLIT_VERSION_MAJOR    0
#define TRISPLIT_VERSION_MINOR    2
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

/*E
   PCAlgTriPivoting - pivot rule of the tridiagonal elimination inside the trisplit preconditioners

   Values:
+  PCALGTRI_PIVOTING_NONE    - no pivoting (Thomas algorithm)
.  PCALGTRI_PIVOTING_PARTIAL - partial pivoting between the accumulated and the current row
-  PCALGTRI_PIVOTING_SCALED  - scaled partial pivoting, each candidate divided by its row's max-abs (default)

   Level: intermediate

.seealso: `PCALGTRI`, `PCAlgTriSetPivoting()`
E*/
typedef enum {
  PCALGTRI_PIVOTING_NONE,
  PCALGTRI_PIVOTING_PARTIAL,
  PCALGTRI_PIVOTING_SCALED
} PCAlgTriPivoting;
PETSC_EXTERN const char *const PCAlgTriPivotings[];

/*E
   PCAlgTriWeight - edge weights of the graph the linear forest is extracted from

   Values:
+  PCALGTRI_WEIGHT_SCALED - C = |diagp1(A)^-1 A| + its transpose (scaling invariant, default)
-  PCALGTRI_WEIGHT_ABS    - C = |A| + |A|^T without the diagonal

   Level: intermediate

.seealso: `PCALGTRI`, `PCAlgTriSetWeight()`
E*/
typedef enum {
  PCALGTRI_WEIGHT_SCALED,
  PCALGTRI_WEIGHT_ABS
} PCAlgTriWeight;
PETSC_EXTERN const char *const PCAlgTriWeights[];

/*E
   PCAlgTriPrecision - precision of the tridiagonal factors of the trisplit preconditioners

   Values:
+  PCALGTRI_PRECISION_DOUBLE - double precision (default)
-  PCALGTRI_PRECISION_SINGLE - float bands and RPTS solves inside the double Krylov method (GPU only)

   Level: advanced

.seealso: `PCALGTRI`, `PCAlgTriSetPrecision()`
E*/
typedef enum {
  PCALGTRI_PRECISION_DOUBLE,
  PCALGTRI_PRECISION_SINGLE
} PCAlgTriPrecision;
PETSC_EXTERN const char *const PCAlgTriPrecisions[];

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

/* The forest options, on every trisplit preconditioner (algtri, mosd, mosa, altsplit) */
PETSC_EXTERN PetscErrorCode PCAlgTriSetPivoting(PC, PCAlgTriPivoting);
PETSC_EXTERN PetscErrorCode PCAlgTriGetPivoting(PC, PCAlgTriPivoting *);
PETSC_EXTERN PetscErrorCode PCAlgTriSetWeight(PC, PCAlgTriWeight);
PETSC_EXTERN PetscErrorCode PCAlgTriGetWeight(PC, PCAlgTriWeight *);
PETSC_EXTERN PetscErrorCode PCAlgTriSetFactorIterations(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCAlgTriGetFactorIterations(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCAlgTriSetReuseForest(PC, PetscBool);
PETSC_EXTERN PetscErrorCode PCAlgTriGetReuseForest(PC, PetscBool *);
PETSC_EXTERN PetscErrorCode PCAlgTriSetPrecision(PC, PCAlgTriPrecision);
PETSC_EXTERN PetscErrorCode PCAlgTriGetPrecision(PC, PCAlgTriPrecision *);
PETSC_EXTERN PetscErrorCode PCAlgTriGetForest(PC, PetscInt *, PetscInt *, PetscReal *, PetscReal *);
PETSC_EXTERN PetscErrorCode PCAlgTriSetShiftType(PC, MatFactorShiftType);
PETSC_EXTERN PetscErrorCode PCAlgTriGetShiftType(PC, MatFactorShiftType *);
PETSC_EXTERN PetscErrorCode PCAlgTriSetShiftAmount(PC, PetscReal);
PETSC_EXTERN PetscErrorCode PCAlgTriGetShiftAmount(PC, PetscReal *);
PETSC_EXTERN PetscErrorCode PCAlgTriGetRepair(PC, PetscInt *, PetscReal *, PetscInt *);
/* algtri only */
PETSC_EXTERN PetscErrorCode PCAlgTriSetBlockSize(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCAlgTriGetBlockSize(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCAlgTriSetFactorN(PC, PetscInt);
/* the preconditioners of several factors (mosd, altsplit, mosa) */
PETSC_EXTERN PetscErrorCode PCTriSplitSetM(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriSplitGetM(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriSplitSetCoverage(PC, PetscReal);
PETSC_EXTERN PetscErrorCode PCTriSplitGetCoverage(PC, PetscReal *);
PETSC_EXTERN PetscErrorCode PCTriSplitSetOmega(PC, PetscReal);
PETSC_EXTERN PetscErrorCode PCTriSplitGetOmega(PC, PetscReal *);
PETSC_EXTERN PetscErrorCode PCTriSplitSetDropTolerance(PC, PetscReal);
PETSC_EXTERN PetscErrorCode PCTriSplitGetDropTolerance(PC, PetscReal *);
PETSC_EXTERN PetscErrorCode PCMOSDSetM(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCMOSDSetDiagonal(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCMOSDGetDiagonal(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCMOSASetM(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCMOSASetReusePattern(PC, PetscBool);
PETSC_EXTERN PetscErrorCode PCMOSAGetReusePattern(PC, PetscBool *);
PETSC_EXTERN PetscErrorCode PCAltSplitSetType(PC, PCAltSplitType);
PETSC_EXTERN PetscErrorCode PCAltSplitGetType(PC, PCAltSplitType *);
PETSC_EXTERN PetscErrorCode PCAltSplitSetLocal(PC, PetscBool);
PETSC_EXTERN PetscErrorCode PCAltSplitSetM(PC, PetscInt);
/* the tridiagonal matrix type */
PETSC_EXTERN PetscErrorCode MatCreateTridiag(MPI_Comm, PetscInt, const PetscScalar[], const PetscScalar[], const PetscScalar[], Mat *);
PETSC_EXTERN PetscErrorCode MatTridiagGetBands(Mat, PetscScalar **, PetscScalar **, PetscScalar **);

/* PCTRIAMG: algebraic multigrid on the linear forest (a PCMG) */
#define PCTRIAMG "triamg"
PETSC_EXTERN PetscErrorCode PCTriAMGSetAggregateSize(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriAMGGetAggregateSize(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetCoarseSize(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriAMGGetCoarseSize(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetMaxLevels(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriAMGGetMaxLevels(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetSmoothProlongator(PC, PetscBool);
PETSC_EXTERN PetscErrorCode PCTriAMGGetSmoothProlongator(PC, PetscBool *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetSmoothLevels(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriAMGGetSmoothLevels(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetSmootherType(PC, PCType);
PETSC_EXTERN PetscErrorCode PCTriAMGGetSmootherType(PC, PCType *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetCoarserSmootherType(PC, PCType);
PETSC_EXTERN PetscErrorCode PCTriAMGGetCoarserSmootherType(PC, PCType *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetSmootherSweeps(PC, PetscInt);
PETSC_EXTERN PetscErrorCode PCTriAMGGetSmootherSweeps(PC, PetscInt *);
PETSC_EXTERN PetscErrorCode PCTriAMGSetReuseInterpolation(PC, PetscBool);
PETSC_EXTERN PetscErrorCode PCTriAMGGetReuseInterpolation(PC, PetscBool *);
PETSC_EXTERN PetscErrorCode PCTriAMGGetHierarchy(PC, PetscInt *, const PetscInt **, const PetscInt64 **, PetscInt *, PetscInt *);

#endif
