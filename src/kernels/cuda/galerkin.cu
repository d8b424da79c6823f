/* SPDX-License-Identifier: BSD-2-Clause */
/*
   galerkin.cu - twin of ts_ref_galerkin_* (reference/galerkin.c): C = P^T (A P) for a thin P by two products of
   one kind, C = L^T M R with L and R thin (or the identity), each by sort and reduce as Ginkgo's PGM builds its
   coarse operator: A P is L = I, M = A, R = P; C is L = P, M = A P, R = I. Every entry m_ij of row i expands into
   the terms (l_iI m_ij) r_jJ, one per pair of entries of row i of L and row j of R; the terms are numbered row by
   row, sorted by the key I ncr + J with a stable radix sort, and each run of equal keys is one entry of the
   product, summed by one thread in the terms' order: the host's order, so the product is the host's bit for bit
   (an identity factor multiplies by 1.0, which is exact). The sorted order and the runs are kept, so new values
   of A on the same pattern cost one expansion and one gather per product (ts_cuda_galerkin_values), no sort.
   Sorting each row I apart (CUB's segmented sort) instead was 2-3.5x slower, most likely because CUB gives each
   long row of a dense coarse level one thread block (bench/results/triamg-setup/galerkin-segmented).
   Why two products: P^T A P at once has sum_i |P_i| sum_k |P_k| terms, the two sum_i sum_k |P_k| and
   sum_i |P_i| |(A P)_i| (MODEL8 512^2's five levels: 162M against 23M + 23M).
*/
#include <cub/cub.cuh>
#include "forest_common.cuh"

namespace {

using ts_forest::check_launch;
using ts_forest::grid_for;
using ts_forest::kThreads;
using ts_forest::warp_grid;

typedef unsigned long long Key;

/* a thin factor, L or R: CSR rows, or the identity where row == NULL (row i holds column i with 1.0) */
struct Thin {
  const ts_int *row, *col;
  const double *val;

  __device__ __forceinline__ ts_int begin(ts_int i) const { return row ? row[i] : i; }
  __device__ __forceinline__ ts_int end(ts_int i) const { return row ? row[i + 1] : i + 1; }
  __device__ __forceinline__ ts_int column(ts_int p) const { return row ? col[p] : p; }
  __device__ __forceinline__ double value(ts_int p) const { return row ? val[p] : 1.0; }
};

Thin thin(const ts_int *row, const ts_int *col, const double *val)
{
  Thin t;

  t.row = row;
  t.col = col;
  t.val = val;
  return t;
}

/* terms of row i: its entries of L times the entries of R of its columns' rows */
__global__ void term_counts(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, Thin L, Thin R, int64_t *__restrict__ count)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) {
    int64_t c = 0;

    for (ts_int k = rowptr[i]; k < rowptr[i + 1]; k++) c += R.end(col[k]) - R.begin(col[k]);
    count[i] = c * (L.end(i) - L.begin(i));
  }
}

/* One warp per row of M: lane l takes the row's entry k = base + l, and the lanes' terms, nl_i nr_j of them for
   entry k (nl, nr: L's and R's row lengths), go to the positions a warp prefix sum of those counts gives, so the
   terms keep the order (i, k, p, q) of the host's numbering and every launch writes runs of neighbouring positions
   (one thread per row wrote a row's thousands of terms of a dense coarse level alone). t0: the chunk's first term;
   returns the lane's first term and sets *total to the chunk's terms. */
__device__ __forceinline__ ts_int warp_terms(ts_int t0, ts_int count, ts_int *total)
{
  const int lane = threadIdx.x & 31;
  ts_int    scan = count;

  for (int d = 1; d < 32; d <<= 1) {
    const ts_int up = __shfl_up_sync(0xffffffffu, scan, d);
    if (lane >= d) scan += up;
  }
  *total = __shfl_sync(0xffffffffu, scan, 31);
  return t0 + scan - count;
}

