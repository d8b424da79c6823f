/* SPDX-License-Identifier: BSD-2-Clause */
/*
   The machinery every trisplit preconditioner is built from (src/pc/forest/): a chain of m linear
   forests of the local diagonal block, each with the tridiagonal factor of its bands, applied as
   y = P_lo^T A_lo^-1 P_lo ... P_hi^T A_hi^-1 P_hi D x.

     PCALGTRI   one forest (scalar, or 2x2 blocks of matched pairs)
     PCMOSD     m forests of one graph, the bands of MOS-d's M_l, D = 1/T
     PCALTSPLIT m forests of one graph, the raw bands of A, applied one factor at a time
     PCMOSA     m levels, forest l from B_l = prune(B_{l-1} M_{l-1}^-1), D = 1/diagp1(B_m)

   The backend is chosen once per setup from the type of the local block (TSPChainSetUp()): the host
   (src/pc/forest/host.c, the reference kernels) or CUDA (src/pc/forest/cuda.c, the CUDA kernels on
   PETSc's stream). Each installs its ops, leaf operations that never call back: chain.c drives every
   build and refresh. The PCs see only the functions below and the statistics in the chain, which are
   the same on every backend.
*/
#ifndef TRISPLIT_CHAINIMPL_H
#define TRISPLIT_CHAINIMPL_H

#include <petsc/private/pcimpl.h>
#include <trisplit/private/core.h>

/* PetscValidPointer() became PetscAssertPointer() in PETSc 3.20 */
#if PETSC_VERSION_GE(3, 20, 0)
  #define PetscAssertPointer_TriSplit(h, arg) PetscAssertPointer(h, arg)
#else
  #define PetscAssertPointer_TriSplit(h, arg) PetscValidPointer(h, arg)
#endif

PETSC_INTERN PetscLogEvent TriSplit_Graph, TriSplit_Factor, TriSplit_Forest, TriSplit_Bands, TriSplit_TriFactor, TriSplit_Solve, TriSplit_MOSAProduct;

/* Parameters of the forest extraction; -pc_<type>_... options fill them. */
typedef struct {
  PCTriSplitWeight   weight;
  PCTriSplitPivoting pivoting;
  PetscBool        single; /* bands and solves in float (CUDA backend: -pc_<type>_precision single) */
  PetscInt         block;  /* 1: scalar forest; 2: 2x2 blocks (matching, contraction, coarse forest) */
  ts_factor_params factor; /* n = 2 for linear forests (n = 1: a matching, paths of at most 2 vertices) */
} TSPForestOptions;

/* What a chain builds */
typedef enum {
  TSP_CHAIN_FOREST,    /* one forest (algtri) */
  TSP_CHAIN_SPLITTING, /* m forests of one graph, used edges reweighted by omega (MOS-d, ALT) */
  TSP_CHAIN_ADAPTIVE   /* MOS-a's levels */
} TSPChainKind;

/* What a chain builds, set by its PC (defaults in TSPChainCreate(), the PC's own in its PCCreate_*())
   and changed by the setters (TSPChainSetOption()); the chain and its backends only read it. One block,
   so that a new option is one field here and one setter in the file of the PC that has it. */
typedef struct {
  TSPForestOptions   forest;
  PetscInt           m, m_max;     /* forests (levels): m, or 0 for automatic with at most m_max; algtri: m = 1 */
  PetscReal          coverage;     /* the automatic choice stops at this coverage (c_diag for MOS-a) */
  PetscBool          reuse;        /* keep the forests across SAME_NONZERO_PATTERN updates */
  MatFactorShiftType shift_type;   /* zero pivots: MAT_SHIFT_NONE fails, MAT_SHIFT_NONZERO repairs */
  PetscReal          shift_amount; /* first shift, relative to the factor's largest |diagonal entry| */
  PetscBool          definite;     /* cut a symmetric scalar factor's links where its pivots stop being positive */
  /* the PCs of several factors; each sets the ones it has, the others keep their neutral defaults */
  struct {
    PetscBool reweight;      /* splittings (MOS-d, ALT): forests of one graph, the edges forest l used reweighted by
                                omega for forest l + 1, the coverage that of their union (else each forest's own) */
    PetscReal omega;         /* splittings: reweighting of used edges */
    PetscInt  diagonal;      /* splittings: k of MOS-d's T = diagp_k(A), -1 for the raw bands (ALT) */
    PetscReal droptol;       /* MOS-a: early dropping of the product */
    PetscBool exact;         /* MOS-a: the O(N^2) whole-chain product */
    PetscBool reuse_pattern; /* MOS-a: keep the levels' product patterns too (values refreshed on them) */
  } split;
} TSPChainParams;

