/* SPDX-License-Identifier: BSD-2-Clause */
/*
   bench_rpts.cu - RPTS (ts_cuda_[ds]gtsv) against cuSPARSE gtsv2, gtsv2_nopivot and a device-to-device
   copy of the bytes RPTS must move at least (the bandwidth floor).

   Floor: per batch of R <= 4 right-hand sides RPTS reads the matrix twice and the R columns twice and
   writes R columns: (6 + 3R) N words (9N for one right-hand side). The copy moves half of that many
   words (read + write = the floor's traffic); fraction of copy bandwidth = t_copy / t_solve.

   Matrix: b ~ U(1, 1.5) with random sign, a, c ~ 0.05 U(-1,1) (the solve must not blow up when it is
   repeated in place); x restored from a pristine copy every 20 solves (outside the timed region).
   Block rows (rpts-block: scaled, rpts-block-part: partial): ts_cuda_[ds]bgtsv on N/2 2x2 block rows
   (N scalar unknowns), fraction of their own copy floor (copy-floor-blk, (24 + 6R) N/2 words).
   Timing: CUDA events around blocks of solves after 3 warm-up solves, mean over >= 10 solves
   (about 0.1 s of solves per point).

   usage: bench_rpts [--nmin 16] [--nmax 27] [--csv file] [--quick] [--tune | --tune-only] [--no-block]
                     [--prec double|float] [--nrhs 1|4] [--analyze-only]
     --quick      no cuSPARSE;  --tune  variants (pivoting, fixed M, register loads, nf) at a few sizes
     --no-block   no block RPTS;  --prec, --nrhs  only this precision / number of right-hand sides
     --analyze-only  the time of ts_cuda_[ds]gtsv_analyze at 2^20 and 2^23 rows (bench_analyze)
*/
#include <cuda_runtime.h>
#include <cusparse.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <algorithm>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "trisplit_kernels.h"
#include "cuda/gtsv_tuned.h"
#include "../../tests/kernels/check.h"


typedef long long i64;

