/* SPDX-License-Identifier: BSD-2-Clause */
/*
   factor.cu - the parallel [0,n]-factor (docs/algorithms.md 4.2, Algorithm 8) on the GPU, twin
   of ts_ref_factor: the same charges (ts_charge), proposal order (ts_edge_better), saturation,
   mutual confirmation and early stop, hence the same partners in the same slots.

   Proposal = one SRCSR call (forest_srcsr.cuh) per round with a top-n accumulator: n sorted
   (weight, column) pairs, merged by compare-and-swap insertion (constant register indices).
   The (x) lambda drops an edge of weight <= 0 (NaN too), a saturated neighbour (its last slot is
   filled: confirmed slots are compact), a neighbour of equal charge in charged rounds and a
   confirmed partner; the output lambda appends the first n - |pi(v)| candidates to v's confirmed
   partners, as the host's repeated argmax does. Confirmation: one thread per vertex.
   The early stop (an uncharged round without new proposals) is decided on the device: later
   rounds see the flag and return at once, so the host launches M rounds without synchronising.
*/
#include "forest_srcsr.cuh"

namespace ts_forest {
namespace {

struct FactorState {
  int done;
  int rounds;
  int any[2]; /* round k sets any[k & 1] when some vertex proposes something new */
};

template <int NF>
struct TopN {
  double w[NF];
  ts_int j[NF]; /* -1: empty, sorted best first, empties last */
};

/* (w0,j0) before (w1,j1): empty last, then ts_edge_better */
__device__ __forceinline__ bool cand_before(double w0, ts_int j0, double w1, ts_int j1)
{
  if (j0 < 0) return false;
  if (j1 < 0) return true;
  return ts_edge_better(w0, j0, w1, j1);
}

template <int NF>
__device__ __forceinline__ void topn_insert(TopN<NF> &t, double w, ts_int j)
{
#pragma unroll
  for (int s = 0; s < NF; s++) {
    if (cand_before(w, j, t.w[s], t.j[s])) {
      const double tw = t.w[s];
      const ts_int tj = t.j[s];
      t.w[s]          = w;
      t.j[s]          = j;
      w               = tw;
      j               = tj;
    }
  }
}

template <int NF>
struct ProposeOp {
  using Value = double;
  using Acc   = TopN<NF>;
  const ts_int      *partner;
  const double      *partner_w;
  ts_int            *prop;
  double            *prop_w;
  FactorState       *state;
  int                round, charged;
  uint32_t           seed, threshold;
  ts_int             offset; /* global index of vertex 0: charges follow global ids */