/* The statistics of one forest, the same on every backend */
typedef struct {
  PetscInt  npaths, longest, ncycles, rounds;
  PetscReal coverage; /* c_pi of the forest; of a splitting: of the union of forests 0..l */
  PetscReal cdiag;    /* MOS-a: c_diag(B_l) of the level the forest was taken from */
  PetscReal shift;    /* the zero-pivot repair: total added to the factor's diagonal (0: none) */
  PetscInt  nshift;   /* shifts tried, as PETSc's FactorShiftCtx.nshift */
  PetscInt  zero_row; /* the row of the zero pivot that asked for the first shift, or -1 */
  PetscInt  ncut;     /* links the definite-path cut dropped from the factor (TSPChainFactor()) */
} TSPForestInfo;

typedef struct _n_TSPChain *TSPChain;

/* MOS-a's levels (TSPChainLevels() in chain.c drives them): what a backend does to B_l, which it keeps
   in its own memory from begin to end */
typedef struct {
  /* B_0 = the local block, q_i and the workspaces; a build (refresh false) also allocates target forests;
     gives c_diag(B_0) */
  PetscErrorCode (*begin)(TSPChain, Mat, PetscInt target, PetscBool refresh, PetscReal *cdiag);
  PetscErrorCode (*forest)(TSPChain, PetscInt);             /* a build: forest l of B_l, its c->info[l] */
  PetscErrorCode (*bands)(TSPChain, PetscInt, PetscInt *);  /* forest l's bands from B_l; a row of B_l with a non-finite entry, or -1 */
  /* B_{l+1} = prune(B_l M_l^-1) (on the kept pattern, if any); c_diag(B_{l+1}), or 0 and nonfinite true
     where the product has a NaN or Inf */
  PetscErrorCode (*product)(TSPChain, PetscInt, PetscReal *, PetscBool *);
  PetscErrorCode (*end)(TSPChain, Mat, PetscBool refresh);  /* T = diagp1(B_m) as the scaling; B released */
} TSPLevelOps;

/* What a backend does, leaf operations that never call back into the chain: chain.c drives every build
   (graph -> forest after forest -> stop rule -> links -> bands -> factors) and refresh (bands ->
   factors), TSPChainBuild() and TSPChainSetValues() */
