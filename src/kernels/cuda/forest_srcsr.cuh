/* SPDX-License-Identifier: BSD-2-Clause */
/*
   forest_srcsr.cuh - SRCSR, the generalized segmented-reduction CSR SpMV (docs/algorithms.md 3),
   adaptive scheme: every row belongs to exactly one CUDA block, a block owns about w nonzeros
   (Algorithm 5 preprocessing), and loops over tiles of THREADS*ITEMS nonzeros.

   An operator Op supplies the types and the three lambdas of Eq. 19:
     using Value;  using Acc;                        type of A's values, of the reduction
     Acc  identity() const;
     Acc  map(ts_int e, ts_int col, Value v, ts_int row) const;   the (x) with a "COO view"
     Acc  reduce(const Acc &a, const Acc &b) const;              the (+), associative; a is earlier
     void output(ts_int row, const Acc &acc) const;               every row exactly once
     bool skip() const;                                          the whole call is a no-op
   Preprocessing: srcsr_plan_build (one launch, binary searches) or srcsr_plan_build_alg5 (the
   literal Algorithm 5 with select_if); both give the same blocks.
   Per tile (Fig. 21): row starts are scattered into shared memory, a block max-scan gives every
   nonzero its row, values and columns come in coalesced (warp-transposed BlockLoad), each thread
   reduces its ITEMS consecutive nonzeros sequentially, and a block-wide segmented scan over the
   threads' last segments passes the carries (also into the next tile). Empty rows get identity().
*/
#ifndef TS_FOREST_SRCSR_CUH
#define TS_FOREST_SRCSR_CUH

#include <cub/cub.cuh>
#include "forest_common.cuh"

