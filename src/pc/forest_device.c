/*
   The device path of the forest machinery: for SEQAIJCUSPARSE local blocks the graph, [0,2]-factor,
   linear forest, permutation and bands are computed on the GPU by the CUDA kernels, on PETSc's
   stream, from the matrix's device CSR arrays; the apply gathers, solves with RPTS and scatters
   without touching the host. The results equal the host path's (the kernels are twins).
*/
#include <trisplit/private/forestimpl.h>

#if defined(TS_HAVE_CUDA)
  #include <petscdevice_cuda.h>

PetscErrorCode TSIsDeviceMat(Mat A, PetscBool *isdevice)
{
  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)A, MATSEQAIJCUSPARSE, isdevice));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSGetStream(cudaStream_t *stream)
{
  PetscFunctionBegin;
  #if PETSC_VERSION_GE(3, 20, 0)
  PetscCall(PetscGetCurrentCUDAStream(stream));
  #else
  *stream = PetscDefaultCudaStream;
  #endif
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* cudaMalloc with PETSc's out-of-memory error when the device is full */
static PetscErrorCode TSDeviceMalloc(size_t bytes, void **ptr)
{
  cudaError_t err;

  PetscFunctionBegin;
  *ptr = NULL;
  if (!bytes) PetscFunctionReturn(PETSC_SUCCESS);
  err = cudaMalloc(ptr, bytes);
  if (err == cudaErrorMemoryAllocation) {
    (void)cudaGetLastError(); /* clear the sticky-free error so later calls work */
    SETERRQ(PETSC_COMM_SELF, PETSC_ERR_MEM, "Out of GPU memory allocating %.0f MiB for the trisplit forest", (double)bytes / 1048576.0);
  }
  PetscCallCUDA(err);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSCheckKernel(ts_status status, const char *what)
{
  PetscFunctionBegin;
  PetscCheck(status == TS_SUCCESS, PETSC_COMM_SELF, status == TS_ERR_DEVICE ? PETSC_ERR_GPU : PETSC_ERR_LIB, "trisplit CUDA kernel %s failed (status %d)", what, (int)status);
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSForestDeviceReset(TSForestDevice *f)
{
  PetscFunctionBegin;
  TSDeviceFree(f->perm);
  TSDeviceFree(f->iperm);
  TSDeviceFree(f->path_id);
  TSDeviceFree(f->a);
  TSDeviceFree(f->b);
  TSDeviceFree(f->c);
  TSDeviceFree(f->work);
  TSDeviceFree(f->buffer);
  PetscCall(PetscMemzero(f, sizeof(*f)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Device CSR arrays of a SEQAIJCUSPARSE matrix */
static PetscErrorCode TSGetDeviceCSR(Mat A, PetscInt *n, PetscInt *nnz, const PetscInt **ia, const PetscInt **ja, const PetscScalar **va)
{
  MatInfo info;

  PetscFunctionBegin;
  PetscCall(MatGetLocalSize(A, n, NULL));
  PetscCall(MatGetInfo(A, MAT_LOCAL, &info));
  *nnz = (PetscInt)info.nz_used;
  PetscCall(MatSeqAIJCUSPARSEGetIJ(A, PETSC_FALSE, (const int **)ia, (const int **)ja));
  PetscCall(MatSeqAIJCUSPARSEGetArrayRead(A, va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSRestoreDeviceCSR(Mat A, const PetscInt **ia, const PetscInt **ja, const PetscScalar **va)
{
  PetscFunctionBegin;
  PetscCall(MatSeqAIJCUSPARSERestoreArrayRead(A, va));
  PetscCall(MatSeqAIJCUSPARSERestoreIJ(A, PETSC_FALSE, (const int **)ia, (const int **)ja));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSForestDeviceBuild(Mat A, const TSForestOptions *opt, TSForestDevice *f)
{
  PetscInt           n, nnz;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  cudaStream_t       stream;
  size_t             bytes;
  PetscInt           stats[4];
  PetscInt          *d_stats;

  PetscFunctionBegin;
  PetscCheck(sizeof(PetscInt) == sizeof(int), PETSC_COMM_SELF, PETSC_ERR_SUP, "The device path needs 32-bit PetscInt (cuSPARSE's CSR indices)");
  PetscCall(TSForestDeviceReset(f));
  PetscCall(TSGetStream(&stream));
  PetscCall(TSGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
  f->n  = n;
  bytes = PetscMax(ts_cuda_linear_forest_build_buffer_size(&opt->factor, n, nnz), ts_cuda_gtsv_buffer_size(n, 1, 0));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * n, (void **)&f->perm));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * n, (void **)&f->iperm));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * n, (void **)&f->path_id));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&f->a));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&f->b));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&f->c));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&f->work));
  PetscCall(TSDeviceMalloc(bytes + 4 * sizeof(PetscInt), &f->buffer));
  f->buffer_size = bytes;
  d_stats        = (PetscInt *)((char *)f->buffer + bytes);

  PetscCall(PetscLogEventBegin(TS_Forest, A, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  if (n) PetscCall(TSCheckKernel(ts_cuda_linear_forest_build(stream, opt->weight == PCALGTRI_WEIGHT_SCALED ? TS_WEIGHT_SCALED : TS_WEIGHT_ABS, &opt->factor, n, nnz, ia, ja, va, f->perm, f->iperm, f->path_id, NULL, f->a, f->b, f->c, f->buffer, d_stats), "linear_forest_build"));
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(TSRestoreDeviceCSR(A, &ia, &ja, &va));
  /* the statistics for PCView (16 bytes back, once per setup) */
  if (n) {
    PetscCallCUDA(cudaMemcpyAsync(stats, d_stats, sizeof(stats), cudaMemcpyDeviceToHost, stream));
    PetscCallCUDA(cudaStreamSynchronize(stream));
    f->npaths  = stats[0];
    f->longest = stats[1];
    f->ncycles = stats[2];
  }
  PetscCall(PetscLogEventEnd(TS_Forest, A, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* New values, same pattern: only the bands */
PetscErrorCode TSForestDeviceSetValues(TSForestDevice *f, Mat A)
{
  PetscInt           n, nnz;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  cudaStream_t       stream;

  PetscFunctionBegin;
  PetscCall(TSGetStream(&stream));
  PetscCall(TSGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
  PetscCheck(n == f->n, PETSC_COMM_SELF, PETSC_ERR_ARG_SIZ, "Matrix has %" PetscInt_FMT " local rows, the forest %" PetscInt_FMT, n, f->n);
  PetscCall(PetscLogEventBegin(TS_Bands, A, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  if (n) PetscCall(TSCheckKernel(ts_cuda_forest_bands(stream, n, ia, ja, va, f->perm, f->iperm, f->path_id, f->a, f->b, f->c), "forest_bands"));
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogEventEnd(TS_Bands, A, 0, 0, 0));
  PetscCall(TSRestoreDeviceCSR(A, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* y = P^T T^-1 P x on the device */
PetscErrorCode TSForestDeviceApply(const TSForestDevice *f, PCAlgTriPivoting pivoting, Vec x, Vec y)
{
  const PetscScalar *xa;
  PetscScalar       *ya;
  cudaStream_t       stream;

  PetscFunctionBegin;
  PetscCall(TSGetStream(&stream));
  PetscCall(VecCUDAGetArrayRead(x, &xa));
  PetscCall(VecCUDAGetArrayWrite(y, &ya));
  PetscCall(PetscLogEventBegin(TS_TriSolve, 0, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  if (f->n) {
    PetscCall(TSCheckKernel(ts_cuda_gather(stream, f->n, f->perm, xa, f->work), "gather"));
    PetscCall(TSCheckKernel(ts_cuda_dgtsv(stream, (ts_pivoting)pivoting, f->n, 1, f->a, f->b, f->c, f->work, f->n, f->buffer), "dgtsv"));
    PetscCall(TSCheckKernel(ts_cuda_scatter(stream, f->n, f->perm, f->work, ya), "scatter"));
  }
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogGpuFlops(9.0 * f->n));
  PetscCall(PetscLogEventEnd(TS_TriSolve, 0, 0, 0, 0));
  PetscCall(VecCUDARestoreArrayWrite(y, &ya));
  PetscCall(VecCUDARestoreArrayRead(x, &xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSForestDeviceView(const TSForestDevice *f, PetscViewer viewer)
{
  PetscFunctionBegin;
  PetscCall(PetscViewerASCIIPrintf(viewer, "linear forest on the GPU: %" PetscInt_FMT " rows, %" PetscInt_FMT " paths, longest %" PetscInt_FMT ", %" PetscInt_FMT " cycles broken\n", f->n, f->npaths, f->longest, f->ncycles));
  PetscFunctionReturn(PETSC_SUCCESS);
}

#else

PetscErrorCode TSIsDeviceMat(Mat A, PetscBool *isdevice)
{
  PetscFunctionBegin;
  (void)A;
  *isdevice = PETSC_FALSE;
  PetscFunctionReturn(PETSC_SUCCESS);
}

#endif

#if defined(TS_HAVE_CUDA)
/* Copies a host-built forest (permutation and bands, already scaled as the PC needs them) to the device */
PetscErrorCode TSForestDeviceUpload(const TSForest *f, TSForestDevice *d)
{
  const PetscInt n = f->n;

  PetscFunctionBegin;
  if (d->n != n || !d->perm) {
    PetscCall(TSForestDeviceReset(d));
    d->n = n;
    PetscCall(TSDeviceMalloc(sizeof(PetscInt) * n, (void **)&d->perm));
    PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->a));
    PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->b));
    PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->c));
    PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->work));
    d->buffer_size = ts_cuda_gtsv_buffer_size(n, 1, 0);
    PetscCall(TSDeviceMalloc(d->buffer_size + 1, &d->buffer));
  }
  PetscCallCUDA(cudaMemcpy(d->perm, f->perm, sizeof(PetscInt) * n, cudaMemcpyHostToDevice));
  PetscCallCUDA(cudaMemcpy(d->a, f->a, sizeof(PetscScalar) * n, cudaMemcpyHostToDevice));
  PetscCallCUDA(cudaMemcpy(d->b, f->b, sizeof(PetscScalar) * n, cudaMemcpyHostToDevice));
  PetscCallCUDA(cudaMemcpy(d->c, f->c, sizeof(PetscScalar) * n, cudaMemcpyHostToDevice));
  PetscCall(PetscLogCpuToGpu(4.0 * n * sizeof(PetscScalar)));
  d->npaths  = f->npaths;
  d->longest = f->longest;
  d->ncycles = f->ncycles;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* y = P^T T^-1 P x on device arrays (y may not alias x) */
PetscErrorCode TSForestDeviceApplyArray(const TSForestDevice *f, PCAlgTriPivoting pivoting, const PetscScalar *x, PetscScalar *y)
{
  cudaStream_t stream;

  PetscFunctionBegin;
  if (!f->n) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TSGetStream(&stream));
  PetscCall(PetscLogGpuTimeBegin());
  PetscCall(TSCheckKernel(ts_cuda_gather(stream, f->n, f->perm, x, f->work), "gather"));
  PetscCall(TSCheckKernel(ts_cuda_dgtsv(stream, (ts_pivoting)pivoting, f->n, 1, f->a, f->b, f->c, f->work, f->n, f->buffer), "dgtsv"));
  PetscCall(TSCheckKernel(ts_cuda_scatter(stream, f->n, f->perm, f->work, y), "scatter"));
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogGpuFlops(9.0 * f->n));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSSplittingDeviceReset(TSSplittingDevice *s)
{
  PetscFunctionBegin;
  for (PetscInt l = 0; l < s->m; l++) {
    PetscCall(TSForestDeviceReset(&s->forest[l]));
    if (s->link) TSDeviceFree(s->link[l]);
  }
  PetscCall(PetscFree(s->forest));
  PetscCall(PetscFree(s->link));
  TSDeviceFree(s->scale);
  TSDeviceFree(s->w0);
  TSDeviceFree(s->w1);
  PetscCall(PetscMemzero(s, sizeof(*s)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Uploads the factors (bands as set on the host), the fused permutations and the scaling */
PetscErrorCode TSSplittingDeviceUpload(const TSSplitting *s, const PetscScalar *scale, TSSplittingDevice *d)
{
  const PetscInt n = s->m ? s->forest[0].n : 0;

  PetscFunctionBegin;
  if (d->m != s->m || (d->m && d->forest[0].n != n)) {
    PetscCall(TSSplittingDeviceReset(d));
    d->m = s->m;
    PetscCall(PetscCalloc1(s->m, &d->forest));
    PetscCall(PetscCalloc1(s->m, &d->link));
    PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->w0));
    PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->w1));
    if (scale) PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->scale));
    for (PetscInt l = 0; l + 1 < s->m; l++) PetscCall(TSDeviceMalloc(sizeof(PetscInt) * n, (void **)&d->link[l]));
  }
  for (PetscInt l = 0; l < s->m; l++) {
    PetscCall(TSForestDeviceUpload(&s->forest[l], &d->forest[l]));
    if (l + 1 < s->m) PetscCallCUDA(cudaMemcpy(d->link[l], s->link[l], sizeof(PetscInt) * n, cudaMemcpyHostToDevice));
  }
  if (scale) PetscCallCUDA(cudaMemcpy(d->scale, scale, sizeof(PetscScalar) * n, cudaMemcpyHostToDevice));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The device twin of TSSplittingApplyProduct() (not transposed: RPTS solves T, not T^T) */
PetscErrorCode TSSplittingDeviceApplyProduct(const TSSplittingDevice *s, PCAlgTriPivoting pivoting, Vec x, Vec y)
{
  const PetscInt     m = s->m, n = m ? s->forest[0].n : 0;
  const PetscScalar *xa;
  PetscScalar       *ya, *w0 = s->w0, *w1 = s->w1;
  cudaStream_t       stream;

  PetscFunctionBegin;
  PetscCall(TSGetStream(&stream));
  PetscCall(VecCUDAGetArrayRead(x, &xa));
  PetscCall(VecCUDAGetArrayWrite(y, &ya));
  PetscCall(PetscLogEventBegin(TS_TriSolve, 0, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  if (n) {
    const TSForestDevice *last = &s->forest[m - 1];

    if (s->scale) PetscCall(TSCheckKernel(ts_cuda_gather_scaled(stream, n, last->perm, s->scale, xa, w0), "gather_scaled"));
    else PetscCall(TSCheckKernel(ts_cuda_gather(stream, n, last->perm, xa, w0), "gather"));
    PetscCall(TSCheckKernel(ts_cuda_dgtsv(stream, (ts_pivoting)pivoting, n, 1, last->a, last->b, last->c, w0, n, last->buffer), "dgtsv"));
    for (PetscInt l = m - 2; l >= 0; l--) {
      const TSForestDevice *f = &s->forest[l];
      PetscScalar          *t;

      PetscCall(TSCheckKernel(ts_cuda_gather(stream, n, s->link[l], w0, w1), "gather"));
      PetscCall(TSCheckKernel(ts_cuda_dgtsv(stream, (ts_pivoting)pivoting, n, 1, f->a, f->b, f->c, w1, n, f->buffer), "dgtsv"));
      t  = w0;
      w0 = w1;
      w1 = t;
    }
    PetscCall(TSCheckKernel(ts_cuda_scatter(stream, n, s->forest[0].perm, w0, ya), "scatter"));
  }
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogGpuFlops(10.0 * n * m));
  PetscCall(PetscLogEventEnd(TS_TriSolve, 0, 0, 0, 0));
  PetscCall(VecCUDARestoreArrayWrite(y, &ya));
  PetscCall(VecCUDARestoreArrayRead(x, &xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}
#endif