typedef struct {
  PetscErrorCode (*create)(TSPChain); /* the backend's data, empty */
  PetscErrorCode (*reset)(TSPChain);  /* everything it holds freed, the data too */
  /* one forest or a splitting: the weight graph of the local block (c->n, c->coverage_id), with room for
     target forests; forest l of it and its statistics in c->info[l] (with params.split.reweight the
     edges the forest used are then reweighted by omega, and the coverage is that of the union of forests
     0..l); the graph released */
  PetscErrorCode (*graph)(TSPChain, Mat, PetscInt target);
  PetscErrorCode (*forest)(TSPChain, Mat, PetscInt);
  PetscErrorCode (*graphfree)(TSPChain, Mat);
  PetscErrorCode (*truncate)(TSPChain, PetscInt); /* forests l.. freed with their links and kept patterns */
  PetscErrorCode (*links)(TSPChain);              /* c->bs, c->nrows, the fused permutations and work vectors */
  /* MOS-d's T = diagp_k(A), 1/T (the chain's scaling) and J; where T may have a zero entry, host arrays of
     the three for the repair (TSPChainSetValues()), else NULL; diagonalrestore (may be NULL) takes the
     repaired arrays back */
  PetscErrorCode (*diagonal)(TSPChain, Mat, PetscScalar **, PetscScalar **, PetscScalar **);
  PetscErrorCode (*diagonalrestore)(TSPChain, PetscScalar **, PetscScalar **, PetscScalar **);
  /* the bands of every forest from the block's values (MOS-d: of M_l, with the diagonal's T and J);
     the first row of the block with a NaN or Inf, or -1 */
  PetscErrorCode (*bands)(TSPChain, Mat, PetscInt *);
  /* eliminates factor l as the host does (the GPU: checks it), giving ts_ref_gttrf's status and the
     local row of a failure; and adds amount times the largest |diagonal entry| to the diagonal of its
     bands, giving what was added (TSPChainFactor() repairs zero pivots with the two) */
  PetscErrorCode (*factor)(TSPChain, PetscInt, ts_status *, PetscInt *);
  PetscErrorCode (*shift)(TSPChain, PetscInt, PetscReal, PetscReal *);
  /* the cut of scalar factor l's bands where a symmetric stretch stops being positive definite
     (ts_*_definite_paths), giving the number of links dropped; before its first elimination */
  PetscErrorCode (*definite)(TSPChain, PetscInt, PetscInt *);
  /* Y = factors lo..hi (transposed or not) of k columns of X, arrays where the backend keeps its data */
  PetscErrorCode (*apply)(TSPChain, PetscInt, PetscInt, PetscBool, PetscInt, const PetscScalar *, PetscInt, PetscScalar *, PetscInt);
  PetscErrorCode (*correct)(TSPChain, PetscInt, const PetscScalar *, const PetscScalar *, PetscScalar *); /* z += M_l^-1 (r - az) */
  TSPLevelOps    levels;
  /* the arrays of vectors and dense matrices where the backend works: host or device memory */
  PetscErrorCode (*vecread)(Vec, const PetscScalar **);
  PetscErrorCode (*vecrestoreread)(Vec, const PetscScalar **);
  PetscErrorCode (*vecwrite)(Vec, PetscScalar **);
  PetscErrorCode (*vecrestorewrite)(Vec, PetscScalar **);
  PetscErrorCode (*vec)(Vec, PetscScalar **);
  PetscErrorCode (*vecrestore)(Vec, PetscScalar **);
  PetscErrorCode (*denseread)(Mat, const PetscScalar **);
  PetscErrorCode (*denserestoreread)(Mat, const PetscScalar **);
  PetscErrorCode (*densewrite)(Mat, PetscScalar **);
  PetscErrorCode (*denserestorewrite)(Mat, PetscScalar **);
  /* PCTRIAMG: the first forest of a built chain, where the backend keeps it (TSPChainGetPaths()) */
  PetscErrorCode (*paths)(TSPChain, PetscMemType *, const PetscInt **, const PetscInt **);
} TSPChainOps;

struct _n_TSPChain {
  TSPChainOps ops;
  const char *backend;   /* "host" or "cuda", NULL before the first setup */
  PetscInt    min_batch; /* PCMatApply: fewer columns go one by one (RPTS batches columns by four) */
  PetscBool   single_ok; /* the backend has single-precision factors */

  TSPChainKind   kind;    /* which driver builds it: forests of one graph, or MOS-a's levels */
  TSPChainParams params;  /* what to build, set by the PC and its setters */
  PetscBool      rebuild; /* a parameter changed since the last build: the next setup builds anew */

  /* what was built, the same on every backend */
  PetscInt       n;                 /* rows of the local block */
  PetscInt       bs, nrows, npairs; /* 2x2 blocks: rows of the block system (2 nb), matched pairs */
  PetscInt       nforests;
  TSPForestInfo *info;              /* one per forest */
  PetscReal      coverage_id;       /* c_id of the original order */
  PetscReal      cdiag_last;        /* MOS-a: c_diag(B_m) */
  PetscInt       product_rounds[2]; /* MOS-a on the GPU: most slot rounds of a level, rows recomputed */
  PCFailedReason failed;            /* PC_NOERROR, or the first failure */
  PetscInt       failed_factor, failed_row;
  PetscInt       dropped_level, dropped_row; /* MOS-a: the level dropped for a zero pivot (-1: none) and its row */
  PetscInt       tshift_count, tshift_row;   /* MOS-d: zero entries of T repaired, the first one's row */
  PetscReal      tshift;                     /* MOS-d: the value they were given */

  /* a KSP that assumes a symmetric preconditioner, seen at PCPreSolve() ("" if none), and whether the PC
     has warned of it */
  char      symmetric_ksp[64];
  PetscBool warned_ksp;
  PetscBool warned_repair; /* MOS-a under left preconditioning after a repair: warned once */

  void *data; /* the backend's */
};

