/* SPDX-License-Identifier: BSD-2-Clause */
/*
   PCTRIAMG's host leaf operations (include/trisplit/private/triamgimpl.h): the prolongator smoothed along
   the forest and the Galerkin product of the reference kernels (src/kernels/reference/prolongator.c,
   galerkin.c), the oracle of the device's.
*/
#include <trisplit/private/triamgimpl.h>

typedef struct {
  PetscInt    *i, *j;
  PetscScalar *a;
} TSPTriAMGArrays;

static PetscErrorCode TSPTriAMGArraysDestroy(void *ctx)
{
  TSPTriAMGArrays *arr = (TSPTriAMGArrays *)ctx;

  PetscFunctionBegin;
  PetscCall(PetscFree(arr->i));
  PetscCall(PetscFree(arr->j));
  PetscCall(PetscFree(arr->a));
  PetscCall(PetscFree(arr));
  PetscFunctionReturn(PETSC_SUCCESS);
}

#if PETSC_VERSION_GE(3, 23, 0)
static PetscErrorCode TSPTriAMGArraysDestroyCtx(void **ctx)
{
  PetscFunctionBegin;
  PetscCall(TSPTriAMGArraysDestroy(*ctx));
  PetscFunctionReturn(PETSC_SUCCESS);
}
#endif

