/* SPDX-License-Identifier: BSD-2-Clause */
/*
   MATTRIDIAG: a sequential tridiagonal matrix stored as three bands, and the MatSolverType "rpts"
   that factors and solves tridiagonal systems with the pivoting tridiagonal solver: the host kernel
   for MATSEQAIJ/MATTRIDIAG, RPTS on the GPU for MATSEQAIJCUSPARSE.
*/
#include <petsc/private/matimpl.h>
#include <trisplit/private/core.h>
#if defined(PETSC_HAVE_CUDA)
  #include <trisplit/private/core_cuda.h>
#endif

typedef struct {
  PetscScalar     *a, *b, *c;  /* host bands: a[i] = T(i,i-1), b[i] = T(i,i), c[i] = T(i,i+1) */
  void            *factor;     /* host factorization (factor matrices only) */
  ts_pivoting      pivoting;   /* of the factorization */
  PetscBool        on_device;  /* factor of a SEQAIJCUSPARSE matrix: bands and solves on the GPU */
  PetscScalar     *d_a, *d_b, *d_c;
  void            *d_check;  /* the zero-pivot check's workspace (ts_cuda_gttrf_check) and its 2 status ints */
  void            *d_plan;   /* the RPTS plan analysis' workspace (TriSplitDeviceRPTSPlan) */
  size_t           d_plan_bytes;
  void            *d_buffer;
  size_t           d_buffer_nrhs; /* the RPTS workspace fits this many right-hand sides */
#if defined(PETSC_HAVE_CUDA)
  ts_rpts_config plan;     /* the RPTS plan chosen for these bands at the numeric factorization */
  PetscInt       nweak;    /* rows of the bands that are not strictly diagonally dominant */
  PetscReal      plan_err; /* its error on the probe system (ts_cuda_dgtsv_analyze) */
#endif
} Mat_Tridiag;

static PetscErrorCode MatSetUpBands_Tridiag(Mat);

