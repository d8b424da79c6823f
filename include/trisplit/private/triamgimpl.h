/* SPDX-License-Identifier: BSD-2-Clause */
/*
   PCTRIAMG's private interface, laid out as the chain of forests is (chainimpl.h): one parameter block that only
   the setters change (src/pc/triamg/setters.c), one driver of every build and refresh (src/pc/triamg/hierarchy.c),
   and two backends that fill an ops table of leaf operations once per setup (src/pc/triamg/host.c, cuda.c), chosen
   from the type of the fine matrix's local block as the chain chooses its own (across ranks,
   src/pc/triamg/distribute.c calls them on each rank's rows). The leaves call the kernels and make the matrices;
   they never call back into the driver; src/pc/triamg/cycle.c sets the smoothers' bounds and runs the lean V-cycle.
   src/pc/triamg.c holds the PC's operations.
*/
#ifndef TRISPLIT_TRIAMGIMPL_H
#define TRISPLIT_TRIAMGIMPL_H

#include <petsc/private/pcmgimpl.h>
#include <trisplit/private/chainimpl.h>

#define TSP_TRIAMG_MAXLEVELS 30
/* the most rows of a coarsest level that the device inverts densely (four n x n matrices: 2 GiB at 8192 rows; cuSOLVER
   factors and inverts 8192 rows in tens of milliseconds); a larger one gets a sparse LU */
#define TSP_TRIAMG_DENSE_COARSE 8192
/* the smoothing threshold: on the model problems 0.25 keeps the iterations of full smoothing within one or two and
   the operator complexity near that of the piecewise constant prolongator (docs/algorithms.md) */
#define TSP_TRIAMG_SMOOTH_THRESHOLD 0.25
/* the default gather size: across ranks, the first level of fewer global rows and all below it live on rank 0 (0:
   never); docs/design.md, "Across ranks" */
#define TSP_TRIAMG_GATHER_SIZE 0

PETSC_INTERN PetscLogEvent TriSplit_AMGAggregate, TriSplit_AMGEstimate, TriSplit_AMGProlongator, TriSplit_AMGGalerkin, TriSplit_AMGPtAPSymbolic, TriSplit_AMGPtAPNumeric, TriSplit_AMGMatCreate, TriSplit_AMGExchange, TriSplit_AMGGather;

/* What the hierarchy is built from: set by PCCreate_TriAMG() (the defaults) and the setters, read by the driver */
typedef struct {
  PetscInt  agg_size;         /* s: vertices per aggregate along a path */
  PetscReal pair_share;       /* pair the segments across paths on levels whose couplings lie less than this inside the paths (0: never) */
  PetscInt  coarse_size;      /* stop coarsening at this many global rows */
  PetscInt  max_levels;       /* the most levels, the finest included */
  PetscBool smooth_p;         /* P = (I - omega D^-1 A_F) P0 */
  PetscInt  smooth_levels;    /* ... on the finest smooth_levels levels only */
  PetscReal smooth_threshold; /* ... A_F: A's entries below this fraction of their row's largest lumped */
  PetscBool reuse;            /* keep the aggregates and P across SAME_NONZERO_PATTERN updates */
  PetscBool device_operators; /* on the device: the levels in MATCSRCUDA (else MATSEQAIJCUSPARSE) */
  PetscBool nodal;            /* a block size > 1: aggregates of whole nodes, one coarse unknown per field */
  PetscBool lean_cycle;       /* the lean V-cycle (cycle.c) where PCMG's cycle is its default one */
  PetscInt  gather_size;      /* across ranks: a level of fewer global rows, and those below, on rank 0 (0: never) */
  char      smoother[64];     /* the finest level's smoother PC */
  char      csmoother[64];    /* the smoother PC of the levels below the finest */
  PetscInt  sweeps;           /* smoother iterations */
} TSPTriAMGParams;