  __device__ __forceinline__ Acc identity() const
  {
    Acc a;
#pragma unroll
    for (int s = 0; s < NF; s++) {
      a.w[s] = 0.0;
      a.j[s] = -1;
    }
    return a;
  }
  __device__ __forceinline__ Acc map(ts_int, ts_int c, double w, ts_int v) const
  {
    Acc a = identity();
    if (!(w > 0.0)) return a;
    const ts_int *pv = partner + (size_t)v * NF;
    if (pv[NF - 1] >= 0) return a;                       /* v saturated: proposes nothing */
    if (partner[(size_t)c * NF + NF - 1] >= 0) return a; /* c saturated */
    if (charged && ts_charge(c + offset, round, seed, threshold) == ts_charge(v + offset, round, seed, threshold)) return a;
#pragma unroll
    for (int s = 0; s < NF; s++)
      if (pv[s] == c) return a;
    a.w[0] = w;
    a.j[0] = c;
    return a;
  }
  __device__ __forceinline__ Acc reduce(const Acc &a, const Acc &b) const
  {
    Acc r = a;
#pragma unroll
    for (int s = 0; s < NF; s++)
      if (b.j[s] >= 0) topn_insert<NF>(r, b.w[s], b.j[s]);
    return r;
  }
  __device__ __forceinline__ void output(ts_int v, const Acc &a) const
  {
    const size_t o   = (size_t)v * NF;
    int          cnt = 0;
#pragma unroll
    for (int s = 0; s < NF; s++) {
      const ts_int p = partner[o + s];
      prop[o + s]    = p;
      prop_w[o + s]  = partner_w[o + s];
      cnt += p >= 0;
    }
    int added = 0;
#pragma unroll
    for (int t = 0; t < NF; t++) {
      if (cnt + t < NF && a.j[t] >= 0) {
        prop[o + cnt + t]   = a.j[t];
        prop_w[o + cnt + t] = a.w[t];
        added++;
      }
    }
    if (added && !state->any[round & 1]) state->any[round & 1] = 1;
  }
  __device__ __forceinline__ bool skip() const { return *(volatile int *)&state->done != 0; }
};

template <int NF>
__global__ void factor_init_kernel(ts_int n, int iterations, ts_int *partner, double *partner_w, FactorState *state)
{
  for (size_t s = blockIdx.x * (size_t)blockDim.x + threadIdx.x; s < (size_t)n * NF; s += (size_t)gridDim.x * blockDim.x) {
    partner[s]   = -1;
    partner_w[s] = 0.0;
  }
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    state->done   = 0;
    state->rounds = iterations;
    state->any[0] = state->any[1] = 0;
  }
}

template <int NF>
__global__ void factor_confirm_kernel(ts_int n, int round, int charged, const ts_int *__restrict__ prop, const double *__restrict__ prop_w, ts_int *__restrict__ partner, double *__restrict__ partner_w, FactorState *state)
{
  if (state->done) return;
  if (!charged && state->any[round & 1] == 0) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
      state->done   = 1;
      state->rounds = round + 1;
    }
    return;
  }
  for (ts_int v = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; v < n; v += (ts_int)gridDim.x * blockDim.x) {
    const size_t o   = (size_t)v * NF;
    int          len = 0;
#pragma unroll
    for (int s = 0; s < NF; s++) {
      const ts_int p = prop[o + s];
      if (p < 0) break;
      bool mutual = false;
#pragma unroll
      for (int t = 0; t < NF; t++) mutual |= prop[(size_t)p * NF + t] == v;
      if (mutual) {
        partner[o + len]   = p;
        partner_w[o + len] = prop_w[o + s];
        len++;
      }
    }
    for (int s = len; s < NF; s++) {
      partner[o + s]   = -1;
      partner_w[o + s] = 0.0;
    }
  }
  if (blockIdx.x == 0 && threadIdx.x == 0) state->any[(round + 1) & 1] = 0;
}

__global__ void factor_rounds_kernel(const FactorState *state, int *rounds) { *rounds = state->rounds; }

struct FactorWork {
  ts_int      *prop;
  double      *prop_w;
  FactorState *state;
  void        *plan;
};

size_t factor_carve(Carver &cv, int nf, ts_int n, ts_int g_nnz_bound, FactorWork &w)
{
  w.prop_w = cv.take<double>((size_t)n * nf);
  w.prop   = cv.take<ts_int>((size_t)n * nf);
  w.state  = cv.take<FactorState>(1);
  Carver    sub(nullptr);
  SrcsrPlan p;
  w.plan = cv.take_bytes(srcsr_plan_carve(sub, n, g_nnz_bound, p));
  return cv.size();
}

template <int NF>
ts_status factor_run(cudaStream_t s, const ts_factor_params *params, ts_int n, ts_int g_nnz_bound, const ts_int *g_rowptr, const ts_int *g_col, const double *g_w, ts_int *partner, double *partner_w, const FactorWork &w, int *rounds)
{
  factor_init_kernel<NF><<<grid_for((size_t)n * NF), kThreads, 0, s>>>(n, params->iterations, partner, partner_w, w.state);
  if (n > 0) {
    TS_FOREST_TRY_STATUS(srcsr_plan_build(s, n, g_nnz_bound, g_rowptr, w.plan));
    const uint32_t threshold = ts_charge_threshold(params->p);
    for (int k = 0; k < params->iterations; k++) {
      const int     charged = (k % params->charge_period) != params->charge_skip;
      ProposeOp<NF> op{partner, partner_w, w.prop, w.prop_w, w.state, k, charged, params->seed, threshold, params->offset};
      TS_FOREST_TRY_STATUS(srcsr_run(s, n, g_nnz_bound, g_rowptr, g_col, g_w, w.plan, op));
      factor_confirm_kernel<NF><<<grid_for(n), kThreads, 0, s>>>(n, k, charged, w.prop, w.prop_w, partner, partner_w, w.state);
    }
  }
  if (rounds) factor_rounds_kernel<<<1, 1, 0, s>>>(w.state, rounds);
  return check_launch();
}

