/* SPDX-License-Identifier: BSD-2-Clause */
/*
   galerkin.cu - twin of ts_ref_galerkin_* (reference/galerkin.c): C = P^T (A P) for a thin P by two products of
   one kind, C = L^T M R with L and R thin (or the identity), each by sort and reduce as Ginkgo's PGM builds its
   coarse operator: A P is L = I, M = A, R = P; C is L = P, M = A P, R = I. Every entry m_ij of row i expands into
   the terms (l_iI m_ij) r_jJ, one per pair of entries of row i of L and row j of R, numbered row by row in the
   order (i, k, p, q). The symbolic phase writes each term where its product row I = L's column of p holds it (one
   thread per entry of M: the rows I follow each other, and within a row come its rows i of L^T in increasing i,
   each with its terms in the numbering's order), then sorts each row by column J stably: one warp a row in shared
   memory (hash_rows(): the row's distinct columns in a hash table, ranked, and the terms counted into their
   columns' runs in order, O(terms)); rows of more than kHashCap distinct columns or kHashLen terms (dense coarse
   levels) go, compacted, through one radix sort by (I, J) and back. The result is what one global stable sort by
   (I, J) leaves, so each run of equal (I, J), one entry of the product, keeps the numbering's order, and one thread
   sums it in that order: the host's, so the product is the host's bit for bit (an identity factor multiplies by
   1.0, which is exact). The sorted order (as term numbers) and the runs are kept, so new values of A on the same
   pattern cost one expansion and one gather per product (ts_cuda_galerkin_values), no sort.
   Measured against one global radix sort of all terms (MODEL8 1000^2, H200): the symbolic phase 17.8 -> 14.0 ms
   (bench/results/triamg-setup/galerkin-hash). Not kept: a stable rank sort of each row of at most 512 terms (the
   O(terms^2) ranks made it slower than the global sort), CUB's segmented sort (2-3.5x slower, most likely because
   CUB gives each long row of a dense coarse level one thread block: galerkin-segmented).
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

/* The warp's exclusive prefix sum of count from t0 (every lane calls it), *total its sum over the warp. In
   expand_values() one warp takes a row of M, lane l its entry base + l, and the lanes' terms go to the positions
   this gives, so they keep the order of the entries and every launch writes runs of neighbouring positions (one
   thread per row wrote a row's thousands of terms of a dense coarse level alone); hash_rows() sums its columns'
   counts with it. */
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

/* each entry's row (the row of an entry costs expand_entries a read instead of a search) */
__global__ void entry_rows_of(ts_int n, const ts_int *__restrict__ rowptr, ts_int *__restrict__ rowof)
{
  ts_forest::write_row_of(n, rowptr, rowof);
}

/* eoff[k]: the terms of M R of entry k (R's row length of its column), to be summed into each entry's offset */
__global__ void entry_terms(ts_int mnnz, const ts_int *__restrict__ col, Thin R, ts_int *__restrict__ eoff)
{
  for (ts_int k = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; k < mnnz; k += (ts_int)gridDim.x * blockDim.x) eoff[k] = R.end(col[k]) - R.begin(col[k]);
}

/* For each entry t of L^T (row I, its row i of L): the terms of row i of M R, to be summed into the place of its
   terms in the product (the rows I follow each other, so the sum is seg[I] plus the rows i before it in row I);
   and ltpos[p] = t for the entry p of column I in row i of L (a thin row searched) */
__global__ void lt_terms(ts_int ncl, ts_int lnnz, const ts_int *__restrict__ ltrow, const ts_int *__restrict__ ltsrc, const ts_int *__restrict__ rowptr, Thin L, const ts_int *__restrict__ eoff, ts_int *__restrict__ base, ts_int *__restrict__ ltpos)
{
  for (ts_int t = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; t < lnnz; t += (ts_int)gridDim.x * blockDim.x) {
    const ts_int i = ltsrc[t];
    ts_int       lo = 0, hi = ncl, p;

    while (hi - lo > 1) { /* I: the last row of L^T that starts at or before t */
      const ts_int mid = (lo + hi) / 2;

      if (ltrow[mid] <= t) lo = mid;
      else hi = mid;
    }
    for (p = L.begin(i); p + 1 < L.end(i) && L.column(p) != lo; p++);
    ltpos[p] = t;
    base[t]  = eoff[rowptr[i + 1]] - eoff[rowptr[i]];
  }
}