/* The leaf operations of one backend, for the local blocks of the levels (sequential matrices of its type) */
typedef struct {
  const char *name; /* "host" or "cuda" */
  /* The aggregates of the level's local block Ad from the first forest of the trisplit PC fpc set up on the level
     (segments of s vertices along its paths): *agg (the backend's memory, freed by aggfree) numbers them from 0,
     *nagg of them */
  PetscErrorCode (*aggregate)(Mat Ad, PC fpc, PetscInt s, PetscInt **agg, PetscInt *nagg);
  /* pairs of line aggregates (docs/algorithms.md 8.6): *B with Ad's pattern and its weights across the paths of
     fpc's first forest (ts_*_pair_weights, the backend's type), and the share of Ad's scaled couplings that lie
     within the paths */
  PetscErrorCode (*pairweights)(Mat Ad, PC fpc, Mat *B, PetscReal *share);
  /* the [0,1]-factor of the aggregates' graph W (its nagg rows; the forests' factor parameters, n = 1) and the
     aggregates agg of the n rows (backend memory) renumbered in place after the pairing, *nagg their new number */
  PetscErrorCode (*pairmatch)(Mat W, PetscInt n, PetscInt *agg, PetscInt *nagg);
  /* nodal aggregates (a block size bs > 1): the node matrix *N (n / bs rows, the backend's type) of the level's local
     block Ad, whose forest gives the nodes' aggregates, and the unknowns' aggregates *agg (backend memory, freed by
     aggfree) from those of the nodes, aggn (node aggregate times bs plus the field) */
  PetscErrorCode (*collapse)(Mat Ad, PetscInt bs, Mat *N);
  PetscErrorCode (*expand)(PetscInt n, PetscInt bs, const PetscInt *aggn, PetscInt **agg);
  /* The prolongator P (A's rows x ncols, the backend's matrix type) from A's rows and the aggregate agg[j] of each
     of A's columns j (backend memory), smoothed when smooth with the estimate rho of rho(D^-1 A) (0: the
     Gershgorin bound) and the strength threshold theta; *omega the damping used. On one rank A is the level's
     matrix; across ranks it is the rank's rows joined (join) and agg numbers the other ranks' aggregates after
     this rank's. */
  PetscErrorCode (*prolongator)(Mat A, const PetscInt *agg, PetscInt ncols, PetscBool smooth, PetscReal rho, PetscReal theta, Mat *P, PetscReal *omega);
  /* sum over the n rows of (rstart + i + 1) (cstart + agg[i] + 1): the checksum that host and device compare */
  PetscErrorCode (*checksum)(PetscInt n, const PetscInt *agg, PetscInt rstart, PetscInt cstart, PetscInt64 *sum);
  /* where the backend's arrays live (the aggregates' for PetscSF: across ranks only the boundary's are moved) */
  PetscMemType mtype;
  /* *ext (backend memory, freed by aggfree): agg's n entries followed by the ng entries of host memory ghost */
  PetscErrorCode (*extend)(PetscInt n, const PetscInt *agg, PetscInt ng, const PetscInt *ghost, PetscInt **ext);
  PetscErrorCode (*aggfree)(PetscInt **agg);
  /* A rank's rows across ranks as one sequential matrix of the backend, [Ad | Ao] (n x (n + Ao's columns)):
     MAT_REUSE_MATRIX writes new values of Ad and Ao on the pattern of the first call */
  PetscErrorCode (*join)(Mat Ad, Mat Ao, MatReuse reuse, Mat *J);
  /* the rows rows[0..nr) (host memory) of a sequential matrix of the backend's, packed in host CSR arrays
     (PetscMalloc1() each, the caller's to free): the boundary rows that go to other ranks */
  PetscErrorCode (*rows)(Mat M, PetscInt nr, const PetscInt *rows, PetscInt **i, PetscInt **j, PetscScalar **v);
  /* a sequential matrix of the backend's from host CSR arrays (copied) */
  PetscErrorCode (*fromhost)(PetscInt m, PetscInt n, const PetscInt *i, const PetscInt *j, const PetscScalar *v, Mat *M);
  /* the first m rows of M (each row's columns sorted) split at column nd: *D (m x nd) and *O (m x (M's columns -
     nd), its columns minus nd) */
  PetscErrorCode (*split)(Mat M, PetscInt m, PetscInt nd, Mat *D, Mat *O);
  /* a rank's coarse rows of a distributed Galerkin product (ts_ref_csr_merge): the first m rows of M (the rank's
     product C_ext, each row's columns sorted) with M's columns from nd on renamed (nd + k -> map[k]) and the ne
     entries other ranks sent (erow, ecol, eval: sorted by row, then column, no repeats) added, *C m x ncols with
     each row's columns sorted; map and the entries in host memory */
  PetscErrorCode (*merge)(Mat M, PetscInt m, PetscInt nd, const PetscInt *map, PetscInt ne, const PetscInt *erow, const PetscInt *ecol, const PetscScalar *eval, PetscInt ncols, Mat *C);
  /* the distributed matrix of the backend's kind (host: MATMPIAIJ, device: MATMPICSRCUDA) from this rank's blocks D
     and O of split (taken over) and O's columns' global numbers garray (PetscMalloc(), sorted, taken over) */
  PetscErrorCode (*distributed)(MPI_Comm comm, Mat D, Mat O, PetscInt *garray, Mat *M);
  /* P with ng rows of host memory (CSR gi[ng + 1] from 0, gj, gv) appended below it, ncols columns */
  PetscErrorCode (*append)(Mat P, PetscInt ng, const PetscInt *gi, const PetscInt *gj, const PetscScalar *gv, PetscInt ncols, Mat *Pext);
  /* C = P^T A P for sequential A and a prolongator of the backend's own; MAT_REUSE_MATRIX: new values of A on the
     pattern of the last call, P unchanged. P may have more rows than A (A rectangular: P's rows beyond A's are
     those of A's further columns); P^T then takes P's first rows only. */
  PetscErrorCode (*galerkin)(Mat A, Mat P, MatReuse reuse, Mat *C);
  /* rho(D^-1 A) of a sequential A by steps of the power method from the hashed start vector (ts_ref_jacobi_power):
     one rank's estimate without PETSc's vectors; 0 where the iterates vanish */
  PetscErrorCode (*estimate)(Mat A, PetscInt steps, PetscReal *rho);
  /* a new vector *x of A's rows in the backend's memory, zeroed (on the device across ranks: no pinned host copy,
     which PETSc's MatCreateVecs() of a MATMPIAIJCUSPARSE allocates and zeroes; the template of a level's work
     vectors) */
  PetscErrorCode (*createvector)(Mat A, Vec *x);
  /* a new vector *x of A's rows in the backend's memory, x[i] = ts_hash32(rstart + i) 2^-32 with rstart A's first row
     (the power method's start across ranks, the same on both backends) */
  PetscErrorCode (*startvector)(Mat A, Vec *x);
  /* squared 2-norms queued without a wait and read together (the smoothers' estimate, all levels at once):
     normsbegin makes room *acc for n of them, norm queues the rank's part of |x|^2 into slot i, normsend waits once,
     gives the slots in sums[0..n) and frees the room */
  PetscErrorCode (*normsbegin)(PetscInt n, void **acc);
  PetscErrorCode (*norm)(void *acc, PetscInt i, Vec x);
  PetscErrorCode (*normsend)(void **acc, PetscInt n, PetscReal sums[]);
  /* the coarsest level's direct solve: the KSP of PCMG's coarse level set up on an operator *Ac made from the
     level's matrix A (kept by the driver; on the device the level's inverse, across ranks a whole copy on every
     rank), or left to the driver (PCMG's LU on one rank, PCREDUNDANT's across ranks; *Ac NULL) */
  PetscErrorCode (*coarse)(KSP ksp, Mat A, MatReuse reuse, Mat *Ac);
} TSPTriAMGOps;

