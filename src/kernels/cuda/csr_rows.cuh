/* SPDX-License-Identifier: BSD-2-Clause */
/*
   csr_rows.cuh - rows of a CSR matrix summed by groups of G threads (G a power of two up to a warp), for the
   products of PCTRIAMG's level operators (spmv.cu, jacobi_power.cu): the group width from the mean row length, the
   lanes' partial sums reduced by shuffles. The order of a row's sum depends on G only, so a run repeats itself bit
   for bit.
*/
#ifndef TS_CSR_ROWS_CUH
#define TS_CSR_ROWS_CUH

#include <type_traits>
#include "forest_common.cuh"

namespace ts_csr_rows {

/* the lanes of a thread's group within its warp */
template <int G>
__device__ inline unsigned group_mask()
{
  return G == 32 ? 0xffffffffu : (((1u << G) - 1u) << ((threadIdx.x & 31) & ~(G - 1)));
}

/* (A x)_row over the lanes of a group, reduced to every lane; *diag (may be NULL) gets a_row,row (0 if absent) */
template <int G>
__device__ inline double row_sum(const ts_int *__restrict__ rowptr, const ts_int *__restrict__ col, const double *__restrict__ val, const double *__restrict__ x, ts_int row, int lane, double *diag)
{
  const unsigned mask = group_mask<G>();
  double         s = 0.0, d = 0.0;

  for (ts_int k = rowptr[row] + lane; k < rowptr[row + 1]; k += G) {
    s += val[k] * x[col[k]];
    if (diag && col[k] == row) d = val[k];
  }
  for (int off = G / 2; off > 0; off /= 2) {
    s += __shfl_xor_sync(mask, s, off, G);
    if (diag) d += __shfl_xor_sync(mask, d, off, G);
  }
  if (diag) *diag = d;
  return s;
}

/* the group width for rows of mean length nnz / n: the smallest that covers the mean twice over */
static inline int group_width(ts_int n, ts_int nnz)
{
  const double mean = n > 0 ? (double)nnz / (double)n : 0.0;

  return mean <= 2 ? 1 : mean <= 4 ? 2 : mean <= 8 ? 4 : mean <= 16 ? 8 : mean <= 32 ? 16 : 32;
}

/* blocks of 256 threads for n rows of G threads each */
static inline unsigned group_blocks(ts_int n, int G) { return (unsigned)(((int64_t)n * G + 255) / 256); }

/* f(std::integral_constant<int, G>) for the group width of rows of mean length nnz / n: the kernels' templates
   instantiated once per width, chosen at run time in one place */
template <class F>
static inline ts_status with_group_width(ts_int n, ts_int nnz, F f)
{
  switch (group_width(n, nnz)) {
  case 1:
    return f(std::integral_constant<int, 1>{});
  case 2:
    return f(std::integral_constant<int, 2>{});
  case 4:
    return f(std::integral_constant<int, 4>{});
  case 8:
    return f(std::integral_constant<int, 8>{});
  case 16:
    return f(std::integral_constant<int, 16>{});
  default:
    return f(std::integral_constant<int, 32>{});
  }
}

} // namespace ts_csr_rows

#endif
