/* SPDX-License-Identifier: BSD-2-Clause */
/*
   MATMPICSRCUDA: a distributed matrix whose rows of each rank are two MATCSRCUDA blocks on that rank's GPU, the
   diagonal block (this rank's columns) and the off-diagonal block (the ghost columns of garray, sorted global
   numbers), as PETSc's MPIAIJ keeps them. The products run the blocks' device kernels; the ghost values travel by
   one PetscSF on device memory (PETSc stages them through the host where MPI is not CUDA-aware). PCTRIAMG's device
   backend builds its distributed levels in this type, so that no level's pattern goes to the host: PETSc's
   MATMPIAIJCUSPARSE keeps its blocks' patterns there. Conversions to PETSc's types serve everything else.
*/
#include <petsc/private/matimpl.h>
#include <petscsf.h>
#include <trisplit/private/core.h>
#if defined(PETSC_HAVE_CUDA)
  #include <trisplit/private/csrcudaimpl.h>

typedef struct {
  Mat          Ad, Ao;          /* MATCSRCUDA: m x n and m x no */
  PetscInt     no, *garray;     /* the ghost columns' global numbers (host) */
  PetscSF      sf;              /* roots: this rank's columns; leaves: the ghost columns */
  Vec          xw, yw, zw, zcw, gw; /* sequential CUDA vectors placed on the local arrays (xw, zcw: columns; yw, zw:
                                      rows) and the ghost values gw */
} Mat_MPICSRCUDA;

