/* SPDX-License-Identifier: BSD-2-Clause */
/*
   bench_forest.cu - GPU setup stages of the linear forest (src/kernels/cuda/) against
   one cuSPARSE SpMV (cusparseSpMV, CSR, double) of the same matrix, and SRCSR's plain y = Ax
   (with and without its Algorithm 5 preprocessing) against that SpMV.

   Stages (default parameters: scaled weights, [0,2]-factor with M = 5, m = 5, k_m = 0, p = 0.5):
     graph    row scale + CSR transpose (radix sort) + graph row pointer (count + scan) + fill
     factor   Algorithm 8: SRCSR preprocessing + 5 rounds of proposal (SRCSR) and confirmation
     scan     cycle breaking + path scan (two bidirectional pointer-doubling scans)
     sort     permutation by CUB radix sort of (path id, position)  [scatter: counting variant]
     bands    the three bands of P A P^T on the forest
     total    ts_cuda_linear_forest_build, the whole pipeline in one call
   Apply of the forest (y = P^T T^-1 P x, double, scaled pivoting), against one RPTS solve of the same
   N in place (ts_cuda_dgtsv, the issue-4 target: apply <= 1.5x of it):
     rpts     ts_cuda_dgtsv on the forest's bands
     apply3   gather, ts_cuda_dgtsv, scatter (three launches: the apply before the fused io)
     apply    ts_cuda_dgtsv_permuted: the permutations fused into RPTS's finest stage (the PCs' apply)
     keep     the same with keep_rhs (the substitution reads the stashed right-hand side, not x again)
   Timing: CUDA events around R back-to-back repetitions after 2 warm-ups, best of 3 such means.
   host: the ts_ref_ pipeline on one core of the same machine, one run.

   usage: bench_forest [--csv file] [--reps R] [--no-host] [file.mtx[.gz] ...]
*/
#include <cuda_runtime.h>
#include <cusparse.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <functional>
#include <string>
#include <vector>

#include "trisplit_kernels.h"
#include "../../tests/kernels/forest_matrices.h"
#include "../../tests/kernels/check.h"


template <class T>
static T *dalloc(size_t n)
{
  T *p = nullptr;
  CK(cudaMalloc(&p, (n ? n : 1) * sizeof(T)));
  return p;
}

static int g_reps = 0;

/* benchmark hook of forest_srcsr.cu: other block shapes of the SRCSR SpMV */
extern "C" ts_status ts_cuda_srcsr_dspmv_variant(int variant, void *stream, ts_int n, ts_int nnz_bound, const ts_int *rowptr, const ts_int *col, const double *val, double alpha, const double *x, double beta, double *y, const void *plan);
static const char *const variant_names[] = {"128x7", "128x15", "256x7", "256x11"};

/* mean ms of one call of f, best of 3 rounds of R calls */
static double time_ms(cudaStream_t s, const std::function<void()> &f, int R)
{
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  f();
  f();
  CK(cudaStreamSynchronize(s));
  double best = 1e30;
  for (int round = 0; round < 3; round++) {
    CK(cudaEventRecord(a, s));
    for (int r = 0; r < R; r++) f();
    CK(cudaEventRecord(b, s));
    CK(cudaEventSynchronize(b));
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, a, b));
    best = fmin(best, ms / R);
  }
  CK(cudaEventDestroy(a));
  CK(cudaEventDestroy(b));
  return best;
}

