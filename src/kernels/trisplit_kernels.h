/* SPDX-License-Identifier: BSD-2-Clause */
/*
   trisplit_kernels.h - the PETSc-free kernels of trisplit, behind one C interface.

   Every kernel exists twice, in the spirit of Ginkgo's reference/backend split:
     src/kernels/reference/  plain sequential C, the oracle (prefix ts_ref_)
     src/kernels/cuda/       CUDA C++ templated on the scalar type (prefix ts_cuda_)
   A twin sits in the file of the same stem (reference/graph.c and cuda/graph.cu, reference/gtsv.c
   and the RPTS entry points cuda/gtsv.cu, ...); CUDA files without a twin are the device's own
   orchestration (forest_pipeline.cu), SRCSR (forest_srcsr.cu) and MOS-a's bookkeeping (mosa_*.cu).
   Both take the same arrays and return the same results (bit for bit for the integer
   outputs such as forests and permutations; up to rounding for floating point solves).

   Conventions
   - Matrices are CSR with 0-based, sorted column indices (rowptr has n+1 entries).
   - A tridiagonal matrix is three bands of length n: sub a[i] = T(i,i-1) (a[0] unused, 0),
     diag b[i] = T(i,i), super c[i] = T(i,i+1) (c[n-1] unused, 0). Several independent
     systems ("paths") are stored as one chain with zero couplings between them.
   - Dense right-hand sides are column major with leading dimension ldx >= n.
   - Nothing here allocates: sizes of workspaces are queried, buffers come from the caller
     (so PETSc's -malloc_dump and CUDA stream ordering see every byte).
*/
#ifndef TRISPLIT_KERNELS_H
#define TRISPLIT_KERNELS_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__CUDACC__)
  #define TS_HOST_DEVICE __host__ __device__
#else
  #define TS_HOST_DEVICE
#endif

/* The library is built with -fvisibility=hidden by some PETSc configurations; kernels stay callable
   from tests and benchmarks. */
#define TS_EXTERN __attribute__((visibility("default")))

