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
/* ts_cuda_[ds]gtsv_tuned and ts_cuda_gtsv_buffer_size_tuned are in trisplit_kernels.h (the planned solves) */
/* Number of global stages, and the partition size and rows of each (up to 16; rows[S] = the final
   stage's) that a solve with scaled pivoting would use. */
TS_EXTERN int       ts_cuda_gtsv_plan_tuned(ts_int n, ts_int nrhs, int single_precision, const ts_rpts_config *cfg, int *M, long long *rows);

#ifdef __cplusplus
}
#endif

#endif
