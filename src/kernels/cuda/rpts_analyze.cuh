/* SPDX-License-Identifier: BSD-2-Clause */
/*
   rpts_analyze.cuh - the choice of an RPTS plan for one matrix, made once where the caller factors.

   RPTS partitions statically and pivots only inside a partition, so a nonsingular system whose partitions'
   inner blocks are singular (tridiag(1, 1, 1) with M = 16: 3 divides M - 1) gives NaN, and nearly singular
   ones lose accuracy (tridiag(1, 1e-8, 1) at 2^20 rows; docs/design.md, What RPTS's accuracy rests on).
   Which blocks are singular depends on the matrix and on the partition sizes, so the analysis tries plans:
   it solves a probe system A x = A x_t (x_t from an index hash, A x_t formed on the device) with the default
   plan and reads back one number, max |x - x_t| (x_t in [1, 2); non-finite -> inf). Within PROBE_ULPS
   unit roundoffs the default stays (one probe: the common case). Otherwise every candidate plan with a different
   stage structure is probed and the best kept; another plan replaces the default only where its error is
   less than half the default's, so noise between equally good plans does not move a matrix off the
   default's speed. Candidates (ts_rpts_config, all host-side choices of kernels that exist):
     - plain stages of 16, 18 (M_ALT, 2 mod 4), 24 or 32 rows throughout: other inner-block sizes than the
       default's 16 (14 rows), 24 on wide stages (22 rows) and the fused stages' second level M2 = 8;
     - no wide stages (double, >= 2^23 rows);
     - each of those and the default with the final stage (at most 2048 rows) by one thread's Gaussian
       elimination with partial pivoting, LAPACK's order (final_gepp): no partitions of MF = 12 rows.
   The probe checks one column with the pivoting and the entry (in place or permuted) of the solves.
*/
#ifndef TS_RPTS_ANALYZE_CUH
#define TS_RPTS_ANALYZE_CUH

#include "rpts.cuh"

namespace ts_rpts {

/* the default plan stays while the probe's error is within PROBE_ULPS unit roundoffs (2^-53 in double:
   128 ulp of x_t in [1, 2)). On the host simulation (tests/kernels/acc_sim.cu FAMILY ID N prints it):
   2 to 4 ulp for the suite's well-conditioned matrices at 512 and 2^20 rows (Table 4 #18, #20, #6,
   Chang #2); 150 ulp for tridiag(U, U, U) at 512 (then the search runs and may keep the default); a
   singular inner block gives inf, tridiag(1, 1e-8, 1)'s in-phase sampling at 2^20 rows 14000 ulp (M = 18:
   950). Matrices above the threshold only cost the search at setup. */
constexpr double PROBE_ULPS = 256;

/* the candidates, the default first: i = 0..4 M = default, 16, 18, 24, 32; 5 no wide stages; 6..10 the
   first five with the final stage by final_gepp */
constexpr int NPLANS = 11;
inline Config analysis_candidate(int i)
{
  const int Ms[5] = {0, M_DEFAULT, M_ALT, 24, 32};
  Config    c{};
  if (i == 5) c.no_wide = 1;
  else {
    c.M          = Ms[i % 6];
    c.final_gepp = i > 5;
  }
  return c;
}

inline bool same_plan(const Plan &p, const Plan &q)
{
  if (p.S != q.S || p.final_gepp != q.final_gepp) return false;
  for (int k = 0; k < p.S; ++k)
    if (p.n[k] != q.n[k] || p.M[k] != q.M[k] || p.fused[k] != q.fused[k]) return false;
  return p.n[p.S] == q.n[q.S];
}

/* x_t: a value in [1, 2) from the row index (splitmix64). Positive: a mean of 1.5 excites the smooth modes
   that near-singular coarse systems amplify (tridiag(1, 1e-8, 1) at 2^20 rows: x_t of either sign hid its
   5000 ulp) as a smooth solution does. */
template <class T>
TS_HD T probe_value(i64 i)
{
  uint64_t z = (uint64_t)i * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL;
  z          = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z          = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  const T u = T(1) + T((z >> 41) * (1.0 / 8388608.0)); /* 1 + 23 bits: exact in float */
  return u;
}

/* row i of A x_t, in T, in one order on host and device */
template <class T>
TS_HD T probe_rhs(i64 n, i64 i, const T *a, const T *b, const T *c)
{
  T v = b[i] * probe_value<T>(i);
  if (i > 0) v = fma(a[i], probe_value<T>(i - 1), v);
  if (i + 1 < n) v = fma(c[i], probe_value<T>(i + 1), v);
  return v;
}

/* |x_i - x_t(i)|, inf where x_i is not finite */
template <class T>
TS_HD double probe_deviation(i64 i, T x)
{
  const double e = fabs((double)x - (double)probe_value<T>(i));
  return e <= 1e300 ? e : INFINITY;
}

/* Picks the plan for n rows of tsize-byte scalars; probe(cfg) solves the probe with knobs cfg and returns
   its error (max_i |x_i - x_t(i)|). Returns the chosen candidate's index; *err its probe error. */
template <class F>
inline int choose_plan(i64 n, size_t tsize, bool permuted, F probe, double *err)
{
  const double eps = tsize == 4 ? 5.96e-8 : 1.11e-16;
  Plan         seen[NPLANS];
  int          nseen = 0, best = 0;
  double       e0 = 0, eb = 0;
  for (int i = 0; i < NPLANS; ++i) {
    const Config c  = analysis_candidate(i);
    const Plan   pl = plan_of(n, 1, tsize, c, !permuted, [](i64) { return M_DEFAULT; });
    bool         dup = false;
    for (int k = 0; k < nseen && !dup; ++k) dup = same_plan(seen[k], pl);
    if (dup) continue;
    seen[nseen++] = pl;
    const double e = probe(c);
    if (i == 0) {
      e0 = eb = e;
      if (e <= PROBE_ULPS * eps) break;
    } else if (e < eb && e < 0.5 * e0) {
      best = i;
      eb   = e;
    }
  }
  if (err) *err = eb;
  return best;
}

/* ---------------------------------------------------------------------------------------------- */
/* the GPU's probe                                                                                 */
/* ---------------------------------------------------------------------------------------------- */

template <class T, class V>
__global__ void probe_rhs_kernel(i64 n, const T *__restrict__ a, const T *__restrict__ b, const T *__restrict__ c, V *d, unsigned *err)
{
  const i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) *err = 0;
  if (i < n) d[i] = (V)probe_rhs<T>(n, i, a, b, c);
}

