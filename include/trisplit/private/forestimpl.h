/*
   Shared machinery of the trisplit preconditioners: the weight graph of the local block, linear
   forests extracted from it, their permuted tridiagonal bands and factorizations. Every PC type
   (algtri, and the splittings that combine several forests) is built from these pieces only.
*/
#ifndef TRISPLIT_FORESTIMPL_H
#define TRISPLIT_FORESTIMPL_H

#include <petsc/private/pcimpl.h>
#include <trisplit.h>
#include "trisplit_kernels.h"

#if defined(PETSC_USE_COMPLEX) || !defined(PETSC_USE_REAL_DOUBLE)
  #error "trisplit supports real double precision PETSc builds only"
#endif

/* PetscOptionItems became a pointer type in PETSc 3.23: the argument of XXXSetFromOptions_Impl(). */
#if PETSC_VERSION_GE(3, 23, 0)
  #define TSOptionItems PetscOptionItems
#else
  #define TSOptionItems PetscOptionItems *
#endif

/* The kernels see PetscInt as ts_int (the makefile sets TS_INDEX_64 with 64-bit PETSc indices). */
typedef char TriSplitIndexCheck[sizeof(PetscInt) == sizeof(ts_int) ? 1 : -1];

PETSC_INTERN PetscLogEvent TS_Graph, TS_Factor, TS_Forest, TS_Bands, TS_TriFactor, TS_TriSolve;

/* Parameters of the forest extraction; -pc_<type>_... options fill them. */
typedef struct {
  PCAlgTriWeight   weight;
  PCAlgTriPivoting pivoting;
  ts_factor_params factor; /* n = 2 for linear forests */
} TSForestOptions;

PETSC_INTERN PetscErrorCode TSForestOptionsDefault(TSForestOptions *);
PETSC_INTERN PetscErrorCode TSForestOptionsSetFromOptions(TSOptionItems, const char[], TSForestOptions *);
PETSC_INTERN PetscErrorCode TSForestOptionsView(const TSForestOptions *, PetscViewer);

/* The weight graph C of the local diagonal block: symmetric, no diagonal. */
typedef struct {
  PetscInt   n;
  PetscInt  *rowptr, *col;
  PetscReal *w;
  PetscReal  total; /* sum of all weights (each edge twice) */
  PetscReal  coverage_id;
} TSGraph;

/* A linear forest of the graph with its permutation and (after TSForestSetValues()) the factored
   tridiagonal bands of P A P^T restricted to the forest. */
typedef struct {
  PetscInt         n;
  PetscInt        *partner; /* 2 per vertex, -1 = none */
  PetscReal       *partner_w;
  PetscInt        *perm, *iperm, *path_id;
  PetscInt         npaths, longest, ncycles;
  int              rounds;
  PetscReal        coverage; /* c_pi */
  PetscScalar     *a, *b, *c;
  void            *factor;
  PCFailedReason   failed; /* PC_NOERROR, or why the last factorization failed */
  PetscInt         failed_row;
  PCAlgTriPivoting pivoting;
} TSForest;

/* Local diagonal block as a SEQAIJ matrix (the block itself, or a converted copy in *owned). */
PETSC_INTERN PetscErrorCode TSGetLocalAIJ(PC, Mat *, Mat *);

PETSC_INTERN PetscErrorCode TSGraphBuild(Mat, PCAlgTriWeight, TSGraph *);
PETSC_INTERN PetscErrorCode TSGraphReset(TSGraph *);

PETSC_INTERN PetscErrorCode TSForestBuild(const TSGraph *, const TSForestOptions *, TSForest *);
PETSC_INTERN PetscErrorCode TSForestSetValues(TSForest *, Mat, PCAlgTriPivoting);
PETSC_INTERN PetscErrorCode TSForestApply(const TSForest *, const PetscScalar *, PetscScalar *, PetscScalar *, PetscBool);
PETSC_INTERN PetscErrorCode TSForestView(const TSForest *, const TSGraph *, PetscViewer);
PETSC_INTERN PetscErrorCode TSForestReset(TSForest *);

#endif