#ifdef __cplusplus
extern "C" {
#endif

/* Index type of the matrices the kernels see; matches PetscInt of the PETSc build. */
#if defined(TS_INDEX_64)
typedef int64_t ts_int;
#else
typedef int32_t ts_int;
#endif

typedef enum {
  TS_SUCCESS        = 0,
  TS_ERR_ZERO_PIVOT = 1, /* the (pivoted) elimination met an exactly zero pivot: singular factor */
  TS_ERR_NONFINITE  = 2, /* a NaN or Inf in the input */
  TS_ERR_ARGUMENT   = 3, /* a size or parameter out of range */
  TS_ERR_DEVICE     = 4  /* a CUDA call failed (CUDA backend only) */
} ts_status;

/* Pivot rule of the tridiagonal elimination between the accumulated previous row and the current
   row (docs/algorithms.md 2.3): none keeps the previous row (Thomas), partial compares the pivot
   candidates, scaled compares them each divided by the max-abs of its own row. Ties keep the
   previous row. */
typedef enum {
  TS_PIVOTING_NONE    = 0,
  TS_PIVOTING_PARTIAL = 1,
  TS_PIVOTING_SCALED  = 2
} ts_pivoting;

/* ------------------------------------------------------------------------------------------ */
/* Tridiagonal solves (reference: sequential elimination with the RPTS pivot rule)            */
/* ------------------------------------------------------------------------------------------ */

/* Factorization of a tridiagonal chain, held in caller memory: 4n doubles + n bytes
   (ts_ref_gttrf_size()). The factor is U with two superdiagonals plus one multiplier
   and one pivot bit per step, as LAPACK's dgttrf stores it. */
TS_EXTERN size_t ts_ref_gttrf_size(ts_int n);

/* Factor the chain (a,b,c) into the buffer. On TS_ERR_ZERO_PIVOT, *zero_row (if not NULL) is the
   first row whose pivot vanished. */
TS_EXTERN ts_status ts_ref_gttrf(ts_pivoting pivoting, ts_int n, const double *a, const double *b, const double *c, void *factor, ts_int *zero_row);

/* Solve with a factor from ts_ref_gttrf for nrhs columns of x (in place). */
TS_EXTERN void ts_ref_gttrs(ts_int n, ts_int nrhs, const void *factor, double *x, ts_int ldx);

/* Transposed solve T^T y = x with the same factor (for PCApplyTranspose). */
TS_EXTERN void ts_ref_gttrs_transpose(ts_int n, ts_int nrhs, const void *factor, double *x, ts_int ldx);

/* Factor and solve in one call; work holds ts_ref_gttrf_size(n) bytes. */
TS_EXTERN ts_status ts_ref_gtsv(ts_pivoting pivoting, ts_int n, ts_int nrhs, const double *a, const double *b, const double *c, double *x, ts_int ldx, void *work, ts_int *zero_row);

/* 2x2 block tridiagonal chains (docs/algorithms.md 2.1 with n = 2; the block ALGTRI variant): nb block
   rows, bands a (sub), b (diag), c (super) of 4 nb doubles each, block i at [4i, 4i+4) stored
   column major (a[4i] = A00, a[4i+1] = A10, a[4i+2] = A01, a[4i+3] = A11); a's block 0 and c's
   block nb-1 are unused (zero). Unknowns of block row i are x[2i], x[2i+1] (ldx >= 2 nb).
   Pivoting is by block rows (docs/algorithms.md 2.3: |det| of the candidate blocks, each scaled by the
   max-abs of its own scalar rows; no interchanges inside a block row). */
TS_EXTERN size_t    ts_ref_bgttrf_size(ts_int nb);
TS_EXTERN ts_status ts_ref_bgttrf(ts_pivoting pivoting, ts_int nb, const double *a, const double *b, const double *c, void *factor, ts_int *zero_row);
TS_EXTERN void      ts_ref_bgttrs(ts_int nb, ts_int nrhs, const void *factor, double *x, ts_int ldx);
TS_EXTERN void      ts_ref_bgttrs_transpose(ts_int nb, ts_int nrhs, const void *factor, double *x, ts_int ldx);
TS_EXTERN ts_status ts_ref_bgtsv(ts_pivoting pivoting, ts_int nb, ts_int nrhs, const double *a, const double *b, const double *c, double *x, ts_int ldx, void *work, ts_int *zero_row);

/* ------------------------------------------------------------------------------------------ */
/* Diagonal scalings (docs/algorithms.md 5.1)                                                       */
/* ------------------------------------------------------------------------------------------ */

/* d_i = diagp_k(A)_ii, k = 0: A_ii; 1: unit(A_ii) max(|A_ii|, sum_{j!=i}|A_ij|); 2: unit(A_ii) sum_j |A_ij|,
   unit(x) = x/|x|, unit(0) = 1. Row sums are accumulated in column order (the CUDA twin does the same). */
TS_EXTERN void ts_ref_diagp(int k, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, double *d);

/* ------------------------------------------------------------------------------------------ */
/* Weight graph C (docs/algorithms.md 4.1, 5.3): symmetric, no diagonal, union pattern of A and A^T  */
/* ------------------------------------------------------------------------------------------ */

typedef enum {
  TS_WEIGHT_SCALED = 0, /* C = |diagp1(A)^-1 A| + transpose */
  TS_WEIGHT_ABS    = 1  /* C = |A| + |A|^T, diagonal removed */
} ts_weighting;

/* Transpose of a CSR matrix (values may be NULL for a pattern only). Output rows are sorted. */
TS_EXTERN void ts_ref_csr_transpose(ts_int n, ts_int ncols, const ts_int *rowptr, const ts_int *col, const double *val, ts_int *t_rowptr, ts_int *t_col, double *t_val);

/* Row scaling s of the weights: 1/|diagp1(A)_ii| (0 for an empty row) for TS_WEIGHT_SCALED, 1 for TS_WEIGHT_ABS. */
TS_EXTERN void ts_ref_graph_scale(ts_weighting weighting, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, double *scale);

/* Row pointer of the graph (union of the off-diagonal patterns of A and A^T). */
TS_EXTERN void ts_ref_graph_rowptr(ts_int n, const ts_int *rowptr, const ts_int *col, const ts_int *t_rowptr, const ts_int *t_col, ts_int *g_rowptr);

/* Columns and weights of the graph, g_w(i,j) = s_i |A_ij| + s_j |A_ji| with s = 1/|diagp1(A)| (scaled)
   or 1 (abs); scale holds s (n entries). g_w is exactly symmetric. */
TS_EXTERN void ts_ref_graph_fill(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *t_rowptr, const ts_int *t_col, const double *t_val, const double *scale, const ts_int *g_rowptr, ts_int *g_col, double *g_w);

/* ------------------------------------------------------------------------------------------ */
/* [0,n]-factor (docs/algorithms.md 4.2, Algorithm 8)                                               */
/* ------------------------------------------------------------------------------------------ */

#define TS_FACTOR_MAX_N 4

typedef struct {
  int      n;             /* at most n partners per vertex, 1..TS_FACTOR_MAX_N (2 for a linear forest) */
  int      iterations;    /* M, number of proposal/confirmation rounds (5) */
  int      charge_period; /* m, charges are off in rounds k with k mod m == charge_skip (5) */
  int      charge_skip;   /* k_m (0) */
  double   p;             /* probability of a positive charge (0.5) */
  uint32_t seed;          /* mixed into the charge hash (0) */
  ts_int   offset;        /* global index of local vertex 0: the charge of v is that of v + offset, so
                             a block gets the same forest whichever rank holds it (0) */
} ts_factor_params;

/* The charges. lowbias32 (C. Wellons' integer hash, 2018) of the (global) vertex id mixed with a hash of
   (round, seed); positive iff the hash is below p 2^32. Host and device evaluate exactly this. */
static inline TS_HOST_DEVICE uint32_t ts_hash32(uint32_t x)
{
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

static inline TS_HOST_DEVICE uint32_t ts_charge_threshold(double p)
{
  return p <= 0.0 ? 0U : (p >= 1.0 ? 0xffffffffU : (uint32_t)(p * 4294967296.0));
}

static inline TS_HOST_DEVICE int ts_charge(ts_int v, int round, uint32_t seed, uint32_t threshold)
{
  return ts_hash32((uint32_t)v ^ ts_hash32((uint32_t)round * 0x9e3779b9U + seed)) < threshold;
}

/* Proposal order: a heavier edge first; between equal weights the smaller neighbour id. */
static inline TS_HOST_DEVICE int ts_edge_better(double w0, ts_int j0, double w1, ts_int j1)
{
  return w0 > w1 || (w0 == w1 && j0 < j1);
}

/* Workspace of ts_ref_factor in bytes. */
TS_EXTERN size_t ts_ref_factor_size(ts_int n, int nf);

/* Parallel [0,n]-factor of the graph. partner[v*nf + s] are v's partners (-1 = empty slot, filled
   slots first, in order of confirmation), partner_w the matching weights. *rounds is the number of
   rounds run (stops early once an uncharged round adds no proposal). */
TS_EXTERN ts_status ts_ref_factor(const ts_factor_params *params, ts_int n, const ts_int *g_rowptr, const ts_int *g_col, const double *g_w, ts_int *partner, double *partner_w, void *work, int *rounds);

/* Sequential greedy [0,n]-factor (Algorithm 6): edges by decreasing weight (ties: by
   ts_hash32(i ^ ts_hash32(j)) for i < j, then (i,j)),
   taken while both ends have fewer than nf partners. Workspace: ts_ref_factor_greedy_size bytes. */
TS_EXTERN size_t    ts_ref_factor_greedy_size(ts_int n, ts_int nedges);
TS_EXTERN ts_status ts_ref_factor_greedy(int nf, ts_int n, const ts_int *g_rowptr, const ts_int *g_col, const double *g_w, ts_int *partner, double *partner_w, void *work);

/* A [0,1]-factor (a matching: one slot per vertex, partner[0..n)) in the two slots of a [0,2]-factor
   (partner[2v] = the match, partner[2v+1] = -1; partner and partner_w hold 2n entries), in place: the
   linear forest of paths of at most two vertices. */
TS_EXTERN void ts_ref_factor_spread(ts_int n, ts_int *partner, double *partner_w);

/* Weight of the factor's edges over the weight of all graph edges (c_pi), each edge counted once. */
TS_EXTERN double ts_ref_factor_coverage(int nf, ts_int n, const ts_int *g_rowptr, const double *g_w, const ts_int *partner, const double *partner_w);

/* ------------------------------------------------------------------------------------------ */
/* Linear forest (docs/algorithms.md 4.3)                                                           */
/* ------------------------------------------------------------------------------------------ */

/* From a [0,2]-factor (partner, partner_w with nf = 2): break every cycle at its weakest edge
   (smallest (weight, min id, max id)), then give each vertex its path id (the smaller end vertex)
   and position (0 at that end), and the permutation sorted by (path id, position):
   perm[k] = vertex at position k of the permuted order, iperm[perm[k]] = k.
   partner/partner_w are updated in place (removed cycle edges become -1). work: 2n ts_int. */
TS_EXTERN ts_status ts_ref_linear_forest(ts_int n, ts_int *partner, double *partner_w, ts_int *path_id, ts_int *position, ts_int *perm, ts_int *iperm, ts_int *work, ts_int *npaths, ts_int *longest, ts_int *ncycles);

/* Bands of P A P^T restricted to the forest: b[k] = A(v,v), a[k] = A(v, perm[k-1]) and
   c[k] = A(v, perm[k+1]) when those are on v's path (else 0), v = perm[k]. perm, iperm and path_id
   all NULL: the matrix's own order as one path (the bands of a tridiagonal matrix). */
TS_EXTERN void ts_ref_forest_bands(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *perm, const ts_int *iperm, const ts_int *path_id, double *a, double *b, double *c);

/* Coverage of the edges {i,i+1} of the original order (c_id). */
TS_EXTERN double ts_ref_identity_coverage(ts_int n, const ts_int *g_rowptr, const ts_int *g_col, const double *g_w);

/* ------------------------------------------------------------------------------------------ */
/* 2x2 block linear forest (docs/algorithms.md 4.4, src/kernels/reference/block_forest.c)            */
/* ------------------------------------------------------------------------------------------ */

/* Contract a matching (match[v] = v's partner of a [0,1]-factor, -1 = none) into coarse vertices:
   the smaller vertex of a pair, or a single vertex, represents it and coarse ids follow the
   representatives in increasing order. coarse[v] = coarse id of v; fine[2C], fine[2C+1] = its
   vertices (smaller first; -1 = ghost). Returns the number of coarse vertices nc. */
TS_EXTERN ts_int ts_ref_contract(ts_int n, const ts_int *match, ts_int *coarse, ts_int *fine);

/* Coarse weight graph: c_w(C,D) = sum of g_w over the fine edges between C and D, C != D, rows
   sorted; the sum runs over the fine edges in one canonical order (src/kernels/block_forest_rows.h), so
   c_w(C,D) == c_w(D,C) bit for bit. c_col/c_w hold at most g_rowptr[n] entries; work: 2 g_rowptr[n]
   ts_int (twice the longest coarse row suffices). */
TS_EXTERN void ts_ref_coarse_graph(ts_int nc, const ts_int *g_rowptr, const ts_int *g_col, const double *g_w, const ts_int *coarse, const ts_int *fine, ts_int *c_rowptr, ts_int *c_col, double *c_w, ts_int *work);

/* Block order from the coarse linear forest (c_perm, c_path_id per coarse vertex): perm[2k + r] =
   fine[2 c_perm[k] + r] (-1 = ghost slot), iperm[v] = slot of vertex v, block_path[k] = path id of
   block row k. */
TS_EXTERN void ts_ref_block_perm(ts_int nb, const ts_int *fine, const ts_int *c_perm, const ts_int *c_path_id, ts_int *perm, ts_int *iperm, ts_int *block_path);

/* 2x2 block bands of P A P^T on the block forest (layout of ts_ref_bgttrf): the diagonal block holds
   a pair's four entries (a ghost row gets diagonal 1, no coupling), the off-diagonal blocks all
   entries between consecutive block rows of one coarse path. */
TS_EXTERN void ts_ref_block_bands(ts_int nb, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *perm, const ts_int *iperm, const ts_int *block_path, double *a, double *b, double *c);

/* Weight coverage of the block forest: fine edges inside a pair or between coarse partners. */
TS_EXTERN double ts_ref_block_coverage(ts_int n, const ts_int *g_rowptr, const ts_int *g_col, const double *g_w, const ts_int *coarse, const ts_int *c_partner);

/* ------------------------------------------------------------------------------------------ */
/* Permutations                                                                                */
/* ------------------------------------------------------------------------------------------ */

/* y[k] = x[perm[k]] (gather into the forest order) and x[perm[k]] = y[k] (scatter back). A negative
   perm[k] is a ghost slot of the block forest: the gather writes 0, the scatter skips it. */
TS_EXTERN void ts_ref_gather(ts_int n, const ts_int *perm, const double *x, double *y);
TS_EXTERN void ts_ref_scatter(ts_int n, const ts_int *perm, const double *y, double *x);
/* y[k] = s[perm[k]] x[perm[k]]: a gather with a diagonal scaling fused in (the MOS apply). */
TS_EXTERN void ts_ref_gather_scaled(ts_int n, const ts_int *perm, const double *s, const double *x, double *y);
/* The same for k columns at once (column major, leading dimensions ldx, ldy) with an optional scaling
   (s NULL: none): y[i + c ldy] = s[v] x[v + c ldx] and x[v + c ldx] = s[v] y[i + c ldy], v = perm[i]
   (the multi-right-hand-side applies of the splittings). */
TS_EXTERN void ts_ref_gather_columns(ts_int n, ts_int k, const ts_int *perm, const double *s, const double *x, ts_int ldx, double *y, ts_int ldy);
TS_EXTERN void ts_ref_scatter_columns(ts_int n, ts_int k, const ts_int *perm, const double *s, const double *y, ts_int ldy, double *x, ts_int ldx);
/* Bands of T^T from those of T: at[i] = c[i-1], ct[i] = a[i+1] (at[0] = ct[n-1] = 0), the diagonal
   shared. Zero couplings between paths stay zero: T^T is a chain of the same paths. */
TS_EXTERN void ts_ref_tridiag_transpose(ts_int n, const double *a, const double *c, double *at, double *ct);
/* Rows i of the chain with |b_i| <= (|a_i| + |c_i|) TS_DOMINANCE_MARGIN (or a NaN): 0 means strictly row
   diagonally dominant with a margin, so no elimination of it meets a zero pivot. */
#define TS_DOMINANCE_MARGIN 1.000001
TS_EXTERN ts_int ts_ref_tridiag_weak_rows(ts_int n, const double *a, const double *b, const double *c);
/* The first row of a CSR pattern with an entry outside the band |j - i| <= width, or -1 (width 1: the rpts
   solver's tridiagonal pattern) */
TS_EXTERN ts_int ts_ref_csr_outside_band(ts_int n, const ts_int *rowptr, const ts_int *col, ts_int width);

/* ------------------------------------------------------------------------------------------ */
/* Splittings into several forests (docs/algorithms.md 5.2, 5.3)                                    */
/* ------------------------------------------------------------------------------------------ */

/* x^k by repeated multiplication (host and device round alike) */
static inline TS_HOST_DEVICE double ts_powi(double x, int k)
{
  double r = 1.0;
  for (int i = 0; i < k; i++) r *= x;
  return r;
}

/* Multiplies the graph weights of the forest's edges (both directions) by omega and marks the
   entries in covered (1 byte per graph entry). One pass per vertex over its two partners. */
TS_EXTERN void ts_ref_graph_reweight(ts_int n, const ts_int *g_rowptr, const ts_int *g_col, double *g_w, const ts_int *partner, double omega, unsigned char *covered);

/* sum of w[e] over the entries with covered[e] != 0 (covered NULL: all), in index order */
TS_EXTERN double ts_ref_masked_sum(ts_int nnz, const double *w, const unsigned char *covered);

/* c_diag(A) = sum_i |A_ii| / sum_ij |A_ij| (docs/algorithms.md 5.1), 1 for an empty matrix */
TS_EXTERN double ts_ref_diag_coverage(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val);

/* link[k] = iperm_next[perm[k]]: one gather moves a vector from one forest order to the next */
TS_EXTERN void ts_ref_compose(ts_int n, const ts_int *perm, const ts_int *iperm_next, ts_int *link);

/* MOS-d diagonals: t = diagp_k(A), tinv = 1/t (0 where t = 0), j = 1 + (A_ii - t)/(m t).
   Returns the number of rows with t = 0 (only diagp_0 of a zero diagonal). */
TS_EXTERN ts_int ts_ref_mos_diagonal(int k, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, int m, double *t, double *tinv, double *j);

/* Raw bands of A on forest l (ts_ref_forest_bands) -> bands of M_l = J + T^-1 J^-(m-1-l) A''_l J^-l in
   the forest order: b = J, off-diagonal (v,w): A_vw / (t_v j_v^(m-1-l) j_w^l). */
TS_EXTERN void ts_ref_mos_bands(ts_int n, int m, int l, const ts_int *perm, const double *t, const double *j, double *a, double *b, double *c);

/* ------------------------------------------------------------------------------------------ */
/* MOS-a: sparse rows times the inverse of a tridiagonal chain (docs/algorithms.md 5.4, 2.8)        */
/* ------------------------------------------------------------------------------------------ */

/* begin[k], end[k]: the positions [begin, end) of the path holding position k of the forest order */
TS_EXTERN void ts_ref_path_bounds(ts_int n, const ts_int *perm, const ts_int *path_id, ts_int *begin, ts_int *end);

/* Rows of prune(B M^-1, diag + top-q_i): M is the chain factored by ts_ref_gttrf in the forest order
   (perm/iperm), row i of B M^-1 solves M^T y = b_i on the paths b_i touches only; droptol > 0 stops the
   sweeps early (bound in rowsolve.c), exact != 0 solves the whole chain for every row (O(N^2), for
   testing). Row i keeps its diagonal and its q[i] largest off-diagonal entries (ties: smaller column),
   written sorted by column into out_col/out_val at out_rowptr[i] (capacity out_rowptr[i+1] -
   out_rowptr[i]), out_len[i] entries. Workspace: ts_ref_mosa_product_size(n) bytes. */
TS_EXTERN size_t    ts_ref_mosa_product_size(ts_int n);
TS_EXTERN ts_status ts_ref_mosa_product(ts_int n, const ts_int *b_rowptr, const ts_int *b_col, const double *b_val, const ts_int *perm, const ts_int *iperm, const ts_int *begin, const ts_int *end, const void *factor, const ts_int *q, double droptol, int exact, const ts_int *out_rowptr, ts_int *out_col, double *out_val, ts_int *out_len, void *work);

/* The values of B M^-1 on a kept pattern (MOS-a's refresh for a new operator with the same nonzero
   pattern): the rows are solved as by ts_ref_mosa_product (same clusters, drop rule and theta), and
   out_val[k] for keep_rowptr[i] <= k < keep_rowptr[i+1] receives the entry of column keep_col[k]
   (columns sorted within a row; 0 where the solves left none). With the pattern that
   ts_ref_mosa_product chose from the same B, the values are its values bit for bit. Workspace:
   ts_ref_mosa_product_size(n) bytes. */
TS_EXTERN ts_status ts_ref_mosa_refresh(ts_int n, const ts_int *b_rowptr, const ts_int *b_col, const double *b_val, const ts_int *perm, const ts_int *iperm, const ts_int *begin, const ts_int *end, const void *factor, const ts_int *q, double droptol, int exact, const ts_int *keep_rowptr, const ts_int *keep_col, double *out_val, void *work);

/* ------------------------------------------------------------------------------------------ */
/* Definite paths: a symmetric factor cut where it stops being positive definite               */
/* (reference/definite.c, cuda/definite.cu; docs/algorithms.md 8.1.1)                          */
/* ------------------------------------------------------------------------------------------ */

/* The bands of a forest keep A's couplings along each path but drop those between path vertices that are
   not path links, so for a symmetric positive definite A the factor T need not be positive definite. The cut
   runs the LDL^T pivot recurrence d_s = b_s, d_i = b_i - a_i c_{i-1} / d_{i-1} along every stretch of judged
   links and drops a link (a_i = c_{i-1} = 0: the path splits there) where its pivot would be d_i <= eps b_i,
   restarting with d_i = b_i. A link (i-1, i) is judged when it is symmetric and nonzero (a_i == c_{i-1} != 0,
   finite) between two positive finite diagonal entries. Each stretch left is symmetric with pivots above
   eps b_i, hence positive definite; where A is symmetric positive definite, the worst a cut leaves is a 2x2
   principal submatrix of A.
   The cut is for factors of symmetric positive definite matrices, and it runs only on a chain that could be
   one: every diagonal entry positive and finite, every nonzero link judged and positive definite as a 2x2
   block (a_i c_{i-1} < b_{i-1} b_i). A chain with one link or diagonal entry that shows otherwise (a
   nonsymmetric or indefinite matrix: its paths are indefinite by nature, and cutting them loses what the
   factor had) is left exactly as it is, so nonsymmetric and indefinite matrices keep their factors bit for bit.
   TS_DEFINITE_EPS, the eps of the PCs: a pivot below half its diagonal entry. On the symmetric positive definite
   matrices of the shared set whose factors are indefinite (bcsstk13, s1rmq4m1, cvxbqp1), a cut that only keeps
   the pivots positive (eps 1e-8) leaves nearly singular stretches: the factor amplifies some directions by up to
   1e8, and PCTRIAMG's Chebyshev smoothers, whose interval is set by the largest eigenvalue of M^-1 A, still fail
   (bench/results/triamg-matrices/definite-paths.txt); 0.5 keeps a stretch's pivots above half its diagonal,
   as tridiag(-1, 2, -1)'s pivots (i+2)/(i+1) are (the factors of the model problems are not cut). */
#define TS_DEFINITE_EPS 0.5

/* whether link (i-1, i), i >= 1, of a chain is judged by the cut */
static inline TS_HOST_DEVICE int ts_definite_link(ts_int i, const double *a, const double *b, const double *c)
{
  return a[i] != 0.0 && a[i] == c[i - 1] && a[i] - a[i] == 0.0 && b[i - 1] > 0.0 && b[i] > 0.0 && b[i - 1] - b[i - 1] == 0.0 && b[i] - b[i] == 0.0;
}

/* whether row i of a chain shows that it does not come from a symmetric positive definite matrix: a diagonal
   entry that is not positive and finite, or a nonzero link (i-1, i) that is not judged or not positive
   definite as a 2x2 block */
static inline TS_HOST_DEVICE int ts_definite_refuses(ts_int i, const double *a, const double *b, const double *c)
{
  if (!(b[i] > 0.0 && b[i] - b[i] == 0.0)) return 1;
  if (i == 0 || (a[i] == 0.0 && c[i - 1] == 0.0)) return 0;
#if defined(__CUDA_ARCH__)
  return !ts_definite_link(i, a, b, c) || !(__dmul_rn(a[i], c[i - 1]) < __dmul_rn(b[i - 1], b[i]));
#else
  return !ts_definite_link(i, a, b, c) || !(a[i] * c[i - 1] < b[i - 1] * b[i]);
#endif
}

/* Whether row i is diagonally dominant within the chain by a margin that the rounding of the pivot recurrence cannot
   eat: b_i >= (|a_i| + |c_i|) (1 + 1e-12), against a few units of 1.1e-16 a step. Along a stretch of such rows every
   pivot d_i stays at least |c_i| (1 + 1e-12 / 2) > 0 (d_{i-1} > |c_{i-1}| makes a_i c_{i-1} / d_{i-1} at most |a_i|),
   so a chain of such rows is positive definite without its recurrence, whose cost is the longest stretch's length
   of dependent steps (a line of 2400 rows: about 1.4 ms on an H200). The model problems' factors are. */
static inline TS_HOST_DEVICE int ts_definite_dominant(ts_int i, const double *a, const double *b, const double *c)
{
#if defined(__CUDA_ARCH__)
  return b[i] >= __dmul_rn(__dadd_rn(fabs(a[i]), fabs(c[i])), 1.0 + 1e-12);
#else
  return b[i] >= (fabs(a[i]) + fabs(c[i])) * (1.0 + 1e-12);
#endif
}

/* The pivot of row i after the pivot d of row i-1 along a judged link: b_i - a_i c_{i-1} / d (the device with
   explicit rounding, no FMA, so that host and device compute it alike) */
static inline TS_HOST_DEVICE double ts_definite_pivot(ts_int i, const double *a, const double *b, const double *c, double d)
{
#if defined(__CUDA_ARCH__)
  return __dsub_rn(b[i], __ddiv_rn(__dmul_rn(a[i], c[i - 1]), d));
#else
  return b[i] - a[i] * c[i - 1] / d;
#endif
}

/* The cut along the stretch that starts at position s (s == 0 or link (s-1, s) not judged): the links it
   drops are zeroed in a and c, *ncut counts them; returns the end of the stretch (exclusive). Host and
   device run this one function (the device with explicit rounding, no FMA), so they cut alike. */
static inline TS_HOST_DEVICE ts_int ts_definite_stretch(ts_int n, ts_int s, double eps, double *a, const double *b, double *c, ts_int *ncut)
{
  double d = b[s];
  ts_int i = s + 1;

  *ncut = 0;
  for (; i < n && ts_definite_link(i, a, b, c); i++) {
    const double di = ts_definite_pivot(i, a, b, c, d);
#if defined(__CUDA_ARCH__)
    const int cut = di <= __dmul_rn(eps, b[i]);
#else
    const int cut = di <= eps * b[i];
#endif
    if (cut) {
      a[i] = c[i - 1] = 0.0;
      (*ncut)++;
      d = b[i];
    } else d = di;
  }
  return i;
}

/* Whether the stretch that starts at s is positive definite: every pivot of its recurrence positive (read only) */
static inline TS_HOST_DEVICE int ts_definite_stretch_positive(ts_int n, ts_int s, const double *a, const double *b, const double *c)
{
  double d = b[s];

  for (ts_int i = s + 1; i < n && ts_definite_link(i, a, b, c); i++) {
    d = ts_definite_pivot(i, a, b, c, d);
    if (!(d > 0.0)) return 0;
  }
  return 1;
}

/* The cut of a chain of n rows (several paths, zero couplings between them) in place, eps in [0, 1); returns
   the number of links dropped (0 for a chain that ts_definite_refuses(): it is left as it is; 0 for a chain whose
   stretches are all positive definite (every row ts_definite_dominant(), or else ts_definite_stretch_positive() of
   every stretch): its factor is positive definite already,
   and a cut would only make it a weaker preconditioner (1138_bus: algtri from 60 to 703 GMRES iterations)). Double bands:
   single-precision factors are copied from them afterwards. */
TS_EXTERN ts_int ts_ref_definite_paths(ts_int n, double eps, double *a, const double *b, double *c);
/* The CUDA twin: the same links dropped; ncut: device ts_int, the number of links dropped; buffer:
   ts_cuda_definite_paths_buffer_size(n) bytes. One pass over the chain marks the starts of the stretches
   (before any link is dropped) and flags a row that refuses the cut and a row that is not dominant, one thread per
   stretch flags an indefinite one (only where a row is not dominant), then one thread per stretch cuts, unless a
   row refused or no stretch was indefinite; no read-back. Cost: two passes over the chain where every row is
   dominant, else the longest stretch's length of sequential steps. */
TS_EXTERN size_t    ts_cuda_definite_paths_buffer_size(ts_int n);
TS_EXTERN ts_status ts_cuda_definite_paths(void *stream, ts_int n, double eps, double *a, const double *b, double *c, ts_int *ncut, void *buffer);

/* ------------------------------------------------------------------------------------------ */
/* CUDA backend (built when PETSc has CUDA, and compiled in CI); stream is a cudaStream_t.      */
/* ------------------------------------------------------------------------------------------ */

/* RPTS: workspace bytes for a scalar solve of n rows and nrhs right-hand sides. */
TS_EXTERN size_t    ts_cuda_gtsv_buffer_size(ts_int n, ts_int nrhs, int single_precision);
/* X (column major, ldx) is overwritten by the solution of (a,b,c) X = X. Stream ordered, no
   allocation, no synchronisation. */
TS_EXTERN ts_status ts_cuda_dgtsv(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const double *a, const double *b, const double *c, double *x, ts_int ldx, void *buffer);
TS_EXTERN ts_status ts_cuda_sgtsv(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const float *a, const float *b, const float *c, float *x, ts_int ldx, void *buffer);

/* RPTS with the permutations of a forest apply fused into its finest stage (no gather and scatter
   passes around the solve). For column j of nrhs (vectors double, column major):
     rhs[i] = in_scale[v] (x[v] - w[v])                          v = gather[i]
     y[u]   = (accumulate ? y[u] : 0) + out_scale[u] z[i]         u = scatter[i],  (a,b,c) z = rhs
   NULL gather/scatter: identity; NULL in_scale/out_scale/w: left out; a negative index is a ghost
   slot (reads 0, written nowhere). y may be x or w only when scatter == gather. ts_cuda_sgtsv_permuted
   solves in float (bands a, b, c in float) with double vectors. Workspace:
   ts_cuda_gtsv_permuted_buffer_size. */
typedef struct {
  const ts_int *gather;
  const double *in_scale;
  const double *x;
  ts_int        ldx;
  const double *w;
  ts_int        ldw;
  const ts_int *scatter;
  const double *out_scale;
  double       *y;
  ts_int        ldy;
  int           accumulate;
  int           keep_rhs; /* 1: the finest stage keeps the gathered right-hand side in the workspace for its second
                             pass (one far read per row instead of two, for orders that jump far; 16 more bytes
                             per row otherwise) */
} ts_permuted_io;
TS_EXTERN size_t    ts_cuda_gtsv_permuted_buffer_size(ts_int n, ts_int nrhs, int single_precision);
TS_EXTERN ts_status ts_cuda_dgtsv_permuted(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const double *a, const double *b, const double *c, const ts_permuted_io *io, void *buffer);
TS_EXTERN ts_status ts_cuda_sgtsv_permuted(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const float *a, const float *b, const float *c, const ts_permuted_io *io, void *buffer);

/* RPTS plans. RPTS partitions statically and pivots only inside a partition: where a partition's inner
   block is singular the default plan returns NaN although the system is nonsingular (tridiag(1, 1, 1):
   3 divides 16 - 1), where it is nearly singular it loses accuracy (docs/design.md, What RPTS's accuracy
   rests on). A plan is a ts_rpts_config; all zero (or a NULL pointer) is the default plan of
   ts_cuda_dgtsv. Where the caller factors (once per matrix, never per solve):
     ts_cuda_dgtsv_analyze(stream, piv, n, a, b, c, permuted, work, &cfg, &err)
   with work of ts_cuda_gtsv_analyze_buffer_size(n, single, permuted) bytes solves a probe system with the
   default plan and, where that is not accurate to 256 unit roundoffs, with the other candidate plans, and
   keeps the best in cfg (all zero when the default stays). permuted: the solves will go through
   ts_cuda_[ds]gtsv_permuted_tuned (1) or ts_cuda_[ds]gtsv_tuned (0); pivoting as theirs. It synchronises
   the stream (one read-back per probe: one in the common case, at most 11). err (may be NULL): the
   chosen plan's max |x - x_t| on the probe (x_t in [1, 2)). Each solve then passes &cfg to
   ts_cuda_[ds]gtsv_tuned or ts_cuda_[ds]gtsv_permuted_tuned with a workspace of
   ts_cuda_gtsv_buffer_size_tuned / ts_cuda_gtsv_permuted_buffer_size_tuned(n, nrhs, single, &cfg) bytes
   (query it after the analysis: a chosen plan may need more than the default's). The config is plain
   data: store it in the factor; analyse again when the matrix's values change. */
#define TS_RPTS_M_DYNAMIC (-1) /* Algorithm 3: per stage the largest of 40, 32, 24, 16 that still fills the device */
#define TS_RPTS_M_FUSED   (-2) /* fused two-level stages (partitions of 16, then 8) throughout */
typedef struct {
  int M;           /* 0: the default plan; 16, 18, 24, 32 or 40: this M on every global stage (plain stages);
                      TS_RPTS_M_DYNAMIC; TS_RPTS_M_FUSED */
  int nf;          /* systems of at most nf rows are solved on chip by one block (0: the default, 2048); smaller
                      values force more global stages */
  int regload;     /* test knob: 1: tiles through registers instead of cp.async */
  int no_pdl;      /* test knob: 1: plain stream-ordered launches, no programmatic dependent launches */
  int no_l2_hints; /* test knob: 1: no L2 eviction priorities on the substitutions' loads */
  int no_wide;     /* 1: no wide stages (partitions of 16 on large double stages too) */
  int final_gepp;  /* 1: the final stage (at most nf rows) by one thread's Gaussian elimination with partial
                      pivoting in LAPACK dgtsv's order instead of on-chip partitions (of 12 rows) */
} ts_rpts_config;
TS_EXTERN size_t    ts_cuda_gtsv_analyze_buffer_size(ts_int n, int single_precision, int permuted);
TS_EXTERN ts_status ts_cuda_dgtsv_analyze(void *stream, ts_pivoting pivoting, ts_int n, const double *a, const double *b, const double *c, int permuted, void *work, ts_rpts_config *cfg, double *err);
TS_EXTERN ts_status ts_cuda_sgtsv_analyze(void *stream, ts_pivoting pivoting, ts_int n, const float *a, const float *b, const float *c, int permuted, void *work, ts_rpts_config *cfg, double *err);
/* the solves with a plan (NULL: ts_cuda_[ds]gtsv and ts_cuda_[ds]gtsv_permuted exactly) */
TS_EXTERN size_t    ts_cuda_gtsv_buffer_size_tuned(ts_int n, ts_int nrhs, int single_precision, const ts_rpts_config *cfg);
TS_EXTERN ts_status ts_cuda_dgtsv_tuned(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const double *a, const double *b, const double *c, double *x, ts_int ldx, void *buffer, const ts_rpts_config *cfg);
TS_EXTERN ts_status ts_cuda_sgtsv_tuned(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const float *a, const float *b, const float *c, float *x, ts_int ldx, void *buffer, const ts_rpts_config *cfg);
TS_EXTERN size_t    ts_cuda_gtsv_permuted_buffer_size_tuned(ts_int n, ts_int nrhs, int single_precision, const ts_rpts_config *cfg);
TS_EXTERN ts_status ts_cuda_dgtsv_permuted_tuned(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const double *a, const double *b, const double *c, const ts_permuted_io *io, void *buffer, const ts_rpts_config *cfg);
TS_EXTERN ts_status ts_cuda_sgtsv_permuted_tuned(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const float *a, const float *b, const float *c, const ts_permuted_io *io, void *buffer, const ts_rpts_config *cfg);

/* Block RPTS for 2x2 block tridiagonal chains in the layout of ts_ref_bgttrf (x: 2 nb rows per
   column). Same contract as ts_cuda_dgtsv. */
TS_EXTERN size_t    ts_cuda_bgtsv_buffer_size(ts_int nb, ts_int nrhs, int single_precision);
TS_EXTERN ts_status ts_cuda_dbgtsv(void *stream, ts_pivoting pivoting, ts_int nb, ts_int nrhs, const double *a, const double *b, const double *c, double *x, ts_int ldx, void *buffer);
TS_EXTERN ts_status ts_cuda_sbgtsv(void *stream, ts_pivoting pivoting, ts_int nb, ts_int nrhs, const float *a, const float *b, const float *c, float *x, ts_int ldx, void *buffer);
/* Whether ts_ref_bgttrf meets a zero pivot or a non-finite entry in the same chain, decided on the device
   (src/kernels/cuda/block_check.cu): info (device, 2 ts_int) receives {status, first zero-pivot block or
   -1} as ts_ref_bgttrf returns them; no factor is stored. Equal to the host's unless the inverse of a
   pivot block overflows. */
TS_EXTERN ts_status ts_cuda_bgttrf_check(void *stream, ts_pivoting pivoting, ts_int nb, const double *a, const double *b, const double *c, ts_int *info);

/* The CUDA twin of ts_ref_gather_scaled. */
TS_EXTERN ts_status ts_cuda_gather_scaled(void *stream, ts_int n, const ts_int *perm, const double *s, const double *x, double *y);
/* The CUDA twins of ts_ref_gather_columns, ts_ref_scatter_columns (one launch for all k columns) and
   ts_ref_tridiag_transpose (PCApplyTranspose on the GPU: RPTS on the transposed bands). */
TS_EXTERN ts_status ts_cuda_gather_columns(void *stream, ts_int n, ts_int k, const ts_int *perm, const double *s, const double *x, ts_int ldx, double *y, ts_int ldy);
TS_EXTERN ts_status ts_cuda_scatter_columns(void *stream, ts_int n, ts_int k, const ts_int *perm, const double *s, const double *y, ts_int ldy, double *x, ts_int ldx);
TS_EXTERN ts_status ts_cuda_tridiag_transpose(void *stream, ts_int n, const double *a, const double *c, double *at, double *ct);
/* The twin of ts_ref_tridiag_weak_rows; count: device ts_int. */
TS_EXTERN ts_status ts_cuda_tridiag_weak_rows(void *stream, ts_int n, const double *a, const double *b, const double *c, ts_int *count);
/* The twin of ts_ref_csr_outside_band; row: device ts_int */
TS_EXTERN ts_status ts_cuda_csr_outside_band(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, ts_int width, ts_int *row);
/* Whether ts_ref_gttrf of the chain (a, b, c) meets a zero pivot, without its sequential elimination
   (src/kernels/cuda/gttrf_check.cu): parallel passes estimate every pivot, and only the stretches with a
   zero or tiny estimate are eliminated with the host's arithmetic. info (device, 2 ts_int): {status,
   first zero-pivot position or -1} as ts_ref_gttrf returns them (TS_ERR_NONFINITE for a NaN or Inf
   entry of the chain). buffer: ts_cuda_gttrf_check_buffer_size(n) bytes (about 5n). 32-bit ts_int only.
   check_stats: device pointer into buffer, 3 ts_int of the last check: suspect positions, stretches
   replayed, rows replayed. */
TS_EXTERN size_t    ts_cuda_gttrf_check_buffer_size(ts_int n);
TS_EXTERN ts_status ts_cuda_gttrf_check(void *stream, ts_pivoting pivoting, ts_int n, const double *a, const double *b, const double *c, void *buffer, ts_int *info);
TS_EXTERN ts_int   *ts_cuda_gttrf_check_stats(ts_int n, void *buffer);

/* ------------------------------------------------------------------------------------------ */
/* CUDA forest pipeline (src/kernels/cuda/{diagp,graph,factor,forest,coverage,permute}.cu and the */
/* orchestration forest_pipeline.cu): the twins of the ts_ref_ graph, factor,                    */
/* linear forest, band and permutation kernels with IDENTICAL results (weights bit for bit, the  */
/* same partners, path ids, positions, permutation and bands). Array arguments are device        */
/* pointers; calls are ordered on stream (a cudaStream_t) and never allocate; they do not        */
/* synchronise, except the weight graph (ts_cuda_weight_graph and the pipelines built on it: one */
/* 4-byte read-back of the structural symmetry). Statistics are written to device memory.        */
/* Workspaces: the *_buffer_size queries (bytes).                                               */
/* Edge counts passed as nnz_bound may be upper bounds (2 nnz(A) for the weight graph), so no    */
/* size has to come back to the host between the stages.                                       */
/* ------------------------------------------------------------------------------------------ */

/* Diagonal scaling and graph row scale, one thread per row, sums in column order as the host. */
TS_EXTERN ts_status ts_cuda_diagp(void *stream, int k, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, double *d);
TS_EXTERN ts_status ts_cuda_graph_scale(void *stream, ts_weighting weighting, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, double *scale);

/* CSR transpose (stable radix sort of the column indices): output rows sorted as the host's. */
TS_EXTERN size_t    ts_cuda_csr_transpose_buffer_size(ts_int n, ts_int ncols, ts_int nnz);
TS_EXTERN ts_status ts_cuda_csr_transpose(void *stream, ts_int n, ts_int ncols, ts_int nnz, const ts_int *rowptr, const ts_int *col, const double *val, ts_int *t_rowptr, ts_int *t_col, double *t_val, void *buffer);

/* Weight graph: row pointer (merge count + scan), then columns and weights s_i|A_ij| + s_j|A_ji|. */
TS_EXTERN size_t    ts_cuda_graph_rowptr_buffer_size(ts_int n);
TS_EXTERN ts_status ts_cuda_graph_rowptr(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const ts_int *t_rowptr, const ts_int *t_col, ts_int *g_rowptr, void *buffer);
TS_EXTERN ts_status ts_cuda_graph_fill(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *t_rowptr, const ts_int *t_col, const double *t_val, const double *scale, const ts_int *g_rowptr, ts_int *g_col, double *g_w);

/* Structural symmetry of a square CSR pattern (*asym = 0: every (i,j) has its (j,i); device int), and
   for such a pattern the transpose's values on A's own pattern (t_val[k] = A(i,j) for entry k = (j,i)):
   the same arrays ts_cuda_csr_transpose gives, without its sort. */
TS_EXTERN ts_status ts_cuda_csr_structurally_symmetric(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, int *asym);
TS_EXTERN ts_status ts_cuda_csr_transpose_values_symmetric(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, double *t_val);

/* The whole weight graph (scale, transpose, row pointer, fill) from device CSR arrays of A; g_col and
   g_w hold 2 nnz entries (the bound), the scratch arrays come from buffer. A structurally symmetric
   pattern skips the transpose's sort; deciding that synchronises the stream once (4 bytes back). */
TS_EXTERN size_t    ts_cuda_weight_graph_buffer_size(ts_int n, ts_int nnz);
TS_EXTERN ts_status ts_cuda_weight_graph(void *stream, ts_weighting weighting, ts_int n, ts_int nnz, const ts_int *rowptr, const ts_int *col, const double *val, ts_int *g_rowptr, ts_int *g_col, double *g_w, void *buffer);

/* SRCSR (docs/algorithms.md 3), adaptive scheme: Algorithm 5 preprocessing into a plan (device
   memory of ts_cuda_srcsr_plan_size bytes, valid while rowptr is unchanged), then generalized
   SpMVs; the plain one is y = alpha A x + beta y (beta == 0: y is not read). ts_cuda_srcsr_plan
   finds each block start by a binary search (one launch); ts_cuda_srcsr_plan_alg5 is the literal
   Algorithm 5 (marks + select_if); both give the same blocks. */
TS_EXTERN size_t    ts_cuda_srcsr_plan_size(ts_int n, ts_int nnz_bound);
TS_EXTERN ts_status ts_cuda_srcsr_plan(void *stream, ts_int n, ts_int nnz_bound, const ts_int *rowptr, void *plan);
TS_EXTERN ts_status ts_cuda_srcsr_plan_alg5(void *stream, ts_int n, ts_int nnz_bound, const ts_int *rowptr, void *plan);
TS_EXTERN ts_status ts_cuda_srcsr_dspmv(void *stream, ts_int n, ts_int nnz_bound, const ts_int *rowptr, const ts_int *col, const double *val, double alpha, const double *x, double beta, double *y, const void *plan);

/* [0,n]-factor, Algorithm 8 as ts_ref_factor (n = 1..TS_FACTOR_MAX_N); the proposal step is one
   SRCSR call with a top-n accumulator. rounds (device int, may be NULL) as ts_ref_factor's. */
TS_EXTERN size_t    ts_cuda_factor_buffer_size(const ts_factor_params *params, ts_int n, ts_int g_nnz_bound);
TS_EXTERN ts_status ts_cuda_factor(void *stream, const ts_factor_params *params, ts_int n, ts_int g_nnz_bound, const ts_int *g_rowptr, const ts_int *g_col, const double *g_w, ts_int *partner, double *partner_w, void *buffer, int *rounds);
/* ts_ref_factor_spread on the device; buffer: ts_cuda_factor_spread_buffer_size(n) bytes (a copy of the
   matching). */
TS_EXTERN size_t    ts_cuda_factor_spread_buffer_size(ts_int n);
TS_EXTERN ts_status ts_cuda_factor_spread(void *stream, ts_int n, ts_int *partner, double *partner_w, void *buffer);

/* Linear forest as ts_ref_linear_forest, in three stages (or all at once): cycles broken at
   their weakest edge and the path scan, both bidirectional pointer-doubling scans (Algorithm 7,
   ceil(log2 n) launches each); the permutation by a radix sort of (path id, position)
   (sort = 1; sort = 0: a scan of the path lengths and a scatter, same result).
   stats (device, may be NULL): {npaths, longest, ncycles}; *valid (device int, may be NULL) is
   0 when partner is no [0,2]-factor (the host returns TS_ERR_ARGUMENT then). */
TS_EXTERN size_t    ts_cuda_linear_forest_buffer_size(ts_int n);
TS_EXTERN ts_status ts_cuda_forest_break_cycles(void *stream, ts_int n, ts_int *partner, double *partner_w, ts_int *ncycles, int *valid, void *buffer);
TS_EXTERN ts_status ts_cuda_forest_paths(void *stream, ts_int n, const ts_int *partner, ts_int *path_id, ts_int *position, ts_int *npaths, ts_int *longest, void *buffer);
TS_EXTERN ts_status ts_cuda_forest_permutation(void *stream, int sort, ts_int n, const ts_int *path_id, const ts_int *position, ts_int *perm, ts_int *iperm, void *buffer);
TS_EXTERN ts_status ts_cuda_linear_forest(void *stream, ts_int n, ts_int *partner, double *partner_w, ts_int *path_id, ts_int *position, ts_int *perm, ts_int *iperm, void *buffer, ts_int *stats, int *valid);

/* Bands of P A P^T on the forest (one thread per row), the permutations, and coverages. The
   coverages (device doubles) are parallel sums: equal to the host's up to rounding. */
TS_EXTERN ts_status ts_cuda_forest_bands(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *perm, const ts_int *iperm, const ts_int *path_id, double *a, double *b, double *c);
TS_EXTERN ts_status ts_cuda_gather(void *stream, ts_int n, const ts_int *perm, const double *x, double *y);
TS_EXTERN ts_status ts_cuda_scatter(void *stream, ts_int n, const ts_int *perm, const double *y, double *x);
TS_EXTERN size_t    ts_cuda_coverage_buffer_size(ts_int n, ts_int g_nnz_bound);
TS_EXTERN ts_status ts_cuda_factor_coverage(void *stream, int nf, ts_int n, ts_int g_nnz_bound, const ts_int *g_rowptr, const double *g_w, const ts_int *partner, const double *partner_w, double *coverage, void *buffer);
TS_EXTERN ts_status ts_cuda_identity_coverage(void *stream, ts_int n, ts_int g_nnz_bound, const ts_int *g_rowptr, const ts_int *g_col, const double *g_w, double *coverage, void *buffer);

/* The whole setup from device CSR arrays of A (n x n, nnz entries; one synchronisation, in the weight
   graph): scale, transpose, graph,
   [0,2]-factor (params->n must be 2), linear forest, permutation and bands. stats (device, may be
   NULL): {npaths, longest, ncycles, rounds}. path_id/position may be NULL. */
TS_EXTERN size_t    ts_cuda_linear_forest_build_buffer_size(const ts_factor_params *params, ts_int n, ts_int nnz);
TS_EXTERN ts_status ts_cuda_linear_forest_build(void *stream, ts_weighting weighting, const ts_factor_params *params, ts_int n, ts_int nnz, const ts_int *rowptr, const ts_int *col, const double *val, ts_int *perm, ts_int *iperm, ts_int *path_id, ts_int *position, double *a, double *b, double *c, void *buffer, ts_int *stats);
/* After ts_cuda_linear_forest_build with the same buffer: coverage[0] = c_pi, coverage[1] = c_id
   (device doubles). */
TS_EXTERN ts_status ts_cuda_linear_forest_build_coverage(void *stream, const ts_factor_params *params, ts_int n, ts_int nnz, void *buffer, double *coverage);

/* The 2x2 block forest (twins of the ts_ref_ block kernels, src/kernels/cuda/block_forest.cu) in two
   stream-ordered phases sharing one workspace (ts_cuda_block_forest_buffer_size for the same params,
   n and nnz): match builds the weight graph, the matching (params with n = 1) and the contraction,
   and writes sizes = {nb, graph nnz} (device); the caller reads them back and calls finish: coarse
   graph, [0,2]-factor (params) and linear forest of the coarse graph, block permutation (perm: 2 nb,
   iperm: n, block_path: nb), block bands (4 nb each), stats = {npaths, longest, ncycles, rounds}
   and sums = {covered weight, total weight} (device; parallel sums). */
TS_EXTERN size_t    ts_cuda_block_forest_buffer_size(const ts_factor_params *params, ts_int n, ts_int nnz);
TS_EXTERN ts_status ts_cuda_block_forest_match(void *stream, ts_weighting weighting, const ts_factor_params *params, ts_int n, ts_int nnz, const ts_int *rowptr, const ts_int *col, const double *val, void *buffer, ts_int *sizes);
TS_EXTERN ts_status ts_cuda_block_forest_finish(void *stream, const ts_factor_params *params, ts_int n, ts_int nnz, ts_int nb, ts_int g_nnz, ts_int *perm, ts_int *iperm, ts_int *block_path, void *buffer, ts_int *stats, double *sums);
TS_EXTERN ts_status ts_cuda_block_bands(void *stream, ts_int nb, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *perm, const ts_int *iperm, const ts_int *block_path, double *a, double *b, double *c);
/* Bands of T^T of a 2x2 block chain (device PCApplyTranspose): at_k = c_{k-1}^T, bt_k = b_k^T, ct_k = a_{k+1}^T. */
TS_EXTERN ts_status ts_cuda_block_transpose(void *stream, ts_int nb, const double *a, const double *b, const double *c, double *at, double *bt, double *ct);

/* CUDA twins of the splitting kernels (src/kernels/cuda/splitting.cu); masked_sum writes its
   result to device memory (a parallel sum: equal to the host's up to rounding). */
TS_EXTERN ts_status ts_cuda_graph_reweight(void *stream, ts_int n, const ts_int *g_rowptr, const ts_int *g_col, double *g_w, const ts_int *partner, double omega, unsigned char *covered);
TS_EXTERN size_t    ts_cuda_masked_sum_buffer_size(ts_int nnz);
TS_EXTERN ts_status ts_cuda_masked_sum(void *stream, ts_int nnz, const double *w, const unsigned char *covered, double *sum, void *buffer);
TS_EXTERN ts_status ts_cuda_compose(void *stream, ts_int n, const ts_int *perm, const ts_int *iperm_next, ts_int *link);
TS_EXTERN ts_status ts_cuda_mos_diagonal(void *stream, int k, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, int m, double *t, double *tinv, double *j);
TS_EXTERN ts_status ts_cuda_mos_bands(void *stream, ts_int n, int m, int l, const ts_int *perm, const double *t, const double *j, double *a, double *b, double *c);

/* MOS-a on the device (src/kernels/cuda/mosa_*.cu, rowsolve.cu), twins of ts_ref_path_bounds and
   ts_ref_mosa_product with IDENTICAL results (the factor and the product rows bit for bit).
   path_bounds: begin/end of the forest order (workspace ts_cuda_path_bounds_buffer_size).
   gttrf_paths: ts_ref_gttrf of the chain (a,b,c) into factor (ts_ref_gttrf_size(n) bytes, same
   layout), one thread per path; info (device, 2 ts_int): {status, first zero-pivot position or -1}
   as ts_ref_gttrf returns them. mosa_product: as ts_ref_mosa_product; threads that run out of
   workspace are recomputed in rounds with more of it, each round reads back two counters (the
   stream is synchronised); rounds (host, may be NULL): {rounds run, rows recomputed}. Returns
   TS_ERR_NONFINITE for a NaN or Inf in B. mosa_rowcap: q_i = off-diagonal count of row i and
   out_rowptr = scan of q_i + 1; mosa_compact: the out_len[i] entries of each padded row into CSR;
   diag_coverage: c_diag (device double). The last three share ts_cuda_mosa_pattern_buffer_size. */
TS_EXTERN size_t    ts_cuda_path_bounds_buffer_size(ts_int n);
TS_EXTERN ts_status ts_cuda_path_bounds(void *stream, ts_int n, const ts_int *perm, const ts_int *path_id, ts_int *begin, ts_int *end, void *buffer);
TS_EXTERN ts_status ts_cuda_gttrf_paths(void *stream, ts_pivoting pivoting, ts_int n, const ts_int *begin, const ts_int *end, const double *a, const double *b, const double *c, void *factor, ts_int *info);
TS_EXTERN size_t    ts_cuda_mosa_product_buffer_size(ts_int n, int exact);
TS_EXTERN ts_status ts_cuda_mosa_product(void *stream, ts_int n, const ts_int *b_rowptr, const ts_int *b_col, const double *b_val, const ts_int *perm, const ts_int *iperm, const ts_int *begin, const ts_int *end, const void *factor, const ts_int *q, double droptol, int exact, const ts_int *out_rowptr, ts_int *out_col, double *out_val, ts_int *out_len, void *buffer, ts_int *rounds);
/* mosa_refresh: as ts_ref_mosa_refresh (the twin of mosa_product on a kept pattern, same buffer) */
TS_EXTERN ts_status ts_cuda_mosa_refresh(void *stream, ts_int n, const ts_int *b_rowptr, const ts_int *b_col, const double *b_val, const ts_int *perm, const ts_int *iperm, const ts_int *begin, const ts_int *end, const void *factor, const ts_int *q, double droptol, int exact, const ts_int *keep_rowptr, const ts_int *keep_col, double *out_val, void *buffer, ts_int *rounds);
TS_EXTERN size_t    ts_cuda_mosa_pattern_buffer_size(ts_int n);
TS_EXTERN ts_status ts_cuda_mosa_rowcap(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, ts_int *q, ts_int *out_rowptr, void *buffer);
TS_EXTERN ts_status ts_cuda_mosa_compact(void *stream, ts_int n, const ts_int *out_rowptr, const ts_int *out_col, const double *out_val, const ts_int *out_len, ts_int *rowptr, ts_int *col, double *val, void *buffer);
TS_EXTERN ts_status ts_cuda_diag_coverage(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, double *coverage, void *buffer);

/* Single-precision factors in a double Krylov method (src/kernels/cuda/permute.cu): y = (float)x,
   y[k] = (float)x[perm[k]] and x[perm[k]] = (double)y[k] (device only: the host path factors in double). */
TS_EXTERN ts_status ts_cuda_to_float(void *stream, ts_int n, const double *x, float *y);
TS_EXTERN ts_status ts_cuda_gather_to_float(void *stream, ts_int n, const ts_int *perm, const double *x, float *y);
TS_EXTERN ts_status ts_cuda_scatter_from_float(void *stream, ts_int n, const ts_int *perm, const float *y, double *x);

/* ------------------------------------------------------------------------------------------ */
/* PCTRIAMG: aggregates from a linear forest (reference/aggregate.c, cuda/aggregate.cu)        */
/* ------------------------------------------------------------------------------------------ */

/* A path of len vertices is cut into consecutive segments of s vertices: one segment if len <= s;
   else len / s segments, and a leftover tail of r = len mod s vertices is a segment of its own when
   2 r >= s, else it joins the last segment. */
static inline TS_HOST_DEVICE ts_int ts_aggregate_segments(ts_int len, ts_int s)
{
  ts_int q = len / s, r = len - q * s;

  if (len <= s) return 1;
  return (2 * r >= s) ? q + 1 : q;
}

/* the segment of position p (0 at the path's head) on a path cut into nseg segments of s vertices */
static inline TS_HOST_DEVICE ts_int ts_aggregate_segment(ts_int p, ts_int nseg, ts_int s)
{
  ts_int g = p / s;

  return g < nseg ? g : nseg - 1;
}

/* agg[v]: the aggregate of vertex v, numbered in the forest order (the paths of perm, path_id as
   ts_ref_linear_forest gives them, cut into segments of s >= 1 vertices). Returns the number of
   aggregates, or -1 for s < 1. The CUDA twin gives the same agg, bit for bit, and writes the number of
   aggregates to the device ts_int *nagg (workspace: ts_cuda_aggregate_buffer_size(n) bytes). */
TS_EXTERN ts_int    ts_ref_aggregate(ts_int n, const ts_int *perm, const ts_int *path_id, ts_int s, ts_int *agg);
TS_EXTERN size_t    ts_cuda_aggregate_buffer_size(ts_int n);
TS_EXTERN ts_status ts_cuda_aggregate(void *stream, ts_int n, const ts_int *perm, const ts_int *path_id, ts_int s, ts_int *agg, ts_int *nagg, void *buffer);

/* Aggregates that hold only rows without a diagonal entry (zero or absent: the constraint rows of a saddle point
   system) give coarse rows without a diagonal, and the coarse operator is singular. A row i of such an aggregate joins
   the aggregate of its strongest neighbour: the largest |a_ij|, j != i a local column of a row of an aggregate with
   a diagonal (the first in CSR order on ties). A row without such a neighbour stays. live[a] != 0 marks the
   aggregates that hold a row with a diagonal; the helpers are shared by both twins. */
static inline TS_HOST_DEVICE int ts_aggregate_row_has_diagonal(const ts_int *rowptr, const ts_int *col, const double *val, ts_int i)
{
  for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++)
    if (col[k] == i && val[k] != 0.0) return 1;
  return 0;
}

static inline TS_HOST_DEVICE ts_int ts_aggregate_join_row(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *agg, const unsigned char *live, ts_int i)
{
  ts_int to = agg[i];
  double best = 0.0;

  if (live[agg[i]]) return to;
  for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++) {
    const ts_int j = col[k];
    const double a = val[k] < 0 ? -val[k] : val[k];

    if (j == i || j < 0 || j >= n || !live[agg[j]]) continue;
    if (a > best) {
      best = a;
      to   = agg[j];
    }
  }
  return to;
}

