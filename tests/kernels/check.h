/* SPDX-License-Identifier: BSD-2-Clause */
/* Error checks of the standalone CUDA test and benchmark programs (not the library: it returns
   ts_status): print where and exit(2). CS needs cusparse.h, CT trisplit_kernels.h, included before use. */
#ifndef TRISPLIT_TESTS_KERNELS_CHECK_H
#define TRISPLIT_TESTS_KERNELS_CHECK_H

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(x) \
  do { \
    cudaError_t e_ = (x); \
    if (e_ != cudaSuccess) { \
      fprintf(stderr, "CUDA error %s at %s:%d: %s\n", cudaGetErrorString(e_), __FILE__, __LINE__, #x); \
      exit(2); \
    } \
  } while (0)
#define CS(x) \
  do { \
    cusparseStatus_t s_ = (x); \
    if (s_ != CUSPARSE_STATUS_SUCCESS) { \
      fprintf(stderr, "cuSPARSE error %d at %s:%d: %s\n", (int)s_, __FILE__, __LINE__, #x); \
      exit(2); \
    } \
  } while (0)
#define CT(x) \
  do { \
    ts_status t_ = (x); \
    if (t_ != TS_SUCCESS) { \
      fprintf(stderr, "ts status %d at %s:%d: %s\n", (int)t_, __FILE__, __LINE__, #x); \
      exit(2); \
    } \
  } while (0)

#endif