/* the terms' keys and numbers, in the order (i, k, p, q) */
__global__ void expand_keys(ts_int n, ts_int ncr, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, Thin L, Thin R, const int64_t *__restrict__ first, Key *__restrict__ key, ts_int *__restrict__ index)
{
  const ts_forest::WarpGrid g = warp_grid();

  for (ts_int i = g.first; i < n; i += g.stride) { /* the same i for the whole warp: the shuffles see every lane */
    const ts_int end = rowptr[i + 1], pi0 = L.begin(i), pi1 = L.end(i);
    ts_int       t0  = (ts_int)first[i];

    for (ts_int base = rowptr[i]; base < end; base += 32) {
      const ts_int k = base + g.lane, j = k < end ? col[k] : 0;
      const ts_int q0 = k < end ? R.begin(j) : 0, q1 = k < end ? R.end(j) : 0;
      ts_int       total, t = warp_terms(t0, (pi1 - pi0) * (q1 - q0), &total);

      for (ts_int p = pi0; p < pi1 && k < end; p++)
        for (ts_int q = q0; q < q1; q++) {
          key[t]   = (Key)L.column(p) * (Key)ncr + (Key)R.column(q);
          index[t] = t;
          t++;
        }
      t0 += total;
    }
  }
}

/* the terms' values, in the same order */
__global__ void expand_values(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, Thin L, Thin R, const int64_t *__restrict__ first, double *__restrict__ term)
{
  const ts_forest::WarpGrid g = warp_grid();

  for (ts_int i = g.first; i < n; i += g.stride) {
    const ts_int end = rowptr[i + 1], pi0 = L.begin(i), pi1 = L.end(i);
    ts_int       t0  = (ts_int)first[i];

    for (ts_int base = rowptr[i]; base < end; base += 32) {
      const ts_int k = base + g.lane, j = k < end ? col[k] : 0;
      const ts_int q0 = k < end ? R.begin(j) : 0, q1 = k < end ? R.end(j) : 0;
      ts_int       total, t = warp_terms(t0, (pi1 - pi0) * (q1 - q0), &total);

      for (ts_int p = pi0; p < pi1 && k < end; p++) {
        const double pa = __dmul_rn(L.value(p), val[k]);

        for (ts_int q = q0; q < q1; q++) term[t++] = __dmul_rn(pa, R.value(q));
      }
      t0 += total;
    }
  }
}

/* the product's columns and row starts (ncl rows) from its sorted keys */
__global__ void entries(ts_int ncl, ts_int ncr, ts_int cnnz, const Key *__restrict__ unique, ts_int *__restrict__ crow, ts_int *__restrict__ ccol)
{
  for (ts_int e = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; e < cnnz; e += (ts_int)gridDim.x * blockDim.x) {
    const ts_int I = (ts_int)(unique[e] / (Key)ncr), before = e ? (ts_int)(unique[e - 1] / (Key)ncr) : -1;

    ccol[e] = (ts_int)(unique[e] % (Key)ncr);
    for (ts_int r = before + 1; r <= I; r++) crow[r] = e;
    if (e == cnnz - 1)
      for (ts_int r = I + 1; r <= ncl; r++) crow[r] = cnnz;
  }
}

__global__ void sum_runs(ts_int cnnz, const ts_int *__restrict__ run, const ts_int *__restrict__ order, const double *__restrict__ term, double *__restrict__ cval)
{
  for (ts_int e = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; e < cnnz; e += (ts_int)gridDim.x * blockDim.x) {
    double s = 0.0;

    for (ts_int r = run[e]; r < run[e + 1]; r++) s = __dadd_rn(s, term[order[r]]);
    cval[e] = s;
  }
}

/* the count and the row offsets of the terms: first[n + 1] */
struct CountWork {
  int64_t *first;
  void    *temp;
  size_t   temp_bytes;
};

CountWork carve_count(ts_forest::Carver &cv, ts_int n)
{
  CountWork w;

  w.first      = cv.take<int64_t>((size_t)n + 1);
  w.temp_bytes = 0;
  cub::DeviceScan::ExclusiveSum(nullptr, w.temp_bytes, (const int64_t *)nullptr, (int64_t *)nullptr, n + 1);
  w.temp = cv.take_bytes(w.temp_bytes);
  return w;
}

ts_status first_terms(cudaStream_t st, ts_int n, const ts_int *rowptr, const ts_int *col, Thin L, Thin R, CountWork &w)
{
  size_t bytes = w.temp_bytes;

  TS_FOREST_TRY(cudaMemsetAsync(w.first + n, 0, sizeof(int64_t), st));
  if (n) term_counts<<<grid_for(n), kThreads, 0, st>>>(n, rowptr, col, L, R, w.first);
  TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(w.temp, bytes, w.first, w.first, n + 1, st));
  return check_launch();
}