/* The aggregates agg (of ts_ref_aggregate(), n rows of the local CSR block A) with the rows of aggregates without a
   diagonal joined to a neighbour's (ts_aggregate_join_row()), the emptied aggregates removed and the others
   renumbered in their order. Returns the number of aggregates. The host's workspace:
   ts_ref_aggregate_join_buffer_size(n) bytes. The CUDA twin gives the same agg, bit for bit, writes the number to
   the device ts_int *nagg, and takes ts_cuda_aggregate_join_buffer_size(n) bytes. */
TS_EXTERN size_t    ts_ref_aggregate_join_buffer_size(ts_int n);
TS_EXTERN ts_int    ts_ref_aggregate_join(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, ts_int *agg, void *buffer);
TS_EXTERN size_t    ts_cuda_aggregate_join_buffer_size(ts_int n);
TS_EXTERN ts_status ts_cuda_aggregate_join(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, ts_int *agg, ts_int *nagg, void *buffer);

/* Pairs of line aggregates (docs/algorithms.md 8.6). The weights across the forest's paths: out[k] =
   |a_ij| r_i r_j for the entry k = (i, j), j != i a local column on another path (path_id[j] != path_id[i]), else 0,
   with r_i = 1 / sqrt(|a_ii|) (0 for a zero or absent diagonal); on a symmetric A the weights are symmetric. sums[0]
   and sums[1] are the same scaled couplings summed over the off-diagonal entries within one path and over all of them:
   each row's entries in CSR order, the rows into TS_PAIR_LANES lanes (row i into lane i mod TS_PAIR_LANES, in
   increasing i), then the lanes in order, so that the host and the device add in one order and agree bit for bit.
   The helpers are shared by both twins. */
