/*
   PCMOSA: adaptive multiplicative operator splitting (ALGORITHMS.md 5.4, thesis Eqs. 68-69, 74-76).
   B_0 = A; level l extracts a linear forest S_l of B_l, M_l = prune(B_l, S_l) (tridiagonal in its
   order), and B_{l+1} = prune(B_l M_l^-1, diagonal + the q_i largest off-diagonal entries of each row),
   q_i the off-diagonal count of row i of A. T = diagp1(B_m) and M = T M_{m-1} ... M_0, applied like
   MOS-d. The product B_l M_l^-1 is computed row by row on the paths each row touches, with early
   dropping (src/kernels/reference/rowsolve.c), instead of the thesis' dense O(N^2) columns.
   For SEQAIJCUSPARSE blocks every level is built on the GPU (the device forest builder, the
   path-by-path factor and the row product of src/kernels/cuda/mosa_*.cu, equal to the host's bit
   for bit) and the apply is MOS-d's device apply (TSSplittingDeviceApplyProduct()).
*/
#include <trisplit/private/forestimpl.h>
#if defined(TS_HAVE_CUDA)
  #include <petscdevice_cuda.h>
#endif

typedef struct {
  TSForestOptions opt;
  PetscInt        m, m_max;  /* levels (0: automatic, at most m_max) */
  PetscReal       coverage;  /* mu: the automatic choice stops once c_diag(B_l) reaches it */
  PetscReal       droptol;   /* early dropping of the product, relative to each row's top-q scale */
  PetscBool       exact;     /* the O(N^2) whole-chain product, for testing */
  TSSplitting     split;     /* the factors M_l, factored, and the fused permutations */
  PetscReal      *cdiag;     /* c_diag(B_l), l = 0..m */
  PetscScalar    *tinv, *w0, *w1;
  PCFailedReason  failed;
  PetscInt        failed_level, failed_row;
  PetscBool       on_device;  /* SEQAIJCUSPARSE block: levels built and applied on the GPU */
  PetscInt        rounds[2];  /* device product: most slot rounds of a level, rows recomputed in all */
#if defined(TS_HAVE_CUDA)
  TSSplittingDevice dsplit;
#endif
} PC_MOSA;

