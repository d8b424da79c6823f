/* SPDX-License-Identifier: BSD-2-Clause */
/*
   sumsq.cu - twin of ts_ref_sumsq (reference/sumsq.c): |x|^2 into a device double without a wait (sumsq.cuh), the
   same bits on every run; the sum's order differs from the host's, so the two agree to rounding.
*/
#include "sumsq.cuh"

size_t ts_cuda_sumsq_buffer_size(ts_int n)
{
  (void)n;
  return ts_sumsq::buffer_size<1>();
}

ts_status ts_cuda_sumsq(void *stream, ts_int n, const double *x, double *sum, void *buffer)
{
  cudaStream_t st = ts_forest::as_stream(stream);

  if (n < 0) return TS_ERR_ARGUMENT;
  if (!n) {
    TS_FOREST_TRY(cudaMemsetAsync(sum, 0, sizeof(double), st));
    return TS_SUCCESS;
  }
  return ts_sumsq::launch<1>(st, n, ts_sumsq::Vectors<1>{{x}}, sum, buffer);
}
