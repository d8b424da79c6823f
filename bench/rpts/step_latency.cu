/* SPDX-License-Identifier: BSD-2-Clause */
/*
   step_latency.cu - cycles per elimination step of RPTS's partition routines (rpts.cuh), measured with
   clock64() around reduce_partition and substitute_partition on partitions already in shared memory.
   The stage kernels and the final stage are bound by the latency of these recurrences (one thread walks
   a partition row by row), so this is the number that decides which partition sizes can run at memory
   speed and how long the one-block final stage takes.

   Each thread owns one partition of M rows (stride M+1 in shared memory, as the stage kernels lay them
   out). Configurations: one thread alone (the pure latency of the chain), one warp, and the stage
   kernels' load (blocks of 128 threads, 1 warp computing with 12 blocks per SM, 2 warps with 6). Reported: cycles per
   step (reduce: per eliminated row; substitution: per inner row) as the mean over the computing threads.

   usage: step_latency [--csv file]
          step_latency --solve N M   (3 solves of N rows, double, partitions of M on every stage; to profile
                                      the stage kernels with Nsight Compute)
          step_latency --time        (whole solves with the default plan, best of 10 x 20, alone and each followed
                                      by two reads of a 32 MB vector: what the solve leaves in L2 for its caller)
*/
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

#include "cuda/rpts.cuh"
#include "../../tests/kernels/check.h"

using namespace ts_rpts;

template <int M, int PIV, int ROLLED>
__global__ void step_kernel(int computing, int reps, long long *cycles, double *sink)
{
  constexpr int MS = M + 1;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  double *s  = reinterpret_cast<double *>(smem_raw);
  const int t = threadIdx.x, nt = computing; /* partitions: one per computing thread */
  double   *sa = s, *sb = s + nt * MS, *sc = s + 2 * nt * MS, *sd = s + 3 * nt * MS;
  if (t >= computing) return;
  /* entries of moderate size that vary (the pivot selects take both branches) */
  for (int j = 0; j < M; ++j) {
    const unsigned h = (unsigned)(t * 131 + j * 71 + blockIdx.x * 7);
    sa[t * MS + j] = (h % 13) * 0.1 - 0.6;
    sb[t * MS + j] = 0.5 + (h % 97) * 0.01;
    sc[t * MS + j] = (h % 11) * 0.1 - 0.5;
    sd[t * MS + j] = (h % 7) * 0.3 - 1.0;
  }
  double    acc = 0;
  long long red = 0, sub = 0;
  for (int r = 0; r < reps; ++r) {
    double e0, e1, e2, er[1];
    long long c0 = clock64();
    reduce_partition<M, 1, false, ROLLED != 0>(sa + t * MS, sb + t * MS, sc + t * MS, sd + t * MS, nt * MS, M, e0, e1, e2, er);
    acc += e0 + e1 + e2 + er[0];
    long long c1 = clock64();
    red += c1 - c0;
    double x0[1] = {acc * 1e-30 + 1}, xl[1] = {2}, xm[1] = {0.5}, xp[1] = {0.25};
    c0 = clock64();
    substitute_partition<PIV, M, 1, ROLLED != 0>(sa + t * MS, sb + t * MS, sc + t * MS, sd + t * MS, nt * MS, M, x0, xl, xm, xp);
    acc += sd[t * MS + M / 2];
    c1 = clock64();
    sub += c1 - c0;
    /* the substitution overwrote a, b, c, d: restore (not timed) */
    for (int j = 0; j < M; ++j) {
      const unsigned h = (unsigned)(t * 131 + j * 71 + blockIdx.x * 7);
      sa[t * MS + j] = (h % 13) * 0.1 - 0.6;
      sb[t * MS + j] = 0.5 + (h % 97) * 0.01;
      sc[t * MS + j] = (h % 11) * 0.1 - 0.5;
      sd[t * MS + j] = (h % 7) * 0.3 - 1.0 + acc * 1e-300;
    }
  }
  const int g = blockIdx.x * computing + t;
  cycles[2 * g]     = red / reps;
  cycles[2 * g + 1] = sub / reps;
  sink[g]           = acc;
}