PetscErrorCode TSPTriAMGMatCreateOwned(PetscInt m, PetscInt n, PetscInt *i, PetscInt *j, PetscScalar *a, Mat *M)
{
  TSPTriAMGArrays *arr;
  PetscContainer   container;

  PetscFunctionBegin;
  PetscCall(MatCreateSeqAIJWithArrays(PETSC_COMM_SELF, m, n, i, j, a, M));
  PetscCall(PetscNew(&arr));
  arr->i = i;
  arr->j = j;
  arr->a = a;
  PetscCall(PetscContainerCreate(PETSC_COMM_SELF, &container));
  PetscCall(PetscContainerSetPointer(container, arr));
#if PETSC_VERSION_GE(3, 23, 0)
  PetscCall(PetscContainerSetCtxDestroy(container, TSPTriAMGArraysDestroyCtx));
#else
  PetscCall(PetscContainerSetUserDestroy(container, TSPTriAMGArraysDestroy));
#endif
  PetscCall(PetscObjectCompose((PetscObject)*M, "TSPTriAMGArrays", (PetscObject)container));
  PetscCall(PetscContainerDestroy(&container));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPTriAMGProlongator_Host(Mat Ad, Vec lump, PC fpc, PetscInt s, PetscBool smooth, PetscReal rho, PetscReal theta, Mat *P, PetscInt *agg, PetscInt *nagg, PetscReal *omega)
{
  TSPChain           chain = TSPChainFromPC(fpc);
  PetscMemType       mtype;
  PetscInt           n, cn, *prow, *pcol;
  PetscScalar       *pval;
  const PetscInt    *perm, *path_id, *ia, *ja;
  const PetscScalar *va, *lv = NULL;
  PetscMemType       lmtype = PETSC_MEMTYPE_HOST;
  double             w = 0;

  PetscFunctionBegin;
  PetscCall(TSPChainGetPaths(chain, &mtype, &cn, &perm, &path_id));
  PetscCall(TriSplitGetCSR(Ad, &n, &ia, &ja, &va));
  PetscCheck(cn == n, PETSC_COMM_SELF, PETSC_ERR_PLIB, "PCTRIAMG: the forest has %" PetscInt_FMT " rows, the level %" PetscInt_FMT, cn, n);
  PetscCheck(PetscMemTypeHost(mtype), PETSC_COMM_SELF, PETSC_ERR_PLIB, "PCTRIAMG: the host level holds a device forest");
  PetscCheck(!n || (perm && path_id), PETSC_COMM_SELF, PETSC_ERR_PLIB, "PCTRIAMG: the level's PC holds no scalar forest");
  PetscCall(PetscLogEventBegin(TriSplit_AMGAggregate, fpc, 0, 0, 0));
  *nagg = n ? ts_ref_aggregate(n, perm, path_id, s, agg) : 0;
  PetscCall(PetscLogEventEnd(TriSplit_AMGAggregate, fpc, 0, 0, 0));
  PetscCheck(*nagg >= 0, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: aggregate size %" PetscInt_FMT " < 1", s);
  /* a row of P has at most the entries of its row of A, and the row's own aggregate */
  PetscCall(PetscMalloc1(n + 1, &prow));
  PetscCall(PetscMalloc1(ia[n] + n + 1, &pcol));
  PetscCall(PetscMalloc1(ia[n] + n + 1, &pval));
  if (lump) PetscCall(VecGetArrayReadAndMemType(lump, &lv, &lmtype));
  PetscCheck(!lump || PetscMemTypeHost(lmtype), PETSC_COMM_SELF, PETSC_ERR_PLIB, "PCTRIAMG: the host level's lumped sums are in device memory");
  PetscCall(TSPTriAMGCheck(ts_ref_prolongator(n, ia, ja, va, lump ? lv : NULL, agg, smooth ? 1 : 0, (double)rho, (double)theta, prow, pcol, pval, &w), "prolongator"));
  if (lump) PetscCall(VecRestoreArrayReadAndMemType(lump, &lv));
  PetscCall(PetscLogFlops(smooth ? 4.0 * ia[n] : 0.0));
  PetscCall(TriSplitRestoreCSR(Ad, &n, &ia, &ja, &va));
  *omega = (PetscReal)w;
  PetscCall(TSPTriAMGMatCreateOwned(n, *nagg, prow, pcol, pval, P));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPTriAMGGalerkin_Host(Mat A, Mat P, MatReuse reuse, Mat *C)
{
  PetscInt           n, nc, pn, *crow, *ccol;
  PetscScalar       *cval;
  const PetscInt    *ia, *ja, *pi, *pj, *ci, *cj;
  const PetscScalar *va, *pa;
  void              *work;

  PetscFunctionBegin;
  PetscCall(MatGetSize(P, NULL, &nc));
  PetscCall(TriSplitGetCSR(A, &n, &ia, &ja, &va));
  PetscCall(TriSplitGetCSR(P, &pn, &pi, &pj, &pa));
  PetscCall(PetscMalloc(ts_ref_galerkin_buffer_size(n, nc, pi[pn]), &work));
  if (reuse == MAT_INITIAL_MATRIX) {
    PetscCall(PetscMalloc1(nc + 1, &crow));
    PetscCall(TSPTriAMGCheck(ts_ref_galerkin_pattern(n, nc, ia, ja, pi, pj, crow, NULL, work), "galerkin pattern"));
    PetscCall(PetscMalloc1(crow[nc], &ccol));
    PetscCall(PetscMalloc1(crow[nc], &cval));
    PetscCall(TSPTriAMGCheck(ts_ref_galerkin_pattern(n, nc, ia, ja, pi, pj, crow, ccol, work), "galerkin pattern"));
    PetscCall(TSPTriAMGCheck(ts_ref_galerkin_values(n, nc, ia, ja, va, pi, pj, pa, crow, ccol, cval, work), "galerkin values"));
    PetscCall(TSPTriAMGMatCreateOwned(nc, nc, crow, ccol, cval, C));
  } else { /* the pattern of the last call, new values */
    PetscInt  cn;
    PetscBool done;

    PetscCall(MatGetRowIJ(*C, 0, PETSC_FALSE, PETSC_FALSE, &cn, &ci, &cj, &done));
    PetscCall(MatSeqAIJGetArrayWrite(*C, &cval));
    PetscCall(TSPTriAMGCheck(ts_ref_galerkin_values(n, nc, ia, ja, va, pi, pj, pa, ci, cj, cval, work), "galerkin values"));
    PetscCall(MatSeqAIJRestoreArrayWrite(*C, &cval));
    PetscCall(MatRestoreRowIJ(*C, 0, PETSC_FALSE, PETSC_FALSE, &cn, &ci, &cj, &done));
  }
  PetscCall(PetscFree(work));
  PetscCall(TriSplitRestoreCSR(P, &pn, &pi, &pj, &pa));
  PetscCall(TriSplitRestoreCSR(A, &n, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}
