/* SPDX-License-Identifier: BSD-2-Clause */
/*
   forest.cu - from a [0,2]-factor to a linear forest on the GPU (docs/algorithms.md 4.3), twin of
   src/kernels/reference/forest.c (ts_ref_linear_forest, ts_ref_forest_bands):
   1. cycles: a bidirectional pointer-doubling scan (Algorithm 7) carrying, per direction, the
      weakest edge (weight, min id, max id) met so far. After ceil(log2 n) launches every pointer
      of a path vertex has reached its end; a vertex whose pointers are still vertices lies on a
      cycle, and its aggregate covers the whole cycle. Both ends of the weakest edge drop it
      (the host's remove_partner, slot by slot).
   2. paths: the same scan with distances: path id = the smaller end, position = the distance
      to it (0 at that end).
   3. permutation: radix sort of the key (path id, position) with the vertex ids as values
      (CUB DeviceRadixSort), or a counting scatter (histogram of path ids, scan, scatter).
   4. bands of P A P^T on the forest: one thread per permuted row, the host's loop (duplicates
      resolve the same way).
   Pointers: a vertex id >= 0 at distance exactly 2^s, or -(e+1) once the end e is reached.
*/
#include <cub/cub.cuh>
#include <math.h>
#include "forest_common.cuh"

