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
  TSDeviceFree(f->mwork);
  TSDeviceFree(f->mbuffer);
  TSDeviceFree(f->sa);
  TSDeviceFree(f->sb);
  TSDeviceFree(f->sc);
  TSDeviceFree(f->swork);
  TSDeviceFree(f->sbuffer);
  PetscCall(PetscMemzero(f, sizeof(*f)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The arrays of one forest on the device, and a workspace of 'bytes' (at least RPTS's) */
static PetscErrorCode TSForestDeviceAllocate(TSForestDevice *f, PetscInt n, size_t bytes)
{
  PetscFunctionBegin;
  f->n = n;
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * n, (void **)&f->perm));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * n, (void **)&f->iperm));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * n, (void **)&f->path_id));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&f->a));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&f->b));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&f->c));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&f->work));
  PetscCall(TSDeviceMalloc(bytes, &f->buffer));
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

/* Single-precision copies of the bands (the double ones stay for the setup of new values) */
static PetscErrorCode TSForestDeviceToSingle(TSForestDevice *f)
{
  cudaStream_t stream;

  PetscFunctionBegin;
  PetscCall(TSGetStream(&stream));
  if (!f->sb) {
    PetscCall(TSDeviceMalloc(sizeof(float) * f->n, (void **)&f->sa));
    PetscCall(TSDeviceMalloc(sizeof(float) * f->n, (void **)&f->sb));
    PetscCall(TSDeviceMalloc(sizeof(float) * f->n, (void **)&f->sc));
    PetscCall(TSDeviceMalloc(sizeof(float) * f->n, (void **)&f->swork));
    PetscCall(TSDeviceMalloc(ts_cuda_gtsv_buffer_size(f->n, 1, 1) + 1, &f->sbuffer));
  }
  if (f->n) {
    PetscCall(TSCheckKernel(ts_cuda_to_float(stream, f->n, f->a, f->sa), "to_float"));
    PetscCall(TSCheckKernel(ts_cuda_to_float(stream, f->n, f->b, f->sb), "to_float"));
    PetscCall(TSCheckKernel(ts_cuda_to_float(stream, f->n, f->c, f->sc), "to_float"));
  }
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
  bytes = PetscMax(ts_cuda_linear_forest_build_buffer_size(&opt->factor, n, nnz), ts_cuda_gtsv_buffer_size(n, 1, 0));
  PetscCall(TSForestDeviceAllocate(f, n, bytes + 4 * sizeof(PetscInt)));
  d_stats = (PetscInt *)((char *)f->buffer + bytes); /* after the workspace, for the statistics */

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
  if (opt->single) PetscCall(TSForestDeviceToSingle(f));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* New values, same pattern: only the bands */
PetscErrorCode TSForestDeviceSetValues(TSForestDevice *f, Mat A, PetscBool single)
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
  if (single) PetscCall(TSForestDeviceToSingle(f));
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
  if (f->n && f->sb) { /* single-precision factors: convert on the way in and out */
    PetscCall(TSCheckKernel(ts_cuda_gather_to_float(stream, f->n, f->perm, xa, f->swork), "gather_to_float"));
    PetscCall(TSCheckKernel(ts_cuda_sgtsv(stream, (ts_pivoting)pivoting, f->n, 1, f->sa, f->sb, f->sc, f->swork, f->n, f->sbuffer), "sgtsv"));
    PetscCall(TSCheckKernel(ts_cuda_scatter_from_float(stream, f->n, f->perm, f->swork, ya), "scatter_from_float"));
  } else if (f->n) {
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

/* Y = P^T T^-1 P X for k columns: gathers per column, one RPTS call for all columns (the bands are
   read once per group of four), scatters per column */
PetscErrorCode TSForestDeviceMatApply(TSForestDevice *f, PCAlgTriPivoting pivoting, PetscInt k, const PetscScalar *x, PetscInt ldx, PetscScalar *y, PetscInt ldy)
{
  cudaStream_t stream;

  PetscFunctionBegin;
  if (!f->n || !k) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TSGetStream(&stream));
  if (f->mwork_cols < k) {
    TSDeviceFree(f->mwork);
    TSDeviceFree(f->mbuffer);
    PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * f->n * k, (void **)&f->mwork));
    PetscCall(TSDeviceMalloc(ts_cuda_gtsv_buffer_size(f->n, k, 0) + 1, &f->mbuffer));
    f->mwork_cols = k;
  }
  PetscCall(PetscLogEventBegin(TS_TriSolve, 0, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  for (PetscInt c = 0; c < k; c++) PetscCall(TSCheckKernel(ts_cuda_gather(stream, f->n, f->perm, x + c * ldx, f->mwork + c * f->n), "gather"));
  PetscCall(TSCheckKernel(ts_cuda_dgtsv(stream, (ts_pivoting)pivoting, f->n, k, f->a, f->b, f->c, f->mwork, f->n, f->mbuffer), "dgtsv"));
  for (PetscInt c = 0; c < k; c++) PetscCall(TSCheckKernel(ts_cuda_scatter(stream, f->n, f->perm, f->mwork + c * f->n, y + c * ldy), "scatter"));
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogGpuFlops(9.0 * f->n * k));
  PetscCall(PetscLogEventEnd(TS_TriSolve, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSForestDeviceView(const TSForestDevice *f, PetscViewer viewer)
{
  PetscFunctionBegin;
  PetscCall(PetscViewerASCIIPrintf(viewer, "linear forest on the GPU: %" PetscInt_FMT " rows, %" PetscInt_FMT " paths, longest %" PetscInt_FMT ", %" PetscInt_FMT " cycles broken, factors in %s\n", f->n, f->npaths, f->longest, f->ncycles, f->sb ? "single precision" : "double precision"));
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
  PetscCall(PetscFree(s->coverage));
  TSDeviceFree(s->t);
  TSDeviceFree(s->j);
  TSDeviceFree(s->scale);
  TSDeviceFree(s->w0);
  TSDeviceFree(s->w1);
  PetscCall(PetscMemzero(s, sizeof(*s)));
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

/* Bands of every forest from A's values: raw entries (ALT, diag_k < 0) or M_l of MOS-d with
   T = diagp_diag_k(A) (the scaling 1/T kept for the apply). Also for new values, same pattern. */
PetscErrorCode TSSplittingDeviceSetValues(Mat A, PetscInt diag_k, TSSplittingDevice *d)
{
  PetscInt           n, nnz;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  cudaStream_t       stream;

  PetscFunctionBegin;
  PetscCall(TSGetStream(&stream));
  PetscCall(TSGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
  PetscCall(PetscLogEventBegin(TS_Bands, A, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  if (n && diag_k >= 0) {
    if (!d->t) {
      PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->t));
      PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->j));
      PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->scale));
    }
    PetscCall(TSCheckKernel(ts_cuda_mos_diagonal(stream, (int)diag_k, n, ia, ja, va, (int)d->m, d->t, d->scale, d->j), "mos_diagonal"));
  }
  for (PetscInt l = 0; l < d->m && n; l++) {
    TSForestDevice *f = &d->forest[l];

    PetscCall(TSCheckKernel(ts_cuda_forest_bands(stream, n, ia, ja, va, f->perm, f->iperm, f->path_id, f->a, f->b, f->c), "forest_bands"));
    if (diag_k >= 0) PetscCall(TSCheckKernel(ts_cuda_mos_bands(stream, n, (int)d->m, (int)l, f->perm, d->t, d->j, f->a, f->b, f->c), "mos_bands"));
  }
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogEventEnd(TS_Bands, A, 0, 0, 0));
  PetscCall(TSRestoreDeviceCSR(A, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The device twin of TSSplittingBuild(): graph, then forest after forest with the used edges
   reweighted by omega, until m forests or the coverage target; then the fused permutations and the
   bands (TSSplittingDeviceSetValues()). Per forest one small read-back (coverage, statistics) decides
   whether to go on; every rank builds the same number of forests. */
PetscErrorCode TSSplittingDeviceBuild(MPI_Comm comm, Mat A, const TSSplittingOptions *opt, PetscInt diag_k, TSSplittingDevice *d)
{
  PetscInt           n, nnz, g_nnz = 0, m_target = opt->m ? opt->m : opt->m_max;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  cudaStream_t       stream;
  PetscScalar       *scale, *t_val, *g_w, *w0, *partner_w, *sums;
  PetscInt          *t_rowptr, *t_col, *g_rowptr, *g_col, *partner, *position, *stats;
  unsigned char     *covered;
  void              *scratch;
  size_t             bytes;
  PetscReal          total = 0, last = 0;
  PetscBool          more;
  const ts_weighting weighting = opt->forest.weight == PCALGTRI_WEIGHT_SCALED ? TS_WEIGHT_SCALED : TS_WEIGHT_ABS;

  PetscFunctionBegin;
  PetscCheck(sizeof(PetscInt) == sizeof(int), PETSC_COMM_SELF, PETSC_ERR_SUP, "The device path needs 32-bit PetscInt (cuSPARSE's CSR indices)");
  PetscCall(TSSplittingDeviceReset(d));
  PetscCall(TSGetStream(&stream));
  PetscCall(TSGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
  PetscCall(PetscCalloc1(m_target, &d->forest));
  PetscCall(PetscCalloc1(m_target, &d->link));
  PetscCall(PetscCalloc1(m_target, &d->coverage));
  PetscCall(PetscLogEventBegin(TS_Graph, A, 0, 0, 0));
  bytes = PetscMax(PetscMax(ts_cuda_csr_transpose_buffer_size(n, n, nnz), ts_cuda_graph_rowptr_buffer_size(n)), PetscMax(ts_cuda_factor_buffer_size(&opt->forest.factor, n, 2 * nnz), ts_cuda_linear_forest_buffer_size(n)));
  bytes = PetscMax(bytes, ts_cuda_masked_sum_buffer_size(2 * nnz));
  PetscCall(TSDeviceMalloc(bytes + 1, &scratch));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&scale));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * (n + 1), (void **)&t_rowptr));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * (nnz + 1), (void **)&t_col));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * (nnz + 1), (void **)&t_val));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * (n + 1), (void **)&g_rowptr));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * (2 * nnz + 1), (void **)&g_col));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * (2 * nnz + 1), (void **)&g_w));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * (2 * nnz + 1), (void **)&w0));
  PetscCall(TSDeviceMalloc(2 * nnz + 1, (void **)&covered));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * (2 * n + 1), (void **)&partner));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * (2 * n + 1), (void **)&partner_w));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * (n + 1), (void **)&position));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * 4, (void **)&stats));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * 2, (void **)&sums));
  PetscCall(PetscLogGpuTimeBegin());
  if (n) {
    PetscCall(TSCheckKernel(ts_cuda_graph_scale(stream, weighting, n, ia, ja, va, scale), "graph_scale"));
    PetscCall(TSCheckKernel(ts_cuda_csr_transpose(stream, n, n, nnz, ia, ja, va, t_rowptr, t_col, t_val, scratch), "csr_transpose"));
    PetscCall(TSCheckKernel(ts_cuda_graph_rowptr(stream, n, ia, ja, t_rowptr, t_col, g_rowptr, scratch), "graph_rowptr"));
    PetscCall(TSCheckKernel(ts_cuda_graph_fill(stream, n, ia, ja, va, t_rowptr, t_col, t_val, scale, g_rowptr, g_col, g_w), "graph_fill"));
    PetscCallCUDA(cudaMemcpyAsync(&g_nnz, g_rowptr + n, sizeof(PetscInt), cudaMemcpyDeviceToHost, stream));
    PetscCallCUDA(cudaStreamSynchronize(stream));
    PetscCall(TSCheckKernel(ts_cuda_masked_sum(stream, g_nnz, g_w, NULL, sums, scratch), "masked_sum"));
    PetscCallCUDA(cudaMemcpyAsync(&total, sums, sizeof(PetscReal), cudaMemcpyDeviceToHost, stream));
    PetscCallCUDA(cudaMemcpyAsync(w0, g_w, sizeof(PetscScalar) * g_nnz, cudaMemcpyDeviceToDevice, stream));
    PetscCallCUDA(cudaMemsetAsync(covered, 0, g_nnz + 1, stream));
  }
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogEventEnd(TS_Graph, A, 0, 0, 0));

  do {
    TSForestDevice *f = &d->forest[d->m];
    PetscInt        hstats[4] = {0, 0, 0, 0};
    PetscReal       covered_weight = 0;

    PetscCall(TSForestDeviceAllocate(f, n, ts_cuda_gtsv_buffer_size(n, 1, 0) + 1));
    PetscCall(PetscLogEventBegin(TS_Factor, A, 0, 0, 0));
    PetscCall(PetscLogGpuTimeBegin());
    if (n) {
      PetscCall(TSCheckKernel(ts_cuda_factor(stream, &opt->forest.factor, n, 2 * nnz, g_rowptr, g_col, g_w, partner, partner_w, scratch, NULL), "factor"));
      PetscCall(TSCheckKernel(ts_cuda_linear_forest(stream, n, partner, partner_w, f->path_id, position, f->perm, f->iperm, scratch, stats, NULL), "linear_forest"));
      PetscCall(TSCheckKernel(ts_cuda_graph_reweight(stream, n, g_rowptr, g_col, g_w, partner, opt->omega, covered), "graph_reweight"));
      PetscCall(TSCheckKernel(ts_cuda_masked_sum(stream, g_nnz, w0, covered, sums + 1, scratch), "masked_sum"));
      /* ts_cuda_linear_forest writes {npaths, longest, ncycles}: read back just those */
      PetscCallCUDA(cudaMemcpyAsync(hstats, stats, 3 * sizeof(PetscInt), cudaMemcpyDeviceToHost, stream));
      PetscCallCUDA(cudaMemcpyAsync(&covered_weight, sums + 1, sizeof(PetscReal), cudaMemcpyDeviceToHost, stream));
      PetscCallCUDA(cudaStreamSynchronize(stream));
    }
    PetscCall(PetscLogGpuTimeEnd());
    PetscCall(PetscLogEventEnd(TS_Factor, A, 0, 0, 0));
    f->npaths         = hstats[0];
    f->longest        = hstats[1];
    f->ncycles        = hstats[2];
    d->coverage[d->m] = total > 0 ? covered_weight / total : 1.0;
    d->m++;
    /* as TSSplittingBuild(): automatic m stops at the coverage target or when a forest adds < 1% */
    more = (PetscBool)(d->m < m_target && (opt->m || (d->coverage[d->m - 1] < opt->coverage && (d->m == 1 || d->coverage[d->m - 1] - last >= 0.01))));
    last = d->coverage[d->m - 1];
    PetscCall(MPIU_Allreduce(MPI_IN_PLACE, &more, 1, MPIU_BOOL, MPI_LOR, comm));
  } while (more);
  PetscCall(TSRestoreDeviceCSR(A, &ia, &ja, &va));

  for (PetscInt l = 0; l + 1 < d->m; l++) {
    PetscCall(TSDeviceMalloc(sizeof(PetscInt) * n, (void **)&d->link[l]));
    if (n) PetscCall(TSCheckKernel(ts_cuda_compose(stream, n, d->forest[l].perm, d->forest[l + 1].iperm, d->link[l]), "compose"));
  }
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->w0));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->w1));
  TSDeviceFree(scratch);
  TSDeviceFree(scale);
  TSDeviceFree(t_rowptr);
  TSDeviceFree(t_col);
  TSDeviceFree(t_val);
  TSDeviceFree(g_rowptr);
  TSDeviceFree(g_col);
  TSDeviceFree(g_w);
  TSDeviceFree(w0);
  TSDeviceFree(covered);
  TSDeviceFree(partner);
  TSDeviceFree(partner_w);
  TSDeviceFree(position);
  TSDeviceFree(stats);
  TSDeviceFree(sums);
  PetscCall(TSSplittingDeviceSetValues(A, diag_k, d));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSSplittingDeviceView(PC pc, const TSSplittingDevice *d, PetscViewer viewer)
{
  PetscMPIInt size;

  PetscFunctionBegin;
  PetscCallMPI(MPI_Comm_size(PetscObjectComm((PetscObject)pc), &size));
  if (size > 1) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscViewerASCIIPrintf(viewer, "%" PetscInt_FMT " linear forests of %" PetscInt_FMT " rows, built on the GPU\n", d->m, d->m ? d->forest[0].n : 0));
  for (PetscInt l = 0; l < d->m; l++) PetscCall(PetscViewerASCIIPrintf(viewer, "  factor %" PetscInt_FMT ": %" PetscInt_FMT " paths, longest %" PetscInt_FMT ", coverage of the union %.4f\n", l, d->forest[l].npaths, d->forest[l].longest, d->coverage ? (double)d->coverage[l] : 0.0));
  PetscFunctionReturn(PETSC_SUCCESS);
}
#endif