/* ts_ref_factor_spread from a copy of the matching */
__global__ void factor_spread_kernel(ts_int n, const ts_int *match, const double *match_w, ts_int *partner, double *partner_w)
{
  const ts_int v = (ts_int)(blockIdx.x * (size_t)blockDim.x + threadIdx.x);
  if (v >= n) return;
  partner[2 * v]       = match[v];
  partner_w[2 * v]     = match_w[v];
  partner[2 * v + 1]   = -1;
  partner_w[2 * v + 1] = 0.0;
}

} /* anonymous namespace */
} /* namespace ts_forest */

using namespace ts_forest;

extern "C" {

size_t ts_cuda_factor_buffer_size(const ts_factor_params *params, ts_int n, ts_int g_nnz_bound)
{
  const int  nf = params ? params->n : 2;
  Carver     cv(nullptr);
  FactorWork w;
  return factor_carve(cv, nf < 1 ? 1 : nf, n, g_nnz_bound, w);
}

size_t ts_cuda_factor_spread_buffer_size(ts_int n)
{
  Carver cv(nullptr);
  cv.take<double>((size_t)(n > 0 ? n : 0));
  cv.take<ts_int>((size_t)(n > 0 ? n : 0));
  return n > 0 ? cv.size() : 0;
}

ts_status ts_cuda_factor_spread(void *stream, ts_int n, ts_int *partner, double *partner_w, void *buffer)
{
  if (n < 0 || (n > 0 && (!partner || !partner_w || !buffer))) return TS_ERR_ARGUMENT;
  if (!n) return TS_SUCCESS;
  cudaStream_t s = as_stream(stream);
  Carver       cv(buffer);
  double      *match_w = cv.take<double>((size_t)n);
  ts_int      *match   = cv.take<ts_int>((size_t)n);
  /* the matching is copied first: the spread overwrites the slots it reads */
  TS_FOREST_TRY(cudaMemcpyAsync(match, partner, sizeof(ts_int) * n, cudaMemcpyDeviceToDevice, s));
  TS_FOREST_TRY(cudaMemcpyAsync(match_w, partner_w, sizeof(double) * n, cudaMemcpyDeviceToDevice, s));
  factor_spread_kernel<<<grid_for(n), kThreads, 0, s>>>(n, match, match_w, partner, partner_w);
  return check_launch();
}

ts_status ts_cuda_factor(void *stream, const ts_factor_params *params, ts_int n, ts_int g_nnz_bound, const ts_int *g_rowptr, const ts_int *g_col, const double *g_w, ts_int *partner, double *partner_w, void *buffer, int *rounds)
{
  if (!params) return TS_ERR_ARGUMENT;
  const int nf = params->n;
  if (nf < 1 || nf > TS_FACTOR_MAX_N || params->iterations < 1 || params->charge_period < 1 || n < 0 || g_nnz_bound < 0) return TS_ERR_ARGUMENT;
  cudaStream_t s = as_stream(stream);
  Carver       cv(buffer);
  FactorWork   w;
  factor_carve(cv, nf, n, g_nnz_bound, w);
  switch (nf) {
  case 1:
    return factor_run<1>(s, params, n, g_nnz_bound, g_rowptr, g_col, g_w, partner, partner_w, w, rounds);
  case 2:
    return factor_run<2>(s, params, n, g_nnz_bound, g_rowptr, g_col, g_w, partner, partner_w, w, rounds);
  case 3:
    return factor_run<3>(s, params, n, g_nnz_bound, g_rowptr, g_col, g_w, partner, partner_w, w, rounds);
  default:
    return factor_run<4>(s, params, n, g_nnz_bound, g_rowptr, g_col, g_w, partner, partner_w, w, rounds);
  }
}

} /* extern "C" */
