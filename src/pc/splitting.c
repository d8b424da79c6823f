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
  s->m = 0;
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

/* y = P_0^T A_0^-1 P_0 P_1^T ... P_{m-1}^T A_{m-1}^-1 P_{m-1} D x (thesis Eq. 79) with D = diag(scale)
   (NULL: identity): m tridiagonal solves, m + 1 permutation passes, the scaling fused into the first.
   The transpose applies D P_{m-1}^T A_{m-1}^-T ... A_0^-T P_0 x. w0, w1: n scalars each. */
static PetscErrorCode TSSplittingApplyProductArray(const TSSplitting *s, const PetscScalar *scale, const PetscScalar *x, PetscScalar *y, PetscScalar *w0, PetscScalar *w1, PetscBool transpose)
{
  const PetscInt m = s->m, n = s->forest[0].n;

  PetscFunctionBegin;
  if (!transpose) {
    const PetscInt *perm = s->forest[m - 1].perm;

    if (scale) ts_ref_gather_scaled(n, perm, scale, x, w0);
    else ts_ref_gather(n, perm, x, w0);
    PetscCall(TSForestSolve(&s->forest[m - 1], w0, PETSC_FALSE));
    for (PetscInt l = m - 2; l >= 0; l--) {
      PetscScalar *t;

      for (PetscInt k = 0; k < n; k++) w1[k] = w0[s->link[l][k]];
      PetscCall(TSForestSolve(&s->forest[l], w1, PETSC_FALSE));
      t  = w0;
      w0 = w1;
      w1 = t;
    }
    ts_ref_scatter(n, s->forest[0].perm, w0, y);
  } else {
    const PetscInt *perm = s->forest[m - 1].perm;

    ts_ref_gather(n, s->forest[0].perm, x, w0);
    PetscCall(TSForestSolve(&s->forest[0], w0, PETSC_TRUE));
    for (PetscInt l = 1; l < m; l++) {
      PetscScalar *t;

      for (PetscInt k = 0; k < n; k++) w1[s->link[l - 1][k]] = w0[k];
      PetscCall(TSForestSolve(&s->forest[l], w1, PETSC_TRUE));
      t  = w0;
      w0 = w1;
      w1 = t;
    }
    for (PetscInt k = 0; k < n; k++) y[perm[k]] = scale ? scale[perm[k]] * w0[k] : w0[k];
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TSSplittingApplyProduct(const TSSplitting *s, const PetscScalar *scale, Vec x, Vec y, PetscScalar *w0, PetscScalar *w1, PetscBool transpose)
{
  const PetscScalar *xa;
  PetscScalar       *ya;

  PetscFunctionBegin;
  PetscCall(VecGetArrayRead(x, &xa));
  PetscCall(VecGetArrayWrite(y, &ya));
  PetscCall(TSSplittingApplyProductArray(s, scale, xa, ya, w0, w1, transpose));
  PetscCall(VecRestoreArrayWrite(y, &ya));
  PetscCall(VecRestoreArrayRead(x, &xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}