__device__ __forceinline__ uint64_t mix64(uint64_t z)
{
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
__device__ __forceinline__ double upm1(uint64_t seed, i64 i) { return 2.0 * ((mix64(seed * 0x9e3779b97f4a7c15ULL + (uint64_t)i) >> 11) * (1.0 / 9007199254740992.0)) - 1.0; }

template <class T>
__global__ void gen_matrix(T *a, T *b, T *c, i64 n, uint64_t seed)
{
  for (i64 i = blockIdx.x * (i64)blockDim.x + threadIdx.x; i < n; i += (i64)gridDim.x * blockDim.x) {
    const double u = upm1(seed, 3 * i), v = upm1(seed, 3 * i + 1), w = upm1(seed, 3 * i + 2);
    a[i]           = i > 0 ? (T)(0.05 * u) : T(0);
    c[i]           = i < n - 1 ? (T)(0.05 * w) : T(0);
    b[i]           = (T)((v >= 0 ? 1.0 : -1.0) * (1.0 + 0.5 * fabs(v)));
  }
}
/* 2x2 block chains: diagonal blocks diag(+-(1 + 0.5|v|)) + 0.05 U(-1,1) off the diagonal, a, c ~ 0.05 U(-1,1) */
template <class T>
__global__ void gen_block_matrix(T *a, T *b, T *c, i64 nb, uint64_t seed)
{
  for (i64 i = blockIdx.x * (i64)blockDim.x + threadIdx.x; i < 4 * nb; i += (i64)gridDim.x * blockDim.x) {
    const i64    row = i / 4;
    const int    k   = (int)(i % 4);
    const double u = upm1(seed, 3 * i), v = upm1(seed, 3 * i + 1), w = upm1(seed, 3 * i + 2);
    a[i]           = row > 0 ? (T)(0.05 * u) : T(0);
    c[i]           = row < nb - 1 ? (T)(0.05 * w) : T(0);
    b[i]           = (T)(k == 0 || k == 3 ? (v >= 0 ? 1.0 : -1.0) * (1.0 + 0.5 * fabs(v)) : 0.05 * v);
  }
}
template <class T>
__global__ void gen_vec(T *x, i64 n, uint64_t seed)
{
  for (i64 i = blockIdx.x * (i64)blockDim.x + threadIdx.x; i < n; i += (i64)gridDim.x * blockDim.x) x[i] = (T)(3.0 + upm1(seed, i));
}

struct Result {
  std::string method, prec;
  int         nrhs;
  i64         n;
  double      ms;
  int         reps;
  double      mrows, frac;
};

static std::vector<Result> g_res;

/* mean ms per call of fn; restore() runs before every block of solves, outside the timing */
static double time_it(const std::function<void()> &fn, const std::function<void()> &restore, int &reps_out, double budget_s = 0.1)
{
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  restore();
  for (int i = 0; i < 3; ++i) fn();
  restore();
  CK(cudaEventRecord(e0));
  fn();
  CK(cudaEventRecord(e1));
  CK(cudaEventSynchronize(e1));
  float one = 0;
  CK(cudaEventElapsedTime(&one, e0, e1));
  int reps = (int)(budget_s * 1e3 / fmax(one, 1e-3));
  reps     = reps < 10 ? 10 : reps > 400 ? 400 : reps;
  double tot = 0;
  int    done = 0;
  while (done < reps) {
    const int blk = reps - done < 20 ? reps - done : 20;
    restore();
    CK(cudaEventRecord(e0));
    for (int i = 0; i < blk; ++i) fn();
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    tot += ms;
    done += blk;
  }
  CK(cudaGetLastError());
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  reps_out = reps;
  return tot / reps;
}

template <class T>
struct Api;
template <>
struct Api<double> {
  static ts_status brpts(ts_pivoting p, i64 nb, int nrhs, const double *a, const double *b, const double *c, double *x, void *buf) { return ts_cuda_dbgtsv(0, p, (ts_int)nb, nrhs, a, b, c, x, (ts_int)(2 * nb), buf); }
  static ts_status rpts(ts_pivoting p, i64 n, int nrhs, const double *a, const double *b, const double *c, double *x, void *buf, const ts_rpts_config *cfg) { return cfg ? ts_cuda_dgtsv_tuned(0, p, (ts_int)n, nrhs, a, b, c, x, (ts_int)n, buf, cfg) : ts_cuda_dgtsv(0, p, (ts_int)n, nrhs, a, b, c, x, (ts_int)n, buf); }
  static cusparseStatus_t bs(cusparseHandle_t h, i64 n, int nrhs, const double *a, const double *b, const double *c, const double *x, size_t *s) { return cusparseDgtsv2_bufferSizeExt(h, (int)n, nrhs, a, b, c, x, (int)n, s); }
  static cusparseStatus_t bsnp(cusparseHandle_t h, i64 n, int nrhs, const double *a, const double *b, const double *c, const double *x, size_t *s) { return cusparseDgtsv2_nopivot_bufferSizeExt(h, (int)n, nrhs, a, b, c, x, (int)n, s); }
  static cusparseStatus_t sv(cusparseHandle_t h, i64 n, int nrhs, const double *a, const double *b, const double *c, double *x, void *w) { return cusparseDgtsv2(h, (int)n, nrhs, a, b, c, x, (int)n, w); }
  static cusparseStatus_t svnp(cusparseHandle_t h, i64 n, int nrhs, const double *a, const double *b, const double *c, double *x, void *w) { return cusparseDgtsv2_nopivot(h, (int)n, nrhs, a, b, c, x, (int)n, w); }
};
template <>
struct Api<float> {
  static ts_status brpts(ts_pivoting p, i64 nb, int nrhs, const float *a, const float *b, const float *c, float *x, void *buf) { return ts_cuda_sbgtsv(0, p, (ts_int)nb, nrhs, a, b, c, x, (ts_int)(2 * nb), buf); }
  static ts_status rpts(ts_pivoting p, i64 n, int nrhs, const float *a, const float *b, const float *c, float *x, void *buf, const ts_rpts_config *cfg) { return cfg ? ts_cuda_sgtsv_tuned(0, p, (ts_int)n, nrhs, a, b, c, x, (ts_int)n, buf, cfg) : ts_cuda_sgtsv(0, p, (ts_int)n, nrhs, a, b, c, x, (ts_int)n, buf); }
  static cusparseStatus_t bs(cusparseHandle_t h, i64 n, int nrhs, const float *a, const float *b, const float *c, const float *x, size_t *s) { return cusparseSgtsv2_bufferSizeExt(h, (int)n, nrhs, a, b, c, x, (int)n, s); }
  static cusparseStatus_t bsnp(cusparseHandle_t h, i64 n, int nrhs, const float *a, const float *b, const float *c, const float *x, size_t *s) { return cusparseSgtsv2_nopivot_bufferSizeExt(h, (int)n, nrhs, a, b, c, x, (int)n, s); }
  static cusparseStatus_t sv(cusparseHandle_t h, i64 n, int nrhs, const float *a, const float *b, const float *c, float *x, void *w) { return cusparseSgtsv2(h, (int)n, nrhs, a, b, c, x, (int)n, w); }
  static cusparseStatus_t svnp(cusparseHandle_t h, i64 n, int nrhs, const float *a, const float *b, const float *c, float *x, void *w) { return cusparseSgtsv2_nopivot(h, (int)n, nrhs, a, b, c, x, (int)n, w); }
};

static void record(const char *method, const char *prec, int nrhs, i64 n, double ms, int reps, double copy_ms)
{
  Result r;
  r.method = method;
  r.prec   = prec;
  r.nrhs   = nrhs;
  r.n      = n;
  r.ms     = ms;
  r.reps   = reps;
  r.mrows  = ms > 0 ? (double)n * nrhs / (ms * 1e-3) / 1e6 : 0;
  r.frac   = ms > 0 && copy_ms > 0 ? copy_ms / ms : NAN;
  g_res.push_back(r);
  printf("%-16s %-6s %4d %10lld %12.4f %12.1f %8.3f %6d\n", method, prec, nrhs, n, ms, r.mrows, r.frac, reps);
  fflush(stdout);
}

template <class T>
static void bench(i64 n, int nrhs, bool tune, bool do_cusparse, bool do_block, cusparseHandle_t h)
{
  const char *prec = sizeof(T) == 8 ? "double" : "float";
  T          *a, *b, *c, *x, *x0;
  CK(cudaMalloc(&a, n * sizeof(T)));
  CK(cudaMalloc(&b, n * sizeof(T)));
  CK(cudaMalloc(&c, n * sizeof(T)));
  CK(cudaMalloc(&x, n * nrhs * sizeof(T)));
  CK(cudaMalloc(&x0, n * nrhs * sizeof(T)));
  gen_matrix<T><<<1024, 256>>>(a, b, c, n, 17 + n);
  gen_vec<T><<<1024, 256>>>(x0, n * nrhs, 99 + n);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  auto restore = [&]() { CK(cudaMemcpyAsync(x, x0, n * nrhs * sizeof(T), cudaMemcpyDeviceToDevice)); };
  int  reps;

  /* bandwidth floor: copy of (6 + 3R) N / 2 words per batch of R */
  double copy_ms = 0;
  {
    i64 words = 0;
    for (int j = 0; j < nrhs; j += 4) {
      const int R = nrhs - j < 4 ? nrhs - j : 4;
      words += (6 + 3 * (i64)R) * n;
    }
    const size_t bytes = (size_t)(words / 2) * sizeof(T);
    void        *s1 = nullptr, *s2 = nullptr;
    if (cudaMalloc(&s1, bytes) == cudaSuccess && cudaMalloc(&s2, bytes) == cudaSuccess) {
      CK(cudaMemset(s1, 0x3f, bytes));
      copy_ms = time_it([&]() { CK(cudaMemcpyAsync(s2, s1, bytes, cudaMemcpyDeviceToDevice)); }, []() {}, reps);
      record("copy-floor", prec, nrhs, n, copy_ms, reps, copy_ms);
    } else {
      cudaGetLastError();
    }
    if (s1) cudaFree(s1);
    if (s2) cudaFree(s2);
  }

  /* RPTS */
  {
    /* the knobs of the variants (gtsv_tuned.h); the production entry points where none is set */
    auto knobs = [](int M, int nf) {
      ts_rpts_config k{};
      k.M  = M;
      k.nf = nf;
      return k;
    };
    const size_t bytes = ts_cuda_gtsv_buffer_size_tuned((ts_int)n, nrhs, sizeof(T) == 4, nullptr);
    size_t       maxb  = bytes;
    if (tune)
      for (int M : {16, 24, 32, 40})
        for (int nf : {0, 512}) {
          const ts_rpts_config k = knobs(M, nf);
          maxb                   = std::max(maxb, ts_cuda_gtsv_buffer_size_tuned((ts_int)n, nrhs, sizeof(T) == 4, &k));
        }
    if (tune)
      for (int nf : {512, 1024, 3072}) {
        const ts_rpts_config k = knobs(0, nf);
        maxb                   = std::max(maxb, ts_cuda_gtsv_buffer_size_tuned((ts_int)n, nrhs, sizeof(T) == 4, &k));
      }
    void *buf;
    CK(cudaMalloc(&buf, maxb));
    auto run = [&](ts_pivoting p, const ts_rpts_config *cfg) {
      const bool           tuned = cfg != nullptr;
      const ts_rpts_config k     = tuned ? *cfg : ts_rpts_config{};
      return [=]() {
        if (Api<T>::rpts(p, n, nrhs, a, b, c, x, buf, tuned ? &k : nullptr) != TS_SUCCESS) {
          fprintf(stderr, "rpts failed\n");
          exit(3);
        }
      };
    };
    double ms = time_it(run(TS_PIVOTING_SCALED, nullptr), restore, reps);
    record("rpts", prec, nrhs, n, ms, reps, copy_ms);
    /* the same solve with plain stream-ordered launches (no programmatic dependent launches) */
    ts_rpts_config k = knobs(0, 0);
    k.no_pdl         = 1;
    ms               = time_it(run(TS_PIVOTING_SCALED, &k), restore, reps);
    record("rpts-serial", prec, nrhs, n, ms, reps, copy_ms);
    /* the same solve without L2 eviction priorities (they apply where a stage's arrays fit in L2) */
    k             = knobs(0, 0);
    k.no_l2_hints = 1;
    ms            = time_it(run(TS_PIVOTING_SCALED, &k), restore, reps);
    record("rpts-nol2", prec, nrhs, n, ms, reps, copy_ms);
    /* the default plan without its wide stages (double stages of >= WIDE_MIN_ROWS rows take M = 24) */
    if (sizeof(T) == 8 && n >= (1 << 22)) {
      k         = knobs(0, 0);
      k.no_wide = 1;
      ms        = time_it(run(TS_PIVOTING_SCALED, &k), restore, reps);
      record("rpts-m16", prec, nrhs, n, ms, reps, copy_ms);
    }
    if (tune) {
      k  = knobs(TS_RPTS_M_DYNAMIC, 0);
      ms = time_it(run(TS_PIVOTING_SCALED, &k), restore, reps);
      record("rpts-alg3", prec, nrhs, n, ms, reps, copy_ms);
      k  = knobs(TS_RPTS_M_FUSED, 0);
      ms = time_it(run(TS_PIVOTING_SCALED, &k), restore, reps);
      record("rpts-fused", prec, nrhs, n, ms, reps, copy_ms);
      ms = time_it(run(TS_PIVOTING_PARTIAL, nullptr), restore, reps);
      record("rpts-partial", prec, nrhs, n, ms, reps, copy_ms);
      ms = time_it(run(TS_PIVOTING_NONE, nullptr), restore, reps);
      record("rpts-none", prec, nrhs, n, ms, reps, copy_ms);
      for (int M : {16, 24, 32, 40}) {
        char name[32];
        snprintf(name, sizeof name, "rpts-M%d", M);
        k  = knobs(M, 0);
        ms = time_it(run(TS_PIVOTING_SCALED, &k), restore, reps);
        record(name, prec, nrhs, n, ms, reps, copy_ms);
        snprintf(name, sizeof name, "rpts-M%d-regload", M);
        k.regload = 1;
        ms        = time_it(run(TS_PIVOTING_SCALED, &k), restore, reps);
        record(name, prec, nrhs, n, ms, reps, copy_ms);
      }
      for (int nf : {512, 1024, 3072}) {
        char name[32];
        snprintf(name, sizeof name, "rpts-nf%d", nf);
        k  = knobs(0, nf);
        ms = time_it(run(TS_PIVOTING_SCALED, &k), restore, reps);
        record(name, prec, nrhs, n, ms, reps, copy_ms);
      }
    }
    /* sanity: residual of one solve on the host for moderate n */
    if (n <= (1 << 22)) {
      restore();
      run(TS_PIVOTING_SCALED, nullptr)();
      CK(cudaDeviceSynchronize());
      std::vector<T> ha(n), hb(n), hc(n), hx(n), hd(n);
      CK(cudaMemcpy(ha.data(), a, n * sizeof(T), cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(hb.data(), b, n * sizeof(T), cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(hc.data(), c, n * sizeof(T), cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(hx.data(), x, n * sizeof(T), cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(hd.data(), x0, n * sizeof(T), cudaMemcpyDeviceToHost));
      double rn = 0, dn = 0;
      for (i64 i = 0; i < n; ++i) {
        double r = (double)hb[i] * hx[i] - hd[i];
        if (i > 0) r += (double)ha[i] * hx[i - 1];
        if (i < n - 1) r += (double)hc[i] * hx[i + 1];
        rn = fmax(rn, fabs(r));
        dn = fmax(dn, fabs((double)hd[i]));
      }
      if (!(rn <= (sizeof(T) == 8 ? 1e-12 : 1e-4) * dn)) printf("RESIDUAL CHECK FAILED: %g\n", rn / dn);
    }
    cudaFree(buf);
  }

  /* block RPTS on nb = n/2 block rows (n scalar unknowns): reads the 12 T of a block row twice, the
     right-hand sides twice, writes them once: (24 + 6R) nb words per batch of R; own copy floor */
  if (do_block) {
    const i64 nb = n / 2;
    T        *ba, *bb, *bc;
    CK(cudaMalloc(&ba, 4 * nb * sizeof(T)));
    CK(cudaMalloc(&bb, 4 * nb * sizeof(T)));
    CK(cudaMalloc(&bc, 4 * nb * sizeof(T)));
    gen_block_matrix<T><<<1024, 256>>>(ba, bb, bc, nb, 23 + n);
    CK(cudaGetLastError());
    double bcopy = 0;
    {
      i64 words = 0;
      for (int j = 0; j < nrhs; j += 4) words += (24 + 6 * (i64)(nrhs - j < 4 ? nrhs - j : 4)) * nb;
      const size_t bytes = (size_t)(words / 2) * sizeof(T);
      void        *s1 = nullptr, *s2 = nullptr;
      if (cudaMalloc(&s1, bytes) == cudaSuccess && cudaMalloc(&s2, bytes) == cudaSuccess) {
        CK(cudaMemset(s1, 0x3f, bytes));
        bcopy = time_it([&]() { CK(cudaMemcpyAsync(s2, s1, bytes, cudaMemcpyDeviceToDevice)); }, []() {}, reps);
        record("copy-floor-blk", prec, nrhs, n, bcopy, reps, bcopy);
      } else cudaGetLastError();
      if (s1) cudaFree(s1);
      if (s2) cudaFree(s2);
    }
    void *buf;
    CK(cudaMalloc(&buf, ts_cuda_bgtsv_buffer_size((ts_int)nb, nrhs, sizeof(T) == 4) + 1));
    for (int p = 1; p <= 2; ++p) {
      const double ms = time_it(
        [&]() {
          if (Api<T>::brpts((ts_pivoting)p, nb, nrhs, ba, bb, bc, x, buf) != TS_SUCCESS) {
            fprintf(stderr, "block rpts failed\n");
            exit(3);
          }
        },
        restore, reps);
      record(p == 1 ? "rpts-block-part" : "rpts-block", prec, nrhs, n, ms, reps, bcopy);
    }
    cudaFree(buf);
    cudaFree(ba);
    cudaFree(bb);
    cudaFree(bc);
  }

  /* cuSPARSE gtsv2 overflows its 32-bit sizes from about 2^26 unknowns (illegal address, negative buffer size) */
  if (do_cusparse && n * nrhs < ((i64)1 << 26)) {
    for (int np = 0; np < 2; ++np) {
      size_t sz = 0;
      CS(np ? Api<T>::bsnp(h, n, nrhs, a, b, c, x, &sz) : Api<T>::bs(h, n, nrhs, a, b, c, x, &sz));
      void *w = nullptr;
      if (cudaMalloc(&w, sz) != cudaSuccess) {
        cudaGetLastError();
        printf("%-16s %-6s %4d %10lld   (buffer of %zu bytes does not fit)\n", np ? "cusparse-nopiv" : "cusparse-gtsv2", prec, nrhs, n, sz);
        continue;
      }
      double ms = time_it([&]() { CS(np ? Api<T>::svnp(h, n, nrhs, a, b, c, x, w) : Api<T>::sv(h, n, nrhs, a, b, c, x, w)); }, restore, reps, 0.05);
      record(np ? "cusparse-nopiv" : "cusparse-gtsv2", prec, nrhs, n, ms, reps, copy_ms);
      cudaFree(w);
    }
  }
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  cudaFree(x);
  cudaFree(x0);
}

/* The analysis (ts_cuda_[ds]gtsv_analyze, once per matrix where the caller factors): wall time of the call
   (probes, read-backs and syncs included) against one default solve, on the benchmark's matrix (the
   default passes the probe: one probe) and on tridiag(1, 1, 1) (singular inner blocks of 16 rows: every
   candidate plan is probed); in place and permuted. */
template <class T>
__global__ void gen_ones(T *a, T *b, T *c, i64 n)
{
  for (i64 i = blockIdx.x * (i64)blockDim.x + threadIdx.x; i < n; i += (i64)gridDim.x * blockDim.x) {
    a[i] = i > 0 ? T(1) : T(0);
    b[i] = T(1);
    c[i] = i < n - 1 ? T(1) : T(0);
  }
}

static double now_ms() { return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

template <class T>
static void bench_analyze(i64 n)
{
  const char *prec = sizeof(T) == 8 ? "double" : "float";
  T          *a, *b, *c, *x;
  CK(cudaMalloc(&a, n * sizeof(T)));
  CK(cudaMalloc(&b, n * sizeof(T)));
  CK(cudaMalloc(&c, n * sizeof(T)));
  CK(cudaMalloc(&x, n * sizeof(T)));
  for (int ones = 0; ones < 2; ++ones) {
    if (ones) gen_ones<T><<<1024, 256>>>(a, b, c, n);
    else gen_matrix<T><<<1024, 256>>>(a, b, c, n, 17 + n);
    gen_vec<T><<<1024, 256>>>(x, n, 99 + n);
    CK(cudaDeviceSynchronize());
    const size_t bytes = ts_cuda_gtsv_buffer_size((ts_int)n, 1, sizeof(T) == 4);
    void        *buf   = nullptr;
    CK(cudaMalloc(&buf, bytes + 1));
    int          reps    = 0;
    const double solve_ms = time_it([&]() { CT(sizeof(T) == 8 ? ts_cuda_dgtsv(0, TS_PIVOTING_SCALED, (ts_int)n, 1, (const double *)a, (const double *)b, (const double *)c, (double *)x, (ts_int)n, buf) : ts_cuda_sgtsv(0, TS_PIVOTING_SCALED, (ts_int)n, 1, (const float *)a, (const float *)b, (const float *)c, (float *)x, (ts_int)n, buf)); }, [&]() { gen_vec<T><<<1024, 256>>>(x, n, 99 + n); }, reps);
    cudaFree(buf);
    for (int permuted = 0; permuted < 2; ++permuted) {
      const size_t   wb   = ts_cuda_gtsv_analyze_buffer_size((ts_int)n, sizeof(T) == 4, permuted);
      void          *work = nullptr;
      CK(cudaMalloc(&work, wb + 1));
      ts_rpts_config cfg;
      double         err = 0, best = 1e30;
      for (int r = 0; r < 4; ++r) { /* the first call sets the kernels' attributes */
        CK(cudaDeviceSynchronize());
        const double t0 = now_ms();
        CT(sizeof(T) == 8 ? ts_cuda_dgtsv_analyze(0, TS_PIVOTING_SCALED, (ts_int)n, (const double *)a, (const double *)b, (const double *)c, permuted, work, &cfg, &err) : ts_cuda_sgtsv_analyze(0, TS_PIVOTING_SCALED, (ts_int)n, (const float *)a, (const float *)b, (const float *)c, permuted, work, &cfg, &err));
        const double t = now_ms() - t0;
        if (r > 0 && t < best) best = t;
      }
      printf("analyze %-6s N=%-9lld %-14s %-8s %9.3f ms (best of 3) = %6.1f solves of %.4f ms; plan M=%d gepp=%d no_wide=%d, probe error %.2e\n", prec, n, ones ? "tridiag(1,1,1)" : "bench matrix", permuted ? "permuted" : "in place", best, best / solve_ms, solve_ms, cfg.M, cfg.final_gepp, cfg.no_wide, err);
      char name[64];
      snprintf(name, sizeof name, "analyze-%s-%s", ones ? "ones" : "bench", permuted ? "permuted" : "inplace");
      record(name, prec, 1, n, best, 3, NAN);
      cudaFree(work);
    }
  }
  for (void *p : {(void *)a, (void *)b, (void *)c, (void *)x}) cudaFree(p);
}

int main(int argc, char **argv)
{
  int         nmin = 16, nmax = 27;
  const char *csv  = "bench_rpts.csv";
  bool        quick = false, tune = false, tune_only = false, block = true, analyze_only = false;
  int         prec_only = -1, nrhs_only = 0;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--nmin") && i + 1 < argc) nmin = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--nmax") && i + 1 < argc) nmax = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv = argv[++i];
    else if (!strcmp(argv[i], "--quick")) quick = true;
    else if (!strcmp(argv[i], "--tune")) tune = true;
    else if (!strcmp(argv[i], "--tune-only")) tune = tune_only = true;
    else if (!strcmp(argv[i], "--no-block")) block = false;
    else if (!strcmp(argv[i], "--prec") && i + 1 < argc) prec_only = strcmp(argv[++i], "double") ? 1 : 0;
    else if (!strcmp(argv[i], "--nrhs") && i + 1 < argc) nrhs_only = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--analyze-only")) analyze_only = true;
  }
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  printf("device: %s, %d SMs, %.1f GiB, L2 %d MB\n", prop.name, prop.multiProcessorCount, prop.totalGlobalMem / 1073741824.0, prop.l2CacheSize >> 20);
  cusparseHandle_t h;
  CS(cusparseCreate(&h));
  if (analyze_only) {
    for (int k : {20, 23}) {
      bench_analyze<double>((i64)1 << k);
      bench_analyze<float>((i64)1 << k);
    }
    return 0;
  }
  printf("%-16s %-6s %4s %10s %12s %12s %8s %6s\n", "method", "prec", "nrhs", "N", "ms/solve", "MRows/s", "frac", "reps");
  for (int prec = 0; prec < 2; ++prec)
    for (int nrhs : {1, 4})
      for (int k = nmin; k <= nmax; ++k) {
        if ((prec_only >= 0 && prec != prec_only) || (nrhs_only && nrhs != nrhs_only)) continue;
        const i64  n     = (i64)1 << k;
        if (tune_only && !(k == 16 || k == 18 || k == 20 || k == 22 || k == 25)) continue;
        const bool tunek = tune && (k == 16 || k == 18 || k == 20 || k == 22 || k == 25);
        if (prec == 0) bench<double>(n, nrhs, tunek, !quick, block, h);
        else bench<float>(n, nrhs, tunek, !quick, block, h);
      }
  cusparseDestroy(h);
  FILE *f = fopen(csv, "w");
  if (f) {
    fprintf(f, "method,precision,nrhs,N,ms_per_solve,mrows_per_s,frac_copy_bw,reps\n");
    for (auto &r : g_res) fprintf(f, "%s,%s,%d,%lld,%.6f,%.3f,%.4f,%d\n", r.method.c_str(), r.prec.c_str(), r.nrhs, r.n, r.ms, r.mrows, r.frac, r.reps);
    fclose(f);
    printf("wrote %s\n", csv);
  }
  /* summary: the targets */
  printf("\nsummary (rpts, scaled pivoting):\n");
  for (auto &r : g_res)
    if (r.method == "rpts" && r.nrhs == 1 && (r.n == (1 << 20) || r.n == (1 << 25)))
      printf("  %-6s N=2^%d: %.4f ms, %.0f MRows/s, %.1f%% of copy bandwidth (9N words)\n", r.prec.c_str(), r.n == (1 << 20) ? 20 : 25, r.ms, r.mrows, 100 * r.frac);
  return 0;
}
