/* SPDX-License-Identifier: BSD-2-Clause */
/*
   PCTRIAMG's CUDA leaf operations (include/trisplit/private/triamgimpl.h): the aggregates, the prolongator smoothed
   along the forest and the Galerkin product by sort and reduce (src/kernels/cuda/aggregate.cu, prolongator.cu,
   galerkin.cu), on PETSc's stream, from the device forest and the device CSR arrays. The matrices they make are
   MATCSRCUDA (src/mat/csrcuda.c) on the kernels' own arrays: nothing of a level goes to the host but a few
   integers (sizes, the damping, the aggregates' checksum).
*/
#include <trisplit/private/triamgimpl.h>
#if defined(PETSC_HAVE_CUDA)
  #include <trisplit/private/csrcudaimpl.h>

static PetscErrorCode TSPTriAMGAggregate_CUDA(Mat Ad, PC fpc, PetscInt s, PetscInt **agg, PetscInt *nagg)
{
  PetscInt           n, nnz, *d_nagg, counts[2];
  const PetscInt    *perm, *path_id, *ia, *ja;
  const PetscScalar *va;
  cudaStream_t       stream;
  void              *work = NULL;
  size_t             bytes;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(MatGetLocalSize(Ad, &n, NULL));
  PetscCall(TSPTriAMGLevelPaths(fpc, n, PETSC_MEMTYPE_DEVICE, &perm, &path_id));
  PetscCheck(s >= 1, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "PCTRIAMG: aggregate size %" PetscInt_FMT " < 1", s);
  PetscCall(TriSplitGetDeviceCSR(Ad, &n, &nnz, &ia, &ja, &va));
  /* one workspace for both steps, and the two counts (of the paths' segments, after the join) read back at once */
  bytes = PetscMax(ts_cuda_aggregate_buffer_size(n), ts_cuda_aggregate_join_buffer_size(n));
  bytes = (bytes + 255) & ~(size_t)255;
  PetscCall(TriSplitDeviceMalloc(bytes + 2 * sizeof(PetscInt), &work));
  d_nagg = (PetscInt *)((char *)work + bytes);
  PetscCall(TriSplitDeviceMalloc((size_t)(n + 2) * sizeof(PetscInt), (void **)agg));
  PetscCall(PetscLogEventBegin(TriSplit_AMGAggregate, fpc, 0, 0, 0));
  PetscCall(TSPTriAMGCheck(ts_cuda_aggregate(stream, n, perm, path_id, s, *agg, d_nagg, work), "aggregate"));
  PetscCall(TSPTriAMGCheck(ts_cuda_aggregate_join(stream, n, ia, ja, va, *agg, d_nagg + 1, work), "aggregate join"));
  PetscCall(TriSplitDeviceRead(stream, d_nagg, counts, sizeof(counts)));
  PetscCall(PetscLogEventEnd(TriSplit_AMGAggregate, fpc, 0, 0, 0));
  PetscCall(TriSplitRestoreDeviceCSR(Ad, &ia, &ja, &va));
  TriSplitDeviceFree(work);
  *nagg = counts[1];
  if (counts[1] != counts[0]) PetscCall(PetscInfo(fpc, "%" PetscInt_FMT " of %" PetscInt_FMT " aggregates held only rows without a diagonal: their rows joined a neighbour's\n", counts[0] - counts[1], counts[0]));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGPairWeights_CUDA(Mat Ad, PC fpc, Mat *B, PetscReal *share)
{
  PetscInt           n, nnz, *brow, *bcol;
  PetscScalar       *bval;
  const PetscInt    *perm, *path_id, *ia, *ja;
  const PetscScalar *va;
  double            *d_sums, sums[2];
  cudaStream_t       stream;
  void              *work = NULL;
  size_t             bytes;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(MatGetLocalSize(Ad, &n, NULL));
  PetscCall(TSPTriAMGLevelPaths(fpc, n, PETSC_MEMTYPE_DEVICE, &perm, &path_id));
  PetscCall(TriSplitGetDeviceCSR(Ad, &n, &nnz, &ia, &ja, &va));
  PetscCall(TriSplitDeviceMalloc((size_t)(n + 1) * sizeof(PetscInt), (void **)&brow));
  PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(nnz, 1) * sizeof(PetscInt), (void **)&bcol));
  PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(nnz, 1) * sizeof(PetscScalar), (void **)&bval));
  PetscCallCUDA(cudaMemcpyAsync(brow, ia, (size_t)(n + 1) * sizeof(PetscInt), cudaMemcpyDeviceToDevice, stream));
  if (nnz) PetscCallCUDA(cudaMemcpyAsync(bcol, ja, (size_t)nnz * sizeof(PetscInt), cudaMemcpyDeviceToDevice, stream));
  bytes = (ts_cuda_pair_weights_buffer_size(n) + 255) & ~(size_t)255;
  PetscCall(TriSplitDeviceMalloc(bytes + 2 * sizeof(double), &work));
  d_sums = (double *)((char *)work + bytes);
  PetscCall(TSPTriAMGCheck(ts_cuda_pair_weights(stream, n, ia, ja, va, path_id, bval, d_sums, work), "pair weights"));
  PetscCall(TriSplitDeviceRead(stream, d_sums, sums, sizeof(sums)));
  TriSplitDeviceFree(work);
  PetscCall(TriSplitRestoreDeviceCSR(Ad, &ia, &ja, &va));
  PetscCall(TSPMatCreateCSRCUDA(n, n, nnz, brow, bcol, bval, B));
  *share = sums[1] > 0 ? (PetscReal)(sums[0] / sums[1]) : 1.0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGPairMatch_CUDA(Mat W, PetscInt n, PetscInt *agg, PetscInt *nagg)
{
  PetscInt           m, wnnz, *partner, *d_count;
  const PetscInt    *wi, *wj;
  const PetscScalar *wv;
  double            *pw;
  ts_factor_params   prm;
  cudaStream_t       stream;
  void              *work = NULL;
  size_t             bytes, vec;

  PetscFunctionBegin;
  TSPFactorParamsDefault(&prm, 1); /* the forests' parameters, one partner: a matching */
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitGetDeviceCSR(W, &m, &wnnz, &wi, &wj, &wv));
  /* the factor's and the renumbering's workspace, then the partners, their weights and the count */
  bytes = PetscMax(ts_cuda_factor_buffer_size(&prm, m, wnnz), ts_cuda_aggregate_pair_ids_buffer_size(m));
  bytes = (bytes + 255) & ~(size_t)255;
  vec   = ((size_t)PetscMax(m, 1) * sizeof(double) + 255) & ~(size_t)255;
  PetscCall(TriSplitDeviceMalloc(bytes + 2 * vec + sizeof(PetscInt), &work));
  pw      = (double *)((char *)work + bytes);
  partner = (PetscInt *)((char *)work + bytes + vec);
  d_count = (PetscInt *)((char *)work + bytes + 2 * vec);
  PetscCall(TSPTriAMGCheck(ts_cuda_factor(stream, &prm, m, wnnz, wi, wj, wv, partner, pw, work, NULL), "aggregates' matching"));
  PetscCall(TSPTriAMGCheck(ts_cuda_aggregate_pair_ids(stream, m, partner, n, agg, d_count, work), "aggregates' pairs"));
  PetscCall(TriSplitDeviceRead(stream, d_count, nagg, sizeof(PetscInt)));
  TriSplitDeviceFree(work);
  PetscCall(TriSplitRestoreDeviceCSR(W, &wi, &wj, &wv));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGCollapse_CUDA(Mat Ad, PetscInt bs, Mat *N)
{
  PetscInt           n, nnz, nn, *nrow, *ncol, nnnz;
  PetscScalar       *nval;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  cudaStream_t       stream;
  void              *work = NULL;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitGetDeviceCSR(Ad, &n, &nnz, &ia, &ja, &va));
  nn = n / bs;
  PetscCall(TriSplitDeviceMalloc((size_t)(nn + 1) * sizeof(PetscInt), (void **)&nrow));
  PetscCall(TriSplitDeviceMalloc(ts_cuda_csr_collapse_buffer_size(nn), &work));
  PetscCall(TSPTriAMGCheck(ts_cuda_csr_collapse_count(stream, nn, bs, ia, ja, nrow, work), "csr collapse count"));
  TriSplitDeviceFree(work);
  PetscCall(TriSplitDeviceRead(stream, nrow + nn, &nnnz, sizeof(PetscInt)));
  PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(nnnz, 1) * sizeof(PetscInt), (void **)&ncol));
  PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(nnnz, 1) * sizeof(PetscScalar), (void **)&nval));
  PetscCall(TSPTriAMGCheck(ts_cuda_csr_collapse(stream, nn, bs, ia, ja, va, nrow, ncol, nval), "csr collapse"));
  PetscCall(TriSplitRestoreDeviceCSR(Ad, &ia, &ja, &va));
  PetscCall(TSPMatCreateCSRCUDA(nn, nn, nnnz, nrow, ncol, nval, N));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGExpand_CUDA(PetscInt n, PetscInt bs, const PetscInt *aggn, PetscInt **agg)
{
  cudaStream_t stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitDeviceMalloc((size_t)(n + 2) * sizeof(PetscInt), (void **)agg));
  PetscCall(TSPTriAMGCheck(ts_cuda_aggregate_expand(stream, n, bs, aggn, *agg), "aggregate expand"));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGProlongator_CUDA(Mat A, const PetscInt *agg, PetscInt ncols, PetscBool smooth, PetscReal rho, PetscReal theta, Mat *P, PetscReal *omega)
{
  PetscInt           n, nnz, *d_prow, *d_pcol, pnnz, *d_info;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  PetscScalar       *d_pval;
  double            *d_omega;
  cudaStream_t       stream;
  void              *work = NULL;
  size_t             bytes;
  struct {
    double   omega;
    PetscInt pnnz;
  } h;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
  /* the kernel's workspace, then omega and P's number of entries side by side for one read */
  bytes = (ts_cuda_prolongator_buffer_size(n) + 255) & ~(size_t)255;
  PetscCall(TriSplitDeviceMalloc(bytes + sizeof(h), &work));
  d_omega = (double *)((char *)work + bytes);
  d_info  = (PetscInt *)(d_omega + 1);
  /* P: a row has at most the entries of its row of A and its own aggregate; the arrays are P's from now on */
  PetscCall(TriSplitDeviceMalloc((size_t)(n + 1) * sizeof(PetscInt), (void **)&d_prow));
  PetscCall(TriSplitDeviceMalloc((size_t)(nnz + n + 1) * sizeof(PetscInt), (void **)&d_pcol));
  PetscCall(TriSplitDeviceMalloc((size_t)(nnz + n + 1) * sizeof(PetscScalar), (void **)&d_pval));
  PetscCallCUDA(cudaMemsetAsync(d_omega, 0, sizeof(h), stream)); /* the read below takes the struct's padding too */
  PetscCall(TSPTriAMGCheck(ts_cuda_prolongator(stream, n, ia, ja, va, agg, smooth ? 1 : 0, (double)rho, (double)theta, d_prow, d_pcol, d_pval, d_omega, work), "prolongator"));
  PetscCall(TriSplitRestoreDeviceCSR(A, &ia, &ja, &va));
  PetscCallCUDA(cudaMemcpyAsync(d_info, d_prow + n, sizeof(PetscInt), cudaMemcpyDeviceToDevice, stream));
  PetscCall(TriSplitDeviceRead(stream, d_omega, &h, sizeof(h)));
  TriSplitDeviceFree(work);
  PetscCall(PetscLogGpuToCpu((PetscLogDouble)sizeof(h)));
  PetscCall(PetscLogGpuFlops(smooth ? 4.0 * nnz : 0.0));
  pnnz   = h.pnnz;
  *omega = (PetscReal)h.omega;
  PetscCall(PetscLogEventBegin(TriSplit_AMGMatCreate, 0, 0, 0, 0));
  PetscCall(TSPMatCreateCSRCUDA(n, ncols, pnnz, d_prow, d_pcol, d_pval, P));
  PetscCall(PetscLogEventEnd(TriSplit_AMGMatCreate, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGChecksum_CUDA(PetscInt n, const PetscInt *agg, PetscInt rstart, PetscInt cstart, PetscInt64 *sum)
{
  cudaStream_t stream;
  void        *work = NULL;
  size_t       bytes = (ts_cuda_aggregate_checksum_buffer_size(n) + 255) & ~(size_t)255;
  int64_t      h     = 0;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitDeviceMalloc(bytes + sizeof(int64_t), &work));
  PetscCall(TSPTriAMGCheck(ts_cuda_aggregate_checksum(stream, n, rstart, cstart, agg, (int64_t *)((char *)work + bytes), work), "aggregate checksum"));
  PetscCall(TriSplitDeviceRead(stream, (char *)work + bytes, &h, sizeof(h)));
  TriSplitDeviceFree(work);
  *sum = (PetscInt64)h;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGExtend_CUDA(PetscInt n, const PetscInt *agg, PetscInt ng, const PetscInt *ghost, PetscInt **ext)
{
  cudaStream_t stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(n + ng, 1) * sizeof(PetscInt), (void **)ext));
  if (n) PetscCallCUDA(cudaMemcpyAsync(*ext, agg, (size_t)n * sizeof(PetscInt), cudaMemcpyDeviceToDevice, stream));
  if (ng) PetscCallCUDA(cudaMemcpyAsync(*ext + n, ghost, (size_t)ng * sizeof(PetscInt), cudaMemcpyHostToDevice, stream));
  PetscCallCUDA(cudaStreamSynchronize(stream)); /* ghost is the caller's pageable memory */
  PetscCall(PetscLogCpuToGpu((PetscLogDouble)ng * sizeof(PetscInt)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* [Ad | Ao] as MATCSRCUDA: Ad and Ao are the SEQAIJCUSPARSE blocks of an MPIAIJCUSPARSE matrix */
static PetscErrorCode TSPTriAMGJoin_CUDA(Mat Ad, Mat Ao, MatReuse reuse, Mat *J)
{
  PetscInt           n, on, dnnz, onnz, nd, no, *ci = NULL, *cj = NULL;
  const PetscInt    *di, *dj, *oi, *oj;
  const PetscScalar *dv, *ov;
  PetscScalar       *cv;
  cudaStream_t       stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(MatGetSize(Ad, NULL, &nd));
  PetscCall(MatGetSize(Ao, NULL, &no));
  PetscCall(TriSplitGetDeviceCSR(Ad, &n, &dnnz, &di, &dj, &dv));
  PetscCall(TriSplitGetDeviceCSR(Ao, &on, &onnz, &oi, &oj, &ov));
  if (reuse == MAT_INITIAL_MATRIX) {
    PetscCall(TriSplitDeviceMalloc((size_t)(n + 1) * sizeof(PetscInt), (void **)&ci));
    PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(dnnz + onnz, 1) * sizeof(PetscInt), (void **)&cj));
    PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(dnnz + onnz, 1) * sizeof(PetscScalar), (void **)&cv));
  } else PetscCall(TSPMatCSRCUDAGetValuesWrite(*J, &cv));
  PetscCall(TSPTriAMGCheck(ts_cuda_csr_join(stream, n, di, dj, dv, oi, oj, ov, nd, ci, cj, cv), "csr join"));
  PetscCall(TriSplitRestoreDeviceCSR(Ao, &oi, &oj, &ov));
  PetscCall(TriSplitRestoreDeviceCSR(Ad, &di, &dj, &dv));
  if (reuse == MAT_INITIAL_MATRIX) PetscCall(TSPMatCreateCSRCUDA(n, nd + no, dnnz + onnz, ci, cj, cv, J));
  else PetscCall(TSPMatCSRCUDARestoreValuesWrite(*J, &cv));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* P's device rows, then ng rows from the host */
static PetscErrorCode TSPTriAMGAppend_CUDA(Mat P, PetscInt ng, const PetscInt *gi, const PetscInt *gj, const PetscScalar *gv, PetscInt ncols, Mat *Pext)
{
  PetscInt           n, pnnz, *ei, *ej, *tail;
  const PetscInt    *pi, *pj;
  const PetscScalar *pv;
  PetscScalar       *ev;
  cudaStream_t       stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitGetDeviceCSR(P, &n, &pnnz, &pi, &pj, &pv));
  PetscCall(TriSplitDeviceMalloc((size_t)(n + ng + 1) * sizeof(PetscInt), (void **)&ei));
  PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(pnnz + gi[ng], 1) * sizeof(PetscInt), (void **)&ej));
  PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(pnnz + gi[ng], 1) * sizeof(PetscScalar), (void **)&ev));
  PetscCall(PetscMalloc1(ng + 1, &tail));
  for (PetscInt g = 0; g < ng; g++) tail[g] = pnnz + gi[g + 1];
  PetscCallCUDA(cudaMemcpyAsync(ei, pi, (size_t)(n + 1) * sizeof(PetscInt), cudaMemcpyDeviceToDevice, stream));
  if (ng) PetscCallCUDA(cudaMemcpyAsync(ei + n + 1, tail, (size_t)ng * sizeof(PetscInt), cudaMemcpyHostToDevice, stream));
  if (pnnz) {
    PetscCallCUDA(cudaMemcpyAsync(ej, pj, (size_t)pnnz * sizeof(PetscInt), cudaMemcpyDeviceToDevice, stream));
    PetscCallCUDA(cudaMemcpyAsync(ev, pv, (size_t)pnnz * sizeof(PetscScalar), cudaMemcpyDeviceToDevice, stream));
  }
  if (gi[ng]) {
    PetscCallCUDA(cudaMemcpyAsync(ej + pnnz, gj, (size_t)gi[ng] * sizeof(PetscInt), cudaMemcpyHostToDevice, stream));
    PetscCallCUDA(cudaMemcpyAsync(ev + pnnz, gv, (size_t)gi[ng] * sizeof(PetscScalar), cudaMemcpyHostToDevice, stream));
  }
  PetscCallCUDA(cudaStreamSynchronize(stream)); /* the host arrays are pageable and tail is freed next */
  PetscCall(PetscLogCpuToGpu((PetscLogDouble)ng * sizeof(PetscInt) + gi[ng] * (sizeof(PetscInt) + sizeof(PetscScalar))));
  PetscCall(PetscFree(tail));
  PetscCall(TriSplitRestoreDeviceCSR(P, &pi, &pj, &pv));
  PetscCall(TSPMatCreateCSRCUDA(n + ng, ncols, pnnz + gi[ng], ei, ej, ev, Pext));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGRows_CUDA(Mat M, PetscInt nr, const PetscInt *rows, PetscInt **i, PetscInt **j, PetscScalar **v)
{
  PetscInt           n, nnz, *d_rows, *d_ptr, *d_col;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  PetscScalar       *d_val;
  cudaStream_t       stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(PetscMalloc1(nr + 1, i));
  (*i)[0] = 0;
  if (!nr) {
    PetscCall(PetscMalloc1(1, j));
    PetscCall(PetscMalloc1(1, v));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(TriSplitGetDeviceCSR(M, &n, &nnz, &ia, &ja, &va));
  PetscCall(TriSplitDeviceMalloc((size_t)(2 * nr + 1) * sizeof(PetscInt), (void **)&d_rows));
  d_ptr = d_rows + nr;
  PetscCallCUDA(cudaMemcpyAsync(d_rows, rows, (size_t)nr * sizeof(PetscInt), cudaMemcpyHostToDevice, stream));
  PetscCall(TSPTriAMGCheck(ts_cuda_csr_row_lengths(stream, nr, d_rows, ia, d_ptr), "csr row lengths"));
  PetscCall(TriSplitDeviceRead(stream, d_ptr, *i + 1, (size_t)nr * sizeof(PetscInt)));
  for (PetscInt r = 0; r < nr; r++) (*i)[r + 1] += (*i)[r];
  PetscCallCUDA(cudaMemcpyAsync(d_ptr, *i, (size_t)(nr + 1) * sizeof(PetscInt), cudaMemcpyHostToDevice, stream));
  PetscCall(PetscMalloc1(PetscMax((*i)[nr], 1), j));
  PetscCall(PetscMalloc1(PetscMax((*i)[nr], 1), v));
  PetscCall(TriSplitDeviceMalloc((size_t)PetscMax((*i)[nr], 1) * sizeof(PetscInt), (void **)&d_col));
  PetscCall(TriSplitDeviceMalloc((size_t)PetscMax((*i)[nr], 1) * sizeof(PetscScalar), (void **)&d_val));
  PetscCall(TSPTriAMGCheck(ts_cuda_csr_gather(stream, nr, d_rows, ia, ja, va, d_ptr, d_col, d_val), "csr gather"));
  PetscCall(TriSplitDeviceRead(stream, d_col, *j, (size_t)(*i)[nr] * sizeof(PetscInt)));
  PetscCall(TriSplitDeviceRead(stream, d_val, *v, (size_t)(*i)[nr] * sizeof(PetscScalar)));
  PetscCall(PetscLogGpuToCpu((PetscLogDouble)(nr + (*i)[nr]) * sizeof(PetscInt) + (*i)[nr] * sizeof(PetscScalar)));
  TriSplitDeviceFree(d_rows);
  TriSplitDeviceFree(d_col);
  TriSplitDeviceFree(d_val);
  PetscCall(TriSplitRestoreDeviceCSR(M, &ia, &ja, &va));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGFromHost_CUDA(PetscInt m, PetscInt n, const PetscInt *i, const PetscInt *j, const PetscScalar *v, Mat *M)
{
  PetscInt    *ci, *cj;
  PetscScalar *cv;
  cudaStream_t stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitDeviceMalloc((size_t)(m + 1) * sizeof(PetscInt), (void **)&ci));
  PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(i[m], 1) * sizeof(PetscInt), (void **)&cj));
  PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(i[m], 1) * sizeof(PetscScalar), (void **)&cv));
  PetscCallCUDA(cudaMemcpyAsync(ci, i, (size_t)(m + 1) * sizeof(PetscInt), cudaMemcpyHostToDevice, stream));
  if (i[m]) {
    PetscCallCUDA(cudaMemcpyAsync(cj, j, (size_t)i[m] * sizeof(PetscInt), cudaMemcpyHostToDevice, stream));
    PetscCallCUDA(cudaMemcpyAsync(cv, v, (size_t)i[m] * sizeof(PetscScalar), cudaMemcpyHostToDevice, stream));
  }
  PetscCallCUDA(cudaStreamSynchronize(stream)); /* the caller's pageable arrays may go */
  PetscCall(PetscLogCpuToGpu((PetscLogDouble)(m + 1 + i[m]) * sizeof(PetscInt) + i[m] * sizeof(PetscScalar)));
  PetscCall(TSPMatCreateCSRCUDA(m, n, i[m], ci, cj, cv, M));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGSplit_CUDA(Mat M, PetscInt m, PetscInt nd, Mat *D, Mat *O)
{
  PetscInt           n, nnz, ncols, *di, *dj, *oi, *oj, nnzd, nnzo, rowend;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  PetscScalar       *dv, *ov;
  cudaStream_t       stream;
  void              *work = NULL;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(MatGetSize(M, NULL, &ncols));
  PetscCall(TriSplitGetDeviceCSR(M, &n, &nnz, &ia, &ja, &va));
  PetscCall(TriSplitDeviceMalloc((size_t)(m + 1) * sizeof(PetscInt), (void **)&di));
  PetscCall(TriSplitDeviceMalloc((size_t)(m + 1) * sizeof(PetscInt), (void **)&oi));
  PetscCall(TriSplitDeviceMalloc(ts_cuda_csr_split_count_buffer_size(m), &work));
  PetscCall(TSPTriAMGCheck(ts_cuda_csr_split_count(stream, m, ia, ja, nd, di, work), "csr split count"));
  TriSplitDeviceFree(work);
  PetscCall(TriSplitDeviceRead(stream, di + m, &nnzd, sizeof(PetscInt)));
  PetscCall(TriSplitDeviceRead(stream, ia + m, &rowend, sizeof(PetscInt)));
  nnzo = rowend - nnzd;
  PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(nnzd, 1) * sizeof(PetscInt), (void **)&dj));
  PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(nnzd, 1) * sizeof(PetscScalar), (void **)&dv));
  PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(nnzo, 1) * sizeof(PetscInt), (void **)&oj));
  PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(nnzo, 1) * sizeof(PetscScalar), (void **)&ov));
  PetscCall(TSPTriAMGCheck(ts_cuda_csr_split(stream, m, ia, ja, va, nd, di, dj, dv, oi, oj, ov), "csr split"));
  PetscCall(TriSplitRestoreDeviceCSR(M, &ia, &ja, &va));
  PetscCall(TSPMatCreateCSRCUDA(m, nd, nnzd, di, dj, dv, D));
  PetscCall(TSPMatCreateCSRCUDA(m, ncols - nd, nnzo, oi, oj, ov, O));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGMerge_CUDA(Mat M, PetscInt m, PetscInt nd, const PetscInt *map, PetscInt ne, const PetscInt *erow, const PetscInt *ecol, const PetscScalar *eval, PetscInt ncols, Mat *C)
{
  PetscInt           n, nnz, nmap, nnzc, *d_map, *d_erow, *d_ecol, *ci, *cj;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  PetscScalar       *d_eval, *cv;
  cudaStream_t       stream;
  void              *work = NULL;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(MatGetSize(M, NULL, &nmap));
  nmap -= nd;
  PetscCall(TriSplitGetDeviceCSR(M, &n, &nnz, &ia, &ja, &va));
  /* the boundary's numbers in one allocation: the values first (aligned), then map and the entries' positions */
  PetscCall(TriSplitDeviceMalloc((size_t)(ne + 1) * sizeof(PetscScalar) + (size_t)(nmap + 2 * ne + 1) * sizeof(PetscInt), (void **)&d_eval));
  d_map  = (PetscInt *)(d_eval + ne + 1);
  d_erow = d_map + nmap;
  d_ecol = d_erow + ne;
  if (nmap) PetscCallCUDA(cudaMemcpyAsync(d_map, map, (size_t)nmap * sizeof(PetscInt), cudaMemcpyHostToDevice, stream));
  if (ne) {
    PetscCallCUDA(cudaMemcpyAsync(d_erow, erow, (size_t)ne * sizeof(PetscInt), cudaMemcpyHostToDevice, stream));
    PetscCallCUDA(cudaMemcpyAsync(d_ecol, ecol, (size_t)ne * sizeof(PetscInt), cudaMemcpyHostToDevice, stream));
    PetscCallCUDA(cudaMemcpyAsync(d_eval, eval, (size_t)ne * sizeof(PetscScalar), cudaMemcpyHostToDevice, stream));
  }
  PetscCall(PetscLogCpuToGpu((PetscLogDouble)(nmap + 2 * ne) * sizeof(PetscInt) + ne * sizeof(PetscScalar)));
  PetscCall(TriSplitDeviceMalloc((size_t)(m + 1) * sizeof(PetscInt), (void **)&ci));
  PetscCall(TriSplitDeviceMalloc(ts_cuda_csr_merge_count_buffer_size(m), &work));
  PetscCall(TSPTriAMGCheck(ts_cuda_csr_merge_count(stream, m, ia, ja, nd, d_map, ne, d_erow, d_ecol, ci, work), "csr merge count"));
  TriSplitDeviceFree(work);
  PetscCall(TriSplitDeviceRead(stream, ci + m, &nnzc, sizeof(PetscInt))); /* waits: the caller's host arrays may go */
  PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(nnzc, 1) * sizeof(PetscInt), (void **)&cj));
  PetscCall(TriSplitDeviceMalloc((size_t)PetscMax(nnzc, 1) * sizeof(PetscScalar), (void **)&cv));
  PetscCall(TSPTriAMGCheck(ts_cuda_csr_merge(stream, m, ia, ja, va, nd, d_map, ne, d_erow, d_ecol, d_eval, ci, cj, cv), "csr merge"));
  TriSplitDeviceFree(d_eval);
  PetscCall(TriSplitRestoreDeviceCSR(M, &ia, &ja, &va));
  PetscCall(TSPMatCreateCSRCUDA(m, ncols, nnzc, ci, cj, cv, C));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGDistributed_CUDA(MPI_Comm comm, Mat D, Mat O, PetscInt *garray, Mat *M)
{
  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(TriSplit_AMGMatCreate, 0, 0, 0, 0));
  PetscCall(TSPMatCreateMPICSRCUDA(comm, D, O, garray, M));
  PetscCall(PetscLogEventEnd(TriSplit_AMGMatCreate, 0, 0, 0, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGAggregatesFree_CUDA(PetscInt **agg)
{
  PetscFunctionBegin;
  TriSplitDeviceFree(*agg);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* One product L^T M R of galerkin.cu (A P, then P^T (A P)): what new values on the same patterns need, the terms'
   sorted order and the runs */
typedef struct {
  int64_t   nterms;
  PetscInt  cnnz;
  PetscInt *order, *run; /* device: nterms, cnnz + 1 */
} TSPTriAMGProduct;

/* What C = P^T A P keeps for new values of A: its product, and in two products (ts_galerkin_two_products()) also the
   first and A P itself. It is composed on P, which a refresh keeps (C may be converted in place, which drops what is
   composed on it). */
typedef struct {
  PetscBool        two;
  TSPTriAMGProduct ap, c;
  PetscInt        *aprow, *apcol; /* device: A P's pattern, n + 1 and ap.cnnz (two products) */
  PetscScalar     *apval;         /* device: its values */
} TSPTriAMGGalerkinPlan;

static PetscErrorCode TSPTriAMGGalerkinPlanDestroy(void *ctx)
{
  TSPTriAMGGalerkinPlan *plan = (TSPTriAMGGalerkinPlan *)ctx;

  PetscFunctionBegin;
  TriSplitDeviceFree(plan->ap.order);
  TriSplitDeviceFree(plan->ap.run);
  TriSplitDeviceFree(plan->c.order);
  TriSplitDeviceFree(plan->c.run);
  TriSplitDeviceFree(plan->aprow);
  TriSplitDeviceFree(plan->apcol);
  TriSplitDeviceFree(plan->apval);
  PetscCall(PetscFree(plan));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The pattern of L^T M R (M: n rows, CSR ia, ja, mnnz entries; L, R: thin CSR, L with lnnz entries, or NULL rows
   for the identity) into new device arrays crow[ncl + 1] and ccol, and the product's plan; three read-backs (the
   number of terms; inside the sort, that of the long rows; of entries) */
static PetscErrorCode TSPTriAMGProductSymbolic(cudaStream_t stream, PetscInt n, PetscInt ncl, PetscInt ncr, const PetscInt *ia, const PetscInt *ja, PetscInt mnnz, const PetscInt *li, const PetscInt *lj, PetscInt lnnz, const PetscInt *ri, const PetscInt *rj, TSPTriAMGProduct *prod, PetscInt **crow, PetscInt **ccol)
{
  void     *work = NULL;
  int64_t  *d_nterms;
  PetscInt *d_cnnz;
  size_t    bytes;

  PetscFunctionBegin;
  /* 1. the number of terms */
  bytes = ts_cuda_galerkin_count_buffer_size(n);
  PetscCall(TriSplitDeviceMalloc(bytes + 256, &work));
  d_nterms = (int64_t *)((char *)work + ((bytes + 255) & ~(size_t)255));
  PetscCall(TSPTriAMGCheck(ts_cuda_galerkin_count(stream, n, ia, ja, li, ri, d_nterms, work), "galerkin count"));
  PetscCall(TriSplitDeviceRead(stream, d_nterms, &prod->nterms, sizeof(int64_t)));
  TriSplitDeviceFree(work);
  PetscCheck(prod->nterms < PETSC_INT_MAX, PETSC_COMM_SELF, PETSC_ERR_SUP, "PCTRIAMG: a product of the Galerkin operator of %" PetscInt_FMT " rows has %lld terms, more than the device product takes (2^31 - 1)", n, (long long)prod->nterms);
  /* 2. the sort */
  bytes = ts_cuda_galerkin_sort_buffer_size(n, ncl, mnnz, lnnz, prod->nterms);
  PetscCall(TriSplitDeviceMalloc(bytes + 256, &work));
  PetscCall(TriSplitDeviceMalloc((size_t)(prod->nterms ? prod->nterms : 1) * sizeof(PetscInt), (void **)&prod->order));
  d_cnnz = (PetscInt *)((char *)work + ((bytes + 255) & ~(size_t)255));
  PetscCall(TSPTriAMGCheck(ts_cuda_galerkin_sort(stream, n, ncl, ncr, ia, ja, mnnz, li, lj, lnnz, ri, rj, prod->nterms, prod->order, d_cnnz, work), "galerkin sort"));
  PetscCall(TriSplitDeviceRead(stream, d_cnnz, &prod->cnnz, sizeof(PetscInt)));
  /* 3. the pattern and the runs */
  PetscCall(TriSplitDeviceMalloc((size_t)(prod->cnnz + 1) * sizeof(PetscInt), (void **)&prod->run));
  PetscCall(TriSplitDeviceMalloc((size_t)(ncl + 1) * sizeof(PetscInt), (void **)crow));
  PetscCall(TriSplitDeviceMalloc((size_t)(prod->cnnz ? prod->cnnz : 1) * sizeof(PetscInt), (void **)ccol));
  PetscCall(TSPTriAMGCheck(ts_cuda_galerkin_pattern(stream, n, ncl, ncr, mnnz, lnnz, prod->nterms, prod->cnnz, *crow, *ccol, prod->run, work), "galerkin pattern"));
  TriSplitDeviceFree(work);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the values of L^T M R from its plan; launches without a wait */
static PetscErrorCode TSPTriAMGProductValues(cudaStream_t stream, PetscInt n, const PetscInt *ia, const PetscInt *ja, const PetscScalar *va, const PetscInt *li, const PetscScalar *lv, const PetscInt *ri, const PetscScalar *rv, TSPTriAMGProduct *prod, PetscScalar *cval)
{
  void *work = NULL;

  PetscFunctionBegin;
  PetscCall(TriSplitDeviceMalloc(ts_cuda_galerkin_values_buffer_size(n, prod->nterms), &work));
  PetscCall(TSPTriAMGCheck(ts_cuda_galerkin_values(stream, n, ia, ja, va, li, lv, ri, rv, prod->nterms, prod->order, prod->cnnz, prod->run, cval, work), "galerkin values"));
  TriSplitDeviceFree(work);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the values of C (of A P first, in two products) into C's device values (MATCSRCUDA, or a MATSEQAIJCUSPARSE it was
   converted to) */
static PetscErrorCode TSPTriAMGGalerkinValues(cudaStream_t stream, Mat A, Mat P, TSPTriAMGGalerkinPlan *plan, Mat C)
{
  PetscInt           n, nnz, pn, pnnz;
  const PetscInt    *ia, *ja, *pi, *pj;
  const PetscScalar *va, *pa;
  PetscScalar       *cval;
  PetscBool          own;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)C, MATCSRCUDA, &own));
  if (own) PetscCall(TSPMatCSRCUDAGetValuesWrite(C, &cval));
  else PetscCall(MatSeqAIJCUSPARSEGetArrayWrite(C, &cval));
  PetscCall(TriSplitGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
  PetscCall(TriSplitGetDeviceCSR(P, &pn, &pnnz, &pi, &pj, &pa));
  PetscCall(PetscLogEventBegin(TriSplit_AMGPtAPNumeric, A, P, 0, 0));
  /* launches without a wait (the pool frees in stream order): with -log_view_gpu_time the event waits for them, so
     that their time is not charged to the next event that reads from the device */
  PetscCall(PetscLogGpuTimeBegin());
  if (plan->two) {
    PetscCall(TSPTriAMGProductValues(stream, n, ia, ja, va, NULL, NULL, pi, pa, &plan->ap, plan->apval));
    PetscCall(TSPTriAMGProductValues(stream, n, plan->aprow, plan->apcol, plan->apval, pi, pa, NULL, NULL, &plan->c, cval));
  } else PetscCall(TSPTriAMGProductValues(stream, n, ia, ja, va, pi, pa, pi, pa, &plan->c, cval));
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(PetscLogGpuFlops(2.0 * (PetscLogDouble)(plan->ap.nterms + plan->c.nterms)));
  PetscCall(PetscLogEventEnd(TriSplit_AMGPtAPNumeric, A, P, 0, 0));
  PetscCall(TriSplitRestoreDeviceCSR(P, &pi, &pj, &pa));
  PetscCall(TriSplitRestoreDeviceCSR(A, &ia, &ja, &va));
  if (own) PetscCall(TSPMatCSRCUDARestoreValuesWrite(C, &cval));
  else PetscCall(MatSeqAIJCUSPARSERestoreArrayWrite(C, &cval));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* C = P^T A P (galerkin.cu): at once L = P, M = A, R = P; in two products (ts_galerkin_two_products()) A P is L = I,
   M = A, R = P, and C is L = P, M = A P, R = I */
static PetscErrorCode TSPTriAMGGalerkin_CUDA(Mat A, Mat P, MatReuse reuse, Mat *C)
{
  cudaStream_t           stream;
  TSPTriAMGGalerkinPlan *plan;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  if (reuse == MAT_INITIAL_MATRIX) {
    PetscInt           n, nnz, pn, pnnz, lnnz, nc;
    const PetscInt    *ia, *ja, *pi, *pj;
    const PetscScalar *va, *pa;
    PetscInt          *d_crow = NULL, *d_ccol = NULL;

    PetscCall(PetscNew(&plan));
    PetscCall(MatGetSize(P, NULL, &nc));
    PetscCall(TriSplitGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
    PetscCall(TriSplitGetDeviceCSR(P, &pn, &pnnz, &pi, &pj, &pa));
    PetscCall(PetscLogEventBegin(TriSplit_AMGPtAPSymbolic, A, P, 0, 0));
    PetscCall(PetscLogGpuTimeBegin());
    plan->two = ts_galerkin_two_products(n, pnnz) ? PETSC_TRUE : PETSC_FALSE;
    /* L = P's first n rows, M's: across ranks P also holds the ghost rows below them (the R of A P only), whose
       entries L^T must not take */
    lnnz = pnnz;
    if (pn > n) PetscCall(TriSplitDeviceRead(stream, pi + n, &lnnz, sizeof(PetscInt)));
    if (plan->two) {
      PetscCall(TSPTriAMGProductSymbolic(stream, n, n, nc, ia, ja, nnz, NULL, NULL, 0, pi, pj, &plan->ap, &plan->aprow, &plan->apcol));
      PetscCall(TriSplitDeviceMalloc((size_t)(plan->ap.cnnz ? plan->ap.cnnz : 1) * sizeof(PetscScalar), (void **)&plan->apval));
      PetscCall(TSPTriAMGProductSymbolic(stream, n, nc, nc, plan->aprow, plan->apcol, plan->ap.cnnz, pi, pj, lnnz, NULL, NULL, &plan->c, &d_crow, &d_ccol));
    } else PetscCall(TSPTriAMGProductSymbolic(stream, n, nc, nc, ia, ja, nnz, pi, pj, lnnz, pi, pj, &plan->c, &d_crow, &d_ccol));
    PetscCall(PetscLogGpuTimeEnd());
    PetscCall(PetscLogEventEnd(TriSplit_AMGPtAPSymbolic, A, P, 0, 0));
    PetscCall(TriSplitRestoreDeviceCSR(P, &pi, &pj, &pa));
    PetscCall(TriSplitRestoreDeviceCSR(A, &ia, &ja, &va));
    PetscCall(PetscInfo(P, "Galerkin product of %" PetscInt_FMT " rows: %s, %lld terms sorted (A P %lld, %" PetscInt_FMT " entries)\n", n, plan->two ? "two products" : "at once", (long long)(plan->ap.nterms + plan->c.nterms), (long long)plan->ap.nterms, plan->ap.cnnz));
    PetscCall(PetscLogEventBegin(TriSplit_AMGMatCreate, 0, 0, 0, 0));
    PetscCall(TSPMatCreateCSRCUDA(nc, nc, plan->c.cnnz, d_crow, d_ccol, NULL, C));
    PetscCall(PetscLogEventEnd(TriSplit_AMGMatCreate, 0, 0, 0, 0));
    PetscCall(TriSplitObjectCompose((PetscObject)P, "TSPTriAMGGalerkinPlan", plan, TSPTriAMGGalerkinPlanDestroy));
  } else {
    PetscCall(TriSplitObjectQuery((PetscObject)P, "TSPTriAMGGalerkinPlan", (void **)&plan));
    PetscCheck(plan, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONGSTATE, "PCTRIAMG: the prolongator has no device Galerkin plan");
  }
  PetscCall(TSPTriAMGGalerkinValues(stream, A, P, plan, *C));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the steps are launches without a wait; one read of the two norms at the end */
static PetscErrorCode TSPTriAMGEstimate_CUDA(Mat A, PetscInt steps, PetscReal *rho)
{
  PetscInt           n, nnz;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  double            *x, norms[2];
  void              *work = NULL;
  cudaStream_t       stream;
  size_t             vec = 0;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(TriSplitGetDeviceCSR(A, &n, &nnz, &ia, &ja, &va));
  vec = ((size_t)PetscMax(n, 1) * sizeof(double) + 255) & ~(size_t)255;
  PetscCall(TriSplitDeviceMalloc(2 * vec + 256 + ts_cuda_jacobi_power_buffer_size(n), &work));
  x = (double *)work;
  PetscCall(PetscLogGpuTimeBegin());
  PetscCall(TSPTriAMGCheck(ts_cuda_jacobi_power(stream, n, nnz, ia, ja, va, 0, (int)steps, x, (double *)((char *)work + vec), (double *)((char *)work + 2 * vec), (char *)work + 2 * vec + 256), "jacobi power"));
  PetscCall(PetscLogGpuTimeEnd());
  PetscCall(TriSplitDeviceRead(stream, (char *)work + 2 * vec, norms, sizeof(norms)));
  TriSplitDeviceFree(work);
  PetscCall(PetscLogGpuFlops((2.0 * nnz + n) * steps + 4.0 * n));
  PetscCall(TriSplitRestoreDeviceCSR(A, &ia, &ja, &va));
  *rho = norms[0] > 0 ? (PetscReal)PetscSqrtReal(norms[1] / norms[0]) : 0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* of device memory only (TriSplitVecCreateDevice()), whatever A's type: the vectors of the smoothers' estimate are
   duplicates of it */
static PetscErrorCode TSPTriAMGCreateVector_CUDA(Mat A, Vec *x)
{
  PetscLayout rmap;

  PetscFunctionBegin;
  PetscCall(MatGetLayouts(A, &rmap, NULL));
  PetscCall(TriSplitVecCreateDevice(rmap, x));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGStartVector_CUDA(Mat A, Vec *x)
{
  PetscScalar *xa;
  PetscInt     n, rstart;
  cudaStream_t stream;

  PetscFunctionBegin;
  PetscCall(TSPTriAMGCreateVector_CUDA(A, x));
  PetscCall(MatGetOwnershipRange(A, &rstart, NULL));
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(VecGetLocalSize(*x, &n));
  PetscCall(VecCUDAGetArrayWrite(*x, &xa));
  PetscCall(TSPTriAMGCheck(ts_cuda_hash_fill(stream, n, rstart, xa), "hash fill"));
  PetscCall(VecCUDARestoreArrayWrite(*x, &xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* sumsq's workspace (the launches of one stream share it one after another) and behind it the n slots, one
   allocation of device memory */
static inline double *TSPTriAMGNormSlots(void *acc)
{
  return (double *)((char *)acc + ts_cuda_sumsq_buffer_size(0));
}

static PetscErrorCode TSPTriAMGNormsBegin_CUDA(PetscInt n, void **acc)
{
  PetscFunctionBegin;
  PetscCall(TriSplitDeviceMalloc(ts_cuda_sumsq_buffer_size(0) + (size_t)PetscMax(n, 1) * sizeof(double), acc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGNorm_CUDA(void *acc, PetscInt i, Vec x)
{
  const PetscScalar *xa;
  PetscInt           n;
  cudaStream_t       stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(VecGetLocalSize(x, &n));
  PetscCall(VecCUDAGetArrayRead(x, &xa));
  PetscCall(TSPTriAMGCheck(ts_cuda_sumsq(stream, n, xa, TSPTriAMGNormSlots(acc) + i, acc), "sumsq"));
  PetscCall(VecCUDARestoreArrayRead(x, &xa));
  PetscCall(PetscLogGpuFlops(2.0 * n));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGNormsEnd_CUDA(void **acc, PetscInt n, PetscReal sums[])
{
  cudaStream_t stream;

  PetscFunctionBegin;
  PetscCall(TriSplitGetStream(&stream));
  if (n) PetscCall(TriSplitDeviceRead(stream, TSPTriAMGNormSlots(*acc), sums, (size_t)n * sizeof(double))); /* the one wait */
  TriSplitDeviceFree(*acc);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The inverse of a sequential matrix A of n <= TSP_TRIAMG_DENSE_COARSE rows as a dense n x n MATSEQDENSECUDA, by
   cuSOLVER's dense LU of a device copy and a solve with the identity (MATSEQDENSECUDA's MatLUFactor() and
   MatMatSolve()); a singular A (an empty row) leaves Inf or NaN in the inverse: then again with the diagonal
   shifted, as the smoothers repair a zero pivot (TSP_SHIFT_AMOUNT_DEFAULT of the largest diagonal entry) */
static PetscErrorCode TSPTriAMGDenseInverse_CUDA(PetscObject obj, Mat A, Mat *inv)
{
  Mat           D, F, Id;
  MatFactorInfo info;
  PetscInt      n;

  PetscFunctionBegin;
  PetscCall(MatGetSize(A, &n, NULL));
  PetscCall(MatCreateSeqDenseCUDA(PETSC_COMM_SELF, n, n, NULL, &Id));
  PetscCall(MatZeroEntries(Id));
  PetscCall(MatShift(Id, 1.0));
  PetscCall(MatCreateSeqDenseCUDA(PETSC_COMM_SELF, n, n, NULL, inv));
  for (int attempt = 0; attempt < 2; attempt++) {
    PetscReal norm;

    PetscCall(MatConvert(A, MATSEQDENSECUDA, MAT_INITIAL_MATRIX, &D));
    if (attempt) {
      Vec       d;
      PetscReal big, shift;

      PetscCall(MatCreateVecs(A, &d, NULL));
      PetscCall(MatGetDiagonal(A, d));
      PetscCall(VecNorm(d, NORM_INFINITY, &big));
      PetscCall(VecDestroy(&d));
      shift = TSP_SHIFT_AMOUNT_DEFAULT * (big > 0 ? big : 1.0);
      PetscCall(MatShift(D, shift));
      PetscCall(PetscInfo(obj, "the coarsest level (%" PetscInt_FMT " rows) is singular: its inverse from the matrix shifted by %g\n", n, (double)shift));
    }
    PetscCall(MatGetFactor(D, MATSOLVERCUDA, MAT_FACTOR_LU, &F));
    PetscCall(MatFactorInfoInitialize(&info));
    PetscCall(MatLUFactorSymbolic(F, D, NULL, NULL, &info));
    PetscCall(MatLUFactorNumeric(F, D, &info));
    PetscCall(MatMatSolve(F, Id, *inv));
    PetscCall(MatDestroy(&F));
    PetscCall(MatDestroy(&D));
    PetscCall(MatNorm(*inv, NORM_FROBENIUS, &norm)); /* one read back */
    if (!PetscIsInfOrNanReal(norm)) break;
  }
  PetscCall(MatDestroy(&Id));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Across ranks: every rank holds the whole coarsest level's inverse on its GPU; a solve gathers the right-hand side
   on every rank (the level is small), multiplies, and keeps its own rows */
typedef struct {
  Mat        inv;    /* the level's inverse, dense on this rank's GPU */
  VecScatter toall;  /* the distributed vector to a whole copy on every rank */
  Vec        b, y;   /* whole copies (VECSEQCUDA) */
  PetscInt   rstart; /* this rank's first row */
} TSPTriAMGRedundantInverse;

static PetscErrorCode TSPTriAMGRedundantInverseApply_CUDA(PC pc, Vec x, Vec y)
{
  TSPTriAMGRedundantInverse *r;
  const PetscScalar         *wa;
  PetscScalar               *ya;
  PetscInt                   n;
  cudaStream_t               stream;

  PetscFunctionBegin;
  PetscCall(PCShellGetContext(pc, &r));
  PetscCall(VecScatterBegin(r->toall, x, r->b, INSERT_VALUES, SCATTER_FORWARD));
  PetscCall(VecScatterEnd(r->toall, x, r->b, INSERT_VALUES, SCATTER_FORWARD));
  PetscCall(MatMult(r->inv, r->b, r->y));
  PetscCall(VecGetLocalSize(y, &n));
  PetscCall(TriSplitGetStream(&stream));
  PetscCall(VecCUDAGetArrayRead(r->y, &wa));
  PetscCall(VecCUDAGetArrayWrite(y, &ya));
  if (n) PetscCallCUDA(cudaMemcpyAsync(ya, wa + r->rstart, (size_t)n * sizeof(PetscScalar), cudaMemcpyDeviceToDevice, stream));
  PetscCall(VecCUDARestoreArrayWrite(y, &ya));
  PetscCall(VecCUDARestoreArrayRead(r->y, &wa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGRedundantInverseReset_CUDA(TSPTriAMGRedundantInverse *r)
{
  PetscFunctionBegin;
  PetscCall(MatDestroy(&r->inv));
  PetscCall(VecScatterDestroy(&r->toall));
  PetscCall(VecDestroy(&r->b));
  PetscCall(VecDestroy(&r->y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TSPTriAMGRedundantInverseDestroy_CUDA(PC pc)
{
  TSPTriAMGRedundantInverse *r;

  PetscFunctionBegin;
  PetscCall(PCShellGetContext(pc, &r));
  if (r) PetscCall(TSPTriAMGRedundantInverseReset_CUDA(r));
  PetscCall(PetscFree(r));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The coarsest level's solve on the device: the level's inverse (above) applied as one dense product. A triangular
   solve of a few hundred rows is a chain of dependent steps (cuSOLVER's getrs took 0.29 ms a cycle at 377 rows,
   more than the finest level's smoothing), the product one pass over n^2 numbers; cuSPARSE's sparse LU costs tens
   of milliseconds of analysis per setup. On one rank (MATCSRCUDA) the inverse is *Ac and the KSP applies it
   (PCMAT); across ranks (MATMPICSRCUDA) every rank inverts the whole level, gathered from a host copy as PCREDUNDANT
   gathers it, and a PCSHELL applies it: PETSc's redundant LU of that host copy filled in to nearly dense factors
   (65 ms of LU at 810 rows, 5.5 ms at 371: the setup of two GPUs at 1697² took longer than four at 2400²) and solved
   on the host in every cycle. *Ac is then the inverse too, kept by the driver. A MATSEQAIJCUSPARSE level keeps
   PCMG's LU; the user's -mg_coarse_ options still apply. */
static PetscErrorCode TSPTriAMGCoarse_CUDA(KSP ksp, Mat A, MatReuse reuse, Mat *Ac)
{
  PetscBool own, distributed;
  PC        pc;
  PetscInt  n;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)A, MATCSRCUDA, &own));
  PetscCall(PetscObjectTypeCompare((PetscObject)A, MATMPICSRCUDA, &distributed));
  PetscCall(MatDestroy(Ac));
  if (!own && !distributed) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(MatGetSize(A, &n, NULL));
  /* four dense n x n matrices: beyond TSP_TRIAMG_DENSE_COARSE rows (a coarsening that stalled, a small
     -pc_triamg_max_levels) the driver's sparse LU instead, which does not run out of device memory */
  if (n > TSP_TRIAMG_DENSE_COARSE) {
    PetscCall(PetscInfo(ksp, "the coarsest level has %" PetscInt_FMT " rows, more than %d: sparse LU, not a dense inverse\n", n, TSP_TRIAMG_DENSE_COARSE));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  if (own) {
    PetscCall(TSPTriAMGDenseInverse_CUDA((PetscObject)ksp, A, Ac));
    PetscCall(KSPSetOperators(ksp, A, *Ac));
    if (reuse == MAT_INITIAL_MATRIX) {
      PetscCall(KSPSetType(ksp, KSPPREONLY));
      PetscCall(KSPGetPC(ksp, &pc));
      PetscCall(PCSetType(pc, PCMAT));
    }
  } else {
    TSPTriAMGRedundantInverse *r = NULL;
    Mat                        H, S;
    Vec                        x;
    PetscMPIInt                size;
    PetscBool                  shell;

    PetscCallMPI(MPI_Comm_size(PetscObjectComm((PetscObject)A), &size));
    PetscCall(MatConvert(A, MATAIJ, MAT_INITIAL_MATRIX, &H));
    PetscCall(MatCreateRedundantMatrix(H, size, MPI_COMM_NULL, MAT_INITIAL_MATRIX, &S));
    PetscCall(MatDestroy(&H));
    PetscCall(TSPTriAMGDenseInverse_CUDA((PetscObject)ksp, S, Ac));
    PetscCall(MatDestroy(&S));
    PetscCall(KSPSetOperators(ksp, A, A));
    PetscCall(KSPGetPC(ksp, &pc));
    /* a hierarchy built again (new options, a new pattern) finds the shell of the previous one: its context is
       reset, not replaced */
    PetscCall(PetscObjectTypeCompare((PetscObject)pc, PCSHELL, &shell));
    if (shell) PetscCall(PCShellGetContext(pc, &r));
    if (reuse == MAT_INITIAL_MATRIX) {
      PetscCall(KSPSetType(ksp, KSPPREONLY));
      PetscCall(PCSetType(pc, PCSHELL));
      PetscCall(PCShellSetName(pc, "triamg: the coarsest level's inverse on every GPU"));
      PetscCall(PCShellSetApply(pc, TSPTriAMGRedundantInverseApply_CUDA));
      PetscCall(PCShellSetDestroy(pc, TSPTriAMGRedundantInverseDestroy_CUDA));
    }
    if (r) PetscCall(TSPTriAMGRedundantInverseReset_CUDA(r));
    else PetscCall(PetscNew(&r));
    PetscCall(PetscObjectReference((PetscObject)*Ac));
    r->inv = *Ac;
    PetscCall(MatCreateVecs(A, &x, NULL));
    PetscCall(VecScatterCreateToAll(x, &r->toall, &r->b));
    PetscCall(VecDestroy(&x));
    PetscCall(VecDuplicate(r->b, &r->y));
    PetscCall(MatGetOwnershipRange(A, &r->rstart, NULL));
    PetscCall(PCShellSetContext(pc, r));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

#endif

/* the CUDA backend's leaf operations; a library built without CUDA has none (no matrix ever asks for them there) */
PetscErrorCode TSPTriAMGSetBackend_CUDA(TSPTriAMGOps *ops)
{
  PetscFunctionBegin;
#if defined(PETSC_HAVE_CUDA)
  ops->name         = "cuda";
  ops->aggregate    = TSPTriAMGAggregate_CUDA;
  ops->pairweights  = TSPTriAMGPairWeights_CUDA;
  ops->pairmatch    = TSPTriAMGPairMatch_CUDA;
  ops->collapse     = TSPTriAMGCollapse_CUDA;
  ops->expand       = TSPTriAMGExpand_CUDA;
  ops->prolongator  = TSPTriAMGProlongator_CUDA;
  ops->checksum     = TSPTriAMGChecksum_CUDA;
  ops->mtype        = PETSC_MEMTYPE_DEVICE;
  ops->extend       = TSPTriAMGExtend_CUDA;
  ops->aggfree      = TSPTriAMGAggregatesFree_CUDA;
  ops->join         = TSPTriAMGJoin_CUDA;
  ops->append       = TSPTriAMGAppend_CUDA;
  ops->rows         = TSPTriAMGRows_CUDA;
  ops->fromhost     = TSPTriAMGFromHost_CUDA;
  ops->split        = TSPTriAMGSplit_CUDA;
  ops->merge        = TSPTriAMGMerge_CUDA;
  ops->distributed  = TSPTriAMGDistributed_CUDA;
  ops->galerkin     = TSPTriAMGGalerkin_CUDA;
  ops->estimate     = TSPTriAMGEstimate_CUDA;
  ops->createvector = TSPTriAMGCreateVector_CUDA;
  ops->startvector  = TSPTriAMGStartVector_CUDA;
  ops->normsbegin   = TSPTriAMGNormsBegin_CUDA;
  ops->norm         = TSPTriAMGNorm_CUDA;
  ops->normsend     = TSPTriAMGNormsEnd_CUDA;
  ops->coarse       = TSPTriAMGCoarse_CUDA;
#else
  (void)ops;
  SETERRQ(PETSC_COMM_SELF, PETSC_ERR_SUP, "This trisplit library was built without CUDA");
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}
