/* SPDX-License-Identifier: BSD-2-Clause */
/*
   gttrf_check_test.cu - the parallel zero-pivot check of a scalar chain (ts_cuda_gttrf_check,
   src/kernels/cuda/gttrf_check.cu) against its oracle ts_ref_gttrf: the same status (success, zero
   pivot, non-finite) and the same first zero-pivot position, for every pivoting, on chains built to meet
   zero pivots (small integers: exact cancellations; tridiag(1,1,1) and tridiag(-1,2,-1); zero diagonals;
   zero couplings that restart the elimination, as path ends do; NaN/Inf) and on chains that must not
   (uniform random U(-1,1), diagonally dominant), 1 to 300,000 rows. On the families without a zero
   pivot the check must replay nothing (the estimate alone decides): that is what makes it parallel.

   usage: gttrf_check_test [--device] [--quick] [--long N]
     without --device the phases of the kernels run on the host, chunk by chunk, with sequential scans
     (no GPU: CI runs it); --device runs the kernels; --quick: at most 1000 rows (compute-sanitizer);
     --long N: also check chains of N rows of each family (device only), printing the time of the check.
   Last line: "N passed, M failed".
*/
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <string>
#include <vector>

#include "trisplit_kernels.h"
#include "cuda/gttrf_check.cuh"

static int g_pass = 0, g_fail = 0;

struct Chain {
  std::vector<double> a, b, c;
  std::string         name;
  bool                clear; /* a family the estimate must decide without a replay */
  ts_int              n() const { return (ts_int)b.size(); }
};

static unsigned long long g_state = 2026112601ULL;
static double             uniform() /* [0, 1) */
{
  g_state = g_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(g_state >> 11) / 9007199254740992.0;
}
static int small_int() { return (int)(uniform() * 5.0) - 2; } /* -2..2 */

enum Family { RANDOM, DOMINANT, INTEGERS, ONES, LAPLACE, ZERO_DIAGONALS, FAMILIES };
static const char *family_name[] = {"random", "dominant", "integers", "tridiag(1,1,1)", "tridiag(-1,2,-1)", "zero diagonals"};

static Chain make_chain(ts_int n, int family, double p_restart, int nonfinite)
{
  Chain ch;
  ch.a.assign(n, 0), ch.b.assign(n, 0), ch.c.assign(n, 0);
  for (ts_int i = 0; i < n; i++) {
    switch (family) {
    case RANDOM:
      ch.a[i] = 2 * uniform() - 1, ch.b[i] = 2 * uniform() - 1, ch.c[i] = 2 * uniform() - 1;
      break;
    case DOMINANT:
      ch.a[i] = 2 * uniform() - 1, ch.c[i] = 2 * uniform() - 1, ch.b[i] = (uniform() < 0.5 ? -1 : 1) * (2.5 + uniform());
      break;
    case INTEGERS:
      ch.a[i] = small_int(), ch.b[i] = small_int(), ch.c[i] = small_int();
      break;
    case ONES:
      ch.a[i] = ch.b[i] = ch.c[i] = 1;
      break;
    case LAPLACE:
      ch.a[i] = ch.c[i] = -1, ch.b[i] = 2;
      break;
    default:
      ch.a[i] = 2 * uniform() - 1, ch.c[i] = 2 * uniform() - 1, ch.b[i] = uniform() < 0.1 ? 0 : 2 * uniform() - 1;
    }
    if (i > 0 && uniform() < p_restart) ch.a[i] = 0, ch.c[i - 1] = 0; /* a path end */
  }
  if (nonfinite && n > 0) {
    const ts_int i = (ts_int)(uniform() * n);
    (nonfinite == 1 ? ch.b : nonfinite == 2 ? ch.a : ch.c)[i] = nonfinite == 3 ? INFINITY : NAN;
  }
  /* tridiag(1,1,1) of n rows is singular iff n = 2 mod 3; nonsingular, its accumulated row meets exact zeros
     that an interchange passes: the estimate must not replay them */
  ch.clear = !nonfinite && (family == RANDOM || family == DOMINANT || family == LAPLACE || (family == ONES && p_restart == 0.0 && n % 3 != 2));
  ch.name  = std::string(family_name[family]) + " n " + std::to_string((long long)n) + " p_restart " + std::to_string(p_restart) + " nonfinite " + std::to_string(nonfinite);
  return ch;
}

/* Random chains with exactly singular stretches planted for one pivoting: where the host's step into
   row j keeps the accumulated row as pivot row, b_j := l p1 (the product the host subtracts) makes its
   next pivot exactly zero, in the host's arithmetic only: the estimate sees a tiny pivot, not a zero.
   A zero pivot needs no interchange after it, so the plants are at path ends (a_{j+1} = 0) and at the
   last row, or anywhere without pivoting. */
