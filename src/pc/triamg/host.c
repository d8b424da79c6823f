/* SPDX-License-Identifier: BSD-2-Clause */
/*
   PCTRIAMG's host leaf operations (include/trisplit/private/triamgimpl.h): the prolongator smoothed along
   the forest and the Galerkin product of the reference kernels (src/kernels/reference/prolongator.c,
   galerkin.c), the oracle of the device's.
*/
#include <trisplit/private/triamgimpl.h>
#if defined(__linux__)
  #include <sys/mman.h>
  #include <unistd.h>
#endif

/* A context composed on an object and its destroy function: one container callback for every PETSc version */
typedef struct {
  void *ctx;
  PetscErrorCode (*destroy)(void *);
} TSPTriAMGOwned;

static PetscErrorCode TSPTriAMGOwnedFree(TSPTriAMGOwned *owned)
{
  PetscFunctionBegin;
  PetscCall((*owned->destroy)(owned->ctx));
  PetscCall(PetscFree(owned));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The container's destroy callback: since PETSc 3.23 it receives the address of the context (typed void ** in 3.23
   and 3.24, PetscCtxRt from 3.25), before it the context itself */
#if PETSC_VERSION_GE(3, 25, 0)
static PetscErrorCode TSPTriAMGOwnedDestroy(PetscCtxRt owned)
{
  PetscFunctionBegin;
  PetscCall(TSPTriAMGOwnedFree(*(TSPTriAMGOwned **)owned));
  PetscFunctionReturn(PETSC_SUCCESS);
}
#elif PETSC_VERSION_GE(3, 23, 0)
static PetscErrorCode TSPTriAMGOwnedDestroy(void **owned)
{
  PetscFunctionBegin;
  PetscCall(TSPTriAMGOwnedFree((TSPTriAMGOwned *)*owned));
  PetscFunctionReturn(PETSC_SUCCESS);
}
#else
static PetscErrorCode TSPTriAMGOwnedDestroy(void *owned)
{
  PetscFunctionBegin;
  PetscCall(TSPTriAMGOwnedFree((TSPTriAMGOwned *)owned));
  PetscFunctionReturn(PETSC_SUCCESS);
}
#endif

