/* SPDX-License-Identifier: BSD-2-Clause */
/*
   gtsv_tuned.h - RPTS entry points with explicit tuning knobs, for the kernel tests and the benchmarks
   (the kernel API in trisplit_kernels.h solves with the production plan or with the plan that
   ts_cuda_[ds]gtsv_analyze chose; its planned entries are these with the analysed ts_rpts_config).
*/
#ifndef TS_GTSV_TUNED_H
#define TS_GTSV_TUNED_H

#include "trisplit_kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ts_rpts_config and its TS_RPTS_M_* values are in trisplit_kernels.h (the analysis picks one per matrix) */

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
