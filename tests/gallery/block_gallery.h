/* SPDX-License-Identifier: BSD-2-Clause */
/*
   block_gallery.h - 2x2 block tridiagonal test systems (PETSc-free C, shared by the host test
   tests/bgtsv.c and the CUDA test tests/kernels/test_rpts.cu).

   Layout of ts_ref_bgttrf (trisplit_kernels.h): nb block rows, bands a, b, c of 4 nb doubles, block
   i at [4i, 4i+4) column major; a's block 0 and c's block nb-1 are zero.
*/
#ifndef BLOCK_GALLERY_H
#define BLOCK_GALLERY_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Kinds of block systems:
     TGB_RAND      every entry U(-1,1)
     TGB_DOM       TGB_RAND with the diagonal blocks shifted by +-(6 + U(0,1)) I: block diagonally
                   dominant, every pivot rule (block Thomas included) is stable
     TGB_ZERODIAG  TGB_RAND with zero diagonal blocks: block Thomas meets a zero pivot at once,
                   pivoting must interchange
     TGB_TINYDIAG  TGB_RAND with diagonal blocks scaled by 1e-8 (the block twin of Table 4 #16)
     TGB_PATHS     TGB_DOM cut into independent paths by zero couplings: a_i = c_{i-1} = 0 with
                   probability 0.25, one-sided zeros with probability 0.05 each
     TGB_RPATHS    TGB_PATHS built on TGB_RAND (pivoting inside the paths)
     TGB_ROTATED   two scalar chains coupled by rotations: block (i,j) = O_l,i diag(t1_ij, t2_ij) O_r,j
                   with random rotations O, t1 = tridiag(a,b,c) ~ U(-1,1) and t2 = tridiag(1,1e-8,1)
                   (Table 4 #1 and #16 in the block form of docs/algorithms.md 2.9, Table 8) */
typedef enum {
  TGB_RAND     = 0,
  TGB_DOM      = 1,
  TGB_ZERODIAG = 2,
  TGB_TINYDIAG = 3,
  TGB_PATHS    = 4,
  TGB_RPATHS   = 5,
  TGB_ROTATED  = 6,
  TGB_NKINDS   = 7
} tgb_kind;

const char *tgb_name(tgb_kind kind);

/* Fills a, b, c (4 nb doubles each) with the system of the kind; 0 on success, 1 for a bad argument
   (or no memory). */
int tgb_system(tgb_kind kind, int nb, uint64_t seed, double *a, double *b, double *c);

/* y = T x for the block chain (x, y: 2 nb entries), sums in long double. */
void tgb_matvec(int nb, const double *a, const double *b, const double *c, const double *x, double *y);

/* Bands of T^T: at_i = c_{i-1}^T, bt_i = b_i^T, ct_i = a_{i+1}^T. */
void tgb_transpose(int nb, const double *a, const double *b, const double *c, double *at, double *bt, double *ct);

#ifdef __cplusplus
}
#endif

#endif
