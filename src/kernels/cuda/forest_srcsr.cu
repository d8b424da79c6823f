/* SPDX-License-Identifier: BSD-2-Clause */
/*
   forest_srcsr.cu - C entry points of SRCSR (forest_srcsr.cuh): the Algorithm 5 preprocessing (one
   launch of binary searches, or literally with select_if) and
   the plain SpMV y = alpha A x + beta y, the operator the generalized uses are measured against.
*/
#include "forest_srcsr.cuh"

namespace ts_forest {
namespace {

template <class T>
struct SpmvOp {
  using Value = T;
  using Acc   = T;
  const T *x;
  T       *y;
  T        alpha, beta;
  __device__ __forceinline__ Acc  identity() const { return T(0); }
  __device__ __forceinline__ Acc  map(ts_int, ts_int c, T v, ts_int) const { return v * __ldg(x + c); }
  __device__ __forceinline__ Acc  reduce(const Acc &a, const Acc &b) const { return a + b; }
  __device__ __forceinline__ void output(ts_int r, const Acc &a) const { y[r] = beta == T(0) ? alpha * a : alpha * a + beta * y[r]; }
  __device__ __forceinline__ bool skip() const { return false; }
};

} /* anonymous namespace */
} /* namespace ts_forest */

using namespace ts_forest;

extern "C" {

size_t ts_cuda_srcsr_plan_size(ts_int n, ts_int nnz_bound)
{
  Carver    cv(nullptr);
  SrcsrPlan p;
  return srcsr_plan_carve(cv, n, nnz_bound, p);
}

ts_status ts_cuda_srcsr_plan(void *stream, ts_int n, ts_int nnz_bound, const ts_int *rowptr, void *plan)
{
  if (n < 0 || nnz_bound < 0) return TS_ERR_ARGUMENT;
  return srcsr_plan_build(as_stream(stream), n, nnz_bound, rowptr, plan);
}

ts_status ts_cuda_srcsr_plan_alg5(void *stream, ts_int n, ts_int nnz_bound, const ts_int *rowptr, void *plan)
{
  if (n < 0 || nnz_bound < 0) return TS_ERR_ARGUMENT;
  return srcsr_plan_build_alg5(as_stream(stream), n, nnz_bound, rowptr, plan);
}

ts_status ts_cuda_srcsr_dspmv(void *stream, ts_int n, ts_int nnz_bound, const ts_int *rowptr, const ts_int *col, const double *val, double alpha, const double *x, double beta, double *y, const void *plan)
{
  if (n < 0 || nnz_bound < 0) return TS_ERR_ARGUMENT;
  if (n == 0) return TS_SUCCESS;
  SpmvOp<double> op{x, y, alpha, beta};
  return srcsr_run(as_stream(stream), n, nnz_bound, rowptr, col, val, plan, op);
}

/* Benchmark hook (not in the public header): the SpMV with other block shapes;
   variant 0: 128 threads x 7 items (the default), 1: 128 x 15, 2: 256 x 7, 3: 256 x 11. */
TS_EXTERN ts_status ts_cuda_srcsr_dspmv_variant(int variant, void *stream, ts_int n, ts_int nnz_bound, const ts_int *rowptr, const ts_int *col, const double *val, double alpha, const double *x, double beta, double *y, const void *plan)
{
  if (n < 0 || nnz_bound < 0) return TS_ERR_ARGUMENT;
  if (n == 0) return TS_SUCCESS;
  SpmvOp<double> op{x, y, alpha, beta};
  cudaStream_t   s = as_stream(stream);
  switch (variant) {
  case 1:
    return srcsr_run<SpmvOp<double>, 128, 15>(s, n, nnz_bound, rowptr, col, val, plan, op);
  case 2:
    return srcsr_run<SpmvOp<double>, 256, 7>(s, n, nnz_bound, rowptr, col, val, plan, op);
  case 3:
    return srcsr_run<SpmvOp<double>, 256, 11>(s, n, nnz_bound, rowptr, col, val, plan, op);
  default:
    return srcsr_run(s, n, nnz_bound, rowptr, col, val, plan, op);
  }
}

} /* extern "C" */
