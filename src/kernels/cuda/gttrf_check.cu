/* SPDX-License-Identifier: BSD-2-Clause */
/*
   gttrf_check.cu - the zero-pivot check of a tridiagonal chain on the device, with ts_ref_gttrf's
   status and first zero-pivot position (gttrf_check.cuh says how): three walks over chunks of rows and
   two scans of their composites estimate every pivot, and only the stretches with a suspect pivot are
   replayed with the host's arithmetic. Replaces the replay of every path (one thread per path), whose
   time grew with the longest path (docs/design.md, Host and device backends).
*/
#include <cub/cub.cuh>
#include "gttrf_check.cuh"

namespace ts_check {
namespace {

using ts_forest::Carver;
using ts_forest::check_launch;
using ts_forest::grid_for;
using ts_forest::kThreads;

struct Work {
  DirMap  *dir, *dir_scan;
  SizeMap *size, *size_scan;
  ts_int  *last;  /* at a restart position: the last suspect position of its stretch, -1 none */
  ts_int  *stats; /* suspect positions, stretches replayed, rows replayed */
  void    *cub;
  size_t   cub_bytes;
};

TS_CHECK_HD ts_int chunks(ts_int n) { return (n + kChunk - 1) / kChunk; }

static size_t carve(Carver &cv, ts_int n, Work &w)
{
  const ts_int nc = chunks(n) > 0 ? chunks(n) : 1;
  size_t       b1 = 0, b2 = 0;

  w.dir       = cv.take<DirMap>(nc);
  w.dir_scan  = cv.take<DirMap>(nc);
  w.size      = cv.take<SizeMap>(nc);
  w.size_scan = cv.take<SizeMap>(nc);
  w.last      = cv.take<ts_int>(n > 0 ? n : 1);
  w.stats     = cv.take<ts_int>(3);
  cub::DeviceScan::InclusiveScan(nullptr, b1, (const DirMap *)nullptr, (DirMap *)nullptr, DirScan{}, nc);
  cub::DeviceScan::InclusiveScan(nullptr, b2, (const SizeMap *)nullptr, (SizeMap *)nullptr, SizeScan{}, nc);
  w.cub_bytes = b1 > b2 ? b1 : b2;
  w.cub       = cv.take_bytes(w.cub_bytes);
  return cv.size();
}


/* the composite direction map of each chunk; flags a non-finite entry */
__global__ void chunk_directions(ts_int n, const double *__restrict__ a, const double *__restrict__ b, const double *__restrict__ c, DirMap *__restrict__ dir, ts_int *info)
{
  const ts_int nc = chunks(n);
  for (ts_int q = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; q < nc; q += (ts_int)gridDim.x * blockDim.x) {
    const ts_int k0 = q * kChunk, k1 = k0 + kChunk < n ? k0 + kChunk : n;
    DirMap       d  = dir_identity();
    bool         ok = true;
    for (ts_int k = k0; k < k1; k++) {
      d  = dir_compose(d, dir_row(n, k, a, b, c));
      ok = ok && row_finite(n, k, a, b, c);
    }
    dir[q] = d;
    if (!ok) ts_mosa::atomic_set_one(info);
  }
}

/* the composite size map of each chunk, walking from the direction the scan gives at its start */
__global__ void chunk_sizes(ts_pivoting pivoting, ts_int n, const double *__restrict__ a, const double *__restrict__ b, const double *__restrict__ c, const DirMap *__restrict__ dir_scan, SizeMap *__restrict__ size)
{
  const ts_int nc = chunks(n);
  for (ts_int q = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; q < nc; q += (ts_int)gridDim.x * blockDim.x) {
    const ts_int k0 = q * kChunk, k1 = k0 + kChunk < n ? k0 + kChunk : n;
    SizeMap      s  = size_identity();
    Walk         w;
    w.begin(dir_scan, q);
    for (ts_int k = k0; k < k1; k++) s = size_compose(s, w.advance(pivoting, n, k, a, b, c));
    size[q] = s;
  }
}

/* the estimated pivots of each chunk; a suspect one marks its stretch (from the last restart) */
__global__ void chunk_suspects(ts_pivoting pivoting, ts_int n, const double *__restrict__ a, const double *__restrict__ b, const double *__restrict__ c, const DirMap *__restrict__ dir_scan, const SizeMap *__restrict__ size_scan, ts_int *__restrict__ last, ts_int *stats)
{
  const ts_int nc = chunks(n);
  for (ts_int q = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; q < nc; q += (ts_int)gridDim.x * blockDim.x) {
    const ts_int k0 = q * kChunk, k1 = k0 + kChunk < n ? k0 + kChunk : n;
    ts_int       head = q > 0 ? dir_scan[q - 1].head : 0, suspects = 0;
    double       lsigma = q > 0 ? size_scan[q - 1].A : 0;
    Walk         w;
    w.begin(dir_scan, q);
    for (ts_int k = k0; k < k1; k++) {
      const SizeMap s = w.advance(pivoting, n, k, a, b, c);
      lsigma          = s.konst ? s.A : clampd(mind(s.A, s.B + lsigma));
      if (restarts(k, a)) head = k;
      if (pivot_suspect(pivoting, n, k, a, b, c, lsigma, w.v0)) {
        if (sizeof(ts_int) == sizeof(int)) atomicMax((int *)&last[head], (int)k);
        else atomicMax((long long *)&last[head], (long long)k);
        suspects++;
      }
    }
    if (suspects) atomicAdd((int *)&stats[0], (int)suspects);
  }
}

/* the host's arithmetic on each marked stretch, one thread per stretch */
__global__ void replay_stretches(ts_pivoting pivoting, ts_int n, const double *__restrict__ a, const double *__restrict__ b, const double *__restrict__ c, const ts_int *__restrict__ last, ts_int *info, ts_int *stats)
{
  for (ts_int k = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; k < n; k += (ts_int)gridDim.x * blockDim.x) {
    if (last[k] < 0) continue;
    const ts_int zero = replay(pivoting, n, k, last[k], a, b, c);
    if (zero >= 0) ts_mosa::atomic_min(info + 1, zero);
    atomicAdd((int *)&stats[1], 1);
    atomicAdd((int *)&stats[2], (int)((zero >= 0 ? zero : last[k]) - k + 1));
  }
}


} /* anonymous namespace */
} /* namespace ts_check */

