/* SPDX-License-Identifier: BSD-2-Clause */
/*
   block_check_test.cu - the device check of a 2x2 block factor (ts_cuda_bgttrf_check,
   src/kernels/cuda/block_check.cu) against its oracle ts_ref_bgttrf: the same status (success, zero
   pivot, non-finite) and the same first zero-pivot block, for every pivoting, on random chains built to
   meet zero pivots: small integer entries (exact cancellations give singular accumulated pivots),
   zero sub-diagonal blocks (segments, as the path boundaries of a block forest), rank-one and zero
   diagonal blocks, and NaN/Inf entries; 1 to 200,000 blocks.

   usage: block_check_test [--device] [--quick]     (--quick: at most 1000 blocks, for compute-sanitizer)
   Without --device the segment routine (block_check.cuh) runs on the host, one segment at a time as
   the kernel's threads do (no GPU needed: CI runs it); with --device the kernels run on the GPU.
   Last line: "N passed, M failed".
*/
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>
#include <string>
#include <vector>

#include "trisplit_kernels.h"
#include "cuda/block_check.cuh"

static int g_pass = 0, g_fail = 0;

struct Chain {
  ts_int              nb;
  std::vector<double> a, b, c;
  std::string         name;
};

static unsigned long long g_state = 2026112501ULL;
static double             uniform() /* [0, 1) */
{
  g_state = g_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(g_state >> 11) / 9007199254740992.0;
}
static int small_int() { return (int)(uniform() * 5.0) - 2; } /* -2..2 */

/* kind 0: random reals; 1: small integers; 2: small integers, dominant diagonal blocks */
static Chain make_chain(ts_int nb, int kind, double p_zero_a, double p_singular, int nonfinite)
{
  Chain ch;
  ch.nb = nb;
  ch.a.assign(4 * (size_t)nb, 0), ch.b.assign(4 * (size_t)nb, 0), ch.c.assign(4 * (size_t)nb, 0);
  for (ts_int i = 0; i < nb; i++) {
    for (int k = 0; k < 4; k++) {
      ch.a[4 * i + k] = kind ? small_int() : 2 * uniform() - 1;
      ch.b[4 * i + k] = kind ? small_int() : 2 * uniform() - 1;
      ch.c[4 * i + k] = kind ? small_int() : 2 * uniform() - 1;
    }
    if (kind == 2) ch.b[4 * i] += 12, ch.b[4 * i + 3] += 12;
    if (uniform() < p_zero_a) memset(&ch.a[4 * i], 0, 4 * sizeof(double));
    if (uniform() < p_singular) { /* rank one: [x, 2x; y, 2y], or zero */
      const double x = kind ? small_int() : uniform(), y = kind ? small_int() : uniform();
      ch.b[4 * i] = x, ch.b[4 * i + 1] = y, ch.b[4 * i + 2] = 2 * x, ch.b[4 * i + 3] = 2 * y;
    }
  }
  if (nonfinite && nb > 0) {
    const ts_int i = (ts_int)(uniform() * nb);
    (nonfinite == 1 ? ch.b : nonfinite == 2 ? ch.a : ch.c)[4 * i + 1] = nonfinite == 3 ? INFINITY : NAN;
  }
  ch.name = "nb " + std::to_string((long long)nb) + " kind " + std::to_string(kind) + " p_zero_a " + std::to_string(p_zero_a) + " p_singular " + std::to_string(p_singular) + " nonfinite " + std::to_string(nonfinite);
  return ch;
}

/* the kernels' work, one segment at a time, on the host */
static void host_sim(ts_pivoting piv, const Chain &ch, ts_int info[2])
{
  ts_int nonfinite = 0, zero = ch.nb;
  for (ts_int i = 0; i < ch.nb; i++)
    if (!ts_block::row_finite(ch.nb, i, ch.a.data(), ch.b.data(), ch.c.data())) nonfinite = 1;
  for (ts_int i = 0; i < ch.nb; i++) {
    if (!ts_block::segment_start(i, ch.a.data())) continue;
    ts_int end = i + 1;
    while (end < ch.nb && !ts_block::segment_start(end, ch.a.data())) end++;
    const ts_int z = ts_block::segment_first_zero(piv, ch.nb, i, end, ch.a.data(), ch.b.data(), ch.c.data());
    if (z >= 0 && z < zero) zero = z;
  }
  info[0] = nonfinite ? TS_ERR_NONFINITE : (zero < ch.nb ? TS_ERR_ZERO_PIVOT : TS_SUCCESS);
  info[1] = !nonfinite && zero < ch.nb ? zero : -1;
}

