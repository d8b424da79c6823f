/* SPDX-License-Identifier: BSD-2-Clause */
/*
   The chain of forests, independent of where it lives: the setup every trisplit PC shares (the local
   block, the backend chosen from its type, rebuild or refresh, failure reporting), the one driver of
   every build and refresh over the backend's leaf operations (graph -> forest after forest -> stop
   rule -> links -> bands -> factors with their repair; MOS-a's levels), the dispatch of the apply,
   the viewer, the options and the setters common to the PCs.
*/
#include <trisplit/private/chainimpl.h>
#include <ctype.h>
#include <limits.h>

const char *const PCTriSplitPivotings[]  = {"none", "partial", "scaled", "PCTriSplitPivoting", "PCTRISPLIT_PIVOTING_", NULL};
const char *const PCTriSplitWeights[]    = {"scaled", "abs", "PCTriSplitWeight", "PCTRISPLIT_WEIGHT_", NULL};
const char *const PCTriSplitPrecisions[] = {"double", "single", "PCTriSplitPrecision", "PCTRISPLIT_PRECISION_", NULL};
/* the MatFactorShiftType values a tridiagonal factor has (positive definite and in-blocks shifts are
   about Cholesky and point-block factors) */

/* Every shift doubles the total, as PETSc's MAT_SHIFT_NONZERO; a factor still singular after this
   many (a total of 2^59 times the amount) is left failed */
#define TSP_MAX_SHIFTS 60

