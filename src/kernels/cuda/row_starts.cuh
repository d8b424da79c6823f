/* SPDX-License-Identifier: BSD-2-Clause */
/*
   row_starts.cuh - a CSR matrix's row starts from its rows' lengths, for the kernels that count each row's entries
   in one pass and write them in a second (csr_split, csr_collapse, csr_merge): the workspace holds the m + 1 counts
   (the caller's kernel writes counts(buffer)[0..m), the last is zero), then CUB's scan space; the row starts are the
   exclusive sum of the counts.
*/
#ifndef TS_ROW_STARTS_CUH
#define TS_ROW_STARTS_CUH

#include <cub/cub.cuh>
#include "forest_common.cuh"

namespace ts_row_starts {

/* the counts' bytes, rounded up to CUB's alignment */
static inline size_t counts_bytes(ts_int m)
{
  return ((((size_t)(m > 0 ? m : 0) + 1) * sizeof(ts_int) + 255) & ~(size_t)255);
}

/* the workspace of m rows */
static inline size_t buffer_size(ts_int m)
{
  size_t bytes = 0;

  cub::DeviceScan::ExclusiveSum(nullptr, bytes, (const ts_int *)nullptr, (ts_int *)nullptr, (m > 0 ? m : 0) + 1);
  return bytes + ((size_t)(m > 0 ? m : 0) + 1) * sizeof(ts_int) + 256;
}

/* where the caller's kernel writes the m rows' lengths */
static inline ts_int *counts(void *buffer)
{
  return (ts_int *)buffer;
}

/* rowptr[0..m] on stream st, from counts(buffer)[0..m) */
static inline ts_status scan(cudaStream_t st, ts_int m, void *buffer, ts_int *rowptr)
{
  ts_int *count = counts(buffer);
  void   *temp  = (char *)buffer + counts_bytes(m);
  size_t  bytes = 0;

  TS_FOREST_TRY(cudaMemsetAsync(count + m, 0, sizeof(ts_int), st));
  TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(nullptr, bytes, count, rowptr, m + 1, st));
  TS_FOREST_TRY(cub::DeviceScan::ExclusiveSum(temp, bytes, count, rowptr, m + 1, st));
  return TS_SUCCESS;
}

} // namespace ts_row_starts

#endif
