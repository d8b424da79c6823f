/* SPDX-License-Identifier: BSD-2-Clause */
/*
   rpts_io.cuh - where the finest RPTS stage reads its right-hand sides and writes its solution.

   The stage kernels of rpts.cuh read the right-hand side of a row through io.load(k, row) and write the
   solution through io.store(k, row, value), column k of the batch. Two policies:

     InPlace<T>      X (column major, ldd) is overwritten by the solution: every coarse stage, and the
                     plain solve. Raw copies allowed (cp.async).
     Permuted<T>     the forest preconditioners' apply, fused (ts_permuted_io in trisplit_kernels.h):
                       rhs[i]  = s_in[v] (x[v] - w[v]),      v = gather[i]   (gather NULL: v = i)
                       y[u]    = (acc ? y[u] : 0) + s_out[u] z[i],  u = scatter[i] (scatter NULL: u = i)
                     with every optional factor left out when its pointer is NULL, a negative index a
                     ghost slot (reads 0, written nowhere). The vectors are double whatever T is: single-
                     precision factors convert on the way in and out.

   Fusing the permutations into the solve saves the gather and scatter passes around it (3 of 5 vector
   passes per apply) and, with w and acc, the residual update and the correction of a defect-correction
   sweep. The finest stage reads the right-hand side twice (reduction and the substitution that
   recomputes it), so in and out may be the same vector only with the same permutation (each row is read
   by the thread block that later writes it, before it writes). With keep_rhs the reduction also writes
   what it read to a stash in the workspace and the substitution reads that back, contiguous: one far
   read per row instead of two when the gather jumps far (a forest whose paths cross the grid), and no
   slower on near-identity orders (docs/performance.md, Kernel design notes).
*/
#ifndef TS_RPTS_IO_CUH
#define TS_RPTS_IO_CUH

#include "trisplit_kernels.h"

namespace ts_rpts {

template <class T>
struct InPlace {
  static constexpr bool raw_copy = true;
  T                    *d;
  long long             ldd;

  __device__ __forceinline__ const T *src(int k) const { return d + k * ldd; }
  __device__ __forceinline__ T        load(int k, long long i) const { return __ldg(d + k * ldd + i); }
  __device__ __forceinline__ T        reload(int k, long long i) const { return load(k, i); }
  __device__ __forceinline__ void     store(int k, long long i, T v) const { d[k * ldd + i] = v; }
  InPlace                             shifted(long long j) const { return InPlace{d + j * ldd, ldd}; }
};

template <class T>
struct Permuted {
  static constexpr bool raw_copy = false;
  ts_permuted_io        io;
  T                    *stash; /* keep_rhs: the right-hand side as the reduction read it (n x R, ld ldst), or NULL */
  long long             ldst;

  __device__ __forceinline__ const T *src(int) const { return nullptr; }
  /* rhs row i of column k, gathered, less w, scaled; read-only path: within a solve nothing writes what a
     thread block reads but that block itself, after its reads (y may be x only with scatter == gather) */
  __device__ __forceinline__ T gathered(int k, long long i) const
  {
    const long long v = io.gather ? (long long)__ldg(io.gather + i) : i;
    double          r = 0; /* a ghost slot reads 0 */
    if (v >= 0) {
      r = __ldg(io.x + k * (long long)io.ldx + v);
      if (io.w) r = __dsub_rn(r, __ldg(io.w + k * (long long)io.ldw + v));
      if (io.in_scale) r = __dmul_rn(__ldg(io.in_scale + v), r);
    }
    return (T)r;
  }
  /* the reduction's read, stashed when kept */
  __device__ __forceinline__ T load(int k, long long i) const
  {
    const T r = gathered(k, i);
    if (stash) stash[k * ldst + i] = r;
    return r;
  }
  /* the substitution's read of the same row: from the stash (contiguous) when kept, else gathered again */
  __device__ __forceinline__ T reload(int k, long long i) const { return stash ? stash[k * ldst + i] : gathered(k, i); }
  __device__ __forceinline__ void store(int k, long long i, T z) const
  {
    const long long u = io.scatter ? (long long)__ldg(io.scatter + i) : i;
    if (u < 0) return;
    double *p = io.y + k * (long long)io.ldy + u;
    /* _rn: never contracted into an fma, so the host computes the same bits */
    const double r = io.out_scale ? __dmul_rn(__ldg(io.out_scale + u), (double)z) : (double)z;
    *p             = io.accumulate ? __dadd_rn(*p, r) : r;
  }
  Permuted shifted(long long j) const
  {
    Permuted q = *this;
    q.io.x += j * (long long)io.ldx;
    if (q.io.w) q.io.w += j * (long long)io.ldw;
    q.io.y += j * (long long)io.ldy;
    return q;
  }
};

/* the final-stage-only case (n <= nf): the right-hand sides into scratch (n x R), and back */
template <class T, int R, class IO>
__global__ void io_load_kernel(int n, IO io, T *scratch)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
#pragma unroll
  for (int k = 0; k < R; ++k) scratch[k * n + i] = io.load(k, i);
}

template <class T, int R, class IO>
__global__ void io_store_kernel(int n, IO io, const T *scratch)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
#pragma unroll
  for (int k = 0; k < R; ++k) io.store(k, i, scratch[k * n + i]);
}

} // namespace ts_rpts

#endif
