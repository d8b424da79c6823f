/* SPDX-License-Identifier: BSD-2-Clause */
/*
   spmv.cu - twin of ts_ref_csr_spmv (reference/spmv.c): y = base + sign A x, each row summed by a group of G
   threads (G a power of two from 1 to 32, the smallest that covers the mean row length twice over, so a
   9-point row takes 4 lanes and a coarse row of 100 entries a whole warp) and reduced by shuffles. The order
   of a row's sum is fixed by G, so a run repeats itself bit for bit; it differs from the host's column
   order by rounding only.
*/
#include "forest_common.cuh"

namespace {

template <int G>
__global__ void __launch_bounds__(256) spmv_groups(ts_int n, const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, const double *__restrict__ x, const double *base, double sign, double *y)
{
  const int64_t  t    = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  const ts_int   row  = (ts_int)(t / G);
  const int      lane = (int)(t % G);
  const unsigned mask = G == 32 ? 0xffffffffu : (((1u << G) - 1u) << ((threadIdx.x & 31) & ~(G - 1)));
  double         s    = 0.0;

  if (row >= n) return; /* a whole group leaves together: G divides the warp and the rows are aligned to groups */
  for (ts_int k = rowptr[row] + lane; k < rowptr[row + 1]; k += G) s += val[k] * x[col[k]];
  for (int off = G / 2; off > 0; off /= 2) s += __shfl_down_sync(mask, s, off, G);
  if (!lane) y[row] = (base ? base[row] : 0.0) + sign * s;
}

template <int G>
static ts_status launch(cudaStream_t st, ts_int n, const ts_int *rowptr, const ts_int *col, const double *val, const double *x, const double *base, double sign, double *y)
{
  const int64_t threads = (int64_t)n * G;

  spmv_groups<G><<<(unsigned)((threads + 255) / 256), 256, 0, st>>>(n, rowptr, col, val, x, base, sign, y);
  return ts_forest::check_launch();
}

} // namespace

ts_status ts_cuda_csr_spmv(void *stream, ts_int n, ts_int nnz, const ts_int *rowptr, const ts_int *col, const double *val, const double *x, const double *base, double sign, double *y)
{
  cudaStream_t st   = ts_forest::as_stream(stream);
  const double mean = n > 0 ? (double)nnz / (double)n : 0.0;

  if (n < 0 || nnz < 0) return TS_ERR_ARGUMENT;
  if (!n) return TS_SUCCESS;
  if ((int64_t)n * 32 / 256 >= ((int64_t)1 << 31)) return TS_ERR_ARGUMENT;
  if (mean <= 2) return launch<1>(st, n, rowptr, col, val, x, base, sign, y);
  if (mean <= 4) return launch<2>(st, n, rowptr, col, val, x, base, sign, y);
  if (mean <= 8) return launch<4>(st, n, rowptr, col, val, x, base, sign, y);
  if (mean <= 16) return launch<8>(st, n, rowptr, col, val, x, base, sign, y);
  if (mean <= 32) return launch<16>(st, n, rowptr, col, val, x, base, sign, y);
  return launch<32>(st, n, rowptr, col, val, x, base, sign, y);
}