/* the product's row starts: seg[I] = base[ltrow[I]] (L^T's rows), or the summed entry offsets of M's rows (L = I) */
__global__ void row_starts(ts_int ncl, const ts_int *__restrict__ ltrow, const ts_int *__restrict__ base, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ eoff, ts_int *__restrict__ seg)
{
  for (ts_int I = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; I <= ncl; I += (ts_int)gridDim.x * blockDim.x) seg[I] = ltrow ? base[ltrow[I]] : eoff[rowptr[I]];
}

/* One thread per entry k of M (row i = rowof[k]): its terms, for each entry p of row i of L and each entry q
   of R's row of its column, each with its column J as key and its number in the order (i, k, p, q) as value,
   first[i] + |L_i| (row i's terms of M R before entry k) + (p - L_i's first) |R_j| + (q - R_j's first), placed
   where row I = L's column of p holds row i's terms (base[ltpos[p]], or row i's start for L = I), after those of
   the entries before k. Neighbouring entries write neighbouring places. */
__global__ void expand_entries(ts_int mnnz, const ts_int *__restrict__ rowof, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, Thin L, Thin R, const int64_t *__restrict__ first, const ts_int *__restrict__ eoff, const ts_int *__restrict__ base, const ts_int *__restrict__ ltpos, ts_int *__restrict__ key, ts_int *__restrict__ number)
{
  for (ts_int k = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; k < mnnz; k += (ts_int)gridDim.x * blockDim.x) {
    const ts_int i = rowof[k], j = col[k], q0 = R.begin(j), nr = R.end(j) - q0, pi0 = L.begin(i), nl = L.end(i) - pi0;
    const ts_int off = eoff[k] - eoff[rowptr[i]];
    const ts_int n0  = (ts_int)(first[i] + (int64_t)nl * off);

    for (ts_int dp = 0; dp < nl; dp++) {
      const ts_int at = (L.row ? base[ltpos[pi0 + dp]] : eoff[rowptr[i]]) + off, m0 = n0 + dp * nr;

      for (ts_int q = 0; q < nr; q++) {
        key[at + q]    = R.column(q0 + q);
        number[at + q] = m0 + q;
      }
    }
  }
}