/* automatic m: stop once c_diag(B_{l+1}) reaches mu or gains less than 0.01; every rank agrees */
static PetscErrorCode PCMOSAMore_Private(PC pc, PetscInt levels, PetscInt m_target, PetscBool *more)
{
  PC_MOSA *mos = (PC_MOSA *)pc->data;

  PetscFunctionBegin;
  *more = (PetscBool)(!mos->failed && levels < m_target && (mos->m || (mos->cdiag[levels] < mos->coverage && mos->cdiag[levels] - mos->cdiag[levels - 1] >= 0.01)));
  PetscCall(MPIU_Allreduce(MPI_IN_PLACE, more, 1, MPIU_BOOL, MPI_LOR, PetscObjectComm((PetscObject)pc)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCMOSASetFailed_Private(PC pc)
{
  PC_MOSA *mos = (PC_MOSA *)pc->data;

  PetscFunctionBegin;
  if (mos->failed) {
    PetscCall(PetscInfo(pc, "MOS-a level %" PetscInt_FMT " failed: %s (row %" PetscInt_FMT " of the local block)\n", mos->failed_level, PCFailedReasons[mos->failed], mos->failed_row));
    PetscCall(PCSetFailedReason(pc, mos->failed));
  } else PetscCall(PCSetFailedReason(pc, PC_NOERROR));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* B_{l+1} = prune(B_l M_l^-1, S^diag + S^max-q) as a new CSR (the old one is freed) */
static PetscErrorCode PCMOSAProduct_Private(PC_MOSA *mos, const TSForest *f, const PetscInt *q, PetscInt n, PetscInt **b_rowptr, PetscInt **b_col, PetscScalar **b_val)
{
  PetscInt    *begin, *end, *out_rowptr, *out_col, *out_len, *rowptr, *col;
  PetscScalar *out_val, *val;
  void        *work;
  ts_status    status;

  PetscFunctionBegin;
  PetscCall(PetscMalloc4(n, &begin, n, &end, n + 1, &out_rowptr, n, &out_len));
  ts_ref_path_bounds(n, f->perm, f->path_id, begin, end);
  out_rowptr[0] = 0;
  for (PetscInt i = 0; i < n; i++) out_rowptr[i + 1] = out_rowptr[i] + q[i] + 1;
  PetscCall(PetscMalloc2(out_rowptr[n], &out_col, out_rowptr[n], &out_val));
  PetscCall(PetscMalloc(ts_ref_mosa_product_size(n) + 1, &work));
  status = ts_ref_mosa_product(n, *b_rowptr, *b_col, *b_val, f->perm, f->iperm, begin, end, f->factor, q, mos->droptol, (int)mos->exact, out_rowptr, out_col, out_val, out_len, work);
  PetscCall(PetscFree(work));
  PetscCheck(status == TS_SUCCESS || status == TS_ERR_NONFINITE, PETSC_COMM_SELF, PETSC_ERR_LIB, "MOS-a product failed (status %d)", (int)status);
  /* compact */
  PetscCall(PetscMalloc1(n + 1, &rowptr));
  rowptr[0] = 0;
  for (PetscInt i = 0; i < n; i++) rowptr[i + 1] = rowptr[i] + (status == TS_SUCCESS ? out_len[i] : 0);
  PetscCall(PetscMalloc2(rowptr[n], &col, rowptr[n], &val));
  for (PetscInt i = 0; i < n && status == TS_SUCCESS; i++) {
    PetscCall(PetscArraycpy(col + rowptr[i], out_col + out_rowptr[i], out_len[i]));
    PetscCall(PetscArraycpy(val + rowptr[i], out_val + out_rowptr[i], out_len[i]));
  }
  PetscCall(PetscFree2(out_col, out_val));
  PetscCall(PetscFree4(begin, end, out_rowptr, out_len));
  PetscCall(PetscFree(*b_rowptr));
  PetscCall(PetscFree2(*b_col, *b_val));
  *b_rowptr = rowptr;
  *b_col    = col;
  *b_val    = val;
  if (status == TS_ERR_NONFINITE) mos->failed = PC_FACTOR_OTHER;
  PetscFunctionReturn(PETSC_SUCCESS);
}

#if defined(TS_HAVE_CUDA)
/* one value back from the device (the scalars the level loop decides on) */
static PetscErrorCode PCMOSARead_Private(cudaStream_t stream, const void *d, void *h, size_t bytes)
{
  PetscFunctionBegin;
  PetscCallCUDA(cudaMemcpyAsync(h, d, bytes, cudaMemcpyDeviceToHost, stream));
  PetscCallCUDA(cudaStreamSynchronize(stream));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The device twin of the level loop of PCSetUp_MOSA(): B_l stays on the GPU (two CSR buffers in
   turn, B_0 is the matrix's own arrays); per level the forest (TSForestDeviceBuildCSR()), its path
   bounds and factor, the product and its compaction. Only scalars come back: the factor's status,
   the product's counters, nnz(B_{l+1}) and c_diag(B_{l+1}). */
static PetscErrorCode PCMOSASetUpDevice_Private(PC pc, Mat local, PetscInt m_target)
{
  PC_MOSA           *mos = (PC_MOSA *)pc->data;
  TSSplittingDevice *d   = &mos->dsplit;
  PetscInt           n, nnz, cap = 0, info[2], rounds[2], cur = -1;
  const PetscInt    *ia, *ja, *b_rowptr, *b_col;
  const PetscScalar *va, *b_val;
  PetscInt          *q, *orow, *ocol, *olen, *begin, *end, *d_info, *brow[2], *bcol[2];
  PetscScalar       *oval, *bval[2], *d_cov;
  void              *factor, *pbuf, *prod;
  size_t             pbytes;
  cudaStream_t       stream;
  PetscBool          more;

  PetscFunctionBegin;
  PetscCall(TSGetStream(&stream));
  PetscCall(TSGetDeviceCSR(local, &n, &nnz, &ia, &ja, &va));
  pbytes = PetscMax(ts_cuda_mosa_pattern_buffer_size(n), ts_cuda_path_bounds_buffer_size(n));
  PetscCall(TSDeviceMalloc(pbytes + 1, &pbuf));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * (n + 1), (void **)&q));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * (n + 1), (void **)&orow));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) + 2 * sizeof(PetscInt), (void **)&d_cov));
  d_info = (PetscInt *)(d_cov + 1);
  PetscCall(TSCheckKernel(ts_cuda_mosa_rowcap(stream, n, ia, ja, q, orow, pbuf), "mosa_rowcap"));
  PetscCall(PCMOSARead_Private(stream, orow + n, &cap, sizeof(PetscInt)));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * (cap + 1), (void **)&ocol));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * (cap + 1), (void **)&oval));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * (n + 1), (void **)&olen));
  for (PetscInt t = 0; t < 2; t++) {
    PetscCall(TSDeviceMalloc(sizeof(PetscInt) * (n + 1), (void **)&brow[t]));
    PetscCall(TSDeviceMalloc(sizeof(PetscInt) * (cap + 1), (void **)&bcol[t]));
    PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * (cap + 1), (void **)&bval[t]));
  }
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * (n + 1), (void **)&begin));
  PetscCall(TSDeviceMalloc(sizeof(PetscInt) * (n + 1), (void **)&end));
  PetscCall(TSDeviceMalloc(ts_ref_gttrf_size(n) + 1, &factor));
  PetscCall(TSDeviceMalloc(ts_cuda_mosa_product_buffer_size(n, (int)mos->exact), &prod));

  PetscCall(PetscCalloc1(m_target, &d->forest));
  PetscCall(PetscCalloc1(m_target, &d->link));
  PetscCall(PetscMalloc1(m_target + 1, &mos->cdiag));
  b_rowptr = ia, b_col = ja, b_val = va; /* B_0 = A */
  PetscCall(TSCheckKernel(ts_cuda_diag_coverage(stream, n, b_rowptr, b_col, b_val, d_cov, pbuf), "diag_coverage"));
  PetscCall(PCMOSARead_Private(stream, d_cov, &mos->cdiag[0], sizeof(PetscReal)));
  mos->rounds[0] = mos->rounds[1] = 0;
  do {
    TSForestDevice *f = &d->forest[d->m];
    ts_status       st;

    PetscCall(TSForestDeviceBuildCSR(n, nnz, b_rowptr, b_col, b_val, &mos->opt, f));
    PetscCall(PetscLogEventBegin(TS_TriFactor, 0, 0, 0, 0));
    if (n) {
      PetscCall(TSCheckKernel(ts_cuda_path_bounds(stream, n, f->perm, f->path_id, begin, end, pbuf), "path_bounds"));
      PetscCall(TSCheckKernel(ts_cuda_gttrf_paths(stream, (ts_pivoting)mos->opt.pivoting, n, begin, end, f->a, f->b, f->c, factor, d_info), "gttrf_paths"));
      PetscCall(PCMOSARead_Private(stream, d_info, info, sizeof(info)));
    } else info[0] = TS_SUCCESS;
    PetscCall(PetscLogEventEnd(TS_TriFactor, 0, 0, 0, 0));
    d->m++;
    if (info[0] != TS_SUCCESS) { /* the host's reasons: a zero pivot, or a non-finite band entry */
      mos->failed       = info[0] == TS_ERR_ZERO_PIVOT ? PC_FACTOR_NUMERIC_ZEROPIVOT : PC_FACTOR_OTHER;
      mos->failed_level = d->m - 1;
      mos->failed_row   = -1;
      if (info[1] >= 0) PetscCall(PCMOSARead_Private(stream, f->perm + info[1], &mos->failed_row, sizeof(PetscInt)));
    } else if (n) {
      PetscCall(PetscLogEventBegin(TS_MOSAProduct, 0, 0, 0, 0));
      st = ts_cuda_mosa_product(stream, n, b_rowptr, b_col, b_val, f->perm, f->iperm, begin, end, factor, q, mos->droptol, (int)mos->exact, orow, ocol, oval, olen, prod, rounds);
      PetscCheck(st == TS_SUCCESS || st == TS_ERR_NONFINITE, PETSC_COMM_SELF, st == TS_ERR_DEVICE ? PETSC_ERR_GPU : PETSC_ERR_LIB, "MOS-a device product failed (status %d)", (int)st);
      mos->rounds[0] = PetscMax(mos->rounds[0], rounds[0]);
      mos->rounds[1] += rounds[1];
      if (st == TS_ERR_NONFINITE) {
        mos->failed       = PC_FACTOR_OTHER;
        mos->failed_level = d->m - 1;
        mos->failed_row   = -1;
      } else {
        cur = cur == 0 ? 1 : 0;
        PetscCall(TSCheckKernel(ts_cuda_mosa_compact(stream, n, orow, ocol, oval, olen, brow[cur], bcol[cur], bval[cur], pbuf), "mosa_compact"));
        PetscCall(PCMOSARead_Private(stream, brow[cur] + n, &nnz, sizeof(PetscInt)));
        b_rowptr = brow[cur], b_col = bcol[cur], b_val = bval[cur];
      }
      PetscCall(PetscLogEventEnd(TS_MOSAProduct, 0, 0, 0, 0));
    }
    mos->cdiag[d->m] = 0;
    if (!mos->failed) {
      PetscCall(TSCheckKernel(ts_cuda_diag_coverage(stream, n, b_rowptr, b_col, b_val, d_cov, pbuf), "diag_coverage"));
      PetscCall(PCMOSARead_Private(stream, d_cov, &mos->cdiag[d->m], sizeof(PetscReal)));
    }
    PetscCall(PCMOSAMore_Private(pc, d->m, m_target, &more));
  } while (more);

  /* the fused permutations, T = diagp1(B_m) as the scaling of the apply (1/T, 0 where T = 0) */
  for (PetscInt l = 0; l + 1 < d->m; l++) {
    PetscCall(TSDeviceMalloc(sizeof(PetscInt) * n, (void **)&d->link[l]));
    if (n) PetscCall(TSCheckKernel(ts_cuda_compose(stream, n, d->forest[l].perm, d->forest[l + 1].iperm, d->link[l]), "compose"));
  }
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->t));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->j));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->scale));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->w0));
  PetscCall(TSDeviceMalloc(sizeof(PetscScalar) * n, (void **)&d->w1));
  if (n && !mos->failed) PetscCall(TSCheckKernel(ts_cuda_mos_diagonal(stream, 1, n, b_rowptr, b_col, b_val, 1, d->t, d->scale, d->j), "mos_diagonal"));
  PetscCallCUDA(cudaStreamSynchronize(stream)); /* the temporaries below are freed at once */
  PetscCall(TSRestoreDeviceCSR(local, &ia, &ja, &va));
  TSDeviceFree(pbuf);
  TSDeviceFree(q);
  TSDeviceFree(orow);
  TSDeviceFree(d_cov);
  TSDeviceFree(ocol);
  TSDeviceFree(oval);
  TSDeviceFree(olen);
  for (PetscInt t = 0; t < 2; t++) {
    TSDeviceFree(brow[t]);
    TSDeviceFree(bcol[t]);
    TSDeviceFree(bval[t]);
  }
  TSDeviceFree(begin);
  TSDeviceFree(end);
  TSDeviceFree(factor);
  TSDeviceFree(prod);
  PetscFunctionReturn(PETSC_SUCCESS);
}
#endif

