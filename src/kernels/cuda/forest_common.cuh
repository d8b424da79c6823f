/* SPDX-License-Identifier: BSD-2-Clause */
/*
   forest_common.cuh - shared pieces of the CUDA forest kernels (graph.cu, factor.cu, forest.cu, ...):
   error mapping, launch sizes, workspace carving and the exact floating-point helpers.

   Bit-for-bit equality with the host kernels (src/kernels/reference/) rests on two rules:
   - the same operations in the same order (row sums in column order, one thread per row);
   - no contraction: nvcc fuses a*b+c into an FMA by default, so every product that is later
     added goes through __dmul_rn/__dadd_rn (never contracted), and divisions are IEEE (no
     --use_fast_math for these files).
*/
#ifndef TS_FOREST_COMMON_CUH
#define TS_FOREST_COMMON_CUH

#include <cuda_runtime.h>
#include <stddef.h>
#include <stdint.h>
#include "trisplit_kernels.h"

namespace ts_forest {

/* Caller streams are opaque pointers in the C interface. */
static inline cudaStream_t as_stream(void *s) { return (cudaStream_t)s; }

static inline ts_status check_launch()
{
  return cudaGetLastError() == cudaSuccess ? TS_SUCCESS : TS_ERR_DEVICE;
}

#define TS_FOREST_TRY(x)                                                                        \
  do {                                                                                          \
    if ((x) != cudaSuccess) return TS_ERR_DEVICE;                                               \
  } while (0)
#define TS_FOREST_TRY_STATUS(x)                                                                 \
  do {                                                                                          \
    ts_status st_ = (x);                                                                        \
    if (st_ != TS_SUCCESS) return st_;                                                          \
  } while (0)

/* Blocks of per_block threads for one thread per item, capped (kernels loop grid-stride). */
static inline unsigned blocks_for(size_t items, size_t per_block)
{
  size_t g = (items + per_block - 1) / per_block;
  if (g < 1) g = 1;
  if (g > (size_t)1 << 20) g = (size_t)1 << 20;
  return (unsigned)g;
}

/* One thread per item: grid of 256-thread blocks. */
static constexpr int kThreads = 256;
static inline unsigned grid_for(size_t items) { return blocks_for(items, kThreads); }

/* One warp per item (launch grid_for(items * 32)): this thread's warp, the grid's warps and its lane, for a
   grid-stride loop over the items by warps. */
struct WarpGrid {
  ts_int first, stride;
  int    lane;
};
__device__ __forceinline__ WarpGrid warp_grid()
{
  WarpGrid g;
  g.first  = (blockIdx.x * (ts_int)blockDim.x + threadIdx.x) >> 5;
  g.stride = (gridDim.x * (ts_int)blockDim.x) >> 5;
  g.lane   = threadIdx.x & 31;
  return g;
}

/* row_of[k] = the row of entry k of a CSR pattern of n rows, one thread a row (grid-stride) */
__device__ __forceinline__ void write_row_of(ts_int n, const ts_int *__restrict__ rowptr, ts_int *__restrict__ row_of)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x)
    for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++) row_of[k] = i;
}

/* Rows of more entries go to one warp each, the others to one thread each, by a pair of kernels that skip each
   other's rows (prolongator.cu, graph.cu): a warp would leave most lanes idle on the finest levels' 5-9 entries a
   row, and one thread alone spent milliseconds on the hundreds of entries of a dense coarse level's rows
   (docs/performance.md, "triamg's setup kernels"). */
static constexpr ts_int kShortRow = 32;
__device__ __forceinline__ bool long_row(const ts_int *rowptr, ts_int i) { return rowptr[i + 1] - rowptr[i] > kShortRow; }

/* Workspaces: 256-byte aligned pieces carved from one caller buffer. With base == NULL the
   carver only counts (size queries walk the same code as the real calls). */
struct Carver {
  char  *base;
  size_t off;
  explicit Carver(void *b) : base((char *)b), off(0) {}
  static size_t align(size_t x) { return (x + 255) & ~(size_t)255; }
  template <class T>
  T *take(size_t count)
  {
    T *p = base ? (T *)(base + off) : nullptr;
    off += align(count * sizeof(T));
    return p;
  }
  void *take_bytes(size_t bytes)
  {
    void *p = base ? (void *)(base + off) : nullptr;
    off += align(bytes);
    return p;
  }
  size_t size() const { return off; }
};

/* Number of bits to hold values 0..v */
static inline int bits_for(uint64_t v)
{
  int b = 1;
  while (b < 64 && (v >> b) != 0) b++;
  return b;
}

/* Warp-aggregated atomics for the small statistics. */
__device__ __forceinline__ void warp_add(unsigned long long *dst, unsigned long long v)
{
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0 && v) atomicAdd(dst, v);
}
__device__ __forceinline__ void warp_max(unsigned long long *dst, unsigned long long v)
{
  for (int o = 16; o > 0; o >>= 1) {
    const unsigned long long u = __shfl_down_sync(0xffffffffu, v, o);
    v                          = u > v ? u : v;
  }
  if ((threadIdx.x & 31) == 0 && v) atomicMax(dst, v);
}

} /* namespace ts_forest */

#endif
