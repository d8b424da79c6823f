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

PetscErrorCode TSGetStream(cudaStream_t *stream)
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
PetscErrorCode TSDeviceMalloc(size_t bytes, void **ptr)
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

PetscErrorCode TSCheckKernel(ts_status status, const char *what)
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
  TSDeviceFree(f->at);
  TSDeviceFree(f->bt);
  TSDeviceFree(f->ct);
  PetscCall(PetscMemzero(f, sizeof(*f)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The arrays of one forest of n vertices on the device for a (block) tridiagonal system of nrows
   rows with bs x bs blocks, and a workspace of 'bytes' (at least RPTS's) */
static PetscErrorCode TSForestDeviceAllocateBlocks(TSForestDevice *f, PetscInt n, PetscInt nrows, PetscInt bs, size_t bytes)
{
  PetscFunctionBegin;
  f->n     = n;
  f->nrows = nrows;
  f->bs    = bs;
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * nrows, (void **)&f->perm));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * n, (void **)&f->iperm));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * (nrows / bs), (void **)&f->path_id));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * bs * nrows, (void **)&f->a));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * bs * nrows, (void **)&f->b));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * bs * nrows, (void **)&f->c));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * nrows, (void **)&f->work));
  PetscCall(TSDeviceMalloc(bytes, &f->buffer));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSForestDeviceAllocate(TSForestDevice *f, PetscInt n, size_t bytes)
{
  PetscFunctionBegin;
  PetscCall(TSForestDeviceAllocateBlocks(f, n, n, 1, bytes));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* RPTS workspace bytes for the forest's (block) system and k right-hand sides (scalar forests: of the
   solve with the permutations fused in, which also covers the plain solve) */
static size_t TSForestDeviceSolveBytes(const TSForestDevice *f, PetscInt k, int single)
{
  return f->bs == 2 ? ts_cuda_bgtsv_buffer_size(f->nrows / 2, k, single) : ts_cuda_gtsv_permuted_buffer_size(f->nrows, k, single);
}

/* k columns of w (leading dimension ldw) = T^-1 w in the forest order, in double (a, b, c) or in
   float (sa, sb, sc: -pc_algtri_precision single): scalar or 2x2 block RPTS */
