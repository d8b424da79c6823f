/* SPDX-License-Identifier: BSD-2-Clause */
/*
   PCTRIAMG's CUDA leaf operations (include/trisplit/private/triamgimpl.h): the aggregates, the prolongator
   smoothed along the forest and the Galerkin product by sort and reduce (src/kernels/cuda/aggregate.cu,
   prolongator.cu, galerkin.cu), on PETSc's stream, from the device forest and the device CSR arrays. Only
   O(rows) integers come to the host: the aggregates (the checksum) and the new matrices' patterns, which
   a MATSEQAIJCUSPARSE keeps on the host as well (as PETSc's own device products do). The fine matrix's
   values never leave the device.
*/
#include <trisplit/private/triamgimpl.h>
#if defined(PETSC_HAVE_CUDA)
  #include <trisplit/private/core_cuda.h>

/* A MATSEQAIJCUSPARSE of pattern (d_row, d_col) (device, m + 1 and nnz entries) and the device array of
   its values, to be written by the caller before MatSeqAIJCUSPARSERestoreArrayWrite() */
static PetscErrorCode TSPTriAMGDeviceMat(cudaStream_t stream, PetscInt m, PetscInt n, const PetscInt *d_row, const PetscInt *d_col, PetscInt nnz, Mat *M, PetscScalar **d_val)
{
  PetscInt    *i, *j;
  PetscScalar *a;
  const int   *di, *dj;

  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TriSplit_AMGMatCreate, 0, 0, 0, 0));
  PetscCall(TSPTriAMGHostMalloc((size_t)(m + 1) * sizeof(PetscInt), (void **)&i));
  PetscCall(TSPTriAMGHostMalloc((size_t)(nnz ? nnz : 1) * sizeof(PetscInt), (void **)&j));
  PetscCall(TSPTriAMGHostMalloc((size_t)(nnz ? nnz : 1) * sizeof(PetscScalar), (void **)&a));
  PetscCallCUDA(cudaMemcpyAsync(i, d_row, (size_t)(m + 1) * sizeof(PetscInt), cudaMemcpyDeviceToHost, stream));
  if (nnz) PetscCallCUDA(cudaMemcpyAsync(j, d_col, (size_t)nnz * sizeof(PetscInt), cudaMemcpyDeviceToHost, stream));
  PetscCallCUDA(cudaStreamSynchronize(stream));
  PetscCall(PetscLogGpuToCpu((PetscLogDouble)(m + 1 + nnz) * sizeof(PetscInt)));
  { /* without the search for inodes (rows of one pattern), which a MATSEQAIJCUSPARSE never uses: it is a third to a
       half of the host pass of MatCreateSeqAIJWithArrays() (17 -> 11 ms for a 1.44M x 360K prolongator, PETSc 3.25 on
       one core). MatCreate_SeqAIJ() reads -mat_no_inode from the default options database, so one of this matrix's
       own is pushed for the creation */
    PetscOptions opts;

    PetscCall(PetscOptionsCreate(&opts));
    PetscCall(PetscOptionsSetValue(opts, "-mat_no_inode", NULL));
    PetscCall(PetscOptionsPush(opts));
    PetscCall(TSPTriAMGMatCreateOwned(m, n, i, j, a, M));
    PetscCall(PetscOptionsPop());
    PetscCall(PetscOptionsDestroy(&opts));
  }
  PetscCall(MatConvert(*M, MATSEQAIJCUSPARSE, MAT_INPLACE_MATRIX, M));
  /* the device copy of the pattern (PETSc copies the zero values along; the caller overwrites them) */
  PetscCall(MatSeqAIJCUSPARSEGetIJ(*M, PETSC_FALSE, &di, &dj));
  PetscCall(MatSeqAIJCUSPARSERestoreIJ(*M, PETSC_FALSE, &di, &dj));
  PetscCall(MatSeqAIJCUSPARSEGetArrayWrite(*M, d_val));
  PetscCall(PetscLogEventEnd(TriSplit_AMGMatCreate, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPTriAMGProlongator_CUDA(Mat Ad, PC fpc, PetscInt s, PetscBool smooth, PetscReal rho, PetscReal theta, Mat *P, PetscInt *agg, PetscInt *nagg, PetscReal *omega)
{
  PetscInt           n, nnz, *d_agg, *d_prow, *d_pcol, pnnz;
  const PetscInt    *perm, *path_id, *ia, *ja;
  const PetscScalar *va;
  PetscScalar       *d_pval, *pval;
  double            *d_omega, w;
  cudaStream_t       stream;
  void              *buffer = NULL, *work;
  size_t             bytes;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitGetDeviceCSR(Ad, &n, &nnz, &ia, &ja, &va));
  PetscCall(TSPTriAMGLevelPaths(fpc, n, PETSC_MEMTYPE_DEVICE, &perm, &path_id));
  /* one allocation: the aggregates, P's rows (at most the entries of A's, and the own aggregate), omega and
     the kernels' workspace */
  bytes = ts_cuda_aggregate_buffer_size(n);
  if (ts_cuda_prolongator_buffer_size(n) > bytes) bytes = ts_cuda_prolongator_buffer_size(n);
  bytes = (bytes + 255) & ~(size_t)255;
  PetscCall(TriSplitDeviceMalloc(bytes + (size_t)(n + 2) * sizeof(PetscInt) + (size_t)(n + 2) * sizeof(PetscInt) + (size_t)(nnz + n + 1) * (sizeof(PetscInt) + sizeof(PetscScalar)) + sizeof(double) + 64, &buffer));
  work    = buffer;
  d_pval  = (PetscScalar *)((char *)buffer + bytes);
  d_omega = (double *)(d_pval + nnz + n + 1);
  d_agg   = (PetscInt *)(d_omega + 1);
  d_prow  = d_agg + n + 2;
  d_pcol  = d_prow + n + 2;
  PetscCall(PetscLogEventBegin(TriSplit_AMGAggregate, fpc, 0, 0, 0));
  PetscCall(TSPTriAMGCheck(ts_cuda_aggregate(stream, n, perm, path_id, s, d_agg, d_agg + n, work), "aggregate"));
  PetscCall(TriSplitDeviceRead(stream, d_agg + n, nagg, sizeof(PetscInt)));
  PetscCall(PetscLogEventEnd(TriSplit_AMGAggregate, fpc, 0, 0, 0));
  PetscCall(TSPTriAMGCheck(ts_cuda_prolongator(stream, n, ia, ja, va, d_agg, smooth ? 1 : 0, (double)rho, (double)theta, d_prow, d_pcol, d_pval, d_omega, work), "prolongator"));
  PetscCall(TriSplitRestoreDeviceCSR(Ad, &ia, &ja, &va));
  PetscCallCUDA(cudaMemcpyAsync(agg, d_agg, (size_t)n * sizeof(PetscInt), cudaMemcpyDeviceToHost, stream));
  PetscCall(TriSplitDeviceRead(stream, d_omega, &w, sizeof(double)));
  PetscCall(TriSplitDeviceRead(stream, d_prow + n, &pnnz, sizeof(PetscInt)));
  PetscCall(PetscLogGpuToCpu((PetscLogDouble)(n + 1) * sizeof(PetscInt) + sizeof(double)));
  PetscCall(PetscLogGpuFlops(smooth ? 4.0 * nnz : 0.0));
  *omega = (PetscReal)w;
  PetscCall(TSPTriAMGDeviceMat(stream, n, *nagg, d_prow, d_pcol, pnnz, P, &pval));
  if (pnnz) PetscCallCUDA(cudaMemcpyAsync(pval, d_pval, (size_t)pnnz * sizeof(PetscScalar), cudaMemcpyDeviceToDevice, stream));
  PetscCall(MatSeqAIJCUSPARSERestoreArrayWrite(*P, &pval));
  PetscCallCUDA(cudaStreamSynchronize(stream));
  TriSplitDeviceFree(buffer);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* What C = P^T A P keeps for new values of A on the same pattern: the terms' sorted order and the runs */
typedef struct {
  int64_t   nterms;
  PetscInt  cnnz;
  PetscInt *order, *run; /* device: nterms, cnnz + 1 */
} TSPTriAMGGalerkinPlan;

static PetscErrorCode TSPTriAMGGalerkinPlanDestroy(void *ctx)
{
  TSPTriAMGGalerkinPlan *plan = (TSPTriAMGGalerkinPlan *)ctx;

  PetscFunctionBegin;
  TriSplitDeviceFree(plan->order);
  TriSplitDeviceFree(plan->run);
  PetscCall(PetscFree(plan));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the values of C from the plan */
static PetscErrorCode TSPTriAMGGalerkinValues(cudaStream_t stream, Mat A, Mat P, TSPTriAMGGalerkinPlan *plan, PetscScalar *cval)
{
  PetscInt           n, nnz, pn, pnnz;
  const PetscInt    *ia, *ja, *pi, *pj;
  const PetscScalar *va, *pa;
  void              *work = NULL;

  PetscFunctionBegin;
  PetscCall(TriSplitGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
  PetscCall(TriSplitGetDeviceCSR(P, &pn, &pnnz, &pi, &pj, &pa));
  PetscCall(PetscLogEventBegin(TriSplit_AMGPtAPNumeric, A, P, 0, 0));
  PetscCall(TriSplitDeviceMalloc(ts_cuda_galerkin_values_buffer_size(n, plan->nterms), &work));
  PetscCall(TSPTriAMGCheck(ts_cuda_galerkin_values(stream, n, ia, ja, va, pi, pa, plan->nterms, plan->order, plan->cnnz, plan->run, cval, work), "galerkin values"));
  PetscCall(PetscLogGpuFlops(2.0 * (PetscLogDouble)plan->nterms));
  PetscCallCUDA(cudaStreamSynchronize(stream));
  TriSplitDeviceFree(work);
  PetscCall(PetscLogEventEnd(TriSplit_AMGPtAPNumeric, A, P, 0, 0));
  PetscCall(TriSplitRestoreDeviceCSR(P, &pi, &pj, &pa));
  PetscCall(TriSplitRestoreDeviceCSR(A, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPTriAMGGalerkin_CUDA(Mat A, Mat P, MatReuse reuse, Mat *C)
{
  cudaStream_t           stream;
  TSPTriAMGGalerkinPlan *plan;
  PetscScalar           *cval;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  if (reuse == MAT_INITIAL_MATRIX) {
    PetscInt           n, nnz, pn, pnnz, nc;
    const PetscInt    *ia, *ja, *pi, *pj;
    const PetscScalar *va, *pa;
    void              *work = NULL;
    int64_t           *d_nterms;
    PetscInt          *d_crow = NULL, *d_ccol = NULL;
    size_t             bytes;

    PetscCall(PetscNew(&plan));
    PetscCall(MatGetSize(P, NULL, &nc));
    PetscCall(TriSplitGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
    PetscCall(TriSplitGetDeviceCSR(P, &pn, &pnnz, &pi, &pj, &pa));
    PetscCall(PetscLogEventBegin(TriSplit_AMGPtAPSymbolic, A, P, 0, 0));
    /* 1. the number of terms */
    bytes = ts_cuda_galerkin_count_buffer_size(n);
    PetscCall(TriSplitDeviceMalloc(bytes + 256, &work));
    d_nterms = (int64_t *)((char *)work + ((bytes + 255) & ~(size_t)255));
    PetscCall(TSPTriAMGCheck(ts_cuda_galerkin_count(stream, n, ia, ja, pi, d_nterms, work), "galerkin count"));
    PetscCall(TriSplitDeviceRead(stream, d_nterms, &plan->nterms, sizeof(int64_t)));
    TriSplitDeviceFree(work);
    PetscCheck(plan->nterms < PETSC_INT_MAX, PETSC_COMM_SELF, PETSC_ERR_SUP, "PCTRIAMG: the Galerkin product of %" PetscInt_FMT " rows has %lld terms, more than the device product takes (2^31 - 1)", n, (long long)plan->nterms);
    /* 2. the sort */
    bytes = ts_cuda_galerkin_sort_buffer_size(n, nc, plan->nterms);
    PetscCall(TriSplitDeviceMalloc(bytes + 256, &work));
    PetscCall(TriSplitDeviceMalloc((size_t)(plan->nterms ? plan->nterms : 1) * sizeof(PetscInt), (void **)&plan->order));
    {
      PetscInt *d_cnnz = (PetscInt *)((char *)work + ((bytes + 255) & ~(size_t)255));

      PetscCall(TSPTriAMGCheck(ts_cuda_galerkin_sort(stream, n, nc, ia, ja, pi, pj, plan->nterms, plan->order, d_cnnz, work), "galerkin sort"));
      PetscCall(TriSplitDeviceRead(stream, d_cnnz, &plan->cnnz, sizeof(PetscInt)));
    }
    /* 3. the pattern and the runs */
    PetscCall(TriSplitDeviceMalloc((size_t)(plan->cnnz + 1) * sizeof(PetscInt), (void **)&plan->run));
    PetscCall(TriSplitDeviceMalloc((size_t)(nc + 1) * sizeof(PetscInt), (void **)&d_crow));
    PetscCall(TriSplitDeviceMalloc((size_t)(plan->cnnz ? plan->cnnz : 1) * sizeof(PetscInt), (void **)&d_ccol));
    PetscCall(TSPTriAMGCheck(ts_cuda_galerkin_pattern(stream, n, nc, plan->nterms, plan->cnnz, d_crow, d_ccol, plan->run, work), "galerkin pattern"));
    TriSplitDeviceFree(work);
    PetscCall(PetscLogEventEnd(TriSplit_AMGPtAPSymbolic, A, P, 0, 0));
    PetscCall(TriSplitRestoreDeviceCSR(P, &pi, &pj, &pa));
    PetscCall(TriSplitRestoreDeviceCSR(A, &ia, &ja, &va));
    PetscCall(TSPTriAMGDeviceMat(stream, nc, nc, d_crow, d_ccol, plan->cnnz, C, &cval));
    TriSplitDeviceFree(d_crow);
    TriSplitDeviceFree(d_ccol);
    PetscCall(TSPTriAMGCompose((PetscObject)*C, "TSPTriAMGGalerkinPlan", plan, TSPTriAMGGalerkinPlanDestroy));
  } else {
    PetscCall(TSPTriAMGQuery((PetscObject)*C, "TSPTriAMGGalerkinPlan", (void **)&plan));
    PetscCheck(plan, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONGSTATE, "PCTRIAMG: the coarse matrix was not made by the device Galerkin product");
    PetscCall(MatSeqAIJCUSPARSEGetArrayWrite(*C, &cval));
  }
  PetscCall(TSPTriAMGGalerkinValues(stream, A, P, plan, cval));
  PetscCall(MatSeqAIJCUSPARSERestoreArrayWrite(*C, &cval));
  PetscFunctionReturn(PETSC_SUCCESS);
}
#endif