/* the sort's workspace: the offsets, keys in and out, the terms' numbers, the runs' keys and lengths */
struct SortWork {
  CountWork count;
  Key      *key_in, *key_out, *unique;
  ts_int   *index, *length, *nruns;
  void     *temp;
  size_t    temp_bytes;
};

SortWork carve_sort(ts_forest::Carver &cv, ts_int n, int64_t nterms)
{
  SortWork     w;
  const size_t m = nterms > 0 ? (size_t)nterms : 1;
  size_t       a = 0, b = 0, c = 0;

  w.count   = carve_count(cv, n);
  w.key_in  = cv.take<Key>(m);
  w.key_out = cv.take<Key>(m);
  w.unique  = cv.take<Key>(m);
  w.index   = cv.take<ts_int>(m);
  w.length  = cv.take<ts_int>(m + 1);
  w.nruns   = cv.take<ts_int>(1);
  cub::DeviceRadixSort::SortPairs(nullptr, a, (const Key *)nullptr, (Key *)nullptr, (const ts_int *)nullptr, (ts_int *)nullptr, (int)m);
  cub::DeviceRunLengthEncode::Encode(nullptr, b, (const Key *)nullptr, (Key *)nullptr, (ts_int *)nullptr, (ts_int *)nullptr, (int)m);
  cub::DeviceScan::ExclusiveSum(nullptr, c, (const ts_int *)nullptr, (ts_int *)nullptr, (int)m + 1);
  w.temp_bytes = a > b ? a : b;
  w.temp_bytes = w.temp_bytes > c ? w.temp_bytes : c;
  w.temp       = cv.take_bytes(w.temp_bytes);
  return w;
}

struct ValuesWork {
  CountWork count;
  double   *term;
};

ValuesWork carve_values(ts_forest::Carver &cv, ts_int n, int64_t nterms)
{
  ValuesWork w;

  w.count = carve_count(cv, n);
  w.term  = cv.take<double>(nterms > 0 ? (size_t)nterms : 1);
  return w;
}

} // namespace

size_t ts_cuda_galerkin_count_buffer_size(ts_int n)
{
  ts_forest::Carver cv(nullptr);

  (void)carve_count(cv, n > 0 ? n : 0);
  return cv.size();
}

ts_status ts_cuda_galerkin_count(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const ts_int *lrow, const ts_int *rrow, int64_t *nterms, void *buffer)
{
  cudaStream_t      st = ts_forest::as_stream(stream);
  ts_forest::Carver cv(buffer);
  CountWork         w;

  if (n < 0) return TS_ERR_ARGUMENT;
  w = carve_count(cv, n);
  TS_FOREST_TRY_STATUS(first_terms(st, n, rowptr, col, thin(lrow, nullptr, nullptr), thin(rrow, nullptr, nullptr), w));
  TS_FOREST_TRY(cudaMemcpyAsync(nterms, w.first + n, sizeof(int64_t), cudaMemcpyDeviceToDevice, st));
  return TS_SUCCESS;
}

size_t ts_cuda_galerkin_sort_buffer_size(ts_int n, int64_t nterms)
{
  ts_forest::Carver cv(nullptr);

  (void)carve_sort(cv, n > 0 ? n : 0, nterms);
  return cv.size();
}