static PetscErrorCode TSForestDeviceSolve(const TSForestDevice *f, PCAlgTriPivoting pivoting, const PetscScalar *a, const PetscScalar *b, const PetscScalar *c, PetscInt k, PetscScalar *w, PetscInt ldw, void *buffer, cudaStream_t stream)
{
  PetscFunctionBegin;
  if (f->bs == 2) PetscCall(TSCheckKernel(ts_cuda_dbgtsv(stream, (ts_pivoting)pivoting, f->nrows / 2, k, a, b, c, w, ldw, buffer), "dbgtsv"));
  else PetscCall(TSCheckKernel(ts_cuda_dgtsv(stream, (ts_pivoting)pivoting, f->nrows, k, a, b, c, w, ldw, buffer), "dgtsv"));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* RPTS of a scalar forest with the permutations fused into its finest stage (ts_permuted_io): the
   bands of T (T^T: transpose), in float when the forest keeps single-precision factors */
static PetscErrorCode TSForestDevicePermutedSolve(const TSForestDevice *f, PCAlgTriPivoting pivoting, PetscBool transpose, PetscInt k, const ts_permuted_io *io, void *buffer, cudaStream_t stream)
{
  PetscFunctionBegin;
  PetscCheck(f->bs == 1, PETSC_COMM_SELF, PETSC_ERR_PLIB, "The fused permuted solve is for scalar forests");
  if (f->sb && !transpose) PetscCall(TSCheckKernel(ts_cuda_sgtsv_permuted(stream, (ts_pivoting)pivoting, f->nrows, k, f->sa, f->sb, f->sc, io, buffer), "sgtsv_permuted"));
  else PetscCall(TSCheckKernel(ts_cuda_dgtsv_permuted(stream, (ts_pivoting)pivoting, f->nrows, k, transpose ? f->at : f->a, f->b, transpose ? f->ct : f->c, io, buffer), "dgtsv_permuted"));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The io of y = P^T T^-1 P x for k columns: gather and scatter through the forest's permutation */
static ts_permuted_io TSForestDeviceIO(const TSForestDevice *f, const PetscScalar *x, PetscInt ldx, PetscScalar *y, PetscInt ldy)
{
  ts_permuted_io io;

  memset(&io, 0, sizeof(io)); /* no scales, no w, no accumulation */
  io.gather   = f->perm;
  io.x        = x;
  io.ldx      = ldx;
  io.scatter  = f->perm;
  io.y        = y;
  io.ldy      = ldy;
  io.keep_rhs = 1; /* one far read per row, not two (bench/results/2026-11-23-h100-fused) */
  return io;
}

/* w = T^-1 w in float for a 2x2 block forest (scalar forests solve in float through TSForestDevicePermutedSolve) */
static PetscErrorCode TSForestDeviceSolveSingleBlock(const TSForestDevice *f, PCAlgTriPivoting pivoting, float *w, cudaStream_t stream)
{
  PetscFunctionBegin;
  PetscCall(TSCheckKernel(ts_cuda_sbgtsv(stream, (ts_pivoting)pivoting, f->nrows / 2, 1, f->sa, f->sb, f->sc, w, f->nrows, f->sbuffer), "sbgtsv"));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Device CSR arrays of a SEQAIJCUSPARSE matrix */
PetscErrorCode TSGetDeviceCSR(Mat A, PetscInt *n, PetscInt *nnz, const PetscInt **ia, const PetscInt **ja, const PetscScalar **va)
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

PetscErrorCode TSRestoreDeviceCSR(Mat A, const PetscInt **ia, const PetscInt **ja, const PetscScalar **va)
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
    PetscCall(TSDeviceMalloc(sizeof(float) * f->bs * f->nrows, (void **)&f->sa));
    PetscCall(TSDeviceMalloc(sizeof(float) * f->bs * f->nrows, (void **)&f->sb));
    PetscCall(TSDeviceMalloc(sizeof(float) * f->bs * f->nrows, (void **)&f->sc));
    if (f->bs == 2) PetscCall(TSDeviceMalloc(sizeof(float) * f->nrows, (void **)&f->swork)); /* scalar forests convert inside the solve */
    PetscCall(TSDeviceMalloc(TSForestDeviceSolveBytes(f, 1, 1) + 1, &f->sbuffer));
  }
  if (f->n) {
    PetscCall(TSCheckKernel(ts_cuda_to_float(stream, f->bs * f->nrows, f->a, f->sa), "to_float"));
    PetscCall(TSCheckKernel(ts_cuda_to_float(stream, f->bs * f->nrows, f->b, f->sb), "to_float"));
    PetscCall(TSCheckKernel(ts_cuda_to_float(stream, f->bs * f->nrows, f->c, f->sc), "to_float"));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The 2x2 block forest on the device (ts_cuda_block_forest_*): the matching and contraction first,
   then (after reading back the number of pairs and the graph size, 8 bytes) the coarse forest and
   the block bands. */
static PetscErrorCode TSForestDeviceBuildBlock(Mat A, const TSForestOptions *opt, TSForestDevice *f)
{
  PetscInt           n, nnz, sizes[2] = {0, 0}, stats[4] = {0, 0, 0, 0};
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  cudaStream_t       stream;
  size_t             bytes;
  void              *work;
  PetscInt          *d_sizes;
  PetscReal          sums[2] = {0, 0}, *d_sums;

  PetscFunctionBegin;
  PetscCheck(opt->factor.n == 2, PETSC_COMM_SELF, PETSC_ERR_SUP, "The 2x2 block forest uses a [0,2]-factor of the pairs, not a [0,%d]-factor", opt->factor.n);
  PetscCall(TSGetStream(&stream));
  PetscCall(TSGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
  bytes = ts_cuda_block_forest_buffer_size(&opt->factor, n, nnz);
  PetscCall(TSDeviceMalloc(bytes + 8 * sizeof(PetscReal), &work));
  d_sums  = (PetscReal *)((char *)work + bytes);
  d_sizes = (PetscInt *)(d_sums + 2); /* then 6 ts_int: sizes and stats */
  PetscCall(PetscLogEventBegin(TS_Forest, A, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  if (n) {
    PetscCall(TSCheckKernel(ts_cuda_block_forest_match(stream, opt->weight == PCALGTRI_WEIGHT_SCALED ? TS_WEIGHT_SCALED : TS_WEIGHT_ABS, &opt->factor, n, nnz, ia, ja, va, work, d_sizes), "block_forest_match"));
    PetscCallCUDA(cudaMemcpyAsync(sizes, d_sizes, sizeof(sizes), cudaMemcpyDeviceToHost, stream));
    PetscCallCUDA(cudaStreamSynchronize(stream));
  }
  PetscCall(TSForestDeviceAllocateBlocks(f, n, 2 * sizes[0], 2, ts_cuda_bgtsv_buffer_size(sizes[0], 1, 0) + 1));
  f->npairs = n - sizes[0];
  if (n) {
    PetscCall(TSCheckKernel(ts_cuda_block_forest_finish(stream, &opt->factor, n, nnz, sizes[0], sizes[1], f->perm, f->iperm, f->path_id, work, d_sizes + 2, d_sums), "block_forest_finish"));
    PetscCall(TSCheckKernel(ts_cuda_block_bands(stream, sizes[0], ia, ja, va, f->perm, f->iperm, f->path_id, f->a, f->b, f->c), "block_bands"));
    PetscCallCUDA(cudaMemcpyAsync(stats, d_sizes + 2, sizeof(stats), cudaMemcpyDeviceToHost, stream));
    PetscCallCUDA(cudaMemcpyAsync(sums, d_sums, sizeof(sums), cudaMemcpyDeviceToHost, stream));
    PetscCallCUDA(cudaStreamSynchronize(stream));
  }
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogEventEnd(TS_Forest, A, 0, 0, 0));
  PetscCall(TSRestoreDeviceCSR(A, &ia, &ja, &va));
  TSDeviceFree(work);
  f->npaths   = stats[0];
  f->longest  = stats[1];
  f->ncycles  = stats[2];
  f->coverage = sums[1] > 0 ? sums[0] / sums[1] : 1.0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The scalar forest of device CSR arrays (n rows, nnz entries): TSForestDeviceBuild() for a matrix,
   PCMOSA for its levels B_l, which are no Mat */
PetscErrorCode TSForestDeviceBuildCSR(PetscInt n, PetscInt nnz, const PetscInt *ia, const PetscInt *ja, const PetscScalar *va, const TSForestOptions *opt, TSForestDevice *f)
{
  cudaStream_t stream;
  size_t       bytes;
  PetscInt     stats[4];
  PetscInt    *d_stats;
  PetscReal    coverage[2], *d_coverage;

  PetscFunctionBegin;
  PetscCheck(sizeof(PetscInt) == sizeof(int), PETSC_COMM_SELF, PETSC_ERR_SUP, "The device path needs 32-bit PetscInt (cuSPARSE's CSR indices)");
  PetscCheck(opt->factor.n == 2, PETSC_COMM_SELF, PETSC_ERR_SUP, "The device forest uses a [0,2]-factor; -pc_algtri_factor_n %d runs on the host (-mat_type aij)", opt->factor.n);
  PetscCall(TSForestDeviceReset(f));
  PetscCall(TSGetStream(&stream));
  bytes = PetscMax(ts_cuda_linear_forest_build_buffer_size(&opt->factor, n, nnz), ts_cuda_gtsv_permuted_buffer_size(n, 1, 0));
  PetscCall(TSForestDeviceAllocate(f, n, bytes + 2 * sizeof(PetscReal) + 4 * sizeof(PetscInt)));
  d_coverage = (PetscReal *)((char *)f->buffer + bytes); /* after the workspace: coverages and statistics */
  d_stats    = (PetscInt *)(d_coverage + 2);

  PetscCall(PetscLogEventBegin(TS_Forest, 0, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  if (n) {
    PetscCall(TSCheckKernel(ts_cuda_linear_forest_build(stream, opt->weight == PCALGTRI_WEIGHT_SCALED ? TS_WEIGHT_SCALED : TS_WEIGHT_ABS, &opt->factor, n, nnz, ia, ja, va, f->perm, f->iperm, f->path_id, NULL, f->a, f->b, f->c, f->buffer, d_stats), "linear_forest_build"));
    PetscCall(TSCheckKernel(ts_cuda_linear_forest_build_coverage(stream, &opt->factor, n, nnz, f->buffer, d_coverage), "linear_forest_build_coverage"));
  }
  PetscCall(PetscLogGpuTimeEnd());
  /* the statistics for PCView (32 bytes back, once per setup) */
  if (n) {
    PetscCallCUDA(cudaMemcpyAsync(stats, d_stats, sizeof(stats), cudaMemcpyDeviceToHost, stream));
    PetscCallCUDA(cudaMemcpyAsync(coverage, d_coverage, sizeof(coverage), cudaMemcpyDeviceToHost, stream));
    PetscCallCUDA(cudaStreamSynchronize(stream));
    f->npaths      = stats[0];
    f->longest     = stats[1];
    f->ncycles     = stats[2];
    f->coverage    = coverage[0];
    f->coverage_id = coverage[1];
  }
  PetscCall(PetscLogEventEnd(TS_Forest, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSForestDeviceBuild(Mat A, const TSForestOptions *opt, TSForestDevice *f)
{
  PetscInt           n, nnz;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;

  PetscFunctionBegin;
  PetscCheck(sizeof(PetscInt) == sizeof(int), PETSC_COMM_SELF, PETSC_ERR_SUP, "The device path needs 32-bit PetscInt (cuSPARSE's CSR indices)");
  PetscCall(TSForestDeviceReset(f));
  if (opt->block == 2) {
    PetscCall(TSForestDeviceBuildBlock(A, opt, f));
    if (opt->single) PetscCall(TSForestDeviceToSingle(f));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(TSGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
  PetscCall(TSForestDeviceBuildCSR(n, nnz, ia, ja, va, opt, f));
  PetscCall(TSRestoreDeviceCSR(A, &ia, &ja, &va));
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
  f->transposed = PETSC_FALSE; /* new bands: the transposed copy is rebuilt at the next transposed solve */
  PetscCall(PetscLogEventBegin(TS_Bands, A, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  if (n && f->bs == 2) PetscCall(TSCheckKernel(ts_cuda_block_bands(stream, f->nrows / 2, ia, ja, va, f->perm, f->iperm, f->path_id, f->a, f->b, f->c), "block_bands"));
  else if (n) PetscCall(TSCheckKernel(ts_cuda_forest_bands(stream, n, ia, ja, va, f->perm, f->iperm, f->path_id, f->a, f->b, f->c), "forest_bands"));
  if (single) PetscCall(TSForestDeviceToSingle(f));
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogEventEnd(TS_Bands, A, 0, 0, 0));
  PetscCall(TSRestoreDeviceCSR(A, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* y = P^T T^-1 P x on the device (TSForestDeviceApplyArray() on the vectors' arrays) */
PetscErrorCode TSForestDeviceApply(const TSForestDevice *f, PCAlgTriPivoting pivoting, Vec x, Vec y)
{
  const PetscScalar *xa;
  PetscScalar       *ya;

  PetscFunctionBegin;
  PetscCall(VecCUDAGetArrayRead(x, &xa));
  PetscCall(VecCUDAGetArrayWrite(y, &ya));
  PetscCall(PetscLogEventBegin(TS_TriSolve, 0, 0, 0, 0));
  PetscCall(TSForestDeviceApplyArray(f, pivoting, xa, ya));
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
    if (f->bs == 2) PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * f->nrows * k, (void **)&f->mwork)); /* the scalar solve permutes in place */
    PetscCall(TSDeviceMalloc(TSForestDeviceSolveBytes(f, k, 0) + 1, &f->mbuffer));
    f->mwork_cols = k;
  }
  PetscCall(PetscLogEventBegin(TS_TriSolve, 0, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  if (f->bs == 1) {
    const ts_permuted_io io = TSForestDeviceIO(f, x, ldx, y, ldy);

    PetscCall(TSForestDevicePermutedSolve(f, pivoting, PETSC_FALSE, k, &io, f->mbuffer, stream));
  } else {
    PetscCall(TSCheckKernel(ts_cuda_gather_columns(stream, f->nrows, k, f->perm, NULL, x, ldx, f->mwork, f->nrows), "gather_columns"));
    PetscCall(TSForestDeviceSolve(f, pivoting, f->a, f->b, f->c, k, f->mwork, f->nrows, f->mbuffer, stream));
    PetscCall(TSCheckKernel(ts_cuda_scatter_columns(stream, f->nrows, k, f->perm, NULL, f->mwork, f->nrows, y, ldy), "scatter_columns"));
  }
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogGpuFlops((f->bs == 2 ? 30.0 : 9.0) * f->nrows * k));
  PetscCall(PetscLogEventEnd(TS_TriSolve, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSForestDeviceView(const TSForestDevice *f, PetscViewer viewer)
{
  PetscFunctionBegin;
  if (f->bs == 2) PetscCall(PetscViewerASCIIPrintf(viewer, "2x2 block forest on the GPU: %" PetscInt_FMT " rows, %" PetscInt_FMT " matched pairs, %" PetscInt_FMT " ghost rows, %" PetscInt_FMT " block paths, longest %" PetscInt_FMT " blocks, %" PetscInt_FMT " cycles broken, factors in %s\n", f->n, f->npairs, f->nrows - f->n, f->npaths, f->longest, f->ncycles, f->sb ? "single precision" : "double precision"));
  else PetscCall(PetscViewerASCIIPrintf(viewer, "linear forest on the GPU: %" PetscInt_FMT " rows, %" PetscInt_FMT " paths, longest %" PetscInt_FMT ", %" PetscInt_FMT " cycles broken, factors in %s\n", f->n, f->npaths, f->longest, f->ncycles, f->sb ? "single precision" : "double precision"));
  PetscCall(PetscViewerASCIIPrintf(viewer, "weight coverage c_pi %.4f\n", (double)f->coverage));
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
  if (f->bs == 1) { /* gather, solve and scatter in one: the permutations fused into RPTS */
    const ts_permuted_io io = TSForestDeviceIO(f, x, f->n, y, f->n);

    PetscCall(TSForestDevicePermutedSolve(f, pivoting, PETSC_FALSE, 1, &io, f->sb ? f->sbuffer : f->buffer, stream));
  } else if (f->sb) { /* single-precision block factors: convert on the way in and out */
    PetscCall(TSCheckKernel(ts_cuda_gather_to_float(stream, f->nrows, f->perm, x, f->swork), "gather_to_float"));
    PetscCall(TSForestDeviceSolveSingleBlock(f, pivoting, f->swork, stream));
    PetscCall(TSCheckKernel(ts_cuda_scatter_from_float(stream, f->nrows, f->perm, f->swork, y), "scatter_from_float"));
  } else {
    PetscCall(TSCheckKernel(ts_cuda_gather(stream, f->nrows, f->perm, x, f->work), "gather"));
    PetscCall(TSForestDeviceSolve(f, pivoting, f->a, f->b, f->c, 1, f->work, f->nrows, f->buffer, stream));
    PetscCall(TSCheckKernel(ts_cuda_scatter(stream, f->nrows, f->perm, f->work, y), "scatter"));
  }
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogGpuFlops((f->bs == 2 ? 30.0 : 9.0) * f->nrows));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* z += P^T T^-1 P (r - az) on device arrays, one defect-correction sweep of ALT-i: the residual update
   and the correction fused into the permuted RPTS (scalar forests) */
PetscErrorCode TSForestDeviceCorrectArray(const TSForestDevice *f, PCAlgTriPivoting pivoting, const PetscScalar *r, const PetscScalar *az, PetscScalar *z)
{
  cudaStream_t   stream;
  ts_permuted_io io;

  PetscFunctionBegin;
  if (!f->n) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TSGetStream(&stream));
  io            = TSForestDeviceIO(f, r, f->n, z, f->n);
  io.w          = az;
  io.ldw        = f->n;
  io.accumulate = 1;
  PetscCall(PetscLogGpuTimeBegin());
  PetscCall(TSForestDevicePermutedSolve(f, pivoting, PETSC_FALSE, 1, &io, f->buffer, stream));
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogGpuFlops(11.0 * f->nrows));
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
  TSDeviceFree(s->mw0);
  TSDeviceFree(s->mw1);
  TSDeviceFree(s->mbuffer);
  PetscCall(PetscMemzero(s, sizeof(*s)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The bands of T^T (RPTS solves T X = B only), built at the first transposed solve after new values */
static PetscErrorCode TSForestDeviceSetUpTranspose(TSForestDevice *f, cudaStream_t stream)
{
  PetscFunctionBegin;
  PetscCheck(!f->sb, PETSC_COMM_SELF, PETSC_ERR_SUP, "Transposed solves with single-precision factors are not implemented (use -pc_<type>_precision double)");
  if (f->transposed || !f->n) PetscFunctionReturn(PETSC_SUCCESS);
  if (!f->at) {
    PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * f->bs * f->nrows, (void **)&f->at));
    PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * f->bs * f->nrows, (void **)&f->ct));
    if (f->bs == 2) PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * f->bs * f->nrows, (void **)&f->bt));
  }
  if (f->bs == 2) PetscCall(TSCheckKernel(ts_cuda_block_transpose(stream, f->nrows / 2, f->a, f->b, f->c, f->at, f->bt, f->ct), "block_transpose"));
  else PetscCall(TSCheckKernel(ts_cuda_tridiag_transpose(stream, f->n, f->a, f->c, f->at, f->ct), "tridiag_transpose"));
  f->transposed = PETSC_TRUE;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Y = P_lo^T A_lo^-1 P_lo P_{lo+1}^T ... P_hi^T A_hi^-1 P_hi D X for k columns with D = diag(scale)
   (NULL: identity) and the fused permutations link[l] = P_l P_{l+1}^T, or the transpose
   D P_hi^T A_hi^-T ... A_lo^-T P_lo X: the device twin of TSSplittingApplyRangeArray(). One RPTS call
   per factor for all columns (the bands read once per group of four): for scalar forests each
   permutation pass is fused into the solve next to it (the first solve gathers X, with the scaling,
   the last one scatters into Y, the ones between read or write through link), for 2x2 block forests
   one launch per permutation pass. w0, w1: n x k each (w1 unused for one scalar factor, w0 too);
   buffer: RPTS workspace for k columns, or NULL for each forest's own (k = 1). */
static PetscErrorCode TSDeviceChainApply(TSForestDevice *forest, PetscInt *const *link, PetscInt lo, PetscInt hi, const PetscScalar *scale, PCAlgTriPivoting pivoting, PetscBool transpose, PetscInt k, const PetscScalar *x, PetscInt ldx, PetscScalar *y, PetscInt ldy, PetscScalar *w0, PetscScalar *w1, void *buffer)
{
  const PetscInt n = forest[lo].nrows, first = transpose ? lo : hi, last = transpose ? hi : lo, step = transpose ? 1 : -1;
  cudaStream_t   stream;

  PetscFunctionBegin;
  if (!n || !k) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TSGetStream(&stream));
  for (PetscInt l = lo; transpose && l <= hi; l++) PetscCall(TSForestDeviceSetUpTranspose(&forest[l], stream));
  PetscCall(PetscLogEventBegin(TS_TriSolve, 0, 0, 0, 0));
  PetscCall(PetscLogGpuTimeBegin());
  if (forest[lo].bs == 1) {
    const PetscScalar *src = x;
    PetscInt           lds = ldx;

    for (PetscInt l = first;; l += step) {
      const TSForestDevice *f  = &forest[l];
      ts_permuted_io        io = TSForestDeviceIO(f, src, lds, y, ldy);

      if (l != first) io.gather = transpose ? NULL : link[l];
      if (l == first && !transpose) io.in_scale = scale;
      if (l == last) io.out_scale = transpose ? scale : NULL;
      else { /* into the workspace not read by this solve, in the order of the next factor */
        io.scatter = transpose ? link[l] : NULL;
        io.y       = src == w0 ? w1 : w0;
        io.ldy     = n;
      }
      PetscCall(TSForestDevicePermutedSolve(f, pivoting, transpose, k, &io, buffer ? buffer : f->buffer, stream));
      if (l == last) break;
      src = io.y;
      lds = n;
    }
  } else {
    PetscCall(TSCheckKernel(ts_cuda_gather_columns(stream, n, k, forest[first].perm, transpose ? NULL : scale, x, ldx, w0, n), "gather_columns"));
    for (PetscInt l = first;; l += step) {
      const TSForestDevice *f = &forest[l];

      if (l != first) {
        PetscScalar *t;

        if (transpose) PetscCall(TSCheckKernel(ts_cuda_scatter_columns(stream, n, k, link[l - 1], NULL, w0, n, w1, n), "scatter_columns"));
        else PetscCall(TSCheckKernel(ts_cuda_gather_columns(stream, n, k, link[l], NULL, w0, n, w1, n), "gather_columns"));
        t  = w0;
        w0 = w1;
        w1 = t;
      }
      PetscCall(TSForestDeviceSolve(f, pivoting, transpose ? f->at : f->a, transpose && f->bs == 2 ? f->bt : f->b, transpose ? f->ct : f->c, k, w0, n, buffer ? buffer : f->buffer, stream));
      if (l == last) break;
    }
    PetscCall(TSCheckKernel(ts_cuda_scatter_columns(stream, n, k, forest[last].perm, transpose ? scale : NULL, w0, n, y, ldy), "scatter_columns"));
  }
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogGpuFlops(10.0 * n * k * (hi - lo + 1)));
  PetscCall(PetscLogEventEnd(TS_TriSolve, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* y = P^T T^-T P x on the device: RPTS on the transposed bands */
PetscErrorCode TSForestDeviceApplyTranspose(TSForestDevice *f, PCAlgTriPivoting pivoting, Vec x, Vec y)
{
  const PetscScalar *xa;
  PetscScalar       *ya;

  PetscFunctionBegin;
  PetscCall(VecCUDAGetArrayRead(x, &xa));
  PetscCall(VecCUDAGetArrayWrite(y, &ya));
  PetscCall(TSDeviceChainApply(f, NULL, 0, 0, NULL, pivoting, PETSC_TRUE, 1, xa, f->n, ya, f->n, f->work, NULL, NULL));
  PetscCall(VecCUDARestoreArrayWrite(y, &ya));
  PetscCall(VecCUDARestoreArrayRead(x, &xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The device twin of TSSplittingApplyProduct(): y = P_0^T A_0^-1 ... A_{m-1}^-1 P_{m-1} D x, or its transpose */
static PetscErrorCode TSSplittingDeviceApplyProduct_Private(TSSplittingDevice *s, PCAlgTriPivoting pivoting, PetscBool transpose, Vec x, Vec y)
{
  const PetscInt     n = s->m ? s->forest[0].n : 0;
  const PetscScalar *xa;
  PetscScalar       *ya;

  PetscFunctionBegin;
  PetscCall(VecCUDAGetArrayRead(x, &xa));
  PetscCall(VecCUDAGetArrayWrite(y, &ya));
  if (s->m) PetscCall(TSDeviceChainApply(s->forest, s->link, 0, s->m - 1, s->scale, pivoting, transpose, 1, xa, n, ya, n, s->w0, s->w1, NULL));
  PetscCall(VecCUDARestoreArrayWrite(y, &ya));
  PetscCall(VecCUDARestoreArrayRead(x, &xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSSplittingDeviceApplyProduct(TSSplittingDevice *s, PCAlgTriPivoting pivoting, Vec x, Vec y)
{
  PetscFunctionBegin;
  PetscCall(TSSplittingDeviceApplyProduct_Private(s, pivoting, PETSC_FALSE, x, y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSSplittingDeviceApplyProductTranspose(TSSplittingDevice *s, PCAlgTriPivoting pivoting, Vec x, Vec y)
{
  PetscFunctionBegin;
  PetscCall(TSSplittingDeviceApplyProduct_Private(s, pivoting, PETSC_TRUE, x, y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Y = the product of factors lo..hi (scaled by s->scale when hi is the last factor) applied to the k
   columns of the dense device matrix X (TSDeviceChainApply()); the workspaces grow with k */
PetscErrorCode TSSplittingDeviceMatApply(TSSplittingDevice *s, PCAlgTriPivoting pivoting, PetscInt lo, PetscInt hi, Mat X, Mat Y)
{
  const PetscScalar *xa;
  PetscScalar       *ya;
  PetscInt           n, k, ldx, ldy;

  PetscFunctionBegin;
  PetscCheck(0 <= lo && lo <= hi && hi < s->m, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "Factors %" PetscInt_FMT "..%" PetscInt_FMT " of a splitting of %" PetscInt_FMT, lo, hi, s->m);
  PetscCall(TSDenseGetSizes(X, Y, &n, &k, &ldx, &ldy));
  if (s->mcols < k) {
    TSDeviceFree(s->mw0);
    TSDeviceFree(s->mw1);
    TSDeviceFree(s->mbuffer);
    PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n * k, (void **)&s->mw0));
    PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n * k, (void **)&s->mw1));
    PetscCall(TSDeviceMalloc(ts_cuda_gtsv_permuted_buffer_size(n, k, 0) + 1, &s->mbuffer));
    s->mcols = k;
  }
  PetscCall(MatDenseCUDAGetArrayRead(X, &xa));
  PetscCall(MatDenseCUDAGetArrayWrite(Y, &ya));
  PetscCall(TSDeviceChainApply(s->forest, s->link, lo, hi, hi == s->m - 1 ? s->scale : NULL, pivoting, PETSC_FALSE, k, xa, ldx, ya, ldy, s->mw0, s->mw1, s->mbuffer));
  PetscCall(MatDenseCUDARestoreArrayWrite(Y, &ya));
  PetscCall(MatDenseCUDARestoreArrayRead(X, &xa));
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

    f->transposed = PETSC_FALSE; /* new bands: the transposed copy is rebuilt at the next transposed solve */
    PetscCall(TSCheckKernel(ts_cuda_forest_bands(stream, n, ia, ja, va, f->perm, f->iperm, f->path_id, f->a, f->b, f->c), "forest_bands"));
    if (diag_k >= 0) PetscCall(TSCheckKernel(ts_cuda_mos_bands(stream, n, (int)d->m, (int)l, f->perm, d->t, d->j, f->a, f->b, f->c), "mos_bands"));
    if (d->single) PetscCall(TSForestDeviceToSingle(f));
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
  d->single = opt->forest.single;
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

    PetscCall(TSForestDeviceAllocate(f, n, ts_cuda_gtsv_permuted_buffer_size(n, 1, 0) + 1));
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
  PetscCall(PetscViewerASCIIPrintf(viewer, "%" PetscInt_FMT " linear forests of %" PetscInt_FMT " rows, built on the GPU, factors in %s precision\n", d->m, d->m ? d->forest[0].n : 0, d->single ? "single" : "double"));
  for (PetscInt l = 0; l < d->m; l++) PetscCall(PetscViewerASCIIPrintf(viewer, "  factor %" PetscInt_FMT ": %" PetscInt_FMT " paths, longest %" PetscInt_FMT ", coverage of the union %.4f\n", l, d->forest[l].npaths, d->forest[l].longest, d->coverage ? (double)d->coverage[l] : 0.0));
  PetscFunctionReturn(PETSC_SUCCESS);
}
#endif