using namespace ts_check;

extern "C" {

size_t ts_cuda_gttrf_check_buffer_size(ts_int n)
{
  Carver cv(nullptr);
  Work   w;
  return carve(cv, n, w);
}

ts_status ts_cuda_gttrf_check(void *stream, ts_pivoting pivoting, ts_int n, const double *a, const double *b, const double *c, void *buffer, ts_int *info)
{
  cudaStream_t s = ts_forest::as_stream(stream);
  Carver       cv(buffer);
  Work         w;

  if (n < 0 || !info || (n > 0 && (!a || !b || !c || !buffer)) || (pivoting != TS_PIVOTING_NONE && pivoting != TS_PIVOTING_PARTIAL && pivoting != TS_PIVOTING_SCALED)) return TS_ERR_ARGUMENT;
  if (sizeof(ts_int) != sizeof(int)) return TS_ERR_ARGUMENT; /* the counters are int atomics */
  carve(cv, n, w);
  ts_mosa::status_init<<<1, 1, 0, s>>>(n, info);
  TS_FOREST_TRY(cudaMemsetAsync(w.stats, 0, 3 * sizeof(ts_int), s));
  if (n > 0) {
    const ts_int nc = chunks(n);
    TS_FOREST_TRY(cudaMemsetAsync(w.last, 0xff, sizeof(ts_int) * n, s)); /* -1 */
    chunk_directions<<<grid_for(nc), kThreads, 0, s>>>(n, a, b, c, w.dir, info);
    TS_FOREST_TRY(cub::DeviceScan::InclusiveScan(w.cub, w.cub_bytes, w.dir, w.dir_scan, DirScan{}, nc, s));
    chunk_sizes<<<grid_for(nc), kThreads, 0, s>>>(pivoting, n, a, b, c, w.dir_scan, w.size);
    TS_FOREST_TRY(cub::DeviceScan::InclusiveScan(w.cub, w.cub_bytes, w.size, w.size_scan, SizeScan{}, nc, s));
    chunk_suspects<<<grid_for(nc), kThreads, 0, s>>>(pivoting, n, a, b, c, w.dir_scan, w.size_scan, w.last, w.stats);
    replay_stretches<<<grid_for(n), kThreads, 0, s>>>(pivoting, n, a, b, c, w.last, info, w.stats);
  }
  ts_mosa::status_final<<<1, 1, 0, s>>>(n, info);
  return check_launch();
}

ts_int *ts_cuda_gttrf_check_stats(ts_int n, void *buffer)
{
  Carver cv(buffer);
  Work   w;
  carve(cv, n, w);
  return w.stats;
}

} /* extern "C" */