ts_status ts_cuda_galerkin_sort(void *stream, ts_int n, ts_int ncl, ts_int ncr, const ts_int *rowptr, const ts_int *col, const ts_int *lrow, const ts_int *lcol, const ts_int *rrow, const ts_int *rcol, int64_t nterms, ts_int *order, ts_int *cnnz, void *buffer)
{
  cudaStream_t      st = ts_forest::as_stream(stream);
  ts_forest::Carver cv(buffer);
  const Thin        L = thin(lrow, lcol, nullptr), R = thin(rrow, rcol, nullptr);
  SortWork          w;
  size_t            bytes;

  if (n < 0 || ncl < 0 || ncr < 0 || nterms < 0 || nterms > (int64_t)INT32_MAX - 1) return TS_ERR_ARGUMENT;
  w = carve_sort(cv, n, nterms);
  if (!nterms) {
    TS_FOREST_TRY(cudaMemsetAsync(cnnz, 0, sizeof(ts_int), st));
    TS_FOREST_TRY(cudaMemsetAsync(w.nruns, 0, sizeof(ts_int), st));
    return TS_SUCCESS;
  }
  TS_FOREST_TRY_STATUS(first_terms(st, n, rowptr, col, L, R, w.count));
  expand_keys<<<grid_for((size_t)n * 32), kThreads, 0, st>>>(n, ncr, rowptr, col, L, R, w.count.first, w.key_in, w.index);
  TS_FOREST_TRY(cudaGetLastError());
  bytes = w.temp_bytes;
  TS_FOREST_TRY(cub::DeviceRadixSort::SortPairs(w.temp, bytes, w.key_in, w.key_out, w.index, order, (int)nterms, 0, ts_forest::bits_for(ncl > 0 && ncr > 0 ? (Key)ncl * (Key)ncr - 1 : 0), st));
  bytes = w.temp_bytes;
  TS_FOREST_TRY(cub::DeviceRunLengthEncode::Encode(w.temp, bytes, w.key_out, w.unique, w.length, w.nruns, (int)nterms, st));
  TS_FOREST_TRY(cudaMemcpyAsync(cnnz, w.nruns, sizeof(ts_int), cudaMemcpyDeviceToDevice, st));
  return check_launch();
}

ts_status ts_cuda_galerkin_pattern(void *stream, ts_int n, ts_int ncl, ts_int ncr, int64_t nterms, ts_int cnnz, ts_int *crow, ts_int *ccol, ts_int *run, void *buffer)
{
  cudaStream_t      st = ts_forest::as_stream(stream);
  ts_forest::Carver cv(buffer);
  SortWork          w;
  size_t            bytes;

  if (n < 0 || ncl < 0 || ncr < 0 || cnnz < 0) return TS_ERR_ARGUMENT;
  w = carve_sort(cv, n, nterms);
  if (!cnnz) {
    TS_FOREST_TRY(cudaMemsetAsync(crow, 0, sizeof(ts_int) * ((size_t)ncl + 1), st));
    TS_FOREST_TRY(cudaMemsetAsync(run, 0, sizeof(ts_int), st));
    return TS_SUCCESS;
  }
  entries<<<grid_for(cnnz), kThreads, 0, st>>>(ncl, ncr, cnnz, w.unique, crow, ccol);
  TS_FOREST_TRY(cudaGetLastError());
  TS_FOREST_TRY(cudaMemsetAsync(w.length + cnnz, 0, sizeof(ts_int), st));
  bytes = w.temp_bytes;
  TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(w.temp, bytes, w.length, run, cnnz + 1, st));
  return check_launch();
}

size_t ts_cuda_galerkin_values_buffer_size(ts_int n, int64_t nterms)
{
  ts_forest::Carver cv(nullptr);

  (void)carve_values(cv, n > 0 ? n : 0, nterms);
  return cv.size();
}

ts_status ts_cuda_galerkin_values(void *stream, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const ts_int *lrow, const double *lval, const ts_int *rrow, const double *rval, int64_t nterms, const ts_int *order, ts_int cnnz, const ts_int *run, double *cval, void *buffer)
{
  cudaStream_t      st = ts_forest::as_stream(stream);
  ts_forest::Carver cv(buffer);
  const Thin        L = thin(lrow, nullptr, lval), R = thin(rrow, nullptr, rval);
  ValuesWork        w;

  if (n < 0 || cnnz < 0 || nterms < 0) return TS_ERR_ARGUMENT;
  w = carve_values(cv, n, nterms);
  if (!cnnz) return TS_SUCCESS;
  TS_FOREST_TRY_STATUS(first_terms(st, n, rowptr, col, L, R, w.count));
  expand_values<<<grid_for((size_t)n * 32), kThreads, 0, st>>>(n, rowptr, col, val, L, R, w.count.first, w.term);
  TS_FOREST_TRY(cudaGetLastError());
  sum_runs<<<grid_for(cnnz), kThreads, 0, st>>>(cnnz, run, order, w.term, cval);
  return check_launch();
}
