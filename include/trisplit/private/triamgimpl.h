/* SPDX-License-Identifier: BSD-2-Clause */
/*
   The leaf operations of PCTRIAMG's backends (src/pc/triamg/host.c, src/pc/triamg/device.c). PCSetUp_TriAMG()
   installs the pair of the fine matrix's local block once per setup, as the chain picks its backend; the
   driver (src/pc/triamg.c) calls them level by level, they never call back.
*/
#ifndef TRISPLIT_TRIAMGIMPL_H
#define TRISPLIT_TRIAMGIMPL_H

#include <trisplit/private/chainimpl.h>

PETSC_INTERN PetscLogEvent TriSplit_AMGAggregate, TriSplit_AMGPtAPSymbolic, TriSplit_AMGPtAPNumeric, TriSplit_AMGMatCreate;

/* The prolongator of a level's local block Ad (sequential, n x nagg, of Ad's type) from the first forest of
   the trisplit PC fpc set up on the level, cut into segments of s vertices, smoothed when smooth with the
   estimate rho of rho(D^-1 A) (0: the Gershgorin bound) and the strength threshold theta (trisplit_kernels.h,
   ts_ref_prolongator). agg[n] (host) receives the aggregates, *omega the damping. The entries of A in other
   ranks' columns are the driver's (PCTriAMGDistribute()). */
typedef PetscErrorCode (*TSPTriAMGProlongatorFn)(Mat Ad, PC fpc, PetscInt s, PetscBool smooth, PetscReal rho, PetscReal theta, Mat *P, PetscInt *agg, PetscInt *nagg, PetscReal *omega);

/* C = P^T A P for sequential A and a prolongator of the backend's own; MAT_REUSE_MATRIX: new values of A
   on the pattern of the last call, P unchanged */
typedef PetscErrorCode (*TSPTriAMGGalerkinFn)(Mat A, Mat P, MatReuse reuse, Mat *C);

PETSC_INTERN PetscErrorCode TSPTriAMGProlongator_Host(Mat, PC, PetscInt, PetscBool, PetscReal, PetscReal, Mat *, PetscInt *, PetscInt *, PetscReal *);
PETSC_INTERN PetscErrorCode TSPTriAMGGalerkin_Host(Mat, Mat, MatReuse, Mat *);
PETSC_INTERN PetscErrorCode TSPTriAMGProlongator_CUDA(Mat, PC, PetscInt, PetscBool, PetscReal, PetscReal, Mat *, PetscInt *, PetscInt *, PetscReal *);
PETSC_INTERN PetscErrorCode TSPTriAMGGalerkin_CUDA(Mat, Mat, MatReuse, Mat *);

static inline PetscErrorCode TSPTriAMGCheck(ts_status status, const char *what)
{
  PetscFunctionBegin;
  PetscCheck(status == TS_SUCCESS, PETSC_COMM_SELF, status == TS_ERR_DEVICE ? PETSC_ERR_GPU : PETSC_ERR_LIB, "PCTRIAMG: the %s kernel failed (status %d)", what, (int)status);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The first forest of the trisplit PC fpc set up on a level of n local rows, in the memory the backend expects
   (host: PETSC_MEMTYPE_HOST, CUDA: PETSC_MEMTYPE_DEVICE) */
static inline PetscErrorCode TSPTriAMGLevelPaths(PC fpc, PetscInt n, PetscMemType want, const PetscInt **perm, const PetscInt **path_id)
{
  PetscMemType mtype;
  PetscInt     cn;

  PetscFunctionBegin;
  PetscCall(TSPChainGetPaths(TSPChainFromPC(fpc), &mtype, &cn, perm, path_id));
  PetscCheck(cn == n, PETSC_COMM_SELF, PETSC_ERR_PLIB, "PCTRIAMG: the forest has %" PetscInt_FMT " rows, the level %" PetscInt_FMT, cn, n);
  PetscCheck(!n || PetscMemTypeHost(mtype) == PetscMemTypeHost(want), PETSC_COMM_SELF, PETSC_ERR_PLIB, "PCTRIAMG: the level's forest is in %s memory, its backend works in %s memory", PetscMemTypeToString(mtype), PetscMemTypeToString(want));
  PetscCheck(!n || (*perm && *path_id), PETSC_COMM_SELF, PETSC_ERR_PLIB, "PCTRIAMG: the level's PC holds no scalar forest");
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ctx composed on obj under name and destroyed with it by destroy(ctx); the query gives NULL when there is none */
PETSC_INTERN PetscErrorCode TSPTriAMGCompose(PetscObject obj, const char name[], void *ctx, PetscErrorCode (*destroy)(void *));
PETSC_INTERN PetscErrorCode TSPTriAMGQuery(PetscObject obj, const char name[], void **ctx);

/* Zeroed host memory for a level matrix's arrays (large ones on huge pages, host.c says why), and its free */
PETSC_INTERN PetscErrorCode TSPTriAMGHostMalloc(size_t bytes, void **ptr);
PETSC_INTERN PetscErrorCode TSPTriAMGHostFree(void *ptr);

/* A MATSEQAIJ on CSR arrays (from TSPTriAMGHostMalloc()) that it owns from now on: freed with the matrix */
PETSC_INTERN PetscErrorCode TSPTriAMGMatCreateOwned(PetscInt m, PetscInt n, PetscInt *i, PetscInt *j, PetscScalar *a, Mat *M);

#endif