static bool device_check(ts_pivoting piv, const Chain &ch, ts_int info[2])
{
  double *d[3];
  ts_int *dinfo;
  const size_t bytes = sizeof(double) * (ch.a.size() + 1);
  const std::vector<double> *h[3] = {&ch.a, &ch.b, &ch.c};
  for (int k = 0; k < 3; k++) {
    if (cudaMalloc(&d[k], bytes) != cudaSuccess) return false;
    cudaMemcpy(d[k], h[k]->data(), sizeof(double) * h[k]->size(), cudaMemcpyHostToDevice);
  }
  if (cudaMalloc(&dinfo, 2 * sizeof(ts_int)) != cudaSuccess) return false;
  const ts_status st = ts_cuda_bgttrf_check(nullptr, piv, ch.nb, d[0], d[1], d[2], dinfo);
  cudaMemcpy(info, dinfo, 2 * sizeof(ts_int), cudaMemcpyDeviceToHost);
  for (int k = 0; k < 3; k++) cudaFree(d[k]);
  cudaFree(dinfo);
  return st == TS_SUCCESS && cudaDeviceSynchronize() == cudaSuccess;
}

int main(int argc, char **argv)
{
  bool device = false, quick = false;
  for (int k = 1; k < argc; k++) device = device || !strcmp(argv[k], "--device"), quick = quick || !strcmp(argv[k], "--quick");
  const ts_pivoting       pivs[3] = {TS_PIVOTING_NONE, TS_PIVOTING_PARTIAL, TS_PIVOTING_SCALED};
  const char             *pname[3] = {"none", "partial", "scaled"};
  const ts_int            sizes[]  = {1, 2, 3, 7, 64, 1000, 200000};
  int                     outcomes[3] = {0, 0, 0}; /* success, zero pivot, non-finite */
  std::vector<char>       work;

  for (ts_int nb : sizes)
    for (int kind = 0; kind < 3 && !(quick && nb > 1000); kind++)
      for (double pz : {0.0, 0.05, 0.5})
        for (double ps : {0.0, 0.002, 0.05})
          for (int nf = 0; nf < 4; nf++) {
            if (nf && (ps > 0.002 || pz > 0.05)) continue;
            const Chain ch = make_chain(nb, kind, pz, ps, nf);
            for (int p = 0; p < 3; p++) {
              ts_int ref_row = -2, got[2] = {-3, -3};
              work.assign(ts_ref_bgttrf_size(nb) + 16, 0);
              const ts_status ref = ts_ref_bgttrf(pivs[p], nb, ch.a.data(), ch.b.data(), ch.c.data(), work.data(), &ref_row);
              if (device) {
                if (!device_check(pivs[p], ch, got)) got[0] = got[1] = -4;
              } else host_sim(pivs[p], ch, got);
              const bool ok = got[0] == (ts_int)ref && got[1] == (ref == TS_ERR_NONFINITE ? -1 : ref_row);
              if (ok) g_pass++;
              else {
                g_fail++;
                printf("FAIL %s pivoting %s: host status %d row %d, %s status %d row %d\n", ch.name.c_str(), pname[p], (int)ref, (int)ref_row, device ? "device" : "simulation", (int)got[0], (int)got[1]);
              }
              outcomes[ref == TS_SUCCESS ? 0 : ref == TS_ERR_ZERO_PIVOT ? 1 : 2]++;
            }
          }
  printf("host outcomes: %d success, %d zero pivot, %d non-finite (every class must occur)\n", outcomes[0], outcomes[1], outcomes[2]);
  if (!outcomes[0] || !outcomes[1] || !outcomes[2]) g_fail++;
  printf("%d passed, %d failed\n", g_pass, g_fail);
  return g_fail ? 1 : 0;
}
