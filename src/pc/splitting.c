/*
   Splittings into several linear forests (ALGORITHMS.md 5.3), shared by PCMOSD and PCALTSPLIT:
   forest l is extracted from C_l, then its edges are reweighted by omega in C_{l+1}
   (omega = 0: never used again). The number of forests is fixed, or grows until the union of the
   forests covers a fraction mu of the weight of C_0 or stops growing.
*/
#include <trisplit/private/forestimpl.h>

PetscErrorCode TSSplittingOptionsDefault(TSSplittingOptions *opt, PetscReal omega)
{
  PetscFunctionBegin;
  PetscCall(TSForestOptionsDefault(&opt->forest));
  opt->m        = 0; /* automatic */
  opt->m_max    = 4;
  opt->coverage = 0.99;
  opt->omega    = omega;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* -pc_<type>_m, _m_max, _coverage: how many factors, fixed or chosen until a coverage is reached */
PetscErrorCode TSLevelsOptionsSetFromOptions(TSOptionItems PetscOptionsObject, const char type[], const char coverage_what[], PetscInt *m, PetscInt *m_max, PetscReal *coverage)
{
  char name[64], text[128];

  PetscFunctionBegin;
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_m", type));
  PetscCall(PetscOptionsInt(name, "Number of tridiagonal factors (0: automatic, by coverage)", "PCMOSD", *m, m, NULL));
  PetscCheck(*m >= 0, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "%s must be at least 0, got %" PetscInt_FMT, name, *m);
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_m_max", type));
  PetscCall(PetscOptionsInt(name, "Most factors of the automatic choice", "PCMOSD", *m_max, m_max, NULL));
  PetscCheck(*m_max >= 1, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "%s must be at least 1, got %" PetscInt_FMT, name, *m_max);
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_coverage", type));
  PetscCall(PetscSNPrintf(text, sizeof(text), "Stop adding factors once %s", coverage_what));
  PetscCall(PetscOptionsReal(name, text, "PCMOSD", *coverage, coverage, NULL));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSSplittingOptionsSetFromOptions(TSOptionItems PetscOptionsObject, const char type[], TSSplittingOptions *opt)
{
  char name[64];

  PetscFunctionBegin;
  PetscCall(TSForestOptionsSetFromOptions(PetscOptionsObject, type, &opt->forest));
  PetscCall(TSPrecisionSetFromOptions(PetscOptionsObject, type, &opt->forest.single));
  PetscCall(TSLevelsOptionsSetFromOptions(PetscOptionsObject, type, "the union of the forests covers this fraction of the weight", &opt->m, &opt->m_max, &opt->coverage));
  PetscCall(PetscSNPrintf(name, sizeof(name), "-pc_%s_omega", type));
  PetscCall(PetscOptionsReal(name, "Reweighting of edges already used (0: never reuse)", "PCMOSD", opt->omega, &opt->omega, NULL));
  PetscCheck(opt->omega >= 0 && opt->omega <= 1, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "%s must lie in [0,1], got %g", name, (double)opt->omega);
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSSplittingReset(TSSplitting *s)
{
  PetscFunctionBegin;
  for (PetscInt l = 0; l < s->m; l++) PetscCall(TSForestReset(&s->forest[l]));
  PetscCall(PetscFree2(s->forest, s->coverage));
  if (s->link) {
    for (PetscInt l = 0; l + 1 < s->m; l++) PetscCall(PetscFree(s->link[l]));
  }
  PetscCall(PetscFree(s->link));
  PetscCall(PetscFree2(s->mw0, s->mw1));
  s->m     = 0;
  s->mcols = 0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Builds the forests of the local block. Collective: every rank builds the same number of forests
   (ALT-i couples the ranks through global products at each factor). */
PetscErrorCode TSSplittingBuild(MPI_Comm comm, Mat local, const TSSplittingOptions *opt, TSSplitting *s)
{
  TSGraph    g = {0};
  PetscReal     *w0, last = 0;
  unsigned char *covered;
  PetscBool      more;
  PetscInt   m_target = opt->m ? opt->m : opt->m_max;

  PetscFunctionBegin;
  PetscCall(TSSplittingReset(s));
  PetscCall(TSGraphBuild(local, opt->forest.weight, &g));
  s->coverage_id = g.coverage_id;
  PetscCall(PetscCalloc2(m_target, &s->forest, m_target, &s->coverage));
  PetscCall(PetscMalloc2(g.rowptr[g.n], &w0, g.rowptr[g.n], &covered));
  PetscCall(PetscArraycpy(w0, g.w, g.rowptr[g.n]));
  PetscCall(PetscArrayzero(covered, g.rowptr[g.n]));
  do {
    TSForest *f = &s->forest[s->m];

    PetscCall(TSForestBuild(&g, &opt->forest, f));
    ts_ref_graph_reweight(g.n, g.rowptr, g.col, g.w, f->partner, opt->omega, covered);
    s->coverage[s->m] = g.total > 0 ? ts_ref_masked_sum(g.rowptr[g.n], w0, covered) / g.total : 1.0;
    s->m++;
    /* automatic: stop at the coverage target or when the last forest added less than 1% */
    more = (PetscBool)(s->m < m_target && (opt->m || (s->coverage[s->m - 1] < opt->coverage && (s->m == 1 || s->coverage[s->m - 1] - last >= 0.01))));
    last = s->coverage[s->m - 1];
    PetscCall(MPIU_Allreduce(MPI_IN_PLACE, &more, 1, MPIU_BOOL, MPI_LOR, comm));
  } while (more);
  PetscCall(PetscFree2(w0, covered));
  PetscCall(TSGraphReset(&g));

  PetscCall(TSSplittingLink(s));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* link[l][k]: position in the order of forest l+1 of the k-th vertex of forest l, so that one
   gather moves a vector from one forest order to the next (the fused P_l P_{l+1}^T) */
PetscErrorCode TSSplittingLink(TSSplitting *s)
{
  PetscFunctionBegin;
  PetscCall(PetscCalloc1(s->m, &s->link));
  for (PetscInt l = 0; l + 1 < s->m; l++) {
    const TSForest *f = &s->forest[l], *fn = &s->forest[l + 1];

    PetscCall(PetscMalloc1(f->n, &s->link[l]));
    ts_ref_compose(f->n, f->perm, fn->iperm, s->link[l]);
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSSplittingView(const TSSplitting *s, PetscViewer viewer)
{
  PetscFunctionBegin;
  PetscCall(PetscViewerASCIIPrintf(viewer, "%" PetscInt_FMT " linear forests of %" PetscInt_FMT " rows, original order c_id %.4f\n", s->m, s->m ? s->forest[0].n : 0, (double)s->coverage_id));
  for (PetscInt l = 0; l < s->m; l++) {
    const TSForest *f = &s->forest[l];

    PetscCall(PetscViewerASCIIPrintf(viewer, "  factor %" PetscInt_FMT ": %" PetscInt_FMT " paths, longest %" PetscInt_FMT ", coverage of the union %.4f\n", l, f->npaths, f->longest, (double)s->coverage[l]));
    if (f->failed) PetscCall(PetscViewerASCIIPrintf(viewer, "  factor %" PetscInt_FMT " FAILED: %s at row %" PetscInt_FMT "\n", l, PCFailedReasons[f->failed], f->failed_row));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Prints the splitting of each rank (one line per forest), or of the only rank. */
PetscErrorCode TSSplittingViewCollective(PC pc, const TSSplitting *s, PetscViewer viewer)
{
  PetscMPIInt size, rank;

  PetscFunctionBegin;
  PetscCallMPI(MPI_Comm_size(PetscObjectComm((PetscObject)pc), &size));
  if (size == 1) {
    PetscCall(TSSplittingView(s, viewer));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCallMPI(MPI_Comm_rank(PetscObjectComm((PetscObject)pc), &rank));
  PetscCall(PetscViewerASCIIPrintf(viewer, "local diagonal blocks, forests per rank:\n"));
  PetscCall(PetscViewerASCIIPushSynchronized(viewer));
  PetscCall(PetscViewerASCIISynchronizedPrintf(viewer, "  [%d] %" PetscInt_FMT " forests, coverage of the union %.4f\n", rank, s->m, s->m ? (double)s->coverage[s->m - 1] : 0.0));
  PetscCall(PetscViewerFlush(viewer));
  PetscCall(PetscViewerASCIIPopSynchronized(viewer));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The first failure of the factors, if any */
PetscErrorCode TSSplittingFailed(const TSSplitting *s, PCFailedReason *reason, PetscInt *factor, PetscInt *row)
{
  PetscFunctionBegin;
  *reason = PC_NOERROR;
  for (PetscInt l = 0; l < s->m; l++)
    if (s->forest[l].failed) {
      *reason = s->forest[l].failed;
      *factor = l;
      *row    = s->forest[l].failed_row;
      break;
    }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Y = P_lo^T A_lo^-1 P_lo P_{lo+1}^T ... P_hi^T A_hi^-1 P_hi D X for k columns (thesis Eq. 79 with
   lo = 0, hi = m - 1; one factor of ALT with lo = hi) with D = diag(scale) (NULL: identity): hi - lo + 1
   tridiagonal solves, hi - lo + 2 permutation passes, the scaling fused into the first. The transpose
   applies D P_hi^T A_hi^-T ... A_lo^-T P_lo X: the same passes in the other direction, the fused
   permutations link[l] = P_l P_{l+1}^T scattered instead of gathered. w0, w1: n x k scalars each
   (w1 unused for one factor). The device twin is TSDeviceChainApply(). */
static PetscErrorCode TSSplittingApplyRangeArray(const TSSplitting *s, PetscInt lo, PetscInt hi, const PetscScalar *scale, PetscBool transpose, PetscInt k, const PetscScalar *x, PetscInt ldx, PetscScalar *y, PetscInt ldy, PetscScalar *w0, PetscScalar *w1)
{
  const PetscInt n = s->forest[lo].n, first = transpose ? lo : hi, last = transpose ? hi : lo, step = transpose ? 1 : -1;

  PetscFunctionBegin;
  if (!n || !k) PetscFunctionReturn(PETSC_SUCCESS);
  ts_ref_gather_columns(n, k, s->forest[first].perm, transpose ? NULL : scale, x, ldx, w0, n);
  for (PetscInt l = first;; l += step) {
    if (l != first) {
      PetscScalar *t;

      if (transpose) ts_ref_scatter_columns(n, k, s->link[l - 1], NULL, w0, n, w1, n);
      else ts_ref_gather_columns(n, k, s->link[l], NULL, w0, n, w1, n);
      t  = w0;
      w0 = w1;
      w1 = t;
    }
    PetscCall(TSForestSolveMany(&s->forest[l], k, w0, n, transpose));
    if (l == last) break;
  }
  ts_ref_scatter_columns(n, k, s->forest[last].perm, transpose ? scale : NULL, w0, n, y, ldy);
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSSplittingApplyProduct(const TSSplitting *s, const PetscScalar *scale, Vec x, Vec y, PetscScalar *w0, PetscScalar *w1, PetscBool transpose)
{
  const PetscScalar *xa;
  PetscScalar       *ya;

  PetscFunctionBegin;
  PetscCall(VecGetArrayRead(x, &xa));
  PetscCall(VecGetArrayWrite(y, &ya));
  PetscCall(TSSplittingApplyRangeArray(s, 0, s->m - 1, scale, transpose, 1, xa, s->forest[0].n, ya, s->forest[0].n, w0, w1));
  PetscCall(VecRestoreArrayWrite(y, &ya));
  PetscCall(VecRestoreArrayRead(x, &xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Y = the product of factors lo..hi (TSSplittingApplyRangeArray()) applied to the k columns of the
   dense X: every permutation pass moves all columns, every factor is read once per group of four.
   The workspaces stay for the next call with as many columns or fewer. */
PetscErrorCode TSSplittingMatApply(TSSplitting *s, PetscInt lo, PetscInt hi, const PetscScalar *scale, PetscBool transpose, Mat X, Mat Y)
{
  const PetscScalar *xa;
  PetscScalar       *ya;
  PetscInt           n, k, ldx, ldy;

  PetscFunctionBegin;
  PetscCheck(0 <= lo && lo <= hi && hi < s->m, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "Factors %" PetscInt_FMT "..%" PetscInt_FMT " of a splitting of %" PetscInt_FMT, lo, hi, s->m);
  PetscCall(TSDenseGetSizes(X, Y, &n, &k, &ldx, &ldy));
  if (s->mcols < k) {
    PetscCall(PetscFree2(s->mw0, s->mw1));
    PetscCall(PetscMalloc2(n * k, &s->mw0, n * k, &s->mw1));
    s->mcols = k;
  }
  PetscCall(MatDenseGetArrayRead(X, &xa));
  PetscCall(MatDenseGetArrayWrite(Y, &ya));
  PetscCall(TSSplittingApplyRangeArray(s, lo, hi, scale, transpose, k, xa, ldx, ya, ldy, s->mw0, s->mw1));
  PetscCall(MatDenseRestoreArrayWrite(Y, &ya));
  PetscCall(MatDenseRestoreArrayRead(X, &xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSMOSApply(TSSplitting *s, void *dsplit, PCAlgTriPivoting pivoting, const PetscScalar *tinv, PetscScalar *w0, PetscScalar *w1, PCFailedReason failed, PetscBool transpose, Vec x, Vec y)
{
  PetscFunctionBegin;
  if (failed) {
    PetscCall(TSVecSetFailed(y));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#if defined(TS_HAVE_CUDA)
  if (dsplit) {
    /* the transpose solves with the transposed bands of every factor, in the adjoint order */
    if (transpose) PetscCall(TSSplittingDeviceApplyProductTranspose((TSSplittingDevice *)dsplit, pivoting, x, y));
    else PetscCall(TSSplittingDeviceApplyProduct((TSSplittingDevice *)dsplit, pivoting, x, y));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#endif
  PetscCall(TSSplittingApplyProduct(s, tinv, x, y, w0, w1, transpose));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Several right-hand sides at once: every permutation pass moves all columns, every factor is read
   once per group of four columns (host and device) */
PetscErrorCode TSMOSMatApply(TSSplitting *s, void *dsplit, PCAlgTriPivoting pivoting, const PetscScalar *tinv, PCFailedReason failed, Mat X, Mat Y)
{
  PetscFunctionBegin;
  if (failed) {
    PetscCall(TSDenseSetFailed(Y));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#if defined(TS_HAVE_CUDA)
  if (dsplit) {
    TSSplittingDevice *d = (TSSplittingDevice *)dsplit;

    PetscCall(TSSplittingDeviceMatApply(d, pivoting, 0, d->m - 1, X, Y));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#endif
  PetscCall(TSSplittingMatApply(s, 0, s->m - 1, tinv, PETSC_FALSE, X, Y));
  PetscFunctionReturn(PETSC_SUCCESS);
}
