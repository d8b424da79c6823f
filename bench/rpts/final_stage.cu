/* SPDX-License-Identifier: BSD-2-Clause */
/*
   final_stage.cu - the latency of RPTS's on-chip final stage (final_kernel, one block) and of whole
   solves of the sizes where it weighs most, for one build of rpts.cuh. Build it once per variant of the
   final stage (make -f bench/rpts/Makefile final-variants: TS_RPTS_FINAL_ROLLED = 1, the final stage's
   sweeps as loops, or 0, unrolled; mf-variants: partitions of TS_RPTS_MF rows, TS_RPTS_NSEQ rows for the
   last level's one thread) and run the binaries one after the other on the GPU machine.

   Matrix: b ~ U(1, 1.5) with random sign, a, c ~ 0.05 U(-1, 1); double, scaled pivoting, 1 RHS.
   Timing: CUDA events around 20 solves (the right-hand side restored from a pristine copy between
   blocks, outside the timed region), best of 10 blocks. Check: relative residual of one solve, on the
   host, must be below 1e-13 (exit code 1 otherwise).

   usage: final_stage [--csv file]
*/
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

#include "cuda/rpts.cuh"
#include "../../tests/kernels/check.h"

static double urand(unsigned long long &s)
{
  s = s * 6364136223846793005ULL + 1442695040888963407ULL;
  return (s >> 11) * (1.0 / 9007199254740992.0);
}

struct System {
  long long           n;
  double             *a, *b, *c, *x, *x0;
  void               *buf;
  std::vector<double> ha, hb, hc, hd;
};

static System make_system(long long n)
{
  System             S;
  unsigned long long seed = 1234 + (unsigned long long)n;
  S.n                     = n;
  S.ha.resize(n);
  S.hb.resize(n);
  S.hc.resize(n);
  S.hd.resize(n);
  for (long long i = 0; i < n; ++i) {
    S.ha[i] = i ? 0.05 * (2 * urand(seed) - 1) : 0;
    S.hc[i] = i < n - 1 ? 0.05 * (2 * urand(seed) - 1) : 0;
    S.hb[i] = (1 + 0.5 * urand(seed)) * (urand(seed) < 0.5 ? -1 : 1);
    S.hd[i] = 2 * urand(seed) - 1;
  }
  const size_t bytes = sizeof(double) * n;
  CK(cudaMalloc(&S.a, bytes));
  CK(cudaMalloc(&S.b, bytes));
  CK(cudaMalloc(&S.c, bytes));
  CK(cudaMalloc(&S.x, bytes));
  CK(cudaMalloc(&S.x0, bytes));
  CK(cudaMalloc(&S.buf, ts_rpts::buffer_size(n, 1, sizeof(double)) + 256));
  CK(cudaMemcpy(S.a, S.ha.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(S.b, S.hb.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(S.c, S.hc.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(S.x0, S.hd.data(), bytes, cudaMemcpyHostToDevice));
  return S;
}

static void free_system(System &S)
{
  cudaFree(S.a);
  cudaFree(S.b);
  cudaFree(S.c);
  cudaFree(S.x);
  cudaFree(S.x0);
  cudaFree(S.buf);
}

/* relative residual of x = A^-1 d on the host */
static double residual(const System &S)
{
  std::vector<double> x(S.n);
  CK(cudaMemcpy(x.data(), S.x, sizeof(double) * S.n, cudaMemcpyDeviceToHost));
  double r = 0, d = 0;
  for (long long i = 0; i < S.n; ++i) {
    double v = S.hb[i] * x[i] - S.hd[i];
    if (i) v += S.ha[i] * x[i - 1];
    if (i < S.n - 1) v += S.hc[i] * x[i + 1];
    r = fmax(r, fabs(v));
    d = fmax(d, fabs(S.hd[i]));
  }
  return r / d;
}

/* best time of a block of 20 calls of f, in ms per call */
template <class F>
static double time_calls(System &S, F f)
{
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  double best = 1e30;
  for (int rep = 0; rep < 11; ++rep) {
    CK(cudaMemcpy(S.x, S.x0, sizeof(double) * S.n, cudaMemcpyDeviceToDevice));
    CK(cudaEventRecord(e0));
    for (int k = 0; k < 20; ++k) f();
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float ms;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    if (rep) best = fmin(best, ms / 20); /* the first block warms up */
  }
  CK(cudaGetLastError());
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  return best;
}

int main(int argc, char **argv)
{
  const char *csv = NULL;
  for (int i = 1; i < argc; ++i)
    if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv = argv[++i];
  FILE *fc = csv ? fopen(csv, "w") : NULL;
  if (fc) fprintf(fc, "variant,what,n,ms,residual\n");
  char variant[64];
  snprintf(variant, sizeof(variant), "MF=%d NSEQ=%d%s", ts_rpts::MF, ts_rpts::NSEQ, ts_rpts::FINAL_ROLLED ? " rolled" : " unrolled");
  int bad = 0;
  typedef ts_rpts::Launch<double, TS_PIVOTING_SCALED, 1> Launch;
  /* the final stage alone (n <= nf) */
  for (int n : {44, 256, 512, 2048}) {
    System S = make_system(n);
    const double ms = time_calls(S, [&] { CK(Launch::final_solve(ts_rpts::Exec{0, false, false}, n, S.a, S.b, S.c, S.x, n)); });
    CK(cudaMemcpy(S.x, S.x0, sizeof(double) * n, cudaMemcpyDeviceToDevice));
    CK(Launch::final_solve(ts_rpts::Exec{0, false, false}, n, S.a, S.b, S.c, S.x, n));
    const double res = residual(S);
    bad += !(res < 1e-13);
    printf("%-22s final stage  n = %8d: %8.2f us  residual %.1e\n", variant, n, 1e3 * ms, res);
    if (fc) fprintf(fc, "%s,final,%d,%.6f,%.3e\n", variant, n, ms, res);
    free_system(S);
  }
  /* whole solves, default plan */
  for (long long n : {1LL << 11, 1LL << 16, 1LL << 20, 1440000LL, 1LL << 22, 1LL << 25}) {
    System S = make_system(n);
    const double ms = time_calls(S, [&] { ts_rpts::solve<double>(0, TS_PIVOTING_SCALED, n, 1, S.a, S.b, S.c, S.x, n, S.buf); });
    CK(cudaMemcpy(S.x, S.x0, sizeof(double) * n, cudaMemcpyDeviceToDevice));
    if (ts_rpts::solve<double>(0, TS_PIVOTING_SCALED, n, 1, S.a, S.b, S.c, S.x, n, S.buf) != TS_SUCCESS) bad++;
    const double res = residual(S);
    bad += !(res < 1e-13);
    printf("%-22s whole solve  n = %8lld: %8.2f us  residual %.1e\n", variant, n, 1e3 * ms, res);
    if (fc) fprintf(fc, "%s,solve,%lld,%.6f,%.3e\n", variant, n, ms, res);
    free_system(S);
  }
  if (fc) fclose(fc);
  printf("%s: %s\n", variant, bad ? "FAILED" : "all residuals below 1e-13");
  return bad ? 1 : 0;
}