/* the terms' values, in the order (i, k, p, q) */
__global__ void expand_values(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, Thin L, Thin R, const int64_t *__restrict__ first, double *__restrict__ term)
{
  const ts_forest::WarpGrid g    = warp_grid();
  const int                 lane = g.lane;

  for (ts_int i = g.first; i < n; i += g.stride) {
    const ts_int end = rowptr[i + 1], pi0 = L.begin(i), pi1 = L.end(i);
    ts_int       t0  = (ts_int)first[i];

    for (ts_int base = rowptr[i]; base < end; base += 32) {
      const ts_int k = base + lane, j = k < end ? col[k] : 0;
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

/* A product row is sorted by one warp when it has at most kHashCap distinct columns (a shared-memory table of
   kHashSlots, room for a chunk of 32 beyond kHashCap before the count is checked); the others (dense coarse
   levels) go through the radix sort */
#ifndef TS_GALERKIN_HASH_CAP
#define TS_GALERKIN_HASH_CAP 256 /* a test build lowers it, so that many rows take the radix sort */
#endif
constexpr int kHashCap = TS_GALERKIN_HASH_CAP, kHashSlots = 512, kHashWarps = 4;
/* rows of more terms go to the radix sort too: one warp walks a row's terms in chunks of 32, three times, so on a
   coarse level of a few thousand rows of thousands of terms each the warps' walks, not the work, set the time
   (MODEL8 1000^2: hash_rows took 0.2-1 ms a launch on its levels 2 to 6) */
constexpr ts_int kHashLen = 1024;
static_assert(kHashCap <= kHashSlots / 2, "the table keeps room for a chunk beyond kHashCap");

typedef unsigned long long Key;

/* a column's first slot in a table of 2^bits slots (Fibonacci hashing), and its slot there (J is there) */
__device__ __forceinline__ unsigned hash_slot(ts_int J, int bits) { return ((unsigned)J * 0x9E3779B1u) >> (32 - bits); }

__device__ __forceinline__ unsigned find_slot(const ts_int *table, int bits, ts_int J)
{
  const unsigned mask = (1u << bits) - 1;
  unsigned       h    = hash_slot(J, bits);

  while (table[h] != J) h = (h + 1) & mask;
  return h;
}

/* One warp per product row: its terms sorted by column, stably (equal columns keep the numbering's order), written
   to key_out and, as term numbers, to order; longrow[I] = 0. A row of at most 32 terms: each lane's place is the
   number of lanes of a smaller column, or of the same and before it. A longer row: its distinct columns in a
   shared-memory hash table, ranked among themselves (O(d^2 / 32) a lane for d of them); each column's run starts
   where the counts of the smaller columns end, and the terms take their places in order, 32 at a time, equal
   columns of a chunk in lane order (__match_any_sync). A row of more than kHashCap distinct columns or kHashLen
   terms is left to the radix sort: longrow[I] = its terms. */
__global__ void __launch_bounds__(kHashWarps * 32) hash_rows(ts_int ncl, const ts_int *__restrict__ seg, const ts_int *__restrict__ key_in, const ts_int *__restrict__ number, ts_int *__restrict__ key_out, ts_int *__restrict__ order, ts_int *__restrict__ longrow)
{
  __shared__ ts_int table[kHashWarps][kHashSlots], rank[kHashWarps][kHashSlots], distinct[kHashWarps][kHashCap + 32];
  const ts_forest::WarpGrid g    = warp_grid();
  const int                 w    = threadIdx.x >> 5, lane = g.lane; /* w: the warp's tables in its block */
  const unsigned            below = (1u << lane) - 1;

  for (ts_int I = g.first; I < ncl; I += g.stride) {
    const ts_int s0 = seg[I], len = seg[I + 1] - s0;
    ts_int       nd = 0;

    if (len > kHashLen) {
      if (!lane) longrow[I] = len;
      continue;
    }
    if (len <= 32) {
      const ts_int J = lane < len ? key_in[s0 + lane] : INT_MAX;
      ts_int       place = 0;

      for (int u = 0; u < 32; u++) {
        const ts_int Ju = __shfl_sync(0xffffffffu, J, u);

        place += Ju < J || (Ju == J && u < lane);
      }
      if (lane < len) {
        key_out[s0 + place] = J;
        order[s0 + place]   = number[s0 + lane];
      }
      if (!lane) longrow[I] = 0;
      continue;
    }
    /* the table: twice the row's terms (at least 64 slots), all kHashSlots for a row that may overflow */
    int bits = 6;

    while (bits < 9 && (1 << bits) < 2 * len) bits++;
    if (len > kHashCap) bits = 9;
    const unsigned mask = (1u << bits) - 1;

    for (int h = lane; h <= (int)mask; h += 32) table[w][h] = -1;
    __syncwarp();
    /* the distinct columns; at most kHashCap + 32 of them enter before the count is checked, below the table's size */
    for (ts_int base = 0; base < len && nd <= kHashCap; base += 32) {
      const ts_int t = base + lane, J = t < len ? key_in[s0 + t] : -1;
      bool         fresh = false;

      if (J >= 0) {
        unsigned h = hash_slot(J, bits);

        for (;;) {
          const ts_int old = atomicCAS(&table[w][h], -1, J);

          if (old == -1) {
            fresh = true;
            break;
          }
          if (old == J) break;
          h = (h + 1) & mask;
        }
      }
      const unsigned fm = __ballot_sync(0xffffffffu, fresh);

      if (fresh) distinct[w][nd + __popc(fm & below)] = J;
      nd += __popc(fm);
    }
    if (nd > kHashCap) {
      if (!lane) longrow[I] = len;
      __syncwarp();
      continue;
    }
    __syncwarp();
    /* each column's rank, kept in its slot; the counts by rank */
    for (ts_int u = lane; u < nd; u += 32) {
      const ts_int J = distinct[w][u];
      ts_int       r = 0;

      for (ts_int v = 0; v < nd; v++) r += distinct[w][v] < J;
      rank[w][find_slot(table[w], bits, J)] = r;
    }
    __syncwarp();
    for (ts_int u = lane; u < nd; u += 32) distinct[w][u] = 0; /* now the counts, then the runs' next places */
    __syncwarp();
    for (ts_int t = lane; t < len; t += 32) atomicAdd(&distinct[w][rank[w][find_slot(table[w], bits, key_in[s0 + t])]], 1);
    __syncwarp();
    { /* exclusive sum of the counts: each lane its consecutive piece of at most kHashCap / 32 */
      const ts_int per = (nd + 31) / 32, u0 = lane * per < nd ? lane * per : nd, u1 = u0 + per < nd ? u0 + per : nd;
      ts_int       sum = 0, total, scan;

      for (ts_int u = u0; u < u1; u++) sum += distinct[w][u];
      scan = warp_terms(0, sum, &total);
      for (ts_int u = u0; u < u1; u++) {
        const ts_int c = distinct[w][u];

        distinct[w][u] = scan;
        scan += c;
      }
    }
    __syncwarp();
    for (ts_int base = 0; base < len; base += 32) {
      const ts_int   t = base + lane, J = t < len ? key_in[s0 + t] : -1;
      const ts_int   r    = J >= 0 ? rank[w][find_slot(table[w], bits, J)] : -1 - lane; /* idle lanes: groups of their own */
      const unsigned same = __match_any_sync(0xffffffffu, r);
      ts_int         place = 0;

      if (J >= 0) place = distinct[w][r] + __popc(same & below);
      __syncwarp();
      if (J >= 0 && (same & below) == 0) distinct[w][r] += __popc(same);
      __syncwarp();
      if (J >= 0) {
        key_out[s0 + place] = J;
        order[s0 + place]   = number[s0 + t];
      }
    }
    if (!lane) longrow[I] = 0;
    __syncwarp();
  }
}

/* the long rows' terms compacted (lstart: their exclusive sum), each with the key I ncr + J and its position */
__global__ void gather_long(ts_int ncl, ts_int ncr, const ts_int *__restrict__ seg, const ts_int *__restrict__ lstart, const ts_int *__restrict__ key_in, Key *__restrict__ lkey, ts_int *__restrict__ lpos)
{
  const ts_forest::WarpGrid g    = warp_grid();
  const int                 lane = g.lane;

  for (ts_int I = g.first; I < ncl; I += g.stride) {
    const ts_int s0 = seg[I], len = lstart[I + 1] - lstart[I], c0 = lstart[I]; /* 0 or all of the row's terms */

    if (!len) continue;
    for (ts_int t = lane; t < len; t += 32) {
      lkey[c0 + t] = (Key)I * (Key)ncr + (Key)key_in[s0 + t];
      lpos[c0 + t] = s0 + t;
    }
  }
}

/* the sorted long terms back to their rows: the p-th of row I's goes to seg[I] + p */
__global__ void scatter_long(ts_int total, ts_int ncr, const ts_int *__restrict__ seg, const ts_int *__restrict__ lstart, const Key *__restrict__ lkey, const ts_int *__restrict__ lpos, const ts_int *__restrict__ number, ts_int *__restrict__ key_out, ts_int *__restrict__ order)
{
  for (ts_int p = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; p < total; p += (ts_int)gridDim.x * blockDim.x) {
    const ts_int I = (ts_int)(lkey[p] / (Key)ncr), at = seg[I] + (p - lstart[I]);

    key_out[at] = (ts_int)(lkey[p] % (Key)ncr);
    order[at]   = number[lpos[p]];
  }
}

/* 1 where a run of equal (I, J) starts: at a new column, or at the start of a row I (whose first column may be the
   last one of the row before) */
__global__ void run_heads(ts_int nterms, const ts_int *__restrict__ key, ts_int *__restrict__ head)
{
  for (ts_int t = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; t < nterms; t += (ts_int)gridDim.x * blockDim.x) head[t] = !t || key[t] != key[t - 1];
}

__global__ void row_heads(ts_int ncl, const ts_int *__restrict__ seg, ts_int *__restrict__ head)
{
  for (ts_int I = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; I < ncl; I += (ts_int)gridDim.x * blockDim.x)
    if (seg[I] < seg[I + 1]) head[seg[I]] = 1;
}

/* the product's entries from the runs' numbers (head: the exclusive sum of the heads): column and first term of
   each, and the row starts */
__global__ void entries(ts_int nterms, const ts_int *__restrict__ key, const ts_int *__restrict__ head, ts_int *__restrict__ ccol, ts_int *__restrict__ run)
{
  for (ts_int t = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; t < nterms; t += (ts_int)gridDim.x * blockDim.x) {
    if (head[t + 1] != head[t]) {
      ccol[head[t]] = key[t];
      run[head[t]]  = t;
    }
    if (t == nterms - 1) run[head[nterms]] = nterms;
  }
}

__global__ void entry_rows(ts_int ncl, const ts_int *__restrict__ seg, const ts_int *__restrict__ head, ts_int *__restrict__ crow)
{
  for (ts_int I = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; I <= ncl; I += (ts_int)gridDim.x * blockDim.x) crow[I] = head[seg[I]];
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

/* the sort's workspace: the offsets; L^T and its transpose's workspace; the product's rows' first terms; the
   terms' columns before and after the sort and their numbers; the long rows' starts, keys and positions (as many
   as all terms, at most); the runs' heads and their sum */
struct SortWork {
  CountWork count;
  ts_int   *ltrow, *ltsrc, *ltpos, *base, *eoff, *rowof;
  void     *transpose;
  ts_int   *seg, *key_in, *key_out, *number, *head, *lstart, *lpos, *lpos_out;
  Key      *lkey, *lkey_out;
  void     *temp;
  size_t    temp_bytes;
};

SortWork carve_sort(ts_forest::Carver &cv, ts_int n, ts_int ncl, ts_int mnnz, ts_int lnnz, int64_t nterms)
{
  SortWork     w;
  const size_t m = nterms > 0 ? (size_t)nterms : 1, l = lnnz > 0 ? (size_t)lnnz : 1;
  size_t       b = 0, c = 0, d = 0;

  w.count       = carve_count(cv, n);
  w.ltrow       = cv.take<ts_int>((size_t)ncl + 1);
  w.ltsrc       = cv.take<ts_int>(l);
  w.ltpos       = cv.take<ts_int>(l);
  w.base        = cv.take<ts_int>(l + 1);
  w.eoff        = cv.take<ts_int>((size_t)mnnz + 1);
  w.rowof       = cv.take<ts_int>(mnnz > 0 ? (size_t)mnnz : 1);
  w.transpose   = cv.take_bytes(ts_cuda_csr_transpose_buffer_size(n, ncl, lnnz > 0 ? lnnz : 0));
  w.seg         = cv.take<ts_int>((size_t)ncl + 1);
  w.key_in      = cv.take<ts_int>(m);
  w.key_out     = cv.take<ts_int>(m);
  w.number      = cv.take<ts_int>(m);
  w.head        = cv.take<ts_int>(m + 1);
  w.lstart      = cv.take<ts_int>((size_t)ncl + 1);
  w.lpos        = cv.take<ts_int>(m);
  w.lpos_out    = cv.take<ts_int>(m);
  w.lkey        = cv.take<Key>(m);
  w.lkey_out    = cv.take<Key>(m);
  cub::DeviceScan::ExclusiveSum(nullptr, b, (const ts_int *)nullptr, (ts_int *)nullptr, (int)(ncl > mnnz ? (ncl > lnnz ? ncl : lnnz) : (mnnz > lnnz ? mnnz : lnnz)) + 1);
  cub::DeviceRadixSort::SortPairs(nullptr, c, (const Key *)nullptr, (Key *)nullptr, (const ts_int *)nullptr, (ts_int *)nullptr, (int)m);
  cub::DeviceScan::ExclusiveSum(nullptr, d, (const ts_int *)nullptr, (ts_int *)nullptr, (int)m + 1);
  w.temp_bytes = b > c ? b : c;
  w.temp_bytes = w.temp_bytes > d ? w.temp_bytes : d;
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

size_t ts_cuda_galerkin_sort_buffer_size(ts_int n, ts_int ncl, ts_int mnnz, ts_int lnnz, int64_t nterms)
{
  ts_forest::Carver cv(nullptr);

  (void)carve_sort(cv, n > 0 ? n : 0, ncl > 0 ? ncl : 0, mnnz > 0 ? mnnz : 0, lnnz > 0 ? lnnz : 0, nterms);
  return cv.size();
}

ts_status ts_cuda_galerkin_sort(void *stream, ts_int n, ts_int ncl, ts_int ncr, const ts_int *rowptr, const ts_int *col, ts_int mnnz, const ts_int *lrow, const ts_int *lcol, ts_int lnnz, const ts_int *rrow, const ts_int *rcol, int64_t nterms, ts_int *order, ts_int *cnnz, void *buffer)
{
  cudaStream_t      st = ts_forest::as_stream(stream);
  ts_forest::Carver cv(buffer);
  const Thin        L = thin(lrow, lcol, nullptr), R = thin(rrow, rcol, nullptr);
  SortWork          w;
  size_t            bytes;

  if (n < 0 || ncl < 0 || ncr < 0 || mnnz < 0 || lnnz < 0 || nterms < 0 || nterms > (int64_t)INT32_MAX - 1 || (!lrow && ncl != n)) return TS_ERR_ARGUMENT;
  w = carve_sort(cv, n, ncl, mnnz, lnnz, nterms);
  if (!nterms) {
    TS_FOREST_TRY(cudaMemsetAsync(cnnz, 0, sizeof(ts_int), st));
    return TS_SUCCESS;
  }
  TS_FOREST_TRY_STATUS(first_terms(st, n, rowptr, col, L, R, w.count));
  /* the terms of M R before each entry of M (eoff), of the rows i before each entry of L^T in its row (base) */
  TS_FOREST_TRY(cudaMemsetAsync(w.eoff + mnnz, 0, sizeof(ts_int), st));
  if (mnnz) entry_terms<<<grid_for(mnnz), kThreads, 0, st>>>(mnnz, col, R, w.eoff);
  TS_FOREST_TRY(cudaGetLastError());
  bytes = w.temp_bytes;
  TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(w.temp, bytes, w.eoff, w.eoff, mnnz + 1, st));
  if (lrow) {
    TS_FOREST_TRY_STATUS(ts_cuda_csr_transpose(st, n, ncl, lnnz, lrow, lcol, nullptr, w.ltrow, w.ltsrc, nullptr, w.transpose));
    TS_FOREST_TRY(cudaMemsetAsync(w.base + lnnz, 0, sizeof(ts_int), st));
    if (lnnz) lt_terms<<<grid_for(lnnz), kThreads, 0, st>>>(ncl, lnnz, w.ltrow, w.ltsrc, rowptr, L, w.eoff, w.base, w.ltpos);
    TS_FOREST_TRY(cudaGetLastError());
    bytes = w.temp_bytes;
    TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(w.temp, bytes, w.base, w.base, lnnz + 1, st));
  }
  row_starts<<<grid_for((size_t)ncl + 1), kThreads, 0, st>>>(ncl, lrow ? w.ltrow : nullptr, w.base, rowptr, w.eoff, w.seg);
  TS_FOREST_TRY(cudaGetLastError());
  if (n) entry_rows_of<<<grid_for(n), kThreads, 0, st>>>(n, rowptr, w.rowof);
  TS_FOREST_TRY(cudaGetLastError());
  if (mnnz) expand_entries<<<grid_for(mnnz), kThreads, 0, st>>>(mnnz, w.rowof, rowptr, col, L, R, w.count.first, w.eoff, w.base, w.ltpos, w.key_in, w.number);
  TS_FOREST_TRY(cudaGetLastError());
  TS_FOREST_TRY(cudaMemsetAsync(w.lstart + ncl, 0, sizeof(ts_int), st));
  hash_rows<<<ts_forest::blocks_for((size_t)ncl * 32, kHashWarps * 32), kHashWarps * 32, 0, st>>>(ncl, w.seg, w.key_in, w.number, w.key_out, order, w.lstart);
  TS_FOREST_TRY(cudaGetLastError());
  { /* the rows hash_rows() left (more than kHashCap columns or kHashLen terms): one radix sort of their terms by (I, J) */
    ts_int total = 0;

    bytes = w.temp_bytes;
    TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(w.temp, bytes, w.lstart, w.lstart, ncl + 1, st));
    TS_FOREST_TRY(cudaMemcpyAsync(&total, w.lstart + ncl, sizeof(ts_int), cudaMemcpyDeviceToHost, st));
    TS_FOREST_TRY(cudaStreamSynchronize(st));
    if (total) {
      gather_long<<<grid_for((size_t)ncl * 32), kThreads, 0, st>>>(ncl, ncr, w.seg, w.lstart, w.key_in, w.lkey, w.lpos);
      TS_FOREST_TRY(cudaGetLastError());
      bytes = w.temp_bytes;
      TS_FOREST_TRY(cub::DeviceRadixSort::SortPairs(w.temp, bytes, w.lkey, w.lkey_out, w.lpos, w.lpos_out, (int)total, 0, ts_forest::bits_for(ncl > 0 && ncr > 0 ? (Key)ncl * (Key)ncr - 1 : 0), st));
      scatter_long<<<grid_for((size_t)total), kThreads, 0, st>>>(total, ncr, w.seg, w.lstart, w.lkey_out, w.lpos_out, w.number, w.key_out, order);
      TS_FOREST_TRY(cudaGetLastError());
    }
  }
  run_heads<<<grid_for((size_t)nterms), kThreads, 0, st>>>((ts_int)nterms, w.key_out, w.head);
  TS_FOREST_TRY(cudaGetLastError());
  row_heads<<<grid_for(ncl), kThreads, 0, st>>>(ncl, w.seg, w.head);
  TS_FOREST_TRY(cudaGetLastError());
  TS_FOREST_TRY(cudaMemsetAsync(w.head + nterms, 0, sizeof(ts_int), st));
  bytes = w.temp_bytes;
  TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(w.temp, bytes, w.head, w.head, (int)nterms + 1, st));
  TS_FOREST_TRY(cudaMemcpyAsync(cnnz, w.head + nterms, sizeof(ts_int), cudaMemcpyDeviceToDevice, st));
  return check_launch();
}

ts_status ts_cuda_galerkin_pattern(void *stream, ts_int n, ts_int ncl, ts_int ncr, ts_int mnnz, ts_int lnnz, int64_t nterms, ts_int cnnz, ts_int *crow, ts_int *ccol, ts_int *run, void *buffer)
{
  cudaStream_t      st = ts_forest::as_stream(stream);
  ts_forest::Carver cv(buffer);
  SortWork          w;

  if (n < 0 || ncl < 0 || ncr < 0 || mnnz < 0 || lnnz < 0 || cnnz < 0) return TS_ERR_ARGUMENT;
  w = carve_sort(cv, n, ncl, mnnz, lnnz, nterms);
  if (!cnnz) {
    TS_FOREST_TRY(cudaMemsetAsync(crow, 0, sizeof(ts_int) * ((size_t)ncl + 1), st));
    TS_FOREST_TRY(cudaMemsetAsync(run, 0, sizeof(ts_int), st));
    return TS_SUCCESS;
  }
  entries<<<grid_for((size_t)nterms), kThreads, 0, st>>>((ts_int)nterms, w.key_out, w.head, ccol, run);
  TS_FOREST_TRY(cudaGetLastError());
  entry_rows<<<grid_for((size_t)ncl + 1), kThreads, 0, st>>>(ncl, w.seg, w.head, crow);
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
