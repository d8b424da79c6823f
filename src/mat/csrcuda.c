/* SPDX-License-Identifier: BSD-2-Clause */
/*
   MATCSRCUDA: a sequential CSR matrix whose arrays live on the CUDA device alone, with the operations a multigrid
   level needs (MatMult, MatMultAdd, MatMultTranspose(Add), MatResidual, MatGetDiagonal) as trisplit kernels on
   PETSc's stream, and conversions to PETSc's formats for everything else. PCTRIAMG's device backend builds its
   level operators and prolongators in this type, so a hierarchy never copies a pattern to the host: PETSc's
   MATSEQAIJCUSPARSE keeps its pattern on the host as well, and PETSc has no constructor of one from device arrays.
   trisplit's PCs read its arrays through the composed TSPMatCSRCUDAGetArrays_C (core_cuda.h).
*/
#include <petsc/private/matimpl.h>
#include <trisplit/private/core.h>
#if defined(PETSC_HAVE_CUDA)
  #include <trisplit/private/csrcudaimpl.h>

typedef struct {
  PetscInt         nnz;
  PetscInt        *rowptr, *col; /* device, m + 1 and nnz */
  PetscScalar     *val;          /* device, nnz */
  PetscInt        *trow, *tcol;  /* the transpose for MatMultTranspose(): built at its first call after new values */
  PetscScalar     *tval;
  PetscObjectState tstate; /* the object state the transpose belongs to */
} Mat_CSRCUDA;

static PetscErrorCode MatCSRCUDAFreeTranspose(Mat_CSRCUDA *a)
{
  PetscFunctionBegin;
  TriSplitDeviceFree(a->trow);
  TriSplitDeviceFree(a->tcol);
  TriSplitDeviceFree(a->tval);
  a->tstate = 0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatDestroy_CSRCUDA(Mat A)
{
  Mat_CSRCUDA *a = (Mat_CSRCUDA *)A->data;

  PetscFunctionBegin;
  if (a) {
    PetscCall(MatCSRCUDAFreeTranspose(a));
    TriSplitDeviceFree(a->rowptr);
    TriSplitDeviceFree(a->col);
    TriSplitDeviceFree(a->val);
  }
  PetscCall(PetscFree(A->data));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "TSPMatCSRCUDAGetArrays_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_csrcuda_seqaij_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_csrcuda_aij_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_csrcuda_seqaijcusparse_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_csrcuda_aijcusparse_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_csrcuda_seqdense_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_csrcuda_seqdensecuda_C", NULL));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* what trisplit's PCs read (core_cuda.h, TriSplitGetDeviceCSR()) */
