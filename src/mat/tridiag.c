/* SPDX-License-Identifier: BSD-2-Clause */
/*
   MATTRIDIAG: a sequential tridiagonal matrix stored as three bands, and the MatSolverType "rpts"
   that factors and solves tridiagonal systems with the pivoting tridiagonal solver: the host kernel
   for MATSEQAIJ/MATTRIDIAG, RPTS on the GPU for MATSEQAIJCUSPARSE. This file is the matrix type and
   the solver's driver; the solver's backend, chosen once per symbolic factorization, does the leaf
   operations (src/mat/tridiag/host.c, src/mat/tridiag/cuda.c; include/trisplit/private/tridiagimpl.h).
*/
#include <trisplit/private/tridiagimpl.h>

static PetscErrorCode MatDestroy_Tridiag(Mat A)
{
  Mat_Tridiag *t = (Mat_Tridiag *)A->data;

  PetscFunctionBegin;
  PetscCall(PetscFree3(t->a, t->b, t->c));
  if (t->ops) PetscCall((*t->ops->reset)(A));
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
  PetscCall(MatTridiagSetUpBands(A));
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
  PetscCall(MatTridiagSetUpBands(A));
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
  PetscCall(MatTridiagSetUpBands(A));
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
    PetscCall(PetscViewerASCIIPrintf(viewer, "rpts factor of %" PetscInt_FMT " rows, pivoting %s, %s\n", A->rmap->n, TriSplitPivotingNames[t->pivoting], t->ops ? t->ops->solver : "not factored yet"));
    if (t->ops && t->ops->view) PetscCall((*t->ops->view)(A, viewer));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  if (format == PETSC_VIEWER_ASCII_INFO || format == PETSC_VIEWER_ASCII_INFO_DETAIL) {
    PetscCall(PetscViewerASCIIPrintf(viewer, "tridiagonal, %" PetscInt_FMT " rows stored as three bands\n", A->rmap->n));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(MatTridiagSetUpBands(A));
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

static PetscErrorCode MatConvert_SeqAIJ_Tridiag(Mat A, MatType type, MatReuse reuse, Mat *newmat)
{
  Mat B;

  PetscFunctionBegin;
  (void)type;
  PetscCheck(A->rmap->n == A->cmap->n, PETSC_COMM_SELF, PETSC_ERR_ARG_SIZ, "A tridiagonal matrix is square, got %" PetscInt_FMT " x %" PetscInt_FMT, A->rmap->n, A->cmap->n);
  if (reuse == MAT_REUSE_MATRIX) B = *newmat;
  else PetscCall(MatCreateTridiag(PetscObjectComm((PetscObject)A), A->rmap->n, NULL, NULL, NULL, &B));
  PetscCall(MatTridiagSetUpBands(B));
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

/* a MATTRIDIAG of n rows without host bands yet (MatTridiagSetUpBands() at their first use) */
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
  PetscCall(MatTridiagSetUpBands(*A));
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
  PetscCall(MatTridiagSetUpBands(A));
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

/* The backend of the matrix to factor: CUDA for SEQAIJCUSPARSE, the host otherwise. Decided here, once
   per symbolic factorization; the factor's device or host data are reset when it changes. */
static PetscErrorCode MatRPTSSelectBackend(Mat F, Mat A)
{
  Mat_Tridiag      *t = (Mat_Tridiag *)F->data;
  const MatRPTSOps *want;
  PetscBool         device;

  PetscFunctionBegin;
  PetscCall(TriSplitIsDeviceMat(A, &device));
  want = device ? &MatRPTSOps_CUDA : &MatRPTSOps_Host;
  PetscCheck(want->name, PETSC_COMM_SELF, PETSC_ERR_SUP, "This trisplit library was built without CUDA");
  if (t->ops == want) PetscFunctionReturn(PETSC_SUCCESS);
  if (t->ops) PetscCall((*t->ops->reset)(F));
  t->ops = want;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatLUFactorNumeric_RPTS(Mat F, Mat A, const MatFactorInfo *info)
{
  Mat_Tridiag *t = (Mat_Tridiag *)F->data;
  ts_status    status;
  ts_int       zero_row = -1;

  PetscFunctionBegin;
  (void)info;
  F->factorerrortype = MAT_FACTOR_NOERROR;
  PetscCall((*t->ops->factor)(F, A, &status, &zero_row));
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

/* An rpts factor needs a tridiagonal pattern: the first row outside it is an error. A MATTRIDIAG has no
   other. */
static PetscErrorCode MatLUFactorSymbolic_RPTS(Mat F, Mat A, IS r, IS c, const MatFactorInfo *info)
{
  Mat_Tridiag *t = (Mat_Tridiag *)F->data;
  PetscBool    istridiag;
  PetscInt     row = -1;

  PetscFunctionBegin;
  (void)r;
  (void)c;
  (void)info;
  PetscCheck(A->rmap->n == A->cmap->n, PETSC_COMM_SELF, PETSC_ERR_ARG_SIZ, "The rpts solver needs a square matrix, got %" PetscInt_FMT " x %" PetscInt_FMT, A->rmap->n, A->cmap->n);
  PetscCall(MatRPTSSelectBackend(F, A));
  PetscCall(PetscObjectTypeCompare((PetscObject)A, MATTRIDIAG, &istridiag));
  if (!istridiag) PetscCall((*t->ops->outsideband)(A, &row));
  PetscCheck(row < 0, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONG, "The rpts solver needs a tridiagonal pattern: row %" PetscInt_FMT " has an entry outside columns %" PetscInt_FMT " to %" PetscInt_FMT, row, row - 1, row + 1);
  F->ops->lufactornumeric = MatLUFactorNumeric_RPTS;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* x = T^-1 b or T^-T b in the arrays of the backend's memory */
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
  PetscCheck(!transpose || t->ops->solvetranspose, PETSC_COMM_SELF, PETSC_ERR_SUP, "MatSolveTranspose() with rpts is not available on the %s", t->ops->where);
  PetscCall((*t->ops->vecread)(b, &ba));
  PetscCall((*t->ops->vecwrite)(x, &xa));
  PetscCall((*(transpose ? t->ops->solvetranspose : t->ops->solve))(F, 1, ba, xa));
  PetscCall((*t->ops->vecrestorewrite)(x, &xa));
  PetscCall((*t->ops->vecrestoreread)(b, &ba));
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
  PetscCall((*t->ops->denseread)(B, &ba));
  PetscCall((*t->ops->densewrite)(X, &xa));
  PetscCall((*t->ops->solve)(F, nrhs, ba, xa));
  PetscCall((*t->ops->denserestorewrite)(X, &xa));
  PetscCall((*t->ops->denserestoreread)(B, &ba));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* MatGetFactor(A, MATSOLVERRPTS, MAT_FACTOR_LU, &F) for SEQAIJ, TRIDIAG and SEQAIJCUSPARSE */
static PetscErrorCode MatGetFactor_RPTS(Mat A, MatFactorType ftype, Mat *F)
{
  Mat_Tridiag *t;

  PetscFunctionBegin;
  PetscCheck(ftype == MAT_FACTOR_LU, PETSC_COMM_SELF, PETSC_ERR_SUP, "The rpts solver provides LU factorizations only");
  PetscCall(MatCreateTridiag_Private(PetscObjectComm((PetscObject)A), A->rmap->n, F)); /* host bands only if factored there; the backend at the symbolic factorization */
  t = (Mat_Tridiag *)(*F)->data;
  PetscCall(PetscOptionsGetEnum(((PetscObject)A)->options, ((PetscObject)A)->prefix, "-mat_rpts_pivoting", TriSplitPivotingNames, (PetscEnum *)&t->pivoting, NULL));
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
  PetscCall(MatSolverTypeRegister(MATSOLVERRPTS, MatRPTSOps_Host.mattype, MAT_FACTOR_LU, MatGetFactor_RPTS));
  PetscCall(MatSolverTypeRegister(MATSOLVERRPTS, MATTRIDIAG, MAT_FACTOR_LU, MatGetFactor_RPTS));
  if (MatRPTSOps_CUDA.name) PetscCall(MatSolverTypeRegister(MATSOLVERRPTS, MatRPTSOps_CUDA.mattype, MAT_FACTOR_LU, MatGetFactor_RPTS));
  PetscFunctionReturn(PETSC_SUCCESS);
}
