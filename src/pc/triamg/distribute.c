/* SPDX-License-Identifier: BSD-2-Clause */
/*
   PCTRIAMG across ranks: a level's prolongator and Galerkin product from each rank's rows, computed by the
   backend's own kernels (on the device, the rank's GPU) on one sequential view of the rank's rows, with only the
   rank boundary exchanged. Aggregates never cross ranks, so:
   - The rank's rows of A become one matrix [Ad | Ao] (the backend's join): the diagonal block's n columns, then the
     ghost columns (Ao's, in the order of A's garray). Each ghost column j gets its owner's aggregate (one
     PetscSFBcast()), numbered after this rank's nagg aggregates: the "extended" coarse numbering, [this rank's
     aggregates | S1, the other ranks' aggregates of the ghost columns | S2, those that only the ghost rows of P
     below reach], each of S1 and S2 in increasing global order (colmap).
   - P's rows are the backend's prolongator on [Ad | Ao], so near a rank boundary P is the smoothed prolongator of
     the whole operator, as on one rank. The ghost rows of P (the rows of A's ghost columns, P_jJ of the product's
     right factor) come from their owners in two PetscSFBcast() (their lengths and offsets, then their entries),
     appended below P's rows: P_ext, (n + ghosts) x (nagg + |S1| + |S2|).
   - C_ext = P_ext(0:n)^T [Ad | Ao] P_ext is the backend's sequential Galerkin product (its plan kept for refreshes).
     Its rows below nagg are this rank's coarse rows; the others are contributions to other ranks' coarse rows,
     sent to their owners (MPI_Alltoallv() of host buffers, whatever MPI's CUDA awareness: a boundary's worth).
   - The distributed P and C are PETSc matrices of A's kind (MPIAIJ, MPIAIJCUSPARSE) made from their diagonal and
     off-diagonal blocks with MatCreateMPIAIJWithSeqAIJ(), so PCMG, the smoothers and the coarse solve take them
     as any other. Their blocks are assembled on the host from the kernels' results: PETSc's AIJ types keep their
     patterns there (docs/design.md, "triamg across ranks").
   A refresh (same pattern) recomputes the join's values, C_ext's values on the kept plan and the exchange, and
   copies the values into C. The host and device backends run the same driver: the host's is the oracle.
*/
#include <petscsf.h>
#include <trisplit/private/triamgimpl.h>

#if PETSC_VERSION_GE(3, 22, 0)
typedef PetscMPIInt TSPSFRankCount;
#else
typedef PetscInt TSPSFRankCount;
#endif

/* What a distributed level keeps for its Galerkin products, composed on its prolongator P */
typedef struct {
  TSPTriAMGOps ops;      /* the backend's (the hierarchy's, copied: the context outlives a setup's choice) */
  Mat          join;     /* this rank's rows of A, [Ad | Ao] */
  Mat          pext;     /* P's rows and the ghost rows of P, in the extended coarse numbering */
  Mat          cext;     /* P_ext(0:n)^T join P_ext: the Galerkin product's plan and values */
  PetscInt     nagg;     /* this rank's aggregates, the first extended columns */
  PetscInt     cstart;   /* the global number of the first of them */
  PetscInt     next;     /* extended columns beyond nagg */
  PetscInt    *colmap;   /* next: the global aggregate of extended column nagg + k */
} TSPTriAMGExchange;

static PetscErrorCode TSPTriAMGExchangeDestroy(void *ctx)
{
  TSPTriAMGExchange *ex = (TSPTriAMGExchange *)ctx;

  PetscFunctionBegin;
  PetscCall(MatDestroy(&ex->join));
  PetscCall(MatDestroy(&ex->pext));
  PetscCall(MatDestroy(&ex->cext));
  PetscCall(PetscFree(ex->colmap));
  PetscCall(PetscFree(ex));
  PetscFunctionReturn(PETSC_SUCCESS);
}

typedef struct {
  PetscInt    *i, *j;
  PetscScalar *a;
} TSPTriAMGBlockArrays;

