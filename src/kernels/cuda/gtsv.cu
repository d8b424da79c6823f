/* SPDX-License-Identifier: BSD-2-Clause */
/*
   gtsv.cu - C entry points of the CUDA tridiagonal solver (RPTS, rpts.cuh). The library compiles it with
   -DTS_RPTS_EXTERN: the solvers are instantiated in gtsv_<type>_<pivoting>.cu, one module each (rpts.cuh,
   TS_RPTS_INSTANTIATE); compiled alone, it instantiates every solver it calls.
*/
#include "rpts_analyze.cuh"

/* a plan (ts_rpts_config, trisplit_kernels.h); NULL: the production plan */
static ts_rpts::Config ts_make_config(const ts_rpts_config *knobs) { return knobs ? *knobs : ts_rpts::Config{}; }

extern "C" {

size_t ts_cuda_gtsv_buffer_size(ts_int n, ts_int nrhs, int single_precision)
{
  return ts_rpts::buffer_size(n, nrhs, single_precision ? sizeof(float) : sizeof(double));
}

ts_status ts_cuda_dgtsv(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const double *a, const double *b, const double *c, double *x, ts_int ldx, void *buffer)
{
  return ts_rpts::solve<double>(stream, pivoting, n, nrhs, a, b, c, x, ldx, buffer);
}

ts_status ts_cuda_sgtsv(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const float *a, const float *b, const float *c, float *x, ts_int ldx, void *buffer)
{
  return ts_rpts::solve<float>(stream, pivoting, n, nrhs, a, b, c, x, ldx, buffer);
}

size_t ts_cuda_gtsv_permuted_buffer_size(ts_int n, ts_int nrhs, int single_precision)
{
  return ts_rpts::permuted_buffer_size(n, nrhs, single_precision ? sizeof(float) : sizeof(double));
}

ts_status ts_cuda_dgtsv_permuted(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const double *a, const double *b, const double *c, const ts_permuted_io *io, void *buffer)
{
  return ts_rpts::solve_permuted<double>(stream, pivoting, n, nrhs, a, b, c, io, buffer);
}

ts_status ts_cuda_sgtsv_permuted(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const float *a, const float *b, const float *c, const ts_permuted_io *io, void *buffer)
{
  return ts_rpts::solve_permuted<float>(stream, pivoting, n, nrhs, a, b, c, io, buffer);
}

size_t ts_cuda_gtsv_buffer_size_tuned(ts_int n, ts_int nrhs, int single_precision, const ts_rpts_config *knobs)
{
  return ts_rpts::buffer_size(n, nrhs, single_precision ? sizeof(float) : sizeof(double), ts_make_config(knobs));
}

ts_status ts_cuda_dgtsv_tuned(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const double *a, const double *b, const double *c, double *x, ts_int ldx, void *buffer, const ts_rpts_config *knobs)
{
  return ts_rpts::solve<double>(stream, pivoting, n, nrhs, a, b, c, x, ldx, buffer, ts_make_config(knobs));
}

ts_status ts_cuda_sgtsv_tuned(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const float *a, const float *b, const float *c, float *x, ts_int ldx, void *buffer, const ts_rpts_config *knobs)
{
  return ts_rpts::solve<float>(stream, pivoting, n, nrhs, a, b, c, x, ldx, buffer, ts_make_config(knobs));
}

int ts_cuda_gtsv_plan_tuned(ts_int n, ts_int nrhs, int single_precision, const ts_rpts_config *knobs, int *M, long long *rows)
{
  const ts_rpts::Config cfg = ts_make_config(knobs);
  ts_rpts::Plan         pl;
  if (nrhs >= 4) pl = single_precision ? ts_rpts::plan_for<float, TS_PIVOTING_SCALED, 4>(n, cfg) : ts_rpts::plan_for<double, TS_PIVOTING_SCALED, 4>(n, cfg);
  else pl = single_precision ? ts_rpts::plan_for<float, TS_PIVOTING_SCALED, 1>(n, cfg) : ts_rpts::plan_for<double, TS_PIVOTING_SCALED, 1>(n, cfg);
  for (int k = 0; k < pl.S; ++k) {
    if (M) M[k] = pl.M[k];
    if (rows) rows[k] = pl.n[k];
  }
  if (rows) rows[pl.S] = pl.n[pl.S];
  return pl.S;
}

size_t ts_cuda_gtsv_permuted_buffer_size_tuned(ts_int n, ts_int nrhs, int single_precision, const ts_rpts_config *cfg)
{
  return ts_rpts::permuted_buffer_size(n, nrhs, single_precision ? sizeof(float) : sizeof(double), ts_make_config(cfg));
}

ts_status ts_cuda_dgtsv_permuted_tuned(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const double *a, const double *b, const double *c, const ts_permuted_io *io, void *buffer, const ts_rpts_config *cfg)
{
  return ts_rpts::solve_permuted<double>(stream, pivoting, n, nrhs, a, b, c, io, buffer, ts_make_config(cfg));
}

ts_status ts_cuda_sgtsv_permuted_tuned(void *stream, ts_pivoting pivoting, ts_int n, ts_int nrhs, const float *a, const float *b, const float *c, const ts_permuted_io *io, void *buffer, const ts_rpts_config *cfg)
{
  return ts_rpts::solve_permuted<float>(stream, pivoting, n, nrhs, a, b, c, io, buffer, ts_make_config(cfg));
}

size_t ts_cuda_gtsv_analyze_buffer_size(ts_int n, int single_precision, int permuted)
{
  return ts_rpts::analyze_buffer_size(n, single_precision ? sizeof(float) : sizeof(double), permuted != 0);
}

ts_status ts_cuda_dgtsv_analyze(void *stream, ts_pivoting pivoting, ts_int n, const double *a, const double *b, const double *c, int permuted, void *work, ts_rpts_config *cfg, double *err)
{
  return ts_rpts::analyze<double>(stream, pivoting, n, a, b, c, permuted != 0, work, cfg, err);
}

ts_status ts_cuda_sgtsv_analyze(void *stream, ts_pivoting pivoting, ts_int n, const float *a, const float *b, const float *c, int permuted, void *work, ts_rpts_config *cfg, double *err)
{
  return ts_rpts::analyze<float>(stream, pivoting, n, a, b, c, permuted != 0, work, cfg, err);
}

} /* extern "C" */
