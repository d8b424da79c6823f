/* SPDX-License-Identifier: BSD-2-Clause */
/*
   The host backend of the rpts solver (MATSEQAIJ and MATTRIDIAG): the factor's own bands, eliminated
   by ts_ref_gttrf with the RPTS pivot rule, and solved by ts_ref_gttrs. Its data is that elimination.
*/
#include <trisplit/private/tridiagimpl.h>

static PetscErrorCode MatRPTSReset_Host(Mat F)
{
  Mat_Tridiag *t = (Mat_Tridiag *)F->data;

  PetscFunctionBegin;
  PetscCall(PetscFree(t->data));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatRPTSOutsideBand_Host(Mat A, PetscInt *row)
{
  PetscInt        n;
  const PetscInt *ia, *ja;
  PetscBool       done;

  PetscFunctionBegin;
  PetscCall(MatGetRowIJ(A, 0, PETSC_FALSE, PETSC_FALSE, &n, &ia, &ja, &done));
  PetscCheck(done, PETSC_COMM_SELF, PETSC_ERR_SUP, "Cannot read the pattern of a %s matrix", ((PetscObject)A)->type_name);
  *row = ts_ref_csr_outside_band(n, ia, ja, 1);
  PetscCall(MatRestoreRowIJ(A, 0, PETSC_FALSE, PETSC_FALSE, &n, &ia, &ja, &done));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the bands of A into the factor's, then the elimination (kept for the solves) */
static PetscErrorCode MatRPTSFactor_Host(Mat F, Mat A, ts_status *status, ts_int *zero_row)
{
  Mat_Tridiag *t = (Mat_Tridiag *)F->data;
  PetscBool    istridiag;

  PetscFunctionBegin;
  PetscCall(MatTridiagSetUpBands(F));
  PetscCall(PetscObjectTypeCompare((PetscObject)A, MATTRIDIAG, &istridiag));
  if (istridiag) {
    Mat_Tridiag *s = (Mat_Tridiag *)A->data;

    PetscCall(MatTridiagSetUpBands(A));
    PetscCall(PetscArraycpy(t->a, s->a, A->rmap->n));
    PetscCall(PetscArraycpy(t->b, s->b, A->rmap->n));
    PetscCall(PetscArraycpy(t->c, s->c, A->rmap->n));
  } else PetscCall(MatTridiagBandsFromAIJ(A, t->a, t->b, t->c));
  if (!t->data) PetscCall(PetscMalloc(ts_ref_gttrf_size(A->rmap->n) + 1, &t->data));
  *status = ts_ref_gttrf(t->pivoting, A->rmap->n, t->a, t->b, t->c, t->data, zero_row);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* X = T^-1 B or T^-T B for a dense B of nrhs columns (column major, leading dimension n) */
static PetscErrorCode MatRPTSSolve_Host_Private(Mat F, PetscInt nrhs, const PetscScalar *b, PetscScalar *x, PetscBool transpose)
{
  Mat_Tridiag *t = (Mat_Tridiag *)F->data;

  PetscFunctionBegin;
  if (x != b) PetscCall(PetscArraycpy(x, b, F->rmap->n * nrhs));
  if (transpose) ts_ref_gttrs_transpose(F->rmap->n, nrhs, t->data, x, PetscMax(F->rmap->n, 1));
  else ts_ref_gttrs(F->rmap->n, nrhs, t->data, x, PetscMax(F->rmap->n, 1));
  PetscCall(PetscLogFlops(7.0 * F->rmap->n * nrhs));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatRPTSSolve_Host(Mat F, PetscInt nrhs, const PetscScalar *b, PetscScalar *x)
{
  PetscFunctionBegin;
  PetscCall(MatRPTSSolve_Host_Private(F, nrhs, b, x, PETSC_FALSE));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode MatRPTSSolveTranspose_Host(Mat F, PetscInt nrhs, const PetscScalar *b, PetscScalar *x)
{
  PetscFunctionBegin;
  PetscCall(MatRPTSSolve_Host_Private(F, nrhs, b, x, PETSC_TRUE));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* vectors and dense matrices in host memory */
const MatRPTSOps MatRPTSOps_Host = {
  .name = "host", .mattype = MATSEQAIJ, .solver = "host solver", .where = "host", .reset = MatRPTSReset_Host, .outsideband = MatRPTSOutsideBand_Host, .factor = MatRPTSFactor_Host, .solve = MatRPTSSolve_Host, .solvetranspose = MatRPTSSolveTranspose_Host,
  .vecread = VecGetArrayRead, .vecrestoreread = VecRestoreArrayRead, .vecwrite = VecGetArrayWrite, .vecrestorewrite = VecRestoreArrayWrite,
  .denseread = MatDenseGetArrayRead, .denserestoreread = MatDenseRestoreArrayRead, .densewrite = MatDenseGetArrayWrite, .denserestorewrite = MatDenseRestoreArrayWrite};
