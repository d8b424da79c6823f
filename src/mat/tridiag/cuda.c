/* SPDX-License-Identifier: BSD-2-Clause */
/*
   The CUDA backend of the rpts solver (MATSEQAIJCUSPARSE): the bands extracted on the device, the
   host's elimination checked there for a zero pivot (RPTS recomputes the elimination in every solve),
   an RPTS plan where the bands are not strictly diagonally dominant, and the solves by RPTS on PETSc's
   stream. Nothing but the check's status and the plan's error comes back to the host.
*/
#include <trisplit/private/tridiagimpl.h>
#if defined(PETSC_HAVE_CUDA) /* the whole backend: a PETSc without CUDA has neither the types nor the kernels */
  #include <trisplit/private/core_cuda.h>

typedef struct {
  PetscScalar   *a, *b, *c;   /* device bands */
  void          *check;       /* the zero-pivot check's workspace (ts_cuda_gttrf_check) and its 2 status ints */
  void          *plan_work;   /* the RPTS plan analysis' workspace (TriSplitDeviceRPTSPlan) */
  size_t         plan_bytes;
  void          *buffer;      /* the RPTS workspace */
  size_t         buffer_nrhs; /* ... fits this many right-hand sides */
  ts_rpts_config plan;        /* the RPTS plan chosen for these bands at the numeric factorization */
  PetscInt       nweak;       /* rows of the bands that are not strictly diagonally dominant */
  PetscReal      plan_err;    /* its error on the probe system (ts_cuda_dgtsv_analyze) */
} MatRPTS_CUDA;

