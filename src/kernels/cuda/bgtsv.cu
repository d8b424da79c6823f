/* SPDX-License-Identifier: BSD-2-Clause */
/*
   bgtsv.cu - C entry points of the CUDA 2x2 block tridiagonal solver (block RPTS, rpts_block.cuh).
*/
#include "rpts_block.cuh"

extern "C" {

size_t ts_cuda_bgtsv_buffer_size(ts_int nb, ts_int nrhs, int single_precision)
{
  return ts_brpts::buffer_size(nb, nrhs, single_precision ? sizeof(float) : sizeof(double));
}

ts_status ts_cuda_dbgtsv(void *stream, ts_pivoting pivoting, ts_int nb, ts_int nrhs, const double *a, const double *b, const double *c, double *x, ts_int ldx, void *buffer)
{
  return ts_brpts::solve<double>(stream, pivoting, nb, nrhs, a, b, c, x, ldx, buffer);
}

ts_status ts_cuda_sbgtsv(void *stream, ts_pivoting pivoting, ts_int nb, ts_int nrhs, const float *a, const float *b, const float *c, float *x, ts_int ldx, void *buffer)
{
  return ts_brpts::solve<float>(stream, pivoting, nb, nrhs, a, b, c, x, ldx, buffer);
}

} /* extern "C" */