static PetscErrorCode MatDestroy_MPICSRCUDA(Mat A)
{
  Mat_MPICSRCUDA *a = (Mat_MPICSRCUDA *)A->data;

  PetscFunctionBegin;
  if (a) {
    PetscCall(MatDestroy(&a->Ad));
    PetscCall(MatDestroy(&a->Ao));
    PetscCall(PetscFree(a->garray));
    PetscCall(PetscSFDestroy(&a->sf));
    PetscCall(VecDestroy(&a->xw));
    PetscCall(VecDestroy(&a->yw));
    PetscCall(VecDestroy(&a->zw));
    PetscCall(VecDestroy(&a->zcw));
    PetscCall(VecDestroy(&a->gw));
  }
  PetscCall(PetscFree(A->data));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "TSPMatMPICSRCUDAGetBlocks_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_mpicsrcuda_mpiaij_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_mpicsrcuda_aij_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_mpicsrcuda_mpiaijcusparse_C", NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_mpicsrcuda_aijcusparse_C", NULL));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the sequential vector w placed on the local device array of v */
static PetscErrorCode MatMPICSRCUDAPlace(Vec v, Vec w, PetscBool write, PetscScalar **a)
{
  PetscFunctionBegin;
  if (write) PetscCall(VecCUDAGetArray(v, a));
  else PetscCall(VecCUDAGetArrayRead(v, (const PetscScalar **)a));
  PetscCall(VecCUDAPlaceArray(w, *a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatMPICSRCUDAReset(Vec v, Vec w, PetscBool write, PetscScalar **a)
{
  PetscFunctionBegin;
  PetscCall(VecCUDAResetArray(w));
  if (write) PetscCall(VecCUDARestoreArray(v, a));
  else PetscCall(VecCUDARestoreArrayRead(v, (const PetscScalar **)a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* y = A x, or y = z + A x: the ghost values travel while the diagonal block's product runs */
static PetscErrorCode MatMultAdd_MPICSRCUDA(Mat A, Vec x, Vec z, Vec y)
{
  Mat_MPICSRCUDA *a = (Mat_MPICSRCUDA *)A->data;
  PetscScalar    *xa, *ya, *za = NULL, *ga;

  PetscFunctionBegin;
  PetscCall(MatMPICSRCUDAPlace(x, a->xw, PETSC_FALSE, &xa));
  PetscCall(VecCUDAGetArrayWrite(a->gw, &ga));
  PetscCall(PetscSFBcastWithMemTypeBegin(a->sf, MPIU_SCALAR, PETSC_MEMTYPE_DEVICE, xa, PETSC_MEMTYPE_DEVICE, ga, MPI_REPLACE));
  if (z && z != y) PetscCall(MatMPICSRCUDAPlace(z, a->zw, PETSC_FALSE, &za));
  PetscCall(MatMPICSRCUDAPlace(y, a->yw, PETSC_TRUE, &ya));
  if (!z) PetscCall(MatMult(a->Ad, a->xw, a->yw));
  else PetscCall(MatMultAdd(a->Ad, a->xw, z == y ? a->yw : a->zw, a->yw));
  PetscCall(PetscSFBcastEnd(a->sf, MPIU_SCALAR, xa, ga, MPI_REPLACE));
  PetscCall(VecCUDARestoreArrayWrite(a->gw, &ga));
  if (a->no) PetscCall(MatMultAdd(a->Ao, a->gw, a->yw, a->yw));
  PetscCall(MatMPICSRCUDAReset(y, a->yw, PETSC_TRUE, &ya));
  if (za) PetscCall(MatMPICSRCUDAReset(z, a->zw, PETSC_FALSE, &za));
  PetscCall(MatMPICSRCUDAReset(x, a->xw, PETSC_FALSE, &xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatMult_MPICSRCUDA(Mat A, Vec x, Vec y)
{
  PetscFunctionBegin;
  PetscCall(MatMultAdd_MPICSRCUDA(A, x, NULL, y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* y = A^T x, or y = z + A^T x: the off-diagonal block's part is summed onto the owners */
static PetscErrorCode MatMultTransposeAdd_MPICSRCUDA(Mat A, Vec x, Vec z, Vec y)
{
  Mat_MPICSRCUDA *a = (Mat_MPICSRCUDA *)A->data;
  PetscScalar    *xa, *ya, *za = NULL, *ga;

  PetscFunctionBegin;
  PetscCall(MatMPICSRCUDAPlace(x, a->yw, PETSC_FALSE, &xa)); /* x has A's rows: yw's size */
  if (a->no) PetscCall(MatMultTranspose(a->Ao, a->yw, a->gw));
  if (z && z != y) PetscCall(MatMPICSRCUDAPlace(z, a->zcw, PETSC_FALSE, &za));
  PetscCall(MatMPICSRCUDAPlace(y, a->xw, PETSC_TRUE, &ya)); /* y has A's columns: xw's size */
  if (!z) PetscCall(MatMultTranspose(a->Ad, a->yw, a->xw));
  else PetscCall(MatMultTransposeAdd(a->Ad, a->yw, z == y ? a->xw : a->zcw, a->xw));
  PetscCall(VecCUDAGetArrayRead(a->gw, (const PetscScalar **)&ga));
  PetscCall(PetscSFReduceWithMemTypeBegin(a->sf, MPIU_SCALAR, PETSC_MEMTYPE_DEVICE, ga, PETSC_MEMTYPE_DEVICE, ya, MPI_SUM));
  PetscCall(PetscSFReduceEnd(a->sf, MPIU_SCALAR, ga, ya, MPI_SUM));
  PetscCall(VecCUDARestoreArrayRead(a->gw, (const PetscScalar **)&ga));
  PetscCall(MatMPICSRCUDAReset(y, a->xw, PETSC_TRUE, &ya));
  if (za) PetscCall(MatMPICSRCUDAReset(z, a->zcw, PETSC_FALSE, &za));
  PetscCall(MatMPICSRCUDAReset(x, a->yw, PETSC_FALSE, &xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatMultTranspose_MPICSRCUDA(Mat A, Vec x, Vec y)
{
  PetscFunctionBegin;
  PetscCall(MatMultTransposeAdd_MPICSRCUDA(A, x, NULL, y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatGetDiagonal_MPICSRCUDA(Mat A, Vec d)
{
  Mat_MPICSRCUDA *a = (Mat_MPICSRCUDA *)A->data;
  PetscScalar    *da;

  PetscFunctionBegin;
  PetscCall(MatMPICSRCUDAPlace(d, a->yw, PETSC_TRUE, &da));
  PetscCall(MatGetDiagonal(a->Ad, a->yw));
  PetscCall(MatMPICSRCUDAReset(d, a->yw, PETSC_TRUE, &da));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatGetInfo_MPICSRCUDA(Mat A, MatInfoType flag, MatInfo *info)
{
  Mat_MPICSRCUDA *a = (Mat_MPICSRCUDA *)A->data;
  MatInfo         id, io;
  PetscLogDouble  nz[2], sum[2];

  PetscFunctionBegin;
  PetscCall(PetscMemzero(info, sizeof(*info)));
  PetscCall(MatGetInfo(a->Ad, MAT_LOCAL, &id));
  PetscCall(MatGetInfo(a->Ao, MAT_LOCAL, &io));
  nz[0] = id.nz_used + io.nz_used;
  nz[1] = id.memory + io.memory;
  if (flag == MAT_LOCAL) {
    sum[0] = nz[0];
    sum[1] = nz[1];
  } else PetscCallMPI(MPIU_Allreduce(nz, sum, 2, MPIU_PETSCLOGDOUBLE, flag == MAT_GLOBAL_MAX ? MPI_MAX : MPI_SUM, PetscObjectComm((PetscObject)A)));
  info->nz_used = info->nz_allocated = sum[0];
  info->memory                       = sum[1];
  info->assemblies                   = 1;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatGetDiagonalBlock_MPICSRCUDA(Mat A, Mat *Ad)
{
  PetscFunctionBegin;
  *Ad = ((Mat_MPICSRCUDA *)A->data)->Ad;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatMPICSRCUDAGetBlocks_MPICSRCUDA(Mat A, Mat *Ad, Mat *Ao, const PetscInt **garray)
{
  Mat_MPICSRCUDA *a = (Mat_MPICSRCUDA *)A->data;

  PetscFunctionBegin;
  if (Ad) *Ad = a->Ad;
  if (Ao) *Ao = a->Ao;
  if (garray) *garray = a->garray;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* new values of the same pattern */
static PetscErrorCode MatCopy_MPICSRCUDA(Mat A, Mat B, MatStructure str)
{
  Mat_MPICSRCUDA *a = (Mat_MPICSRCUDA *)A->data, *b;
  PetscBool       same;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)B, MATMPICSRCUDA, &same));
  PetscCheck(same && str == SAME_NONZERO_PATTERN, PetscObjectComm((PetscObject)A), PETSC_ERR_SUP, "%s copies only into a %s of the same nonzero pattern", MATMPICSRCUDA, MATMPICSRCUDA);
  b = (Mat_MPICSRCUDA *)B->data;
  for (int k = 0; k < 2; k++) {
    Mat                from = k ? a->Ao : a->Ad, to = k ? b->Ao : b->Ad;
    PetscInt           m, nnz, mt, nnzt;
    const PetscInt    *i, *j, *it, *jt;
    const PetscScalar *v, *vt;
    PetscScalar       *w;
    cudaStream_t       stream;

    PetscCall(TriSplitGetDeviceCSR(from, &m, &nnz, &i, &j, &v));
    PetscCall(TriSplitGetDeviceCSR(to, &mt, &nnzt, &it, &jt, &vt));
    PetscCheck(m == mt && nnz == nnzt, PETSC_COMM_SELF, PETSC_ERR_ARG_INCOMP, "%s: the patterns differ", MATMPICSRCUDA);
    PetscCall(TriSplitRestoreDeviceCSR(to, &it, &jt, &vt));
    PetscCall(TSPMatCSRCUDAGetValuesWrite(to, &w));
    PetscCall(TriSplitGetStream(&stream));
    if (nnz) PetscCallCUDA(cudaMemcpyAsync(w, v, (size_t)nnz * sizeof(PetscScalar), cudaMemcpyDeviceToDevice, stream));
    PetscCall(TSPMatCSRCUDARestoreValuesWrite(to, &w));
    PetscCall(TriSplitRestoreDeviceCSR(from, &i, &j, &v));
  }
  PetscCall(PetscObjectStateIncrease((PetscObject)B));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* MATMPIAIJ(CUSPARSE): the blocks' rows on the host in global columns (the coarsest level's redundant LU, viewers) */
static PetscErrorCode MatConvert_MPICSRCUDA_AIJ(Mat A, MatType type, MatReuse reuse, Mat *B)
{
  Mat_MPICSRCUDA *a = (Mat_MPICSRCUDA *)A->data;
  Mat             hd, ho, M;
  char           *device;

  PetscFunctionBegin;
  PetscCall(PetscStrstr(type, "cusparse", &device));
  PetscCall(MatConvert(a->Ad, MATSEQAIJ, MAT_INITIAL_MATRIX, &hd));
  PetscCall(MatConvert(a->Ao, MATSEQAIJ, MAT_INITIAL_MATRIX, &ho));
  PetscCall(TriSplitMPIAIJFromBlocks(PetscObjectComm((PetscObject)A), hd, ho, a->garray, &M));
  PetscCall(MatDestroy(&hd));
  PetscCall(MatDestroy(&ho));
  if (device) PetscCall(MatConvert(M, MATMPIAIJCUSPARSE, MAT_INPLACE_MATRIX, &M));
  if (reuse == MAT_INPLACE_MATRIX) PetscCall(MatHeaderReplace(A, &M));
  else if (reuse == MAT_REUSE_MATRIX) {
    PetscCall(MatCopy(M, *B, SAME_NONZERO_PATTERN));
    PetscCall(MatDestroy(&M));
  } else *B = M;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatView_MPICSRCUDA(Mat A, PetscViewer viewer)
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
  PetscCall(MatConvert(A, MATMPIAIJ, MAT_INITIAL_MATRIX, &M));
  PetscCall(MatView(M, viewer));
  PetscCall(MatDestroy(&M));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*MC
  MATMPICSRCUDA - "mpicsrcuda": a distributed sparse matrix whose rows of each rank are two `MATCSRCUDA` blocks on
  that rank's GPU (the diagonal block and the off-diagonal block over the ghost columns), as `MATMPIAIJ` keeps them

  Level: advanced

  Notes:
  `PCTRIAMG` builds the levels of a hierarchy across ranks on the GPUs in this type, so that a setup copies no
  pattern to the host (a `MATMPIAIJCUSPARSE` keeps its blocks' patterns on the host as well). It has `MatMult()`,
  `MatMultAdd()`, `MatMultTranspose()`, `MatMultTransposeAdd()`, `MatGetDiagonal()`, `MatGetDiagonalBlock()`,
  `MatGetInfo()` and `MatCopy()` of the same pattern, with the ghost values exchanged by a `PetscSF` on device
  memory (staged through the host where MPI is not CUDA-aware); `MatConvert()` gives `MATMPIAIJ` and
  `MATMPIAIJCUSPARSE` (the coarsest level's redundant LU). Its vectors are `VECCUDA` of device memory only (no host
  copy until one is asked for). Only trisplit creates it.

.seealso: `PCTRIAMG`, `MATCSRCUDA`, `MATMPIAIJCUSPARSE`
M*/
/* vectors of device memory only (TriSplitVecCreateDevice()): PCMG's level vectors and the smoothers' work vectors
   are made here at every setup */
static PetscErrorCode MatCreateVecs_MPICSRCUDA(Mat A, Vec *right, Vec *left)
{
  PetscFunctionBegin;
  if (right) PetscCall(TriSplitVecCreateDevice(A->cmap, right));
  if (left) PetscCall(TriSplitVecCreateDevice(A->rmap, left));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PETSC_INTERN PetscErrorCode MatCreate_MPICSRCUDA(Mat A)
{
  Mat_MPICSRCUDA *a;

  PetscFunctionBegin;
  PetscCheck(sizeof(PetscInt) == sizeof(int), PETSC_COMM_SELF, PETSC_ERR_SUP, "%s needs 32-bit PetscInt", MATMPICSRCUDA);
  PetscCall(PetscNew(&a));
  A->data                  = (void *)a;
  A->ops->mult             = MatMult_MPICSRCUDA;
  A->ops->multadd          = MatMultAdd_MPICSRCUDA;
  A->ops->multtranspose    = MatMultTranspose_MPICSRCUDA;
  A->ops->multtransposeadd = MatMultTransposeAdd_MPICSRCUDA;
  A->ops->getdiagonal      = MatGetDiagonal_MPICSRCUDA;
  A->ops->getdiagonalblock = MatGetDiagonalBlock_MPICSRCUDA;
  A->ops->getinfo          = MatGetInfo_MPICSRCUDA;
  A->ops->copy             = MatCopy_MPICSRCUDA;
  A->ops->view             = MatView_MPICSRCUDA;
  A->ops->getvecs          = MatCreateVecs_MPICSRCUDA;
  A->ops->destroy          = MatDestroy_MPICSRCUDA;
  PetscCall(PetscFree(A->defaultvectype));
  PetscCall(PetscStrallocpy(VECCUDA, &A->defaultvectype));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "TSPMatMPICSRCUDAGetBlocks_C", MatMPICSRCUDAGetBlocks_MPICSRCUDA));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_mpicsrcuda_mpiaij_C", MatConvert_MPICSRCUDA_AIJ));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_mpicsrcuda_aij_C", MatConvert_MPICSRCUDA_AIJ));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_mpicsrcuda_mpiaijcusparse_C", MatConvert_MPICSRCUDA_AIJ));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, "MatConvert_mpicsrcuda_aijcusparse_C", MatConvert_MPICSRCUDA_AIJ));
  PetscCall(PetscObjectChangeTypeName((PetscObject)A, MATMPICSRCUDA));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPMatCreateMPICSRCUDA(MPI_Comm comm, Mat Ad, Mat Ao, PetscInt *garray, Mat *A)
{
  Mat_MPICSRCUDA *a;
  PetscInt        m, n, no;

  PetscFunctionBegin;
  PetscCall(MatGetSize(Ad, &m, &n));
  PetscCall(MatGetSize(Ao, NULL, &no));
  PetscCall(MatCreate(comm, A));
  PetscCall(MatSetSizes(*A, m, n, PETSC_DETERMINE, PETSC_DETERMINE));
  PetscCall(MatSetType(*A, MATMPICSRCUDA));
  PetscCall(PetscLayoutSetUp((*A)->rmap));
  PetscCall(PetscLayoutSetUp((*A)->cmap));
  a         = (Mat_MPICSRCUDA *)(*A)->data;
  a->Ad     = Ad;
  a->Ao     = Ao;
  a->no     = no;
  a->garray = garray;
  PetscCall(PetscSFCreate(comm, &a->sf));
  PetscCall(PetscSFSetGraphLayout(a->sf, (*A)->cmap, no, NULL, PETSC_COPY_VALUES, garray));
  PetscCall(PetscSFSetUp(a->sf));
  PetscCall(VecCreateSeqCUDAWithArray(PETSC_COMM_SELF, 1, n, NULL, &a->xw));
  PetscCall(VecCreateSeqCUDAWithArray(PETSC_COMM_SELF, 1, m, NULL, &a->yw));
  PetscCall(VecCreateSeqCUDAWithArray(PETSC_COMM_SELF, 1, m, NULL, &a->zw));
  PetscCall(VecCreateSeqCUDAWithArray(PETSC_COMM_SELF, 1, n, NULL, &a->zcw));
  PetscCall(VecCreateSeqCUDA(PETSC_COMM_SELF, no, &a->gw));
  (*A)->preallocated  = PETSC_TRUE;
  (*A)->assembled     = PETSC_TRUE;
  (*A)->was_assembled = PETSC_TRUE;
  PetscFunctionReturn(PETSC_SUCCESS);
}
#endif

/* MATMPICSRCUDA exists in a CUDA build only */
PETSC_INTERN PetscErrorCode MatRegister_MPICSRCUDA(void)
{
  PetscFunctionBegin;
#if defined(PETSC_HAVE_CUDA)
  PetscCall(MatRegister(MATMPICSRCUDA, MatCreate_MPICSRCUDA));
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}