static PetscErrorCode MatRPTSReset_CUDA(Mat F)
{
  Mat_Tridiag  *t = (Mat_Tridiag *)F->data;
  MatRPTS_CUDA *d = (MatRPTS_CUDA *)t->data;

  PetscFunctionBegin;
  if (d) {
    TriSplitDeviceFree(d->a);
    TriSplitDeviceFree(d->b);
    TriSplitDeviceFree(d->c);
    TriSplitDeviceFree(d->check);
    TriSplitDeviceFree(d->plan_work);
    TriSplitDeviceFree(d->buffer);
  }
  PetscCall(PetscFree(t->data));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* checked on the device: the pattern never comes to the host */
static PetscErrorCode MatRPTSOutsideBand_CUDA(Mat A, PetscInt *row)
{
  cudaStream_t       stream;
  PetscInt           n, nnz, *drow;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
  PetscCall(TriSplitDeviceMalloc(sizeof(PetscInt), (void **)&drow));
  PetscCall(TriSplitCheckKernel(ts_cuda_csr_outside_band(stream, n, ia, ja, 1, drow), "csr_outside_band"));
  PetscCall(TriSplitDeviceRead(stream, drow, row, sizeof(PetscInt)));
  TriSplitDeviceFree(drow);
  PetscCall(TriSplitRestoreDeviceCSR(A, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatRPTSDeviceBands(Mat F, Mat A)
{
  MatRPTS_CUDA      *d = (MatRPTS_CUDA *)((Mat_Tridiag *)F->data)->data;
  PetscInt           n, nnz;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  cudaStream_t       stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
  if (!d->b) {
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->a));
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->b));
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->c));
  }
  PetscCall(PetscLogGpuTimeBegin());
  /* no permutation: the matrix is one path in its own order */
  if (n) PetscCall(TriSplitCheckKernel(ts_cuda_forest_bands(stream, n, ia, ja, va, NULL, NULL, NULL, d->a, d->b, d->c), "forest_bands"));
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(TriSplitRestoreDeviceCSR(A, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A zero pivot of the host's elimination, found on the device (TriSplitDeviceCheckPivots(): the whole
   matrix is one chain, in its own order), with the status and row of ts_ref_gttrf. The workspace is kept
   with the factor: a refactorization allocates nothing. */
static PetscErrorCode MatRPTSDeviceCheck(Mat F, ts_status *status, ts_int *zero_row)
{
  Mat_Tridiag   *t = (Mat_Tridiag *)F->data;
  MatRPTS_CUDA  *d = (MatRPTS_CUDA *)t->data;
  const PetscInt n = F->rmap->n;
  const size_t   work = (ts_cuda_gttrf_check_buffer_size(n) + 255) & ~(size_t)255;
  cudaStream_t   stream;
  PetscInt       row = -1;

  PetscFunctionBegin;
  *status   = TS_SUCCESS;
  *zero_row = -1;
  if (!n) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TriSplitGetStream(&stream));
  if (!d->check) PetscCall(TriSplitDeviceMalloc(work + 2 * sizeof(PetscInt), &d->check));
  PetscCall(TriSplitDeviceCheckPivots(stream, t->pivoting, n, NULL, d->a, d->b, d->c, d->check, (PetscInt *)((char *)d->check + work), status, &row, &d->nweak));
  *zero_row = row;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The RPTS plan of the bands (ts_cuda_dgtsv_analyze): the default plan unless a probe solve shows that
   a partition's inner block is singular or nearly so, where another partitioning is accurate. Runs where
   the host would factor (once per numeric factorization), never in a solve. */
static PetscErrorCode MatRPTSDevicePlan(Mat F)
{
  Mat_Tridiag   *t = (Mat_Tridiag *)F->data;
  MatRPTS_CUDA  *d = (MatRPTS_CUDA *)t->data;
  ts_rpts_config plan;
  PetscBool      same;
  cudaStream_t   stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitDeviceRPTSPlan((PetscObject)F, "this matrix", stream, t->pivoting, F->rmap->n, d->a, d->b, d->c, PETSC_FALSE, PETSC_FALSE, &d->plan_work, &d->plan_bytes, &plan, &d->plan_err));
  PetscCall(PetscMemcmp(&plan, &d->plan, sizeof(plan), &same));
  if (!same) { /* another plan may need a larger workspace: sized again at the next solve */
    d->plan = plan;
    TriSplitDeviceFree(d->buffer);
    d->buffer_nrhs = 0;
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* RPTS recomputes the elimination in every solve: the numeric factorization is the bands, and the check
   that the host's elimination of them meets no zero pivot */
static PetscErrorCode MatRPTSFactor_CUDA(Mat F, Mat A, ts_status *status, ts_int *zero_row)
{
  Mat_Tridiag  *t = (Mat_Tridiag *)F->data;
  MatRPTS_CUDA *d = (MatRPTS_CUDA *)t->data;

  PetscFunctionBegin;
  if (!d) { /* the first factorization */
    PetscCall(PetscNew(&d));
    t->data = d;
  }
  PetscCall(MatRPTSDeviceBands(F, A));
  PetscCall(MatRPTSDeviceCheck(F, status, zero_row));
  /* a strictly diagonally dominant chain has nonsingular partition blocks: the default plan */
  if (*status == TS_SUCCESS && d->nweak) PetscCall(MatRPTSDevicePlan(F));
  else if (!TriSplitRPTSPlanIsDefault(&d->plan)) { /* back to the default plan and its workspace */
    PetscCall(PetscMemzero(&d->plan, sizeof(d->plan)));
    TriSplitDeviceFree(d->buffer);
    d->buffer_nrhs = 0;
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* X = T^-1 B on the device for nrhs columns (X may be B) */
static PetscErrorCode MatRPTSSolve_CUDA(Mat F, PetscInt nrhs, const PetscScalar *b, PetscScalar *x)
{
  Mat_Tridiag   *t = (Mat_Tridiag *)F->data;
  MatRPTS_CUDA  *d = (MatRPTS_CUDA *)t->data;
  const PetscInt n = F->rmap->n;
  cudaStream_t   stream;

  PetscFunctionBegin;
  if (!n || !nrhs) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TriSplitGetStream(&stream));
  if ((PetscInt)d->buffer_nrhs < nrhs) {
    TriSplitDeviceFree(d->buffer);
    PetscCall(TriSplitDeviceMalloc(ts_cuda_gtsv_buffer_size_tuned(n, nrhs, 0, &d->plan) + 1, &d->buffer));
    d->buffer_nrhs = (size_t)nrhs;
  }
  PetscCall(PetscLogGpuTimeBegin());
  if (x != b) PetscCallCUDA(cudaMemcpyAsync(x, b, sizeof(PetscScalar) * n * nrhs, cudaMemcpyDeviceToDevice, stream));
  PetscCall(TriSplitCheckKernel(ts_cuda_dgtsv_tuned(stream, t->pivoting, n, nrhs, d->a, d->b, d->c, x, n, d->buffer, &d->plan), "dgtsv"));
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogGpuFlops(9.0 * n * nrhs));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* only where the default partitioning had a singular or nearly singular block (MatRPTSDevicePlan()) */
static PetscErrorCode MatRPTSView_CUDA(Mat F, PetscViewer viewer)
{
  MatRPTS_CUDA *d = (MatRPTS_CUDA *)((Mat_Tridiag *)F->data)->data;

  PetscFunctionBegin;
  if (TriSplitRPTSPlanIsDefault(&d->plan) == PETSC_FALSE) {
    char plan[128];

    PetscCall(TriSplitRPTSPlanName(&d->plan, plan, sizeof(plan)));
    PetscCall(PetscViewerASCIIPrintf(viewer, "RPTS plan: %s (probe error %g)\n", plan, (double)d->plan_err));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* vectors and dense matrices in device memory; RPTS has no transposed solve */
const MatRPTSOps MatRPTSOps_CUDA = {
  .name = "cuda", .mattype = MATSEQAIJCUSPARSE, .solver = "RPTS on the GPU", .where = "GPU", .reset = MatRPTSReset_CUDA, .outsideband = MatRPTSOutsideBand_CUDA, .factor = MatRPTSFactor_CUDA, .solve = MatRPTSSolve_CUDA, .view = MatRPTSView_CUDA,
  .vecread = VecCUDAGetArrayRead, .vecrestoreread = VecCUDARestoreArrayRead, .vecwrite = VecCUDAGetArrayWrite, .vecrestorewrite = VecCUDARestoreArrayWrite,
  .denseread = MatDenseCUDAGetArrayRead, .denserestoreread = MatDenseCUDARestoreArrayRead, .densewrite = MatDenseCUDAGetArrayWrite, .denserestorewrite = MatDenseCUDARestoreArrayWrite};
#else
/* a PETSc without CUDA has no device matrices (TriSplitIsDeviceMat() is never true) and no CUDA backend */
const MatRPTSOps MatRPTSOps_CUDA = {.name = NULL};
#endif