static double now_s()
{
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

struct Row {
  std::string name;
  long long   n, nnz;
  double      graph, graph_sort, factor, scan, sort, scatter, bands, total, spmv, srcsr_plan, srcsr_plan_a5, srcsr, srcsr_best, host;
  double      rpts, apply3, apply, apply_keep;
  int         best;
};

static double host_pipeline_ms(const CsrMatrix &A)
{
  const ts_int     n = A.n, nnz = A.nnz();
  ts_factor_params prm;
  prm.n = 2, prm.iterations = 5, prm.charge_period = 5, prm.charge_skip = 0, prm.p = 0.5, prm.seed = 0, prm.offset = 0;
  std::vector<double> scale(n), t_val(nnz), gw(2 * (size_t)nnz), pw(2 * (size_t)n), a(n), b(n), c(n);
  std::vector<ts_int> t_row(n + 1), t_col(nnz), g_row(n + 1), g_col(2 * (size_t)nnz), partner(2 * (size_t)n), pid(n), pos(n), perm(n), iperm(n), w2(2 * (size_t)n);
  std::vector<char>   work(ts_ref_factor_size(n, 2) + 16);
  const double        t0 = now_s();
  ts_ref_graph_scale(TS_WEIGHT_SCALED, n, A.rowptr.data(), A.col.data(), A.val.data(), scale.data());
  ts_ref_csr_transpose(n, n, A.rowptr.data(), A.col.data(), A.val.data(), t_row.data(), t_col.data(), t_val.data());
  ts_ref_graph_rowptr(n, A.rowptr.data(), A.col.data(), t_row.data(), t_col.data(), g_row.data());
  ts_ref_graph_fill(n, A.rowptr.data(), A.col.data(), A.val.data(), t_row.data(), t_col.data(), t_val.data(), scale.data(), g_row.data(), g_col.data(), gw.data());
  int rounds;
  ts_ref_factor(&prm, n, g_row.data(), g_col.data(), gw.data(), partner.data(), pw.data(), work.data(), &rounds);
  ts_int np, lg, nc;
  ts_ref_linear_forest(n, partner.data(), pw.data(), pid.data(), pos.data(), perm.data(), iperm.data(), w2.data(), &np, &lg, &nc);
  ts_ref_forest_bands(n, A.rowptr.data(), A.col.data(), A.val.data(), perm.data(), iperm.data(), pid.data(), a.data(), b.data(), c.data());
  return (now_s() - t0) * 1e3;
}

static Row bench_matrix(const CsrMatrix &A, bool host)
{
  const ts_int n = A.n, nnz = A.nnz(), gb = 2 * nnz;
  const int    R = g_reps ? g_reps : (nnz > 2000000 ? 20 : 100);
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  ts_int *rowptr = dalloc<ts_int>(n + 1), *col = dalloc<ts_int>(nnz);
  double *val = dalloc<double>(nnz);
  CK(cudaMemcpy(rowptr, A.rowptr.data(), (n + 1) * sizeof(ts_int), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(col, A.col.data(), nnz * sizeof(ts_int), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(val, A.val.data(), nnz * sizeof(double), cudaMemcpyHostToDevice));

  ts_factor_params prm;
  prm.n = 2, prm.iterations = 5, prm.charge_period = 5, prm.charge_skip = 0, prm.p = 0.5, prm.seed = 0, prm.offset = 0;
  double *scale = dalloc<double>(n), *t_val = dalloc<double>(nnz), *gw = dalloc<double>(gb), *pw = dalloc<double>(2 * (size_t)n);
  ts_int *t_row = dalloc<ts_int>(n + 1), *t_col = dalloc<ts_int>(nnz), *g_row = dalloc<ts_int>(n + 1), *g_col = dalloc<ts_int>(gb);
  ts_int *partner = dalloc<ts_int>(2 * (size_t)n), *pid = dalloc<ts_int>(n), *pos = dalloc<ts_int>(n), *perm = dalloc<ts_int>(n), *iperm = dalloc<ts_int>(n), *stats = dalloc<ts_int>(4);
  double *a = dalloc<double>(n), *b = dalloc<double>(n), *c = dalloc<double>(n);
  int    *rounds = dalloc<int>(1);
  size_t  ws     = ts_cuda_csr_transpose_buffer_size(n, n, nnz);
  ws             = std::max(ws, ts_cuda_graph_rowptr_buffer_size(n));
  ws             = std::max(ws, ts_cuda_factor_buffer_size(&prm, n, gb));
  ws             = std::max(ws, ts_cuda_linear_forest_buffer_size(n));
  char *work     = dalloc<char>(ws);
  char *pwork    = dalloc<char>(ts_cuda_linear_forest_build_buffer_size(&prm, n, nnz));

  Row r;
  r.name = A.name;
  r.n    = n;
  r.nnz  = nnz;
  /* the weight graph as the pipeline builds it (a structurally symmetric pattern skips the transpose's
     sort); graph_sort: the general path with the radix-sort transpose, for comparison */
  char *gwork = dalloc<char>(ts_cuda_weight_graph_buffer_size(n, nnz));
  r.graph     = time_ms(s, [&] { CT(ts_cuda_weight_graph(s, TS_WEIGHT_SCALED, n, nnz, rowptr, col, val, g_row, g_col, gw, gwork)); }, R);
  r.graph_sort = time_ms(s, [&] {
    CT(ts_cuda_graph_scale(s, TS_WEIGHT_SCALED, n, rowptr, col, val, scale));
    CT(ts_cuda_csr_transpose(s, n, n, nnz, rowptr, col, val, t_row, t_col, t_val, work));
    CT(ts_cuda_graph_rowptr(s, n, rowptr, col, t_row, t_col, g_row, work));
    CT(ts_cuda_graph_fill(s, n, rowptr, col, val, t_row, t_col, t_val, scale, g_row, g_col, gw));
  }, R);
  r.factor = time_ms(s, [&] { CT(ts_cuda_factor(s, &prm, n, gb, g_row, g_col, gw, partner, pw, work, rounds)); }, R);
  r.scan   = time_ms(s, [&] {
    CT(ts_cuda_forest_break_cycles(s, n, partner, pw, stats + 2, nullptr, work));
    CT(ts_cuda_forest_paths(s, n, partner, pid, pos, stats, stats + 1, work));
  }, R);
  r.sort    = time_ms(s, [&] { CT(ts_cuda_forest_permutation(s, 1, n, pid, pos, perm, iperm, work)); }, R);
  r.scatter = time_ms(s, [&] { CT(ts_cuda_forest_permutation(s, 0, n, pid, pos, perm, iperm, work)); }, R);
  r.bands   = time_ms(s, [&] { CT(ts_cuda_forest_bands(s, n, rowptr, col, val, perm, iperm, pid, a, b, c)); }, R);
  r.total   = time_ms(s, [&] { CT(ts_cuda_linear_forest_build(s, TS_WEIGHT_SCALED, &prm, n, nnz, rowptr, col, val, perm, iperm, pid, pos, a, b, c, pwork, stats)); }, R);

  /* cuSPARSE SpMV, y = A x */
  double *x = dalloc<double>(n), *y = dalloc<double>(n);
  {
    std::vector<double> hx(n);
    for (ts_int i = 0; i < n; i++) hx[i] = 1.0 + 1e-3 * (i % 97);
    CK(cudaMemcpy(x, hx.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  }
  cusparseHandle_t h;
  CS(cusparseCreate(&h));
  CS(cusparseSetStream(h, s));
  cusparseSpMatDescr_t mA;
  cusparseDnVecDescr_t vx, vy;
  const cusparseIndexType_t it = sizeof(ts_int) == 8 ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I;
  CS(cusparseCreateCsr(&mA, n, n, nnz, rowptr, col, val, it, it, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
  CS(cusparseCreateDnVec(&vx, n, x, CUDA_R_64F));
  CS(cusparseCreateDnVec(&vy, n, y, CUDA_R_64F));
  const double one = 1.0, zero = 0.0;
  size_t       bsz = 0;
  CS(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, mA, vx, &zero, vy, CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, &bsz));
  void *sbuf = dalloc<char>(bsz);
  r.spmv = time_ms(s, [&] { CS(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, mA, vx, &zero, vy, CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, sbuf)); }, R);

  /* SRCSR y = A x: preprocessing and SpMV */
  void *plan = dalloc<char>(ts_cuda_srcsr_plan_size(n, nnz));
  r.srcsr_plan = time_ms(s, [&] { CT(ts_cuda_srcsr_plan(s, n, nnz, rowptr, plan)); }, R);
  r.srcsr_plan_a5 = time_ms(s, [&] { CT(ts_cuda_srcsr_plan_alg5(s, n, nnz, rowptr, plan)); }, R);
  r.srcsr         = time_ms(s, [&] { CT(ts_cuda_srcsr_dspmv(s, n, nnz, rowptr, col, val, 1.0, x, 0.0, y, plan)); }, R);
  r.srcsr_best    = r.srcsr;
  r.best          = 0;
  for (int v = 1; v < 4; v++) {
    const double t = time_ms(s, [&] { CT(ts_cuda_srcsr_dspmv_variant(v, s, n, nnz, rowptr, col, val, 1.0, x, 0.0, y, plan)); }, R);
    if (t < r.srcsr_best) {
      r.srcsr_best = t;
      r.best       = v;
    }
  }

  /* the apply on the forest just built (perm, a, b, c) */
  {
    double *w = dalloc<double>(n), *z = dalloc<double>(n);
    char   *sbuf2 = dalloc<char>(ts_cuda_gtsv_permuted_buffer_size(n, 1, 0) + 256);
    CK(cudaMemcpy(w, x, n * sizeof(double), cudaMemcpyDeviceToDevice));
    ts_permuted_io io;
    memset(&io, 0, sizeof(io));
    io.gather = io.scatter = perm;
    io.x = x, io.ldx = n, io.y = z, io.ldy = n;
    r.rpts   = time_ms(s, [&] { CT(ts_cuda_dgtsv(s, TS_PIVOTING_SCALED, n, 1, a, b, c, w, n, sbuf2)); }, R);
    r.apply3 = time_ms(s, [&] {
      CT(ts_cuda_gather(s, n, perm, x, w));
      CT(ts_cuda_dgtsv(s, TS_PIVOTING_SCALED, n, 1, a, b, c, w, n, sbuf2));
      CT(ts_cuda_scatter(s, n, perm, w, z));
    }, R);
    r.apply = time_ms(s, [&] { CT(ts_cuda_dgtsv_permuted(s, TS_PIVOTING_SCALED, n, 1, a, b, c, &io, sbuf2)); }, R);
    io.keep_rhs  = 1;
    r.apply_keep = time_ms(s, [&] { CT(ts_cuda_dgtsv_permuted(s, TS_PIVOTING_SCALED, n, 1, a, b, c, &io, sbuf2)); }, R);
    CK(cudaFree(w));
    CK(cudaFree(z));
    CK(cudaFree(sbuf2));
  }
  CK(cudaStreamSynchronize(s));
  r.host = host ? host_pipeline_ms(A) : -1;

  CS(cusparseDestroySpMat(mA));
  CS(cusparseDestroyDnVec(vx));
  CS(cusparseDestroyDnVec(vy));
  CS(cusparseDestroy(h));
  void *ptrs[] = {rowptr, col, val, scale, t_val, gw, pw, t_row, t_col, g_row, g_col, partner, pid, pos, perm, iperm, stats, a, b, c, rounds, work, pwork, x, y, sbuf, plan};
  for (void *p : ptrs) CK(cudaFree(p));
  CK(cudaStreamDestroy(s));
  return r;
}

int main(int argc, char **argv)
{
  const char              *csv  = nullptr;
  bool                     host = true;
  std::vector<std::string> files;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--csv") && i + 1 < argc) csv = argv[++i];
    else if (!strcmp(argv[i], "--reps") && i + 1 < argc) g_reps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--no-host")) host = false;
    else files.push_back(argv[i]);
  }
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  printf("device: %s, %d SMs\n", prop.name, prop.multiProcessorCount);
  std::vector<Row> rows;
  rows.push_back(bench_matrix(make_stencil(ST_ANISO1, 1200), host));
  rows.push_back(bench_matrix(make_stencil(ST_ANISO2, 1200), host));
  rows.push_back(bench_matrix(make_stencil(ST_MODEL8, 1000), host));
  for (const auto &f : files) {
    CsrMatrix   A;
    std::string err;
    if (!read_matrix_market(f.c_str(), A, err)) {
      fprintf(stderr, "%s: %s\n", f.c_str(), err.c_str());
      continue;
    }
    rows.push_back(bench_matrix(A, host));
  }
  printf("\ntimes in ms (mean of one call); spmv = one cusparseSpMV (CSR, double) of A; x = total / spmv\n");
  printf("SRCSR y = Ax: plan = one-launch Algorithm 5 (binary search), a5 = literal Algorithm 5 (select_if),\n");
  printf("  srcsr = 128x7 blocks (default), best = fastest of 128x7/128x15/256x7/256x11; ratios to spmv\n");
  printf("graph = ts_cuda_weight_graph (no sort for a structurally symmetric pattern), gsort = the same with the radix-sort transpose\n");
  printf("%-18s %9s %10s | %7s %7s %7s %7s %7s %7s %7s | %7s %6s | %7s | %7s %7s %7s %7s %6s | %5s %5s %5s | %8s %5s\n", "matrix", "n", "nnz", "graph", "gsort", "factor", "scan", "sort", "scatter", "bands", "total", "x", "spmv", "plan", "a5", "srcsr", "best", "shape", "sr", "+plan", "best+", "host", "h/gpu");
  FILE *fc = csv ? fopen(csv, "w") : nullptr;
  if (fc) fprintf(fc, "matrix,n,nnz,graph_ms,graph_sort_ms,factor_ms,scan_ms,sort_ms,scatter_ms,bands_ms,total_ms,spmv_ms,srcsr_plan_ms,srcsr_plan_alg5_ms,srcsr_spmv_ms,srcsr_best_ms,srcsr_best_shape,host_ms,device\n");
  for (const Row &r : rows) {
    printf("%-18s %9lld %10lld | %7.4f %7.4f %7.4f %7.4f %7.4f %7.4f %7.4f | %7.4f %6.1f | %7.4f | %7.4f %7.4f %7.4f %7.4f %6s | %5.2f %5.2f %5.2f | %8.1f %5.0f\n", r.name.c_str(), r.n, r.nnz, r.graph, r.graph_sort, r.factor, r.scan, r.sort, r.scatter, r.bands, r.total, r.total / r.spmv, r.spmv, r.srcsr_plan, r.srcsr_plan_a5, r.srcsr, r.srcsr_best, variant_names[r.best], r.srcsr / r.spmv, (r.srcsr + r.srcsr_plan) / r.spmv, (r.srcsr_best + r.srcsr_plan) / r.spmv, r.host, r.host > 0 ? r.host / r.total : 0.0);
    if (fc) fprintf(fc, "%s,%lld,%lld,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%s,%.3f,%s\n", r.name.c_str(), r.n, r.nnz, r.graph, r.graph_sort, r.factor, r.scan, r.sort, r.scatter, r.bands, r.total, r.spmv, r.srcsr_plan, r.srcsr_plan_a5, r.srcsr, r.srcsr_best, variant_names[r.best], r.host, prop.name);
  }
  if (fc) fclose(fc);
  printf("\napply of the forest, ms: rpts = one ts_cuda_dgtsv of the forest's bands (in place), apply3 = gather + dgtsv + scatter,\n");
  printf("  apply = ts_cuda_dgtsv_permuted (permutations fused into RPTS); target apply/rpts <= 1.5\n");
  printf("%-18s %9s | %8s %8s %8s %8s | %8s %8s %8s\n", "matrix", "n", "rpts", "apply3", "apply", "keep", "a3/rpts", "a/rpts", "k/rpts");
  for (const Row &r : rows) printf("%-18s %9lld | %8.4f %8.4f %8.4f %8.4f | %8.2f %8.2f %8.2f\n", r.name.c_str(), r.n, r.rpts, r.apply3, r.apply, r.apply_keep, r.apply3 / r.rpts, r.apply / r.rpts, r.apply_keep / r.rpts);
  if (csv) {
    std::string ac = std::string(csv) + ".apply.csv";
    FILE       *fa = fopen(ac.c_str(), "w");
    if (fa) {
      fprintf(fa, "matrix,n,rpts_ms,apply3_ms,apply_ms,apply_keep_ms,device\n");
      for (const Row &r : rows) fprintf(fa, "%s,%lld,%.6f,%.6f,%.6f,%.6f,%s\n", r.name.c_str(), r.n, r.rpts, r.apply3, r.apply, r.apply_keep, prop.name);
      fclose(fa);
    }
  }
  return 0;
}