template <int M, int PIV, int ROLLED>
static void run(FILE *fc, const char *what, int blocks, int threads, int computing)
{
  const int  smem = 4 * computing * (M + 1) * (int)sizeof(double);
  const int  nc   = blocks * computing;
  long long *dcyc;
  double    *dsink;
  CK(cudaMalloc(&dcyc, 2 * sizeof(long long) * nc));
  CK(cudaMalloc(&dsink, sizeof(double) * nc));
  CK(cudaFuncSetAttribute(step_kernel<M, PIV, ROLLED>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  step_kernel<M, PIV, ROLLED><<<blocks, threads, smem>>>(computing, 20, dcyc, dsink); /* warm-up */
  step_kernel<M, PIV, ROLLED><<<blocks, threads, smem>>>(computing, 20, dcyc, dsink);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  long long *h = new long long[2 * nc];
  CK(cudaMemcpy(h, dcyc, 2 * sizeof(long long) * nc, cudaMemcpyDeviceToHost));
  double red = 0, sub = 0;
  for (int i = 0; i < nc; ++i) {
    red += h[2 * i];
    sub += h[2 * i + 1];
  }
  red /= nc;
  sub /= nc;
  /* steps: the reduction eliminates rows 2..M-1 (M-2 steps); the substitution M-3 downward and M-3 back */
  printf("M=%2d piv=%d %-8s %-28s reduce %7.0f cycles (%5.1f per step)  substitution %7.0f cycles (%5.1f per inner row)\n", M, PIV, ROLLED ? "rolled" : "unrolled", what, red, red / (M - 2), sub, sub / (M - 2));
  if (fc) fprintf(fc, "%d,%d,%d,%s,%.1f,%.2f,%.1f,%.2f\n", M, PIV, ROLLED, what, red, red / (M - 2), sub, sub / (M - 2));
  delete[] h;
  cudaFree(dcyc);
  cudaFree(dsink);
}

template <int M, int PIV, int ROLLED>
static void all(FILE *fc, int sms)
{
  run<M, PIV, ROLLED>(fc, "1 thread", 1, 32, 1);
  run<M, PIV, ROLLED>(fc, "1 warp", 1, 32, 32);
  /* the stage kernels' load: blocks of 128 threads, one warp walking 32 partitions (the substitution),
     as many blocks per SM as shared memory allows for M = 16 (12) */
  run<M, PIV, ROLLED>(fc, "12 blocks/SM x 1 warp", 12 * sms, 128, 32);
  run<M, PIV, ROLLED>(fc, "6 blocks/SM x 2 warps", 6 * sms, 128, 64);
}

/* a caller's kernel after the solve: reads a vector of 32 MB (fits in L2) */
__global__ void sum_kernel(const double *v, long long n, double *out)
{
  double s = 0;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) s += v[i];
  if (s == 12345.678) *out = s;
}

static void solves(long long n, int M, bool timed)
{
  double *a, *b, *c, *x;
  void   *buf;
  Config  cfg{};
  cfg.M        = M;
  CK(cudaMalloc(&a, n * sizeof(double)));
  CK(cudaMalloc(&b, n * sizeof(double)));
  CK(cudaMalloc(&c, n * sizeof(double)));
  CK(cudaMalloc(&x, n * sizeof(double)));
  CK(cudaMalloc(&buf, buffer_size(n, 1, sizeof(double), cfg) + 256));
  CK(cudaMemset(a, 0, n * sizeof(double)));
  CK(cudaMemset(c, 0, n * sizeof(double)));
  CK(cudaMemset(x, 0, n * sizeof(double)));
  std::vector<double> one(n, 1.0);
  CK(cudaMemcpy(b, one.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  for (int r = 0; r < 3; ++r)
    if (solve<double>(0, TS_PIVOTING_SCALED, n, 1, a, b, c, x, n, buf, cfg) != TS_SUCCESS) exit(1);
  CK(cudaDeviceSynchronize());
  if (timed) {
    /* best of 10 blocks of 20 back-to-back solves (the system is the identity: every partition takes the
       same path) */
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    float best = 1e30f;
    for (int rep = 0; rep < 10; ++rep) {
      CK(cudaEventRecord(e0));
      for (int k = 0; k < 20; ++k) solve<double>(0, TS_PIVOTING_SCALED, n, 1, a, b, c, x, n, buf, cfg);
      CK(cudaEventRecord(e1));
      CK(cudaEventSynchronize(e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      best = ms < best ? ms : best;
    }
    /* the same with a caller's vector read twice after each solve: what the solve leaves in L2 */
    const long long nv = 4 << 20;
    double         *v;
    CK(cudaMalloc(&v, nv * sizeof(double)));
    CK(cudaMemset(v, 0, nv * sizeof(double)));
    float best2 = 1e30f;
    for (int rep = 0; rep < 10; ++rep) {
      CK(cudaEventRecord(e0));
      for (int k = 0; k < 20; ++k) {
        solve<double>(0, TS_PIVOTING_SCALED, n, 1, a, b, c, x, n, buf, cfg);
        sum_kernel<<<264, 512>>>(v, nv, x);
        sum_kernel<<<264, 512>>>(v, nv, x);
      }
      CK(cudaEventRecord(e1));
      CK(cudaEventSynchronize(e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      best2 = ms < best2 ? ms : best2;
    }
    cudaFree(v);
    cudaEventDestroy(e0);
    cudaEventDestroy(e1);
    printf("M2=%d MF=%d NSEQ=%d n=%lld M=%d: %.2f us   solve + 2 reads of 32 MB: %.2f us\n", M2, MF, NSEQ, n, M, 1e3 * best / 20, 1e3 * best2 / 20);
  } else printf("3 solves, n = %lld, M = %d: done\n", n, M);
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  cudaFree(x);
  cudaFree(buf);
}

int main(int argc, char **argv)
{
  const char *csv = NULL;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv = argv[++i];
    if (!strcmp(argv[i], "--solve") && i + 2 < argc) {
      solves(atoll(argv[i + 1]), atoi(argv[i + 2]), false);
      return 0;
    }
    if (!strcmp(argv[i], "--time")) { /* --time: whole solves of the sizes that matter, default plan */
      for (long long n : {1LL << 19, 1LL << 20, 1440000LL, 1LL << 21, 1LL << 22, 1LL << 25})
        for (int M : {0}) solves(n, M, true);
      return 0;
    }
  }
  FILE *fc = csv ? fopen(csv, "w") : NULL;
  if (fc) fprintf(fc, "M,piv,rolled,config,reduce_cycles,reduce_per_step,subst_cycles,subst_per_row\n");
  int dev = 0, sms = 0;
  CK(cudaGetDevice(&dev));
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  all<16, TS_PIVOTING_SCALED, 0>(fc, sms);
  all<32, TS_PIVOTING_SCALED, 0>(fc, sms);
  all<12, TS_PIVOTING_SCALED, 1>(fc, sms);
  all<12, TS_PIVOTING_SCALED, 0>(fc, sms);
  all<16, TS_PIVOTING_NONE, 0>(fc, sms);
  all<16, TS_PIVOTING_PARTIAL, 0>(fc, sms);
  if (fc) fclose(fc);
  return 0;
}
