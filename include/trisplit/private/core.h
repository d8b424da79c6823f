/* SPDX-License-Identifier: BSD-2-Clause */
/*
   The shared core of trisplit's PETSc layer, used by the matrix types (src/mat) and the
   preconditioners (src/pc) alike: PETSc version compatibility, access to the CSR arrays of a local
   block, and PETSc's conventions for a failed factor. It knows nothing of forests or PCs, so the
   matrix layer never depends on the preconditioners. The device half is core_cuda.h.
*/
#ifndef TRISPLIT_CORE_H
#define TRISPLIT_CORE_H

#include <petscmat.h>
#include <trisplit.h>
#include "trisplit_kernels.h"

/* PETSc before 3.19 returns plain 0 from PetscFunctionReturn(): trisplit's code returns PETSC_SUCCESS */
#if !PETSC_VERSION_GE(3, 19, 0) && !defined(PETSC_SUCCESS)
  #define PETSC_SUCCESS 0
#endif

/* -log_view events of the shared core's device steps, used by the rpts solver and every PC (registered
   with the others in src/pc/register.c): the zero-pivot check of a factor and its RPTS plan analysis */
PETSC_INTERN PetscLogEvent TriSplit_PivotCheck, TriSplit_RPTSPlan;

#if defined(PETSC_USE_COMPLEX) || !defined(PETSC_USE_REAL_DOUBLE)
  #error "trisplit supports real double precision PETSc builds only"
#endif

/* The kernels see PetscInt as ts_int (the makefile sets TS_INDEX_64 with 64-bit PETSc indices). */
typedef char TriSplitIndexCheck[sizeof(PetscInt) == sizeof(ts_int) ? 1 : -1];

/* PetscOptionItems became a pointer type in PETSc 3.23: the argument of XXXSetFromOptions_Impl(). */
#if PETSC_VERSION_GE(3, 23, 0)
  #define TriSplitOptionItems PetscOptionItems
#else
  #define TriSplitOptionItems PetscOptionItems *
#endif

/* PetscBool is a C bool from PETSc 3.24 on, and MPIU_BOOL is deprecated there in favour of MPI_C_BOOL. */
#if PETSC_VERSION_GE(3, 24, 0)
  #define TriSplitMPIBool MPI_C_BOOL
#else
  #define TriSplitMPIBool MPIU_BOOL
#endif

/* The pivot rules by name, for options and viewers (the kernels' ts_pivoting order) */
static const char *const TriSplitPivotingNames[] = {"none", "partial", "scaled", "TriSplitPivoting", "TS_PIVOTING_", NULL};

/* A failed factor hands the caller an Inf vector, so a KSP stops with KSP_DIVERGED_PC_FAILED
   (VecSetInf() became VecFlag() in PETSc 3.22). */