#define TS_PAIR_LANES 256

static inline TS_HOST_DEVICE double ts_pair_scale(const ts_int *rowptr, const ts_int *col, const double *val, ts_int i)
{
  for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++)
    if (col[k] == i) {
      const double d = val[k] < 0 ? -val[k] : val[k];

      return d > 0 ? 1.0 / sqrt(d) : 0.0;
    }
  return 0.0;
}

/* row i's weights into out (NULL: not written) and its two sums, from the scales r */
static inline TS_HOST_DEVICE void ts_pair_row(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *path_id, const double *r, ts_int i, double *out, double *in_path, double *all)
{
  double si = 0.0, sa = 0.0;

  for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++) {
    const ts_int j = col[k];
    double       w = 0.0;

    if (j != i && j >= 0 && j < n) {
      const int same = path_id[j] == path_id[i];
#if defined(__CUDA_ARCH__) /* explicit rounding, no FMA: the host's sums */
      w  = __dmul_rn(__dmul_rn(val[k] < 0 ? -val[k] : val[k], r[i]), r[j]);
      sa = __dadd_rn(sa, w);
      if (same) si = __dadd_rn(si, w);
#else
      w  = (val[k] < 0 ? -val[k] : val[k]) * r[i] * r[j];
      sa = sa + w;
      if (same) si = si + w;
#endif
      if (same) w = 0.0; /* within a path: no weight for the pairing */
    }
    if (out) out[k] = w;
  }
  *in_path = si;
  *all     = sa;
}