static PetscErrorCode TSPForestOptionsDefault(TSPForestOptions *opt)
{
  PetscFunctionBegin;
  opt->weight               = PCTRISPLIT_WEIGHT_SCALED;
  opt->pivoting             = PCTRISPLIT_PIVOTING_SCALED;
  opt->single               = PETSC_FALSE;
  opt->block                = 1;
  TSPFactorParamsDefault(&opt->factor, 2);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The parameters every chain starts from; a PC sets its own after TSPChainCreate() */
static PetscErrorCode TSPChainParamsDefault(TSPChainParams *p)
{
  PetscFunctionBegin;
  PetscCall(TSPForestOptionsDefault(&p->forest));
  p->m        = 0;
  p->m_max    = 4;
  p->coverage = 0.99;
  p->reuse    = PETSC_TRUE;
  /* repair by default: a PC that stops a KSP at its first zero pivot is no use inside a time loop or
     a nonlinear solve, and only a factor with a zero pivot is shifted: the others stay as they were */
  p->shift_type          = MAT_SHIFT_NONZERO;
  p->shift_amount        = TSP_SHIFT_AMOUNT_DEFAULT;
  p->definite            = TSP_DEFINITE_DEFAULT;
  /* neutral where a PC has none of them: MOS-d, ALT and MOS-a set their own in their PCCreate_*() */
  p->split.reweight      = PETSC_FALSE;
  p->split.omega         = 0.0;
  p->split.diagonal      = -1;
  p->split.droptol       = 0.0;
  p->split.exact         = PETSC_FALSE;
  p->split.reuse_pattern = PETSC_FALSE;
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPChainCreate(TSPChainKind kind, TSPChain *chain)
{
  TSPChain c;

  PetscFunctionBegin;
  PetscCall(PetscNew(&c));
  c->kind = kind;
  PetscCall(TSPChainParamsDefault(&c->params));
  c->dropped_level = c->dropped_row = -1;
  *chain           = c;
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPChainReset(TSPChain c)
{
  PetscFunctionBegin;
  if (c->ops.reset) PetscCall((*c->ops.reset)(c));
  PetscCall(PetscFree(c->info));
  c->nforests = c->n = c->nrows = c->npairs = 0;
  c->bs                                     = 1;
  c->coverage_id = c->cdiag_last = 0;
  c->product_rounds[0] = c->product_rounds[1] = 0;
  c->failed                                   = PC_NOERROR;
  c->failed_factor = c->failed_row = -1;
  c->dropped_level = c->dropped_row = -1;
  c->tshift_count = 0;
  c->tshift_row   = -1;
  c->tshift       = 0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPChainDestroy(TSPChain *chain)
{
  PetscFunctionBegin;
  if (!*chain) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TSPChainReset(*chain));
  PetscCall(PetscFree(*chain));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPChainAllocateInfo(TSPChain c, PetscInt count)
{
  PetscFunctionBegin;
  PetscCall(PetscFree(c->info));
  PetscCall(PetscCalloc1(count, &c->info));
  c->nforests = 0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPChainSetFailed(TSPChain c, PCFailedReason reason, PetscInt factor, PetscInt row)
{
  PetscFunctionBegin;
  if (!c->failed && reason) {
    c->failed        = reason;
    c->failed_factor = factor;
    c->failed_row    = row;
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* MOS-d's splitting is singular where T = diagp_k(A) has a zero (an empty row, or a zero diagonal with
   k = 0: A_ii = 0 there). With MAT_SHIFT_NONZERO those entries become shift_amount times the largest |T_ii|,
   with 1/T and J = 1 + (A_ii - T_ii) / (m T_ii) to match (the row's factor entries follow from them, and
   TSPChainFactor() repairs a zero pivot they leave); with MAT_SHIFT_NONE the PC fails at the first row
   (factor -1). Host arrays, the same code for both backends. */
static PetscErrorCode TSPChainRepairSplittingDiagonal(TSPChain c, PetscInt n, PetscScalar *t, PetscScalar *tinv, PetscScalar *j)
{
  PetscReal big = 0;

  PetscFunctionBegin;
  c->tshift_count = 0;
  c->tshift_row   = -1;
  c->tshift       = 0;
  for (PetscInt i = 0; i < n; i++) {
    big = PetscMax(big, PetscAbsScalar(t[i]));
    if (t[i] == 0.0 && c->tshift_row < 0) c->tshift_row = i;
  }
  if (c->tshift_row < 0) PetscFunctionReturn(PETSC_SUCCESS);
  if (c->params.shift_type == MAT_SHIFT_NONE) {
    PetscCall(TSPChainSetFailed(c, PC_FACTOR_NUMERIC_ZEROPIVOT, -1, c->tshift_row));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  c->tshift = c->params.shift_amount * (big > 0 ? big : 1.0);
  for (PetscInt i = 0; i < n; i++)
    if (t[i] == 0.0) {
      t[i]    = c->tshift;
      tinv[i] = 1.0 / c->tshift;
      j[i]    = 1.0 + (0.0 - t[i]) * tinv[i] / (PetscReal)c->nforests;
      c->tshift_count++;
    }
  PetscCall(PetscInfo(NULL, "T = diagp_%" PetscInt_FMT "(A): %" PetscInt_FMT " zero entries (the first at row %" PetscInt_FMT " of the local block) set to %g\n", c->params.split.diagonal, c->tshift_count, c->tshift_row, (double)c->tshift));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Factor l of the chain, repaired as the shift type says when its elimination meets a zero pivot:
   MAT_SHIFT_NONZERO adds shift_amount times the largest |diagonal entry| to the diagonal and
   eliminates again, doubling the total until no pivot is zero (PETSc's MatPivotCheck_nz()); a level
   of MOS-a after the first is dropped instead (*dropped), since the levels before it are a whole
   preconditioner. A non-finite factor, and any zero pivot with MAT_SHIFT_NONE, is the chain's
   failure. */
static PetscErrorCode TSPChainFactor(TSPChain c, PetscInt l, PetscBool *dropped)
{
  TSPForestInfo *info = &c->info[l];
  ts_status      status;
  PetscInt       row;
  PetscReal      added;

  PetscFunctionBegin;
  if (dropped) *dropped = PETSC_FALSE;
  info->shift    = 0;
  info->nshift   = 0;
  info->zero_row = -1;
  info->ncut     = 0;
  /* scalar factors only: a 2x2 block factor's blocks are not cut (their pivots are blocks); nor a first factor
     whose forest holds all of the local block's couplings: that factor is the block itself, exact, and an
     indefinite one shows an indefinite matrix (tests/ex5's tridiag(1, 2 cos(pi/k), 1)), which a cut would only
     make a worse preconditioner of */
  if (c->params.definite && c->bs == 1 && c->n && !(l == 0 && info->coverage >= 1.0 - 1e-12)) {
    PetscCall((*c->ops.definite)(c, l, &info->ncut));
    if (info->ncut) PetscCall(PetscInfo(NULL, "%s %" PetscInt_FMT ": %" PetscInt_FMT " symmetric link%s cut where the factor stopped being positive definite\n", c->kind == TSP_CHAIN_ADAPTIVE ? "Level" : "Factor", l, info->ncut, info->ncut > 1 ? "s" : ""));
  }
  PetscCall((*c->ops.factor)(c, l, &status, &row));
  if (status == TS_ERR_ZERO_PIVOT && c->params.shift_type == MAT_SHIFT_NONZERO && dropped && l > 0) {
    PetscCall(PetscInfo(NULL, "Level %" PetscInt_FMT " has a zero pivot at row %" PetscInt_FMT " of the local block: dropped, the chain stops before it\n", l, row));
    c->dropped_level = l;
    c->dropped_row   = row;
    *dropped         = PETSC_TRUE;
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  while (status == TS_ERR_ZERO_PIVOT && c->params.shift_type == MAT_SHIFT_NONZERO && info->nshift < TSP_MAX_SHIFTS) {
    if (info->zero_row < 0) info->zero_row = row;
    /* the first shift is the amount, every later one adds the total so far: the total doubles */
    PetscCall((*c->ops.shift)(c, l, info->nshift ? c->params.shift_amount * PetscPowReal(2.0, (PetscReal)(info->nshift - 1)) : c->params.shift_amount, &added));
    info->shift += added;
    info->nshift++;
    PetscCall((*c->ops.factor)(c, l, &status, &row));
  }
  if (info->nshift) PetscCall(PetscInfo(NULL, "Factor %" PetscInt_FMT ": zero pivot at row %" PetscInt_FMT " of the local block, diagonal shifted by %g after %" PetscInt_FMT " shift(s)%s\n", l, info->zero_row, (double)info->shift, info->nshift, status == TS_SUCCESS ? "" : ", still singular"));
  if (status == TS_ERR_ZERO_PIVOT) PetscCall(TSPChainSetFailed(c, PC_FACTOR_NUMERIC_ZEROPIVOT, l, row));
  else if (status == TS_ERR_NONFINITE) PetscCall(TSPChainSetFailed(c, PC_FACTOR_OTHER, l, row));
  else PetscCheck(status == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_PLIB, "Tridiagonal factorization failed (kernel status %d)", (int)status);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Whether to add forest number built + 1 when m is automatic: a splitting stops at the coverage target
   of its union or when the last forest added less than 1% (the first one always adds: the union starts
   from nothing), MOS-a when c_diag(B_l) reaches the target or gains less than 0.01 over c_diag(B_{l-1}),
   the first level included, or a level failed or was dropped (a forest of one graph neither fails nor is
   dropped while the forests are extracted). A splitting that never reuses an edge (omega = 0) also
   stops, m fixed or not, once a forest covers no new edge on any rank: that forest is empty (*drop: the
   caller removes it), and so would be every later one. Every rank takes the same decisions, so that the
   ranks agree on m (ALT-i couples them through global products at every factor). */
static PetscErrorCode TSPChainMore(TSPChain c, MPI_Comm comm, PetscInt built, PetscReal now, PetscReal before, PetscBool *more, PetscBool *drop)
{
  const PetscInt  target   = c->params.m ? c->params.m : c->params.m_max;
  const PetscBool of_union = c->params.split.reweight; /* the coverage is that of the union of the forests */
  PetscBool       empty    = (PetscBool)(of_union && c->params.split.omega == 0 && built > 1 && now <= before);

  PetscFunctionBegin;
  *more = (PetscBool)(built < target && (c->params.m || (now < c->params.coverage && ((built == 1 && of_union) || now - before >= 0.01))));
  *more = (PetscBool)(*more && !c->failed && c->dropped_level < 0);
  PetscCallMPI(MPIU_Allreduce(MPI_IN_PLACE, more, 1, TriSplitMPIBool, MPI_LOR, comm));
  PetscCallMPI(MPIU_Allreduce(MPI_IN_PLACE, &empty, 1, TriSplitMPIBool, MPI_LAND, comm));
  if (empty) *more = PETSC_FALSE;
  if (drop) *drop = empty;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* MOS-a's levels (docs/algorithms.md 5.4) over the backend's level operations: B_0 = A; level l extracts
   a forest of B_l and factors M_l = prune(B_l, S_l); B_{l+1} = prune(B_l M_l^-1); T = diagp1(B_m)
   scales the apply. A refresh (same nonzero pattern, reuse on) keeps the forests and their number,
   and (-pc_mosa_reuse_pattern) the patterns of the B_l, and recomputes the values: no graph, no factor
   of the graph, no permutation, no choice of entries. A level after the first with a zero pivot is
   dropped under the repair (TSPChainFactor()): the chain stops before it, B_l stays for T, and this
   rank takes no further part but the collective stop rule (TSPChainMore(), a build only). */
static PetscErrorCode TSPChainLevels(TSPChain c, MPI_Comm comm, Mat local, PetscBool refresh)
{
  const TSPLevelOps *ops    = &c->ops.levels;
  const PetscInt     target = refresh ? c->nforests : (c->params.m ? c->params.m : c->params.m_max);
  PetscInt           levels = 0, bad_row;
  PetscReal          cdiag;
  PetscBool          more, stop = PETSC_FALSE, dropped = PETSC_FALSE;

  PetscFunctionBegin;
  if (!refresh) PetscCall(TSPChainAllocateInfo(c, target));
  PetscCall((*ops->begin)(c, local, target, refresh, &cdiag));
  do {
    if (!stop) {
      const PetscInt l = levels;

      c->info[l].cdiag = cdiag;
      if (!refresh) {
        PetscCall((*ops->forest)(c, l));
        c->nforests = l + 1;
      }
      PetscCall((*ops->bands)(c, l, &bad_row));
      if (bad_row >= 0) PetscCall(TSPChainSetFailed(c, PC_FACTOR_OTHER, l, bad_row));
      else PetscCall(TSPChainFactor(c, l, &dropped));
      if (dropped) PetscCall((*c->ops.truncate)(c, l));
      else {
        PetscBool nonfinite = PETSC_FALSE;

        cdiag = 0;
        if (!c->failed) PetscCall((*ops->product)(c, l, &cdiag, &nonfinite));
        if (nonfinite) PetscCall(TSPChainSetFailed(c, PC_FACTOR_OTHER, l, -1));
        levels++;
      }
      stop = (PetscBool)(dropped || c->failed);
    }
    if (refresh) more = (PetscBool)(!stop && levels < target);
    else PetscCall(TSPChainMore(c, comm, levels, cdiag, c->info[PetscMax(levels - 1, 0)].cdiag, &more, NULL));
  } while (more);
  c->cdiag_last = cdiag;
  if (!refresh) PetscCall((*c->ops.links)(c));
  PetscCall((*ops->end)(c, local, refresh));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* New values on the forests (a refresh, or the end of a build): MOS-a's levels refreshed; otherwise
   MOS-d's T = diagp_k(A) with its zero entries repaired (TSPChainRepairSplittingDiagonal()), the bands of
   every forest, a NaN or Inf of the block reported at its first row, and the factors with the zero-pivot
   repair (TSPChainFactor()) until one fails */
static PetscErrorCode TSPChainSetValues(TSPChain c, Mat local)
{
  PetscInt bad_row, n;

  PetscFunctionBegin;
  if (c->kind == TSP_CHAIN_ADAPTIVE) { /* no collective: the number of levels is kept */
    PetscCall(TSPChainLevels(c, PETSC_COMM_SELF, local, PETSC_TRUE));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(MatGetLocalSize(local, &n, NULL));
  PetscCheck(n == c->n, PETSC_COMM_SELF, PETSC_ERR_ARG_SIZ, "Matrix has %" PetscInt_FMT " local rows, the forest %" PetscInt_FMT, n, c->n);
  if (c->params.split.diagonal >= 0) {
    PetscScalar *t, *tinv, *j;

    c->tshift_count = 0;
    c->tshift_row   = -1;
    c->tshift       = 0;
    PetscCall((*c->ops.diagonal)(c, local, &t, &tinv, &j));
    if (t) PetscCall(TSPChainRepairSplittingDiagonal(c, n, t, tinv, j));
    if (t && c->ops.diagonalrestore) PetscCall((*c->ops.diagonalrestore)(c, &t, &tinv, &j));
  }
  PetscCall((*c->ops.bands)(c, local, &bad_row));
  if (bad_row >= 0) PetscCall(TSPChainSetFailed(c, PC_FACTOR_OTHER, 0, bad_row)); /* reported by the first forest, which meets it first */
  for (PetscInt l = 0; l < c->nforests && !c->failed; l++) PetscCall(TSPChainFactor(c, l, NULL));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* One forest (algtri) or the forests of a splitting (docs/algorithms.md 5.3): the weight graph C of the
   local block once; forest l is extracted from C_l, then (a splitting) its edges are reweighted by omega
   in C_{l+1} (omega = 0: never used again), until m forests or the coverage target (TSPChainMore(),
   which also drops a last forest that covers nothing new); then the links, bands and factors. */
static PetscErrorCode TSPChainBuildForests(TSPChain c, MPI_Comm comm, Mat local)
{
  const PetscInt target = c->params.m ? c->params.m : c->params.m_max; /* algtri: m = 1 */
  PetscBool      more, drop = PETSC_FALSE;

  PetscFunctionBegin;
  PetscCall(TSPChainAllocateInfo(c, target));
  PetscCall((*c->ops.graph)(c, local, target));
  do {
    PetscCall((*c->ops.forest)(c, local, c->nforests));
    c->nforests++;
    if (target == 1) break; /* nothing to decide: no collective */
    PetscCall(TSPChainMore(c, comm, c->nforests, c->info[c->nforests - 1].coverage, c->nforests > 1 ? c->info[c->nforests - 2].coverage : 0, &more, &drop));
  } while (more);
  if (drop) PetscCall((*c->ops.truncate)(c, c->nforests - 1));
  PetscCall((*c->ops.graphfree)(c, local)); /* the graph served the extraction; only its summary numbers stay */
  PetscCall((*c->ops.links)(c));
  PetscCall(TSPChainSetValues(c, local));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A build from scratch on the backend chosen: the forests of one graph, or MOS-a's levels */
static PetscErrorCode TSPChainBuild(TSPChain c, MPI_Comm comm, Mat local)
{
  PetscFunctionBegin;
  PetscCall(TSPChainReset(c));
  PetscCall((*c->ops.create)(c));
  if (c->kind == TSP_CHAIN_ADAPTIVE) PetscCall(TSPChainLevels(c, comm, local, PETSC_FALSE));
  else PetscCall(TSPChainBuildForests(c, comm, local));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Whether MatConvert() turns the local block B into MATSEQAIJ with a converter of its format (BAIJ,
   SBAIJ, dense, SELL, or one the type composes, which MatConvert() looks for first), and not with
   MatConvert_Basic(): MatGetRow() row by row without preallocation, or, for a type without MatGetRow(),
   one MatMult() per column, a setup time that grows quadratically with the rows. A type's own
   MatConvert() operation is no sign of a fast one: MATSHELL's, MATMFFD's and (PETSc 3.25) MATCOMPOSITE's
   multiply column by column. */
static PetscErrorCode TSPHasConverter(Mat B, PetscBool *has)
{
  const char *to[] = {MATSEQAIJ, MATAIJ};
  char        name[256];
  void (*f)(void) = NULL;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompareAny((PetscObject)B, has, MATSEQBAIJ, MATSEQSBAIJ, MATSEQDENSE, MATSEQDENSECUDA, MATSEQSELL, ""));
  for (int i = 0; i < 2 && !*has; i++) {
    PetscCall(PetscSNPrintf(name, sizeof(name), "MatConvert_%s_%s_C", ((PetscObject)B)->type_name, to[i]));
    PetscCall(PetscObjectQueryFunction((PetscObject)B, name, &f));
    *has = (PetscBool)(f != NULL);
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* B (sequential, with MatGetRow()) as a new MATSEQAIJ, preallocated from a first pass over the row
   lengths: linear in the entries, where MatConvert_Basic() inserts without preallocation */
static PetscErrorCode TSPConvertByRows(Mat B, Mat *aij)
{
  PetscInt           n, nz, *nnz;
  const PetscInt    *cols;
  const PetscScalar *vals;

  PetscFunctionBegin;
  PetscCall(MatGetLocalSize(B, &n, NULL));
  PetscCall(PetscMalloc1(n, &nnz));
  for (PetscInt i = 0; i < n; i++) {
    PetscCall(MatGetRow(B, i, &nz, NULL, NULL));
    nnz[i] = nz;
    PetscCall(MatRestoreRow(B, i, &nz, NULL, NULL));
  }
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, n, n, 0, nnz, aij));
  PetscCall(PetscFree(nnz));
  for (PetscInt i = 0; i < n; i++) {
    PetscCall(MatGetRow(B, i, &nz, &cols, &vals));
    PetscCall(MatSetValues(*aij, 1, &i, nz, cols, vals, INSERT_VALUES));
    PetscCall(MatRestoreRow(B, i, &nz, &cols, &vals));
  }
  PetscCall(MatAssemblyBegin(*aij, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*aij, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The local diagonal block as SEQAIJ(CUSPARSE): MPI matrices give their diagonal block, formats with a
   converter (BAIJ, SBAIJ, dense, ...) are converted into *owned, which the caller destroys, and so are,
   row by row, other formats with MatGetRow(). An operator that is not assembled (MATSHELL, MATPYTHON,
   any type without MatGetRow(), which MatConvert() would build with one matrix-vector product per
   column) has no entries to take a forest from: refused, with what to do instead. */
static PetscErrorCode TSPGetLocalBlock(PC pc, Mat *local, Mat *owned)
{
  Mat         A = pc->pmat, diag;
  char        type[160];
  const char *prefix;
  PetscInt    M, N, m, n;
  PetscMPIInt size;
  PetscBool   isaij, isshell, converter, getrow, getdiag;

  PetscFunctionBegin;
  *owned = NULL;
  /* the PC as the messages name it: inside another PC (triamg's smoothers, a PCBJACOBI block) its options
     prefix says whose it is */
  PetscCall(PCGetOptionsPrefix(pc, &prefix));
  if (prefix && prefix[0]) PetscCall(PetscSNPrintf(type, sizeof(type), "PC %s (options prefix -%s)", ((PetscObject)pc)->type_name, prefix));
  else PetscCall(PetscSNPrintf(type, sizeof(type), "PC %s", ((PetscObject)pc)->type_name));
  PetscCall(PetscObjectTypeCompare((PetscObject)A, MATSHELL, &isshell));
  PetscCheck(!isshell, PetscObjectComm((PetscObject)pc), PETSC_ERR_SUP, "%s needs the entries of the preconditioning matrix: a MATSHELL has none; pass an assembled matrix (e.g. MATAIJ) as Pmat to KSPSetOperators()", type);
  PetscCall(MatGetSize(A, &M, &N));
  PetscCall(MatGetLocalSize(A, &m, &n));
  PetscCheck(M == N, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_SIZ, "%s needs a square matrix, got %" PetscInt_FMT " x %" PetscInt_FMT, type, M, N);
  PetscCheck(m == n, PETSC_COMM_SELF, PETSC_ERR_ARG_SIZ, "%s needs equal local row and column sizes (a square diagonal block), got %" PetscInt_FMT " x %" PetscInt_FMT, type, m, n);
  PetscCallMPI(MPI_Comm_size(PetscObjectComm((PetscObject)A), &size));
  PetscCall(MatHasOperation(A, MATOP_GET_DIAGONAL_BLOCK, &getdiag));
  PetscCheck(size == 1 || getdiag, PetscObjectComm((PetscObject)pc), PETSC_ERR_SUP, "%s needs the entries of the preconditioning matrix: a matrix of type %s has no diagonal block (MatGetDiagonalBlock()); pass an assembled matrix (e.g. MATAIJ) as Pmat to KSPSetOperators(ksp, A, P)", type, ((PetscObject)A)->type_name);
  PetscCall(MatGetDiagonalBlock(A, &diag));
  PetscCall(PetscObjectBaseTypeCompare((PetscObject)diag, MATSEQAIJ, &isaij));
  if (!isaij) PetscCall(TriSplitIsDeviceMat(diag, &isaij)); /* MATCSRCUDA: CSR arrays on the device, read as they are */
  if (!isaij) {
    PetscCall(TSPHasConverter(diag, &converter));
    PetscCall(MatHasOperation(diag, MATOP_GET_ROW, &getrow));
    PetscCheck(converter || getrow, PetscObjectComm((PetscObject)pc), PETSC_ERR_SUP, "%s needs the entries of the preconditioning matrix: a %s of type %s is not assembled (no MatGetRow(), no conversion to MATSEQAIJ but one matrix-vector product per column); pass an assembled matrix (e.g. MATAIJ) as Pmat to KSPSetOperators(ksp, A, P)", type, size > 1 ? "diagonal block" : "matrix", ((PetscObject)diag)->type_name);
    PetscCall(PetscInfo(pc, "Converting the local block of type %s to %s%s\n", ((PetscObject)diag)->type_name, MATSEQAIJ, converter ? "" : " row by row"));
    if (converter) PetscCall(MatConvert(diag, MATSEQAIJ, MAT_INITIAL_MATRIX, owned));
    else PetscCall(TSPConvertByRows(diag, owned));
    diag = *owned;
  }
  *local = diag;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The backend of the local block: CUDA for SEQAIJCUSPARSE, the host otherwise. Decided here, once per
   setup; the chain is rebuilt when it changes. */
static PetscErrorCode TSPChainSelectBackend(TSPChain c, Mat local, PetscBool *changed)
{
  PetscBool   device;
  const char *want;

  PetscFunctionBegin;
  PetscCall(TriSplitIsDeviceMat(local, &device));
  want     = device ? "cuda" : "host";
  *changed = (PetscBool)(!c->backend || strcmp(c->backend, want));
  if (!*changed) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TSPChainReset(c));
  PetscCall(PetscMemzero(&c->ops, sizeof(c->ops)));
#if defined(PETSC_HAVE_CUDA)
  if (device) PetscCall(TSPChainSetBackend_CUDA(c));
  else PetscCall(TSPChainSetBackend_Host(c));
#else
  PetscCheck(!device, PETSC_COMM_SELF, PETSC_ERR_SUP, "This trisplit library was built without CUDA");
  PetscCall(TSPChainSetBackend_Host(c));
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* PCSetUp() of every trisplit PC: forests built, or (same nonzero pattern, reuse on) only new bands
   and factors; a failed factor sets the PC's failed reason, or stops with an error under
   -ksp_error_if_not_converged (pc->erroriffailure), as PETSc's own factorizations do. */
PetscErrorCode TSPChainSetUp(PC pc, TSPChain c)
{
  Mat       local = NULL, owned = NULL;
  PetscInt  n;
  PetscBool changed, rebuild;

  PetscFunctionBegin;
  PetscCall(TSPGetLocalBlock(pc, &local, &owned));
  PetscCall(MatGetOwnershipRange(pc->pmat, &c->params.forest.factor.offset, NULL)); /* charges by global row: rank-independent forests */
  PetscCall(MatGetLocalSize(local, &n, NULL));
  PetscCall(TSPChainSelectBackend(c, local, &changed));
  if (c->params.forest.single && !c->single_ok) PetscCall(MatDestroy(&owned)); /* nothing leaks on the way out */
  PetscCheck(!c->params.forest.single || c->single_ok, PetscObjectComm((PetscObject)pc), PETSC_ERR_SUP, "-pc_%s_precision single is implemented on the GPU only (MATAIJCUSPARSE); the host factors in double", ((PetscObject)pc)->type_name);
  rebuild    = (PetscBool)(changed || c->rebuild || !pc->setupcalled || pc->flag != SAME_NONZERO_PATTERN || !c->params.reuse || !c->nforests || c->n != n);
  c->rebuild = PETSC_FALSE;
  c->failed        = PC_NOERROR;
  c->failed_factor = c->failed_row = -1;
  if (rebuild) {
    c->dropped_level = c->dropped_row = -1; /* a refresh keeps the chain that stopped before a dropped level */
    PetscCall(PetscInfo(pc, "Building the forests of the local block on the %s\n", c->backend));
    PetscCall(TSPChainBuild(c, PetscObjectComm((PetscObject)pc), local));
  } else {
    PetscCall(PetscInfo(pc, "Same nonzero pattern: reusing the forest, refreshing the bands\n"));
    PetscCall(TSPChainSetValues(c, local));
  }
  PetscCall(MatDestroy(&owned));
  if (c->failed) {
    PetscCall(PetscInfo(pc, "Tridiagonal factor %" PetscInt_FMT " failed: %s at row %" PetscInt_FMT " of the local block\n", c->failed_factor, PCFailedReasons[c->failed], c->failed_row));
    PetscCheck(!pc->erroriffailure || c->failed != PC_FACTOR_NUMERIC_ZEROPIVOT || c->failed_factor >= 0, PETSC_COMM_SELF, PETSC_ERR_MAT_LU_ZRPVT, "Zero pivot in the diagonal T = diagp_k(A) of %s: row %" PetscInt_FMT " of the local block (global row %" PetscInt_FMT ")", ((PetscObject)pc)->type_name, c->failed_row, c->failed_row + c->params.forest.factor.offset);
    PetscCheck(!pc->erroriffailure || c->failed != PC_FACTOR_NUMERIC_ZEROPIVOT, PETSC_COMM_SELF, PETSC_ERR_MAT_LU_ZRPVT, "Zero pivot in the tridiagonal factor %" PetscInt_FMT " of %s: row %" PetscInt_FMT " of the local block (global row %" PetscInt_FMT ")", c->failed_factor, ((PetscObject)pc)->type_name, c->failed_row, c->failed_row + c->params.forest.factor.offset);
    PetscCheck(!pc->erroriffailure, PETSC_COMM_SELF, PETSC_ERR_FP, "Tridiagonal factor %" PetscInt_FMT " of %s failed: %s (a NaN or Inf in the matrix or the factor) near row %" PetscInt_FMT " of the local block", c->failed_factor, ((PetscObject)pc)->type_name, PCFailedReasons[c->failed], c->failed_row);
  }
  PetscCall(PCSetFailedReason(pc, c->failed));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* y = P_lo^T A_lo^-1 ... P_hi^T A_hi^-1 P_hi D x (D: the chain's scaling, only when hi is the last
   factor), or its transpose; Inf (PETSc's convention) after a failed factorization. The backend says
   where its arrays live: host memory, or the device's (VecCUDAGetArray...). */
PetscErrorCode TSPChainApply(TSPChain c, PetscInt lo, PetscInt hi, PetscBool transpose, Vec x, Vec y)
{
  const PetscScalar *xa;
  PetscScalar       *ya;

  PetscFunctionBegin;
  if (c->failed) {
    PetscCall(TriSplitVecSetFailed(y));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCheck(0 <= lo && lo <= hi && hi < c->nforests, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "Factors %" PetscInt_FMT "..%" PetscInt_FMT " of a chain of %" PetscInt_FMT, lo, hi, c->nforests);
  PetscCall((*c->ops.vecread)(x, &xa));
  PetscCall((*c->ops.vecwrite)(y, &ya));
  PetscCall((*c->ops.apply)(c, lo, hi, transpose, 1, xa, c->n, ya, c->n));
  PetscCall((*c->ops.vecrestorewrite)(y, &ya));
  PetscCall((*c->ops.vecrestoreread)(x, &xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* TSPChainApply() on the columns of dense matrices: every permutation pass moves all columns, every
   factor is read once per group of four columns */
PetscErrorCode TSPChainMatApply(TSPChain c, PetscInt lo, PetscInt hi, Mat X, Mat Y)
{
  const PetscScalar *xa;
  PetscScalar       *ya;
  PetscInt           n, k, ldx, ldy;

  PetscFunctionBegin;
  if (c->failed) {
    PetscCall(TriSplitDenseSetFailed(Y));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCheck(0 <= lo && lo <= hi && hi < c->nforests, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "Factors %" PetscInt_FMT "..%" PetscInt_FMT " of a chain of %" PetscInt_FMT, lo, hi, c->nforests);
  PetscCall(TriSplitDenseGetSizes(X, Y, &n, &k, &ldx, &ldy));
  PetscCall((*c->ops.denseread)(X, &xa));
  PetscCall((*c->ops.densewrite)(Y, &ya));
  PetscCall((*c->ops.apply)(c, lo, hi, PETSC_FALSE, k, xa, ldx, ya, ldy));
  PetscCall((*c->ops.denserestorewrite)(Y, &ya));
  PetscCall((*c->ops.denserestoreread)(X, &xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* z += M_l^-1 (r - az): one defect-correction sweep (ALT-i), az = A z */
PetscErrorCode TSPChainCorrect(TSPChain c, PetscInt l, Vec r, Vec az, Vec z)
{
  const PetscScalar *ra, *aza;
  PetscScalar       *za;

  PetscFunctionBegin;
  if (c->failed) {
    PetscCall(TriSplitVecSetFailed(z));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCheck(c->bs == 1, PETSC_COMM_SELF, PETSC_ERR_SUP, "Defect correction needs scalar forests");
  PetscCall((*c->ops.vecread)(r, &ra));
  PetscCall((*c->ops.vecread)(az, &aza));
  PetscCall((*c->ops.vec)(z, &za));
  PetscCall((*c->ops.correct)(c, l, ra, aza, za));
  PetscCall((*c->ops.vecrestore)(z, &za));
  PetscCall((*c->ops.vecrestoreread)(az, &aza));
  PetscCall((*c->ops.vecrestoreread)(r, &ra));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ---------------------------------------------------------------------------------------------- */
/* The PC operations of algtri, mosd and mosa: the whole chain, M^-1 = P_0^T A_0^-1 ... A_{m-1}^-1    */
/* P_{m-1} D (algtri: m = 1, D = I)                                                                 */

typedef struct {
  TSPChain chain;
} PC_TriSplit;

PetscErrorCode PCSetUp_TriSplit(PC pc)
{
  PetscFunctionBegin;
  PetscCall(TSPChainSetUp(pc, TSPChainFromPC(pc)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCApply_TriSplit(PC pc, Vec x, Vec y)
{
  TSPChain c = TSPChainFromPC(pc);

  PetscFunctionBegin;
  PetscCall(TSPChainApply(c, 0, PetscMax(c->nforests - 1, 0), PETSC_FALSE, x, y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCApplyTranspose_TriSplit(PC pc, Vec x, Vec y)
{
  TSPChain c = TSPChainFromPC(pc);

  PetscFunctionBegin;
  PetscCall(TSPChainApply(c, 0, PetscMax(c->nforests - 1, 0), PETSC_TRUE, x, y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* several right-hand sides at once: one read of each factor per group of four columns */
static PetscErrorCode PCMatApply_TriSplit(PC pc, Mat X, Mat Y)
{
  TSPChain c = TSPChainFromPC(pc);

  PetscFunctionBegin;
  PetscCall(TSPChainMatApply(c, 0, PetscMax(c->nforests - 1, 0), X, Y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode PCReset_TriSplit(PC pc)
{
  PetscFunctionBegin;
  PetscCall(TSPChainReset(TSPChainFromPC(pc)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode PCDestroy_TriSplit(PC pc)
{
  PetscFunctionBegin;
  PetscCall(TSPChainComposeSetters(pc, PETSC_FALSE));
  PetscCall(TSPChainDestroy(&TSPChainFromPC(pc)));
  PetscCall(PetscFree(pc->data));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A PC that is not symmetric, even for a symmetric matrix (MOS-d and ALT-i with several factors, MOS-a),
   breaks the short recurrences of the Krylov methods that assume a symmetric (CG, CR: and positive
   definite) preconditioner: they stagnate or run to the iteration limit without an error. The PC sees
   its KSP only here, at PCPreSolve() (KSPSolve()), not at PCSetUp(): it warns (PetscInfo() at every
   solve, once per PC on standard output) and PCView() says so; a nested KSP (a PCBJACOBI block under CG)
   is out of its sight. */
PetscErrorCode TSPChainCheckKSP(PC pc, TSPChain c, KSP ksp, PetscBool symmetric)
{
  PetscBool needs;

  PetscFunctionBegin;
  c->symmetric_ksp[0] = 0;
  if (symmetric) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscObjectTypeCompareAny((PetscObject)ksp, &needs, KSPCG, KSPGROPPCG, KSPPIPECG, KSPPIPECGRR, KSPPIPELCG, KSPPIPECG2, KSPNASH, KSPSTCG, KSPGLTR, KSPQCG, KSPCR, KSPPIPECR, KSPMINRES, KSPSYMMLQ, ""));
  if (!needs) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscStrncpy(c->symmetric_ksp, ((PetscObject)ksp)->type_name, sizeof(c->symmetric_ksp)));
  PetscCall(PetscInfo(pc, "PC %s is not symmetric, and KSP %s assumes a symmetric preconditioner: use GMRES, FGMRES or BiCGStab\n", ((PetscObject)pc)->type_name, c->symmetric_ksp));
  if (!c->warned_ksp) PetscCall(PetscPrintf(PetscObjectComm((PetscObject)pc), "WARNING: PC %s is not symmetric, and KSP %s assumes a symmetric preconditioner: it may stagnate; use -ksp_type gmres, fgmres or bcgs\n", ((PetscObject)pc)->type_name, c->symmetric_ksp));
  c->warned_ksp = PETSC_TRUE;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* What the last setup repaired, over all ranks: factors shifted, the largest shift, the dropped level (-1: none) */
static PetscErrorCode TSPChainRepairGlobal(PC pc, TSPChain c, PetscInt *nshifted, PetscReal *shift, PetscInt *dropped)
{
  PetscInt  counts[2];
  PetscReal s;

  PetscFunctionBegin;
  counts[0] = c->tshift_count ? 1 : 0; /* MOS-d's T counts as one factor, as PCTriSplitGetRepair() counts it */
  s         = c->tshift;
  for (PetscInt l = 0; l < c->nforests; l++) {
    if (c->info[l].nshift) counts[0]++;
    s = PetscMax(s, c->info[l].shift);
  }
  counts[1] = c->dropped_level;
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &counts[0], 1, MPIU_INT, MPI_SUM, PetscObjectComm((PetscObject)pc)));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &counts[1], 1, MPIU_INT, MPI_MAX, PetscObjectComm((PetscObject)pc)));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &s, 1, MPIU_REAL, MPI_MAX, PetscObjectComm((PetscObject)pc)));
  *nshifted = counts[0];
  *shift    = s;
  *dropped  = counts[1];
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A line after the converged reason (-ksp_converged_reason) when the PC's setup repaired a zero pivot: the
   repair changes the preconditioner, not the matrix, which may be singular (an empty row: then the solve
   stagnates). KSPConvergedReasonViewFromOptions() calls it at the end of every KSPSolve(), whatever the
   options: it prints only under -ksp_converged_reason, and only for a trisplit PC of one level. */
static PetscErrorCode TSPChainRepairReasonView(KSP ksp, void *ctx)
{
  PC          pc;
  PetscViewer viewer;
  const char *prefix;
  PetscInt    nshifted, dropped;
  PetscReal   shift;
  PetscBool   set, ours;

  PetscFunctionBegin;
  (void)ctx;
  PetscCall(PetscOptionsHasName(((PetscObject)ksp)->options, ((PetscObject)ksp)->prefix, "-ksp_converged_reason", &set));
  if (!set) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PetscObjectTypeCompareAny((PetscObject)pc, &ours, PCALGTRI, PCMOSD, PCMOSA, PCALTSPLIT, ""));
  if (!ours || !pc->setupcalled) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TSPChainRepairGlobal(pc, TSPChainFromPC(pc), &nshifted, &shift, &dropped));
  if (!nshifted && dropped < 0) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PCGetOptionsPrefix(pc, &prefix));
  viewer = PETSC_VIEWER_STDOUT_(PetscObjectComm((PetscObject)ksp));
  PetscCall(PetscViewerASCIIAddTab(viewer, ((PetscObject)ksp)->tablevel));
  if (nshifted) PetscCall(PetscViewerASCIIPrintf(viewer, "PC %s repaired a zero pivot at setup: %" PetscInt_FMT " factor%s shifted (largest shift %g)%s; the matrix may be singular (an empty row); -%spc_%s_shift_type none stops instead\n", ((PetscObject)pc)->type_name, nshifted, nshifted > 1 ? "s" : "", (double)shift, dropped >= 0 ? ", a level dropped" : "", prefix ? prefix : "", ((PetscObject)pc)->type_name));
  else PetscCall(PetscViewerASCIIPrintf(viewer, "PC %s dropped level %" PetscInt_FMT " at setup: a zero pivot in it\n", ((PetscObject)pc)->type_name, dropped));
  PetscCall(PetscViewerASCIISubtractTab(viewer, ((PetscObject)ksp)->tablevel));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A zero pivot repaired at setup is reported without -ksp_view: PetscInfo() at the setup (TSPChainFactor())
   and here, at every solve, a line beside the converged reason. MOS-a's product chains carry a shifted
   pivot into the later levels and into T = diagp1(B_m), so its preconditioned residual can fall by the
   tolerance while the true one does not (an empty row: CONVERGED_RTOL with a true relative residual of 1e-3);
   under left preconditioning with the preconditioned norm it warns, once per PC, and says what to use. */
PetscErrorCode TSPChainReportRepair(PC pc, TSPChain c, KSP ksp)
{
  PetscInt  nshifted, dropped;
  PetscReal shift;
  PCSide    side;
  KSPNormType norm;

  PetscFunctionBegin;
  PetscCall(KSPConvergedReasonViewSet(ksp, TSPChainRepairReasonView, NULL, NULL)); /* once: the same function is not added twice */
  if (c->kind != TSP_CHAIN_ADAPTIVE || c->warned_repair) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(KSPGetPCSide(ksp, &side));
  PetscCall(KSPGetNormType(ksp, &norm));
  if (side != PC_LEFT || norm != KSP_NORM_PRECONDITIONED) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TSPChainRepairGlobal(pc, c, &nshifted, &shift, &dropped));
  if (!nshifted) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscInfo(pc, "PC mosa repaired a zero pivot and preconditions from the left: the preconditioned residual may converge while the true one does not\n"));
  PetscCall(PetscPrintf(PetscObjectComm((PetscObject)pc), "WARNING: PC mosa repaired a zero pivot at setup (the matrix may be singular) and the KSP preconditions from the left: its preconditioned residual can converge while the true residual does not; use -ksp_pc_side right, or -ksp_norm_type unpreconditioned\n"));
  c->warned_repair = PETSC_TRUE;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The forest options of every trisplit PC carry its type's name (-pc_mosd_pivoting), so those of
   another type (-pc_algtri_pivoting after -pc_type algtri became mosd) are silently ignored. Any such
   option under a PC's prefix that nothing has used when the PC is set from the options gets a PetscInfo()
   line and is remembered; at PetscFinalize(), those still unused (no PC of their type read them
   meanwhile: a program may try several PC types with one set of options) get a warning on standard
   output, once each, as -options_left would list them. Plain storage: a handful at most, no allocation. */
#define TSP_MAX_NOTICES 16
static struct {
  char option[128], type[32], given_to[32], prefix[64];
} TSPNotices[TSP_MAX_NOTICES];
static int       TSPNoticeCount      = 0;
static PetscBool TSPNoticeRegistered = PETSC_FALSE;

static PetscErrorCode TSPNoticeFinalize(void)
{
  char    **names, **values;
  PetscInt  count;
  PetscBool unused;

  PetscFunctionBegin;
  if (TSPNoticeCount) {
    PetscCall(PetscOptionsLeftGet(NULL, &count, &names, &values));
    for (int k = 0; k < TSPNoticeCount; k++) {
      unused = PETSC_FALSE;
      for (PetscInt i = 0; i < count && !unused; i++) PetscCall(PetscStrcmp(names[i][0] == '-' ? names[i] + 1 : names[i], TSPNotices[k].option, &unused));
      if (unused) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "WARNING: option -%s was not used: it is for PC type %s, and the PC given it was of type %s (its options: -%spc_%s_...)\n", TSPNotices[k].option, TSPNotices[k].type, TSPNotices[k].given_to, TSPNotices[k].prefix, TSPNotices[k].given_to));
    }
    PetscCall(PetscOptionsLeftRestore(NULL, &count, &names, &values));
  }
  TSPNoticeCount      = 0;
  TSPNoticeRegistered = PETSC_FALSE;
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSPChainNoticeOtherOptions(PC pc)
{
  const char *types[] = {PCALGTRI, PCMOSD, PCMOSA, PCALTSPLIT};
  const char *type    = ((PetscObject)pc)->type_name, *prefix;
  char      **names, **values, head[64];
  PetscInt    count;
  size_t      plen = 0, hlen;
  PetscBool   match, known;

  PetscFunctionBegin;
  PetscCall(PCGetOptionsPrefix(pc, &prefix));
  if (prefix) PetscCall(PetscStrlen(prefix, &plen));
  PetscCall(PetscOptionsLeftGet(((PetscObject)pc)->options, &count, &names, &values));
  for (PetscInt i = 0; i < count; i++) {
    const char *name = names[i][0] == '-' ? names[i] + 1 : names[i];

    if (plen) {
      PetscCall(PetscStrncmp(name, prefix, plen, &match));
      if (!match) continue;
    }
    for (int t = 0; t < 4; t++) {
      PetscCall(PetscStrcmp(type, types[t], &match));
      if (match) continue;
      PetscCall(PetscSNPrintf(head, sizeof(head), "pc_%s_", types[t]));
      PetscCall(PetscStrlen(head, &hlen));
      PetscCall(PetscStrncmp(name + plen, head, hlen, &match));
      if (!match) continue;
      PetscCall(PetscInfo(pc, "Option -%s is for PC type %s, not used by this %s\n", name, types[t], type));
      known = PETSC_FALSE;
      for (int k = 0; k < TSPNoticeCount && !known; k++) PetscCall(PetscStrcmp(TSPNotices[k].option, name, &known));
      if (known || TSPNoticeCount == TSP_MAX_NOTICES) continue;
      PetscCall(PetscStrncpy(TSPNotices[TSPNoticeCount].option, name, sizeof(TSPNotices[0].option)));
      PetscCall(PetscStrncpy(TSPNotices[TSPNoticeCount].type, types[t], sizeof(TSPNotices[0].type)));
      PetscCall(PetscStrncpy(TSPNotices[TSPNoticeCount].given_to, type, sizeof(TSPNotices[0].given_to)));
      PetscCall(PetscStrncpy(TSPNotices[TSPNoticeCount].prefix, prefix ? prefix : "", sizeof(TSPNotices[0].prefix)));
      TSPNoticeCount++;
      if (!TSPNoticeRegistered) PetscCall(PetscRegisterFinalize(TSPNoticeFinalize));
      TSPNoticeRegistered = PETSC_TRUE;
    }
  }
  PetscCall(PetscOptionsLeftRestore(((PetscObject)pc)->options, &count, &names, &values));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* MOS-d with several factors and MOS-a are not symmetric; algtri (and MOS-d with one factor, the same
   matrix) is, for a symmetric matrix */
static PetscErrorCode PCPreSolve_TriSplit(PC pc, KSP ksp, Vec b, Vec x)
{
  TSPChain c = TSPChainFromPC(pc);

  PetscFunctionBegin;
  (void)b;
  (void)x;
  PetscCall(TSPChainCheckKSP(pc, c, ksp, (PetscBool)(c->kind == TSP_CHAIN_FOREST || (c->kind == TSP_CHAIN_SPLITTING && c->nforests < 2))));
  PetscCall(TSPChainReportRepair(pc, c, ksp));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A PC that applies its chain whole (algtri, mosd, mosa), with the setters of the shared options; the
   PC's options and view stay its own. */
PetscErrorCode PCCreate_TriSplit(PC pc, TSPChainKind kind)
{
  PC_TriSplit *data;

  PetscFunctionBegin;
  PetscCall(PetscNew(&data));
  pc->data = (void *)data;
  PetscCall(TSPChainCreate(kind, &data->chain));

  pc->ops->apply          = PCApply_TriSplit;
  pc->ops->applytranspose = PCApplyTranspose_TriSplit;
  pc->ops->matapply       = PCMatApply_TriSplit;
  pc->ops->setup          = PCSetUp_TriSplit;
  pc->ops->reset          = PCReset_TriSplit;
  pc->ops->destroy        = PCDestroy_TriSplit;
  pc->ops->presolve       = PCPreSolve_TriSplit;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ---------------------------------------------------------------------------------------------- */
/* Viewer                                                                                         */

static PetscErrorCode TSPForestOptionsView(const TSPForestOptions *opt, PetscViewer viewer)
{
  PetscFunctionBegin;
  PetscCall(PetscViewerASCIIPrintf(viewer, "weights %s, pivoting %s\n", PCTriSplitWeights[opt->weight], PCTriSplitPivotings[opt->pivoting]));
  PetscCall(PetscViewerASCIIPrintf(viewer, "[0,%d]-factor: %d rounds, charges off every %d-th (k_m = %d), p = %g\n", opt->factor.n, opt->factor.iterations, opt->factor.charge_period, opt->factor.charge_skip, opt->factor.p));
  if (opt->block == 2) PetscCall(PetscViewerASCIIPrintf(viewer, "2x2 blocks: matching ([0,1]-factor), pairs contracted, the forest on the coarse graph\n"));
  if (opt->single) PetscCall(PetscViewerASCIIPrintf(viewer, "factors in single precision (GPU)\n"));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* One rank's forests, one line per print: with several ranks each line carries the "[rank]" tag
   (PetscViewerASCIISynchronizedPrintf() is the only way other ranks reach the viewer) */
static PetscErrorCode TSPChainViewLocal(TSPChain c, PetscViewer viewer, PetscMPIInt rank, PetscBool synchronized)
{
  char tag[16] = "";

#define TSP_PRINT(...) \
  do { \
    if (synchronized) PetscCall(PetscViewerASCIISynchronizedPrintf(viewer, __VA_ARGS__)); \
    else PetscCall(PetscViewerASCIIPrintf(viewer, __VA_ARGS__)); \
  } while (0)

  PetscFunctionBegin;
  if (synchronized) PetscCall(PetscSNPrintf(tag, sizeof(tag), "  [%d] ", rank));
  if (c->kind == TSP_CHAIN_FOREST) {
    const TSPForestInfo *f = c->nforests ? &c->info[0] : NULL;

    if (!f) TSP_PRINT("%sno forest (0 rows)\n", tag);
    else if (c->bs == 2) TSP_PRINT("%s2x2 block forest: %" PetscInt_FMT " rows, %" PetscInt_FMT " matched pairs, %" PetscInt_FMT " ghost rows, %" PetscInt_FMT " block paths, longest %" PetscInt_FMT " blocks, %" PetscInt_FMT " cycles broken, %" PetscInt_FMT " factor rounds\n", tag, c->n, c->npairs, c->nrows - c->n, f->npaths, f->longest, f->ncycles, f->rounds);
    else TSP_PRINT("%slinear forest: %" PetscInt_FMT " rows, %" PetscInt_FMT " paths, longest %" PetscInt_FMT ", %" PetscInt_FMT " cycles broken, %" PetscInt_FMT " factor rounds\n", tag, c->n, f->npaths, f->longest, f->ncycles, f->rounds);
    if (f) TSP_PRINT("%sweight coverage c_pi %.4f, original order c_id %.4f\n", tag, (double)f->coverage, (double)c->coverage_id);
  } else if (c->kind == TSP_CHAIN_SPLITTING) {
    TSP_PRINT("%s%" PetscInt_FMT " linear forest%s of %" PetscInt_FMT " rows, original order c_id %.4f\n", tag, c->nforests, c->nforests == 1 ? "" : "s", c->n, (double)c->coverage_id);
    for (PetscInt l = 0; l < c->nforests; l++) TSP_PRINT("%s  factor %" PetscInt_FMT ": %" PetscInt_FMT " paths, longest %" PetscInt_FMT ", coverage of the union %.4f\n", tag, l, c->info[l].npaths, c->info[l].longest, (double)c->info[l].coverage);
  } else {
    TSP_PRINT("%s%" PetscInt_FMT " level%s (linear forests of B_l) of %" PetscInt_FMT " rows\n", tag, c->nforests, c->nforests == 1 ? "" : "s", c->n);
    for (PetscInt l = 0; l < c->nforests; l++) TSP_PRINT("%s  level %" PetscInt_FMT ": c_diag(B_l) %.4f, %" PetscInt_FMT " paths, longest %" PetscInt_FMT "\n", tag, l, (double)c->info[l].cdiag, c->info[l].npaths, c->info[l].longest);
    TSP_PRINT("%s  c_diag(B_m) %.4f\n", tag, (double)c->cdiag_last);
    if (c->product_rounds[0]) TSP_PRINT("%s  product on the GPU: %" PetscInt_FMT " slot rounds at most, %" PetscInt_FMT " rows recomputed\n", tag, c->product_rounds[0], c->product_rounds[1]);
  }
  for (PetscInt l = 0; l < c->nforests; l++)
    if (c->info[l].ncut) TSP_PRINT("%s  %s %" PetscInt_FMT ": %" PetscInt_FMT " symmetric link%s cut where the factor stopped being positive definite\n", tag, c->kind == TSP_CHAIN_ADAPTIVE ? "level" : "factor", l, c->info[l].ncut, c->info[l].ncut > 1 ? "s" : "");
  for (PetscInt l = 0; l < c->nforests; l++)
    if (c->info[l].nshift) TSP_PRINT("%s  %s %" PetscInt_FMT ": zero pivot at row %" PetscInt_FMT " repaired, diagonal shifted by %.3g (%" PetscInt_FMT " shift%s)\n", tag, c->kind == TSP_CHAIN_ADAPTIVE ? "level" : "factor", l, c->info[l].zero_row, (double)c->info[l].shift, c->info[l].nshift, c->info[l].nshift > 1 ? "s" : "");
  if (c->tshift_count) TSP_PRINT("%s  T = diagp_%" PetscInt_FMT "(A): %" PetscInt_FMT " zero entries repaired (the first at row %" PetscInt_FMT "), set to %.3g\n", tag, c->params.split.diagonal, c->tshift_count, c->tshift_row, (double)c->tshift);
  if (c->dropped_level >= 0) TSP_PRINT("%s  level %" PetscInt_FMT " dropped: zero pivot at row %" PetscInt_FMT ", the chain stops before it\n", tag, c->dropped_level, c->dropped_row);
  if (c->failed) TSP_PRINT("%sfactorization FAILED: %s in factor %" PetscInt_FMT " at row %" PetscInt_FMT "\n", tag, PCFailedReasons[c->failed], c->failed_factor, c->failed_row);
#undef TSP_PRINT
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The options of the forests (the PC prints its own after them) */
PetscErrorCode TSPChainViewOptions(TSPChain c, PetscViewer viewer)
{
  PetscFunctionBegin;
  PetscCall(TSPForestOptionsView(&c->params.forest, viewer));
  if (c->kind == TSP_CHAIN_FOREST) PetscCall(PetscViewerASCIIPrintf(viewer, "forest reuse on same nonzero pattern: %s\n", PetscBools[c->params.reuse]));
  /* only what differs from the default repair, so that views of healthy factors stay as they were */
  if (c->params.shift_type == MAT_SHIFT_NONE) PetscCall(PetscViewerASCIIPrintf(viewer, "zero pivots not repaired (shift type none)\n"));
  else if (c->params.shift_amount != TSP_SHIFT_AMOUNT_DEFAULT) PetscCall(PetscViewerASCIIPrintf(viewer, "zero pivots repaired by a diagonal shift of %g times the largest diagonal entry\n", (double)c->params.shift_amount));
  if (c->params.definite != TSP_DEFINITE_DEFAULT) PetscCall(PetscViewerASCIIPrintf(viewer, "symmetric factors %scut where they stop being positive definite\n", c->params.definite ? "" : "not "));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* What the setup built, per rank */
PetscErrorCode TSPChainView(PC pc, TSPChain c, PetscViewer viewer)
{
  PetscMPIInt size, rank;

  PetscFunctionBegin;
  if (!pc->setupcalled) PetscFunctionReturn(PETSC_SUCCESS);
  if (c->symmetric_ksp[0]) PetscCall(PetscViewerASCIIPrintf(viewer, "WARNING: not symmetric, under KSP %s, which assumes a symmetric preconditioner: use GMRES, FGMRES or BiCGStab\n", c->symmetric_ksp));
  if (c->backend && strcmp(c->backend, "host")) PetscCall(PetscViewerASCIIPrintf(viewer, "forests built and factors applied on the GPU (%s)\n", c->backend));
  PetscCallMPI(MPI_Comm_size(PetscObjectComm((PetscObject)pc), &size));
  PetscCallMPI(MPI_Comm_rank(PetscObjectComm((PetscObject)pc), &rank));
  if (size == 1) {
    PetscCall(TSPChainViewLocal(c, viewer, rank, PETSC_FALSE));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  /* every rank extracts its own forests of its diagonal block */
  PetscCall(PetscViewerASCIIPrintf(viewer, "local diagonal blocks, forests per rank:\n"));
  PetscCall(PetscViewerASCIIPushSynchronized(viewer));
  PetscCall(TSPChainViewLocal(c, viewer, rank, PETSC_TRUE));
  PetscCall(PetscViewerFlush(viewer));
  PetscCall(PetscViewerASCIIPopSynchronized(viewer));
  PetscFunctionReturn(PETSC_SUCCESS);
}