PetscErrorCode TSPTriAMGCompose(PetscObject obj, const char name[], void *ctx, PetscErrorCode (*destroy)(void *))
{
  TSPTriAMGOwned *owned;
  PetscContainer  container;

  PetscFunctionBegin;
  PetscCall(PetscNew(&owned));
  owned->ctx     = ctx;
  owned->destroy = destroy;
  PetscCall(PetscContainerCreate(PETSC_COMM_SELF, &container));
  PetscCall(PetscContainerSetPointer(container, owned));
#if PETSC_VERSION_GE(3, 23, 0)
  PetscCall(PetscContainerSetCtxDestroy(container, TSPTriAMGOwnedDestroy));
#else
  PetscCall(PetscContainerSetUserDestroy(container, TSPTriAMGOwnedDestroy));
#endif
  PetscCall(PetscObjectCompose(obj, name, (PetscObject)container));
  PetscCall(PetscContainerDestroy(&container));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPTriAMGQuery(PetscObject obj, const char name[], void **ctx)
{
  PetscContainer  container;
  TSPTriAMGOwned *owned;

  PetscFunctionBegin;
  *ctx = NULL;
  PetscCall(PetscObjectQuery(obj, name, (PetscObject *)&container));
  if (!container) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscContainerGetPointer(container, (void **)&owned));
  *ctx = owned->ctx;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The level matrices' host arrays. Each is written once, right after its allocation, and a fresh 4 KiB page costs a
   page fault at its first touch, which is slow in a VM (docs/performance.md, triamg on the GPU). So the large
   ones are mappings of their own, 2 MiB aligned and advised to huge pages (an advice, ignored where the kernel has
   them off); the small ones come from calloc(). Both are zeroed. A header at the start of the block keeps the
   mapping's length for the free (0: from calloc()). */
#define TSP_HOST_HEADER 64
#define TSP_HOST_HUGE   ((size_t)2 << 20)

PetscErrorCode TSPTriAMGHostMalloc(size_t bytes, void **ptr)
{
  size_t total = bytes + TSP_HOST_HEADER;
  char  *block = NULL;

  PetscFunctionBegin;
  *ptr = NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(MAP_ANONYMOUS)
  if (total >= TSP_HOST_HUGE) { /* map 2 MiB more than needed, keep the 2 MiB aligned part */
    size_t page = (size_t)sysconf(_SC_PAGESIZE), length = (total + TSP_HOST_HUGE + page - 1) / page * page, keep = (total + page - 1) / page * page;
    char  *raw  = (char *)mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), *end;

    PetscCheck(raw != MAP_FAILED, PETSC_COMM_SELF, PETSC_ERR_MEM, "PCTRIAMG: out of memory mapping %.0f MiB", (double)length / 1048576.0);
    block = (char *)(((uintptr_t)raw + TSP_HOST_HUGE - 1) & ~(uintptr_t)(TSP_HOST_HUGE - 1));
    end   = raw + length;
    if (block > raw) PetscCheck(!munmap(raw, (size_t)(block - raw)), PETSC_COMM_SELF, PETSC_ERR_SYS, "PCTRIAMG: munmap failed");
    if (end > block + keep) PetscCheck(!munmap(block + keep, (size_t)(end - (block + keep))), PETSC_COMM_SELF, PETSC_ERR_SYS, "PCTRIAMG: munmap failed");
    (void)madvise(block, keep, MADV_HUGEPAGE);
    *(size_t *)block = keep;
  }
#endif
  if (!block) {
    block = (char *)calloc(total, 1);
    PetscCheck(block, PETSC_COMM_SELF, PETSC_ERR_MEM, "PCTRIAMG: out of memory allocating %.0f MiB", (double)total / 1048576.0);
  }
  *ptr = block + TSP_HOST_HEADER;
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPTriAMGHostFree(void *ptr)
{
  char  *block;
  size_t length;

  PetscFunctionBegin;
  if (!ptr) PetscFunctionReturn(PETSC_SUCCESS);
  block  = (char *)ptr - TSP_HOST_HEADER;
  length = *(size_t *)block;
  if (!length) free(block);
#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(MAP_ANONYMOUS)
  else PetscCheck(!munmap(block, length), PETSC_COMM_SELF, PETSC_ERR_SYS, "PCTRIAMG: munmap failed");
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}

typedef struct {
  PetscInt    *i, *j;
  PetscScalar *a;
} TSPTriAMGArrays;

static PetscErrorCode TSPTriAMGArraysDestroy(void *ctx)
{
  TSPTriAMGArrays *arr = (TSPTriAMGArrays *)ctx;

  PetscFunctionBegin;
  PetscCall(TSPTriAMGHostFree(arr->i));
  PetscCall(TSPTriAMGHostFree(arr->j));
  PetscCall(TSPTriAMGHostFree(arr->a));
  PetscCall(PetscFree(arr));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPTriAMGMatCreateOwned(PetscInt m, PetscInt n, PetscInt *i, PetscInt *j, PetscScalar *a, Mat *M)
{
  TSPTriAMGArrays *arr;

  PetscFunctionBegin;
  PetscCall(MatCreateSeqAIJWithArrays(PETSC_COMM_SELF, m, n, i, j, a, M));
  PetscCall(PetscNew(&arr));
  arr->i = i;
  arr->j = j;
  arr->a = a;
  PetscCall(TSPTriAMGCompose((PetscObject)*M, "TSPTriAMGArrays", arr, TSPTriAMGArraysDestroy));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPTriAMGProlongator_Host(Mat Ad, PC fpc, PetscInt s, PetscBool smooth, PetscReal rho, PetscReal theta, Mat *P, PetscInt *agg, PetscInt *nagg, PetscReal *omega)
{
  PetscInt           n, *prow, *pcol;
  PetscScalar       *pval;
  const PetscInt    *perm, *path_id, *ia, *ja;
  const PetscScalar *va;
  double             w = 0;

  PetscFunctionBegin;
  PetscCall(TriSplitGetCSR(Ad, &n, &ia, &ja, &va));
  PetscCall(TSPTriAMGLevelPaths(fpc, n, PETSC_MEMTYPE_HOST, &perm, &path_id));
  PetscCall(PetscLogEventBegin(TriSplit_AMGAggregate, fpc, 0, 0, 0));
  *nagg = n ? ts_ref_aggregate(n, perm, path_id, s, agg) : 0;
  PetscCall(PetscLogEventEnd(TriSplit_AMGAggregate, fpc, 0, 0, 0));
  PetscCheck(*nagg >= 0, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: aggregate size %" PetscInt_FMT " < 1", s);
  /* a row of P has at most the entries of its row of A, and the row's own aggregate */
  PetscCall(TSPTriAMGHostMalloc((size_t)(n + 1) * sizeof(PetscInt), (void **)&prow));
  PetscCall(TSPTriAMGHostMalloc((size_t)(ia[n] + n + 1) * sizeof(PetscInt), (void **)&pcol));
  PetscCall(TSPTriAMGHostMalloc((size_t)(ia[n] + n + 1) * sizeof(PetscScalar), (void **)&pval));
  PetscCall(TSPTriAMGCheck(ts_ref_prolongator(n, ia, ja, va, agg, smooth ? 1 : 0, (double)rho, (double)theta, prow, pcol, pval, &w), "prolongator"));
  PetscCall(PetscLogFlops(smooth ? 4.0 * ia[n] : 0.0));
  PetscCall(TriSplitRestoreCSR(Ad, &n, &ia, &ja, &va));
  *omega = (PetscReal)w;
  PetscCall(PetscLogEventBegin(TriSplit_AMGMatCreate, Ad, 0, 0, 0));
  PetscCall(TSPTriAMGMatCreateOwned(n, *nagg, prow, pcol, pval, P));
  PetscCall(PetscLogEventEnd(TriSplit_AMGMatCreate, Ad, 0, 0, 0));
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
    PetscInt *aprow, *apcol;

    /* the pattern of A P, then C's as the union of its rows */
    PetscCall(PetscLogEventBegin(TriSplit_AMGPtAPSymbolic, A, P, 0, 0));
    PetscCall(PetscMalloc1(n + 1, &aprow));
    PetscCall(TSPTriAMGCheck(ts_ref_galerkin_ap_pattern(n, nc, ia, ja, pi, pj, aprow, NULL, work), "galerkin pattern"));
    PetscCall(PetscMalloc1(aprow[n] + 1, &apcol));
    PetscCall(TSPTriAMGCheck(ts_ref_galerkin_ap_pattern(n, nc, ia, ja, pi, pj, aprow, apcol, work), "galerkin pattern"));
    PetscCall(TSPTriAMGHostMalloc((size_t)(nc + 1) * sizeof(PetscInt), (void **)&crow));
    PetscCall(TSPTriAMGCheck(ts_ref_galerkin_pattern(n, nc, aprow, apcol, pi, pj, crow, NULL, work), "galerkin pattern"));
    PetscCall(TSPTriAMGHostMalloc((size_t)crow[nc] * sizeof(PetscInt), (void **)&ccol));
    PetscCall(TSPTriAMGHostMalloc((size_t)crow[nc] * sizeof(PetscScalar), (void **)&cval));
    PetscCall(TSPTriAMGCheck(ts_ref_galerkin_pattern(n, nc, aprow, apcol, pi, pj, crow, ccol, work), "galerkin pattern"));
    PetscCall(PetscFree(aprow));
    PetscCall(PetscFree(apcol));
    PetscCall(PetscLogEventEnd(TriSplit_AMGPtAPSymbolic, A, P, 0, 0));
    PetscCall(PetscLogEventBegin(TriSplit_AMGPtAPNumeric, A, P, 0, 0));
    PetscCall(TSPTriAMGCheck(ts_ref_galerkin_values(n, nc, ia, ja, va, pi, pj, pa, crow, ccol, cval, work), "galerkin values"));
    PetscCall(PetscLogEventEnd(TriSplit_AMGPtAPNumeric, A, P, 0, 0));
    PetscCall(PetscLogEventBegin(TriSplit_AMGMatCreate, A, P, 0, 0));
    PetscCall(TSPTriAMGMatCreateOwned(nc, nc, crow, ccol, cval, C));
    PetscCall(PetscLogEventEnd(TriSplit_AMGMatCreate, A, P, 0, 0));
  } else { /* the pattern of the last call, new values */
    PetscInt  cn;
    PetscBool done;

    PetscCall(MatGetRowIJ(*C, 0, PETSC_FALSE, PETSC_FALSE, &cn, &ci, &cj, &done));
    PetscCall(MatSeqAIJGetArrayWrite(*C, &cval));
    PetscCall(PetscLogEventBegin(TriSplit_AMGPtAPNumeric, A, P, 0, 0));
    PetscCall(TSPTriAMGCheck(ts_ref_galerkin_values(n, nc, ia, ja, va, pi, pj, pa, ci, cj, cval, work), "galerkin values"));
    PetscCall(PetscLogEventEnd(TriSplit_AMGPtAPNumeric, A, P, 0, 0));
    PetscCall(MatSeqAIJRestoreArrayWrite(*C, &cval));
    PetscCall(MatRestoreRowIJ(*C, 0, PETSC_FALSE, PETSC_FALSE, &cn, &ci, &cj, &done));
  }
  PetscCall(PetscFree(work));
  PetscCall(TriSplitRestoreCSR(P, &pn, &pi, &pj, &pa));
  PetscCall(TriSplitRestoreCSR(A, &n, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}