/* workspace: the scales (n doubles) and the lanes' sums */
TS_EXTERN size_t    ts_ref_pair_weights_buffer_size(ts_int n);
TS_EXTERN void      ts_ref_pair_weights(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *path_id, double *out, double sums[2], void *buffer);
TS_EXTERN size_t    ts_cuda_pair_weights_buffer_size(ts_int n);
TS_EXTERN ts_status ts_cuda_pair_weights(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *path_id, double *out, double *sums, void *buffer);

/* The aggregates after the pairing: partner[a] (-1: unpaired) is the [0,1]-factor of the aggregates' graph; an
   unpaired aggregate and the smaller of a pair lead, the leaders are numbered in their order and the other of a
   pair takes its leader's number; agg[i] (n rows) is renumbered in place. Returns the number of aggregates (the
   device's: to the device ts_int *count). Workspace: nagg + 1 ts_ints on the host; the device's
   ts_cuda_aggregate_pair_ids_buffer_size(nagg) bytes. Integers only: host and device agree. */
TS_EXTERN ts_int    ts_ref_aggregate_pair_ids(ts_int nagg, const ts_int *partner, ts_int n, ts_int *agg, void *buffer);
TS_EXTERN size_t    ts_cuda_aggregate_pair_ids_buffer_size(ts_int nagg);
TS_EXTERN ts_status ts_cuda_aggregate_pair_ids(void *stream, ts_int nagg, const ts_int *partner, ts_int n, ts_int *agg, ts_int *count, void *buffer);

