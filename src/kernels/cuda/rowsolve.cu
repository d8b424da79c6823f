/* SPDX-License-Identifier: BSD-2-Clause */
/*
   rowsolve.cu - the CUDA twin of ts_ref_mosa_product (src/kernels/reference/rowsolve.c): the rows
   of prune(B M^-1, diagonal + top-q_i) with M a factored tridiagonal chain, row i solving M^T y = b_i
   on the paths b_i touches, with the host's clusters, early dropping and top-q choice; and its refresh,
   the values of the same rows on a kept pattern (ts_ref_mosa_refresh).

   One thread per row. The solves are first-order recurrences (sequential along a path), a row
   touches a few paths (one to three clusters for a 5- or 9-point stencil), and a level has 10^4 to
   10^6 rows: a thread per row keeps every lane busy with the same kind of sweep, where a warp per
   row would leave most lanes idle or need a cross-lane merge of the cluster sums. No segmented top-k
   exists in CUB; each row keeps its q_i best entries (q_i is a row count of A, a handful) by
   insertion into its own output slots, which costs one comparison for most candidates.

   Rounds. Each thread owns cap slots (mosa_rows.cuh); rows that need more are listed and computed
   again in a later round with 8 times the slots and fewer threads; each round reads back one pair
   of counters (the only host synchronisation).

   The arithmetic is the host's operation by operation (mosa_common.cuh): the products are equal bit
   for bit.
*/
#include "mosa_rows.cuh"

namespace ts_mosa {
namespace {

using ts_forest::check_launch;

/* slots of a thread in the first round, and the growth of later rounds */
constexpr ts_int kFirstCap = 512;
constexpr ts_int kGrowth   = 8;
constexpr int    kBlock    = 128;

/* rows[r] (or r when rows is NULL) for r < nrows, nthreads threads with cap slots each */
template <class T>
__global__ void product_rows(Product<T> p, const ts_int *rows, ts_int nrows, ts_int nthreads, ts_int cap, ts_int *slot_pos, T *slot_val, ts_int *overflow, ts_int *counters)
{
  const ts_int tid = blockIdx.x * (ts_int)blockDim.x + threadIdx.x;
  if (tid >= nthreads) return;
  const Scratch<T> w = {slot_pos + (size_t)tid * cap, slot_val + (size_t)tid * cap, cap};
  for (ts_int r = tid; r < nrows; r += nthreads) {
    const ts_int i = rows ? rows[r] : r;
    if (!row_product(p, i, w, counters + 1)) overflow[atomic_inc(counters)] = i;
  }
}

struct ProductWork {
  ts_int *list[2], *counters, *slot_pos;
  double *slot_val;
  size_t  slots;
};

/* the slots of all threads: enough for the first round's threads (at most 2^25 slots), and for one
   row whose ranges cover the whole chain in the last round (4n: droptol 0; exact: 16 rows at once) */
size_t product_carve(ts_forest::Carver &cv, ts_int n, int exact, ProductWork &w)
{
  const size_t nn = (size_t)(n > 0 ? n : 1);
  size_t       s  = nn * kFirstCap < ((size_t)1 << 25) ? nn * kFirstCap : ((size_t)1 << 25);
  const size_t lo = exact ? 16 * (2 * nn + 64) : 4 * nn + 256;
  w.slots         = s > lo ? s : lo;
  w.list[0]       = cv.take<ts_int>(nn);
  w.list[1]       = cv.take<ts_int>(nn);
  w.counters      = cv.take<ts_int>(2);
  w.slot_pos      = cv.take<ts_int>(w.slots);
  w.slot_val      = cv.take<double>(w.slots);
  return cv.size();
}

/* the rounds of product_rows over every row of p (a top-q product or a kept pattern's values) */
ts_status run_rounds(void *stream, const Product<double> &p, void *buffer, ts_int *rounds)
{
  cudaStream_t      s = ts_forest::as_stream(stream);
  ts_forest::Carver cv(buffer);
  ProductWork       w;
  const ts_int     *rows  = nullptr;
  ts_int            nrows = p.n, cap = p.exact ? 2 * p.n + 64 : kFirstCap, counters[2], round = 0;

  if (rounds) rounds[0] = rounds[1] = 0;
  if (p.n <= 0) return TS_SUCCESS;
  if (!(p.droptol >= 0)) return TS_ERR_ARGUMENT;
  product_carve(cv, p.n, p.exact, w);
  if ((size_t)cap > w.slots) cap = (ts_int)w.slots;
  TS_FOREST_TRY(cudaMemsetAsync(w.counters, 0, 2 * sizeof(ts_int), s));
  for (;; round++) {
    const size_t fit      = w.slots / (size_t)cap;
    const ts_int nthreads = (size_t)nrows < fit ? nrows : (ts_int)fit;

    product_rows<double><<<(unsigned)((nthreads + kBlock - 1) / kBlock), kBlock, 0, s>>>(p, rows, nrows, nthreads, cap, w.slot_pos, w.slot_val, w.list[round & 1], w.counters);
    TS_FOREST_TRY(cudaGetLastError());
    TS_FOREST_TRY(cudaMemcpyAsync(counters, w.counters, sizeof(counters), cudaMemcpyDeviceToHost, s));
    TS_FOREST_TRY(cudaStreamSynchronize(s));
    if (rounds) {
      rounds[0] = round + 1;
      if (round) rounds[1] += nrows;
    }
    if (counters[1]) return TS_ERR_NONFINITE;
    if (!counters[0]) return TS_SUCCESS;
    if ((size_t)cap == w.slots) return TS_ERR_ARGUMENT; /* one row needs more than the whole workspace */
    rows  = w.list[round & 1];
    nrows = counters[0];
    cap   = (size_t)cap * kGrowth < w.slots ? cap * kGrowth : (ts_int)w.slots;
    TS_FOREST_TRY(cudaMemsetAsync(w.counters, 0, sizeof(ts_int), s));
  }
}

} /* anonymous namespace */
} /* namespace ts_mosa */