static PetscErrorCode MatCSRCUDAGetArrays_CSRCUDA(Mat A, PetscInt *nnz, const PetscInt **rowptr, const PetscInt **col, const PetscScalar **val)
{
  Mat_CSRCUDA *a = (Mat_CSRCUDA *)A->data;

  PetscFunctionBegin;
  *nnz    = a->nnz;
  *rowptr = a->rowptr;
  *col    = a->col;
  *val    = a->val;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* y = base + sign M x for M = A or its transpose; base may be y */
static PetscErrorCode MatCSRCUDAProduct(Mat A, PetscBool transpose, Vec x, Vec base, PetscScalar sign, Vec y)
{
  Mat_CSRCUDA       *a = (Mat_CSRCUDA *)A->data;
  const PetscScalar *xa, *ba = NULL;
  PetscScalar       *ya;
  const PetscInt    *rowptr = a->rowptr, *col = a->col;
  const PetscScalar *val    = a->val;
  PetscInt           rows   = A->rmap->n;
  cudaStream_t       stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  if (transpose) {
    PetscObjectState state;

    PetscCall(PetscObjectStateGet((PetscObject)A, &state));
    if (!a->trow || a->tstate != state) { /* the transpose of these values, kept until they change */
      void  *work = NULL;
      size_t bytes;

      PetscCall(MatCSRCUDAFreeTranspose(a));
      PetscCall(TriSplitDeviceMalloc((size_t)(A->cmap->n + 1) * sizeof(PetscInt), (void **)&a->trow));
      PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(a->nnz, 1) * sizeof(PetscInt), (void **)&a->tcol));
      PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(a->nnz, 1) * sizeof(PetscScalar), (void **)&a->tval));
      bytes = ts_cuda_csr_transpose_buffer_size(A->rmap->n, A->cmap->n, a->nnz);
      PetscCall(TriSplitDeviceMalloc(bytes, &work));
      PetscCall(TriSplitCheckKernel(ts_cuda_csr_transpose(stream, A->rmap->n, A->cmap->n, a->nnz, a->rowptr, a->col, a->val, a->trow, a->tcol, a->tval, work), "csr_transpose"));
      TriSplitDeviceFree(work); /* cudaFree() waits for the transpose */
      a->tstate = state;
    }
    rowptr = a->trow;
    col    = a->tcol;
    val    = a->tval;
    rows   = A->cmap->n;
  }
  PetscCall(VecCUDAGetArrayRead(x, &xa));
  if (base == y) PetscCall(VecCUDAGetArray(y, &ya));
  else {
    if (base) PetscCall(VecCUDAGetArrayRead(base, &ba));
    PetscCall(VecCUDAGetArrayWrite(y, &ya));
  }
  PetscCall(PetscLogGpuTimeBegin());
  PetscCall(TriSplitCheckKernel(ts_cuda_csr_spmv(stream, rows, a->nnz, rowptr, col, val, xa, base == y ? ya : ba, (double)sign, ya), "csr_spmv"));
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogGpuFlops(2.0 * (PetscLogDouble)a->nnz));
  PetscCall(VecCUDARestoreArrayRead(x, &xa));
  if (base == y) PetscCall(VecCUDARestoreArray(y, &ya));
  else {
    if (base) PetscCall(VecCUDARestoreArrayRead(base, &ba));
    PetscCall(VecCUDARestoreArrayWrite(y, &ya));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatMult_CSRCUDA(Mat A, Vec x, Vec y)
{
  PetscFunctionBegin;
  PetscCall(MatCSRCUDAProduct(A, PETSC_FALSE, x, NULL, 1.0, y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* y = v + A x in one kernel, which reads v where it is (also when v is y) */
static PetscErrorCode MatMultAdd_CSRCUDA(Mat A, Vec x, Vec v, Vec y)
{
  PetscFunctionBegin;
  PetscCall(MatCSRCUDAProduct(A, PETSC_FALSE, x, v, 1.0, y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatMultTranspose_CSRCUDA(Mat A, Vec x, Vec y)
{
  PetscFunctionBegin;
  PetscCall(MatCSRCUDAProduct(A, PETSC_TRUE, x, NULL, 1.0, y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatMultTransposeAdd_CSRCUDA(Mat A, Vec x, Vec v, Vec y)
{
  PetscFunctionBegin;
  PetscCall(MatCSRCUDAProduct(A, PETSC_TRUE, x, v, 1.0, y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* r = b - A x in one kernel (PCMG's residual) */
static PetscErrorCode MatResidual_CSRCUDA(Mat A, Vec b, Vec x, Vec r)
{
  PetscFunctionBegin;
  PetscCall(MatCSRCUDAProduct(A, PETSC_FALSE, x, b, -1.0, r));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatGetDiagonal_CSRCUDA(Mat A, Vec d)
{
  Mat_CSRCUDA *a = (Mat_CSRCUDA *)A->data;
  PetscScalar *da;
  cudaStream_t stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(VecCUDAGetArrayWrite(d, &da));
  PetscCall(TriSplitCheckKernel(ts_cuda_diagp(stream, 0, A->rmap->n, a->rowptr, a->col, a->val, da), "diagp"));
  PetscCall(VecCUDARestoreArrayWrite(d, &da));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatGetInfo_CSRCUDA(Mat A, MatInfoType flag, MatInfo *info)
{
  Mat_CSRCUDA *a = (Mat_CSRCUDA *)A->data;

  PetscFunctionBegin;
  (void)flag; /* sequential: local, summed and largest are the same */
  PetscCall(PetscMemzero(info, sizeof(*info)));
  info->block_size     = 1.0;
  info->nz_allocated   = (PetscLogDouble)a->nnz;
  info->nz_used        = (PetscLogDouble)a->nnz;
  info->memory         = (PetscLogDouble)((A->rmap->n + 1 + a->nnz) * sizeof(PetscInt) + a->nnz * sizeof(PetscScalar));
  info->assemblies     = 1.0;
  info->fill_ratio_given = 0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* host copies of the arrays (PetscMalloc), for the conversions */
static PetscErrorCode MatCSRCUDAHostArrays(Mat A, PetscInt **i, PetscInt **j, PetscScalar **v)
{
  Mat_CSRCUDA *a = (Mat_CSRCUDA *)A->data;
  cudaStream_t stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(PetscMalloc3(A->rmap->n + 1, i, PetscMax(a->nnz, 1), j, PetscMax(a->nnz, 1), v));
  PetscCallCUDA(cudaMemcpyAsync(*i, a->rowptr, (size_t)(A->rmap->n + 1) * sizeof(PetscInt), cudaMemcpyDeviceToHost, stream));
  if (a->nnz) {
    PetscCallCUDA(cudaMemcpyAsync(*j, a->col, (size_t)a->nnz * sizeof(PetscInt), cudaMemcpyDeviceToHost, stream));
    PetscCallCUDA(cudaMemcpyAsync(*v, a->val, (size_t)a->nnz * sizeof(PetscScalar), cudaMemcpyDeviceToHost, stream));
  }
  PetscCallCUDA(cudaStreamSynchronize(stream));
  PetscCall(PetscLogGpuToCpu((PetscLogDouble)(A->rmap->n + 1 + a->nnz) * sizeof(PetscInt) + (PetscLogDouble)a->nnz * sizeof(PetscScalar)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* into *B of type (MAT_INITIAL_MATRIX), B itself (MAT_REUSE_MATRIX, the same type) or in place of A */
static PetscErrorCode MatCSRCUDAConvertFinish(Mat A, MatReuse reuse, Mat M, Mat *B)
{
  PetscFunctionBegin;
  if (reuse == MAT_INPLACE_MATRIX) PetscCall(MatHeaderReplace(A, &M));
  else if (reuse == MAT_REUSE_MATRIX) {
    PetscCall(MatCopy(M, *B, SAME_NONZERO_PATTERN));
    PetscCall(MatDestroy(&M));
  } else *B = M;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatConvert_CSRCUDA_AIJ(Mat A, MatType type, MatReuse reuse, Mat *B)
{
  PetscInt    *i, *j;
  PetscScalar *v;
  Mat          M;
  PetscBool    device;

  PetscFunctionBegin;
  PetscCall(PetscStrbeginswith(type, "seqaijcusparse", &device));
  if (!device) PetscCall(PetscStrbeginswith(type, "aijcusparse", &device));
  PetscCall(MatCSRCUDAHostArrays(A, &i, &j, &v));
  PetscCall(MatCreate(PETSC_COMM_SELF, &M));
  PetscCall(MatSetSizes(M, A->rmap->n, A->cmap->n, A->rmap->n, A->cmap->n));
  PetscCall(MatSetType(M, device ? MATSEQAIJCUSPARSE : MATSEQAIJ));
  PetscCall(MatSeqAIJSetPreallocationCSR(M, i, j, v));
  PetscCall(PetscFree3(i, j, v));
  PetscCall(MatCSRCUDAConvertFinish(A, reuse, M, B));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* dense on the device (MATSEQDENSECUDA, for a dense LU by cuSOLVER) or on the host */
static PetscErrorCode MatConvert_CSRCUDA_Dense(Mat A, MatType type, MatReuse reuse, Mat *B)
{
  Mat_CSRCUDA *a = (Mat_CSRCUDA *)A->data;
  Mat          M;
  PetscScalar *d;
  PetscInt     lda;
  PetscBool    device;
  cudaStream_t stream;

  PetscFunctionBegin;
  PetscCall(PetscStrcmp(type, MATSEQDENSECUDA, &device));
  PetscCall(MatCreateSeqDenseCUDA(PETSC_COMM_SELF, A->rmap->n, A->cmap->n, NULL, &M));
  PetscCall(MatDenseGetLDA(M, &lda));
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(MatDenseCUDAGetArrayWrite(M, &d));
  PetscCall(TriSplitCheckKernel(ts_cuda_csr_to_dense(stream, A->rmap->n, A->cmap->n, a->rowptr, a->col, a->val, lda, d), "csr_to_dense"));
  PetscCall(MatDenseCUDARestoreArrayWrite(M, &d));
  if (!device) PetscCall(MatConvert(M, MATSEQDENSE, MAT_INPLACE_MATRIX, &M));
  PetscCall(MatCSRCUDAConvertFinish(A, reuse, M, B));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatView_CSRCUDA(Mat A, PetscViewer viewer)
{
  PetscBool         iascii;
  PetscViewerFormat format;
  Mat               M;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)viewer, PETSCVIEWERASCII, &iascii));
  if (iascii) {
    PetscCall(PetscViewerGetFormat(viewer, &format));
    if (format == PETSC_VIEWER_ASCII_INFO || format == PETSC_VIEWER_ASCII_INFO_DETAIL) PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(MatConvert(A, MATSEQAIJ, MAT_INITIAL_MATRIX, &M)); /* the entries, through PETSc's viewers */
  PetscCall(MatView(M, viewer));
  PetscCall(MatDestroy(&M));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPMatCSRCUDAGetValuesWrite(Mat A, PetscScalar **val)
{
  PetscBool match;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)A, MATCSRCUDA, &match));
  PetscCheck(match, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONG, "Not a %s matrix: %s", MATCSRCUDA, ((PetscObject)A)->type_name);
  *val = ((Mat_CSRCUDA *)A->data)->val;
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPMatCSRCUDARestoreValuesWrite(Mat A, PetscScalar **val)
{
  PetscFunctionBegin;
  *val = NULL;
  PetscCall(PetscObjectStateIncrease((PetscObject)A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*MC
  MATCSRCUDA - "csrcuda": a sequential sparse matrix in CSR form whose arrays live on the CUDA device only

  Level: advanced

  Notes:
  `PCTRIAMG` builds the prolongators and coarse operators of its hierarchy on the GPU in this type, so that a setup
  copies no pattern to the host (a `MATSEQAIJCUSPARSE` keeps its pattern on the host as well). It has `MatMult()`,
  `MatMultAdd()`, `MatMultTranspose()` (with a transpose it keeps until the values change), `MatMultTransposeAdd()`,
  `MatResidual()`, `MatGetDiagonal()` and `MatGetInfo()` on the device, and trisplit's preconditioners take their
  forests from it directly. `MatConvert()` gives `MATSEQAIJ`, `MATSEQAIJCUSPARSE`, `MATSEQDENSE` and
  `MATSEQDENSECUDA` (the coarsest level's dense LU); other operations (`MatSOR()`, `MatGetRow()`, ...) are not
  available, so a level smoother that needs them (`-mg_levels_pc_type sor`) asks for a conversion, e.g.
  `-pc_triamg_device_operators false`. Its vectors are `VECCUDA`. Only trisplit creates it.

.seealso: `PCTRIAMG`, `MATSEQAIJCUSPARSE`
M*/
PETSC_INTERN PetscErrorCode MatCreate_CSRCUDA(Mat A)
{
  Mat_CSRCUDA *a;

  PetscFunctionBegin;
  PetscCheck(sizeof(PetscInt) == sizeof(int), PETSC_COMM_SELF, PETSC_ERR_SUP, "%s needs 32-bit PetscInt", MATCSRCUDA);
  PetscCall(PetscNew(&a));
  A->data                   = (void *)a;
  A->ops->mult              = MatMult_CSRCUDA;
  A->ops->multadd           = MatMultAdd_CSRCUDA;
  A->ops->multtranspose     = MatMultTranspose_CSRCUDA;
  A->ops->multtransposeadd  = MatMultTransposeAdd_CSRCUDA;
  A->ops->residual          = MatResidual_CSRCUDA;
  A->ops->getdiagonal       = MatGetDiagonal_CSRCUDA;
  A->ops->getinfo           = MatGetInfo_CSRCUDA;
  A->ops->view              = MatView_CSRCUDA;
  A->ops->destroy           = MatDestroy_CSRCUDA;
  PetscCall(PetscFree(A->defaultvectype));
  PetscCall(PetscStrallocpy(VECCUDA, &A->defaultvectype));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "TSPMatCSRCUDAGetArrays_C", MatCSRCUDAGetArrays_CSRCUDA));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_csrcuda_seqaij_C", MatConvert_CSRCUDA_AIJ));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_csrcuda_aij_C", MatConvert_CSRCUDA_AIJ));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_csrcuda_seqaijcusparse_C", MatConvert_CSRCUDA_AIJ));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_csrcuda_aijcusparse_C", MatConvert_CSRCUDA_AIJ));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_csrcuda_seqdense_C", MatConvert_CSRCUDA_Dense));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_csrcuda_seqdensecuda_C", MatConvert_CSRCUDA_Dense));
  PetscCall(PetscObjectChangeTypeName((PetscObject)A, MATCSRCUDA));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPMatCreateCSRCUDA(PetscInt m, PetscInt n, PetscInt nnz, PetscInt *rowptr, PetscInt *col, PetscScalar *val, Mat *A)
{
  Mat_CSRCUDA *a;

  PetscFunctionBegin;
  PetscCall(MatCreate(PETSC_COMM_SELF, A));
  PetscCall(MatSetSizes(*A, m, n, m, n));
  PetscCall(MatSetType(*A, MATCSRCUDA));
  PetscCall(PetscLayoutSetUp((*A)->rmap));
  PetscCall(PetscLayoutSetUp((*A)->cmap));
  a         = (Mat_CSRCUDA *)(*A)->data;
  a->nnz    = nnz;
  a->rowptr = rowptr;
  a->col    = col;
  a->val    = val;
  if (!val) PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(nnz, 1) * sizeof(PetscScalar), (void **)&a->val));
  (*A)->preallocated = PETSC_TRUE;
  (*A)->assembled    = PETSC_TRUE;
  (*A)->was_assembled = PETSC_TRUE;
  PetscFunctionReturn(PETSC_SUCCESS);
}
#endif

/* MATCSRCUDA exists in a CUDA build only */
PETSC_INTERN PetscErrorCode MatRegister_CSRCUDA(void)
{
  PetscFunctionBegin;
#if defined(PETSC_HAVE_CUDA)
  PetscCall(MatRegister(MATCSRCUDA, MatCreate_CSRCUDA));
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}
