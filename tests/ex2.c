/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "Tests the linear forest kernels: weight graph, parallel [0,2]-factor against the sequential greedy,\n\
cycle breaking, paths, permutation and bands, on the 2D model problems and on Matrix Market files.\n\
  -n <64>       grid points per direction\n\
  -f <file>     also test this Matrix Market file (coordinate, general or symmetric)\n\n";

#include <petscmat.h>
#include <trisplit.h>
#include "trisplit_kernels.h"
#include "../tutorials/problems.h"

/* Reads a Matrix Market coordinate file (general or symmetric) into a SEQAIJ matrix. */
static PetscErrorCode ReadMatrixMarket(const char *fname, Mat *A)
{
  FILE     *fp;
  char      line[1024], cmd[PETSC_MAX_PATH_LEN + 32];
  PetscBool symmetric;
  int       M, N, nz;

  PetscFunctionBegin;
  PetscCall(PetscSNPrintf(cmd, sizeof(cmd), "gzip -dcf '%s'", fname));
  fp = popen(cmd, "r");
  PetscCheck(fp && fgets(line, sizeof(line), fp), PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "Cannot read %s", fname);
  symmetric = strstr(line, "symmetric") ? PETSC_TRUE : PETSC_FALSE;
  do PetscCheck(fgets(line, sizeof(line), fp), PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s has no size line", fname);
  while (line[0] == '%');
  PetscCheck(sscanf(line, "%d %d %d", &M, &N, &nz) == 3 && M == N, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: bad or non-square size line", fname);
  {
    PetscInt  *ii, *jj, *nnz;
    PetscReal *vv;

    /* triplets first, so the matrix is preallocated exactly */
    PetscCall(PetscMalloc4(2 * nz, &ii, 2 * nz, &jj, 2 * nz, &vv, M, &nnz));
    PetscCall(PetscArrayzero(nnz, M));
    PetscInt cnt = 0;
    for (int k = 0; k < nz; k++) {
      int    i, j;
      double v;
      PetscCheck(fgets(line, sizeof(line), fp) && sscanf(line, "%d %d %lf", &i, &j, &v) == 3 && i >= 1 && i <= M && j >= 1 && j <= N, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: bad entry %d", fname, k);
      ii[cnt] = i - 1, jj[cnt] = j - 1, vv[cnt++] = v, nnz[i - 1]++;
      if (symmetric && i != j) ii[cnt] = j - 1, jj[cnt] = i - 1, vv[cnt++] = v, nnz[j - 1]++;
    }
    for (PetscInt i = 0; i < M; i++) nnz[i] = PetscMin(nnz[i], N);
    PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, M, N, 0, nnz, A));
    for (PetscInt k = 0; k < cnt; k++) PetscCall(MatSetValue(*A, ii[k], jj[k], vv[k], ADD_VALUES));
    PetscCall(PetscFree4(ii, jj, vv, nnz));
  }
  pclose(fp);
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Weight of edge (i,j) in the graph, or -1 if there is none */
static double GraphWeight(const ts_int *g_rowptr, const ts_int *g_col, const double *g_w, ts_int i, ts_int j)
{
  for (ts_int e = g_rowptr[i]; e < g_rowptr[i + 1]; e++)
    if (g_col[e] == j) return g_w[e];
  return -1.0;
}

/* Counts violations of what a [0,2]-factor must be: symmetric, at most 2 distinct partners, edges
   of the graph carrying their weight. */
static PetscInt CheckFactor(ts_int n, const ts_int *g_rowptr, const ts_int *g_col, const double *g_w, const ts_int *partner, const double *partner_w)
{
  PetscInt bad = 0;
  for (ts_int v = 0; v < n; v++)
    for (int s = 0; s < 2; s++) {
      const ts_int w = partner[2 * v + s];
      if (w < 0) continue;
      if (w == v || (s == 1 && w == partner[2 * v]) || (s == 1 && partner[2 * v] < 0)) bad++;
      if (partner[2 * w] != v && partner[2 * w + 1] != v) bad++;
      if (GraphWeight(g_rowptr, g_col, g_w, v, w) != partner_w[2 * v + s]) bad++;
    }
  return bad;
}

static PetscErrorCode TestMatrix(const char *name, Mat A)
{
  PetscInt         n, bad = 0, forest_edges = 0, slots = 0;
  const PetscInt  *ia, *ja;
  const PetscReal *va;
  PetscBool        done;
  ts_int          *t_rowptr, *t_col, *g_rowptr, *g_col, *partner, *partner2, *path_id, *position, *perm, *iperm, *perm2, *work, npaths, longest, ncycles;
  double          *t_val, *scale, *g_w, *partner_w, *partner2_w, *a, *b, *c, c_par, c_greedy;
  void            *fwork;
  int              rounds;
  ts_factor_params params = {2, 5, 5, 0, 0.5, 0};

  PetscFunctionBegin;
  PetscCall(MatGetRowIJ(A, 0, PETSC_FALSE, PETSC_FALSE, &n, &ia, &ja, &done));
  PetscCall(MatSeqAIJGetArrayRead(A, &va));
  PetscCall(PetscMalloc4(n + 1, &t_rowptr, ia[n], &t_col, ia[n], &t_val, n, &scale));
  ts_ref_csr_transpose(n, n, ia, ja, va, t_rowptr, t_col, t_val);
  ts_ref_graph_scale(TS_WEIGHT_SCALED, n, ia, ja, va, scale);
  PetscCall(PetscMalloc1(n + 1, &g_rowptr));
  ts_ref_graph_rowptr(n, ia, ja, t_rowptr, t_col, g_rowptr);
  PetscCall(PetscMalloc2(g_rowptr[n], &g_col, g_rowptr[n], &g_w));
  ts_ref_graph_fill(n, ia, ja, va, t_rowptr, t_col, t_val, scale, g_rowptr, g_col, g_w);

  /* C is symmetric bit for bit and has no diagonal */
  for (ts_int i = 0; i < n; i++)
    for (ts_int e = g_rowptr[i]; e < g_rowptr[i + 1]; e++)
      if (g_col[e] == i || GraphWeight(g_rowptr, g_col, g_w, g_col[e], i) != g_w[e]) bad++;
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "%s: %" PetscInt_FMT " rows, %" PetscInt_FMT " graph edges, graph symmetric without diagonal: %s\n", name, n, (PetscInt)g_rowptr[n] / 2, bad ? "no" : "yes"));

  PetscCall(PetscMalloc4(2 * n, &partner, 2 * n, &partner_w, 2 * n, &partner2, 2 * n, &partner2_w));
  PetscCall(PetscMalloc(PetscMax(ts_ref_factor_size(n, 2), ts_ref_factor_greedy_size(n, g_rowptr[n])), &fwork));
  PetscCheck(ts_ref_factor(&params, n, g_rowptr, g_col, g_w, partner, partner_w, fwork, &rounds) == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_LIB, "factor failed");
  PetscCheck(ts_ref_factor_greedy(2, n, g_rowptr, g_col, g_w, partner2, partner2_w, fwork) == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_LIB, "greedy failed");
  c_par    = ts_ref_factor_coverage(2, n, g_rowptr, g_w, partner, partner_w);
  c_greedy = ts_ref_factor_coverage(2, n, g_rowptr, g_w, partner2, partner2_w);
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "  [0,2]-factor valid: parallel %s, greedy %s\n", CheckFactor(n, g_rowptr, g_col, g_w, partner, partner_w) ? "no" : "yes", CheckFactor(n, g_rowptr, g_col, g_w, partner2, partner2_w) ? "no" : "yes"));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "  coverage parallel %.2f, greedy %.2f, within 0.02: %s\n", c_par, c_greedy, PetscAbsReal(c_par - c_greedy) <= 0.02 ? "yes" : "no"));

  /* linear forest and its permutation */
  PetscCall(PetscMalloc6(n, &path_id, n, &position, n, &perm, n, &iperm, n, &perm2, 2 * n, &work));
  PetscCheck(ts_ref_linear_forest(n, partner, partner_w, path_id, position, perm, iperm, work, &npaths, &longest, &ncycles) == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_LIB, "forest failed");
  bad = CheckFactor(n, g_rowptr, g_col, g_w, partner, partner_w);
  for (ts_int v = 0; v < n; v++) work[v] = 0;
  for (ts_int k = 0; k < n; k++) {
    if (perm[k] < 0 || perm[k] >= n || work[perm[k]]++ || iperm[perm[k]] != k) bad++;
    if (k > 0 && path_id[perm[k]] == path_id[perm[k - 1]]) {
      /* consecutive vertices of a path: a forest edge, positions one apart */
      if (partner[2 * perm[k]] != perm[k - 1] && partner[2 * perm[k] + 1] != perm[k - 1]) bad++;
      if (position[perm[k]] != position[perm[k - 1]] + 1) bad++;
      forest_edges++;
    } else if (position[perm[k]] != 0 || path_id[perm[k]] != perm[k]) bad++; /* a path starts at its smaller end */
  }
  for (ts_int v = 0; v < n; v++) slots += (partner[2 * v] >= 0) + (partner[2 * v + 1] >= 0); /* every edge twice */
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "  forest: %" PetscInt_FMT " paths, %" PetscInt_FMT " cycles broken, permutation and paths valid: %s, edges = rows - paths: %s\n", (PetscInt)npaths, (PetscInt)ncycles, bad ? "no" : "yes", 2 * forest_edges == slots && forest_edges == n - npaths ? "yes" : "no"));

  /* determinism: the same input gives the same forest */
  PetscCheck(ts_ref_factor(&params, n, g_rowptr, g_col, g_w, partner2, partner2_w, fwork, &rounds) == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_LIB, "factor failed");
  PetscCheck(ts_ref_linear_forest(n, partner2, partner2_w, path_id, position, perm2, iperm, work, &npaths, &longest, &ncycles) == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_LIB, "forest failed");
  bad = 0;
  for (ts_int k = 0; k < n; k++) bad += perm[k] != perm2[k];
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "  repeated extraction gives the same permutation: %s\n", bad ? "no" : "yes"));

  /* bands: P A P^T restricted to the forest, compared entry by entry with A */
  PetscCall(PetscMalloc3(n, &a, n, &b, n, &c));
  ts_ref_forest_bands(n, ia, ja, va, perm, iperm, path_id, a, b, c);
  bad = 0;
  for (ts_int k = 0; k < n; k++) {
    const ts_int v   = perm[k];
    double       avv = 0, avl = 0, avr = 0;
    for (PetscInt e = ia[v]; e < ia[v + 1]; e++) {
      if (ja[e] == v) avv = va[e];
      if (k > 0 && ja[e] == perm[k - 1] && path_id[perm[k - 1]] == path_id[v]) avl = va[e];
      if (k < n - 1 && ja[e] == perm[k + 1] && path_id[perm[k + 1]] == path_id[v]) avr = va[e];
    }
    bad += (b[k] != avv) + (a[k] != avl) + (c[k] != avr);
  }
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "  bands equal the forest entries of A: %s, coverage c_pi %.2f, c_id %.2f\n", bad ? "no" : "yes", ts_ref_factor_coverage(2, n, g_rowptr, g_w, partner, partner_w), ts_ref_identity_coverage(n, g_rowptr, g_col, g_w)));

  PetscCall(PetscFree3(a, b, c));
  PetscCall(PetscFree6(path_id, position, perm, iperm, perm2, work));
  PetscCall(PetscFree(fwork));
  PetscCall(PetscFree4(partner, partner_w, partner2, partner2_w));
  PetscCall(PetscFree2(g_col, g_w));
  PetscCall(PetscFree(g_rowptr));
  PetscCall(PetscFree4(t_rowptr, t_col, t_val, scale));
  PetscCall(MatSeqAIJRestoreArrayRead(A, &va));
  PetscCall(MatRestoreRowIJ(A, 0, PETSC_FALSE, PETSC_FALSE, &n, &ia, &ja, &done));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  Mat       A;
  PetscInt  n = 64;
  char      file[PETSC_MAX_PATH_LEN];
  PetscBool flg;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  for (int p = 0; p < 4; p++) {
    char name[64];

    PetscCall(AssembleStencil(PETSC_COMM_SELF, FixedStencils[p], n, MATAIJ, &A));
    PetscCall(PetscSNPrintf(name, sizeof(name), "%s %" PetscInt_FMT "x%" PetscInt_FMT, Problems[p], n, n));
    PetscCall(TestMatrix(name, A));
    PetscCall(MatDestroy(&A));
  }
  PetscCall(PetscOptionsGetString(NULL, NULL, "-f", file, sizeof(file), &flg));
  if (flg) {
    PetscCall(ReadMatrixMarket(file, &A));
    PetscCall(TestMatrix(strrchr(file, '/') ? strrchr(file, '/') + 1 : file, A));
    PetscCall(MatDestroy(&A));
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST

  build:
    requires: !complex double

  test:
    suffix: model
    args: -n 64

  test:
    suffix: sherman1
    args: -n 16 -f ${trisplit_dir}/tests/data/sherman1.mtx.gz

  test:
    suffix: cage11
    requires: datafilespath
    args: -n 16 -f ${DATAFILESPATH}/cage11.mtx.gz

  test:
    suffix: orsirr_1
    args: -n 16 -f ${trisplit_dir}/tests/data/orsirr_1.mtx.gz

TEST*/
