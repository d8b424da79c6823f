/* SPDX-License-Identifier: BSD-2-Clause */
/*
   MATCSRCUDA (src/mat/csrcuda.c): a sequential CSR matrix whose arrays live on the CUDA device alone. PCTRIAMG's
   device backend builds its prolongators and coarse operators as such matrices straight from its kernels' arrays,
   with no copy of their patterns to the host (a MATSEQAIJCUSPARSE keeps its pattern on the host too, and PETSc
   has no constructor of one from device arrays). Only the CUDA backends include this header.
*/
#ifndef TRISPLIT_CSRCUDAIMPL_H
#define TRISPLIT_CSRCUDAIMPL_H

#include <trisplit/private/core_cuda.h>

/* A MATCSRCUDA of m x n with nnz entries that takes the device arrays rowptr[m + 1], col[nnz] and val[nnz]
   (allocated with TriSplitDeviceMalloc(); val may be NULL: allocated here, uninitialized) and frees them with
   the matrix. The columns of a row must be sorted. */
PETSC_INTERN PetscErrorCode TSPMatCreateCSRCUDA(PetscInt m, PetscInt n, PetscInt nnz, PetscInt *rowptr, PetscInt *col, PetscScalar *val, Mat *A);

/* Its device values for writing; the restore marks the values changed (a new object state, the transpose that
   MatMultTranspose() keeps is rebuilt) */
PETSC_INTERN PetscErrorCode TSPMatCSRCUDAGetValuesWrite(Mat A, PetscScalar **val);
PETSC_INTERN PetscErrorCode TSPMatCSRCUDARestoreValuesWrite(Mat A, PetscScalar **val);

/* A MATMPICSRCUDA on comm from this rank's blocks (MATCSRCUDA, taken over): Ad of the rank's rows and columns, Ao
   of its rows and the ghost columns garray (PetscMalloc(), sorted global numbers, taken over) */
PETSC_INTERN PetscErrorCode TSPMatCreateMPICSRCUDA(MPI_Comm comm, Mat Ad, Mat Ao, PetscInt *garray, Mat *A);

#endif
