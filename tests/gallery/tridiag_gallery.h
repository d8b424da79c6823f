/* SPDX-License-Identifier: BSD-2-Clause */
/*
   tridiag_gallery.h - deterministic tridiagonal test matrices (PETSc-free, C99).

   Two families:
     Table 4 of docs/algorithms.md 2.9 (Venetis et al.; ids 1..20), the matrices of the RPTS stability study,
     Chang's 18 types of Chang 2014, Table 6.1 (Chang 2014, Table 6.1).
   Bands follow trisplit_kernels.h: a[i] = T(i,i-1) (a[0] = 0), b[i] = T(i,i), c[i] = T(i,i+1) (c[n-1] = 0).

   Randomness: splitmix64 (Steele, Lea, Flood 2014; the reference constants of Vigna's splitmix64.c).
   Every matrix gets its own stream, seeded from (seed, family, id), so a matrix does not depend on
   which other matrices were generated. U(-1,1) entries are exact functions of the integer stream
   (2 k 2^-53 - 1), identical on every machine; normal deviates (right-hand sides and the
   orthogonal factors of randsvd) go through log/sqrt/cos and may differ in the last bit between
   C libraries. randsvd's Householder QR and band reduction are plain C here (no BLAS/LAPACK, whose
   summation orders differ between implementations), so its matrices depend only on libm's
   log/cos and on the compiler not contracting a*b+c into FMAs (compile with -ffp-contract=off
   where the default is fast, e.g. gcc on aarch64).

   Needs only libm. (Tests comparing with LAPACK link -llapack -lblas themselves.)
*/
#ifndef TRIDIAG_GALLERY_H
#define TRIDIAG_GALLERY_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes of the generators. */
#define TG_OK            0
#define TG_ERR_ARGUMENT  1 /* unknown id, n < 1, or a parameter out of range */
#define TG_NOT_AVAILABLE 2 /* randsvd above TG_RANDSVD_MAX_N (see below) */
#define TG_ERR_MEMORY    3 /* out of memory */

/* randsvd (ids 8-11 of Table 4, types 8-11 of Chang) is built densely: U Sigma V^T with Haar
   orthogonal U, V, then two-sided Householder band reduction (MATLAB bandred, kl = ku = 1), O(n^3)
   time and n^2 doubles. Above this size the generators return TG_NOT_AVAILABLE instead of a
   cheaper imitation: no cheap construction keeps both the tridiagonal shape and the prescribed
   singular values with random singular vectors, and a different matrix under the same name would
   make the numbers incomparable with Table 5. */
#define TG_RANDSVD_MAX_N 4096

/* splitmix64 stream. */
typedef struct {
  uint64_t state;
} tg_rng;

void     tg_rng_seed(tg_rng *r, uint64_t seed, uint64_t tag); /* state = mix(seed) ^ mix(tag + golden) */
uint64_t tg_rng_next(tg_rng *r);                                /* splitmix64 */
double   tg_rng_uniform(tg_rng *r);                             /* (x >> 11) 2^-53, in [0,1) */
double   tg_rng_uniform_pm1(tg_rng *r);                         /* 2 u - 1, in [-1,1) */
double   tg_rng_normal(tg_rng *r);                              /* Box-Muller, cosine branch, one deviate per two draws */

/* Table 4 matrix id (1..20) of size n. Name is a short fixed label such as "randsvd mode 2". */
int         tg_table4(int id, int n, uint64_t seed, double *a, double *b, double *c);
const char *tg_table4_name(int id);

/* Chang's type (1..18) of size n. boundary is the first row of a partition (0 < boundary < n): type 18
   puts its two zero-diagonal rows at boundary-1 and boundary and its 1e15 at boundary-2 (needs
   boundary >= 2). Chang's setting is n = 512, boundary = 256. Type 17 (zero diagonal everywhere but
   rows 0 and n-1) meets every partition boundary whatever its position, and is nonsingular only
   for even n. Types 8-11 are the same matrices as Table 4 ids 8-11 (same recipe, same seed), so
   callers may generate them once. */
int         tg_chang(int type, int n, int boundary, uint64_t seed, double *a, double *b, double *c);
const char *tg_chang_name(int type);

/* Gallery pieces, usable alone. */
int tg_randsvd(int n, double kappa, int mode, uint64_t seed, double *a, double *b, double *c); /* modes 1..4 */

/* x_t ~ Normal(3, 1) (docs/algorithms.md 2.9), its own stream from seed. */
void tg_rhs(int n, uint64_t seed, double *xt);

/* y = T x. */
void tg_matvec(int n, const double *a, const double *b, const double *c, const double *x, double *y);

/* Forward relative error ||x - xt||_2 / ||xt||_2 (NaN or Inf when x has them). */
double tg_fre(int n, const double *x, const double *xt);

#ifdef __cplusplus
}
#endif

#endif