static Chain make_planted(ts_int n, ts_pivoting piv, double p_plant)
{
  Chain         ch = make_chain(n, RANDOM, 0.01, 0);
  double        p0, p1, l, u0, u1, u2;
  unsigned char ip;

  if (n < 2) return ch;
  p0 = ch.b[0], p1 = ch.c[0];
  for (ts_int i = 0; i + 1 < n; i++) {
    const ts_int j   = i + 1;
    const double cj  = j < n - 1 ? ch.c[j] : 0.0;
    const bool   end = j == n - 1 || ch.a[j + 1] == 0.0;
    if (ch.a[j] != 0.0 && p0 != 0.0 && (end || piv == TS_PIVOTING_NONE) && uniform() < p_plant) {
      const double keep = ch.b[j], q0 = p0, q1 = p1;
      double       t0 = p0, t1 = p1;
      ch.b[j] = (ch.a[j] / p0) * p1;
      if (!ts_check::gttrf_step(piv, t0, t1, ch.a[j], ch.b[j], cj, l, u0, u1, u2, ip) || ip || t0 != 0.0) ch.b[j] = keep;
      p0 = q0, p1 = q1;
    }
    if (!ts_check::gttrf_step(piv, p0, p1, ch.a[j], ch.b[j], cj, l, u0, u1, u2, ip)) break;
  }
  ch.clear = false;
  ch.name  = "planted n " + std::to_string((long long)n) + " p_plant " + std::to_string(p_plant);
  return ch;
}

/* the kernels' phases on the host: chunk by chunk, scans in order */
static void host_sim(ts_pivoting piv, const Chain &ch, ts_int info[2], ts_int stats[3])
{
  using namespace ts_check;
  const ts_int          n = ch.n(), nc = (n + kChunk - 1) / kChunk;
  const double         *a = ch.a.data(), *b = ch.b.data(), *c = ch.c.data();
  std::vector<DirMap>   dir(nc);
  std::vector<SizeMap>  size(nc);
  std::vector<ts_int>   last(n, -1);
  ts_int                nonfinite = 0, zero = n;

  stats[0] = stats[1] = stats[2] = 0;
  for (ts_int q = 0; q < nc; q++) {
    DirMap d = dir_identity();
    for (ts_int k = q * kChunk; k < n && k < (q + 1) * kChunk; k++) {
      d = dir_compose(d, dir_row(n, k, a, b, c));
      if (!row_finite(n, k, a, b, c)) nonfinite = 1;
    }
    dir[q] = q ? dir_compose(dir[q - 1], d) : d;
  }
  for (ts_int q = 0; q < nc; q++) {
    SizeMap s = size_identity();
    Walk    w;
    w.begin(dir.data(), q);
    for (ts_int k = q * kChunk; k < n && k < (q + 1) * kChunk; k++) s = size_compose(s, w.advance(piv, n, k, a, b, c));
    size[q] = q ? size_compose(size[q - 1], s) : s;
  }
  for (ts_int q = 0; q < nc; q++) {
    ts_int head   = q ? dir[q - 1].head : 0;
    double lsigma = q ? size[q - 1].A : 0;
    Walk   w;
    w.begin(dir.data(), q);
    for (ts_int k = q * kChunk; k < n && k < (q + 1) * kChunk; k++) {
      const SizeMap s = w.advance(piv, n, k, a, b, c);
      lsigma          = s.konst ? s.A : clampd(mind(s.A, s.B + lsigma));
      if (restarts(k, a)) head = k;
      if (pivot_suspect(piv, n, k, a, b, c, lsigma, w.v0)) {
        if (k > last[head]) last[head] = k;
        stats[0]++;
      }
    }
  }
  for (ts_int k = 0; k < n; k++) {
    if (last[k] < 0) continue;
    const ts_int z = replay(piv, n, k, last[k], a, b, c);
    if (z >= 0 && z < zero) zero = z;
    stats[1]++;
    stats[2] += (z >= 0 ? z : last[k]) - k + 1;
  }
  info[0] = nonfinite ? TS_ERR_NONFINITE : (zero < n ? TS_ERR_ZERO_PIVOT : TS_SUCCESS);
  info[1] = !nonfinite && zero < n ? zero : -1;
}

static bool device_check(ts_pivoting piv, const Chain &ch, ts_int info[2], ts_int stats[3], double *ms)
{
  const ts_int n = ch.n();
  double      *d[3];
  ts_int      *dinfo;
  void        *buf;
  const std::vector<double> *h[3] = {&ch.a, &ch.b, &ch.c};
  cudaEvent_t e0, e1;
  float       t = 0;

  for (int k = 0; k < 3; k++) {
    if (cudaMalloc(&d[k], sizeof(double) * (n + 1)) != cudaSuccess) return false;
    cudaMemcpy(d[k], h[k]->data(), sizeof(double) * n, cudaMemcpyHostToDevice);
  }
  if (cudaMalloc(&dinfo, 2 * sizeof(ts_int)) != cudaSuccess) return false;
  if (cudaMalloc(&buf, ts_cuda_gttrf_check_buffer_size(n) + 1) != cudaSuccess) return false;
  cudaEventCreate(&e0), cudaEventCreate(&e1);
  ts_status st = ts_cuda_gttrf_check(nullptr, piv, n, d[0], d[1], d[2], buf, dinfo); /* warm-up: module load */
  cudaEventRecord(e0);
  st = st == TS_SUCCESS ? ts_cuda_gttrf_check(nullptr, piv, n, d[0], d[1], d[2], buf, dinfo) : st;
  cudaEventRecord(e1);
  cudaEventSynchronize(e1);
  cudaEventElapsedTime(&t, e0, e1);
  if (ms) *ms = t;
  cudaMemcpy(info, dinfo, 2 * sizeof(ts_int), cudaMemcpyDeviceToHost);
  cudaMemcpy(stats, ts_cuda_gttrf_check_stats(n, buf), 3 * sizeof(ts_int), cudaMemcpyDeviceToHost);
  for (int k = 0; k < 3; k++) cudaFree(d[k]);
  cudaFree(dinfo), cudaFree(buf);
  cudaEventDestroy(e0), cudaEventDestroy(e1);
  return st == TS_SUCCESS && cudaDeviceSynchronize() == cudaSuccess;
}

