/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "Loads a matrix (Matrix Market .mtx or .mtx.gz, or PETSc binary) and solves A x = b with any KSP and PC.\n\n\
  -f <file>        the matrix: *.mtx, *.mtx.gz (coordinate real/integer/pattern, general/symmetric/skew-symmetric),\n\
                   anything else is read as PETSc binary\n\
  -view_numbers    print residual and error as numbers (default: only pass/fail checks)\n\
  -zero_row <i>    empty row i of the matrix (A becomes singular; b = A x stays consistent): shows how a PC\n\
                   reports the zero pivot it repairs\n\
The exact solution is x_i = sin(16 pi i / N), b = A x.\n\n";

#include <petscksp.h>
#include <trisplit.h>
#include <petsc/private/matimpl.h> /* the layouts, to know the owned rows before preallocation */
#include <ctype.h>
/* PETSc before 3.19 returns plain 0 from PetscFunctionReturn() */
#if !PETSC_VERSION_GE(3, 19, 0) && !defined(PETSC_SUCCESS)
  #define PETSC_SUCCESS 0
#endif

typedef enum {
  MM_GENERAL,
  MM_SYMMETRIC,
  MM_SKEW
} MMSymmetry;

/* Reads one line; returns PETSC_FALSE at the end of the file. fgets() stops at a newline, a full buffer or
   the end of the file; a line it returns shorter than any of these held a NUL byte, after which the next
   call would read the line's rest as a line of its own. A NUL byte and a line longer than the buffer are errors. */