/* The first shift of the zero-pivot repair, relative to the factor's largest |diagonal entry|. Not
   PETSc's 100 eps: that is for a factorization that solves, while a preconditioner shifted by eps has
   an eigenvalue near 1/eps, which GMRES's (left) preconditioned residual then mistakes for
   convergence (tests/ex3, singular pair: true residual 1e-6 after 2 iterations); 1e-4 bounds the
   amplification to 1e4 and changes the shifted factor by less than its distance from A. */
#define TSP_SHIFT_AMOUNT_DEFAULT 1e-4

/* Whether an indefinite symmetric scalar factor is cut where its pivots fall to half their diagonal entries
   (-pc_<type>_definite_paths, ts_ref_definite_paths()): on, since positive definite factors are left as they are */
#define TSP_DEFINITE_DEFAULT PETSC_TRUE

/* The parallel [0,n]-factor's default parameters (docs/algorithms.md 4.2): every forest's (n = 2; the PCs' options
   change them) and triamg's matching of its line aggregates (n = 1) */
static inline void TSPFactorParamsDefault(ts_factor_params *f, int n)
{
  f->n             = n;
  f->iterations    = 5;   /* M */
  f->charge_period = 5;   /* m */
  f->charge_skip   = 0;   /* k_m */
  f->p             = 0.5; /* Auer-Bisseling optimum for matchings */
  f->seed          = 0;
  f->offset        = 0;
}

/* Floating-point operations of the setup phases (PetscLogFlops(), PetscLogGpuFlops()), from the kernels'
   arithmetic, for a block of n rows and nnz entries with a full diagonal. Where a backend does not know
   the number of edges of the weight graph (the GPU's), they count as nnz - n (a structurally symmetric
   pattern); the host counts its own. The [0,2]-factor, the cycle breaking, the permutations and the
   extraction of the bands compare and move entries: no flops. */
static inline PetscLogDouble TSPFlopsGraph(PetscInt n, PetscInt nnz, PetscBool scaled)
{
  /* diagp_1 and 1/s (scaled); s_i |a_ij| + s_j |a_ji|, the total weight and c_id per edge */
  return (scaled ? (PetscLogDouble)nnz + n : 0.0) + 6.0 * (nnz - n);
}
static inline PetscLogDouble TSPFlopsCoverage(PetscInt n, PetscInt nnz)
{
  /* the total weight and the forest's (or the union's, with the reweighting) */
  return (PetscLogDouble)(nnz - n) + 2.0 * n;
}
static inline PetscLogDouble TSPFlopsMOSDiagonal(PetscInt n, PetscInt nnz)
{
  /* T = diagp_k(A), 1/T and J */
  return (PetscLogDouble)(nnz - n) + 5.0 * n;
}
static inline PetscLogDouble TSPFlopsMOSBands(PetscInt n, PetscInt m, PetscInt l)
{
  /* M_l = J + T^-1 J^-(m-1-l) A''_l J^-l: the powers of J and the two scaled off-diagonals per row */
  return (PetscLogDouble)n * (m + l + 4);
}

/* The chain is the first member of every trisplit PC's data */
#define TSPChainFromPC(pc) (*(TSPChain *)(pc)->data)

/* What every setter of an option does (PCFactorSetShiftType() and the like mark the PC the same way):
   a new value marks the PC for a new setup and the chain for a new build, so that a setting changed
   after PCSetUp() is never ignored by a chain that keeps its forests */
#define TSPChainSetOption(pc, c, field, value) \
  do { \
    if ((c)->params.field != (value)) { \
      (pc)->setupcalled = PETSC_FALSE; \
      (c)->rebuild      = PETSC_TRUE; \
    } \
    (c)->params.field = (value); \
  } while (0)