namespace ts_forest {
namespace {

constexpr int kSrcsrThreads = 128;
constexpr int kSrcsrItems   = 7; /* odd: the blocked shared-memory reads are free of bank conflicts */
constexpr int kSrcsrTile    = kSrcsrThreads * kSrcsrItems;

/* Nonzeros per block w: about 1024 blocks, between 2 and 8 tiles for large matrices. */
inline ts_int srcsr_w(ts_int n, ts_int nnz_bound)
{
  (void)n;
  ts_int w = nnz_bound / 1024;
  if (w < kSrcsrTile / 2) w = kSrcsrTile / 2;
  if (w > 8 * kSrcsrTile) w = 8 * kSrcsrTile;
  return w;
}
inline ts_int srcsr_max_blocks(ts_int n, ts_int nnz_bound) { return nnz_bound / srcsr_w(n, nnz_bound) + 1; }

struct SrcsrPlan {
  ts_int *raw;      /* max_blocks + 1 */
  ts_int *rbs;      /* max_blocks + 1, row_block_start after select_if */
  ts_int *nsel;     /* number of entries of rbs (num_blocks + 1) */
  void   *cub_temp;
  size_t  cub_bytes;
};

struct NotMinusOne {
  __host__ __device__ bool operator()(const ts_int &x) const { return x != -1; }
};

inline size_t srcsr_plan_carve(Carver &cv, ts_int n, ts_int nnz_bound, SrcsrPlan &p)
{
  const ts_int mb = srcsr_max_blocks(n, nnz_bound);
  p.raw           = cv.take<ts_int>((size_t)mb + 1);
  p.rbs           = cv.take<ts_int>((size_t)mb + 1);
  p.nsel          = cv.take<ts_int>(1);
  size_t bytes    = 0;
  cub::DeviceSelect::If(nullptr, bytes, (const ts_int *)nullptr, (ts_int *)nullptr, (ts_int *)nullptr, mb + 1, NotMinusOne());
  p.cub_bytes = bytes;
  p.cub_temp  = cv.take_bytes(bytes);
  return cv.size();
}

/* Algorithm 5: j = rowptr[i+1], k = rowptr[i], l = j/w, m = k/w; if l != m, l != 0,
   l != max_blocks and j != k then row_block_start[l] = i+1. */
__global__ void srcsr_mark_kernel(ts_int n, ts_int w, ts_int mb, const ts_int *__restrict__ rowptr, ts_int *__restrict__ raw)
{
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x) {
    const ts_int j = rowptr[i + 1], k = rowptr[i], l = j / w, m = k / w;
    if (l != m && l != 0 && l != mb && j != k) raw[l] = i + 1;
    if (i == 0) {
      raw[0]  = 0;
      raw[mb] = n;
    }
  }
}

/* The literal Algorithm 5: -1 fill, marks, select_if compaction (4 launches). */
inline ts_status srcsr_plan_build_alg5(cudaStream_t s, ts_int n, ts_int nnz_bound, const ts_int *rowptr, void *plan)
{
  Carver    cv(plan);
  SrcsrPlan p;
  srcsr_plan_carve(cv, n, nnz_bound, p);
  const ts_int w = srcsr_w(n, nnz_bound), mb = srcsr_max_blocks(n, nnz_bound);
  TS_FOREST_TRY(cudaMemsetAsync(p.raw, 0xff, ((size_t)mb + 1) * sizeof(ts_int), s));
  if (n > 0) srcsr_mark_kernel<<<grid_for(n), kThreads, 0, s>>>(n, w, mb, rowptr, p.raw);
  else TS_FOREST_TRY(cudaMemsetAsync(p.raw, 0, ((size_t)mb + 1) * sizeof(ts_int), s));
  TS_FOREST_TRY(cub::DeviceSelect::If(p.cub_temp, p.cub_bytes, p.raw, p.rbs, p.nsel, mb + 1, NotMinusOne(), s));
  return check_launch();
}

/* Algorithm 5 in one launch: entry l (0 < l < max_blocks) is the first row r with rowptr[r] >= l w,
   found by its own thread with a binary search. Where Algorithm 5 marks row_block_start[l] = i+1
   (row i holds nonzero l w and ends in chunk l) this is the same row; the entries Algorithm 5 leaves
   at -1 (chunks inside one long row) repeat the next start, i.e. give empty blocks, which the kernel
   skips. Same blocks, no -1 fill and no select_if. */
__global__ void srcsr_search_kernel(ts_int n, ts_int w, ts_int mb, const ts_int *__restrict__ rowptr, ts_int *__restrict__ rbs, ts_int *__restrict__ nsel)
{
  for (ts_int l = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; l <= mb; l += (ts_int)gridDim.x * blockDim.x) {
    ts_int r;
    if (l == 0) r = 0;
    else if (l == mb) r = n;
    else {
      const ts_int target = l * w;
      ts_int       lo = 0, hi = n; /* first r in [0, n] with rowptr[r] >= target, else n */
      while (lo < hi) {
        const ts_int mid = lo + (hi - lo) / 2;
        if (rowptr[mid] < target) lo = mid + 1;
        else hi = mid;
      }
      r = lo;
    }
    rbs[l] = r;
    if (l == 0) *nsel = mb + 1;
  }
}

inline ts_status srcsr_plan_build(cudaStream_t s, ts_int n, ts_int nnz_bound, const ts_int *rowptr, void *plan)
{
  Carver    cv(plan);
  SrcsrPlan p;
  srcsr_plan_carve(cv, n, nnz_bound, p);
  const ts_int w = srcsr_w(n, nnz_bound), mb = srcsr_max_blocks(n, nnz_bound);
  srcsr_search_kernel<<<grid_for((size_t)mb + 1), kThreads, 0, s>>>(n, w, mb, rowptr, p.rbs, p.nsel);
  return check_launch();
}

template <class Acc>
struct SrcsrPair {
  ts_int row;
  Acc    acc;
};

template <class Op>
struct SrcsrPairOp {
  Op op;
  __device__ __forceinline__ SrcsrPair<typename Op::Acc> operator()(const SrcsrPair<typename Op::Acc> &a, const SrcsrPair<typename Op::Acc> &b) const
  {
    SrcsrPair<typename Op::Acc> r;
    r.row = b.row;
    r.acc = a.row == b.row ? op.reduce(a.acc, b.acc) : b.acc;
    return r;
  }
};

struct MaxOp {
  __device__ __forceinline__ ts_int operator()(ts_int a, ts_int b) const { return a > b ? a : b; }
};

template <class Op, int THREADS, int ITEMS>
__global__ void __launch_bounds__(THREADS) srcsr_kernel(const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const typename Op::Value *__restrict__ val, const ts_int *__restrict__ rbs, const ts_int *__restrict__ nsel, Op op)
{
  using Acc   = typename Op::Acc;
  using Value = typename Op::Value;
  using Pair  = SrcsrPair<Acc>;
  constexpr int TILE = THREADS * ITEMS;
  using ScanI        = cub::BlockScan<ts_int, THREADS>;
  using ScanP        = cub::BlockScan<Pair, THREADS>;
  using LoadI        = cub::BlockLoad<ts_int, THREADS, ITEMS, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using LoadV        = cub::BlockLoad<Value, THREADS, ITEMS, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  __shared__ union {
    typename ScanI::TempStorage scan_i;
    typename ScanP::TempStorage scan_p;
    typename LoadI::TempStorage load_i;
    typename LoadV::TempStorage load_v;
  } tmp;
  __shared__ ts_int s_row[TILE];
  __shared__ Pair   s_carry;

  if (op.skip()) return;
  const ts_int nblocks = *nsel - 1;
  const int    tid     = threadIdx.x;
  for (ts_int b = blockIdx.x; b < nblocks; b += gridDim.x) {
    const ts_int r0 = rbs[b], r1 = rbs[b + 1];
    if (r0 >= r1) continue;
    const ts_int e0 = rowptr[r0], e1 = rowptr[r1];
    for (ts_int r = r0 + tid; r < r1; r += THREADS)
      if (rowptr[r] == rowptr[r + 1]) op.output(r, op.identity());

    if (tid == 0) {
      s_carry.row = -1;
      s_carry.acc = op.identity();
    }
    ts_int row_cur = r0;
    for (ts_int t0 = e0; t0 < e1; t0 += TILE) {
      const int    valid    = (int)(e1 - t0 < TILE ? e1 - t0 : TILE);
      const ts_int tile_end = t0 + valid;
      for (int x = tid; x < TILE; x += THREADS) s_row[x] = -1;
      __syncthreads();
      /* rows starting in this tile (nonempty rows only: their starts are distinct) */
      for (ts_int r = row_cur + tid; r < r1; r += THREADS) {
        const ts_int s = rowptr[r];
        if (s >= tile_end) break;
        if (s >= t0 && rowptr[r + 1] > s) s_row[s - t0] = r;
      }
      __syncthreads();
      const Pair carry = s_carry;
      ts_int     rows[ITEMS];
      ts_int     run = -1;
#pragma unroll
      for (int i = 0; i < ITEMS; i++) {
        const ts_int v = s_row[tid * ITEMS + i];
        run            = v > run ? v : run;
        rows[i]        = run;
      }
      ts_int prefix;
      ScanI(tmp.scan_i).ExclusiveScan(run, prefix, carry.row, MaxOp());
#pragma unroll
      for (int i = 0; i < ITEMS; i++) rows[i] = rows[i] > prefix ? rows[i] : prefix;
      __syncthreads();
      ts_int cols[ITEMS];
      Value  vals[ITEMS];
      LoadI(tmp.load_i).Load(col + t0, cols, valid, (ts_int)0);
      __syncthreads();
      LoadV(tmp.load_v).Load(val + t0, vals, valid, Value(0));
      __syncthreads();

      /* sequential reduction of this thread's chunk: interior segments are complete */
      const int nvalid   = valid - tid * ITEMS < 0 ? 0 : (valid - tid * ITEMS < ITEMS ? valid - tid * ITEMS : ITEMS);
      ts_int    head_row = rows[0], cur = rows[0];
      Acc       head_acc = op.identity(), acc = op.identity();
      bool      head_closed = false;
#pragma unroll
      for (int i = 0; i < ITEMS; i++) {
        if (i < nvalid) {
          const ts_int r = rows[i];
          if (r != cur) {
            if (!head_closed) {
              head_acc    = acc;
              head_closed = true;
            } else op.output(cur, acc);
            acc = op.identity();
            cur = r;
          }
          acc = op.reduce(acc, op.map(t0 + tid * ITEMS + i, cols[i], vals[i], r));
        }
      }
      Pair tail, pre;
      tail.row = cur;
      tail.acc = acc;
      SrcsrPairOp<Op> pop{op};
      ScanP(tmp.scan_p).ExclusiveScan(tail, pre, carry, pop);
      if (nvalid > 0) {
        const ts_int last = t0 + tid * ITEMS + nvalid - 1;
        if (head_closed) {
          op.output(head_row, pre.row == head_row ? op.reduce(pre.acc, head_acc) : head_acc);
          if (rowptr[cur + 1] == last + 1) op.output(cur, acc);
        } else if (rowptr[cur + 1] == last + 1) op.output(cur, pre.row == cur ? op.reduce(pre.acc, acc) : acc);
      }
      __syncthreads();
      if (tid == THREADS - 1) s_carry = pop(pre, tail);
      __syncthreads();
      row_cur = s_carry.row > r0 ? s_carry.row : r0;
    }
    __syncthreads();
  }
}

template <class Op, int THREADS = kSrcsrThreads, int ITEMS = kSrcsrItems>
inline ts_status srcsr_run(cudaStream_t s, ts_int n, ts_int nnz_bound, const ts_int *rowptr, const ts_int *col, const typename Op::Value *val, const void *plan, const Op &op)
{
  Carver    cv((void *)plan);
  SrcsrPlan p;
  srcsr_plan_carve(cv, n, nnz_bound, p);
  const ts_int mb = srcsr_max_blocks(n, nnz_bound);
  srcsr_kernel<Op, THREADS, ITEMS><<<(unsigned)mb, THREADS, 0, s>>>(rowptr, col, val, p.rbs, p.nsel, op);
  return check_launch();
}

} /* anonymous namespace */
} /* namespace ts_forest */

#endif