using namespace ts_mosa;

extern "C" {

size_t ts_cuda_mosa_product_buffer_size(ts_int n, int exact)
{
  ts_forest::Carver cv(nullptr);
  ProductWork       w;
  return product_carve(cv, n, exact, w);
}

ts_status ts_cuda_mosa_product(void *stream, ts_int n, const ts_int *b_rowptr, const ts_int *b_col, const double *b_val, const ts_int *perm, const ts_int *iperm, const ts_int *begin, const ts_int *end, const void *factor, const ts_int *q, double droptol, int exact, const ts_int *out_rowptr, ts_int *out_col, double *out_val, ts_int *out_len, void *buffer, ts_int *rounds)
{
  const Product<double> p = {n, b_rowptr, b_col, b_val, perm, iperm, begin, end, q, chain_factor<double>(n, factor), droptol, exact, out_rowptr, out_col, out_len, out_val, nullptr};
  return run_rounds(stream, p, buffer, rounds);
}

ts_status ts_cuda_mosa_refresh(void *stream, ts_int n, const ts_int *b_rowptr, const ts_int *b_col, const double *b_val, const ts_int *perm, const ts_int *iperm, const ts_int *begin, const ts_int *end, const void *factor, const ts_int *q, double droptol, int exact, const ts_int *keep_rowptr, const ts_int *keep_col, double *out_val, void *buffer, ts_int *rounds)
{
  const Product<double> p = {n, b_rowptr, b_col, b_val, perm, iperm, begin, end, q, chain_factor<double>(n, factor), droptol, exact, keep_rowptr, nullptr, nullptr, out_val, keep_col};
  if (n > 0 && !keep_col) return TS_ERR_ARGUMENT;
  return run_rounds(stream, p, buffer, rounds);
}

} /* extern "C" */