typedef struct {
  TSPTriAMGParams params;
  TSPTriAMGOps    ops; /* those of the fine matrix's local block, installed at setup */

  /* the hierarchy, level 0 the finest (PCMG numbers the other way) */
  PetscInt       nlevels;
  Mat            A[TSP_TRIAMG_MAXLEVELS], P[TSP_TRIAMG_MAXLEVELS]; /* A[0] = pc->pmat (referenced); P[l]: level l+1 -> l */
  Mat            coarse;                                           /* the coarsest level's solve operator (the device's inverse), or NULL */
  PC             spc[TSP_TRIAMG_MAXLEVELS];                        /* the level smoothers' PCs, built here on A[l] */
  PetscInt       rows[TSP_TRIAMG_MAXLEVELS];
  PetscLogDouble nnz[TSP_TRIAMG_MAXLEVELS];
  PetscReal      omega[TSP_TRIAMG_MAXLEVELS];
  PetscInt       bs; /* the block size of the nodal aggregates (1: scalar) */
  PetscInt64     aggsum[TSP_TRIAMG_MAXLEVELS]; /* sum over rows of (global row + 1) (global aggregate + 1): a checksum */
  /* across ranks: the first level gathered onto rank 0 (0: none) and, for its refreshes, the distributed P[gathered - 1]
     and Galerkin product that the gather laid out anew (distribute.c) */
  PetscInt       gathered;
  Mat            Pdist, Cdist;
  PetscInt       builds, refreshes;

  /* the smoothing (cycle.c): 2 / (emax + emin) of a level's Chebyshev bounds from triamg's estimate (0: PETSc's), the
     post-smoother's work vector of the lean cycle, and whether PCApply() runs it */
  PetscReal scale[TSP_TRIAMG_MAXLEVELS];
  Vec       work[TSP_TRIAMG_MAXLEVELS];
  PetscBool lean;

  /* PCMG's operations, called around the hierarchy (saved at creation: PCMG does not export them) */
  PetscErrorCode (*mg_setup)(PC);
  PetscErrorCode (*mg_apply)(PC, Vec, Vec);
  PetscErrorCode (*mg_reset)(PC);
  PetscErrorCode (*mg_destroy)(PC);
  PetscErrorCode (*mg_setfromoptions)(PC, TriSplitOptionItems);
} TSPTriAMG;

#define TSPTriAMGFromPC(pc) ((TSPTriAMG *)((PC_MG *)(pc)->data)->innerctx)