static inline PetscErrorCode TriSplitVecSetFailed(Vec y)
{
  PetscFunctionBegin;
#if PETSC_VERSION_GE(3, 22, 0)
  PetscCall(VecFlag(y, 1));
#else
  PetscCall(VecSetInf(y));
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ... and Inf in every column of a dense result (PCMatApply(), MatMatSolve()) */
static inline PetscErrorCode TriSplitDenseSetFailed(Mat Y)
{
  PetscScalar *ya;
  PetscInt     m, k, ld;

  PetscFunctionBegin;
  PetscCall(MatGetLocalSize(Y, &m, NULL));
  PetscCall(MatGetSize(Y, NULL, &k));
  PetscCall(MatDenseGetLDA(Y, &ld));
  PetscCall(MatDenseGetArrayWrite(Y, &ya));
  for (PetscInt c = 0; c < k; c++)
    for (PetscInt i = 0; i < m; i++) ya[c * ld + i] = (PetscScalar)INFINITY;
  PetscCall(MatDenseRestoreArrayWrite(Y, &ya));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Local rows, columns and leading dimensions of a pair of dense matrices X, Y */
static inline PetscErrorCode TriSplitDenseGetSizes(Mat X, Mat Y, PetscInt *n, PetscInt *k, PetscInt *ldx, PetscInt *ldy)
{
  PetscFunctionBegin;
  PetscCall(MatGetLocalSize(X, n, NULL));
  PetscCall(MatGetSize(X, NULL, k));
  PetscCall(MatDenseGetLDA(X, ldx));
  PetscCall(MatDenseGetLDA(Y, ldy));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Host CSR arrays of a SEQAIJ matrix */
static inline PetscErrorCode TriSplitGetCSR(Mat A, PetscInt *n, const PetscInt **ia, const PetscInt **ja, const PetscScalar **va)
{
  PetscBool done;

  PetscFunctionBegin;
  PetscCall(MatGetRowIJ(A, 0, PETSC_FALSE, PETSC_FALSE, n, ia, ja, &done));
  PetscCheck(done, PETSC_COMM_SELF, PETSC_ERR_SUP, "Cannot get the CSR structure of a matrix of type %s", ((PetscObject)A)->type_name);
  PetscCall(MatSeqAIJGetArrayRead(A, va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static inline PetscErrorCode TriSplitRestoreCSR(Mat A, PetscInt *n, const PetscInt **ia, const PetscInt **ja, const PetscScalar **va)
{
  PetscBool done;
  PetscInt  nn = *n; /* MatRestoreRowIJ() clears its size argument; the caller keeps its count */

  PetscFunctionBegin;
  PetscCall(MatSeqAIJRestoreArrayRead(A, va));
  PetscCall(MatRestoreRowIJ(A, 0, PETSC_FALSE, PETSC_FALSE, &nn, ia, ja, &done));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A MATMPIAIJ on comm from this rank's host blocks, copied: D (MATSEQAIJ, this rank's n columns) and O (its
   columns into garray, sorted global numbers). Each row goes to PETSc in increasing global columns: O's columns
   before this rank's, D's, then O's others. (PCTRIAMG's levels before PETSc 3.23, whose
   MatCreateMPIAIJWithSeqAIJ() takes no garray, and the conversions of a MATMPICSRCUDA.) */
static inline PetscErrorCode TriSplitMPIAIJFromBlocks(MPI_Comm comm, Mat D, Mat O, const PetscInt *garray, Mat *M)
{
  PetscInt           m, n, cstart = 0, *gi, *gj;
  PetscScalar       *gv;
  const PetscInt    *di, *dj, *oi, *oj;
  const PetscScalar *dv, *ov;
  PetscMPIInt        rank;

  PetscFunctionBegin;
  PetscCall(MatGetSize(D, NULL, &n));
  PetscCallMPI(MPI_Exscan(&n, &cstart, 1, MPIU_INT, MPI_SUM, comm));
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  if (!rank) cstart = 0; /* MPI_Exscan leaves rank 0's result undefined */
  PetscCall(TriSplitGetCSR(D, &m, &di, &dj, &dv));
  PetscCall(TriSplitGetCSR(O, &m, &oi, &oj, &ov));
  PetscCall(PetscMalloc3(m + 1, &gi, PetscMax(di[m] + oi[m], 1), &gj, PetscMax(di[m] + oi[m], 1), &gv));
  gi[0] = 0;
  for (PetscInt i = 0; i < m; i++) {
    PetscInt c = gi[i], k = oi[i];

    for (; k < oi[i + 1] && garray[oj[k]] < cstart; k++, c++) {
      gj[c] = garray[oj[k]];
      gv[c] = ov[k];
    }
    for (PetscInt q = di[i]; q < di[i + 1]; q++, c++) {
      gj[c] = cstart + dj[q];
      gv[c] = dv[q];
    }
    for (; k < oi[i + 1]; k++, c++) {
      gj[c] = garray[oj[k]];
      gv[c] = ov[k];
    }
    gi[i + 1] = c;
  }
  PetscCall(TriSplitRestoreCSR(O, &m, &oi, &oj, &ov));
  PetscCall(TriSplitRestoreCSR(D, &m, &di, &dj, &dv));
  PetscCall(MatCreateMPIAIJWithArrays(comm, m, n, PETSC_DETERMINE, PETSC_DETERMINE, gi, gj, gv, M));
  PetscCall(PetscFree3(gi, gj, gv));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The row of the first NaN or Inf entry of host CSR arrays, -1 if there is none: a non-finite entry
   anywhere in a block (not only in a forest's bands) makes the operator meaningless */
static inline PetscInt TriSplitFirstNonFiniteRow(PetscInt n, const PetscInt *ia, const PetscScalar *va)
{
  for (PetscInt e = 0; e < ia[n]; e++)
    if (PetscIsInfOrNanScalar(va[e])) {
      PetscInt row = 0;

      while (ia[row + 1] <= e) row++;
      return row;
    }
  return -1;
}

/* A context composed on a PETSc object under a name and destroyed with it by destroy(ctx) (PCTRIAMG's arrays of
   the host's level matrices, its device Galerkin plans): one container callback for every PETSc version */
typedef struct {
  void *ctx;
  PetscErrorCode (*destroy)(void *);
} TriSplitOwned;

static inline PetscErrorCode TriSplitOwnedFree(TriSplitOwned *owned)
{
  PetscFunctionBegin;
  PetscCall((*owned->destroy)(owned->ctx));
  PetscCall(PetscFree(owned));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The container's destroy callback: since PETSc 3.23 it receives the address of the context (typed void ** in 3.23
   and 3.24, PetscCtxRt from 3.25), before it the context itself */
#if PETSC_VERSION_GE(3, 25, 0)
static inline PetscErrorCode TriSplitOwnedDestroy(PetscCtxRt owned)
{
  PetscFunctionBegin;
  PetscCall(TriSplitOwnedFree(*(TriSplitOwned **)owned));
  PetscFunctionReturn(PETSC_SUCCESS);
}
#elif PETSC_VERSION_GE(3, 23, 0)
static inline PetscErrorCode TriSplitOwnedDestroy(void **owned)
{
  PetscFunctionBegin;
  PetscCall(TriSplitOwnedFree((TriSplitOwned *)*owned));
  PetscFunctionReturn(PETSC_SUCCESS);
}
#else
static inline PetscErrorCode TriSplitOwnedDestroy(void *owned)
{
  PetscFunctionBegin;
  PetscCall(TriSplitOwnedFree((TriSplitOwned *)owned));
  PetscFunctionReturn(PETSC_SUCCESS);
}
#endif

static inline PetscErrorCode TriSplitObjectCompose(PetscObject obj, const char name[], void *ctx, PetscErrorCode (*destroy)(void *))
{
  TriSplitOwned *owned;
  PetscContainer container;

  PetscFunctionBegin;
  PetscCall(PetscNew(&owned));
  owned->ctx     = ctx;
  owned->destroy = destroy;
  PetscCall(PetscContainerCreate(PETSC_COMM_SELF, &container));
  PetscCall(PetscContainerSetPointer(container, owned));
#if PETSC_VERSION_GE(3, 23, 0)
  PetscCall(PetscContainerSetCtxDestroy(container, TriSplitOwnedDestroy));
#else
  PetscCall(PetscContainerSetUserDestroy(container, TriSplitOwnedDestroy));
#endif
  PetscCall(PetscObjectCompose(obj, name, (PetscObject)container));
  PetscCall(PetscContainerDestroy(&container));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the context composed under name, NULL where there is none */
static inline PetscErrorCode TriSplitObjectQuery(PetscObject obj, const char name[], void **ctx)
{
  PetscContainer container;
  TriSplitOwned *owned;

  PetscFunctionBegin;
  *ctx = NULL;
  PetscCall(PetscObjectQuery(obj, name, (PetscObject *)&container));
  if (!container) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscContainerGetPointer(container, (void **)&owned));
  *ctx = owned->ctx;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* PETSC_TRUE for a sequential block whose values live on the GPU (SEQAIJCUSPARSE, or trisplit's MATCSRCUDA); always
   false in a PETSc without CUDA, where those types do not exist */
static inline PetscErrorCode TriSplitIsDeviceMat(Mat A, PetscBool *isdevice)
{
  PetscFunctionBegin;
  *isdevice = PETSC_FALSE;
#if defined(PETSC_HAVE_CUDA)
  PetscCall(PetscObjectTypeCompareAny((PetscObject)A, isdevice, MATSEQAIJCUSPARSE, MATCSRCUDA, ""));
#else
  (void)A;
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}

#endif
