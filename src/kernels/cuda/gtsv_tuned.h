/* SPDX-License-Identifier: BSD-2-Clause */
/*
   gtsv_tuned.h - RPTS entry points with explicit tuning knobs, for the kernel tests and the benchmarks
   only (not part of the kernel API in trisplit_kernels.h, which always solves with the production plan).
*/
#ifndef TS_GTSV_TUNED_H
#define TS_GTSV_TUNED_H

#include "trisplit_kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Values of ts_rpts_config.M besides 0 and a partition size */
#define TS_RPTS_M_DYNAMIC (-1) /* Algorithm 3: per stage the largest of 40, 32, 24, 16 that still fills the device */
#define TS_RPTS_M_FUSED   (-2) /* fused two-level stages (partitions of 16, then 8) throughout */

/* The knobs of one solve. All zero (or a NULL pointer) is the production plan of ts_cuda_dgtsv:
   partitions of 16 (24 on double stages of at least 2^23 rows), fused two-level stages up to 2^18 rows,
   tiles through cp.async, programmatic dependent launches on sm_90+, L2 eviction priorities. */
typedef struct {
  int M;           /* 0: the production plan; 16, 24, 32 or 40: this M on every global stage; TS_RPTS_M_DYNAMIC; TS_RPTS_M_FUSED */
  int nf;          /* systems of at most nf rows are solved on chip by one block (0: the default, 2048); smaller
                      values force more global stages */
  int regload;     /* 1: tiles through registers instead of cp.async */
  int no_pdl;      /* 1: plain stream-ordered launches, no programmatic dependent launches */
  int no_l2_hints; /* 1: no L2 eviction priorities on the substitutions' loads */
  int no_wide;     /* 1: no wide stages (partitions of 16 on large double stages too) */
} ts_rpts_config;

/* The buffer of a tuned solve holds ts_cuda_gtsv_buffer_size_tuned(n, nrhs, single, cfg) bytes. */
TS_EXTERN size_t    ts_cuda_gtsv_buffer_size_tuned(ts_int n, ts_int nrhs, int single_precision, const ts_rpts_config *cfg);
TS_EXTERN ts_status ts_cuda_dgtsv_tuned(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const double *a, const double *b, const double *c, double *x, ts_int ldx, void *buffer, const ts_rpts_config *cfg);
TS_EXTERN ts_status ts_cuda_sgtsv_tuned(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const float *a, const float *b, const float *c, float *x, ts_int ldx, void *buffer, const ts_rpts_config *cfg);
/* Number of global stages, and the partition size and rows of each (up to 16; rows[S] = the final
   stage's) that a solve with scaled pivoting would use. */
TS_EXTERN int       ts_cuda_gtsv_plan_tuned(ts_int n, ts_int nrhs, int single_precision, const ts_rpts_config *cfg, int *M, long long *rows);

#ifdef __cplusplus
}
#endif

#endif