static PetscErrorCode TSPTriAMGBlockArraysDestroy(void *ctx)
{
  TSPTriAMGBlockArrays *arr = (TSPTriAMGBlockArrays *)ctx;

  PetscFunctionBegin;
  PetscCall(PetscFree(arr->i));
  PetscCall(PetscFree(arr->j));
  PetscCall(PetscFree(arr->a));
  PetscCall(PetscFree(arr));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A MATSEQAIJ block on CSR arrays of PetscMalloc(), freed with the block */
static PETSC_UNUSED PetscErrorCode TSPTriAMGBlock(PetscInt m, PetscInt n, PetscInt *i, PetscInt *j, PetscScalar *a, Mat *B)
{
  TSPTriAMGBlockArrays *arr;

  PetscFunctionBegin;
  PetscCall(MatCreateSeqAIJWithArrays(PETSC_COMM_SELF, m, n, i, j, a, B));
  PetscCall(PetscNew(&arr));
  arr->i = i;
  arr->j = j;
  arr->a = a;
  PetscCall(TriSplitObjectCompose((PetscObject)*B, "TSPTriAMGBlockArrays", arr, TSPTriAMGBlockArraysDestroy));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The distributed matrix of m local rows and n local columns from its diagonal block (di, dj, dv: columns local)
   and off-diagonal block (oi, oj, ov: columns into garray, sorted global numbers, no of them), all of PetscMalloc()
   and taken over; of the device's AIJ type where device. Since PETSc 3.23 the blocks become the matrix's own
   (MatCreateMPIAIJWithSeqAIJ() with garray: nothing is copied or compacted); before, PETSc copies the rows in
   global columns. */
static PetscErrorCode TSPTriAMGAssemble(MPI_Comm comm, PetscBool device, PetscInt m, PetscInt n, PetscInt *di, PetscInt *dj, PetscScalar *dv, PetscInt no, PetscInt *oi, PetscInt *oj, PetscScalar *ov, PetscInt *garray, Mat *M)
{
  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TriSplit_AMGMatCreate, 0, 0, 0, 0));
#if PETSC_VERSION_GE(3, 23, 0)
  {
    Mat Ad, Ao;

    PetscCall(TSPTriAMGBlock(m, n, di, dj, dv, &Ad));
    PetscCall(TSPTriAMGBlock(m, no, oi, oj, ov, &Ao));
  #if defined(PETSC_HAVE_CUDA)
    if (device) {
      PetscCall(MatConvert(Ad, MATSEQAIJCUSPARSE, MAT_INPLACE_MATRIX, &Ad));
      PetscCall(MatConvert(Ao, MATSEQAIJCUSPARSE, MAT_INPLACE_MATRIX, &Ao));
    }
  #endif
    PetscCall(MatCreateMPIAIJWithSeqAIJ(comm, PETSC_DETERMINE, PETSC_DETERMINE, Ad, Ao, garray, M)); /* takes garray */
  }
#else
  { /* each row in increasing global columns: the off-diagonal ones before this rank's, its own, the others */
    PetscInt     cstart = 0, *gi, *gj;
    PetscScalar *gv;

    PetscCallMPI(MPI_Exscan(&n, &cstart, 1, MPIU_INT, MPI_SUM, comm));
    {
      PetscMPIInt rank;

      PetscCallMPI(MPI_Comm_rank(comm, &rank));
      if (!rank) cstart = 0;
    }
    PetscCall(PetscMalloc3(m + 1, &gi, PetscMax(di[m] + oi[m], 1), &gj, PetscMax(di[m] + oi[m], 1), &gv));
    gi[0] = 0;
    for (PetscInt i = 0; i < m; i++) {
      PetscInt c = gi[i], k = oi[i];

      for (; k < oi[i + 1] && garray[oj[k]] < cstart; k++, c++) {
        gj[c] = garray[oj[k]];
        gv[c] = ov[k];
      }
      for (PetscInt q = di[i]; q < di[i + 1]; q++, c++) {
        gj[c] = cstart + dj[q];
        gv[c] = dv[q];
      }
      for (; k < oi[i + 1]; k++, c++) {
        gj[c] = garray[oj[k]];
        gv[c] = ov[k];
      }
      gi[i + 1] = c;
    }
    PetscCall(MatCreateMPIAIJWithArrays(comm, m, n, PETSC_DETERMINE, PETSC_DETERMINE, gi, gj, gv, M));
    PetscCall(PetscFree3(gi, gj, gv));
    PetscCall(PetscFree(di));
    PetscCall(PetscFree(dj));
    PetscCall(PetscFree(dv));
    PetscCall(PetscFree(oi));
    PetscCall(PetscFree(oj));
    PetscCall(PetscFree(ov));
    PetscCall(PetscFree(garray));
    (void)no;
  #if defined(PETSC_HAVE_CUDA)
    if (device) PetscCall(MatConvert(*M, MATMPIAIJCUSPARSE, MAT_INPLACE_MATRIX, M));
  #endif
  }
#endif
#if !defined(PETSC_HAVE_CUDA)
  PetscCheck(!device, comm, PETSC_ERR_SUP, "This trisplit library was built without CUDA");
#endif
  PetscCall(PetscLogEventEnd(TriSplit_AMGMatCreate, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Whether the level's matrices live on the device (A's diagonal block) */
static PetscErrorCode TSPTriAMGIsDevice(Mat A, PetscBool *device)
{
  Mat Ad;

  PetscFunctionBegin;
  PetscCall(MatGetDiagonalBlock(A, &Ad));
  PetscCall(TriSplitIsDeviceMat(Ad, device));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the extended column of global aggregate g, or -1 */
static inline PetscInt TSPTriAMGExtended(const TSPTriAMGExchange *ex, PetscInt n1, PetscInt g)
{
  PetscInt k;

  if (g >= ex->cstart && g < ex->cstart + ex->nagg) return g - ex->cstart;
  if (PetscFindInt(g, n1, ex->colmap, &k), k >= 0) return ex->nagg + k;
  if (PetscFindInt(g, ex->next - n1, ex->colmap + n1, &k), k >= 0) return ex->nagg + n1 + k;
  return -1;
}

/* The sorted distinct entries of v[n] (in place), their number */
static PetscErrorCode TSPTriAMGUnique(PetscInt *n, PetscInt *v)
{
  PetscFunctionBegin;
  PetscCall(PetscSortRemoveDupsInt(n, v));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*
  TSPTriAMGDistributedProlongator - the distributed prolongator of level A (MPIAIJ of either kind) from this rank's
  aggregates agg (backend memory, nagg of them, the first global number cstart), smoothed when smooth (rho, theta
  as the backend's prolongator takes them); *omega the damping used. The exchange context for the level's Galerkin
  products is composed on *P.
*/
PetscErrorCode TSPTriAMGDistributedProlongator(TSPTriAMG *amg, Mat A, const PetscInt *agg, PetscInt nagg, PetscInt cstart, PetscBool smooth, PetscReal rho, PetscReal theta, Mat *P, PetscReal *omega)
{
  MPI_Comm           comm;
  TSPTriAMGExchange *ex;
  Mat                Ad, Ao, Pl;
  PetscSF            sf, esf;
  PetscLayout        cmap;
  PetscBool          device;
  PetscInt           n, ng, n1, *pi, *pj, *hagg, *root, *gagg, *ghost, *agg_ext, nleaves, npack = 0, *rlen, *rbeg, *glen, *gbeg, *pack_j, *gcol, *gi, *gj, *s2, n2;
  PetscScalar       *pack_v, *gval, *gv;
  const PetscInt    *garray, *irootloc;
  PetscScalar       *pv;
  const PetscSFNode *lremote;
  PetscSFNode       *eremote;
  TSPSFRankCount     niranks;
  const PetscMPIInt *iranks;
  const PetscInt    *ioffset;

  PetscFunctionBegin;
  PetscCall(PetscObjectGetComm((PetscObject)A, &comm));
  PetscCall(TSPTriAMGIsDevice(A, &device));
  PetscCall(MatGetLayouts(A, NULL, &cmap));
  PetscCall(MatGetLocalSize(A, &n, NULL));
  PetscCall(MatMPIAIJGetSeqAIJ(A, &Ad, &Ao, &garray));
  PetscCall(MatGetSize(Ao, NULL, &ng));
  PetscCall(PetscNew(&ex));
  ex->ops    = amg->ops;
  ex->nagg   = nagg;
  ex->cstart = cstart;

  PetscCall(PetscLogEventBegin(TriSplit_AMGExchange, 0, 0, 0, 0));
  /* 1. the global aggregates of the ghost columns: S1, the first extended columns beyond this rank's */
  PetscCall(PetscSFCreate(comm, &sf));
  PetscCall(PetscSFSetGraphLayout(sf, cmap, ng, NULL, PETSC_COPY_VALUES, garray));
  PetscCall(PetscSFSetUp(sf));
  PetscCall(PetscMalloc1(PetscMax(n, 1), &hagg));
  PetscCall((*amg->ops.aggregates)(n, agg, hagg));
  PetscCall(PetscMalloc1(PetscMax(n, 1), &root));
  for (PetscInt i = 0; i < n; i++) root[i] = cstart + hagg[i];
  PetscCall(PetscFree(hagg));
  PetscCall(PetscMalloc2(PetscMax(ng, 1), &gagg, PetscMax(ng, 1), &ghost));
  PetscCall(PetscSFBcastBegin(sf, MPIU_INT, root, gagg, MPI_REPLACE));
  PetscCall(PetscSFBcastEnd(sf, MPIU_INT, root, gagg, MPI_REPLACE));
  PetscCall(PetscFree(root));
  PetscCall(PetscMalloc1(PetscMax(ng, 1), &ex->colmap));
  PetscCall(PetscArraycpy(ex->colmap, gagg, ng));
  n1 = ng;
  PetscCall(TSPTriAMGUnique(&n1, ex->colmap));
  ex->next = n1;
  for (PetscInt g = 0; g < ng; g++) ghost[g] = TSPTriAMGExtended(ex, n1, gagg[g]);

  PetscCall(PetscLogEventEnd(TriSplit_AMGExchange, 0, 0, 0, 0));
  /* 2. P's rows from [Ad | Ao] with the extended aggregates of all its columns */
  PetscCall((*amg->ops.join)(Ad, Ao, MAT_INITIAL_MATRIX, &ex->join));
  PetscCall((*amg->ops.extend)(n, agg, ng, ghost, &agg_ext));
  PetscCall((*amg->ops.prolongator)(ex->join, agg_ext, nagg + n1, smooth, rho, theta, &Pl, omega));
  PetscCall((*amg->ops.aggfree)(&agg_ext));
  PetscCall(PetscFree2(gagg, ghost));
  PetscCall(PetscLogEventBegin(TriSplit_AMGHostBlocks, 0, 0, 0, 0));
  PetscCall((*amg->ops.hostcsr)(Pl, &pi, &pj, &pv));

  /* 3. the distributed P: its columns below nagg into the diagonal block, the others into the off-diagonal block
        over S1 (the rows are sorted, so each row's S1 columns follow its own) */
  {
    PetscInt    *di, *dj, *oi, *oj, *pgarray, nd = 0, no = 0;
    PetscScalar *dv, *ov;

    for (PetscInt k = 0; k < pi[n]; k++) nd += pj[k] < nagg;
    no = pi[n] - nd;
    PetscCall(PetscMalloc1(n + 1, &di));
    PetscCall(PetscMalloc1(PetscMax(nd, 1), &dj));
    PetscCall(PetscMalloc1(PetscMax(nd, 1), &dv));
    PetscCall(PetscMalloc1(n + 1, &oi));
    PetscCall(PetscMalloc1(PetscMax(no, 1), &oj));
    PetscCall(PetscMalloc1(PetscMax(no, 1), &ov));
    di[0] = oi[0] = 0;
    for (PetscInt i = 0; i < n; i++) {
      di[i + 1] = di[i];
      oi[i + 1] = oi[i];
      for (PetscInt k = pi[i]; k < pi[i + 1]; k++) {
        if (pj[k] < nagg) {
          dj[di[i + 1]]   = pj[k];
          dv[di[i + 1]++] = pv[k];
        } else {
          oj[oi[i + 1]]   = pj[k] - nagg;
          ov[oi[i + 1]++] = pv[k];
        }
      }
    }
    PetscCall(PetscMalloc1(PetscMax(n1, 1), &pgarray));
    PetscCall(PetscArraycpy(pgarray, ex->colmap, n1));
    PetscCall(TSPTriAMGAssemble(comm, device, n, nagg, di, dj, dv, n1, oi, oj, ov, pgarray, P));
  }

  PetscCall(PetscLogEventEnd(TriSplit_AMGHostBlocks, 0, 0, 0, 0));
  /* 4. the ghost rows of P, global columns: the rows other ranks reference are packed, their lengths and offsets
        broadcast over sf, then their entries over an SF of the entries */
  PetscCall(PetscLogEventBegin(TriSplit_AMGExchange, 0, 0, 0, 0));
  PetscCall(PetscSFGetLeafRanks(sf, &niranks, &iranks, &ioffset, &irootloc));
  {
    PetscInt  nref = ioffset[niranks];
    PetscInt *rows;

    PetscCall(PetscMalloc1(PetscMax(nref, 1), &rows));
    PetscCall(PetscArraycpy(rows, irootloc, nref));
    PetscCall(TSPTriAMGUnique(&nref, rows));
    PetscCall(PetscMalloc2(PetscMax(n, 1), &rlen, PetscMax(n, 1), &rbeg)); /* read at the referenced rows only */
    for (PetscInt r = 0; r < nref; r++) {
      rbeg[rows[r]] = npack;
      rlen[rows[r]] = pi[rows[r] + 1] - pi[rows[r]];
      npack += rlen[rows[r]];
    }
    PetscCall(PetscMalloc2(PetscMax(npack, 1), &pack_j, PetscMax(npack, 1), &pack_v));
    for (PetscInt r = 0, c = 0; r < nref; r++)
      for (PetscInt k = pi[rows[r]]; k < pi[rows[r] + 1]; k++, c++) {
        pack_j[c] = pj[k] < nagg ? cstart + pj[k] : ex->colmap[pj[k] - nagg];
        pack_v[c] = pv[k];
      }
    PetscCall(PetscFree(rows));
  }
  PetscCall(PetscFree(pi));
  PetscCall(PetscFree(pj));
  PetscCall(PetscFree(pv));
  PetscCall(PetscMalloc2(PetscMax(ng, 1), &glen, PetscMax(ng, 1), &gbeg));
  PetscCall(PetscSFBcastBegin(sf, MPIU_INT, rlen, glen, MPI_REPLACE));
  PetscCall(PetscSFBcastEnd(sf, MPIU_INT, rlen, glen, MPI_REPLACE));
  PetscCall(PetscSFBcastBegin(sf, MPIU_INT, rbeg, gbeg, MPI_REPLACE));
  PetscCall(PetscSFBcastEnd(sf, MPIU_INT, rbeg, gbeg, MPI_REPLACE));
  PetscCall(PetscFree2(rlen, rbeg));
  PetscCall(PetscSFGetGraph(sf, NULL, NULL, NULL, &lremote));
  PetscCall(PetscMalloc1(ng + 1, &gi));
  gi[0] = 0;
  for (PetscInt g = 0; g < ng; g++) gi[g + 1] = gi[g] + glen[g];
  nleaves = gi[ng];
  PetscCall(PetscMalloc1(PetscMax(nleaves, 1), &eremote));
  for (PetscInt g = 0; g < ng; g++)
    for (PetscInt t = 0; t < glen[g]; t++) {
      eremote[gi[g] + t].rank  = lremote[g].rank;
      eremote[gi[g] + t].index = gbeg[g] + t;
    }
  PetscCall(PetscFree2(glen, gbeg));
  PetscCall(PetscSFDestroy(&sf));
  PetscCall(PetscSFCreate(comm, &esf));
  PetscCall(PetscSFSetGraph(esf, npack, nleaves, NULL, PETSC_OWN_POINTER, eremote, PETSC_OWN_POINTER));
  PetscCall(PetscMalloc2(PetscMax(nleaves, 1), &gcol, PetscMax(nleaves, 1), &gval));
  PetscCall(PetscSFBcastBegin(esf, MPIU_INT, pack_j, gcol, MPI_REPLACE));
  PetscCall(PetscSFBcastEnd(esf, MPIU_INT, pack_j, gcol, MPI_REPLACE));
  PetscCall(PetscSFBcastBegin(esf, MPIU_SCALAR, pack_v, gval, MPI_REPLACE));
  PetscCall(PetscSFBcastEnd(esf, MPIU_SCALAR, pack_v, gval, MPI_REPLACE));
  PetscCall(PetscSFDestroy(&esf));
  PetscCall(PetscFree2(pack_j, pack_v));

  /* 5. S2: the aggregates that only the ghost rows reach; the ghost rows in the extended numbering, sorted */
  PetscCall(PetscMalloc1(PetscMax(nleaves, 1), &s2));
  n2 = 0;
  for (PetscInt k = 0; k < nleaves; k++)
    if (TSPTriAMGExtended(ex, n1, gcol[k]) < 0) s2[n2++] = gcol[k];
  PetscCall(TSPTriAMGUnique(&n2, s2));
  if (n2) {
    PetscCall(PetscRealloc(sizeof(PetscInt) * (size_t)(n1 + n2), &ex->colmap));
    PetscCall(PetscArraycpy(ex->colmap + n1, s2, n2));
  }
  ex->next = n1 + n2;
  PetscCall(PetscFree(s2));
  PetscCall(PetscMalloc2(PetscMax(nleaves, 1), &gj, PetscMax(nleaves, 1), &gv));
  for (PetscInt k = 0; k < nleaves; k++) {
    gj[k] = TSPTriAMGExtended(ex, n1, gcol[k]);
    gv[k] = gval[k];
  }
  for (PetscInt g = 0; g < ng; g++) PetscCall(PetscSortIntWithScalarArray(gi[g + 1] - gi[g], gj + gi[g], gv + gi[g]));
  PetscCall(PetscFree2(gcol, gval));
  PetscCall(PetscLogEventEnd(TriSplit_AMGExchange, 0, 0, 0, 0));
  PetscCall((*amg->ops.append)(Pl, ng, gi, gj, gv, nagg + ex->next, &ex->pext));
  PetscCall(PetscFree2(gj, gv));
  PetscCall(PetscFree(gi));
  PetscCall(MatDestroy(&Pl));
  PetscCall(TriSplitObjectCompose((PetscObject)*P, "TSPTriAMGExchange", ex, TSPTriAMGExchangeDestroy));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*
  TSPTriAMGDistributedGalerkin - C = P^T A P for a prolongator of TSPTriAMGDistributedProlongator(): C_ext by the
  backend, its other ranks' rows sent to their owners, this rank's rows and the received ones merged into C's
  blocks. MAT_REUSE_MATRIX (and a first product after a new A of the same pattern): new values of A on the pattern
  of the first call, copied into *C.
*/
PetscErrorCode TSPTriAMGDistributedGalerkin(Mat A, Mat P, MatReuse reuse, Mat *C)
{
  MPI_Comm           comm;
  TSPTriAMGExchange *ex = NULL;
  Mat                Ad, Ao, Cnew;
  PetscBool          device;
  PetscMPIInt        size;
  PetscInt           cn, nloc, nrecv = 0, nsend, *srow, *scol, *rrow, *rcol, *rcount, *rfirst, *mi, *mj, nm, *garray, no;
  PetscInt          *di, *dj, *oi, *oj;
  PetscScalar       *sval, *rval, *mv, *dv, *ov;
  PetscMPIInt       *scount, *sdispl, *rcnt, *rdispl;
  PetscInt          *ci, *cj;
  const PetscInt    *ranges;
  PetscScalar       *cv;

  PetscFunctionBegin;
  PetscCall(PetscObjectGetComm((PetscObject)A, &comm));
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCall(TriSplitObjectQuery((PetscObject)P, "TSPTriAMGExchange", (void **)&ex));
  PetscCheck(ex, comm, PETSC_ERR_ARG_WRONGSTATE, "PCTRIAMG: the prolongator has no exchange context");
  PetscCall(TSPTriAMGIsDevice(A, &device));
  PetscCall(MatMPIAIJGetSeqAIJ(A, &Ad, &Ao, NULL));
  nloc = ex->nagg;
  if (ex->cext) { /* new values of A on the pattern of the first product */
    PetscCall((*ex->ops.join)(Ad, Ao, MAT_REUSE_MATRIX, &ex->join));
    PetscCall((*ex->ops.galerkin)(ex->join, ex->pext, MAT_REUSE_MATRIX, &ex->cext));
  } else PetscCall((*ex->ops.galerkin)(ex->join, ex->pext, MAT_INITIAL_MATRIX, &ex->cext));
  PetscCall(PetscLogEventBegin(TriSplit_AMGHostBlocks, 0, 0, 0, 0));
  PetscCall(MatGetLocalSize(ex->cext, &cn, NULL));
  PetscCall((*ex->ops.hostcsr)(ex->cext, &ci, &cj, &cv));
  PetscCall(MatGetOwnershipRangesColumn(P, &ranges));

  PetscCall(PetscLogEventEnd(TriSplit_AMGHostBlocks, 0, 0, 0, 0));
  PetscCall(PetscLogEventBegin(TriSplit_AMGExchange, 0, 0, 0, 0));
  /* the rows of other ranks' aggregates, in global numbers, to their owners: grouped by owner (a stable counting
     sort, so each owner receives them in C_ext's order) */
  PetscCall(PetscCalloc4(size, &scount, size, &sdispl, size, &rcnt, size, &rdispl));
  nsend = ci[cn] - ci[nloc];
  PetscCall(PetscMalloc3(PetscMax(nsend, 1), &srow, PetscMax(nsend, 1), &scol, PetscMax(nsend, 1), &sval));
  {
    PetscLayout  cmap;
    PetscMPIInt *owner;
    PetscInt    *at;

    PetscCall(MatGetLayouts(P, NULL, &cmap));
    PetscCall(PetscMalloc2(PetscMax(cn - nloc, 1), &owner, size + 1, &at));
    for (PetscInt R = nloc; R < cn; R++) {
      PetscCall(PetscLayoutFindOwner(cmap, ex->colmap[R - nloc], &owner[R - nloc]));
      scount[owner[R - nloc]] += (PetscMPIInt)(ci[R + 1] - ci[R]);
    }
    at[0] = 0;
    for (PetscMPIInt r = 0; r < size; r++) {
      sdispl[r] = (PetscMPIInt)at[r];
      at[r + 1] = at[r] + scount[r];
    }
    for (PetscInt R = nloc; R < cn; R++)
      for (PetscInt k = ci[R]; k < ci[R + 1]; k++) {
        PetscInt s = at[owner[R - nloc]]++;

        srow[s] = ex->colmap[R - nloc];
        scol[s] = cj[k] < nloc ? ex->cstart + cj[k] : ex->colmap[cj[k] - nloc];
        sval[s] = cv[k];
      }
    PetscCall(PetscFree2(owner, at));
  }
  PetscCallMPI(MPI_Alltoall(scount, 1, MPI_INT, rcnt, 1, MPI_INT, comm));
  for (PetscMPIInt r = 0; r < size; r++) {
    rdispl[r] = (PetscMPIInt)nrecv;
    nrecv += rcnt[r];
  }
  PetscCall(PetscMalloc3(PetscMax(nrecv, 1), &rrow, PetscMax(nrecv, 1), &rcol, PetscMax(nrecv, 1), &rval));
  PetscCallMPI(MPI_Alltoallv(srow, scount, sdispl, MPIU_INT, rrow, rcnt, rdispl, MPIU_INT, comm));
  PetscCallMPI(MPI_Alltoallv(scol, scount, sdispl, MPIU_INT, rcol, rcnt, rdispl, MPIU_INT, comm));
  PetscCallMPI(MPI_Alltoallv(sval, scount, sdispl, MPIU_SCALAR, rval, rcnt, rdispl, MPIU_SCALAR, comm));
  PetscCall(PetscFree3(srow, scol, sval));
  PetscCall(PetscFree4(scount, sdispl, rcnt, rdispl));

  PetscCall(PetscLogEventEnd(TriSplit_AMGExchange, 0, 0, 0, 0));
  PetscCall(PetscLogEventBegin(TriSplit_AMGHostBlocks, 0, 0, 0, 0));
  /* this rank's rows: C_ext's and the received, bucketed by row (in the order of the ranks, then of arrival) */
  PetscCall(PetscCalloc2(nloc + 1, &rcount, nloc + 1, &rfirst));
  for (PetscInt e = 0; e < nrecv; e++) {
    PetscCheck(rrow[e] >= ex->cstart && rrow[e] < ex->cstart + nloc, PETSC_COMM_SELF, PETSC_ERR_PLIB, "PCTRIAMG: received a coarse row %" PetscInt_FMT " outside [%" PetscInt_FMT ", %" PetscInt_FMT ")", rrow[e], ex->cstart, ex->cstart + nloc);
    rcount[rrow[e] - ex->cstart + 1]++;
  }
  for (PetscInt R = 0; R < nloc; R++) rcount[R + 1] += rcount[R];
  {
    PetscInt    *b_col;
    PetscScalar *b_val;

    PetscCall(PetscMalloc2(PetscMax(nrecv, 1), &b_col, PetscMax(nrecv, 1), &b_val));
    for (PetscInt R = 0; R < nloc; R++) rfirst[R] = rcount[R];
    for (PetscInt e = 0; e < nrecv; e++) {
      PetscInt at = rfirst[rrow[e] - ex->cstart]++;

      b_col[at] = rcol[e];
      b_val[at] = rval[e];
    }
    PetscCall(PetscFree3(rrow, rcol, rval));
    rcol = b_col;
    rval = b_val;
  }

  /* the merged rows in global columns: a row with other ranks' columns or received entries is sorted and its
     repeated columns summed; a row of this rank's aggregates alone is C_ext's as it is (sorted) */
  nm = ci[nloc] + nrecv;
  PetscCall(PetscMalloc3(nloc + 1, &mi, PetscMax(nm, 1), &mj, PetscMax(nm, 1), &mv));
  mi[0] = 0;
  for (PetscInt R = 0; R < nloc; R++) {
    PetscInt  b = mi[R], len = 0;
    PetscBool mixed = (PetscBool)(rcount[R + 1] > rcount[R]);

    for (PetscInt k = ci[R]; k < ci[R + 1]; k++, len++) {
      mj[b + len] = cj[k] < nloc ? ex->cstart + cj[k] : ex->colmap[cj[k] - nloc];
      mv[b + len] = cv[k];
      if (cj[k] >= nloc) mixed = PETSC_TRUE;
    }
    for (PetscInt e = rcount[R]; e < rcount[R + 1]; e++, len++) {
      mj[b + len] = rcol[e];
      mv[b + len] = rval[e];
    }
    if (mixed && len > 1) {
      PetscInt w = 0;

      PetscCall(PetscSortIntWithScalarArray(len, mj + b, mv + b));
      for (PetscInt k = 1; k < len; k++) {
        if (mj[b + k] == mj[b + w]) mv[b + w] += mv[b + k];
        else {
          w++;
          mj[b + w] = mj[b + k];
          mv[b + w] = mv[b + k];
        }
      }
      len = w + 1;
    }
    mi[R + 1] = b + len;
  }
  PetscCall(PetscFree2(rcol, rval));
  PetscCall(PetscFree2(rcount, rfirst));
  PetscCall(PetscFree(ci));
  PetscCall(PetscFree(cj));
  PetscCall(PetscFree(cv));

  /* split into the diagonal block and the off-diagonal block over its sorted distinct columns */
  {
    PetscInt nd = 0, cend = ex->cstart + nloc;

    no = 0;
    for (PetscInt k = 0; k < mi[nloc]; k++) {
      if (mj[k] >= ex->cstart && mj[k] < cend) nd++;
      else no++;
    }
    PetscCall(PetscMalloc1(PetscMax(no, 1), &garray));
    for (PetscInt k = 0, c = 0; k < mi[nloc]; k++)
      if (mj[k] < ex->cstart || mj[k] >= cend) garray[c++] = mj[k];
    PetscCall(TSPTriAMGUnique(&no, garray));
    PetscCall(PetscMalloc1(nloc + 1, &di));
    PetscCall(PetscMalloc1(PetscMax(nd, 1), &dj));
    PetscCall(PetscMalloc1(PetscMax(nd, 1), &dv));
    PetscCall(PetscMalloc1(nloc + 1, &oi));
    PetscCall(PetscMalloc1(PetscMax(mi[nloc] - nd, 1), &oj));
    PetscCall(PetscMalloc1(PetscMax(mi[nloc] - nd, 1), &ov));
    di[0] = oi[0] = 0;
    for (PetscInt R = 0; R < nloc; R++) {
      di[R + 1] = di[R];
      oi[R + 1] = oi[R];
      for (PetscInt k = mi[R]; k < mi[R + 1]; k++) {
        if (mj[k] >= ex->cstart && mj[k] < cend) {
          dj[di[R + 1]]   = mj[k] - ex->cstart;
          dv[di[R + 1]++] = mv[k];
        } else {
          PetscInt c;

          PetscCall(PetscFindInt(mj[k], no, garray, &c));
          oj[oi[R + 1]]   = c;
          ov[oi[R + 1]++] = mv[k];
        }
      }
    }
  }
  PetscCall(PetscFree3(mi, mj, mv));
  PetscCall(PetscLogEventEnd(TriSplit_AMGHostBlocks, 0, 0, 0, 0));
  PetscCall(TSPTriAMGAssemble(comm, device, nloc, nloc, di, dj, dv, no, oi, oj, ov, garray, &Cnew));
  if (reuse == MAT_REUSE_MATRIX) {
    PetscCall(MatCopy(Cnew, *C, SAME_NONZERO_PATTERN));
    PetscCall(MatDestroy(&Cnew));
  } else *C = Cnew;
  PetscFunctionReturn(PETSC_SUCCESS);
}