static PetscErrorCode PCSetUp_MOSA(PC pc)
{
  PC_MOSA           *mos = (PC_MOSA *)pc->data;
  TSSplitting       *s   = &mos->split;
  Mat                local, owned;
  PetscInt           n, *q, *b_rowptr, *b_col, m_target = mos->m ? mos->m : mos->m_max;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  PetscScalar       *b_val, *t;
  PetscBool          more;

  PetscFunctionBegin;
  PetscCall(TSGetLocalAIJ(pc, &local, &owned));
  PetscCall(MatGetOwnershipRange(pc->pmat, &mos->opt.factor.offset, NULL)); /* charges by global row: rank-independent forests */
  PetscCall(TSSplittingReset(s));
  PetscCall(PetscFree(mos->cdiag));
  PetscCall(PetscFree(mos->tinv));
  PetscCall(PetscFree2(mos->w0, mos->w1));
  mos->failed = PC_NOERROR;
  PetscCall(TSIsDeviceMat(local, &mos->on_device));
#if defined(TS_HAVE_CUDA)
  PetscCall(TSSplittingDeviceReset(&mos->dsplit));
  if (mos->on_device) {
    PetscCall(PCMOSASetUpDevice_Private(pc, local, m_target));
    PetscCall(MatDestroy(&owned));
    PetscCall(PCMOSASetFailed_Private(pc));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
#endif

  /* B_0 = A, as CSR arrays the levels replace */
  PetscCall(TSGetCSR(local, &n, &ia, &ja, &va));
  PetscCall(PetscMalloc1(n + 1, &b_rowptr));
  PetscCall(PetscMalloc2(ia[n], &b_col, ia[n], &b_val));
  PetscCall(PetscArraycpy(b_rowptr, ia, n + 1));
  PetscCall(PetscArraycpy(b_col, ja, ia[n]));
  PetscCall(PetscArraycpy(b_val, va, ia[n]));
  PetscCall(PetscMalloc1(n, &q));
  for (PetscInt i = 0; i < n; i++) {
    q[i] = ia[i + 1] - ia[i];
    for (PetscInt e = ia[i]; e < ia[i + 1]; e++)
      if (ja[e] == i) q[i]--;
  }
  {
    PetscInt nn = n; /* MatRestoreRowIJ() clears its size argument */
    PetscCall(TSRestoreCSR(local, &nn, &ia, &ja, &va));
  }
  PetscCall(MatDestroy(&owned));

  PetscCall(PetscCalloc2(m_target, &s->forest, m_target, &s->coverage));
  PetscCall(PetscMalloc1(m_target + 1, &mos->cdiag));
  mos->cdiag[0] = ts_ref_diag_coverage(n, b_rowptr, b_col, b_val);
  do {
    TSForest *f = &s->forest[s->m];
    TSGraph   g = {0};

    PetscCall(TSGraphBuildCSR(n, b_rowptr, b_col, b_val, mos->opt.weight, &g));
    s->coverage_id = s->m ? s->coverage_id : g.coverage_id;
    PetscCall(TSForestBuild(&g, &mos->opt, f));
    PetscCall(TSGraphReset(&g));
    PetscCall(TSForestExtractBandsCSR(f, n, b_rowptr, b_col, b_val));
    PetscCall(TSForestFactor(f, mos->opt.pivoting));
    s->m++;
    if (f->failed) {
      mos->failed       = f->failed;
      mos->failed_level = s->m - 1;
      mos->failed_row   = f->failed_row;
    } else PetscCall(PCMOSAProduct_Private(mos, f, q, n, &b_rowptr, &b_col, &b_val));
    if (mos->failed && !f->failed) mos->failed_level = s->m - 1;
    mos->cdiag[s->m] = mos->failed ? 0 : ts_ref_diag_coverage(n, b_rowptr, b_col, b_val);
    PetscCall(PCMOSAMore_Private(pc, s->m, m_target, &more));
  } while (more);
  PetscCall(TSSplittingLink(s));

  /* T = diagp1(B_m) */
  PetscCall(PetscMalloc1(n, &mos->tinv));
  PetscCall(PetscMalloc1(n, &t));
  ts_ref_diagp(1, n, b_rowptr, b_col, b_val, t);
  for (PetscInt i = 0; i < n; i++) mos->tinv[i] = t[i] != 0.0 ? 1.0 / t[i] : 0.0;
  PetscCall(PetscFree(t));
  PetscCall(PetscMalloc2(n, &mos->w0, n, &mos->w1));
  PetscCall(PetscFree(b_rowptr));
  PetscCall(PetscFree2(b_col, b_val));
  PetscCall(PetscFree(q));
  PetscCall(PCMOSASetFailed_Private(pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCApply_MOSA(PC pc, Vec x, Vec y)
{
  PC_MOSA *mos = (PC_MOSA *)pc->data;

  PetscFunctionBegin;
  PetscCall(TSMOSApply(&mos->split, TSMOSDevice(mos), mos->opt.pivoting, mos->tinv, mos->w0, mos->w1, mos->failed, PETSC_FALSE, x, y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCApplyTranspose_MOSA(PC pc, Vec x, Vec y)
{
  PC_MOSA *mos = (PC_MOSA *)pc->data;

  PetscFunctionBegin;
  PetscCall(TSMOSApply(&mos->split, TSMOSDevice(mos), mos->opt.pivoting, mos->tinv, mos->w0, mos->w1, mos->failed, PETSC_TRUE, x, y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* several right-hand sides at once, as MOS-d */
static PetscErrorCode PCMatApply_MOSA(PC pc, Mat X, Mat Y)
{
  PC_MOSA *mos = (PC_MOSA *)pc->data;

  PetscFunctionBegin;
  PetscCall(TSMOSMatApply(&mos->split, TSMOSDevice(mos), mos->opt.pivoting, mos->tinv, mos->failed, X, Y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCReset_MOSA(PC pc)
{
  PC_MOSA *mos = (PC_MOSA *)pc->data;

  PetscFunctionBegin;
  PetscCall(TSSplittingReset(&mos->split));
#if defined(TS_HAVE_CUDA)
  PetscCall(TSSplittingDeviceReset(&mos->dsplit));
#endif
  PetscCall(PetscFree(mos->cdiag));
  PetscCall(PetscFree(mos->tinv));
  PetscCall(PetscFree2(mos->w0, mos->w1));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCDestroy_MOSA(PC pc)
{
  PetscFunctionBegin;
  PetscCall(PCReset_MOSA(pc));
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCMOSASetM_C", NULL));
  PetscCall(PetscFree(pc->data));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCMOSASetM_MOSA(PC pc, PetscInt m)
{
  PC_MOSA *mos = (PC_MOSA *)pc->data;

  PetscFunctionBegin;
  PetscCheck(m >= 0, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "m must be at least 0 (0: automatic), got %" PetscInt_FMT, m);
  if (mos->m != m) pc->setupcalled = 0;
  mos->m = m;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCMOSASetM - Sets the number of levels (tridiagonal factors) of `PCMOSA`

  Logically Collective

  Input Parameters:
+ pc - the preconditioner context
- m  - the number of levels, or 0 to add levels until the diagonal coverage c_diag(B_l) reaches
       `-pc_mosa_coverage` (or stops growing), at most `-pc_mosa_m_max`

  Options Database Key:
. -pc_mosa_m <m> - the number of levels

  Level: intermediate

.seealso: `PCMOSA`, `PCMOSDSetM()`
@*/
PetscErrorCode PCMOSASetM(PC pc, PetscInt m)
{
  PetscFunctionBegin;
  PetscValidHeaderSpecific(pc, PC_CLASSID, 1);
  PetscValidLogicalCollectiveInt(pc, m, 2);
  PetscTryMethod(pc, "PCMOSASetM_C", (PC, PetscInt), (pc, m));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCSetFromOptions_MOSA(PC pc, TSOptionItems PetscOptionsObject)
{
  PC_MOSA *mos = (PC_MOSA *)pc->data;

  PetscFunctionBegin;
  PetscOptionsHeadBegin(PetscOptionsObject, "MOSA options");
  PetscCall(TSForestOptionsSetFromOptions(PetscOptionsObject, "mosa", &mos->opt));
  PetscCall(TSLevelsOptionsSetFromOptions(PetscOptionsObject, "mosa", "the diagonal coverage c_diag(B_l) reaches this", &mos->m, &mos->m_max, &mos->coverage));
  PetscCall(PetscOptionsReal("-pc_mosa_droptol", "Early dropping of B_l M_l^-1, relative to each row's top-q scale (0: exact on each path)", "PCMOSA", mos->droptol, &mos->droptol, NULL));
  PetscCheck(mos->droptol >= 0, PetscObjectComm((PetscObject)pc), PETSC_ERR_ARG_OUTOFRANGE, "-pc_mosa_droptol must be nonnegative");
  PetscCall(PetscOptionsBool("-pc_mosa_exact_product", "Solve the whole chain for every row (O(N^2), for testing)", "PCMOSA", mos->exact, &mos->exact, NULL));
  PetscOptionsHeadEnd();
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode PCView_MOSA(PC pc, PetscViewer viewer)
{
  PC_MOSA    *mos = (PC_MOSA *)pc->data;
  PetscBool   iascii;
  PetscMPIInt size;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)viewer, PETSCVIEWERASCII, &iascii));
  if (!iascii) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TSForestOptionsView(&mos->opt, viewer));
  if (mos->m) PetscCall(PetscViewerASCIIPrintf(viewer, "m = %" PetscInt_FMT " levels, product %s\n", mos->m, mos->exact ? "exact (whole chain)" : "on the touched paths"));
  else PetscCall(PetscViewerASCIIPrintf(viewer, "m automatic (c_diag %g, at most %" PetscInt_FMT "), product %s\n", (double)mos->coverage, mos->m_max, mos->exact ? "exact (whole chain)" : "on the touched paths"));
  PetscCall(PetscViewerASCIIPrintf(viewer, "drop tolerance %g\n", (double)mos->droptol));
  PetscCallMPI(MPI_Comm_size(PetscObjectComm((PetscObject)pc), &size));
  if (!pc->setupcalled || size > 1) PetscFunctionReturn(PETSC_SUCCESS);
  {
    PetscInt m = mos->split.m;
#if defined(TS_HAVE_CUDA)
    if (mos->on_device) {
      m = mos->dsplit.m;
      PetscCall(PetscViewerASCIIPrintf(viewer, "  built on the GPU (product: %" PetscInt_FMT " slot rounds at most, %" PetscInt_FMT " rows recomputed)\n", mos->rounds[0], mos->rounds[1]));
    }
#endif
    for (PetscInt l = 0; l < m; l++) {
      PetscInt npaths = l < mos->split.m ? mos->split.forest[l].npaths : 0, longest = l < mos->split.m ? mos->split.forest[l].longest : 0;
#if defined(TS_HAVE_CUDA)
      if (mos->on_device) npaths = mos->dsplit.forest[l].npaths, longest = mos->dsplit.forest[l].longest;
#endif
      PetscCall(PetscViewerASCIIPrintf(viewer, "  level %" PetscInt_FMT ": c_diag(B_l) %.4f, %" PetscInt_FMT " paths, longest %" PetscInt_FMT "\n", l, (double)mos->cdiag[l], npaths, longest));
    }
    PetscCall(PetscViewerASCIIPrintf(viewer, "  c_diag(B_m) %.4f\n", (double)mos->cdiag[m]));
  }
  if (mos->failed) PetscCall(PetscViewerASCIIPrintf(viewer, "  FAILED at level %" PetscInt_FMT ": %s\n", mos->failed_level, PCFailedReasons[mos->failed]));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*MC
   PCMOSA - Adaptive multiplicative operator splitting: m tridiagonal factors, each extracted from the
   part of the operator the previous ones leave, B_{l+1} = prune(B_l M_l^-1, diagonal + top-q per row)

   Options Database Keys:
+  -pc_mosa_m <0>             - number of levels; 0 chooses m by the diagonal coverage c_diag(B_l)
.  -pc_mosa_m_max <4>         - most levels of the automatic choice
.  -pc_mosa_coverage <0.99>   - the automatic choice stops once c_diag(B_l) reaches it (or gains < 0.01)
.  -pc_mosa_droptol <1e-4>    - early dropping in the product, relative to each row's top-q scale
.  -pc_mosa_exact_product     - solve the whole chain for every row (O(N^2), for testing)
.  -pc_mosa_pivoting <scaled> - pivoting of the tridiagonal solves
-  -pc_mosa_weight <scaled>   - edge weights of the graphs

   Level: intermediate

   Notes:
   Row i of B_l M_l^-1 solves M_l^T y = b_i. M_l is tridiagonal in the order of its forest with
   decoupled paths, so y lives on the paths b_i touches: a row costs the length of those paths, not N,
   and with a drop tolerance the sweeps stop once the solution has decayed (the bound is in
   src/kernels/reference/rowsolve.c). B_{l+1} keeps the sparsity count of A per row. With m = 1 the
   preconditioner is T M_0 with M_0 the matrix of `PCALGTRI` and T = diagp1(A M_0^-1 pruned).
   A zero pivot or a non-finite entry at any level makes the PC fail with the level reported by
   `PCView()` and -info. With a `MATSEQAIJCUSPARSE` or `MATMPIAIJCUSPARSE` matrix every level is built on
   the GPU (the same forests, factors and products as the host's, bit for bit; only scalars come back
   per level) and applied there like `PCMOSD` (RPTS solves, fused permutations).

.seealso: `PCCreate()`, `PCSetType()`, `PCALGTRI`, `PCMOSD`, `PCALTSPLIT`, `PCMOSASetM()`
M*/
PETSC_INTERN PetscErrorCode PCCreate_MOSA(PC pc)
{
  PC_MOSA *mos;

  PetscFunctionBegin;
  PetscCall(PetscNew(&mos));
  pc->data = (void *)mos;
  PetscCall(TSForestOptionsDefault(&mos->opt));
  mos->m        = 0;
  mos->m_max    = 4;
  mos->coverage = 0.99;
  mos->droptol  = 1e-4;

  pc->ops->apply          = PCApply_MOSA;
  pc->ops->applytranspose = PCApplyTranspose_MOSA;
  pc->ops->matapply       = PCMatApply_MOSA;
  pc->ops->setup          = PCSetUp_MOSA;
  pc->ops->reset          = PCReset_MOSA;
  pc->ops->destroy        = PCDestroy_MOSA;
  pc->ops->setfromoptions = PCSetFromOptions_MOSA;
  pc->ops->view           = PCView_MOSA;
  PetscCall(PetscObjectComposeFunction((PetscObject)pc, "PCMOSASetM_C", PCMOSASetM_MOSA));
  PetscFunctionReturn(PETSC_SUCCESS);
}