/* max deviation as the bits of a non-negative float (ordered like unsigned ints); rounded up so that
   the threshold is never passed by rounding down */
template <class V>
__global__ void probe_error_kernel(i64 n, const V *__restrict__ x, unsigned *err)
{
  const i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x;
  float     e = 0;
  if (i < n) e = __double2float_ru(probe_deviation<V>(i, x[i]));
  for (int o = 16; o > 0; o /= 2) e = fmaxf(e, __shfl_xor_sync(0xffffffffu, e, o));
  if ((threadIdx.x & 31) == 0 && e > 0) atomicMax(err, __float_as_uint(e));
}

/* Workspace of analyze: the probe's vectors, the solve's buffer for every candidate, the error word */
inline size_t analyze_solve_bytes(i64 n, size_t tsize, bool permuted)
{
  const Config widest{M_DEFAULT, NSEQ}; /* the smallest M and the most stages bound every candidate */
  return align256(permuted ? permuted_buffer_size(n, 1, tsize, widest) : buffer_size(n, 1, tsize, widest)) + 256;
}
inline size_t analyze_buffer_size(i64 n, size_t tsize, bool permuted)
{
  if (n <= 0) return 0;
  const size_t vec = align256((size_t)n * (permuted ? sizeof(double) : tsize));
  return 256 + (permuted ? 2 : 1) * vec + analyze_solve_bytes(n, tsize, permuted) + 256;
}

/* analysis of (a, b, c) for solves with pivoting piv through the in-place or the permuted entry; *cfg
   gets the chosen knobs (all zero: the default). Synchronises the stream (one read-back per probe). */
template <class T>
inline ts_status analyze(void *stream, ts_pivoting piv, i64 n, const T *a, const T *b, const T *c, bool permuted, void *work, Config *cfg, double *probe_err)
{
  if (n < 0 || !valid_pivoting(piv) || !cfg) return TS_ERR_ARGUMENT;
  *cfg = Config{};
  if (probe_err) *probe_err = 0;
  if (n == 0) return TS_SUCCESS;
  if (!a || !b || !c || !work) return TS_ERR_ARGUMENT;
  cudaStream_t   st  = reinterpret_cast<cudaStream_t>(stream);
  unsigned char *w   = reinterpret_cast<unsigned char *>(((uintptr_t)work + 255) & ~(uintptr_t)255);
  const size_t   vec = align256((size_t)n * (permuted ? sizeof(double) : sizeof(T)));
  unsigned      *err = reinterpret_cast<unsigned *>(w);
  void          *v0  = w + 256, *v1 = w + 256 + vec;
  void          *buf = w + 256 + (permuted ? 2 : 1) * vec;
  const unsigned grid   = (unsigned)((n + 255) / 256);
  ts_status      status = TS_SUCCESS;
  auto           probe  = [&](const Config &k) -> double {
    unsigned bits = 0;
    if (status != TS_SUCCESS) return INFINITY;
    ts_status s;
    if (permuted) {
      double *x = reinterpret_cast<double *>(v0), *y = reinterpret_cast<double *>(v1);
      probe_rhs_kernel<T, double><<<grid, 256, 0, st>>>(n, a, b, c, x, err);
      ts_permuted_io io{};
      io.x = x;
      io.y = y;
      io.ldx = io.ldy = (ts_int)n;
      s               = solve_permuted<T>(stream, piv, n, 1, a, b, c, &io, buf, k);
      if (s == TS_SUCCESS) probe_error_kernel<double><<<grid, 256, 0, st>>>(n, y, err);
    } else {
      T *x = reinterpret_cast<T *>(v0);
      probe_rhs_kernel<T, T><<<grid, 256, 0, st>>>(n, a, b, c, x, err);
      s = solve<T>(stream, piv, n, 1, a, b, c, x, n, buf, k);
      if (s == TS_SUCCESS) probe_error_kernel<T><<<grid, 256, 0, st>>>(n, x, err);
    }
    if (s == TS_SUCCESS && (cudaMemcpyAsync(&bits, err, sizeof(bits), cudaMemcpyDeviceToHost, st) != cudaSuccess || cudaStreamSynchronize(st) != cudaSuccess)) s = TS_ERR_DEVICE;
    if (s != TS_SUCCESS) status = s;
    float e;
    memcpy(&e, &bits, sizeof(e));
    return e;
  };
  double    e    = 0;
  const int best = choose_plan(n, sizeof(T), permuted, probe, &e);
  if (status != TS_SUCCESS) return status;
  *cfg = analysis_candidate(best);
  if (probe_err) *probe_err = e;
  return TS_SUCCESS;
}

} // namespace ts_rpts

#endif
