/* SPDX-License-Identifier: BSD-2-Clause */
/*
   The device half of the shared core (core.h): PETSc's CUDA stream, device memory with PETSc's
   errors, the kernels' status as PETSc errors, and the device CSR arrays of a SEQAIJCUSPARSE block.
   Included only by the CUDA backends (src/pc/forest/cuda.c and the rpts solver of src/mat).
*/
#ifndef TRISPLIT_CORE_CUDA_H
#define TRISPLIT_CORE_CUDA_H

#include <trisplit/private/core.h>
#include <petscdevice_cuda.h>

static inline PetscErrorCode TriSplitGetStream(cudaStream_t *stream)
{
  PetscFunctionBegin;
#if PETSC_VERSION_GE(3, 20, 0)
  PetscCall(PetscGetCurrentCUDAStream(stream));
#else
  *stream = PetscDefaultCudaStream;
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* trisplit's device memory pool (src/mat/devicememory.c): every allocation of trisplit's is stream ordered on
   PETSc's stream, so a setup's many workspaces neither wait for the device (cudaFree() synchronizes it) nor map new
   memory once the pool holds them */
PETSC_INTERN PetscErrorCode TriSplitDevicePool(cudaMemPool_t *pool);

/* Free what was allocated, on PETSc's stream (after the work queued there that reads it); a host-only run never
   touches the CUDA runtime */
#define TriSplitDeviceFree(ptr) \
  do { \
    if (ptr) { \
      cudaStream_t free_stream_; \
      PetscCall(TriSplitGetStream(&free_stream_)); \
      PetscCallCUDA(cudaFreeAsync(ptr, free_stream_)); \
    } \
    (ptr) = NULL; \
  } while (0)

/* device memory from trisplit's pool, ordered on PETSc's stream, with PETSc's out-of-memory error when the device is
   full */
static inline PetscErrorCode TriSplitDeviceMalloc(size_t bytes, void **ptr)
{
  cudaError_t   err;
  cudaStream_t  stream;
  cudaMemPool_t pool;

  PetscFunctionBegin;
  *ptr = NULL;
  if (!bytes) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitDevicePool(&pool));
  err = cudaMallocFromPoolAsync(ptr, bytes, pool, stream);
  if (err == cudaErrorMemoryAllocation) {
    (void)cudaGetLastError(); /* clear the error so that later calls work */
    SETERRQ(PETSC_COMM_SELF, PETSC_ERR_MEM, "Out of GPU memory allocating %.0f MiB for trisplit", (double)bytes / 1048576.0);
  }
  PetscCallCUDA(err);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A zeroed VECCUDA of the layout map whose memory is on the device only (src/mat/devicememory.c). On a communicator of
   several ranks VecSetType(VECCUDA), and so MatCreateVecs(), allocates and zeroes a pinned host copy of every vector
   besides its device memory (PETSc's VECMPICUDA); that cost about 1.7 ms a vector of 2.9M rows a rank, many times a
   setup. A vector created around no array takes its device memory at first use and a host copy only where asked. */
PETSC_INTERN PetscErrorCode TriSplitVecCreateDevice(PetscLayout map, Vec *v);

/* copies bytes from the device and waits for them (the few scalars a setup decides on) */
static inline PetscErrorCode TriSplitDeviceRead(cudaStream_t stream, const void *d, void *h, size_t bytes)
{
  PetscFunctionBegin;
  PetscCallCUDA(cudaMemcpyAsync(h, d, bytes, cudaMemcpyDeviceToHost, stream));
  PetscCallCUDA(cudaStreamSynchronize(stream));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static inline PetscErrorCode TriSplitCheckKernel(ts_status status, const char *what)
{
  PetscFunctionBegin;
  PetscCheck(status == TS_SUCCESS, PETSC_COMM_SELF, status == TS_ERR_DEVICE ? PETSC_ERR_GPU : PETSC_ERR_LIB, "trisplit CUDA kernel %s failed (status %d)", what, (int)status);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The host's elimination (ts_ref_gttrf) of a forest's chain (a, b, c) on the device, path by path: the
   bounds begin/end of each path from perm and path_id (ts_cuda_path_bounds, with scratch of
   ts_cuda_path_bounds_buffer_size(n) bytes), then ts_cuda_gttrf_paths into factor (ts_ref_gttrf_size(n)
   bytes), bit for bit the host's. *status is ts_ref_gttrf's; on a failure *row is the row (perm of the
   first failing position), else -1. info: 2 device ints. */
static inline PetscErrorCode TriSplitDeviceEliminate(cudaStream_t stream, ts_pivoting pivoting, PetscInt n, const PetscInt *perm, const PetscInt *path_id, const PetscScalar *a, const PetscScalar *b, const PetscScalar *c, PetscInt *begin, PetscInt *end, void *scratch, void *factor, PetscInt *info, ts_status *status, PetscInt *row)
{
  PetscInt h[2] = {TS_SUCCESS, -1};

  PetscFunctionBegin;
  *status = TS_SUCCESS;
  *row    = -1;
  if (!n) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TriSplitCheckKernel(ts_cuda_path_bounds(stream, n, perm, path_id, begin, end, scratch), "path_bounds"));
  PetscCall(TriSplitCheckKernel(ts_cuda_gttrf_paths(stream, pivoting, n, begin, end, a, b, c, factor, info), "gttrf_paths"));
  PetscCall(TriSplitDeviceRead(stream, info, h, sizeof(h)));
  *status = (ts_status)h[0];
  if (h[0] != TS_SUCCESS && h[1] >= 0) PetscCall(TriSplitDeviceRead(stream, perm + h[1], row, sizeof(PetscInt)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The number of rows of a chain (a, b, c) that are not strictly diagonally dominant (one parallel pass, one
   int read back through the device int info) */
static inline PetscErrorCode TriSplitDeviceWeakRows(cudaStream_t stream, PetscInt n, const PetscScalar *a, const PetscScalar *b, const PetscScalar *c, PetscInt *info, PetscInt *nweak)
{
  PetscFunctionBegin;
  *nweak = 0;
  if (!n) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TriSplitCheckKernel(ts_cuda_tridiag_weak_rows(stream, n, a, b, c, info), "tridiag_weak_rows"));
  PetscCall(TriSplitDeviceRead(stream, info, nweak, sizeof(PetscInt)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Whether the host's elimination of a chain meets a zero pivot (or a non-finite entry), in parallel
   passes whatever the length of its paths: one pass (ts_cuda_tridiag_weak_rows) finds the rows that are
   not strictly diagonally dominant, and only if there are any ts_cuda_gttrf_check estimates every pivot
   and eliminates with the host's arithmetic just the stretches where a pivot may be zero. *status and
   *row as TriSplitDeviceEliminate() gives them (row: perm of the failing position; perm NULL: the
   identity). work: ts_cuda_gttrf_check_buffer_size(n) bytes; info: 2 device ints. *nweak (may be NULL):
   the number of rows that are not strictly diagonally dominant (0: neither the host's elimination nor
   RPTS's partitions can meet a singular block, TriSplitDeviceRPTSPlan() is not needed). */
static inline PetscErrorCode TriSplitDeviceCheckPivots(cudaStream_t stream, ts_pivoting pivoting, PetscInt n, const PetscInt *perm, const PetscScalar *a, const PetscScalar *b, const PetscScalar *c, void *work, PetscInt *info, ts_status *status, PetscInt *row, PetscInt *nweak)
{
  PetscInt weak = 0, h[2] = {TS_SUCCESS, -1};

  PetscFunctionBegin;
  *status = TS_SUCCESS;
  *row    = -1;
  if (nweak) *nweak = 0;
  if (!n) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TriSplitDeviceWeakRows(stream, n, a, b, c, info, &weak));
  if (nweak) *nweak = weak;
  if (!weak) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscLogEventBegin(TriSplit_PivotCheck, 0, 0, 0, 0));
  PetscCall(TriSplitCheckKernel(ts_cuda_gttrf_check(stream, pivoting, n, a, b, c, work, info), "gttrf_check"));
  PetscCall(TriSplitDeviceRead(stream, info, h, sizeof(h)));
  PetscCall(PetscLogEventEnd(TriSplit_PivotCheck, 0, 0, 0, 0));
  *status = (ts_status)h[0];
  if (h[0] != TS_SUCCESS && h[1] >= 0) {
    if (perm) PetscCall(TriSplitDeviceRead(stream, perm + h[1], row, sizeof(PetscInt)));
    else *row = h[1];
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The device arrays of a matrix that keeps them on the device alone (MATCSRCUDA, src/mat/csrcuda.c), which
   composes this query: read through it by name, the core does not depend on the matrix layer */
typedef PetscErrorCode (*TriSplitDeviceArraysFn)(Mat, PetscInt *, const PetscInt **, const PetscInt **, const PetscScalar **);

/* Device CSR arrays of a SEQAIJCUSPARSE or MATCSRCUDA matrix. cuSPARSE's indices are int: the device path needs
   32-bit PetscInt (PETSc 3.26 hands out PetscInt indices, the same type then). */
static inline PetscErrorCode TriSplitGetDeviceCSR(Mat A, PetscInt *n, PetscInt *nnz, const PetscInt **ia, const PetscInt **ja, const PetscScalar **va)
{
  MatInfo                info;
  TriSplitDeviceArraysFn arrays = NULL;

  PetscFunctionBegin;
  *n = *nnz = 0;
  PetscCheck(sizeof(PetscInt) == sizeof(int), PETSC_COMM_SELF, PETSC_ERR_SUP, "The device path needs 32-bit PetscInt (cuSPARSE's CSR indices)");
  PetscCall(MatGetLocalSize(A, n, NULL));
  PetscCall(PetscObjectQueryFunction((PetscObject)A, "TSPMatCSRCUDAGetArrays_C", &arrays));
  if (arrays) {
    PetscCall((*arrays)(A, nnz, ia, ja, va));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(MatGetInfo(A, MAT_LOCAL, &info));
  *nnz = (PetscInt)info.nz_used;
  PetscCall(MatSeqAIJCUSPARSEGetIJ(A, PETSC_FALSE, (void *)ia, (void *)ja));
  PetscCall(MatSeqAIJCUSPARSEGetArrayRead(A, va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static inline PetscErrorCode TriSplitRestoreDeviceCSR(Mat A, const PetscInt **ia, const PetscInt **ja, const PetscScalar **va)
{
  TriSplitDeviceArraysFn arrays = NULL;

  PetscFunctionBegin;
  PetscCall(PetscObjectQueryFunction((PetscObject)A, "TSPMatCSRCUDAGetArrays_C", &arrays));
  if (arrays) {
    *ia = *ja = NULL;
    *va       = NULL;
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(MatSeqAIJCUSPARSERestoreArrayRead(A, va));
  PetscCall(MatSeqAIJCUSPARSERestoreIJ(A, PETSC_FALSE, (void *)ia, (void *)ja));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static inline PetscBool TriSplitRPTSPlanIsDefault(const ts_rpts_config *plan)
{
  return (PetscBool)(!plan->M && !plan->final_gepp && !plan->no_wide);
}

/* what a plan other than the default does, for PCView, MatView and -info */
static inline PetscErrorCode TriSplitRPTSPlanName(const ts_rpts_config *plan, char *name, size_t len)
{
  PetscFunctionBegin;
  PetscCall(PetscSNPrintf(name, len, "%s%s", plan->M ? "" : "default partitions", plan->no_wide ? ", no wide stages" : ""));
  if (plan->M) PetscCall(PetscSNPrintf(name, len, "partitions of %d rows%s", plan->M, plan->no_wide ? ", no wide stages" : ""));
  if (plan->final_gepp) {
    size_t l;

    PetscCall(PetscStrlen(name, &l));
    PetscCall(PetscSNPrintf(name + l, len - l, ", final stage by Gaussian elimination"));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The RPTS plan of a tridiagonal factor (ts_cuda_[ds]gtsv_analyze): the default partitioning unless a probe
   solve shows that one of its partitions' inner blocks is singular or nearly so (then RPTS would return NaN
   or lose accuracy on a nonsingular factor), where another partitioning is kept. Once per factor where it
   is set up, never in a solve: it synchronises the stream. permuted: the solves go through
   ts_cuda_[ds]gtsv_permuted_tuned; single: the bands are float (a, b, c then point to floats). A plan other
   than the default is named in -info for obj, as what (e.g. "factor 1"). work, work_bytes: the caller's
   device workspace, grown here when the analysis needs more (the caller frees it): a refactorization
   allocates nothing. */
static inline PetscErrorCode TriSplitDeviceRPTSPlan(PetscObject obj, const char *what, cudaStream_t stream, ts_pivoting pivoting, PetscInt n, const void *a, const void *b, const void *c, PetscBool single, PetscBool permuted, void **work, size_t *work_bytes, ts_rpts_config *plan, PetscReal *err)
{
  const size_t need = n ? ts_cuda_gtsv_analyze_buffer_size(n, (int)single, (int)permuted) + 1 : 0;
  double       e    = 0;

  PetscFunctionBegin;
  PetscCall(PetscMemzero(plan, sizeof(*plan)));
  *err = 0;
  if (!n) PetscFunctionReturn(PETSC_SUCCESS);
  if (*work_bytes < need) {
    TriSplitDeviceFree(*work);
    *work_bytes = 0;
    PetscCall(TriSplitDeviceMalloc(need, work));
    *work_bytes = need;
  }
  PetscCall(PetscLogEventBegin(TriSplit_RPTSPlan, 0, 0, 0, 0));
  if (single) PetscCall(TriSplitCheckKernel(ts_cuda_sgtsv_analyze(stream, pivoting, n, (const float *)a, (const float *)b, (const float *)c, (int)permuted, *work, plan, &e), "sgtsv_analyze"));
  else PetscCall(TriSplitCheckKernel(ts_cuda_dgtsv_analyze(stream, pivoting, n, (const double *)a, (const double *)b, (const double *)c, (int)permuted, *work, plan, &e), "dgtsv_analyze"));
  PetscCall(PetscLogEventEnd(TriSplit_RPTSPlan, 0, 0, 0, 0));
  *err = (PetscReal)e;
  if (!TriSplitRPTSPlanIsDefault(plan)) {
    char name[128];

    PetscCall(TriSplitRPTSPlanName(plan, name, sizeof(name)));
    PetscCall(PetscInfo(obj, "RPTS plan of %s: %s (probe error %g): the default partitions have a singular or nearly singular block\n", what, name, e));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

#endif