namespace ts_forest {
namespace {

struct Edge {
  double w;
  ts_int lo, hi;
};

__device__ __forceinline__ bool edge_weaker(const Edge &a, const Edge &b)
{
  if (a.w != b.w) return a.w < b.w;
  if (a.lo != b.lo) return a.lo < b.lo;
  return a.hi < b.hi;
}
__device__ __forceinline__ Edge edge_min(const Edge &a, const Edge &b) { return edge_weaker(b, a) ? b : a; }
__device__ __forceinline__ Edge no_edge()
{
  Edge e;
  e.w  = INFINITY;
  e.lo = e.hi = (ts_int)(((uint64_t)1 << (sizeof(ts_int) * 8 - 1)) - 1);
  return e;
}

/* scan buffers, one of the two ping-pong halves */
struct ScanBuf {
  ts_int *nb;   /* 2n: pointer per direction */
  ts_int *dist; /* 2n: distance (path scan) */
  double *aw;   /* 2n: weakest edge (cycle scan) */
  ts_int *alo, *ahi;
};

struct ForestWork {
  ScanBuf                  buf[2];
  unsigned long long      *counters; /* 0: ncycles, 1: npaths, 2: longest */
  int                     *invalid;
  void                    *keys_in, *keys_out;
  ts_int                  *iota, *hist;
  void                    *cub_temp;
  size_t                   cub_bytes;
};

inline int scan_steps(ts_int n)
{
  int k = 0;
  while (k < 62 && ((ts_int)1 << k) < n) k++;
  return k;
}

size_t forest_carve(Carver &cv, ts_int n, ForestWork &w)
{
  for (int h = 0; h < 2; h++) {
    w.buf[h].nb   = cv.take<ts_int>(2 * (size_t)n);
    w.buf[h].dist = cv.take<ts_int>(2 * (size_t)n);
    w.buf[h].aw   = cv.take<double>(2 * (size_t)n);
    w.buf[h].alo  = cv.take<ts_int>(2 * (size_t)n);
    w.buf[h].ahi  = cv.take<ts_int>(2 * (size_t)n);
  }
  w.counters = cv.take<unsigned long long>(4);
  w.invalid  = cv.take<int>(1);
  w.keys_in  = cv.take<uint64_t>(n);
  w.keys_out = cv.take<uint64_t>(n);
  w.iota     = cv.take<ts_int>(n);
  w.hist     = cv.take<ts_int>((size_t)n + 1);
  size_t b1 = 0, b2 = 0, b3 = 0;
  const ts_int nn = n > 0 ? n : 1;
  cub::DeviceRadixSort::SortPairs(nullptr, b1, (const uint64_t *)nullptr, (uint64_t *)nullptr, (const ts_int *)nullptr, (ts_int *)nullptr, nn, 0, 64);
  cub::DeviceRadixSort::SortPairs(nullptr, b2, (const uint32_t *)nullptr, (uint32_t *)nullptr, (const ts_int *)nullptr, (ts_int *)nullptr, nn, 0, 32);
  cub::DeviceScan::ExclusiveSum(nullptr, b3, (ts_int *)nullptr, (ts_int *)nullptr, nn);
  w.cub_bytes = b1 > b2 ? b1 : b2;
  w.cub_bytes = w.cub_bytes > b3 ? w.cub_bytes : b3;
  w.cub_temp  = cv.take_bytes(w.cub_bytes);
  return cv.size();
}

/* ---- step 1: cycles ------------------------------------------------------------------------ */

__global__ void cycle_init_kernel(ts_int n, const ts_int *__restrict__ partner, const double *__restrict__ partner_w, ScanBuf q, unsigned long long *counters, int *invalid)
{
  for (ts_int v = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; v < n; v += (ts_int)gridDim.x * blockDim.x) {
    const ts_int p0 = partner[2 * v], p1 = partner[2 * v + 1];
    if ((p0 >= 0 && (p0 >= n || p0 == v)) || (p1 >= 0 && (p1 >= n || p1 == v || p1 == p0)) || (p0 < 0 && p1 >= 0)) *invalid = 1;
#pragma unroll
    for (int i = 0; i < 2; i++) {
      const ts_int p = partner[2 * v + i];
      if (p >= 0 && p < n && p != v) {
        q.nb[2 * v + i]  = p;
        q.aw[2 * v + i]  = partner_w[2 * v + i];
        q.alo[2 * v + i] = v < p ? v : p;
        q.ahi[2 * v + i] = v < p ? p : v;
      } else {
        const Edge e     = no_edge();
        q.nb[2 * v + i]  = -(v + 1);
        q.aw[2 * v + i]  = e.w;
        q.alo[2 * v + i] = e.lo;
        q.ahi[2 * v + i] = e.hi;
      }
    }
  }
  if (blockIdx.x == 0 && threadIdx.x < 4) counters[threadIdx.x] = 0;
}

__device__ __forceinline__ Edge load_edge(const ScanBuf &q, size_t k)
{
  Edge e;
  e.w  = q.aw[k];
  e.lo = q.alo[k];
  e.hi = q.ahi[k];
  return e;
}

__global__ void cycle_step_kernel(ts_int n, ScanBuf in, ScanBuf out)
{
  for (ts_int v = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; v < n; v += (ts_int)gridDim.x * blockDim.x) {
#pragma unroll
    for (int i = 0; i < 2; i++) {
      const size_t k  = 2 * (size_t)v + i;
      ts_int       nb = in.nb[k];
      Edge         e  = load_edge(in, k);
      if (nb >= 0) {
        const ts_int w = nb, a0 = in.nb[2 * (size_t)w], a1 = in.nb[2 * (size_t)w + 1];
        if (a0 == v && a1 == v) { /* both halves of a cycle of length dividing 2^(s+1) */
          e  = edge_min(e, edge_min(load_edge(in, 2 * (size_t)w), load_edge(in, 2 * (size_t)w + 1)));
          nb = v;
        } else {
          const int j = a0 == v ? 1 : 0; /* the direction leading away from v */
          e           = edge_min(e, load_edge(in, 2 * (size_t)w + j));
          nb          = j ? a1 : a0;
        }
      }
      out.nb[k]  = nb;
      out.aw[k]  = e.w;
      out.alo[k] = e.lo;
      out.ahi[k] = e.hi;
    }
  }
}

/* the host's remove_partner: keep filled slots first */
__device__ __forceinline__ void remove_partner(ts_int *partner, double *partner_w, ts_int v, ts_int w)
{
  if (partner[2 * v] == w) {
    partner[2 * v]   = partner[2 * v + 1];
    partner_w[2 * v] = partner_w[2 * v + 1];
  }
  partner[2 * v + 1]   = -1;
  partner_w[2 * v + 1] = 0.0;
}

__global__ void cycle_break_kernel(ts_int n, ScanBuf q, ts_int *partner, double *partner_w, unsigned long long *counters)
{
  for (ts_int v0 = blockIdx.x * (ts_int)blockDim.x; v0 < n; v0 += (ts_int)gridDim.x * blockDim.x) {
    const ts_int v     = v0 + threadIdx.x;
    unsigned long long c = 0;
    if (v < n && q.nb[2 * (size_t)v] >= 0 && q.nb[2 * (size_t)v + 1] >= 0) {
      const Edge e = edge_min(load_edge(q, 2 * (size_t)v), load_edge(q, 2 * (size_t)v + 1));
      if (v == e.lo) {
        remove_partner(partner, partner_w, v, e.hi);
        c = 1;
      } else if (v == e.hi) remove_partner(partner, partner_w, v, e.lo);
    }
    warp_add(&counters[0], c);
  }
}

/* ---- step 2: paths ------------------------------------------------------------------------- */

__global__ void path_init_kernel(ts_int n, const ts_int *__restrict__ partner, ScanBuf q)
{
  for (ts_int v = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; v < n; v += (ts_int)gridDim.x * blockDim.x) {
#pragma unroll
    for (int i = 0; i < 2; i++) {
      const ts_int p    = partner[2 * v + i];
      const bool   real = p >= 0 && p < n && p != v;
      q.nb[2 * v + i]   = real ? p : -(v + 1);
      q.dist[2 * v + i] = real ? 1 : 0;
    }
  }
}

__global__ void path_step_kernel(ts_int n, ScanBuf in, ScanBuf out)
{
  for (ts_int v = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; v < n; v += (ts_int)gridDim.x * blockDim.x) {
#pragma unroll
    for (int i = 0; i < 2; i++) {
      const size_t k  = 2 * (size_t)v + i;
      ts_int       nb = in.nb[k], d = in.dist[k];
      if (nb >= 0) {
        const ts_int w = nb, a0 = in.nb[2 * (size_t)w], a1 = in.nb[2 * (size_t)w + 1];
        const int    j = a0 == v ? 1 : 0;
        nb             = j ? a1 : a0;
        d += in.dist[2 * (size_t)w + j];
      }
      out.nb[k]   = nb;
      out.dist[k] = d;
    }
  }
}

__global__ void path_final_kernel(ts_int n, ScanBuf q, ts_int *__restrict__ path_id, ts_int *__restrict__ position, unsigned long long *counters)
{
  for (ts_int v0 = blockIdx.x * (ts_int)blockDim.x; v0 < n; v0 += (ts_int)gridDim.x * blockDim.x) {
    const ts_int       v     = v0 + threadIdx.x;
    unsigned long long first = 0, len = 0;
    if (v < n) {
      const ts_int n0 = q.nb[2 * (size_t)v], n1 = q.nb[2 * (size_t)v + 1];
      const ts_int e0 = n0 < 0 ? -n0 - 1 : v, e1 = n1 < 0 ? -n1 - 1 : v; /* a pointer still >= 0: left cycle */
      const ts_int d0 = q.dist[2 * (size_t)v], d1 = q.dist[2 * (size_t)v + 1];
      const bool   zero = e0 <= e1;
      path_id[v]  = zero ? e0 : e1;
      position[v] = e0 == e1 ? 0 : (zero ? d0 : d1);
      first       = (e0 == e1 ? 0 : (zero ? d0 : d1)) == 0;
      len         = (unsigned long long)(d0 + d1 + 1);
    }
    warp_add(&counters[1], first);
    warp_max(&counters[2], len);
  }
}

/* counters -> the caller's statistics (any pointer may be NULL) */
__global__ void stats_kernel(const unsigned long long *counters, const int *invalid, ts_int *ncycles, ts_int *npaths, ts_int *longest, int *valid)
{
  if (ncycles) *ncycles = (ts_int)counters[0];
  if (npaths) *npaths = (ts_int)counters[1];
  if (longest) *longest = (ts_int)counters[2];
  if (valid) *valid = !*invalid;
}

/* ---- step 3: permutation ------------------------------------------------------------------- */

template <class K>
__global__ void perm_keys_kernel(ts_int n, int b, const ts_int *__restrict__ path_id, const ts_int *__restrict__ position, K *__restrict__ keys, ts_int *__restrict__ iota)
{
  for (ts_int v = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; v < n; v += (ts_int)gridDim.x * blockDim.x) {
    keys[v] = ((K)path_id[v] << b) | (K)position[v];
    iota[v] = v;
  }
}

__global__ void inverse_kernel(ts_int n, const ts_int *__restrict__ perm, ts_int *__restrict__ iperm)
{
  for (ts_int k = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; k < n; k += (ts_int)gridDim.x * blockDim.x) iperm[perm[k]] = k;
}

__device__ __forceinline__ void atomic_inc(ts_int *p)
{
  if (sizeof(ts_int) == sizeof(int)) atomicAdd((int *)p, 1);
  else atomicAdd((unsigned long long *)p, 1ULL);
}

__global__ void hist_kernel(ts_int n, const ts_int *__restrict__ path_id, ts_int *__restrict__ hist)
{
  for (ts_int v = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; v < n; v += (ts_int)gridDim.x * blockDim.x) atomic_inc(&hist[path_id[v]]);
}

__global__ void scatter_perm_kernel(ts_int n, const ts_int *__restrict__ start, const ts_int *__restrict__ path_id, const ts_int *__restrict__ position, ts_int *__restrict__ perm, ts_int *__restrict__ iperm)
{
  for (ts_int v = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; v < n; v += (ts_int)gridDim.x * blockDim.x) {
    const ts_int k = start[path_id[v]] + position[v];
    perm[k]        = v;
    iperm[v]       = k;
  }
}

ts_status run_cycles(cudaStream_t s, ts_int n, ts_int *partner, double *partner_w, const ForestWork &w)
{
  TS_FOREST_TRY(cudaMemsetAsync(w.invalid, 0, sizeof(int), s));
  cycle_init_kernel<<<grid_for(n), kThreads, 0, s>>>(n, partner, partner_w, w.buf[0], w.counters, w.invalid);
  const int K = scan_steps(n);
  for (int k = 0; k < K; k++) cycle_step_kernel<<<grid_for(n), kThreads, 0, s>>>(n, w.buf[k & 1], w.buf[(k + 1) & 1]);
  cycle_break_kernel<<<grid_for(n), kThreads, 0, s>>>(n, w.buf[K & 1], partner, partner_w, w.counters);
  return check_launch();
}

ts_status run_paths(cudaStream_t s, ts_int n, const ts_int *partner, ts_int *path_id, ts_int *position, const ForestWork &w)
{
  path_init_kernel<<<grid_for(n), kThreads, 0, s>>>(n, partner, w.buf[0]);
  const int K = scan_steps(n);
  for (int k = 0; k < K; k++) path_step_kernel<<<grid_for(n), kThreads, 0, s>>>(n, w.buf[k & 1], w.buf[(k + 1) & 1]);
  path_final_kernel<<<grid_for(n), kThreads, 0, s>>>(n, w.buf[K & 1], path_id, position, w.counters);
  return check_launch();
}

ts_status run_permutation(cudaStream_t s, int sort, ts_int n, const ts_int *path_id, const ts_int *position, ts_int *perm, ts_int *iperm, const ForestWork &w)
{
  if (sort) {
    const int b = bits_for((uint64_t)(n > 1 ? n - 1 : 1));
    size_t    bytes = w.cub_bytes;
    if (2 * b <= 32) {
      perm_keys_kernel<uint32_t><<<grid_for(n), kThreads, 0, s>>>(n, b, path_id, position, (uint32_t *)w.keys_in, w.iota);
      TS_FOREST_TRY(cub::DeviceRadixSort::SortPairs(w.cub_temp, bytes, (const uint32_t *)w.keys_in, (uint32_t *)w.keys_out, (const ts_int *)w.iota, perm, n, 0, 2 * b, s));
    } else {
      if (2 * b > 64) return TS_ERR_ARGUMENT;
      perm_keys_kernel<uint64_t><<<grid_for(n), kThreads, 0, s>>>(n, b, path_id, position, (uint64_t *)w.keys_in, w.iota);
      TS_FOREST_TRY(cub::DeviceRadixSort::SortPairs(w.cub_temp, bytes, (const uint64_t *)w.keys_in, (uint64_t *)w.keys_out, (const ts_int *)w.iota, perm, n, 0, 2 * b, s));
    }
    inverse_kernel<<<grid_for(n), kThreads, 0, s>>>(n, perm, iperm);
  } else {
    TS_FOREST_TRY(cudaMemsetAsync(w.hist, 0, ((size_t)n + 1) * sizeof(ts_int), s));
    hist_kernel<<<grid_for(n), kThreads, 0, s>>>(n, path_id, w.hist);
    size_t bytes = w.cub_bytes;
    TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(w.cub_temp, bytes, w.hist, w.iota, n, s));
    scatter_perm_kernel<<<grid_for(n), kThreads, 0, s>>>(n, w.iota, path_id, position, perm, iperm);
  }
  return check_launch();
}

/* Identity: no perm, iperm or path_id, the matrix's own order as one path (a tridiagonal matrix) */
template <bool Identity>
__global__ void bands_kernel(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, const ts_int *__restrict__ perm, const ts_int *__restrict__ iperm, const ts_int *__restrict__ path_id, double *__restrict__ a, double *__restrict__ b, double *__restrict__ c)
{
  for (ts_int k = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; k < n; k += (ts_int)gridDim.x * blockDim.x) {
    const ts_int v   = Identity ? k : perm[k];
    const ts_int pid = Identity ? 0 : path_id[v];
    double       ak = 0.0, bk = 0.0, ck = 0.0;
    for (ts_int e = rowptr[v]; e < rowptr[v + 1]; e++) {
      const ts_int j = col[e];
      if (j == v) bk = val[e];
      else if (Identity || path_id[j] == pid) {
        const ts_int kj = Identity ? j : iperm[j];
        if (kj == k - 1) ak = val[e];
        else if (kj == k + 1) ck = val[e];
      }
    }
    a[k] = ak;
    b[k] = bk;
    c[k] = ck;
  }
}

} /* anonymous namespace */
} /* namespace ts_forest */