static PetscErrorCode ReadLine(FILE *fp, char *line, size_t len, PetscInt lineno, PetscBool *got)
{
  PetscFunctionBegin;
  *got = fgets(line, (int)len, fp) ? PETSC_TRUE : PETSC_FALSE;
  if (*got) {
    size_t l = strlen(line);
    PetscCheck(l == len - 1 || (l && line[l - 1] == '\n') || feof(fp), PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "Matrix Market line %" PetscInt_FMT " holds a NUL byte", lineno);
    PetscCheck(l < len - 1 || line[l - 1] == '\n' || feof(fp), PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "Matrix Market line %" PetscInt_FMT " is longer than %d characters", lineno, (int)len - 2);
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Work arrays of the Matrix Market reader, freed by LoadMatrixMarket() whether the reading succeeds or not */
typedef struct {
  PetscInt    *ii, *jj, *dnnz, *onnz;
  PetscScalar *vv;
} MMWork;

/* Reads an open Matrix Market coordinate file: every rank reads the file and keeps its own rows. */
static PetscErrorCode ReadMatrixMarket(FILE *fp, const char *fname, MMWork *w, Mat *A)
{
  PetscBool   got, pattern = PETSC_FALSE;
  char        line[1024], obj[64], fmt[64], field[64], sym[64];
  MMSymmetry  symmetry = MM_GENERAL;
  long long   M, N, nz;
  PetscInt    lineno = 1, rstart, rend, cstart, cend, cnt = 0;

  PetscFunctionBegin;
  PetscCall(ReadLine(fp, line, sizeof(line), lineno, &got));
  PetscCheck(got && sscanf(line, "%%%%MatrixMarket %63s %63s %63s %63s", obj, fmt, field, sym) == 4, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: not a Matrix Market file (missing %%%%MatrixMarket header)", fname);
  for (char *p = obj; *p; p++) *p = (char)tolower(*p);
  for (char *p = fmt; *p; p++) *p = (char)tolower(*p);
  for (char *p = field; *p; p++) *p = (char)tolower(*p);
  for (char *p = sym; *p; p++) *p = (char)tolower(*p);
  PetscCheck(!strcmp(obj, "matrix") && !strcmp(fmt, "coordinate"), PETSC_COMM_SELF, PETSC_ERR_SUP, "%s: only 'matrix coordinate' is supported, got '%s %s'", fname, obj, fmt);
  if (!strcmp(field, "pattern")) pattern = PETSC_TRUE;
  else PetscCheck(!strcmp(field, "real") || !strcmp(field, "integer") || !strcmp(field, "double"), PETSC_COMM_SELF, PETSC_ERR_SUP, "%s: field '%s' is not supported (real, integer, pattern)", fname, field);
  if (!strcmp(sym, "symmetric")) symmetry = MM_SYMMETRIC;
  else if (!strcmp(sym, "skew-symmetric")) symmetry = MM_SKEW;
  else PetscCheck(!strcmp(sym, "general"), PETSC_COMM_SELF, PETSC_ERR_SUP, "%s: symmetry '%s' is not supported (general, symmetric, skew-symmetric)", fname, sym);
  do {
    PetscCall(ReadLine(fp, line, sizeof(line), ++lineno, &got));
    PetscCheck(got, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: no size line", fname);
  } while (line[0] == '%' || line[strspn(line, " \t\r\n")] == '\0');
  PetscCheck(sscanf(line, "%lld %lld %lld", &M, &N, &nz) == 3, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": bad size line", fname, lineno);
  PetscCheck(M >= 0 && N >= 0 && nz >= 0 && M <= PETSC_MAX_INT && N <= PETSC_MAX_INT && nz <= PETSC_MAX_INT, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": sizes %lld x %lld with %lld entries are out of range", fname, lineno, M, N, nz);

  PetscCall(MatCreate(PETSC_COMM_WORLD, A));
  PetscCall(MatSetSizes(*A, PETSC_DECIDE, PETSC_DECIDE, (PetscInt)M, (PetscInt)N));
  PetscCall(MatSetFromOptions(*A));
  PetscCall(PetscLayoutSetUp((*A)->rmap));
  PetscCall(PetscLayoutSetUp((*A)->cmap));
  PetscCall(MatGetOwnershipRange(*A, &rstart, &rend));
  PetscCall(MatGetOwnershipRangeColumn(*A, &cstart, &cend));
  /* keep this rank's entries (mirrored ones included), then preallocate exactly and insert */
  PetscCall(PetscMalloc3(2 * nz, &w->ii, 2 * nz, &w->jj, 2 * nz, &w->vv));
  PetscCall(PetscCalloc2(rend - rstart, &w->dnnz, rend - rstart, &w->onnz));
  for (long long k = 0; k < nz; k++) {
    long long i, j;
    double    v = 1.0;

    PetscCall(ReadLine(fp, line, sizeof(line), ++lineno, &got));
    PetscCheck(got, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: file ends after %lld of %lld entries", fname, k, nz);
    if (pattern) PetscCheck(sscanf(line, "%lld %lld", &i, &j) == 2, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": bad entry", fname, lineno);
    else PetscCheck(sscanf(line, "%lld %lld %lf", &i, &j, &v) == 3, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": bad entry", fname, lineno);
    PetscCheck(i >= 1 && i <= M && j >= 1 && j <= N, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": entry (%lld,%lld) outside the %lld x %lld matrix", fname, lineno, i, j, M, N);
    for (int mirror = 0; mirror < (symmetry != MM_GENERAL && i != j ? 2 : 1); mirror++) {
      const PetscInt row = (PetscInt)(mirror ? j : i) - 1, col = (PetscInt)(mirror ? i : j) - 1;

      if (row < rstart || row >= rend) continue;
      w->ii[cnt] = row;
      w->jj[cnt] = col;
      w->vv[cnt] = (PetscScalar)(mirror && symmetry == MM_SKEW ? -v : v);
      cnt++;
      if (col >= cstart && col < cend) w->dnnz[row - rstart]++;
      else w->onnz[row - rstart]++;
    }
  }
  for (PetscInt r = 0; r < rend - rstart; r++) {
    w->dnnz[r] = PetscMin(w->dnnz[r], cend - cstart);
    w->onnz[r] = PetscMin(w->onnz[r], (PetscInt)N - (cend - cstart));
  }
  PetscCall(MatXAIJSetPreallocation(*A, 1, w->dnnz, w->onnz, NULL, NULL));
  PetscCall(MatSetOption(*A, MAT_NEW_NONZERO_ALLOCATION_ERR, PETSC_FALSE));
  for (PetscInt k = 0; k < cnt; k++) PetscCall(MatSetValues(*A, 1, &w->ii[k], 1, &w->jj[k], &w->vv[k], ADD_VALUES));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Matrix Market coordinate reader: every rank reads the file and keeps its own rows. On an error the
   file is closed and nothing is left allocated (*A is NULL), so a program may go on after it. */
static PetscErrorCode LoadMatrixMarket(const char *fname, Mat *A)
{
  FILE          *fp;
  PetscBool      gz;
  MMWork         w = {NULL, NULL, NULL, NULL, NULL};
  PetscErrorCode ierr;
  size_t         flen;

  PetscFunctionBegin;
  *A = NULL;
  PetscCall(PetscStrlen(fname, &flen));
  gz = (PetscBool)(flen > 3 && !strcmp(fname + flen - 3, ".gz"));
  if (gz) {
    char cmd[PETSC_MAX_PATH_LEN + 32];

    PetscCheck(!strchr(fname, '\''), PETSC_COMM_SELF, PETSC_ERR_ARG_WRONG, "File name must not contain a quote: %s", fname);
    PetscCall(PetscSNPrintf(cmd, sizeof(cmd), "gzip -dc '%s'", fname));
    fp = popen(cmd, "r");
  } else fp = fopen(fname, "r");
  PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "Cannot open %s", fname);

  ierr = ReadMatrixMarket(fp, fname, &w, A);
  if (gz) pclose(fp);
  else fclose(fp);
  if (w.ii) PetscCall(PetscFree3(w.ii, w.jj, w.vv));
  if (w.dnnz) PetscCall(PetscFree2(w.dnnz, w.onnz));
  if (ierr) PetscCall(MatDestroy(A));
  PetscCall(ierr);
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  Mat                A;
  Vec                x, b, xexact, r;
  KSP                ksp;
  PC                 pc;
  char               file[PETSC_MAX_PATH_LEN] = "";
  PetscInt           M, N, rstart, rend, its, zero_row;
  PetscReal          res, err, nb, nx, rtol;
  PetscBool          flg, view_numbers = PETSC_FALSE, mm;
  KSPConvergedReason reason;
  KSPType            ksptype;
  PCType             pctype;
  size_t             flen;
  MatInfo            info;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriSplitInitializePackage());
  PetscCall(PetscOptionsGetString(NULL, NULL, "-f", file, sizeof(file), &flg));
  PetscCheck(flg, PETSC_COMM_WORLD, PETSC_ERR_USER_INPUT, "Give the matrix with -f <file>");
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-view_numbers", &view_numbers, NULL));
  PetscCall(PetscStrlen(file, &flen));
  mm = (PetscBool)((flen > 4 && !strcmp(file + flen - 4, ".mtx")) || (flen > 7 && !strcmp(file + flen - 7, ".mtx.gz")));
  if (mm) PetscCall(LoadMatrixMarket(file, &A));
  else {
    PetscViewer viewer;

    PetscCall(PetscViewerBinaryOpen(PETSC_COMM_WORLD, file, FILE_MODE_READ, &viewer));
    PetscCall(MatCreate(PETSC_COMM_WORLD, &A));
    PetscCall(MatSetFromOptions(A));
    PetscCall(MatLoad(A, viewer));
    PetscCall(PetscViewerDestroy(&viewer));
  }
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-zero_row", &zero_row, &flg));
  if (flg) { /* MatZeroRows() with a zero diagonal leaves the row without entries */
    PetscCall(MatGetOwnershipRange(A, &rstart, &rend));
    PetscCall(MatZeroRows(A, zero_row >= rstart && zero_row < rend ? 1 : 0, &zero_row, 0.0, NULL, NULL));
  }
  PetscCall(MatGetSize(A, &M, &N));
  PetscCall(MatGetInfo(A, MAT_GLOBAL_SUM, &info));

  PetscCall(MatCreateVecs(A, &x, &b));
  PetscCall(VecDuplicate(x, &xexact));
  PetscCall(VecGetOwnershipRange(xexact, &rstart, &rend));
  for (PetscInt i = rstart; i < rend; i++) PetscCall(VecSetValue(xexact, i, PetscSinReal(16 * PETSC_PI * i / N), INSERT_VALUES));
  PetscCall(VecAssemblyBegin(xexact));
  PetscCall(VecAssemblyEnd(xexact));
  PetscCall(MatMult(A, xexact, b));

  PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, PCALGTRI));
  PetscCall(KSPSetTolerances(ksp, 1e-6, PETSC_DEFAULT, PETSC_DEFAULT, 10000));
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(KSPSolve(ksp, b, x));
  PetscCall(KSPGetIterationNumber(ksp, &its));
  PetscCall(KSPGetConvergedReason(ksp, &reason));
  PetscCall(KSPGetType(ksp, &ksptype));
  PetscCall(PCGetType(pc, &pctype));
  PetscCall(KSPGetTolerances(ksp, &rtol, NULL, NULL, NULL));

  PetscCall(VecDuplicate(b, &r));
  PetscCall(MatMult(A, x, r));
  PetscCall(VecAYPX(r, -1.0, b));
  PetscCall(VecNorm(r, NORM_2, &res));
  PetscCall(VecNorm(b, NORM_2, &nb));
  res /= nb;
  PetscCall(VecWAXPY(r, -1.0, xexact, x));
  PetscCall(VecNorm(r, NORM_2, &err));
  PetscCall(VecNorm(xexact, NORM_2, &nx));
  err /= nx;

  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "matrix %" PetscInt_FMT " x %" PetscInt_FMT ", %.0f nonzeros: KSP %s PC %s: %s in %" PetscInt_FMT " iterations\n", M, N, (double)info.nz_used, ksptype, pctype, KSPConvergedReasons[reason], its));
  if (view_numbers) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  true relative residual %.3e, forward relative error %.3e\n", (double)res, (double)err));
  else PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  true relative residual below 10 rtol: %s\n", res <= 10 * rtol ? "yes" : "no"));

  PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&b));
  PetscCall(VecDestroy(&r));
  PetscCall(VecDestroy(&xexact));
  PetscCall(MatDestroy(&A));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST

  build:
    requires: !complex double

  testset:
    args: -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -ksp_max_it 2000

    test:
      suffix: sherman1
      args: -f ${trisplit_dir}/tests/data/sherman1.mtx.gz

    test:
      suffix: orsirr_1
      args: -f ${trisplit_dir}/tests/data/orsirr_1.mtx.gz

    test:
      suffix: 1138_bus_mpi
      nsize: 2
      args: -f ${trisplit_dir}/tests/data/1138_bus.mtx.gz

    # an empty row: every PC repairs its zero pivot and says so beside the converged reason; MOS-a warns under
    # left preconditioning, where its preconditioned residual converges and the true one does not
    test:
      suffix: zero_row
      args: -f ${trisplit_dir}/tests/data/sherman1.mtx.gz -zero_row 500 -ksp_converged_reason -pc_type {{algtri mosd mosa altsplit}separate output}

    test:
      suffix: zero_row_mosa_left
      args: -f ${trisplit_dir}/tests/data/sherman1.mtx.gz -zero_row 500 -ksp_converged_reason -pc_type mosa -ksp_pc_side left

    test:
      suffix: zero_row_stop
      args: -f ${trisplit_dir}/tests/data/sherman1.mtx.gz -zero_row 500 -ksp_converged_reason -pc_type algtri -pc_algtri_shift_type none

    # a structurally empty row (no diagonal entry): triamg's coarsest LU gets the entry as an explicit zero and shifts
    # the zero pivot, on one level (the whole matrix) and on three, on 1-3 ranks (PCREDUNDANT's LU across ranks); on
    # the device the coarsest inverse is shifted
    test:
      suffix: empty_row_triamg
      args: -f ${trisplit_dir}/tests/data/laplace20_empty_row.mtx -ksp_converged_reason -pc_type triamg -pc_triamg_coarse_size {{1000 20}separate output}

    test:
      suffix: empty_row_triamg_mpi
      nsize: {{2 3}}
      args: -f ${trisplit_dir}/tests/data/laplace20_empty_row.mtx -ksp_converged_reason -pc_type triamg
      output_file: output/ex2_empty_row_triamg_pc_triamg_coarse_size-1000.out

    test:
      suffix: empty_row_triamg_cuda
      requires: cuda
      args: -f ${trisplit_dir}/tests/data/laplace20_empty_row.mtx -ksp_converged_reason -pc_type triamg -pc_triamg_coarse_size 20 -mat_type aijcusparse
      output_file: output/ex2_empty_row_triamg_pc_triamg_coarse_size-20.out

    test:
      suffix: empty_row_triamg_cuda_one_level
      requires: cuda
      args: -f ${trisplit_dir}/tests/data/laplace20_empty_row.mtx -ksp_converged_reason -pc_type triamg -mat_type aijcusparse
      output_file: output/ex2_empty_row_triamg_pc_triamg_coarse_size-1000.out

    test:
      suffix: sherman1_mosd
      args: -f ${trisplit_dir}/tests/data/sherman1.mtx.gz -pc_type mosd -pc_mosd_m 2

    test:
      suffix: sherman1_altsplit
      args: -f ${trisplit_dir}/tests/data/sherman1.mtx.gz -pc_type altsplit -pc_altsplit_m 2

    test:
      suffix: orsirr_1_mosd
      args: -f ${trisplit_dir}/tests/data/orsirr_1.mtx.gz -pc_type mosd -pc_mosd_m 2

    test:
      suffix: orsirr_1_altsplit
      args: -f ${trisplit_dir}/tests/data/orsirr_1.mtx.gz -pc_type altsplit -pc_altsplit_m 2

    # sherman2 (6 unknowns per cell, weak diagonals): only 2x2 blocks from an uncharged matching solve it
    # (docs/guide.md; with charges the same GMRES(50) stops at 2000 iterations, residual 0.25)
    test:
      suffix: sherman2_block
      args: -f ${trisplit_dir}/tests/data/sherman2.mtx.gz -pc_type algtri -pc_algtri_block 2 -pc_algtri_factor_charge_period 1 -ksp_gmres_restart 50

    test:
      suffix: pde2961_algtri
      args: -f ${trisplit_dir}/tests/data/pde2961.mtx.gz -pc_type algtri

    test:
      suffix: pde2961_mosd
      args: -f ${trisplit_dir}/tests/data/pde2961.mtx.gz -pc_type mosd -pc_mosd_m 2

    test:
      suffix: pde2961_altsplit
      args: -f ${trisplit_dir}/tests/data/pde2961.mtx.gz -pc_type altsplit -pc_altsplit_m 2

    test:
      suffix: pde2961_mosd_mpi
      nsize: 2
      args: -f ${trisplit_dir}/tests/data/pde2961.mtx.gz -pc_type mosd -pc_mosd_m 2

    test:
      suffix: pde2961_altsplit_mpi
      nsize: 2
      args: -f ${trisplit_dir}/tests/data/pde2961.mtx.gz -pc_type altsplit -pc_altsplit_m 2

    # the same matrices on the GPU (-mat_type aijcusparse): the host's iteration counts; sherman2 with 2x2 blocks
    test:
      suffix: pde2961_algtri_cuda
      requires: cuda
      args: -f ${trisplit_dir}/tests/data/pde2961.mtx.gz -pc_type algtri -mat_type aijcusparse
      output_file: output/ex2_pde2961_algtri.out

    test:
      suffix: sherman2_block_cuda
      requires: cuda
      args: -f ${trisplit_dir}/tests/data/sherman2.mtx.gz -pc_type algtri -pc_algtri_block 2 -pc_algtri_factor_charge_period 1 -ksp_gmres_restart 50 -mat_type aijcusparse
      output_file: output/ex2_sherman2_block.out

    test:
      suffix: pde2961_mosd_mpi_cuda
      requires: cuda
      nsize: 2
      args: -f ${trisplit_dir}/tests/data/pde2961.mtx.gz -pc_type mosd -pc_mosd_m 2 -mat_type aijcusparse
      output_file: output/ex2_pde2961_mosd_mpi.out

TEST*/