/* sum over the rows i of (rstart + i + 1) (cstart + agg[i] + 1), exact in 64-bit integers: a checksum of the
   aggregates (rstart, cstart: the global numbers of the first row and aggregate) that host and device compare
   without the aggregates leaving the device (the device's: to the device int64_t *sum) */
TS_EXTERN int64_t   ts_ref_aggregate_checksum(ts_int n, ts_int rstart, ts_int cstart, const ts_int *agg);
TS_EXTERN size_t    ts_cuda_aggregate_checksum_buffer_size(ts_int n);
TS_EXTERN ts_status ts_cuda_aggregate_checksum(void *stream, ts_int n, ts_int rstart, ts_int cstart, const ts_int *agg, int64_t *sum, void *buffer);

/* ------------------------------------------------------------------------------------------ */
/* PCTRIAMG: the smoothed prolongator (reference/prolongator.c, cuda/prolongator.cu)           */
/* ------------------------------------------------------------------------------------------ */

/* P = (I - omega D^-1 A) P0, P0 the indicator of the aggregates and D the diagonal of A, row by row without
   a matrix product: row i of A P0 adds a_ik into the column agg(k). omega = 4 / (3 rho), rho the Gershgorin
   bound of D^-1 A (max over rows of sum_k |a_ik| / |a_ii|). The helpers are shared by both twins and take
   the entries of a row in their CSR order: no product is added (no contraction), divisions are IEEE. */

/* A row's entries sorted by column in place (insertion sort: rows of a sparse operator are short). The columns are
   distinct, so the order is unique: the host and the device write the same row. */
static inline TS_HOST_DEVICE void ts_sort_row(ts_int len, ts_int *col, double *val)
{
  for (ts_int r = 1; r < len; r++) {
    const ts_int c = col[r];
    const double x = val[r];
    ts_int       q = r;

    for (; q > 0 && col[q - 1] > c; q--) {
      col[q] = col[q - 1];
      val[q] = val[q - 1];
    }
    col[q] = c;
    val[q] = x;
  }
}

/* Row i's Gershgorin bound of D^-1 A; 0 for a_ii == 0 (or absent) and for a NaN or Inf (the maximum over
   the rows is then the same in any order) */
static inline TS_HOST_DEVICE double ts_prolongator_ratio(const ts_int *rowptr, const ts_int *col, const double *val, ts_int i)
{
  double d = 0.0, s = 0.0, r;

  for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++) {
    double a = val[k] < 0 ? -val[k] : val[k];

    if (col[k] == i) d = a;
    s = s + a;
  }
  if (d == 0.0) return 0.0;
  r = s / d;
  return (r <= 1.7976931348623157e308) ? r : 0.0;
}

/* omega from rho = max over rows of ts_prolongator_ratio(); 0 (P = P0) for rho == 0 */
static inline TS_HOST_DEVICE double ts_prolongator_omega(double rho) { return rho > 0.0 ? 4.0 / (3.0 * rho) : 0.0; }

/* The aggregate that column k of row i smooths into: agg(col k) for the diagonal and the strong entries,
   |a_ik| >= theta max_{m != i} |a_im|; the weak ones count as the row's own aggregate (lumped into the
   diagonal, so the row sums of P are those of full smoothing and constants stay in its range), which
   keeps P as thin as the strong couplings allow. */
static inline TS_HOST_DEVICE ts_int ts_prolongator_target(const ts_int *col, const double *val, const ts_int *agg, ts_int i, ts_int k, double cut)
{
  double a = val[k] < 0 ? -val[k] : val[k];

  return (col[k] == i || a >= cut) ? agg[col[k]] : agg[i];
}

/* Row i of P: its distinct targets (ts_prolongator_target()) over the row's columns and agg(i), in
   increasing order, each with [J == agg(i)] + the sum of -(omega a_ik) / a_ii over its columns in CSR
   order. omega == 0 or a_ii == 0 keeps the row of P0. With pcol == NULL,
   returns the row's length only. The targets are written in the order of their first column, then sorted in
   place (ts_sort_row()); the search for a column's target among the earlier columns stops at the first, so a
   row of len entries and t targets costs about 2 len t lookups (one pass per target measured no faster:
   bench/results/triamg-setup/prolongator-rows). */
static inline TS_HOST_DEVICE ts_int ts_prolongator_row(const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *agg, ts_int i, double omega, double theta, ts_int *pcol, double *pval)
{
  const ts_int b = rowptr[i], e = rowptr[i + 1], own = agg[i];
  double       d = 0.0, cut = 0.0;
  ts_int       len = 0;

  for (ts_int k = b; k < e; k++) {
    double a = val[k] < 0 ? -val[k] : val[k];

    if (col[k] == i) d = val[k];
    else if (a > cut) cut = a;
  }
  cut = theta * cut;
  if (omega == 0.0 || d == 0.0) {
    if (pcol) {
      pcol[0] = own;
      pval[0] = 1.0;
    }
    return 1;
  }
  /* the row's targets are own and those of its columns, each taken at its first column (own first) */
  for (ts_int k = b - 1; k < e; k++) {
    const ts_int J = k < b ? own : ts_prolongator_target(col, val, agg, i, k, cut);
    ts_int       seen = (k >= b && J == own);
    double       v;

    for (ts_int m = b; m < k && !seen; m++) seen = ts_prolongator_target(col, val, agg, i, m, cut) == J;
    if (seen) continue;
    if (pcol) {
      v = J == own ? 1.0 : 0.0;
      for (ts_int m = b; m < e; m++)
        if (ts_prolongator_target(col, val, agg, i, m, cut) == J) v = v + (-(omega * val[m]) / d);
      pcol[len] = J;
      pval[len] = v;
    }
    len++;
  }
  if (pcol) ts_sort_row(len, pcol, pval);
  return len;
}