using namespace ts_forest;

extern "C" {

size_t ts_cuda_linear_forest_buffer_size(ts_int n)
{
  Carver     cv(nullptr);
  ForestWork w;
  return forest_carve(cv, n, w);
}

ts_status ts_cuda_forest_break_cycles(void *stream, ts_int n, ts_int *partner, double *partner_w, ts_int *ncycles, int *valid, void *buffer)
{
  if (n < 0) return TS_ERR_ARGUMENT;
  cudaStream_t s = as_stream(stream);
  Carver       cv(buffer);
  ForestWork   w;
  forest_carve(cv, n, w);
  if (n > 0) TS_FOREST_TRY_STATUS(run_cycles(s, n, partner, partner_w, w));
  else {
    TS_FOREST_TRY(cudaMemsetAsync(w.counters, 0, 4 * sizeof(unsigned long long), s));
    TS_FOREST_TRY(cudaMemsetAsync(w.invalid, 0, sizeof(int), s));
  }
  if (ncycles || valid) stats_kernel<<<1, 1, 0, s>>>(w.counters, w.invalid, ncycles, nullptr, nullptr, valid);
  return check_launch();
}

ts_status ts_cuda_forest_paths(void *stream, ts_int n, const ts_int *partner, ts_int *path_id, ts_int *position, ts_int *npaths, ts_int *longest, void *buffer)
{
  if (n < 0) return TS_ERR_ARGUMENT;
  cudaStream_t s = as_stream(stream);
  Carver       cv(buffer);
  ForestWork   w;
  forest_carve(cv, n, w);
  TS_FOREST_TRY(cudaMemsetAsync(w.counters + 1, 0, 2 * sizeof(unsigned long long), s));
  if (n > 0) TS_FOREST_TRY_STATUS(run_paths(s, n, partner, path_id, position, w));
  if (npaths || longest) stats_kernel<<<1, 1, 0, s>>>(w.counters, w.invalid, nullptr, npaths, longest, nullptr);
  return check_launch();
}

ts_status ts_cuda_forest_permutation(void *stream, int sort, ts_int n, const ts_int *path_id, const ts_int *position, ts_int *perm, ts_int *iperm, void *buffer)
{
  if (n < 0) return TS_ERR_ARGUMENT;
  if (n == 0) return TS_SUCCESS;
  Carver     cv(buffer);
  ForestWork w;
  forest_carve(cv, n, w);
  return run_permutation(as_stream(stream), sort, n, path_id, position, perm, iperm, w);
}

ts_status ts_cuda_linear_forest(void *stream, ts_int n, ts_int *partner, double *partner_w, ts_int *path_id, ts_int *position, ts_int *perm, ts_int *iperm, void *buffer, ts_int *stats, int *valid)
{
  if (n < 0) return TS_ERR_ARGUMENT;
  if (n == 0) return TS_SUCCESS;
  cudaStream_t s = as_stream(stream);
  Carver       cv(buffer);
  ForestWork   w;
  forest_carve(cv, n, w);
  TS_FOREST_TRY_STATUS(run_cycles(s, n, partner, partner_w, w));
  TS_FOREST_TRY_STATUS(run_paths(s, n, partner, path_id, position, w));
  TS_FOREST_TRY_STATUS(run_permutation(s, 1, n, path_id, position, perm, iperm, w));
  if (stats || valid) stats_kernel<<<1, 1, 0, s>>>(w.counters, w.invalid, stats ? stats + 2 : nullptr, stats, stats ? stats + 1 : nullptr, valid);
  return check_launch();
}

ts_status ts_cuda_forest_bands(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *perm, const ts_int *iperm, const ts_int *path_id, double *a, double *b, double *c)
{
  if (n < 0) return TS_ERR_ARGUMENT;
  if (n == 0) return TS_SUCCESS;
  if (!perm && !iperm && !path_id) bands_kernel<true><<<grid_for(n), kThreads, 0, as_stream(stream)>>>(n, rowptr, col, val, perm, iperm, path_id, a, b, c);
  else if (perm && iperm && path_id) bands_kernel<false><<<grid_for(n), kThreads, 0, as_stream(stream)>>>(n, rowptr, col, val, perm, iperm, path_id, a, b, c);
  else return TS_ERR_ARGUMENT;
  return check_launch();
}

} /* extern "C" */
