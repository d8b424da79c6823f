/* SPDX-License-Identifier: BSD-2-Clause */
/*
   PCTRIAMG's host leaf operations (include/trisplit/private/triamgimpl.h): the aggregates, the prolongator smoothed
   along the forest and the Galerkin product of the reference kernels (src/kernels/reference/aggregate.c,
   prolongator.c, galerkin.c), the oracle of the device's, on MATSEQAIJ matrices that own the kernels' arrays.
*/
#include <trisplit/private/triamgimpl.h>

typedef struct {
  PetscInt    *i, *j;
  PetscScalar *a;
} TSPTriAMGArrays;

static PetscErrorCode TSPTriAMGArraysDestroy(void *ctx)
{
  TSPTriAMGArrays *arr = (TSPTriAMGArrays *)ctx;

  PetscFunctionBegin;
  PetscCall(PetscFree(arr->i));
  PetscCall(PetscFree(arr->j));
  PetscCall(PetscFree(arr->a));
  PetscCall(PetscFree(arr));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A MATSEQAIJ on CSR arrays (PetscMalloc()) that it owns from now on: freed with the matrix */
static PetscErrorCode TSPTriAMGMatCreateOwned(PetscInt m, PetscInt n, PetscInt *i, PetscInt *j, PetscScalar *a, Mat *M)
{
  TSPTriAMGArrays *arr;

  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TriSplit_AMGMatCreate, 0, 0, 0, 0));
  PetscCall(MatCreateSeqAIJWithArrays(PETSC_COMM_SELF, m, n, i, j, a, M));
  PetscCall(PetscNew(&arr));
  arr->i = i;
  arr->j = j;
  arr->a = a;
  PetscCall(TriSplitObjectCompose((PetscObject)*M, "TSPTriAMGArrays", arr, TSPTriAMGArraysDestroy));
  PetscCall(PetscLogEventEnd(TriSplit_AMGMatCreate, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGAggregate_Host(Mat Ad, PC fpc, PetscInt s, PetscInt **agg, PetscInt *nagg)
{
  PetscInt        n;
  const PetscInt *perm, *path_id;

  PetscFunctionBegin;
  PetscCall(MatGetLocalSize(Ad, &n, NULL));
  PetscCall(TSPTriAMGLevelPaths(fpc, n, PETSC_MEMTYPE_HOST, &perm, &path_id));
  PetscCheck(s >= 1, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: aggregate size %" PetscInt_FMT " < 1", s);
  PetscCall(PetscMalloc1(PetscMax(n, 1), agg));
  PetscCall(PetscLogEventBegin(TriSplit_AMGAggregate, fpc, 0, 0, 0));
  *nagg = 0;
  if (n) {
    const PetscInt    *ia, *ja;
    const PetscScalar *va;
    PetscInt           m, paths;
    void              *work;

    paths = ts_ref_aggregate(n, perm, path_id, s, *agg);
    PetscCall(TriSplitGetCSR(Ad, &m, &ia, &ja, &va));
    PetscCall(PetscMalloc(ts_ref_aggregate_join_buffer_size(n), &work));
    *nagg = ts_ref_aggregate_join(n, ia, ja, va, *agg, work);
    PetscCall(PetscFree(work));
    PetscCall(TriSplitRestoreCSR(Ad, &m, &ia, &ja, &va));
    if (*nagg != paths) PetscCall(PetscInfo(fpc, "%" PetscInt_FMT " of %" PetscInt_FMT " aggregates held only rows without a diagonal: their rows joined a neighbour's\n", paths - *nagg, paths));
  }
  PetscCall(PetscLogEventEnd(TriSplit_AMGAggregate, fpc, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGPairWeights_Host(Mat Ad, PC fpc, Mat *B, PetscReal *share)
{
  PetscInt           n, *brow, *bcol;
  PetscScalar       *bval;
  const PetscInt    *perm, *path_id, *ia, *ja;
  const PetscScalar *va;
  double             sums[2];
  void              *work;

  PetscFunctionBegin;
  PetscCall(MatGetLocalSize(Ad, &n, NULL));
  PetscCall(TSPTriAMGLevelPaths(fpc, n, PETSC_MEMTYPE_HOST, &perm, &path_id));
  PetscCall(TriSplitGetCSR(Ad, &n, &ia, &ja, &va));
  PetscCall(PetscMalloc1(n + 1, &brow));
  PetscCall(PetscMalloc1(PetscMax(ia[n], 1), &bcol));
  PetscCall(PetscMalloc1(PetscMax(ia[n], 1), &bval));
  PetscCall(PetscArraycpy(brow, ia, n + 1));
  PetscCall(PetscArraycpy(bcol, ja, ia[n]));
  PetscCall(PetscMalloc(ts_ref_pair_weights_buffer_size(n), &work));
  ts_ref_pair_weights(n, ia, ja, va, path_id, bval, sums, work);
  PetscCall(PetscFree(work));
  PetscCall(TriSplitRestoreCSR(Ad, &n, &ia, &ja, &va));
  PetscCall(TSPTriAMGMatCreateOwned(n, n, brow, bcol, bval, B));
  *share = sums[1] > 0 ? (PetscReal)(sums[0] / sums[1]) : 1.0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGPairMatch_Host(Mat W, PetscInt n, PetscInt *agg, PetscInt *nagg)
{
  PetscInt           m, *partner, *ids;
  const PetscInt    *wi, *wj;
  const PetscScalar *wv;
  PetscScalar       *pw;
  ts_factor_params   prm;
  void              *work;

  PetscFunctionBegin;
  TSPFactorParamsDefault(&prm, 1); /* the forests' parameters, one partner: a matching */
  PetscCall(TriSplitGetCSR(W, &m, &wi, &wj, &wv));
  PetscCall(PetscMalloc3(PetscMax(m, 1), &partner, PetscMax(m, 1), &pw, m + 1, &ids));
  PetscCall(PetscMalloc(ts_ref_factor_size(m, 1) + 1, &work));
  PetscCall(TSPTriAMGCheck(ts_ref_factor(&prm, m, wi, wj, wv, partner, pw, work, NULL), "aggregates' matching"));
  PetscCall(PetscFree(work));
  *nagg = ts_ref_aggregate_pair_ids(m, partner, n, agg, ids);
  PetscCall(PetscFree3(partner, pw, ids));
  PetscCall(TriSplitRestoreCSR(W, &m, &wi, &wj, &wv));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGCollapse_Host(Mat Ad, PetscInt bs, Mat *N)
{
  PetscInt           n, nn, *nrow, *ncol;
  PetscScalar       *nval;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;

  PetscFunctionBegin;
  PetscCall(TriSplitGetCSR(Ad, &n, &ia, &ja, &va));
  nn = n / bs;
  PetscCall(PetscMalloc1(nn + 1, &nrow));
  PetscCall(PetscMalloc1(PetscMax(ia[nn * bs], 1), &ncol)); /* a node row has at most the entries of its rows */
  PetscCall(PetscMalloc1(PetscMax(ia[nn * bs], 1), &nval));
  ts_ref_csr_collapse(nn, bs, ia, ja, va, nrow, ncol, nval);
  PetscCall(TriSplitRestoreCSR(Ad, &n, &ia, &ja, &va));
  PetscCall(TSPTriAMGMatCreateOwned(nn, nn, nrow, ncol, nval, N));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGExpand_Host(PetscInt n, PetscInt bs, const PetscInt *aggn, PetscInt **agg)
{
  PetscFunctionBegin;
  PetscCall(PetscMalloc1(PetscMax(n, 1), agg));
  ts_ref_aggregate_expand(n, bs, aggn, *agg);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGProlongator_Host(Mat A, const PetscInt *agg, PetscInt ncols, PetscBool smooth, PetscReal rho, PetscReal theta, Mat *P, PetscReal *omega)
{
  PetscInt           n, *prow, *pcol;
  PetscScalar       *pval;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  double             w = 0;

  PetscFunctionBegin;
  PetscCall(TriSplitGetCSR(A, &n, &ia, &ja, &va));
  /* a row of P has at most the entries of its row of A, and the row's own aggregate */
  PetscCall(PetscMalloc1(n + 1, &prow));
  PetscCall(PetscMalloc1(ia[n] + n + 1, &pcol));
  PetscCall(PetscMalloc1(ia[n] + n + 1, &pval));
  PetscCall(TSPTriAMGCheck(ts_ref_prolongator(n, ia, ja, va, agg, smooth ? 1 : 0, (double)rho, (double)theta, prow, pcol, pval, &w), "prolongator"));
  PetscCall(PetscLogFlops(smooth ? 4.0 * ia[n] : 0.0));
  PetscCall(TriSplitRestoreCSR(A, &n, &ia, &ja, &va));
  *omega = (PetscReal)w;
  PetscCall(TSPTriAMGMatCreateOwned(n, ncols, prow, pcol, pval, P));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGChecksum_Host(PetscInt n, const PetscInt *agg, PetscInt rstart, PetscInt cstart, PetscInt64 *sum)
{
  PetscFunctionBegin;
  *sum = (PetscInt64)ts_ref_aggregate_checksum(n, rstart, cstart, agg);
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGExtend_Host(PetscInt n, const PetscInt *agg, PetscInt ng, const PetscInt *ghost, PetscInt **ext)
{
  PetscFunctionBegin;
  PetscCall(PetscMalloc1(PetscMax(n + ng, 1), ext));
  PetscCall(PetscArraycpy(*ext, agg, n));
  PetscCall(PetscArraycpy(*ext + n, ghost, ng));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGJoin_Host(Mat Ad, Mat Ao, MatReuse reuse, Mat *J)
{
  PetscInt           n, on, nd, no, *ci = NULL, *cj = NULL;
  const PetscInt    *di, *dj, *oi, *oj;
  const PetscScalar *dv, *ov;
  PetscScalar       *cv;

  PetscFunctionBegin;
  PetscCall(MatGetSize(Ad, NULL, &nd));
  PetscCall(MatGetSize(Ao, NULL, &no));
  PetscCall(TriSplitGetCSR(Ad, &n, &di, &dj, &dv));
  PetscCall(TriSplitGetCSR(Ao, &on, &oi, &oj, &ov));
  if (reuse == MAT_INITIAL_MATRIX) {
    PetscCall(PetscMalloc1(n + 1, &ci));
    PetscCall(PetscMalloc1(PetscMax(di[n] + oi[n], 1), &cj));
    PetscCall(PetscMalloc1(PetscMax(di[n] + oi[n], 1), &cv));
  } else PetscCall(MatSeqAIJGetArrayWrite(*J, &cv));
  ts_ref_csr_join(n, di, dj, dv, oi, oj, ov, nd, ci, cj, cv);
  PetscCall(TriSplitRestoreCSR(Ao, &on, &oi, &oj, &ov));
  PetscCall(TriSplitRestoreCSR(Ad, &n, &di, &dj, &dv));
  if (reuse == MAT_INITIAL_MATRIX) PetscCall(TSPTriAMGMatCreateOwned(n, nd + no, ci, cj, cv, J));
  else PetscCall(MatSeqAIJRestoreArrayWrite(*J, &cv));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGAppend_Host(Mat P, PetscInt ng, const PetscInt *gi, const PetscInt *gj, const PetscScalar *gv, PetscInt ncols, Mat *Pext)
{
  PetscInt           n, *ei, *ej;
  const PetscInt    *pi, *pj;
  const PetscScalar *pv;
  PetscScalar       *ev;

  PetscFunctionBegin;
  PetscCall(TriSplitGetCSR(P, &n, &pi, &pj, &pv));
  PetscCall(PetscMalloc1(n + ng + 1, &ei));
  PetscCall(PetscMalloc1(PetscMax(pi[n] + gi[ng], 1), &ej));
  PetscCall(PetscMalloc1(PetscMax(pi[n] + gi[ng], 1), &ev));
  PetscCall(PetscArraycpy(ei, pi, n + 1));
  for (PetscInt g = 1; g <= ng; g++) ei[n + g] = pi[n] + gi[g];
  PetscCall(PetscArraycpy(ej, pj, pi[n]));
  PetscCall(PetscArraycpy(ev, pv, pi[n]));
  PetscCall(PetscArraycpy(ej + pi[n], gj, gi[ng]));
  PetscCall(PetscArraycpy(ev + pi[n], gv, gi[ng]));
  PetscCall(TriSplitRestoreCSR(P, &n, &pi, &pj, &pv));
  PetscCall(TSPTriAMGMatCreateOwned(n + ng, ncols, ei, ej, ev, Pext));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGRows_Host(Mat M, PetscInt nr, const PetscInt *rows, PetscInt **i, PetscInt **j, PetscScalar **v)
{
  PetscInt           n;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;

  PetscFunctionBegin;
  PetscCall(TriSplitGetCSR(M, &n, &ia, &ja, &va));
  PetscCall(PetscMalloc1(nr + 1, i));
  (*i)[0] = 0;
  ts_ref_csr_row_lengths(nr, rows, ia, *i + 1);
  for (PetscInt r = 0; r < nr; r++) (*i)[r + 1] += (*i)[r];
  PetscCall(PetscMalloc1(PetscMax((*i)[nr], 1), j));
  PetscCall(PetscMalloc1(PetscMax((*i)[nr], 1), v));
  ts_ref_csr_gather(nr, rows, ia, ja, va, *i, *j, *v);
  PetscCall(TriSplitRestoreCSR(M, &n, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGFromHost_Host(PetscInt m, PetscInt n, const PetscInt *i, const PetscInt *j, const PetscScalar *v, Mat *M)
{
  PetscInt    *ci, *cj;
  PetscScalar *cv;

  PetscFunctionBegin;
  PetscCall(PetscMalloc1(m + 1, &ci));
  PetscCall(PetscMalloc1(PetscMax(i[m], 1), &cj));
  PetscCall(PetscMalloc1(PetscMax(i[m], 1), &cv));
  PetscCall(PetscArraycpy(ci, i, m + 1));
  PetscCall(PetscArraycpy(cj, j, i[m]));
  PetscCall(PetscArraycpy(cv, v, i[m]));
  PetscCall(TSPTriAMGMatCreateOwned(m, n, ci, cj, cv, M));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGSplit_Host(Mat M, PetscInt m, PetscInt nd, Mat *D, Mat *O)
{
  PetscInt           n, ncols, *di, *dj, *oi, *oj;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  PetscScalar       *dv, *ov;

  PetscFunctionBegin;
  PetscCall(MatGetSize(M, NULL, &ncols));
  PetscCall(TriSplitGetCSR(M, &n, &ia, &ja, &va));
  PetscCall(PetscMalloc1(m + 1, &di));
  PetscCall(PetscMalloc1(m + 1, &oi));
  ts_ref_csr_split_count(m, ia, ja, nd, di);
  PetscCall(PetscMalloc1(PetscMax(di[m], 1), &dj));
  PetscCall(PetscMalloc1(PetscMax(di[m], 1), &dv));
  PetscCall(PetscMalloc1(PetscMax(ia[m] - di[m], 1), &oj));
  PetscCall(PetscMalloc1(PetscMax(ia[m] - di[m], 1), &ov));
  ts_ref_csr_split(m, ia, ja, va, nd, di, dj, dv, oi, oj, ov);
  PetscCall(TriSplitRestoreCSR(M, &n, &ia, &ja, &va));
  PetscCall(TSPTriAMGMatCreateOwned(m, nd, di, dj, dv, D));
  PetscCall(TSPTriAMGMatCreateOwned(m, ncols - nd, oi, oj, ov, O));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGMerge_Host(Mat M, PetscInt m, PetscInt nd, const PetscInt *map, PetscInt ne, const PetscInt *erow, const PetscInt *ecol, const PetscScalar *eval, PetscInt ncols, Mat *C)
{
  PetscInt           n, *ci, *cj;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  PetscScalar       *cv;

  PetscFunctionBegin;
  PetscCall(TriSplitGetCSR(M, &n, &ia, &ja, &va));
  PetscCall(PetscMalloc1(m + 1, &ci));
  ts_ref_csr_merge_count(m, ia, ja, nd, map, ne, erow, ecol, ci);
  PetscCall(PetscMalloc1(PetscMax(ci[m], 1), &cj));
  PetscCall(PetscMalloc1(PetscMax(ci[m], 1), &cv));
  ts_ref_csr_merge(m, ia, ja, va, nd, map, ne, erow, ecol, eval, ci, cj, cv);
  PetscCall(TriSplitRestoreCSR(M, &n, &ia, &ja, &va));
  PetscCall(TSPTriAMGMatCreateOwned(m, ncols, ci, cj, cv, C));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* MATMPIAIJ from the blocks: since PETSc 3.23 they become its own (MatCreateMPIAIJWithSeqAIJ() with garray, nothing
   copied or compacted); before, PETSc copies their rows in global columns (TriSplitMPIAIJFromBlocks()) */
static PetscErrorCode TSPTriAMGDistributed_Host(MPI_Comm comm, Mat D, Mat O, PetscInt *garray, Mat *M)
{
  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TriSplit_AMGMatCreate, 0, 0, 0, 0));
#if PETSC_VERSION_GE(3, 23, 0)
  PetscCall(MatCreateMPIAIJWithSeqAIJ(comm, PETSC_DETERMINE, PETSC_DETERMINE, D, O, garray, M));
#else
  PetscCall(TriSplitMPIAIJFromBlocks(comm, D, O, garray, M));
  PetscCall(PetscFree(garray));
  PetscCall(MatDestroy(&D));
  PetscCall(MatDestroy(&O));
#endif
  PetscCall(PetscLogEventEnd(TriSplit_AMGMatCreate, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGAggregatesFree_Host(PetscInt **agg)
{
  PetscFunctionBegin;
  PetscCall(PetscFree(*agg));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A product's pattern (ts_ref_galerkin_product_pattern()) in one pass over its terms: *crow (ncl + 1) and *ccol, which
   starts at guess entries, doubles whenever the next row does not fit and ends at the pattern's size */
static PetscErrorCode TSPTriAMGPattern_Host(PetscInt n, PetscInt ncl, PetscInt ncr, const PetscInt *rowptr, const PetscInt *col, const PetscInt *lrow, const PetscInt *lcol, const PetscInt *rrow, const PetscInt *rcol, PetscInt guess, void *work, PetscInt **crow, PetscInt **ccol)
{
  PetscInt first = 0, cap = PetscMax(guess, 1);

  PetscFunctionBegin;
  PetscCall(PetscMalloc1(ncl + 1, crow));
  PetscCall(PetscMalloc1(cap, ccol));
  for (;;) {
    PetscCall(TSPTriAMGCheck(ts_ref_galerkin_product_pattern(n, ncl, ncr, rowptr, col, lrow, lcol, rrow, rcol, first, cap, *crow, *ccol, &first, work), "galerkin pattern"));
    if (first == ncl) break;
    PetscCheck(cap < ((PetscInt)1 << (8 * sizeof(PetscInt) - 2)), PETSC_COMM_SELF, PETSC_ERR_SUP, "PCTRIAMG: a Galerkin product of %" PetscInt_FMT " rows has more entries than PetscInt counts", ncl);
    cap *= 2;
    PetscCall(PetscRealloc(sizeof(PetscInt) * (size_t)cap, ccol));
  }
  if ((*crow)[ncl] < cap) PetscCall(PetscRealloc(sizeof(PetscInt) * (size_t)PetscMax((*crow)[ncl], 1), ccol)); /* C keeps it */
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* C = P^T A P at once or as P^T (A P) (reference/galerkin.c, ts_galerkin_two_products()). The pattern of A P, from
   which C's comes, is made again for new values of A rather than kept where the two products need it: it costs a
   pass over A P's terms, as its values do. */
static PetscErrorCode TSPTriAMGGalerkin_Host(Mat A, Mat P, MatReuse reuse, Mat *C)
{
  PetscInt           n, nc, pn, cn, *crow, *ccol, *aprow = NULL, *apcol = NULL;
  PetscScalar       *cval, *apval = NULL;
  const PetscInt    *ia, *ja, *pi, *pj, *ci, *cj;
  const PetscScalar *va, *pa;
  void              *work;
  PetscBool          done, two;

  PetscFunctionBegin;
  PetscCall(MatGetSize(P, NULL, &nc));
  PetscCall(TriSplitGetCSR(A, &n, &ia, &ja, &va));
  PetscCall(TriSplitGetCSR(P, &pn, &pi, &pj, &pa));
  two = ts_galerkin_two_products(n, pi[pn]) ? PETSC_TRUE : PETSC_FALSE;
  PetscCall(PetscMalloc(ts_ref_galerkin_buffer_size(n, nc, pi[pn]), &work));
  PetscCall(PetscLogEventBegin(TriSplit_AMGPtAPSymbolic, A, P, 0, 0));
  if (reuse == MAT_INITIAL_MATRIX || two) { /* the pattern of A P, at first as many entries as A */
    PetscCall(TSPTriAMGPattern_Host(n, n, nc, ia, ja, NULL, NULL, pi, pj, ia[n], work, &aprow, &apcol));
    if (two) PetscCall(PetscMalloc1(aprow[n] + 1, &apval));
  }
  if (reuse == MAT_INITIAL_MATRIX) { /* C's as the union of its rows, at first as many entries as A P's rows */
    PetscCall(PetscInfo(P, "Galerkin product of %" PetscInt_FMT " rows: %s, A P has %" PetscInt_FMT " entries\n", n, two ? "two products" : "at once", aprow[n]));
    PetscCall(TSPTriAMGPattern_Host(n, nc, nc, aprow, apcol, pi, pj, NULL, NULL, aprow[n] / PetscMax(n / PetscMax(nc, 1), 1), work, &crow, &ccol));
    PetscCall(PetscMalloc1(PetscMax(crow[nc], 1), &cval));
    ci = crow;
    cj = ccol;
  } else { /* the pattern of the last call, new values */
    PetscCall(MatGetRowIJ(*C, 0, PETSC_FALSE, PETSC_FALSE, &cn, &ci, &cj, &done));
    PetscCall(MatSeqAIJGetArrayWrite(*C, &cval));
  }
  PetscCall(PetscLogEventEnd(TriSplit_AMGPtAPSymbolic, A, P, 0, 0));
  PetscCall(PetscLogEventBegin(TriSplit_AMGPtAPNumeric, A, P, 0, 0));
  if (two) {
    PetscCall(TSPTriAMGCheck(ts_ref_galerkin_product_values(n, n, nc, ia, ja, va, NULL, NULL, NULL, pi, pj, pa, aprow, apcol, apval, work), "galerkin values"));
    PetscCall(TSPTriAMGCheck(ts_ref_galerkin_product_values(n, nc, nc, aprow, apcol, apval, pi, pj, pa, NULL, NULL, NULL, ci, cj, cval, work), "galerkin values"));
  } else PetscCall(TSPTriAMGCheck(ts_ref_galerkin_product_values(n, nc, nc, ia, ja, va, pi, pj, pa, pi, pj, pa, ci, cj, cval, work), "galerkin values"));
  PetscCall(PetscLogEventEnd(TriSplit_AMGPtAPNumeric, A, P, 0, 0));
  if (reuse == MAT_INITIAL_MATRIX) PetscCall(TSPTriAMGMatCreateOwned(nc, nc, crow, ccol, cval, C));
  else {
    PetscCall(MatSeqAIJRestoreArrayWrite(*C, &cval));
    PetscCall(MatRestoreRowIJ(*C, 0, PETSC_FALSE, PETSC_FALSE, &cn, &ci, &cj, &done));
  }
  PetscCall(PetscFree(aprow));
  PetscCall(PetscFree(apcol));
  PetscCall(PetscFree(apval));
  PetscCall(PetscFree(work));
  PetscCall(TriSplitRestoreCSR(P, &pn, &pi, &pj, &pa));
  PetscCall(TriSplitRestoreCSR(A, &n, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGEstimate_Host(Mat A, PetscInt steps, PetscReal *rho)
{
  PetscInt           n;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  PetscScalar       *x, *y;
  double             norms[2];

  PetscFunctionBegin;
  PetscCall(TriSplitGetCSR(A, &n, &ia, &ja, &va));
  PetscCall(PetscMalloc2(PetscMax(n, 1), &x, PetscMax(n, 1), &y));
  ts_ref_jacobi_power(n, ia, ja, va, 0, (int)steps, x, y, norms);
  PetscCall(PetscLogFlops((2.0 * ia[n] + n) * steps + 4.0 * n));
  PetscCall(PetscFree2(x, y));
  PetscCall(TriSplitRestoreCSR(A, &n, &ia, &ja, &va));
  *rho = norms[0] > 0 ? (PetscReal)PetscSqrtReal(norms[1] / norms[0]) : 0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGCreateVector_Host(Mat A, Vec *x)
{
  PetscFunctionBegin;
  PetscCall(MatCreateVecs(A, x, NULL));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGStartVector_Host(Mat A, Vec *x)
{
  PetscScalar *xa;
  PetscInt     n, rstart;

  PetscFunctionBegin;
  PetscCall(TSPTriAMGCreateVector_Host(A, x));
  PetscCall(MatGetOwnershipRange(A, &rstart, NULL));
  PetscCall(VecGetLocalSize(*x, &n));
  PetscCall(VecGetArrayWrite(*x, &xa));
  ts_ref_hash_fill(n, rstart, xa);
  PetscCall(VecRestoreArrayWrite(*x, &xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGNormsBegin_Host(PetscInt n, void **acc)
{
  PetscReal *sums;

  PetscFunctionBegin;
  PetscCall(PetscCalloc1(PetscMax(n, 1), &sums));
  *acc = sums;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGNorm_Host(void *acc, PetscInt i, Vec x)
{
  const PetscScalar *xa;
  PetscInt           n;
  double             sum;

  PetscFunctionBegin;
  PetscCall(VecGetLocalSize(x, &n));
  PetscCall(VecGetArrayRead(x, &xa));
  ts_ref_sumsq(n, xa, &sum);
  PetscCall(VecRestoreArrayRead(x, &xa));
  ((PetscReal *)acc)[i] = (PetscReal)sum;
  PetscCall(PetscLogFlops(2.0 * n));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGNormsEnd_Host(void **acc, PetscInt n, PetscReal sums[])
{
  PetscFunctionBegin;
  PetscCall(PetscArraycpy(sums, (PetscReal *)*acc, n));
  PetscCall(PetscFree(*acc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the coarsest level: PCMG's LU on its own operator */
static PetscErrorCode TSPTriAMGCoarse_Host(KSP ksp, Mat A, MatReuse reuse, Mat *Ac)
{
  PetscFunctionBegin;
  (void)ksp;
  (void)A;
  (void)reuse;
  PetscCall(MatDestroy(Ac));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPTriAMGSetBackend_Host(TSPTriAMGOps *ops)
{
  PetscFunctionBegin;
  ops->name         = "host";
  ops->aggregate    = TSPTriAMGAggregate_Host;
  ops->pairweights  = TSPTriAMGPairWeights_Host;
  ops->pairmatch    = TSPTriAMGPairMatch_Host;
  ops->collapse     = TSPTriAMGCollapse_Host;
  ops->expand       = TSPTriAMGExpand_Host;
  ops->prolongator  = TSPTriAMGProlongator_Host;
  ops->checksum     = TSPTriAMGChecksum_Host;
  ops->mtype        = PETSC_MEMTYPE_HOST;
  ops->extend       = TSPTriAMGExtend_Host;
  ops->aggfree      = TSPTriAMGAggregatesFree_Host;
  ops->join         = TSPTriAMGJoin_Host;
  ops->append       = TSPTriAMGAppend_Host;
  ops->rows         = TSPTriAMGRows_Host;
  ops->fromhost     = TSPTriAMGFromHost_Host;
  ops->split        = TSPTriAMGSplit_Host;
  ops->merge        = TSPTriAMGMerge_Host;
  ops->distributed  = TSPTriAMGDistributed_Host;
  ops->galerkin     = TSPTriAMGGalerkin_Host;
  ops->estimate     = TSPTriAMGEstimate_Host;
  ops->normsbegin   = TSPTriAMGNormsBegin_Host;
  ops->norm         = TSPTriAMGNorm_Host;
  ops->normsend     = TSPTriAMGNormsEnd_Host;
  ops->createvector = TSPTriAMGCreateVector_Host;
  ops->startvector  = TSPTriAMGStartVector_Host;
  ops->coarse       = TSPTriAMGCoarse_Host;
  PetscFunctionReturn(PETSC_SUCCESS);
}
