/* SPDX-License-Identifier: BSD-2-Clause */
/*
   PCTRIAMG's aggregates from a forest held on the device (src/pc/triamg.c): ts_cuda_aggregate on
   PETSc's stream, then the O(n) aggregate ids copied to the host, where the prolongator's COO
   pattern is assembled. The matrix itself never leaves the device.
*/
#include <trisplit/private/chainimpl.h>
#if defined(PETSC_HAVE_CUDA)
  #include <trisplit/private/core_cuda.h>
#endif

PETSC_INTERN PetscErrorCode TSPTriAMGAggregateDevice(PetscInt, const PetscInt *, const PetscInt *, PetscInt, PetscInt *, PetscInt *);

/* agg (host, n) and *nagg from the device forest (perm, path_id) cut into segments of s vertices */
PetscErrorCode TSPTriAMGAggregateDevice(PetscInt n, const PetscInt *perm, const PetscInt *path_id, PetscInt s, PetscInt *agg, PetscInt *nagg)
{
#if defined(PETSC_HAVE_CUDA)
  cudaStream_t stream;
  void        *buffer = NULL;
  PetscInt    *d_agg  = NULL;
  size_t       bytes  = ts_cuda_aggregate_buffer_size(n);

  PetscFunctionBegin;
  *nagg = 0;
  if (!n) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(TriSplitGetStream(&stream));
  bytes = (bytes + 255) & ~(size_t)255; /* the ids after the kernel's workspace, aligned */
  PetscCall(TriSplitDeviceMalloc(bytes + (size_t)(n + 1) * sizeof(PetscInt), &buffer));
  d_agg = (PetscInt *)((char *)buffer + bytes);
  PetscCall(TriSplitCheckKernel(ts_cuda_aggregate(stream, n, perm, path_id, s, d_agg, d_agg + n, buffer), "aggregate"));
  PetscCallCUDA(cudaMemcpyAsync(agg, d_agg, (size_t)n * sizeof(PetscInt), cudaMemcpyDeviceToHost, stream));
  PetscCall(TriSplitDeviceRead(stream, d_agg + n, nagg, sizeof(PetscInt)));
  PetscCall(PetscLogGpuToCpu((PetscLogDouble)(n + 1) * sizeof(PetscInt)));
  TriSplitDeviceFree(buffer);
  PetscFunctionReturn(PETSC_SUCCESS);
#else
  PetscFunctionBegin;
  (void)perm;
  (void)path_id;
  (void)s;
  (void)agg;
  *nagg = 0;
  SETERRQ(PETSC_COMM_SELF, PETSC_ERR_SUP, "PCTRIAMG: a forest in device memory needs a PETSc built with CUDA (%" PetscInt_FMT " rows)", n);
#endif
}