/* P (n rows: prow[n + 1], pcol and pval of prow[n] entries, at most the entries of A plus n) from A (CSR) and the
   aggregates agg; smooth == 0 gives P0. rho > 0 is the caller's estimate of rho(D^-1 A), rho == 0 asks for the
   Gershgorin bound; theta in [0, 1] is the strength threshold of ts_prolongator_target(). *omega receives the damping
   used (0 for P0). The host fills P in one pass, so its pcol and pval must hold that bound; the CUDA twin counts
   first, gives the same P bit for bit, and its *omega is in device memory (workspace:
   ts_cuda_prolongator_buffer_size(n) bytes). */
TS_EXTERN ts_status ts_ref_prolongator(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *agg, int smooth, double rho, double theta, ts_int *prow, ts_int *pcol, double *pval, double *omega);
TS_EXTERN size_t    ts_cuda_prolongator_buffer_size(ts_int n);
TS_EXTERN ts_status ts_cuda_prolongator(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *agg, int smooth, double rho, double theta, ts_int *prow, ts_int *pcol, double *pval, double *omega, void *buffer);

/* ------------------------------------------------------------------------------------------ */
/* PCTRIAMG: the Galerkin product C = P^T A P (reference/galerkin.c, cuda/galerkin.cu)        */
/* ------------------------------------------------------------------------------------------ */

/* A is n x n, P n x nc (a few entries per row), both CSR with sorted columns; C is nc x nc with sorted columns,
   either at once or, where ts_galerkin_two_products() says so, as C = P^T (A P). Each entry is a sum in one order
   on both backends, so both give C bit for bit:
   - at once: entry (I, J) is the sum of the terms (p_iI a_ij) p_jJ in the order of (i, position of a_ij in its row);
   - A P (n x nc): entry (i, J) is the sum of a_ik p_kJ over the entries k of row i in CSR order (a row of P holds
     J once), and C's entry (I, J) the sum of p_iI (A P)_iJ over increasing i.
   The host accumulates row by row (of A P, of P^T), the device sorts each product's terms by their entry stably
   and adds each run in that order. */

/* Two products where P has more than two entries a row on average (a smoothed P of a 9-point or a 3D stencil):
   the triple product's sum_i |P_i| sum_k |P_k| terms then outnumber the two products' sum_i sum_k |P_k| and
   sum_i |P_i| |(A P)_i| (host counts, every level of the hierarchy: MODEL8 512^2 162M against 23M + 23M, ROT 97M
   against 21M + 20M, LAP3D 64^3 52M against 14M + 22M); thinner P (ANISO1's 1.5 a row, P0's 1) give fewer at once
   (ANISO1 512^2 7.3M against 4.7M + 3.1M). Both backends decide from the same two integers. */
static inline TS_HOST_DEVICE int ts_galerkin_two_products(ts_int n, ts_int pnnz) { return (int64_t)pnnz > 2 * (int64_t)n; }

/* Host: every product is one of a kind, C = L^T M R, with M of n rows (CSR) and thin L (n x ncl) and R (M's columns
   x ncr), either given as NULL rows for the identity (then ncl = n, or ncr = M's columns): at once L = P, M = A,
   R = P; in two products A P is L = NULL, M = A, R = P, and C is L = P, M = A P, R = NULL. The workspace is
   ts_ref_galerkin_buffer_size(n, nc, P's entries) bytes for P of nc columns.
   1. ts_ref_galerkin_product_pattern: the rows from first on (crow[first] given, crow[0] set when first == 0), each
      row's columns sorted in ccol where the last row ended, until all ncl are done (*next = ncl) or a row would pass
      cap entries (*next = that row: the caller grows ccol, keeping what it holds, and calls again from there). One
      pass over the product's terms: A P's pattern, then C's from it (L = P, M = A P, R = NULL), whichever form C's
      values take;
   2. ts_ref_galerkin_product_values: the values on that pattern, from M's, L's and R's: at once C's from A's and
      P's; in two products A P's, then C's from A P's.
   New values of A on the same pattern: step 2 (with A P's pattern from step 1 for the two products). */
TS_EXTERN size_t    ts_ref_galerkin_buffer_size(ts_int n, ts_int nc, ts_int pnnz);
TS_EXTERN ts_status ts_ref_galerkin_product_pattern(ts_int n, ts_int ncl, ts_int ncr, const ts_int *rowptr, const ts_int *col, const ts_int *lrow, const ts_int *lcol, const ts_int *rrow, const ts_int *rcol, ts_int first, ts_int cap, ts_int *crow, ts_int *ccol, ts_int *next, void *buffer);
TS_EXTERN ts_status ts_ref_galerkin_product_values(ts_int n, ts_int ncl, ts_int ncr, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *lrow, const ts_int *lcol, const double *lval, const ts_int *rrow, const ts_int *rcol, const double *rval, const ts_int *crow, const ts_int *ccol, double *cval, void *buffer);

/* Device: every product is one of a kind, C = L^T M R, with M of n rows and mnnz entries (CSR) and thin L
   (n x ncl, lnnz entries: the first n rows of an array that may hold more, as P's ghost rows across ranks) and R
   (M's columns x ncr), either given as NULL for the identity (then ncl = n and lnnz = 0, or ncr = M's columns): at once L = P, M = A, R = P; in two products A P is L = NULL, M = A, R = P, and C is L = P, M = A P,
   R = NULL. The terms (l_iI m_ij) r_jJ, numbered in the order (i, k, p, q), are sorted by (I, J) stably (each row I
   by J), and each run is summed in that order; an identity factor multiplies by 1.0, which is exact, so the
   products are the host's. In three steps, with sizes read back in between:
   1. ts_cuda_galerkin_count: the number of terms (device int64_t *nterms; at most 2^31 - 2);
   2. ts_cuda_galerkin_sort: the terms' numbers in sorted order (kept by the caller: nterms ts_int) and the
      number of entries of the product (device ts_int *cnnz), the sorted columns left in the buffer for step 3;
      it waits on the stream once, for the count of the terms of the rows its warps do not sort (4 bytes);
   3. ts_cuda_galerkin_pattern: crow[ncl + 1], ccol and run[cnnz + 1], the first sorted term of each entry (kept).
   ts_cuda_galerkin_values then computes the product's values from M's, L's and R's (new values, same patterns:
   this step only). */
TS_EXTERN size_t    ts_cuda_galerkin_count_buffer_size(ts_int n);
TS_EXTERN ts_status ts_cuda_galerkin_count(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const ts_int *lrow, const ts_int *rrow, int64_t *nterms, void *buffer);
TS_EXTERN size_t    ts_cuda_galerkin_sort_buffer_size(ts_int n, ts_int ncl, ts_int mnnz, ts_int lnnz, int64_t nterms);
TS_EXTERN ts_status ts_cuda_galerkin_sort(void *stream, ts_int n, ts_int ncl, ts_int ncr, const ts_int *rowptr, const ts_int *col, ts_int mnnz, const ts_int *lrow, const ts_int *lcol, ts_int lnnz, const ts_int *rrow, const ts_int *rcol, int64_t nterms, ts_int *order, ts_int *cnnz, void *buffer);
TS_EXTERN ts_status ts_cuda_galerkin_pattern(void *stream, ts_int n, ts_int ncl, ts_int ncr, ts_int mnnz, ts_int lnnz, int64_t nterms, ts_int cnnz, ts_int *crow, ts_int *ccol, ts_int *run, void *buffer);
TS_EXTERN size_t    ts_cuda_galerkin_values_buffer_size(ts_int n, int64_t nterms);
TS_EXTERN ts_status ts_cuda_galerkin_values(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *lrow, const double *lval, const ts_int *rrow, const double *rval, int64_t nterms, const ts_int *order, ts_int cnnz, const ts_int *run, double *cval, void *buffer);

/* ------------------------------------------------------------------------------------------ */
/* PCTRIAMG's device-resident level operators (src/mat/csrcuda.c): products, dense copies      */
/* ------------------------------------------------------------------------------------------ */

/* y = base + sign A x (base NULL: 0) for an n-row CSR matrix: MatMult (sign 1), MatMultAdd (base the vector
   added), MatResidual (base b, sign -1). y may be base, never x. The host sums each row in column order; the
   device sums a row in a group of threads (its length decides the group), so the two agree up to rounding. */
TS_EXTERN void      ts_ref_csr_spmv(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const double *x, const double *base, double sign, double *y);
TS_EXTERN ts_status ts_cuda_csr_spmv(void *stream, ts_int n, ts_int nnz, const ts_int *rowptr, const ts_int *col, const double *val, const double *x, const double *base, double sign, double *y);

/* The m x ncols CSR matrix into the column-major dense array dense (leading dimension lda >= m), zeros
   elsewhere: the coarsest level's operator for a dense LU. */
TS_EXTERN void      ts_ref_csr_to_dense(ts_int m, ts_int ncols, const ts_int *rowptr, const ts_int *col, const double *val, ts_int lda, double *dense);
TS_EXTERN ts_status ts_cuda_csr_to_dense(void *stream, ts_int m, ts_int ncols, const ts_int *rowptr, const ts_int *col, const double *val, ts_int lda, double *dense);

/* Row i of [D | O] (ts_*_csr_join): D's row, then O's with its columns + shift, from position di[i] + oi[i]; with
   cj == NULL only the values */
static inline TS_HOST_DEVICE void ts_join_row(ts_int i, const ts_int *di, const ts_int *dj, const double *dv, const ts_int *oi, const ts_int *oj, const double *ov, ts_int shift, ts_int *cj, double *cv)
{
  ts_int c = di[i] + oi[i];

  for (ts_int k = di[i]; k < di[i + 1]; k++, c++) {
    if (cj) cj[c] = dj[k];
    cv[c] = dv[k];
  }
  for (ts_int k = oi[i]; k < oi[i + 1]; k++, c++) {
    if (cj) cj[c] = oj[k] + shift;
    cv[c] = ov[k];
  }
}

/* C = [D | O] for two CSR blocks of the same n rows: row i holds D's row, then O's with its columns + shift
   (PCTRIAMG's rows of one rank: the diagonal block's n columns, then the off-diagonal block's). With cj == NULL
   only the values are written, on C's pattern of an earlier call (ci unused). */
TS_EXTERN void      ts_ref_csr_join(ts_int n, const ts_int *di, const ts_int *dj, const double *dv, const ts_int *oi, const ts_int *oj, const double *ov, ts_int shift, ts_int *ci, ts_int *cj, double *cv);
TS_EXTERN ts_status ts_cuda_csr_join(void *stream, ts_int n, const ts_int *di, const ts_int *dj, const double *dv, const ts_int *oi, const ts_int *oj, const double *ov, ts_int shift, ts_int *ci, ts_int *cj, double *cv);

/* Row i of a CSR matrix split at column nd (ts_*_csr_split): its entries below nd from di[i] into D, the others
   (minus nd) from rowptr[i] - di[i] into O, each in the row's order; with dj == NULL (oj too) only the values */
static inline TS_HOST_DEVICE void ts_split_row(ts_int i, const ts_int *rowptr, const ts_int *col, const double *val, ts_int nd, const ts_int *di, ts_int *dj, double *dv, ts_int *oj, double *ov)
{
  ts_int d = di[i], o = rowptr[i] - di[i];

  for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++) {
    if (col[k] < nd) {
      if (dj) dj[d] = col[k];
      dv[d++] = val[k];
    } else {
      if (oj) oj[o] = col[k] - nd;
      ov[o++] = val[k];
    }
  }
}

/* The first m rows of a CSR matrix split at column nd: D (columns < nd) and O (the others, minus nd), each row's
   entries in their order. First the count: di[m + 1], D's row starts (the device's workspace:
   ts_cuda_csr_split_count_buffer_size(m) bytes); then the entries, with O's row starts oi[i] = rowptr[i] - di[i]
   (rowptr[0] == 0). With dj, oi and oj NULL only the values are written (the pattern of an earlier call). */