/* What every setter does: a new value of what the hierarchy is built from marks the PC for a new setup, so that a
   setting changed after PCSetUp() is never ignored by a kept hierarchy */
#define TSPTriAMGSetOption(pc, amg, field, value) \
  do { \
    if ((amg)->params.field != (value)) (pc)->setupcalled = PETSC_FALSE; \
    (amg)->params.field = (value); \
  } while (0)

/* the driver (hierarchy.c) */
PETSC_INTERN PetscErrorCode TSPTriAMGSetUp(PC);
PETSC_INTERN PetscErrorCode TSPTriAMGResetHierarchy(PC);
/* the smoothing and the cycle (cycle.c): the Chebyshev bounds from triamg's estimate, the cycle of PCApply() */
PETSC_INTERN PetscErrorCode TSPTriAMGSmootherBounds(PC, TSPTriAMG *);
PETSC_INTERN PetscErrorCode TSPTriAMGChooseCycle(PC, TSPTriAMG *);
/* across ranks (distribute.c): the level's distributed prolongator from this rank's aggregates, and its Galerkin
   products from the exchange context composed on P */
PETSC_INTERN PetscErrorCode TSPTriAMGDistributedProlongator(TSPTriAMG *, Mat, const PetscInt *, PetscInt, PetscInt, PetscBool, PetscReal, PetscReal, Mat *, PetscReal *);
PETSC_INTERN PetscErrorCode TSPTriAMGDistributedGalerkin(Mat, Mat, MatReuse, Mat *);
/* ... and a small level and its prolongator laid out on rank 0 (distribute.c) */
PETSC_INTERN PetscErrorCode TSPTriAMGGather(const TSPTriAMGOps *, Mat, Mat, MatReuse, Mat *, Mat *);
/* the options (setters.c): defaults, -pc_triamg_ options, composed setters and getters */
PETSC_INTERN PetscErrorCode TSPTriAMGSetDefaults(TSPTriAMGParams *);
PETSC_INTERN PetscErrorCode TSPTriAMGSetFromOptions(PC, TriSplitOptionItems);
PETSC_INTERN PetscErrorCode TSPTriAMGComposeSetters(PC, PetscBool);
/* the two backends */
PETSC_INTERN PetscErrorCode TSPTriAMGSetBackend_Host(TSPTriAMGOps *);
PETSC_INTERN PetscErrorCode TSPTriAMGSetBackend_CUDA(TSPTriAMGOps *);

static inline PetscErrorCode TSPTriAMGCheck(ts_status status, const char *what)
{
  PetscFunctionBegin;
  PetscCheck(status == TS_SUCCESS, PETSC_COMM_SELF, status == TS_ERR_DEVICE ? PETSC_ERR_GPU : PETSC_ERR_LIB, "PCTRIAMG: the %s kernel failed (status %d)", what, (int)status);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The forest function that every trisplit PC composes (src/pc/forest/setters.c) */
typedef PetscErrorCode (*TSPChainGetPathsFn)(PC, PetscMemType *, PetscInt *, const PetscInt **, const PetscInt **);

/* The first forest of the trisplit PC fpc set up on a level of n local rows, in the memory the backend expects
   (host: PETSC_MEMTYPE_HOST, CUDA: PETSC_MEMTYPE_DEVICE) */
static inline PetscErrorCode TSPTriAMGLevelPaths(PC fpc, PetscInt n, PetscMemType want, const PetscInt **perm, const PetscInt **path_id)
{
  TSPChainGetPathsFn paths = NULL;
  PetscMemType       mtype;
  PetscInt           cn;

  PetscFunctionBegin;
  PetscCall(PetscObjectQueryFunction((PetscObject)fpc, "TSPChainGetPaths_C", &paths));
  PetscCheck(paths, PETSC_COMM_SELF, PETSC_ERR_PLIB, "PCTRIAMG: the level's PC of type %s has no forest", ((PetscObject)fpc)->type_name);
  PetscCall((*paths)(fpc, &mtype, &cn, perm, path_id));
  PetscCheck(cn == n, PETSC_COMM_SELF, PETSC_ERR_PLIB, "PCTRIAMG: the forest has %" PetscInt_FMT " rows, the level %" PetscInt_FMT, cn, n);
  PetscCheck(!n || PetscMemTypeHost(mtype) == PetscMemTypeHost(want), PETSC_COMM_SELF, PETSC_ERR_PLIB, "PCTRIAMG: the level's forest is in %s memory, its backend works in %s memory", PetscMemTypeToString(mtype), PetscMemTypeToString(want));
  PetscCheck(!n || (*perm && *path_id), PETSC_COMM_SELF, PETSC_ERR_PLIB, "PCTRIAMG: the level's PC holds no scalar forest");
  PetscFunctionReturn(PETSC_SUCCESS);
}

#endif
