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
   - C_ext = P_ext(0:n)^T [Ad | Ao] P_ext is the backend's sequential Galerkin product. Its rows below nagg are this
     rank's coarse rows; the others are contributions to other ranks' coarse rows, sent to their owners
     (MPI_Alltoallv() of host buffers, whatever MPI's CUDA awareness: a boundary's worth).
   - The received entries (a boundary's worth, sorted and summed per position on the host) are added to this
     rank's rows of C_ext by the backend's merge, which also renames C_ext's extended columns to C's final
     numbering [this rank's | the other ranks' columns in increasing order]: one pass over the rows, and only the
     boundary's rows search and sort anything.
   - The distributed P and C are the backend's (host: PETSc's MATMPIAIJ; device: MATMPICSRCUDA, two MATCSRCUDA
     blocks per rank) from their diagonal and off-diagonal blocks, split by the backend from rows whose own
     columns come first: no level's pattern leaves the device.
   A refresh (same pattern) recomputes the join's values and the products on the kept plans, and copies C's values
   into the level's matrix. The host and device backends run the same driver: the host's is the oracle.
*/
#include <stdlib.h> /* qsort() */
#include <petscsf.h>
#include <trisplit/private/triamgimpl.h>

#if PETSC_VERSION_GE(3, 22, 0)
typedef PetscMPIInt TSPSFRankCount;
#else
typedef PetscInt TSPSFRankCount;
#endif