PETSC_INTERN PetscErrorCode TSPChainCreate(TSPChainKind, TSPChain *);
PETSC_INTERN PetscErrorCode TSPChainDestroy(TSPChain *);
PETSC_INTERN PetscErrorCode TSPChainReset(TSPChain);
PETSC_INTERN PetscErrorCode TSPChainSetUp(PC, TSPChain);
PETSC_INTERN PetscErrorCode TSPChainApply(TSPChain, PetscInt, PetscInt, PetscBool, Vec, Vec);
PETSC_INTERN PetscErrorCode TSPChainMatApply(TSPChain, PetscInt, PetscInt, Mat, Mat);
PETSC_INTERN PetscErrorCode TSPChainCorrect(TSPChain, PetscInt, Vec, Vec, Vec);
PETSC_INTERN PetscErrorCode TSPChainViewOptions(TSPChain, PetscViewer);
PETSC_INTERN PetscErrorCode TSPChainView(PC, TSPChain, PetscViewer);
/* the options every trisplit PC shares (src/pc/forest/setters.c), under -pc_<type>_; each PC reads its own */
PETSC_INTERN PetscErrorCode TSPChainSetFromOptions(PC, TriSplitOptionItems, const char[], TSPChain);
/* PetscOptionsRangeInt() whose range error names the option (PETSc 3.18's does not) */
PETSC_INTERN PetscErrorCode TSPOptionsRangeInt(TriSplitOptionItems, const char[], const char[], const char[], PetscInt, PetscInt *, PetscBool *, PetscInt, PetscInt);
/* composes (or removes) the setters and getters of the shared options the chain's kind has */
PETSC_INTERN PetscErrorCode TSPChainComposeSetters(PC, PetscBool);
/* PCPreSolve(): a warning when a PC that is not symmetric (symmetric false) sits under CG, MINRES, ... */
PETSC_INTERN PetscErrorCode TSPChainCheckKSP(PC, TSPChain, KSP, PetscBool);
/* PCPreSolve(): a repaired zero pivot reported beside the converged reason; MOS-a's warning under left
   preconditioning */
PETSC_INTERN PetscErrorCode TSPChainReportRepair(PC, TSPChain, KSP);
/* PCSetFromOptions(): options of another trisplit PC type under this PC's prefix, noticed (PetscInfo) and
   warned of at PetscFinalize() if still unused */
PETSC_INTERN PetscErrorCode TSPChainNoticeOtherOptions(PC);

/* The PC operations of the PCs that are their chain applied whole (algtri, mosd, mosa) */
PETSC_INTERN PetscErrorCode PCCreate_TriSplit(PC, TSPChainKind);
PETSC_INTERN PetscErrorCode PCSetUp_TriSplit(PC);
PETSC_INTERN PetscErrorCode PCReset_TriSplit(PC);
PETSC_INTERN PetscErrorCode PCDestroy_TriSplit(PC);

/* amount times the largest |diagonal entry| added to the diagonal of host bands b of nrows / bs blocks of
   bs x bs (column major); amount itself for a zero diagonal. The same arithmetic on every backend (the
   CUDA backend shifts a host copy of its bands), so that the repaired factors stay bit for bit equal. */
static inline PetscErrorCode TSPShiftDiagonal(PetscInt bs, PetscInt nrows, PetscScalar *b, PetscReal amount, PetscReal *added)
{
  PetscReal big = 0;

  PetscFunctionBegin;
  for (PetscInt i = 0; i < nrows; i++) big = PetscMax(big, PetscAbsScalar(b[(i / bs) * bs * bs + (i % bs) * (bs + 1)]));
  *added = amount * (big > 0 ? big : 1.0);
  for (PetscInt i = 0; i < nrows; i++) b[(i / bs) * bs * bs + (i % bs) * (bs + 1)] += *added;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the two backends */
PETSC_INTERN PetscErrorCode TSPChainSetBackend_Host(TSPChain);
PETSC_INTERN PetscErrorCode TSPChainSetBackend_CUDA(TSPChain);
PETSC_INTERN PetscErrorCode TSPChainPaths_CUDA(TSPChain, PetscMemType *, const PetscInt **, const PetscInt **); /* ops.paths of the CUDA backend */

/* PCTRIAMG: the first forest of a built chain of c->n rows, in the backend's memory (*mtype host or
   device): perm (vertices in the forest order) and path_id (per vertex), as ts_ref_linear_forest
   gives them. Both are NULL where the chain holds no scalar forest (none built, or 2x2 blocks). */
static inline PetscErrorCode TSPChainGetPaths(TSPChain c, PetscMemType *mtype, PetscInt *n, const PetscInt **perm, const PetscInt **path_id)
{
  PetscFunctionBegin;
  *mtype   = PETSC_MEMTYPE_HOST;
  *n       = c->n;
  *perm    = NULL;
  *path_id = NULL;
  if (c->ops.paths && c->nforests > 0) PetscCall((*c->ops.paths)(c, mtype, perm, path_id));
  PetscFunctionReturn(PETSC_SUCCESS);
}

#endif
