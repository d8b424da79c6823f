/* SPDX-License-Identifier: BSD-2-Clause */
/*
   mosa_common.cuh - shared pieces of the MOS-a device kernels (mosa_*.cu, rowsolve.cu): the exact
   arithmetic and the atomics on ts_int, for the device and for the host simulation
   (tests/kernels/mosa_sim.cu).

   The device product must equal the host's (src/kernels/reference/rowsolve.c) bit for bit, so every
   product that is later added or subtracted goes through the _rn intrinsics (nvcc would contract
   a - b*c into an FMA, the host compiles the reference with -ffp-contract=off), and divisions are
   IEEE (no --use_fast_math). Templated on the scalar type; trisplit instantiates double.
*/
#ifndef TS_MOSA_COMMON_CUH
#define TS_MOSA_COMMON_CUH

#include "forest_common.cuh"

namespace ts_mosa {

/* host and device: the sequential pieces also run on the host (tests/kernels/mosa_sim.cu) */
#define TS_MOSA_HD __host__ __device__ __forceinline__

#if defined(__CUDA_ARCH__)
TS_MOSA_HD double mul_rn(double x, double y) { return __dmul_rn(x, y); }
TS_MOSA_HD double add_rn(double x, double y) { return __dadd_rn(x, y); }
TS_MOSA_HD double sub_rn(double x, double y) { return __dsub_rn(x, y); }
TS_MOSA_HD float  mul_rn(float x, float y) { return __fmul_rn(x, y); }
TS_MOSA_HD float  add_rn(float x, float y) { return __fadd_rn(x, y); }
TS_MOSA_HD float  sub_rn(float x, float y) { return __fsub_rn(x, y); }
#else /* the host compiler does not contract across these calls (x86-64 baseline, no FMA) */
template <class T>
TS_MOSA_HD T mul_rn(T x, T y)
{
  return x * y;
}
template <class T>
TS_MOSA_HD T add_rn(T x, T y)
{
  return x + y;
}
template <class T>
TS_MOSA_HD T sub_rn(T x, T y)
{
  return x - y;
}
#endif

/* x - y z, rounded twice as the host computes it */
template <class T>
TS_MOSA_HD T sub_mul(T x, T y, T z)
{
  return sub_rn(x, mul_rn(y, z));
}

/* Atomics on ts_int (32 or 64 bits, TS_INDEX_64) for the flags and counters the kernels report */
#if defined(__CUDA_ARCH__)
TS_MOSA_HD void    atomic_min(int *p, int v) { atomicMin(p, v); }
TS_MOSA_HD void    atomic_min(int64_t *p, int64_t v) { atomicMin((long long *)p, (long long)v); }
TS_MOSA_HD void    atomic_set_one(int *p) { atomicExch(p, 1); }
TS_MOSA_HD void    atomic_set_one(int64_t *p) { atomicExch((unsigned long long *)p, 1ULL); }
TS_MOSA_HD int     atomic_inc(int *p) { return atomicAdd(p, 1); }
TS_MOSA_HD int64_t atomic_inc(int64_t *p) { return (int64_t)atomicAdd((unsigned long long *)p, 1ULL); }
#else /* the host simulation runs one row or path at a time */
template <class I>
TS_MOSA_HD void atomic_min(I *p, I v)
{
  if (v < *p) *p = v;
}
template <class I>
TS_MOSA_HD void atomic_set_one(I *p)
{
  *p = 1;
}
template <class I>
TS_MOSA_HD I atomic_inc(I *p)
{
  return (*p)++;
}
#endif

#if defined(__CUDACC__)
namespace {
/* The status of a check or an elimination in two device ts_int (mosa_factor.cu, block_check.cu,
   gttrf_check.cu): while the kernels run {a non-finite entry seen, the first zero-pivot position (n: none)},
   after status_final {ts_status as the host's elimination returns it, that position or -1} */
__global__ void status_init(ts_int n, ts_int *info)
{
  info[0] = 0;
  info[1] = n;
}

__global__ void status_final(ts_int n, ts_int *info)
{
  const ts_int nonfinite = info[0], zero = info[1];
  info[0]                = nonfinite ? TS_ERR_NONFINITE : (zero < n ? TS_ERR_ZERO_PIVOT : TS_SUCCESS);
  info[1]                = !nonfinite && zero < n ? zero : -1;
}
} /* anonymous namespace */
#endif

} /* namespace ts_mosa */

#endif