/* What a distributed level keeps for its Galerkin products, composed on its prolongator P */
typedef struct {
  TSPTriAMGOps ops;    /* the backend's (copied: the context outlives a setup's choice) */
  Mat          join;   /* this rank's rows of A, [Ad | Ao] */
  Mat          pext;   /* P's rows and the ghost rows of P, in the extended coarse numbering */
  Mat          cext;   /* P_ext(0:n)^T join P_ext: the Galerkin product's plan and values */
  PetscInt     nagg;   /* this rank's aggregates, the first extended columns */
  PetscInt     cstart; /* the global number of the first of them */
  PetscInt     n1;     /* |S1| */
  PetscInt     next;   /* extended columns beyond nagg, |S1| + |S2| */
  PetscInt    *colmap; /* next: the global aggregate of extended column nagg + k */
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

/* A level's blocks: of PETSc's MPIAIJ kinds, or of a MATMPICSRCUDA */
typedef PetscErrorCode (*TSPGetBlocksFn)(Mat, Mat *, Mat *, const PetscInt **);

static PetscErrorCode TSPTriAMGLevelBlocks(Mat A, Mat *Ad, Mat *Ao, const PetscInt **garray)
{
  TSPGetBlocksFn blocks = NULL;

  PetscFunctionBegin;
  PetscCall(PetscObjectQueryFunction((PetscObject)A, "TSPMatMPICSRCUDAGetBlocks_C", &blocks));
  if (blocks) PetscCall((*blocks)(A, Ad, Ao, garray));
  else PetscCall(MatMPIAIJGetSeqAIJ(A, Ad, Ao, garray));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the extended column of global aggregate g, or -1 (colmap holds S1, then S2 up to ex->next) */
static inline PetscInt TSPTriAMGExtended(const TSPTriAMGExchange *ex, PetscInt g)
{
  PetscInt k;

  if (g >= ex->cstart && g < ex->cstart + ex->nagg) return g - ex->cstart;
  if (PetscFindInt(g, ex->n1, ex->colmap, &k), k >= 0) return ex->nagg + k;
  if (PetscFindInt(g, ex->next - ex->n1, ex->colmap + ex->n1, &k), k >= 0) return ex->nagg + ex->n1 + k;
  return -1;
}

/*
  TSPTriAMGDistributedProlongator - the distributed prolongator of level A (MPIAIJ of either kind, or MATMPICSRCUDA)
  from this rank's aggregates agg (backend memory, nagg of them, the first global number cstart), smoothed when
  smooth (rho, theta as the backend's prolongator takes them); *omega the damping used. The exchange context for
  the level's Galerkin products is composed on *P.
*/
PetscErrorCode TSPTriAMGDistributedProlongator(TSPTriAMG *amg, Mat A, const PetscInt *agg, PetscInt nagg, PetscInt cstart, PetscBool smooth, PetscReal rho, PetscReal theta, Mat *P, PetscReal *omega)
{
  MPI_Comm           comm;
  TSPTriAMGExchange *ex;
  Mat                Ad, Ao, Pl;
  PetscSF            sf, esf;
  PetscLayout        cmap;
  PetscInt           n, ng, nref, *refs, *gagg, *ghost, *agg_ext, nleaves, *rlen, *rbeg, *glen, *gbeg, *ri, *rj, *gcol, *gi, *gj, *s2, n2;
  PetscScalar       *rv, *gval, *gv;
  const PetscInt    *garray, *irootloc, *ioffset;
  const PetscSFNode *lremote;
  PetscSFNode       *eremote;
  TSPSFRankCount     niranks;
  const PetscMPIInt *iranks;

  PetscFunctionBegin;
  PetscCall(PetscObjectGetComm((PetscObject)A, &comm));
  PetscCall(MatGetLayouts(A, NULL, &cmap));
  PetscCall(MatGetLocalSize(A, &n, NULL));
  PetscCall(TSPTriAMGLevelBlocks(A, &Ad, &Ao, &garray));
  PetscCall(MatGetSize(Ao, NULL, &ng));
  PetscCall(PetscNew(&ex));
  ex->ops    = amg->ops;
  ex->nagg   = nagg;
  ex->cstart = cstart;

  /* 1. the global aggregates of the ghost columns: S1, the first extended columns beyond this rank's */
  PetscCall(PetscLogEventBegin(TriSplit_AMGExchange, 0, 0, 0, 0));
  PetscCall(PetscSFCreate(comm, &sf));
  PetscCall(PetscSFSetGraphLayout(sf, cmap, ng, NULL, PETSC_COPY_VALUES, garray));
  PetscCall(PetscSFSetUp(sf));
  /* the owners' aggregate numbers straight from the backend's memory (PetscSF packs the boundary's where they live;
     the whole array to the host cost a copy and a pass over every row), then the owners' first global numbers */
  PetscCall(PetscMalloc2(PetscMax(ng, 1), &gagg, PetscMax(ng, 1), &ghost));
  PetscCall(PetscSFBcastWithMemTypeBegin(sf, MPIU_INT, amg->ops.mtype, agg, PETSC_MEMTYPE_HOST, gagg, MPI_REPLACE));
  PetscCall(PetscSFBcastEnd(sf, MPIU_INT, agg, gagg, MPI_REPLACE));
  PetscCall(PetscSFGetGraph(sf, NULL, NULL, NULL, &lremote)); /* the ghost columns' owners */
  {
    PetscMPIInt size;
    PetscInt   *cstarts;

    PetscCallMPI(MPI_Comm_size(comm, &size));
    PetscCall(PetscMalloc1(size, &cstarts));
    PetscCallMPI(MPI_Allgather(&cstart, 1, MPIU_INT, cstarts, 1, MPIU_INT, comm));
    for (PetscInt g = 0; g < ng; g++) gagg[g] += cstarts[lremote[g].rank];
    PetscCall(PetscFree(cstarts));
  }
  PetscCall(PetscMalloc1(PetscMax(ng, 1), &ex->colmap));
  PetscCall(PetscArraycpy(ex->colmap, gagg, ng));
  ex->n1 = ng;
  PetscCall(PetscSortRemoveDupsInt(&ex->n1, ex->colmap));
  ex->next = ex->n1;
  for (PetscInt g = 0; g < ng; g++) ghost[g] = TSPTriAMGExtended(ex, gagg[g]);
  PetscCall(PetscLogEventEnd(TriSplit_AMGExchange, 0, 0, 0, 0));

  /* 2. P's rows from [Ad | Ao] with the extended aggregates of all its columns */
  PetscCall((*amg->ops.join)(Ad, Ao, MAT_INITIAL_MATRIX, &ex->join));
  PetscCall((*amg->ops.extend)(n, agg, ng, ghost, &agg_ext));
  PetscCall((*amg->ops.prolongator)(ex->join, agg_ext, nagg + ex->n1, smooth, rho, theta, &Pl, omega));
  PetscCall((*amg->ops.aggfree)(&agg_ext));
  PetscCall(PetscFree2(gagg, ghost));

  /* 3. the distributed P: its columns below nagg are the diagonal block, S1 the off-diagonal block's */
  {
    Mat       Pd, Po;
    PetscInt *pgarray;

    PetscCall((*amg->ops.split)(Pl, n, nagg, &Pd, &Po));
    PetscCall(PetscMalloc1(PetscMax(ex->n1, 1), &pgarray));
    PetscCall(PetscArraycpy(pgarray, ex->colmap, ex->n1));
    PetscCall((*amg->ops.distributed)(comm, Pd, Po, pgarray, P));
  }

  /* 4. the ghost rows of P, in global columns: the rows other ranks reference, packed, their lengths and offsets
        broadcast over sf, then their entries over an SF of the entries */
  PetscCall(PetscLogEventBegin(TriSplit_AMGExchange, 0, 0, 0, 0));
  PetscCall(PetscSFGetLeafRanks(sf, &niranks, &iranks, &ioffset, &irootloc));
  nref = ioffset[niranks];
  PetscCall(PetscMalloc1(PetscMax(nref, 1), &refs));
  PetscCall(PetscArraycpy(refs, irootloc, nref));
  PetscCall(PetscSortRemoveDupsInt(&nref, refs));
  PetscCall((*amg->ops.rows)(Pl, nref, refs, &ri, &rj, &rv));
  for (PetscInt k = 0; k < ri[nref]; k++) rj[k] = rj[k] < nagg ? cstart + rj[k] : ex->colmap[rj[k] - nagg];
  PetscCall(PetscMalloc2(PetscMax(n, 1), &rlen, PetscMax(n, 1), &rbeg)); /* read at the referenced rows only */
  for (PetscInt r = 0; r < nref; r++) {
    rbeg[refs[r]] = ri[r];
    rlen[refs[r]] = ri[r + 1] - ri[r];
  }
  PetscCall(PetscMalloc2(PetscMax(ng, 1), &glen, PetscMax(ng, 1), &gbeg));
  PetscCall(PetscSFBcastBegin(sf, MPIU_INT, rlen, glen, MPI_REPLACE));
  PetscCall(PetscSFBcastEnd(sf, MPIU_INT, rlen, glen, MPI_REPLACE));
  PetscCall(PetscSFBcastBegin(sf, MPIU_INT, rbeg, gbeg, MPI_REPLACE));
  PetscCall(PetscSFBcastEnd(sf, MPIU_INT, rbeg, gbeg, MPI_REPLACE));
  PetscCall(PetscFree2(rlen, rbeg));
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
  PetscCall(PetscSFSetGraph(esf, ri[nref], nleaves, NULL, PETSC_OWN_POINTER, eremote, PETSC_OWN_POINTER));
  PetscCall(PetscMalloc2(PetscMax(nleaves, 1), &gcol, PetscMax(nleaves, 1), &gval));
  PetscCall(PetscSFBcastBegin(esf, MPIU_INT, rj, gcol, MPI_REPLACE));
  PetscCall(PetscSFBcastEnd(esf, MPIU_INT, rj, gcol, MPI_REPLACE));
  PetscCall(PetscSFBcastBegin(esf, MPIU_SCALAR, rv, gval, MPI_REPLACE));
  PetscCall(PetscSFBcastEnd(esf, MPIU_SCALAR, rv, gval, MPI_REPLACE));
  PetscCall(PetscSFDestroy(&esf));
  PetscCall(PetscFree(ri));
  PetscCall(PetscFree(rj));
  PetscCall(PetscFree(rv));
  PetscCall(PetscFree(refs));

  /* 5. S2: the aggregates that only the ghost rows reach; the ghost rows in the extended numbering, sorted */
  PetscCall(PetscMalloc1(PetscMax(nleaves, 1), &s2));
  n2 = 0;
  for (PetscInt k = 0; k < nleaves; k++)
    if (TSPTriAMGExtended(ex, gcol[k]) < 0) s2[n2++] = gcol[k];
  PetscCall(PetscSortRemoveDupsInt(&n2, s2));
  if (n2) {
    PetscCall(PetscRealloc(sizeof(PetscInt) * (size_t)(ex->n1 + n2), &ex->colmap));
    PetscCall(PetscArraycpy(ex->colmap + ex->n1, s2, n2));
  }
  ex->next = ex->n1 + n2;
  PetscCall(PetscFree(s2));
  PetscCall(PetscMalloc2(PetscMax(nleaves, 1), &gj, PetscMax(nleaves, 1), &gv));
  for (PetscInt k = 0; k < nleaves; k++) {
    gj[k] = TSPTriAMGExtended(ex, gcol[k]);
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

/* A new level matrix *Cnew (taken) as *C: itself (MAT_INITIAL_MATRIX), or its values copied into the kept *C of the
   same pattern (MAT_REUSE_MATRIX; into PETSc's type where the level was converted in place) */
static PetscErrorCode TSPTriAMGKeep(MatReuse reuse, Mat *Cnew, Mat *C)
{
  PetscFunctionBegin;
  if (reuse == MAT_REUSE_MATRIX) {
    PetscBool same;

    PetscCall(PetscObjectTypeCompare((PetscObject)*C, ((PetscObject)*Cnew)->type_name, &same));
    if (same) PetscCall(MatCopy(*Cnew, *C, SAME_NONZERO_PATTERN));
    else PetscCall(MatConvert(*Cnew, ((PetscObject)*C)->type_name, MAT_REUSE_MATRIX, C));
    PetscCall(MatDestroy(Cnew));
  } else {
    *C    = *Cnew;
    *Cnew = NULL;
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The other ranks' coarse rows of C_ext (rows nloc..cn) to their owners; *nrecv entries of this rank's rows come
   back in global numbers (row, col, val), grouped by sending rank and in each in C_ext's order */
static PetscErrorCode TSPTriAMGSendRemoteRows(MPI_Comm comm, TSPTriAMGExchange *ex, PetscLayout cmap, PetscInt *nrecv, PetscInt **rrow, PetscInt **rcol, PetscScalar **rval)
{
  PetscMPIInt  size, *scount, *sdispl, *rcnt, *rdispl, *owner;
  PetscInt     nloc = ex->nagg, nr = ex->next, *rows, *ri, *rj, *srow, *scol, *at, total = 0;
  PetscScalar *rv, *sval;

  PetscFunctionBegin;
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCall(PetscMalloc1(PetscMax(nr, 1), &rows));
  for (PetscInt r = 0; r < nr; r++) rows[r] = nloc + r;
  PetscCall((*ex->ops.rows)(ex->cext, nr, rows, &ri, &rj, &rv));
  PetscCall(PetscFree(rows));
  PetscCall(PetscCalloc4(size, &scount, size, &sdispl, size, &rcnt, size, &rdispl));
  PetscCall(PetscMalloc2(PetscMax(nr, 1), &owner, size + 1, &at));
  for (PetscInt r = 0; r < nr; r++) {
    PetscCall(PetscLayoutFindOwner(cmap, ex->colmap[r], &owner[r]));
    scount[owner[r]] += (PetscMPIInt)(ri[r + 1] - ri[r]);
  }
  at[0] = 0;
  for (PetscMPIInt p = 0; p < size; p++) {
    sdispl[p] = (PetscMPIInt)at[p];
    at[p + 1] = at[p] + scount[p];
  }
  PetscCall(PetscMalloc3(PetscMax(ri[nr], 1), &srow, PetscMax(ri[nr], 1), &scol, PetscMax(ri[nr], 1), &sval));
  for (PetscInt r = 0; r < nr; r++)
    for (PetscInt k = ri[r]; k < ri[r + 1]; k++) {
      PetscInt s = at[owner[r]]++;

      srow[s] = ex->colmap[r];
      scol[s] = rj[k] < nloc ? ex->cstart + rj[k] : ex->colmap[rj[k] - nloc];
      sval[s] = rv[k];
    }
  PetscCall(PetscFree2(owner, at));
  PetscCall(PetscFree(ri));
  PetscCall(PetscFree(rj));
  PetscCall(PetscFree(rv));
  PetscCallMPI(MPI_Alltoall(scount, 1, MPI_INT, rcnt, 1, MPI_INT, comm));
  for (PetscMPIInt p = 0; p < size; p++) {
    rdispl[p] = (PetscMPIInt)total;
    total += rcnt[p];
  }
  PetscCall(PetscMalloc3(PetscMax(total, 1), rrow, PetscMax(total, 1), rcol, PetscMax(total, 1), rval));
  PetscCallMPI(MPI_Alltoallv(srow, scount, sdispl, MPIU_INT, *rrow, rcnt, rdispl, MPIU_INT, comm));
  PetscCallMPI(MPI_Alltoallv(scol, scount, sdispl, MPIU_INT, *rcol, rcnt, rdispl, MPIU_INT, comm));
  PetscCallMPI(MPI_Alltoallv(sval, scount, sdispl, MPIU_SCALAR, *rval, rcnt, rdispl, MPIU_SCALAR, comm));
  PetscCall(PetscFree3(srow, scol, sval));
  PetscCall(PetscFree4(scount, sdispl, rcnt, rdispl));
  *nrecv = total;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A received entry of a coarse row, in this rank's final numbering */
typedef struct {
  PetscInt    row, col, order; /* order: as received, which decides the order of the sums */
  PetscScalar val;
} TSPTriAMGEntry;

static int TSPTriAMGEntryCompare(const void *a, const void *b)
{
  const TSPTriAMGEntry *x = (const TSPTriAMGEntry *)a, *y = (const TSPTriAMGEntry *)b;

  if (x->row != y->row) return x->row < y->row ? -1 : 1;
  if (x->col != y->col) return x->col < y->col ? -1 : 1;
  return x->order < y->order ? -1 : (x->order > y->order ? 1 : 0);
}

/*
  TSPTriAMGDistributedGalerkin - C = P^T A P for a prolongator of TSPTriAMGDistributedProlongator(): C_ext by the
  backend, its other ranks' rows sent to their owners, this rank's rows and the received entries merged and split
  into C's blocks by the backend. MAT_REUSE_MATRIX (and a first product after a new A of the same pattern): new
  values of A on the pattern of the first call, copied into *C.
*/
PetscErrorCode TSPTriAMGDistributedGalerkin(Mat A, Mat P, MatReuse reuse, Mat *C)
{
  MPI_Comm           comm;
  TSPTriAMGExchange *ex = NULL;
  Mat                Ad, Ao, Cf, Cd, Co, Cnew;
  PetscLayout        cmap;
  PetscInt           nloc, nrecv, *rrow, *rcol, *extra, nextra = 0, *T, nT, *map, ne = 0, *erow, *ecol;
  PetscScalar       *rval, *eval;
  TSPTriAMGEntry    *recv;

  PetscFunctionBegin;
  PetscCall(PetscObjectGetComm((PetscObject)A, &comm));
  PetscCall(TriSplitObjectQuery((PetscObject)P, "TSPTriAMGExchange", (void **)&ex));
  PetscCheck(ex, comm, PETSC_ERR_ARG_WRONGSTATE, "PCTRIAMG: the prolongator has no exchange context");
  PetscCall(TSPTriAMGLevelBlocks(A, &Ad, &Ao, NULL));
  nloc = ex->nagg;
  if (ex->cext) { /* new values of A on the pattern of the first product */
    PetscCall((*ex->ops.join)(Ad, Ao, MAT_REUSE_MATRIX, &ex->join));
    PetscCall((*ex->ops.galerkin)(ex->join, ex->pext, MAT_REUSE_MATRIX, &ex->cext));
  } else PetscCall((*ex->ops.galerkin)(ex->join, ex->pext, MAT_INITIAL_MATRIX, &ex->cext));

  PetscCall(PetscLogEventBegin(TriSplit_AMGExchange, 0, 0, 0, 0));
  PetscCall(MatGetLayouts(P, NULL, &cmap));
  PetscCall(TSPTriAMGSendRemoteRows(comm, ex, cmap, &nrecv, &rrow, &rcol, &rval));
  /* C's off-diagonal columns T: the extended ones and those only the received entries bring */
  PetscCall(PetscMalloc1(PetscMax(nrecv, 1), &extra));
  for (PetscInt e = 0; e < nrecv; e++) {
    PetscCheck(rrow[e] >= ex->cstart && rrow[e] < ex->cstart + nloc, PETSC_COMM_SELF, PETSC_ERR_PLIB, "PCTRIAMG: received a coarse row %" PetscInt_FMT " outside [%" PetscInt_FMT ", %" PetscInt_FMT ")", rrow[e], ex->cstart, ex->cstart + nloc);
    if (TSPTriAMGExtended(ex, rcol[e]) < 0) extra[nextra++] = rcol[e];
  }
  PetscCall(PetscSortRemoveDupsInt(&nextra, extra));
  nT = ex->next + nextra;
  PetscCall(PetscMalloc1(PetscMax(nT, 1), &T));
  PetscCall(PetscArraycpy(T, ex->colmap, ex->next));
  PetscCall(PetscArraycpy(T + ex->next, extra, nextra));
  PetscCall(PetscSortInt(nT, T)); /* S1, S2 and the extra ones are disjoint */

  /* the merge: C_ext's first nloc rows with its extended columns renamed to their place in [this rank's | T] and
     the received entries, in that numbering, sorted and summed per (row, column) (in the order received), added by
     the backend; only the boundary's numbers are touched here */
  PetscCall(PetscMalloc2(PetscMax(ex->next, 1), &map, PetscMax(nrecv, 1), &recv));
  for (PetscInt k = 0; k < ex->next; k++) {
    PetscInt t;

    PetscCall(PetscFindInt(ex->colmap[k], nT, T, &t));
    map[k] = nloc + t;
  }
  for (PetscInt e = 0; e < nrecv; e++) {
    PetscInt t = rcol[e] - ex->cstart;

    if (t < 0 || t >= nloc) {
      PetscCall(PetscFindInt(rcol[e], nT, T, &t));
      t += nloc;
    }
    recv[e].row   = rrow[e] - ex->cstart;
    recv[e].col   = t;
    recv[e].order = e;
    recv[e].val   = rval[e];
  }
  if (nrecv) qsort(recv, (size_t)nrecv, sizeof(*recv), TSPTriAMGEntryCompare);
  for (PetscInt e = 0; e < nrecv; e++) {
    if (ne && recv[ne - 1].row == recv[e].row && recv[ne - 1].col == recv[e].col) recv[ne - 1].val += recv[e].val;
    else recv[ne++] = recv[e];
  }
  PetscCall(PetscMalloc3(PetscMax(ne, 1), &erow, PetscMax(ne, 1), &ecol, PetscMax(ne, 1), &eval));
  for (PetscInt e = 0; e < ne; e++) {
    erow[e] = recv[e].row;
    ecol[e] = recv[e].col;
    eval[e] = recv[e].val;
  }
  PetscCall(PetscLogEventEnd(TriSplit_AMGExchange, 0, 0, 0, 0));
  PetscCall((*ex->ops.merge)(ex->cext, nloc, nloc, map, ne, erow, ecol, eval, nloc + nT, &Cf));
  PetscCall(PetscFree3(erow, ecol, eval));
  PetscCall(PetscFree2(map, recv));
  PetscCall(PetscFree3(rrow, rcol, rval));
  PetscCall(PetscFree(extra));

  /* C's blocks from its rows: this rank's columns first */
  PetscCall((*ex->ops.split)(Cf, nloc, nloc, &Cd, &Co));
  PetscCall(MatDestroy(&Cf));
  PetscCall((*ex->ops.distributed)(comm, Cd, Co, T, &Cnew));
  PetscCall(TSPTriAMGKeep(reuse, &Cnew, C));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* This rank's rows of a distributed level M (of the kinds TSPTriAMGLevelBlocks() takes) in host CSR arrays
   (PetscMalloc1() each, the caller's to free) with global column numbers, each row's columns sorted */
static PetscErrorCode TSPTriAMGGlobalRows(const TSPTriAMGOps *ops, Mat M, PetscInt *m, PetscInt **i, PetscInt **j, PetscScalar **v)
{
  Mat             Md, Mo, J;
  const PetscInt *garray;
  PetscInt        nd, cstart, *rows;

  PetscFunctionBegin;
  PetscCall(TSPTriAMGLevelBlocks(M, &Md, &Mo, &garray));
  PetscCall(MatGetLocalSize(M, m, &nd));
  PetscCall(MatGetOwnershipRangeColumn(M, &cstart, NULL));
  PetscCall((*ops->join)(Md, Mo, MAT_INITIAL_MATRIX, &J));
  PetscCall(PetscMalloc1(PetscMax(*m, 1), &rows));
  for (PetscInt r = 0; r < *m; r++) rows[r] = r;
  PetscCall((*ops->rows)(J, *m, rows, i, j, v));
  PetscCall(PetscFree(rows));
  PetscCall(MatDestroy(&J));
  for (PetscInt k = 0; k < (*i)[*m]; k++) (*j)[k] = (*j)[k] < nd ? cstart + (*j)[k] : garray[(*j)[k] - nd];
  for (PetscInt r = 0; r < *m; r++) PetscCall(PetscSortIntWithScalarArray((*i)[r + 1] - (*i)[r], *j + (*i)[r], *v + (*i)[r]));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The distributed matrix of the backend's kind from this rank's m rows (host CSR, columns sorted, numbered so that
   the first nd are the diagonal block's, ncols in all) and the global numbers garray of the others (taken over) */
static PetscErrorCode TSPTriAMGFromRows(const TSPTriAMGOps *ops, MPI_Comm comm, PetscInt m, PetscInt nd, PetscInt ncols, const PetscInt *i, const PetscInt *j, const PetscScalar *v, PetscInt *garray, Mat *M)
{
  Mat R, D, O;

  PetscFunctionBegin;
  PetscCall((*ops->fromhost)(m, ncols, i, j, v, &R));
  PetscCall((*ops->split)(R, m, nd, &D, &O));
  PetscCall(MatDestroy(&R));
  PetscCall((*ops->distributed)(comm, D, O, garray, M));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*
  TSPTriAMGGather - a level's distributed Galerkin product C and its prolongator P laid out on rank 0: *Cg, the same
  global matrix with all its rows on rank 0 (the other ranks hold none), and *Pg, P with all its columns on rank 0
  (its rows stay where they are: on the other ranks every column is a ghost column). The global numbering of the
  aggregates does not change (each rank's follow the previous rank's), so nothing is computed: rows move to rank 0
  (MPI_Gatherv() of host buffers, a small level's worth) and P's columns are relabelled. Below, the hierarchy is
  that of one rank holding the level, and a cycle there exchanges nothing. MAT_REUSE_MATRIX (a refresh): the
  values of a new C into the kept *Cg; P is kept (Pg NULL).
*/
PetscErrorCode TSPTriAMGGather(const TSPTriAMGOps *ops, Mat C, Mat P, MatReuse reuse, Mat *Cg, Mat *Pg)
{
  MPI_Comm     comm;
  PetscMPIInt  rank, size, mloc, nloc, *rcount = NULL, *rdispl = NULL, *ecount = NULL, *edispl = NULL;
  PetscInt     m, N, *ci, *cj, *len, *gi = NULL, *gj = NULL, *garray;
  PetscScalar *cv, *gv = NULL;
  Mat          Cnew;

  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TriSplit_AMGGather, 0, 0, 0, 0));
  PetscCall(PetscObjectGetComm((PetscObject)C, &comm));
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCall(MatGetSize(C, &N, NULL));

  /* C: the rows' lengths, then their columns and values, to rank 0 */
  PetscCall(TSPTriAMGGlobalRows(ops, C, &m, &ci, &cj, &cv));
  PetscCall(PetscMPIIntCast(m, &mloc));
  PetscCall(PetscMPIIntCast(ci[m], &nloc));
  PetscCall(PetscMalloc1(PetscMax(m, 1), &len));
  for (PetscInt r = 0; r < m; r++) len[r] = ci[r + 1] - ci[r];
  if (!rank) {
    PetscCall(PetscMalloc4(size, &rcount, size, &rdispl, size, &ecount, size, &edispl));
    PetscCall(PetscMalloc1(N + 1, &gi));
  }
  PetscCallMPI(MPI_Gather(&mloc, 1, MPI_INT, rcount, 1, MPI_INT, 0, comm));
  PetscCallMPI(MPI_Gather(&nloc, 1, MPI_INT, ecount, 1, MPI_INT, 0, comm));
  if (!rank) {
    PetscInt64 at = 0, et = 0;

    for (PetscMPIInt p = 0; p < size; p++) {
      PetscCall(PetscMPIIntCast(at, &rdispl[p]));
      PetscCall(PetscMPIIntCast(et, &edispl[p]));
      at += rcount[p];
      et += ecount[p];
    }
    PetscCall(PetscMalloc2(PetscMax(et, 1), &gj, PetscMax(et, 1), &gv));
  }
  PetscCallMPI(MPI_Gatherv(len, mloc, MPIU_INT, rank ? NULL : gi + 1, rcount, rdispl, MPIU_INT, 0, comm));
  PetscCallMPI(MPI_Gatherv(cj, nloc, MPIU_INT, gj, ecount, edispl, MPIU_INT, 0, comm));
  PetscCallMPI(MPI_Gatherv(cv, nloc, MPIU_SCALAR, gv, ecount, edispl, MPIU_SCALAR, 0, comm));
  PetscCall(PetscFree(len));
  PetscCall(PetscFree(ci));
  PetscCall(PetscFree(cj));
  PetscCall(PetscFree(cv));
  PetscCall(PetscMalloc1(1, &garray)); /* no ghost columns: all are rank 0's, the others hold no row */
  if (!rank) {
    gi[0] = 0;
    for (PetscInt r = 0; r < N; r++) gi[r + 1] += gi[r];
    PetscCall(TSPTriAMGFromRows(ops, comm, N, N, N, gi, gj, gv, garray, &Cnew));
    PetscCall(PetscFree2(gj, gv));
    PetscCall(PetscFree(gi));
    PetscCall(PetscFree4(rcount, rdispl, ecount, edispl));
  } else {
    const PetscInt    zi = 0, zj = 0;
    const PetscScalar zv = 0;

    PetscCall(TSPTriAMGFromRows(ops, comm, 0, 0, 0, &zi, &zj, &zv, garray, &Cnew));
  }
  PetscCall(TSPTriAMGKeep(reuse, &Cnew, Cg));

  /* P: the same rows, every column rank 0's; on the other ranks all are ghosts, numbered in increasing order */
  if (reuse == MAT_INITIAL_MATRIX) {
    PetscInt     nc, ng = 0, *pi, *pj, *pjl;
    PetscScalar *pv;

    PetscCall(MatGetSize(P, NULL, &nc));
    PetscCall(TSPTriAMGGlobalRows(ops, P, &m, &pi, &pj, &pv));
    if (!rank) {
      PetscCall(PetscMalloc1(1, &garray));
      PetscCall(TSPTriAMGFromRows(ops, comm, m, nc, nc, pi, pj, pv, garray, Pg));
    } else {
      PetscCall(PetscMalloc1(PetscMax(pi[m], 1), &garray));
      PetscCall(PetscArraycpy(garray, pj, pi[m]));
      ng = pi[m];
      PetscCall(PetscSortRemoveDupsInt(&ng, garray));
      PetscCall(PetscMalloc1(PetscMax(pi[m], 1), &pjl));
      for (PetscInt k = 0; k < pi[m]; k++) PetscCall(PetscFindInt(pj[k], ng, garray, &pjl[k]));
      PetscCall(TSPTriAMGFromRows(ops, comm, m, 0, ng, pi, pjl, pv, garray, Pg));
      PetscCall(PetscFree(pjl));
    }
    PetscCall(PetscFree(pi));
    PetscCall(PetscFree(pj));
    PetscCall(PetscFree(pv));
  }
  PetscCall(PetscLogEventEnd(TriSplit_AMGGather, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}
