/* SPDX-License-Identifier: BSD-2-Clause */
/*
   MATTRIDIAG and the MatSolverType rpts (src/mat/): the matrix type and the solver's driver are
   src/mat/tridiag.c; the solver's backend is chosen once per symbolic factorization from the type of
   the matrix, as the chain of forests chooses its own (chainimpl.h): the host (src/mat/tridiag/host.c,
   ts_ref_gttrf and ts_ref_gttrs) or CUDA (src/mat/tridiag/cuda.c, RPTS on PETSc's stream). Each is one
   constant table of leaf operations that never call back: tridiag.c drives the factorization and the
   solves.
*/
#ifndef TRISPLIT_TRIDIAGIMPL_H
#define TRISPLIT_TRIDIAGIMPL_H

#include <petsc/private/matimpl.h>
#include <trisplit/private/core.h>

/* What a backend of the rpts solver does, leaf operations on the factor F */
typedef struct {
  const char *name;    /* "host" or "cuda"; NULL: not in this build (CUDA, where PETSc has none) */
  MatType     mattype; /* the matrix type it factors (MATTRIDIAG too: the host's) */
  const char *solver;  /* what the factor's view says solves it */
  const char *where;   /* "host" or "GPU", for the messages of what a backend lacks */
  PetscErrorCode (*reset)(Mat F); /* everything the backend holds freed, its data too */
  /* the first row of A with an entry outside the tridiagonal band, or -1 (symbolic factorization) */
  PetscErrorCode (*outsideband)(Mat A, PetscInt *row);
  /* the bands of A and, as the host eliminates them, ts_ref_gttrf's status and first zero-pivot row (the
     GPU checks them: RPTS eliminates again in every solve) */
  PetscErrorCode (*factor)(Mat F, Mat A, ts_status *status, ts_int *zero_row);
  /* x = T^-1 b or T^-T b for nrhs columns of leading dimension n, arrays where the backend works (x may be
     b); solvetranspose NULL: not available */
  PetscErrorCode (*solve)(Mat F, PetscInt nrhs, const PetscScalar *b, PetscScalar *x);
  PetscErrorCode (*solvetranspose)(Mat F, PetscInt nrhs, const PetscScalar *b, PetscScalar *x);
  PetscErrorCode (*view)(Mat F, PetscViewer); /* what the backend adds to the factor's view (may be NULL) */
  /* the arrays of vectors and dense matrices where the backend works: host or device memory */
  PetscErrorCode (*vecread)(Vec, const PetscScalar **);
  PetscErrorCode (*vecrestoreread)(Vec, const PetscScalar **);
  PetscErrorCode (*vecwrite)(Vec, PetscScalar **);
  PetscErrorCode (*vecrestorewrite)(Vec, PetscScalar **);
  PetscErrorCode (*denseread)(Mat, const PetscScalar **);
  PetscErrorCode (*denserestoreread)(Mat, const PetscScalar **);
  PetscErrorCode (*densewrite)(Mat, PetscScalar **);
  PetscErrorCode (*denserestorewrite)(Mat, PetscScalar **);
} MatRPTSOps;

typedef struct {
  PetscScalar *a, *b, *c; /* host bands: a[i] = T(i,i-1), b[i] = T(i,i), c[i] = T(i,i+1) */
  /* factor matrices only */
  ts_pivoting       pivoting; /* of the factorization */
  const MatRPTSOps *ops;      /* the backend, NULL before the first symbolic factorization */
  void             *data;     /* the backend's, created by its factor */
} Mat_Tridiag;

/* the host bands, allocated at their first use: a factor on the GPU never has any */
static inline PetscErrorCode MatTridiagSetUpBands(Mat A)
{
  Mat_Tridiag *t = (Mat_Tridiag *)A->data;

  PetscFunctionBegin;
  if (!t->a) PetscCall(PetscCalloc3(A->rmap->n, &t->a, A->rmap->n, &t->b, A->rmap->n, &t->c));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Bands of a SEQAIJ matrix whose pattern is tridiagonal (clear error otherwise): MatConvert() to
   MATTRIDIAG and the host's factorization */
static inline PetscErrorCode MatTridiagBandsFromAIJ(Mat A, PetscScalar *a, PetscScalar *b, PetscScalar *c)
{
  PetscInt           n;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;

  PetscFunctionBegin;
  PetscCall(TriSplitGetCSR(A, &n, &ia, &ja, &va));
  for (PetscInt i = 0; i < n; i++) {
    a[i] = b[i] = c[i] = 0;
    for (PetscInt e = ia[i]; e < ia[i + 1]; e++) {
      const PetscInt j = ja[e];
      PetscCheck((j >= i - 1 && j <= i + 1) || va[e] == 0.0, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONG, "Matrix is not tridiagonal: entry (%" PetscInt_FMT ",%" PetscInt_FMT ") is nonzero", i, j);
      if (j == i - 1) a[i] = va[e];
      else if (j == i) b[i] = va[e];
      else if (j == i + 1) c[i] = va[e];
    }
  }
  PetscCall(TriSplitRestoreCSR(A, &n, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the two backends */
PETSC_INTERN const MatRPTSOps MatRPTSOps_Host, MatRPTSOps_CUDA;

#endif
