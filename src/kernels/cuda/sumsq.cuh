/* SPDX-License-Identifier: BSD-2-Clause */
/*
   sumsq.cuh - the squared 2-norms of NV vectors of n doubles: block sums over a fixed grid (at most kBlocks blocks of
   256 threads, each striding over the vector) into the caller's workspace, then one thread adds each vector's block
   sums in order, so that a run repeats itself bit for bit. Two launches, no wait. Used by jacobi_power.cu (the last
   two iterates) and sumsq.cu (one vector).
*/
#ifndef TS_SUMSQ_CUH
#define TS_SUMSQ_CUH

#include "forest_common.cuh"

namespace ts_sumsq {

constexpr int kBlocks = 512;

/* the NV vectors, passed by value */
template <int NV>
struct Vectors {
  const double *x[NV];
};

template <int NV>
__global__ void __launch_bounds__(256) block_sums(ts_int n, Vectors<NV> v, double *__restrict__ partial)
{
  __shared__ double s[NV][256];
  double            a[NV];

  for (int k = 0; k < NV; k++) a[k] = 0.0;
  for (ts_int i = blockIdx.x * (ts_int)blockDim.x + threadIdx.x; i < n; i += (ts_int)gridDim.x * blockDim.x)
    for (int k = 0; k < NV; k++) a[k] += v.x[k][i] * v.x[k][i];
  for (int k = 0; k < NV; k++) s[k][threadIdx.x] = a[k];
  __syncthreads();
  for (int w = 128; w > 0; w /= 2) {
    if ((int)threadIdx.x < w)
      for (int k = 0; k < NV; k++) s[k][threadIdx.x] += s[k][threadIdx.x + w];
    __syncthreads();
  }
  if (!threadIdx.x)
    for (int k = 0; k < NV; k++) partial[NV * blockIdx.x + k] = s[k][0];
}

template <int NV>
__global__ void final_sums(int nblocks, const double *__restrict__ partial, double *__restrict__ sums)
{
  for (int k = 0; k < NV; k++) {
    double a = 0.0;

    for (int b = 0; b < nblocks; b++) a += partial[NV * b + k];
    sums[k] = a;
  }
}

/* bytes of workspace for NV vectors */
template <int NV>
constexpr size_t buffer_size() { return (size_t)NV * kBlocks * sizeof(double); }

/* sums[k] = |v.x[k]|^2 (device doubles), n > 0; buffer: buffer_size<NV>() bytes */
template <int NV>
static inline ts_status launch(cudaStream_t st, ts_int n, Vectors<NV> v, double *sums, void *buffer)
{
  const unsigned g       = ts_forest::grid_for((size_t)n);
  const int      nblocks = g < (unsigned)kBlocks ? (int)g : kBlocks;

  block_sums<NV><<<nblocks, 256, 0, st>>>(n, v, (double *)buffer);
  final_sums<NV><<<1, 1, 0, st>>>(nblocks, (const double *)buffer, sums);
  return ts_forest::check_launch();
}

} // namespace ts_sumsq

#endif
