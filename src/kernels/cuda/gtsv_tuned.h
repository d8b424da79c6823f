/*
   gtsv_tuned.h - RPTS entry points with explicit tuning parameters, for the kernel tests and the
   benchmark only (not part of the kernel API in trisplit_kernels.h).

   forced_M: 0 = default (partitions of 16, 24 on double stages of at least 2^23 rows; stages of at most
             2^18 rows fused two-level stages), -2 = fused two-level stages throughout, -1 = dynamic
             (Algorithm 3, candidates 40, 32, 24, 16), else one of 16, 24, 32, 40 for every global stage;
             for comparisons, added to the others: + 1000 loads the tiles through registers instead of
             cp.async; + 2000 launches every kernel plainly, without programmatic dependent launches;
             + 4000 drops the L2 eviction priorities of the substitutions' loads; + 8000 drops the
             default plan's wide stages (partitions of 16 on large double stages too);
   nf:       systems of at most nf rows are solved on chip by one block (0 = default); smaller
             values force more global stages.
   The buffer must hold ts_cuda_gtsv_buffer_size_tuned(n, nrhs, single, forced_M, nf) bytes.
*/
#ifndef TS_GTSV_TUNED_H
#define TS_GTSV_TUNED_H

#include "trisplit_kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

TS_EXTERN size_t    ts_cuda_gtsv_buffer_size_tuned(ts_int n, ts_int nrhs, int single_precision, int forced_M, int nf);
TS_EXTERN ts_status ts_cuda_dgtsv_tuned(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const double *a, const double *b, const double *c, double *x, ts_int ldx, void *buffer, int forced_M, int nf);
TS_EXTERN ts_status ts_cuda_sgtsv_tuned(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const float *a, const float *b, const float *c, float *x, ts_int ldx, void *buffer, int forced_M, int nf);
/* Number of global stages and the partition size of each (up to 16) that a solve would use. */
TS_EXTERN int       ts_cuda_gtsv_plan_tuned(ts_int n, ts_int nrhs, int single_precision, int forced_M, int nf, int *M, long long *rows);

#ifdef __cplusplus
}
#endif

#endif
