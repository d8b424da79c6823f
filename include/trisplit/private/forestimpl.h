/*
   Shared machinery of the trisplit preconditioners: the weight graph of the local block, linear
   forests extracted from it, their permuted tridiagonal bands and factorizations. Every PC type
   (algtri, and the splittings that combine several forests) is built from these pieces only.
*/
#ifndef TRISPLIT_FORESTIMPL_H
#define TRISPLIT_FORESTIMPL_H

#include <petsc/private/pcimpl.h>
#include <trisplit.h>
#include "trisplit_kernels.h"

#if defined(PETSC_USE_COMPLEX) || !defined(PETSC_USE_REAL_DOUBLE)
  #error "trisplit supports real double precision PETSc builds only"
#endif

/* PetscOptionItems became a pointer type in PETSc 3.23: the argument of XXXSetFromOptions_Impl(). */
#if PETSC_VERSION_GE(3, 23, 0)
  #define TSOptionItems PetscOptionItems
#else
  #define TSOptionItems PetscOptionItems *
#endif

/* A failed PC hands the KSP an Inf vector so it stops with KSP_DIVERGED_PC_FAILED (VecSetInf()
   became VecFlag() in PETSc 3.22). */
static inline PetscErrorCode TSVecSetFailed(Vec y)
{
  PetscFunctionBegin;
#if PETSC_VERSION_GE(3, 22, 0)
  PetscCall(VecFlag(y, 1));
#else
  PetscCall(VecSetInf(y));
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ... and Inf in every column of a dense result (PCMatApply(), MatMatSolve()) */
static inline PetscErrorCode TSDenseSetFailed(Mat Y)
{
  PetscScalar *ya;
  PetscInt     m, k, ld;

  PetscFunctionBegin;
  PetscCall(MatGetLocalSize(Y, &m, NULL));
  PetscCall(MatGetSize(Y, NULL, &k));
  PetscCall(MatDenseGetLDA(Y, &ld));
  PetscCall(MatDenseGetArrayWrite(Y, &ya));
  for (PetscInt c = 0; c < k; c++)
    for (PetscInt i = 0; i < m; i++) ya[c * ld + i] = (PetscScalar)INFINITY;
  PetscCall(MatDenseRestoreArrayWrite(Y, &ya));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Local rows, columns and leading dimensions of the dense X and Y of PCMatApply() */
static inline PetscErrorCode TSDenseGetSizes(Mat X, Mat Y, PetscInt *n, PetscInt *k, PetscInt *ldx, PetscInt *ldy)
{
  PetscFunctionBegin;
  PetscCall(MatGetLocalSize(X, n, NULL));
  PetscCall(MatGetSize(X, NULL, k));
  PetscCall(MatDenseGetLDA(X, ldx));
  PetscCall(MatDenseGetLDA(Y, ldy));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The kernels see PetscInt as ts_int (the makefile sets TS_INDEX_64 with 64-bit PETSc indices). */
typedef char TriSplitIndexCheck[sizeof(PetscInt) == sizeof(ts_int) ? 1 : -1];

PETSC_INTERN PetscLogEvent TS_Graph, TS_Factor, TS_Forest, TS_Bands, TS_TriFactor, TS_TriSolve, TS_MOSAProduct;

/* Parameters of the forest extraction; -pc_<type>_... options fill them. */
typedef struct {
  PCAlgTriWeight   weight;
  PCAlgTriPivoting pivoting;
  PetscBool        single; /* bands and solves in float (device path: -pc_<type>_precision single) */
  PetscInt         block;  /* 1: scalar forest; 2: 2x2 blocks (matching, contraction, coarse forest) */
  ts_factor_params factor; /* n = 2 for linear forests (n = 1: a matching, paths of at most 2 vertices) */
} TSForestOptions;

PETSC_INTERN PetscErrorCode TSForestOptionsDefault(TSForestOptions *);
PETSC_INTERN PetscErrorCode TSForestOptionsSetFromOptions(TSOptionItems, const char[], TSForestOptions *);
PETSC_INTERN PetscErrorCode TSForestOptionsView(const TSForestOptions *, PetscViewer);
PETSC_INTERN PetscErrorCode TSPrecisionSetFromOptions(TSOptionItems, const char[], PetscBool *);
PETSC_INTERN PetscErrorCode TSCheckHostPrecision(PC, const char[], PetscBool, Mat *);

/* The weight graph C of the local diagonal block: symmetric, no diagonal. */
typedef struct {
  PetscInt   n;
  PetscInt  *rowptr, *col;
  PetscReal *w;
  PetscReal  total; /* sum of all weights (each edge twice) */
  PetscReal  coverage_id;
} TSGraph;

/* A linear forest of the graph with its permutation and (after TSForestSetValues()) the factored
   tridiagonal bands of P A P^T restricted to the forest.
   With 2x2 blocks (bs = 2) the forest lives on the coarse graph of matched pairs: partner and
   path_id are per coarse vertex / block row, perm maps the nrows = 2 nb rows of the block system
   to vertices (-1 = ghost row of an unmatched vertex), iperm maps vertices to rows, and the bands
   hold 4 nb entries each (column-major 2x2 blocks). */
typedef struct {
  PetscInt         n;       /* vertices (rows of the local block) */
  PetscInt         bs;      /* 1 or 2 */
  PetscInt         nrows;   /* rows of the (block) tridiagonal system: n, or 2 nb */
  PetscInt         npairs;  /* bs = 2: matched pairs (nb - npairs ghost rows) */
  PetscInt        *partner; /* 2 per (coarse) vertex, -1 = none */
  PetscReal       *partner_w;
  PetscInt        *perm, *iperm, *path_id;
  PetscInt         npaths, longest, ncycles;
  int              rounds;
  PetscReal        coverage; /* c_pi */
  PetscScalar     *a, *b, *c;
  void            *factor;
  PCFailedReason   failed; /* PC_NOERROR, or why the last factorization failed */
  PetscInt         failed_row;
  PCAlgTriPivoting pivoting;
} TSForest;

/* Several forests of one graph (ALGORITHMS.md 5.3), for the splitting preconditioners. */
typedef struct {
  TSForestOptions forest;
  PetscInt        m;        /* number of forests, 0 = automatic */
  PetscInt        m_max;    /* most forests of the automatic choice */
  PetscReal       coverage; /* mu: the automatic choice stops once the union covers this much */
  PetscReal       omega;    /* reweighting of used edges */
} TSSplittingOptions;

typedef struct {
  PetscInt   m;
  TSForest  *forest;      /* m forests, with bands and factors once set */
  PetscReal *coverage;    /* weight coverage of the union of forests 0..l */
  PetscInt **link;        /* link[l][k] = iperm_{l+1}[perm_l[k]]: fused P_l P_{l+1}^T */
  PetscReal  coverage_id;
  PetscScalar *mw0, *mw1; /* n x mcols each, for several right-hand sides (TSSplittingMatApply()) */
  PetscInt     mcols;
} TSSplitting;

PETSC_INTERN PetscErrorCode TSSplittingOptionsDefault(TSSplittingOptions *, PetscReal);
PETSC_INTERN PetscErrorCode TSLevelsOptionsSetFromOptions(TSOptionItems, const char[], const char[], PetscInt *, PetscInt *, PetscReal *);
PETSC_INTERN PetscErrorCode TSSplittingOptionsSetFromOptions(TSOptionItems, const char[], TSSplittingOptions *);
PETSC_INTERN PetscErrorCode TSSplittingBuild(MPI_Comm, Mat, const TSSplittingOptions *, TSSplitting *);
PETSC_INTERN PetscErrorCode TSSplittingLink(TSSplitting *);
PETSC_INTERN PetscErrorCode TSSplittingReset(TSSplitting *);
PETSC_INTERN PetscErrorCode TSSplittingView(const TSSplitting *, PetscViewer);
PETSC_INTERN PetscErrorCode TSSplittingViewCollective(PC, const TSSplitting *, PetscViewer);
PETSC_INTERN PetscErrorCode TSSplittingFailed(const TSSplitting *, PCFailedReason *, PetscInt *, PetscInt *);
PETSC_INTERN PetscErrorCode TSSplittingApplyProduct(const TSSplitting *, const PetscScalar *, Vec, Vec, PetscScalar *, PetscScalar *, PetscBool);
PETSC_INTERN PetscErrorCode TSSplittingMatApply(TSSplitting *, PetscInt, PetscInt, const PetscScalar *, PetscBool, Mat, Mat);

/* CSR arrays of a SEQAIJ matrix */
PETSC_INTERN PetscErrorCode TSGetCSR(Mat, PetscInt *, const PetscInt **, const PetscInt **, const PetscScalar **);
PETSC_INTERN PetscErrorCode TSRestoreCSR(Mat, PetscInt *, const PetscInt **, const PetscInt **, const PetscScalar **);

/* Local diagonal block as a SEQAIJ matrix (the block itself, or a converted copy in *owned). */
PETSC_INTERN PetscErrorCode TSGetLocalAIJ(PC, Mat *, Mat *);

PETSC_INTERN PetscErrorCode TSGraphBuild(Mat, PCAlgTriWeight, TSGraph *);
PETSC_INTERN PetscErrorCode TSGraphBuildCSR(PetscInt, const PetscInt *, const PetscInt *, const PetscScalar *, PCAlgTriWeight, TSGraph *);
PETSC_INTERN PetscErrorCode TSGraphReset(TSGraph *);

PETSC_INTERN PetscErrorCode TSForestBuild(const TSGraph *, const TSForestOptions *, TSForest *);
PETSC_INTERN PetscErrorCode TSForestExtractBands(TSForest *, Mat);
PETSC_INTERN PetscErrorCode TSForestExtractBandsCSR(TSForest *, PetscInt, const PetscInt *, const PetscInt *, const PetscScalar *);
PETSC_INTERN PetscErrorCode TSForestFactor(TSForest *, PCAlgTriPivoting);
PETSC_INTERN PetscErrorCode TSForestSetValues(TSForest *, Mat, PCAlgTriPivoting);
PETSC_INTERN PetscErrorCode TSForestSolve(const TSForest *, PetscScalar *, PetscBool);
PETSC_INTERN PetscErrorCode TSForestApply(const TSForest *, const PetscScalar *, PetscScalar *, PetscScalar *, PetscBool);
PETSC_INTERN PetscErrorCode TSForestSolveMany(const TSForest *, PetscInt, PetscScalar *, PetscInt, PetscBool);
PETSC_INTERN PetscErrorCode TSForestMatApply(const TSForest *, PetscInt, const PetscScalar *, PetscInt, PetscScalar *, PetscInt, PetscBool);
PETSC_INTERN PetscErrorCode TSForestView(const TSForest *, const TSGraph *, PetscViewer, PetscBool);
PETSC_INTERN PetscErrorCode TSForestReset(TSForest *);

#if defined(TS_HAVE_CUDA)
/* The device twin of TSGraph + TSForest for SEQAIJCUSPARSE blocks: built and applied on the GPU,
   on PETSc's stream, with the CUDA kernels; only the statistics come back to the host. */
typedef struct {
  PetscInt    n;
  PetscInt    bs, nrows, npairs;      /* as in TSForest: 2x2 blocks of matched pairs when bs = 2 */
  PetscInt   *perm, *iperm, *path_id; /* device */
  PetscScalar *a, *b, *c;             /* device bands */
  PetscScalar *work;                  /* device, n */
  void       *buffer;                 /* device, the larger of the setup and RPTS workspaces */
  float      *sa, *sb, *sc, *swork;   /* device, single-precision bands and work (-pc_algtri_precision single; swork: 2x2 blocks only) */
  void       *sbuffer;                /* device, RPTS workspace in float */
  PetscScalar *mwork;                 /* device, n x mwork_cols, for several right-hand sides */
  void       *mbuffer;                /* device, RPTS workspace for mwork_cols right-hand sides */
  PetscInt    mwork_cols;
  PetscScalar *at, *bt, *ct;          /* device, bands of T^T (built at the first transposed solve; bt: bs = 2 only) */
  PetscBool   transposed;             /* at, ct hold the current bands' transpose */
  PetscInt    npaths, longest, ncycles;
  PetscReal   coverage, coverage_id;
} TSForestDevice;

/* cudaFree() only what was allocated: a host-only run must never touch the CUDA runtime */
#define TSDeviceFree(ptr) \
  do { \
    if (ptr) PetscCallCUDA(cudaFree(ptr)); \
    (ptr) = NULL; \
  } while (0)

PETSC_INTERN PetscErrorCode TSForestDeviceBuild(Mat, const TSForestOptions *, TSForestDevice *);
PETSC_INTERN PetscErrorCode TSForestDeviceBuildCSR(PetscInt, PetscInt, const PetscInt *, const PetscInt *, const PetscScalar *, const TSForestOptions *, TSForestDevice *);
/* the pieces of the device path that PCs with device setups of their own use (PCMOSA); the stream
   is a cudaStream_t (struct CUstream_st *), declared without the CUDA headers */
struct CUstream_st;
PETSC_INTERN PetscErrorCode TSGetStream(struct CUstream_st **);
PETSC_INTERN PetscErrorCode TSDeviceMalloc(size_t, void **);
PETSC_INTERN PetscErrorCode TSCheckKernel(ts_status, const char *);
PETSC_INTERN PetscErrorCode TSGetDeviceCSR(Mat, PetscInt *, PetscInt *, const PetscInt **, const PetscInt **, const PetscScalar **);
PETSC_INTERN PetscErrorCode TSRestoreDeviceCSR(Mat, const PetscInt **, const PetscInt **, const PetscScalar **);
PETSC_INTERN PetscErrorCode TSForestDeviceSetValues(TSForestDevice *, Mat, PetscBool);
PETSC_INTERN PetscErrorCode TSForestDeviceApply(const TSForestDevice *, PCAlgTriPivoting, Vec, Vec);
PETSC_INTERN PetscErrorCode TSForestDeviceReset(TSForestDevice *);
PETSC_INTERN PetscErrorCode TSForestDeviceView(const TSForestDevice *, PetscViewer);
PETSC_INTERN PetscErrorCode TSForestDeviceMatApply(TSForestDevice *, PCAlgTriPivoting, PetscInt, const PetscScalar *, PetscInt, PetscScalar *, PetscInt);
PETSC_INTERN PetscErrorCode TSForestDeviceApplyArray(const TSForestDevice *, PCAlgTriPivoting, const PetscScalar *, PetscScalar *);
PETSC_INTERN PetscErrorCode TSForestDeviceCorrectArray(const TSForestDevice *, PCAlgTriPivoting, const PetscScalar *, const PetscScalar *, PetscScalar *);

/* The factors of a splitting on the device, built there (TSSplittingDeviceBuild(), the twin of
   TSSplittingBuild()): the apply runs on the GPU only (gathers, RPTS, scatters). */
typedef struct {
  PetscInt        m;
  TSForestDevice *forest;
  PetscInt      **link;  /* device */
  PetscScalar    *scale; /* device, the diagonal scaling of the product (MOS), or NULL */
  PetscScalar    *w0, *w1;
  PetscScalar    *t, *j;    /* device, MOS-d's T and J (built on the device only) */
  PetscReal      *coverage; /* host, coverage of the union after each forest (built on the device only) */
  PetscScalar    *mw0, *mw1; /* device, n x mcols each, for several right-hand sides */
  void           *mbuffer;   /* device, RPTS workspace for mcols right-hand sides */
  PetscInt        mcols;
  PetscBool       single; /* float copies of every factor's bands, solved in float (-pc_<type>_precision single) */
} TSSplittingDevice;

PETSC_INTERN PetscErrorCode TSSplittingDeviceBuild(MPI_Comm, Mat, const TSSplittingOptions *, PetscInt, TSSplittingDevice *);
PETSC_INTERN PetscErrorCode TSSplittingDeviceSetValues(Mat, PetscInt, TSSplittingDevice *);
PETSC_INTERN PetscErrorCode TSSplittingDeviceView(PC, const TSSplittingDevice *, PetscViewer);

PETSC_INTERN PetscErrorCode TSSplittingDeviceReset(TSSplittingDevice *);
PETSC_INTERN PetscErrorCode TSSplittingDeviceApplyProduct(TSSplittingDevice *, PCAlgTriPivoting, Vec, Vec);
PETSC_INTERN PetscErrorCode TSSplittingDeviceApplyProductTranspose(TSSplittingDevice *, PCAlgTriPivoting, Vec, Vec);
PETSC_INTERN PetscErrorCode TSSplittingDeviceMatApply(TSSplittingDevice *, PCAlgTriPivoting, PetscInt, PetscInt, Mat, Mat);
PETSC_INTERN PetscErrorCode TSForestDeviceApplyTranspose(TSForestDevice *, PCAlgTriPivoting, Vec, Vec);
#endif
/* The operator of MOS-d and MOS-a, M^-1 = P_0^T A_0^-1 ... A_{m-1}^-1 P_{m-1} T^-1, on one vector (or its
   transpose) or on the columns of a dense matrix, on the side that holds the factors: dsplit is the
   TSSplittingDevice of the device path, NULL on the host path (TSMOSDevice(mos) gives it). A failed
   factorization gives Inf, PETSc's convention for a failed PC. */
#if defined(TS_HAVE_CUDA)
  #define TSMOSDevice(mos) ((mos)->on_device ? (void *)&(mos)->dsplit : NULL)
#else
  #define TSMOSDevice(mos) NULL
#endif
PETSC_INTERN PetscErrorCode TSMOSApply(TSSplitting *, void *, PCAlgTriPivoting, const PetscScalar *, PetscScalar *, PetscScalar *, PCFailedReason, PetscBool, Vec, Vec);
PETSC_INTERN PetscErrorCode TSMOSMatApply(TSSplitting *, void *, PCAlgTriPivoting, const PetscScalar *, PCFailedReason, Mat, Mat);

/* PETSC_TRUE for a local block that lives on the GPU (SEQAIJCUSPARSE); always false without CUDA */
PETSC_INTERN PetscErrorCode TSIsDeviceMat(Mat, PetscBool *);

#endif