static PetscErrorCode MatDestroy_Tridiag(Mat A)
{
  Mat_Tridiag *t = (Mat_Tridiag *)A->data;

  PetscFunctionBegin;
  PetscCall(PetscFree3(t->a, t->b, t->c));
  PetscCall(PetscFree(t->factor));
#if defined(PETSC_HAVE_CUDA)
  TriSplitDeviceFree(t->d_a);
  TriSplitDeviceFree(t->d_b);
  TriSplitDeviceFree(t->d_c);
  TriSplitDeviceFree(t->d_check);
  TriSplitDeviceFree(t->d_plan);
  TriSplitDeviceFree(t->d_buffer);
#endif
  PetscCall(PetscFree(A->data));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_seqaij_tridiag_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatFactorGetSolverType_C", NULL));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* y = T x or T^T x */
static PetscErrorCode MatMult_Tridiag_Private(Mat A, Vec x, Vec y, PetscBool transpose)
{
  Mat_Tridiag       *t = (Mat_Tridiag *)A->data;
  const PetscScalar *xa, *lo, *up;
  PetscScalar       *ya;
  const PetscInt     n = A->rmap->n;

  PetscFunctionBegin;
  PetscCall(MatSetUpBands_Tridiag(A));
  lo = transpose ? t->c : t->a;
  up = transpose ? t->a : t->c;
  PetscCall(VecGetArrayRead(x, &xa));
  PetscCall(VecGetArrayWrite(y, &ya));
  for (PetscInt i = 0; i < n; i++) {
    /* (T^T)(i,i-1) = T(i-1,i) = c[i-1], (T^T)(i,i+1) = T(i+1,i) = a[i+1] */
    const PetscScalar l = i > 0 ? (transpose ? lo[i - 1] : lo[i]) : 0, u = i < n - 1 ? (transpose ? up[i + 1] : up[i]) : 0;
    ya[i] = t->b[i] * xa[i] + (i > 0 ? l * xa[i - 1] : 0) + (i < n - 1 ? u * xa[i + 1] : 0);
  }
  PetscCall(PetscLogFlops(PetscMax(5.0 * n - 4, 0)));
  PetscCall(VecRestoreArrayWrite(y, &ya));
  PetscCall(VecRestoreArrayRead(x, &xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatMult_Tridiag(Mat A, Vec x, Vec y)
{
  PetscFunctionBegin;
  PetscCall(MatMult_Tridiag_Private(A, x, y, PETSC_FALSE));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatMultTranspose_Tridiag(Mat A, Vec x, Vec y)
{
  PetscFunctionBegin;
  PetscCall(MatMult_Tridiag_Private(A, x, y, PETSC_TRUE));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatGetDiagonal_Tridiag(Mat A, Vec d)
{
  Mat_Tridiag *t = (Mat_Tridiag *)A->data;
  PetscScalar *da;

  PetscFunctionBegin;
  PetscCall(MatSetUpBands_Tridiag(A));
  PetscCall(VecGetArrayWrite(d, &da));
  PetscCall(PetscArraycpy(da, t->b, A->rmap->n));
  PetscCall(VecRestoreArrayWrite(d, &da));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatGetInfo_Tridiag(Mat A, MatInfoType flag, MatInfo *info)
{
  const PetscInt n = A->rmap->n;

  PetscFunctionBegin;
  (void)flag;
  PetscCall(PetscMemzero(info, sizeof(*info)));
  info->block_size   = 1.0;
  info->nz_allocated = info->nz_used = (PetscLogDouble)(n ? 3 * n - 2 : 0);
  info->memory       = (PetscLogDouble)(3 * n * sizeof(PetscScalar));
  info->fill_ratio_given = info->fill_ratio_needed = 1.0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* for MatConvert() to other formats and MatView() of the entries */
static PetscErrorCode MatGetRow_Tridiag(Mat A, PetscInt row, PetscInt *nz, PetscInt **idx, PetscScalar **v)
{
  Mat_Tridiag *t = (Mat_Tridiag *)A->data;
  PetscInt     k = 0;

  PetscFunctionBegin;
  PetscCheck(row >= 0 && row < A->rmap->n, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "Row %" PetscInt_FMT " out of range [0,%" PetscInt_FMT ")", row, A->rmap->n);
  PetscCall(MatSetUpBands_Tridiag(A));
  if (idx) PetscCall(PetscMalloc1(3, idx));
  if (v) PetscCall(PetscMalloc1(3, v));
  if (row > 0) {
    if (idx) (*idx)[k] = row - 1;
    if (v) (*v)[k] = t->a[row];
    k++;
  }
  if (idx) (*idx)[k] = row;
  if (v) (*v)[k] = t->b[row];
  k++;
  if (row < A->rmap->n - 1) {
    if (idx) (*idx)[k] = row + 1;
    if (v) (*v)[k] = t->c[row];
    k++;
  }
  *nz = k;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatRestoreRow_Tridiag(Mat A, PetscInt row, PetscInt *nz, PetscInt **idx, PetscScalar **v)
{
  PetscFunctionBegin;
  (void)A;
  (void)row;
  (void)nz;
  if (idx) PetscCall(PetscFree(*idx));
  if (v) PetscCall(PetscFree(*v));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatView_Tridiag(Mat A, PetscViewer viewer)
{
  Mat_Tridiag      *t = (Mat_Tridiag *)A->data;
  PetscBool         iascii;
  PetscViewerFormat format;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)viewer, PETSCVIEWERASCII, &iascii));
  PetscCheck(iascii, PetscObjectComm((PetscObject)A), PETSC_ERR_SUP, "MATTRIDIAG views only to ASCII viewers");
  PetscCall(PetscViewerGetFormat(viewer, &format));
  if (A->factortype) {
    PetscCall(PetscViewerASCIIPrintf(viewer, "rpts factor of %" PetscInt_FMT " rows, pivoting %s, %s\n", A->rmap->n, TriSplitPivotingNames[t->pivoting], t->on_device ? "RPTS on the GPU" : "host solver"));
#if defined(PETSC_HAVE_CUDA)
    /* only where the default partitioning had a singular or nearly singular block (MatRPTSDevicePlan) */
    if (t->on_device && TriSplitRPTSPlanIsDefault(&t->plan) == PETSC_FALSE) {
      char plan[128];

      PetscCall(TriSplitRPTSPlanName(&t->plan, plan, sizeof(plan)));
      PetscCall(PetscViewerASCIIPrintf(viewer, "RPTS plan: %s (probe error %g)\n", plan, (double)t->plan_err));
    }
#endif
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  if (format == PETSC_VIEWER_ASCII_INFO || format == PETSC_VIEWER_ASCII_INFO_DETAIL) {
    PetscCall(PetscViewerASCIIPrintf(viewer, "tridiagonal, %" PetscInt_FMT " rows stored as three bands\n", A->rmap->n));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(MatSetUpBands_Tridiag(A));
  PetscCall(PetscObjectPrintClassNamePrefixType((PetscObject)A, viewer));
  PetscCall(PetscViewerASCIIUseTabs(viewer, PETSC_FALSE));
  for (PetscInt i = 0; i < A->rmap->n; i++) {
    PetscCall(PetscViewerASCIIPrintf(viewer, "row %" PetscInt_FMT ":", i));
    if (i > 0) PetscCall(PetscViewerASCIIPrintf(viewer, " (%" PetscInt_FMT ", %g)", i - 1, (double)PetscRealPart(t->a[i])));
    PetscCall(PetscViewerASCIIPrintf(viewer, " (%" PetscInt_FMT ", %g)", i, (double)PetscRealPart(t->b[i])));
    if (i < A->rmap->n - 1) PetscCall(PetscViewerASCIIPrintf(viewer, " (%" PetscInt_FMT ", %g)", i + 1, (double)PetscRealPart(t->c[i])));
    PetscCall(PetscViewerASCIIPrintf(viewer, "\n"));
  }
  PetscCall(PetscViewerASCIIUseTabs(viewer, PETSC_TRUE));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Bands of a SEQAIJ matrix whose pattern is tridiagonal (clear error otherwise) */
static PetscErrorCode MatTridiagBandsFromAIJ(Mat A, PetscScalar *a, PetscScalar *b, PetscScalar *c)
{
  PetscInt           n;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;

  PetscFunctionBegin;
  PetscCall(TriSplitGetCSR(A, &n, &ia, &ja, &va));
  for (PetscInt i = 0; i < n; i++) {
    a[i] = b[i] = c[i] = 0;
    for (PetscInt e = ia[i]; e < ia[i + 1]; e++) {
      const PetscInt j = ja[e];
      PetscCheck((j >= i - 1 && j <= i + 1) || va[e] == 0.0, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONG, "Matrix is not tridiagonal: entry (%" PetscInt_FMT ",%" PetscInt_FMT ") is nonzero", i, j);
      if (j == i - 1) a[i] = va[e];
      else if (j == i) b[i] = va[e];
      else if (j == i + 1) c[i] = va[e];
    }
  }
  PetscCall(TriSplitRestoreCSR(A, &n, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The pattern check alone (for the symbolic factorization) */
/* An rpts factor needs a tridiagonal pattern: the first row outside it is an error. A device matrix is
   checked on the device (its pattern never comes to the host). */
static PetscErrorCode MatCheckTridiagonalPattern(Mat A)
{
  PetscBool istridiag, isdevice;
  PetscInt  row = -1;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)A, MATTRIDIAG, &istridiag));
  if (istridiag) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TriSplitIsDeviceMat(A, &isdevice));
#if defined(PETSC_HAVE_CUDA)
  if (isdevice) {
    PetscInt           n, nnz, *drow;
    const PetscInt    *ia, *ja;
    const PetscScalar *va;
    cudaStream_t       stream;

    PetscCall(TriSplitGetStream(&stream));
    PetscCall(TriSplitGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscInt), (void **)&drow));
    PetscCall(TriSplitCheckKernel(ts_cuda_csr_outside_band(stream, n, ia, ja, 1, drow), "csr_outside_band"));
    PetscCall(TriSplitDeviceRead(stream, drow, &row, sizeof(PetscInt)));
    TriSplitDeviceFree(drow);
    PetscCall(TriSplitRestoreDeviceCSR(A, &ia, &ja, &va));
  } else
#endif
  {
    PetscInt        n;
    const PetscInt *ia, *ja;
    PetscBool       done;

    PetscCall(MatGetRowIJ(A, 0, PETSC_FALSE, PETSC_FALSE, &n, &ia, &ja, &done));
    PetscCheck(done, PETSC_COMM_SELF, PETSC_ERR_SUP, "Cannot read the pattern of a %s matrix", ((PetscObject)A)->type_name);
    row = ts_ref_csr_outside_band(n, ia, ja, 1);
    PetscCall(MatRestoreRowIJ(A, 0, PETSC_FALSE, PETSC_FALSE, &n, &ia, &ja, &done));
  }
  PetscCheck(row < 0, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONG, "The rpts solver needs a tridiagonal pattern: row %" PetscInt_FMT " has an entry outside columns %" PetscInt_FMT " to %" PetscInt_FMT, row, row - 1, row + 1);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the host bands, allocated at their first use: a factor on the GPU never has any */
static PetscErrorCode MatSetUpBands_Tridiag(Mat A)
{
  Mat_Tridiag *t = (Mat_Tridiag *)A->data;

  PetscFunctionBegin;
  if (!t->a) PetscCall(PetscCalloc3(A->rmap->n, &t->a, A->rmap->n, &t->b, A->rmap->n, &t->c));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatConvert_SeqAIJ_Tridiag(Mat A, MatType type, MatReuse reuse, Mat *newmat)
{
  Mat B;

  PetscFunctionBegin;
  (void)type;
  PetscCheck(A->rmap->n == A->cmap->n, PETSC_COMM_SELF, PETSC_ERR_ARG_SIZ, "A tridiagonal matrix is square, got %" PetscInt_FMT " x %" PetscInt_FMT, A->rmap->n, A->cmap->n);
  if (reuse == MAT_REUSE_MATRIX) B = *newmat;
  else PetscCall(MatCreateTridiag(PetscObjectComm((PetscObject)A), A->rmap->n, NULL, NULL, NULL, &B));
  PetscCall(MatSetUpBands_Tridiag(B));
  {
    Mat_Tridiag *t = (Mat_Tridiag *)B->data;
    PetscCall(MatTridiagBandsFromAIJ(A, t->a, t->b, t->c));
  }
  if (reuse == MAT_INPLACE_MATRIX) PetscCall(MatHeaderReplace(A, &B));
  else *newmat = B;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*MC
   MATTRIDIAG - "tridiag" - A sequential tridiagonal matrix stored as three bands (sub-, main and
   super-diagonal). It supports `MatMult()`, `MatMultTranspose()`, `MatGetDiagonal()`, `MatGetRow()`,
   `MatView()`, `MatConvert()` from `MATSEQAIJ` matrices with a tridiagonal pattern and to any format,
   and `MatGetFactor()` with `MATSOLVERRPTS`.

   Level: intermediate

.seealso: `MatCreateTridiag()`, `MATSOLVERRPTS`, `PCALGTRI`
M*/
PETSC_INTERN PetscErrorCode MatCreate_Tridiag(Mat A)
{
  Mat_Tridiag *t;
  PetscMPIInt  size;

  PetscFunctionBegin;
  PetscCallMPI(MPI_Comm_size(PetscObjectComm((PetscObject)A), &size));
  PetscCheck(size == 1, PetscObjectComm((PetscObject)A), PETSC_ERR_SUP, "MATTRIDIAG is sequential");
  PetscCall(PetscNew(&t));
  A->data                  = (void *)t;
  t->pivoting              = TS_PIVOTING_SCALED;
  A->ops->destroy          = MatDestroy_Tridiag;
  A->ops->mult             = MatMult_Tridiag;
  A->ops->multtranspose    = MatMultTranspose_Tridiag;
  A->ops->getdiagonal      = MatGetDiagonal_Tridiag;
  A->ops->getrow           = MatGetRow_Tridiag;
  A->ops->restorerow       = MatRestoreRow_Tridiag;
  A->ops->view             = MatView_Tridiag;
  A->ops->getinfo          = MatGetInfo_Tridiag;
  A->assembled             = PETSC_TRUE;
  A->preallocated          = PETSC_TRUE;
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_seqaij_tridiag_C", MatConvert_SeqAIJ_Tridiag));
  PetscCall(PetscObjectChangeTypeName((PetscObject)A, MATTRIDIAG));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* a MATTRIDIAG of n rows without host bands yet (MatSetUpBands_Tridiag() at their first use) */
static PetscErrorCode MatCreateTridiag_Private(MPI_Comm comm, PetscInt n, Mat *A)
{
  PetscFunctionBegin;
  PetscCall(MatCreate(comm, A));
  PetscCall(MatSetSizes(*A, n, n, n, n));
  PetscCall(MatSetType(*A, MATTRIDIAG));
  PetscCall(PetscLayoutSetUp((*A)->rmap));
  PetscCall(PetscLayoutSetUp((*A)->cmap));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  MatCreateTridiag - Creates a sequential tridiagonal matrix from its three bands

  Collective (on a one-process communicator)

  Input Parameters:
+ comm - a communicator of size 1
. n    - the number of rows
. a    - the subdiagonal, a[i] = T(i,i-1) (a[0] is ignored), or NULL for zeros
. b    - the diagonal, or NULL for zeros
- c    - the superdiagonal, c[i] = T(i,i+1) (c[n-1] is ignored), or NULL for zeros

  Output Parameter:
. A - the matrix (the bands are copied)

  Level: intermediate

.seealso: `MATTRIDIAG`, `MATSOLVERRPTS`
@*/
PetscErrorCode MatCreateTridiag(MPI_Comm comm, PetscInt n, const PetscScalar a[], const PetscScalar b[], const PetscScalar c[], Mat *A)
{
  Mat_Tridiag *t;

  PetscFunctionBegin;
  PetscCall(MatCreateTridiag_Private(comm, n, A));
  PetscCall(MatSetUpBands_Tridiag(*A));
  t = (Mat_Tridiag *)(*A)->data;
  if (a) PetscCall(PetscArraycpy(t->a, a, n));
  if (b) PetscCall(PetscArraycpy(t->b, b, n));
  if (c) PetscCall(PetscArraycpy(t->c, c, n));
  if (n) t->a[0] = t->c[n - 1] = 0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@C
  MatTridiagGetBands - Gives access to the host bands of a `MATTRIDIAG` matrix

  Not Collective

  Input Parameter:
. A - the matrix

  Output Parameters:
+ a - the subdiagonal
. b - the diagonal
- c - the superdiagonal

  Level: intermediate

  Note:
  Call `PetscObjectStateIncrease()` on A after changing the values.

.seealso: `MATTRIDIAG`, `MatCreateTridiag()`
@*/
PetscErrorCode MatTridiagGetBands(Mat A, PetscScalar **a, PetscScalar **b, PetscScalar **c)
{
  Mat_Tridiag *t;
  PetscBool    istridiag;

  PetscFunctionBegin;
  PetscValidHeaderSpecific(A, MAT_CLASSID, 1);
  PetscCall(PetscObjectTypeCompare((PetscObject)A, MATTRIDIAG, &istridiag));
  PetscCheck(istridiag, PetscObjectComm((PetscObject)A), PETSC_ERR_ARG_WRONG, "Not a MATTRIDIAG matrix but %s", ((PetscObject)A)->type_name);
  PetscCall(MatSetUpBands_Tridiag(A));
  t = (Mat_Tridiag *)A->data;
  if (a) *a = t->a;
  if (b) *b = t->b;
  if (c) *c = t->c;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ---------------------------------------------------------------------------------------------- */
/* MatSolverType rpts                                                                              */

static PetscErrorCode MatFactorGetSolverType_RPTS(Mat F, MatSolverType *type)
{
  PetscFunctionBegin;
  (void)F;
  *type = MATSOLVERRPTS;
  PetscFunctionReturn(PETSC_SUCCESS);
}

#if defined(PETSC_HAVE_CUDA)
static PetscErrorCode MatRPTSDeviceBands(Mat F, Mat A)
{
  Mat_Tridiag       *t = (Mat_Tridiag *)F->data;
  PetscInt           n, nnz;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  cudaStream_t       stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
  if (!t->d_b) {
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * n, (void **)&t->d_a));
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * n, (void **)&t->d_b));
    PetscCall(TriSplitDeviceMalloc(sizeof(PetscScalar) * n, (void **)&t->d_c));
  }
  PetscCall(PetscLogGpuTimeBegin());
  /* no permutation: the matrix is one path in its own order */
  if (n) PetscCall(TriSplitCheckKernel(ts_cuda_forest_bands(stream, n, ia, ja, va, NULL, NULL, NULL, t->d_a, t->d_b, t->d_c), "forest_bands"));
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
  const PetscInt n = F->rmap->n;
  const size_t   work = (ts_cuda_gttrf_check_buffer_size(n) + 255) & ~(size_t)255;
  cudaStream_t   stream;
  PetscInt       row = -1;

  PetscFunctionBegin;
  *status   = TS_SUCCESS;
  *zero_row = -1;
  if (!n) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TriSplitGetStream(&stream));
  if (!t->d_check) PetscCall(TriSplitDeviceMalloc(work + 2 * sizeof(PetscInt), &t->d_check));
  PetscCall(TriSplitDeviceCheckPivots(stream, t->pivoting, n, NULL, t->d_a, t->d_b, t->d_c, t->d_check, (PetscInt *)((char *)t->d_check + work), status, &row, &t->nweak));
  *zero_row = row;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The RPTS plan of the bands (ts_cuda_dgtsv_analyze): the default plan unless a probe solve shows that
   a partition's inner block is singular or nearly so, where another partitioning is accurate. Runs where
   the host would factor (once per numeric factorization), never in a solve. */
static PetscErrorCode MatRPTSDevicePlan(Mat F)
{
  Mat_Tridiag   *t = (Mat_Tridiag *)F->data;
  ts_rpts_config plan;
  PetscBool      same;
  cudaStream_t   stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitDeviceRPTSPlan((PetscObject)F, "this matrix", stream, t->pivoting, F->rmap->n, t->d_a, t->d_b, t->d_c, PETSC_FALSE, PETSC_FALSE, &t->d_plan, &t->d_plan_bytes, &plan, &t->plan_err));
  PetscCall(PetscMemcmp(&plan, &t->plan, sizeof(plan), &same));
  if (!same) { /* another plan may need a larger workspace: sized again at the next solve */
    t->plan = plan;
    TriSplitDeviceFree(t->d_buffer);
    t->d_buffer_nrhs = 0;
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* X = T^-1 B on the device for nrhs columns (X may be B) */
static PetscErrorCode MatRPTSDeviceSolve(Mat F, PetscInt nrhs, const PetscScalar *b, PetscScalar *x)
{
  Mat_Tridiag   *t = (Mat_Tridiag *)F->data;
  const PetscInt n = F->rmap->n;
  cudaStream_t   stream;

  PetscFunctionBegin;
  if (!n || !nrhs) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TriSplitGetStream(&stream));
  if ((PetscInt)t->d_buffer_nrhs < nrhs) {
    TriSplitDeviceFree(t->d_buffer);
    PetscCall(TriSplitDeviceMalloc(ts_cuda_gtsv_buffer_size_tuned(n, nrhs, 0, &t->plan) + 1, &t->d_buffer));
    t->d_buffer_nrhs = (size_t)nrhs;
  }
  PetscCall(PetscLogGpuTimeBegin());
  if (x != b) PetscCallCUDA(cudaMemcpyAsync(x, b, sizeof(PetscScalar) * n * nrhs, cudaMemcpyDeviceToDevice, stream));
  PetscCall(TriSplitCheckKernel(ts_cuda_dgtsv_tuned(stream, t->pivoting, n, nrhs, t->d_a, t->d_b, t->d_c, x, n, t->d_buffer, &t->plan), "dgtsv"));
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogGpuFlops(9.0 * n * nrhs));
  PetscFunctionReturn(PETSC_SUCCESS);
}
#endif

static PetscErrorCode MatLUFactorNumeric_RPTS(Mat F, Mat A, const MatFactorInfo *info)
{
  Mat_Tridiag *t = (Mat_Tridiag *)F->data;
  PetscBool    istridiag;
  ts_status    status;
  ts_int       zero_row = -1;

  PetscFunctionBegin;
  (void)info;
  F->factorerrortype = MAT_FACTOR_NOERROR;
#if defined(PETSC_HAVE_CUDA)
  if (t->on_device) {
    /* RPTS recomputes the elimination in every solve: the numeric factorization is the bands, and the
       check that the host's elimination of them meets no zero pivot */
    PetscCall(MatRPTSDeviceBands(F, A));
    PetscCall(MatRPTSDeviceCheck(F, &status, &zero_row));
    /* a strictly diagonally dominant chain has nonsingular partition blocks: the default plan */
    if (status == TS_SUCCESS && t->nweak) PetscCall(MatRPTSDevicePlan(F));
    else if (!TriSplitRPTSPlanIsDefault(&t->plan)) { /* back to the default plan and its workspace */
      PetscCall(PetscMemzero(&t->plan, sizeof(t->plan)));
      TriSplitDeviceFree(t->d_buffer);
      t->d_buffer_nrhs = 0;
    }
  } else
#endif
  {
    PetscCall(MatSetUpBands_Tridiag(F));
    PetscCall(PetscObjectTypeCompare((PetscObject)A, MATTRIDIAG, &istridiag));
    if (istridiag) {
      Mat_Tridiag *s = (Mat_Tridiag *)A->data;

      PetscCall(MatSetUpBands_Tridiag(A));
      PetscCall(PetscArraycpy(t->a, s->a, A->rmap->n));
      PetscCall(PetscArraycpy(t->b, s->b, A->rmap->n));
      PetscCall(PetscArraycpy(t->c, s->c, A->rmap->n));
    } else PetscCall(MatTridiagBandsFromAIJ(A, t->a, t->b, t->c));
    if (!t->factor) PetscCall(PetscMalloc(ts_ref_gttrf_size(A->rmap->n) + 1, &t->factor));
    status = ts_ref_gttrf(t->pivoting, A->rmap->n, t->a, t->b, t->c, t->factor, &zero_row);
  }
  if (status == TS_ERR_ZERO_PIVOT) {
    PetscCheck(!A->erroriffailure, PETSC_COMM_SELF, PETSC_ERR_MAT_LU_ZRPVT, "Zero pivot in row %" PetscInt_FMT " of the tridiagonal factorization (rpts)", (PetscInt)zero_row);
    PetscCall(PetscInfo(F, "Zero pivot in row %" PetscInt_FMT "\n", (PetscInt)zero_row));
    F->factorerrortype             = MAT_FACTOR_NUMERIC_ZEROPIVOT;
    F->factorerror_zeropivot_value = 0;
    F->factorerror_zeropivot_row   = zero_row;
  } else if (status == TS_ERR_NONFINITE) {
    F->factorerrortype = MAT_FACTOR_OTHER;
  } else PetscCheck(status == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_LIB, "Tridiagonal factorization failed (status %d)", (int)status);
  PetscCall(PetscLogFlops(8.0 * A->rmap->n));
  F->assembled = PETSC_TRUE;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatLUFactorSymbolic_RPTS(Mat F, Mat A, IS r, IS c, const MatFactorInfo *info)
{
  PetscFunctionBegin;
  (void)r;
  (void)c;
  (void)info;
  PetscCheck(A->rmap->n == A->cmap->n, PETSC_COMM_SELF, PETSC_ERR_ARG_SIZ, "The rpts solver needs a square matrix, got %" PetscInt_FMT " x %" PetscInt_FMT, A->rmap->n, A->cmap->n);
  PetscCall(MatCheckTridiagonalPattern(A));
  F->ops->lufactornumeric = MatLUFactorNumeric_RPTS;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* X = T^-1 B for a dense B of nrhs columns (column major, leading dimension n) */
static PetscErrorCode MatSolve_RPTS_Private(Mat F, PetscInt nrhs, const PetscScalar *b, PetscScalar *x, PetscBool transpose)
{
  Mat_Tridiag *t = (Mat_Tridiag *)F->data;

  PetscFunctionBegin;
  if (x != b) PetscCall(PetscArraycpy(x, b, F->rmap->n * nrhs));
  if (transpose) ts_ref_gttrs_transpose(F->rmap->n, nrhs, t->factor, x, PetscMax(F->rmap->n, 1));
  else ts_ref_gttrs(F->rmap->n, nrhs, t->factor, x, PetscMax(F->rmap->n, 1));
  PetscCall(PetscLogFlops(7.0 * F->rmap->n * nrhs));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatSolve_RPTS_Vec(Mat F, Vec b, Vec x, PetscBool transpose)
{
  Mat_Tridiag       *t = (Mat_Tridiag *)F->data;
  const PetscScalar *ba;
  PetscScalar       *xa;

  PetscFunctionBegin;
  if (F->factorerrortype) {
    PetscCall(PetscInfo(F, "Factorization failed (error type %d): the solution is Inf\n", (int)F->factorerrortype));
    PetscCall(TriSplitVecSetFailed(x));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#if defined(PETSC_HAVE_CUDA)
  if (t->on_device) {
    PetscCheck(!transpose, PETSC_COMM_SELF, PETSC_ERR_SUP, "MatSolveTranspose() with rpts is not available on the GPU");
    PetscCall(VecCUDAGetArrayRead(b, &ba));
    PetscCall(VecCUDAGetArrayWrite(x, &xa));
    PetscCall(MatRPTSDeviceSolve(F, 1, ba, xa));
    PetscCall(VecCUDARestoreArrayWrite(x, &xa));
    PetscCall(VecCUDARestoreArrayRead(b, &ba));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#endif
  (void)t;
  PetscCall(VecGetArrayRead(b, &ba));
  PetscCall(VecGetArrayWrite(x, &xa));
  PetscCall(MatSolve_RPTS_Private(F, 1, ba, xa, transpose));
  PetscCall(VecRestoreArrayWrite(x, &xa));
  PetscCall(VecRestoreArrayRead(b, &ba));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatSolve_RPTS(Mat F, Vec b, Vec x)
{
  PetscFunctionBegin;
  PetscCall(MatSolve_RPTS_Vec(F, b, x, PETSC_FALSE));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatSolveTranspose_RPTS(Mat F, Vec b, Vec x)
{
  PetscFunctionBegin;
  PetscCall(MatSolve_RPTS_Vec(F, b, x, PETSC_TRUE));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Several right-hand sides at once: the bands are read once for all of them */
static PetscErrorCode MatMatSolve_RPTS(Mat F, Mat B, Mat X)
{
  Mat_Tridiag       *t = (Mat_Tridiag *)F->data;
  const PetscScalar *ba;
  PetscScalar       *xa;
  PetscInt           nrhs, ldb, ldx;

  PetscFunctionBegin;
  PetscCall(MatGetSize(B, NULL, &nrhs));
  PetscCall(MatDenseGetLDA(B, &ldb));
  PetscCall(MatDenseGetLDA(X, &ldx));
  PetscCheck(ldb == F->rmap->n && ldx == F->rmap->n, PETSC_COMM_SELF, PETSC_ERR_SUP, "MatMatSolve() with rpts needs dense matrices with leading dimension equal to the number of rows");
  if (F->factorerrortype) {
    PetscCall(TriSplitDenseSetFailed(X));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#if defined(PETSC_HAVE_CUDA)
  if (t->on_device) {
    PetscCall(MatDenseCUDAGetArrayRead(B, &ba));
    PetscCall(MatDenseCUDAGetArrayWrite(X, &xa));
    PetscCall(MatRPTSDeviceSolve(F, nrhs, ba, xa));
    PetscCall(MatDenseCUDARestoreArrayWrite(X, &xa));
    PetscCall(MatDenseCUDARestoreArrayRead(B, &ba));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#endif
  (void)t;
  PetscCall(MatDenseGetArrayRead(B, &ba));
  PetscCall(MatDenseGetArrayWrite(X, &xa));
  PetscCall(MatSolve_RPTS_Private(F, nrhs, ba, xa, PETSC_FALSE));
  PetscCall(MatDenseRestoreArrayWrite(X, &xa));
  PetscCall(MatDenseRestoreArrayRead(B, &ba));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* MatGetFactor(A, MATSOLVERRPTS, MAT_FACTOR_LU, &F) for SEQAIJ, TRIDIAG and SEQAIJCUSPARSE */
static PetscErrorCode MatGetFactor_RPTS(Mat A, MatFactorType ftype, Mat *F)
{
  Mat_Tridiag *t;
  PetscBool    isdevice;

  PetscFunctionBegin;
  PetscCheck(ftype == MAT_FACTOR_LU, PETSC_COMM_SELF, PETSC_ERR_SUP, "The rpts solver provides LU factorizations only");
  PetscCall(MatCreateTridiag_Private(PetscObjectComm((PetscObject)A), A->rmap->n, F)); /* host bands only if factored there */
  t = (Mat_Tridiag *)(*F)->data;
  PetscCall(PetscOptionsGetEnum(((PetscObject)A)->options, ((PetscObject)A)->prefix, "-mat_rpts_pivoting", TriSplitPivotingNames, (PetscEnum *)&t->pivoting, NULL));
  PetscCall(TriSplitIsDeviceMat(A, &isdevice));
  t->on_device                                 = isdevice;
  (*F)->factortype                             = MAT_FACTOR_LU;
  (*F)->canuseordering                         = PETSC_FALSE;
  (*F)->assembled                              = PETSC_FALSE;
  (*F)->ops->lufactorsymbolic                  = MatLUFactorSymbolic_RPTS;
  (*F)->ops->solve                             = MatSolve_RPTS;
  (*F)->ops->solvetranspose                    = MatSolveTranspose_RPTS;
  (*F)->ops->matsolve                          = MatMatSolve_RPTS;
  PetscCall(PetscStrallocpy(MATORDERINGEXTERNAL, (char **)&(*F)->preferredordering[MAT_FACTOR_LU])); /* freed by MatDestroy() */
  PetscCall(PetscFree((*F)->solvertype));
  PetscCall(PetscStrallocpy(MATSOLVERRPTS, &(*F)->solvertype));
  PetscCall(PetscObjectComposeFunction((PetscObject)*F, "MatFactorGetSolverType_C", MatFactorGetSolverType_RPTS));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*MC
   MATSOLVERRPTS - "rpts" - Solves tridiagonal systems with the pivoting tridiagonal solver of trisplit:
   the sequential host solver with the RPTS pivot rule for `MATSEQAIJ` and `MATTRIDIAG`, and RPTS (the
   recursive partitioned tridiagonal Schur complement solver) on the GPU for `MATSEQAIJCUSPARSE`

   Use with `-pc_type lu -pc_factor_mat_solver_type rpts`. The matrix must have a tridiagonal pattern.

   Options Database Key:
.  -mat_rpts_pivoting <scaled> - none, partial or scaled partial pivoting

   Level: intermediate

   Notes:
   On the GPU the "factorization" only extracts the bands: RPTS recomputes the elimination in every
   solve, which reads 8N and writes N numbers. `MatMatSolve()` solves several right-hand sides with one
   read of the bands per group of four.

.seealso: `MATTRIDIAG`, `PCLU`, `PCFactorSetMatSolverType()`, `MatGetFactor()`
M*/
PETSC_INTERN PetscErrorCode MatSolverTypeRegister_RPTS(void)
{
  PetscFunctionBegin;
  PetscCall(MatSolverTypeRegister(MATSOLVERRPTS, MATSEQAIJ, MAT_FACTOR_LU, MatGetFactor_RPTS));
  PetscCall(MatSolverTypeRegister(MATSOLVERRPTS, MATTRIDIAG, MAT_FACTOR_LU, MatGetFactor_RPTS));
#if defined(PETSC_HAVE_CUDA)
  PetscCall(MatSolverTypeRegister(MATSOLVERRPTS, MATSEQAIJCUSPARSE, MAT_FACTOR_LU, MatGetFactor_RPTS));
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}