static void check(ts_pivoting piv, const char *pname, const Chain &ch, bool device, int outcomes[3], bool timed)
{
  const ts_int n = ch.n();
  ts_int       ref_row = -2, got[2] = {-3, -3}, stats[3] = {0, 0, 0};
  double       ms = 0;
  std::vector<char> work(ts_ref_gttrf_size(n) + 16);
  const ts_status   ref = ts_ref_gttrf(piv, n, ch.a.data(), ch.b.data(), ch.c.data(), work.data(), &ref_row);

  if (device) {
    if (!device_check(piv, ch, got, stats, &ms)) got[0] = got[1] = -4;
  } else host_sim(piv, ch, got, stats);
  bool ok = got[0] == (ts_int)ref && got[1] == (ref == TS_ERR_NONFINITE ? -1 : ref_row);
  /* where no pivot is near zero, nothing is replayed */
  const bool quiet = !ch.clear || piv == TS_PIVOTING_NONE || stats[2] == 0;
  if (ok && quiet) g_pass++;
  else {
    g_fail++;
    printf("FAIL %s pivoting %s: host status %d row %d, %s status %d row %d; suspects %d, stretches %d, rows replayed %d\n", ch.name.c_str(), pname, (int)ref, (int)ref_row, device ? "device" : "simulation", (int)got[0], (int)got[1], (int)stats[0], (int)stats[1], (int)stats[2]);
  }
  if (timed) printf("%-48s pivoting %-7s status %d: check %.3f ms, rows replayed %d\n", ch.name.c_str(), pname, (int)got[0], ms, (int)stats[2]);
  outcomes[ref == TS_SUCCESS ? 0 : ref == TS_ERR_ZERO_PIVOT ? 1 : 2]++;
}

int main(int argc, char **argv)
{
  bool              device = false, quick = false;
  long              nlong  = 0;
  const ts_pivoting pivs[3]  = {TS_PIVOTING_NONE, TS_PIVOTING_PARTIAL, TS_PIVOTING_SCALED};
  const char       *pname[3] = {"none", "partial", "scaled"};
  const ts_int      sizes[]  = {1, 2, 3, 31, 32, 33, 100, 1000, 300000, 300001};
  int               outcomes[3] = {0, 0, 0}; /* success, zero pivot, non-finite */

  for (int k = 1; k < argc; k++) {
    device = device || !strcmp(argv[k], "--device");
    quick  = quick || !strcmp(argv[k], "--quick");
    if (!strcmp(argv[k], "--long") && k + 1 < argc) nlong = atol(argv[++k]);
  }
  for (ts_int n : sizes)
    for (int f = 0; f < FAMILIES && !(quick && n > 1000); f++)
      for (double pr : {0.0, 0.01, 0.3})
        for (int nf = 0; nf < 4; nf++) {
          if (nf && pr > 0.01) continue;
          const Chain ch = make_chain(n, f, pr, nf);
          for (int p = 0; p < 3; p++) check(pivs[p], pname[p], ch, device, outcomes, false);
        }
  for (ts_int n : sizes)
    for (double pp : {0.001, 0.05, 0.5})
      for (int p = 0; p < 3 && !(quick && n > 1000); p++) check(pivs[p], pname[p], make_planted(n, pivs[p], pp), device, outcomes, false);
  if (device && nlong > 0)
    for (int f : {RANDOM, DOMINANT, ONES, LAPLACE})
      for (int p = 1; p < 3; p++) {
        check(pivs[p], pname[p], make_chain((ts_int)nlong, f, 0.0, 0), true, outcomes, true);
        if (f == ONES) check(pivs[p], pname[p], make_chain((ts_int)nlong + 1, f, 0.0, 0), true, outcomes, true); /* nonsingular for 2^odd */
      }
  printf("host outcomes: %d success, %d zero pivot, %d non-finite (every class must occur)\n", outcomes[0], outcomes[1], outcomes[2]);
  if (!outcomes[0] || !outcomes[1] || !outcomes[2]) g_fail++;
  printf("%d passed, %d failed\n", g_pass, g_fail);
  return g_fail ? 1 : 0;
}
