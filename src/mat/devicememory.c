/* SPDX-License-Identifier: BSD-2-Clause */
/*
   The device memory pool that every trisplit object allocates from (include/trisplit/private/core_cuda.h,
   TriSplitDeviceMalloc()). A setup allocates and frees dozens of workspaces; with cudaMalloc() and cudaFree() each
   free waited for the whole device and each allocation mapped fresh memory. The pool's allocations are stream
   ordered on PETSc's stream and it keeps freed memory for the next ones up to a quarter of the device's memory (at
   least TSP_POOL_KEEP bytes; -trisplit_device_pool_keep <MiB> sets it): beyond that the driver returns memory at
   the next synchronization, and the next setup maps it afresh. A setup's peak is its whole workspace at once (a
   triamg hierarchy of 5.76M rows several GiB); with 2 GiB kept, every setup of one H200 after the first mapped the
   rest again, 40 of 113 ms at 5.76M rows and 220 of 460 ms on ROT 2000^2. One pool per device, made at the first
   allocation and destroyed by PetscFinalize(). Beside it, TriSplitVecCreateDevice(): PETSc's vectors of device
   memory only.
*/
#include <petsc/private/petscimpl.h>
#include <trisplit/private/core.h>
#if defined(PETSC_HAVE_CUDA)
  #include <trisplit/private/core_cuda.h>

  #define TSP_POOL_KEEP   ((uint64_t)2 << 30) /* 2 GiB, the least kept */
  #define TSP_POOL_DEVICES 64

static cudaMemPool_t tsp_pools[TSP_POOL_DEVICES];
static PetscBool     tsp_pools_registered = PETSC_FALSE;

static PetscErrorCode TriSplitDevicePoolsDestroy(void)
{
  PetscFunctionBegin;
  for (int d = 0; d < TSP_POOL_DEVICES; d++)
    if (tsp_pools[d]) { /* outstanding allocations keep the pool's memory until they are freed */
      PetscCallCUDA(cudaMemPoolDestroy(tsp_pools[d]));
      tsp_pools[d] = NULL;
    }
  tsp_pools_registered = PETSC_FALSE;
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TriSplitDevicePool(cudaMemPool_t *pool)
{
  int device;

  PetscFunctionBegin;
  PetscCallCUDA(cudaGetDevice(&device));
  PetscCheck(device >= 0 && device < TSP_POOL_DEVICES, PETSC_COMM_SELF, PETSC_ERR_SUP, "trisplit's device memory pool serves devices 0 to %d, not %d", TSP_POOL_DEVICES - 1, device);
  if (!tsp_pools[device]) {
    struct cudaMemPoolProps props;
    uint64_t         keep;
    size_t           free_bytes, total_bytes;
    PetscInt         mib = -1;

    PetscCallCUDA(cudaMemGetInfo(&free_bytes, &total_bytes));
    keep = PetscMax(TSP_POOL_KEEP, (uint64_t)total_bytes / 4);
    PetscCall(PetscOptionsGetInt(NULL, NULL, "-trisplit_device_pool_keep", &mib, NULL));
    if (mib >= 0) keep = (uint64_t)mib << 20;
    PetscCall(PetscMemzero(&props, sizeof(props)));
    props.allocType     = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id   = device;
    PetscCallCUDA(cudaMemPoolCreate(&tsp_pools[device], &props));
    PetscCallCUDA(cudaMemPoolSetAttribute(tsp_pools[device], cudaMemPoolAttrReleaseThreshold, &keep));
    if (!tsp_pools_registered) {
      PetscCall(PetscRegisterFinalize(TriSplitDevicePoolsDestroy));
      tsp_pools_registered = PETSC_TRUE;
    }
  }
  *pool = tsp_pools[device];
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode TriSplitVecCreateDevice(PetscLayout map, Vec *v)
{
  PetscMPIInt size;
  PetscInt    bs = map->bs > 0 ? map->bs : 1;

  PetscFunctionBegin;
  PetscCallMPI(MPI_Comm_size(map->comm, &size));
  if (size > 1) PetscCall(VecCreateMPICUDAWithArray(map->comm, bs, map->n, map->N, NULL, v));
  else PetscCall(VecCreateSeqCUDAWithArray(map->comm, bs, map->n, NULL, v));
  PetscCall(VecSet(*v, 0.0)); /* zeroed, as MatCreateVecs() gives them; the device memory taken here */
  PetscFunctionReturn(PETSC_SUCCESS);
}
#endif