TS_EXTERN void      ts_ref_csr_split_count(ts_int m, const ts_int *rowptr, const ts_int *col, ts_int nd, ts_int *di);
TS_EXTERN void      ts_ref_csr_split(ts_int m, const ts_int *rowptr, const ts_int *col, const double *val, ts_int nd, const ts_int *di, ts_int *dj, double *dv, ts_int *oi, ts_int *oj, double *ov);
TS_EXTERN size_t    ts_cuda_csr_split_count_buffer_size(ts_int m);
TS_EXTERN ts_status ts_cuda_csr_split_count(void *stream, ts_int m, const ts_int *rowptr, const ts_int *col, ts_int nd, ts_int *di, void *buffer);
TS_EXTERN ts_status ts_cuda_csr_split(void *stream, ts_int m, const ts_int *rowptr, const ts_int *col, const double *val, ts_int nd, const ts_int *di, ts_int *dj, double *dv, ts_int *oi, ts_int *oj, double *ov);

/* The extra entries of row i in a list sorted by row (ts_*_csr_merge): [*lo, *hi) */
static inline TS_HOST_DEVICE void ts_merge_extra_range(ts_int i, ts_int ne, const ts_int *erow, ts_int *lo, ts_int *hi)
{
  ts_int a = 0, b = ne;

  while (a < b) { /* the first entry of row i or later */
    ts_int mid = a + (b - a) / 2;

    if (erow[mid] < i) a = mid + 1;
    else b = mid;
  }
  *lo = a;
  for (b = ne; a < b;) { /* the first of a later row */
    ts_int mid = a + (b - a) / 2;

    if (erow[mid] <= i) a = mid + 1;
    else b = mid;
  }
  *hi = a;
}

/* Column c of a merged matrix's row: below nd itself, from nd on renamed through map */
static inline TS_HOST_DEVICE ts_int ts_merge_column(ts_int c, ts_int nd, const ts_int *map)
{
  return c < nd ? c : map[c - nd];
}

/* The length of row i of ts_*_csr_merge: A's entries and the extra ones whose column A's row lacks */
static inline TS_HOST_DEVICE ts_int ts_merge_row_length(ts_int i, const ts_int *rowptr, const ts_int *col, ts_int nd, const ts_int *map, ts_int ne, const ts_int *erow, const ts_int *ecol)
{
  ts_int lo, hi, len = rowptr[i + 1] - rowptr[i];

  ts_merge_extra_range(i, ne, erow, &lo, &hi);
  for (ts_int e = lo; e < hi; e++) {
    ts_int k = rowptr[i];

    while (k < rowptr[i + 1] && ts_merge_column(col[k], nd, map) != ecol[e]) k++;
    len += k == rowptr[i + 1];
  }
  return len;
}

/* Row i of ts_*_csr_merge from ci[i]: A's entries renamed, each extra entry added to A's entry of its column (A's
   value first) or appended, then sorted by column (insertion sort: only rows with a renamed column or an extra
   entry, a rank boundary's, are out of order, and they are short) */
static inline TS_HOST_DEVICE void ts_merge_row(ts_int i, const ts_int *rowptr, const ts_int *col, const double *val, ts_int nd, const ts_int *map, ts_int ne, const ts_int *erow, const ts_int *ecol, const double *eval, const ts_int *ci, ts_int *cj, double *cv)
{
  ts_int lo, hi, s = ci[i], c = ci[i], renamed = 0;

  for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++, c++) {
    cj[c] = ts_merge_column(col[k], nd, map);
    cv[c] = val[k];
    renamed |= col[k] >= nd;
  }
  ts_merge_extra_range(i, ne, erow, &lo, &hi);
  for (ts_int e = lo; e < hi; e++) {
    ts_int k = s;

    while (k < c && cj[k] != ecol[e]) k++;
    if (k < c) cv[k] += eval[e];
    else {
      cj[c]   = ecol[e];
      cv[c++] = eval[e];
    }
  }
  if (!renamed && lo == hi) return;
  for (ts_int k = s + 1; k < c; k++) {
    ts_int j = cj[k], q = k;
    double v = cv[k];

    for (; q > s && cj[q - 1] > j; q--) {
      cj[q] = cj[q - 1];
      cv[q] = cv[q - 1];
    }
    cj[q] = j;
    cv[q] = v;
  }
}

/* C = the first m rows of a CSR matrix A (each row's columns sorted) with A's columns from nd on renamed (column
   nd + k becomes map[k], distinct, none below nd) and the ne extra entries (erow, ecol, eval: sorted by row, then
   column, no repeated (row, column)) added, entries of one column summed: PCTRIAMG's coarse rows of a rank, its
   own product's and those the other ranks sent, in the final column numbering. C's rows are sorted by column.
   First the count: ci[m + 1] (the device's workspace: ts_cuda_csr_merge_count_buffer_size(m) bytes); then the
   entries. */
TS_EXTERN void      ts_ref_csr_merge_count(ts_int m, const ts_int *rowptr, const ts_int *col, ts_int nd, const ts_int *map, ts_int ne, const ts_int *erow, const ts_int *ecol, ts_int *ci);
TS_EXTERN void      ts_ref_csr_merge(ts_int m, const ts_int *rowptr, const ts_int *col, const double *val, ts_int nd, const ts_int *map, ts_int ne, const ts_int *erow, const ts_int *ecol, const double *eval, const ts_int *ci, ts_int *cj, double *cv);
TS_EXTERN size_t    ts_cuda_csr_merge_count_buffer_size(ts_int m);
TS_EXTERN ts_status ts_cuda_csr_merge_count(void *stream, ts_int m, const ts_int *rowptr, const ts_int *col, ts_int nd, const ts_int *map, ts_int ne, const ts_int *erow, const ts_int *ecol, ts_int *ci, void *buffer);
TS_EXTERN ts_status ts_cuda_csr_merge(void *stream, ts_int m, const ts_int *rowptr, const ts_int *col, const double *val, ts_int nd, const ts_int *map, ts_int ne, const ts_int *erow, const ts_int *ecol, const double *eval, const ts_int *ci, ts_int *cj, double *cv);

/* The rows rows[0..nr) of a CSR matrix: their lengths len[nr], then (outptr[nr + 1] their starts, from the
   caller's prefix sum of len) their columns and values packed. */
TS_EXTERN void      ts_ref_csr_row_lengths(ts_int nr, const ts_int *rows, const ts_int *rowptr, ts_int *len);
TS_EXTERN void      ts_ref_csr_gather(ts_int nr, const ts_int *rows, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *outptr, ts_int *outcol, double *outval);
TS_EXTERN ts_status ts_cuda_csr_row_lengths(void *stream, ts_int nr, const ts_int *rows, const ts_int *rowptr, ts_int *len);
TS_EXTERN ts_status ts_cuda_csr_gather(void *stream, ts_int nr, const ts_int *rows, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *outptr, ts_int *outcol, double *outval);

/* PCTRIAMG's node graph of a system with bs unknowns per node (rows and columns in blocks of bs, node I holds rows
   I bs .. I bs + bs - 1): entry (I, J) of the node matrix is the Frobenius norm of block (I, J), positive on the
   diagonal and negative elsewhere, so the forest follows the strongest couplings between nodes. Row I's distinct
   node columns in increasing order; each sum of squares is taken in the rows' CSR order, on the host and the device
   alike. With ncol == NULL, returns the row's length only. Quadratic in the block row's length. */
static inline TS_HOST_DEVICE ts_int ts_collapse_row(const ts_int *rowptr, const ts_int *col, const double *val, ts_int bs, ts_int node, ts_int *ncol, double *nval)
{
  ts_int len = 0;

  for (ts_int r = node * bs; r < (node + 1) * bs; r++)
    for (ts_int k = rowptr[r]; k < rowptr[r + 1]; k++) {
      const ts_int J    = col[k] / bs;
      int          seen = 0;

      for (ts_int r2 = node * bs; r2 <= r && !seen; r2++)
        for (ts_int k2 = rowptr[r2]; k2 < (r2 == r ? k : rowptr[r2 + 1]) && !seen; k2++) seen = col[k2] / bs == J;
      if (seen) continue;
      if (ncol) {
        double s = 0.0;

        for (ts_int r2 = node * bs; r2 < (node + 1) * bs; r2++)
          for (ts_int k2 = rowptr[r2]; k2 < rowptr[r2 + 1]; k2++)
            if (col[k2] / bs == J) {
  #if defined(__CUDA_ARCH__)
              s = __dadd_rn(s, __dmul_rn(val[k2], val[k2])); /* no contraction into FMA: the host's sums */
  #else
              s = s + val[k2] * val[k2];
  #endif
            }
        ncol[len] = J;
        nval[len] = J == node ? sqrt(s) : -sqrt(s);
      }
      len++;
    }
  if (ncol) ts_sort_row(len, ncol, nval);
  return len;
}

/* The node matrix of the first nn bs rows (ts_collapse_row): nrow[nn + 1], then ncol and nval of nrow[nn]
   entries. Host: one call; device: ts_cuda_csr_collapse_count (nrow, workspace ts_cuda_csr_collapse_buffer_size(nn)
   bytes), then ts_cuda_csr_collapse. */
TS_EXTERN void      ts_ref_csr_collapse(ts_int nn, ts_int bs, const ts_int *rowptr, const ts_int *col, const double *val, ts_int *nrow, ts_int *ncol, double *nval);
TS_EXTERN size_t    ts_cuda_csr_collapse_buffer_size(ts_int nn);
TS_EXTERN ts_status ts_cuda_csr_collapse_count(void *stream, ts_int nn, ts_int bs, const ts_int *rowptr, const ts_int *col, ts_int *nrow, void *buffer);
TS_EXTERN ts_status ts_cuda_csr_collapse(void *stream, ts_int nn, ts_int bs, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *nrow, ts_int *ncol, double *nval);

/* The aggregates of the unknowns from those of their nodes: agg[i] = aggn[i / bs] bs + i % bs (one aggregate per
   node aggregate and field: the piecewise constant prolongator keeps the fields apart) */
TS_EXTERN void      ts_ref_aggregate_expand(ts_int n, ts_int bs, const ts_int *aggn, ts_int *agg);
TS_EXTERN ts_status ts_cuda_aggregate_expand(void *stream, ts_int n, ts_int bs, const ts_int *aggn, ts_int *agg);

/* x[i] = ts_hash32(offset + i) 2^-32, in [0, 1): a start vector that is the same on the host and the device and
   on every run (offset: the global index of the first entry, so it does not depend on the ranks) */
TS_EXTERN void      ts_ref_hash_fill(ts_int n, ts_int offset, double *x);
TS_EXTERN ts_status ts_cuda_hash_fill(void *stream, ts_int n, ts_int offset, double *x);

/* PCTRIAMG's estimate of rho(D^-1 A) on one rank: x = the hashed start vector (offset as ts_ref_hash_fill), steps
   times x <- D^-1 A x (unnormalized; a zero or missing diagonal gives 0), then norms[0] = |x_{steps-1}|^2 and
   norms[1] = |x_steps|^2 (rho ~ sqrt(norms[1] / norms[0])). x and y: n doubles of the caller's (overwritten). The
   device's norms go to the device double norms[2]; workspace ts_cuda_jacobi_power_buffer_size(n) bytes. */
TS_EXTERN void      ts_ref_jacobi_power(ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, ts_int offset, int steps, double *x, double *y, double norms[2]);
TS_EXTERN size_t    ts_cuda_jacobi_power_buffer_size(ts_int n);
TS_EXTERN ts_status ts_cuda_jacobi_power(void *stream, ts_int n, ts_int nnz, const ts_int *rowptr, const ts_int *col, const double *val, ts_int offset, int steps, double *x, double *y, double *norms, void *buffer);

/* *sum = |x|^2 (sum_i x[i]^2) of n doubles: PCTRIAMG's smoothers' estimate queues its norms on the device and reads them
   once. The device's goes to the device double *sum without a wait, the same bits on every run; workspace
   ts_cuda_sumsq_buffer_size(n) bytes (used by the launch only: the next call on the same stream may reuse it) */
TS_EXTERN void      ts_ref_sumsq(ts_int n, const double *x, double *sum);
TS_EXTERN size_t    ts_cuda_sumsq_buffer_size(ts_int n);
TS_EXTERN ts_status ts_cuda_sumsq(void *stream, ts_int n, const double *x, double *sum, void *buffer);

#ifdef __cplusplus
}
#endif

#endif
