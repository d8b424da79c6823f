/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "Where a trisplit PCApply's time goes inside a Krylov loop: the same PCApply timed\n\
  back to back (the GPU queue never drains: throughput), one at a time (the device synchronised before each:\n\
  launch latency exposed), and one at a time after reading other vectors (the L2 cache holds the caller's data,\n\
  as after a MatMult and the Krylov vector updates), and after a MatMult back to back (less the MatMult's own time:\n\
  the apply's share of a Krylov step), and after a read of as many bytes as the MatMult's (the dot product of a long vector with itself).\n\
  Every mode runs 2 repetitions untimed first (CUDA loads a module's kernels at their first launch).\n\
  -problem <aniso1,...> -n <1200> the matrix (tutorials/problems.h); -reps <200>; -evict <4> vectors read\n\
  before each apply in the third mode (4 x 11.5 MB at n = 1200: more than the H100's 50 MB L2).\n\
  -profile: only one PCApply between cudaProfilerStart() and cudaProfilerStop(), for\n\
  ncu --profile-from-start off (the kernels of one apply and their times); -profile_setup: the same for a\n\
  second whole PCSetUp() after PCReset() (CUDA's modules loaded by the first).\n\n";
#include <petscksp.h>
#if defined(PETSC_HAVE_CUDA)
  #include <petscdevice_cuda.h>
  #include <cuda_profiler_api.h>
#endif
#include <trisplit.h>
#include "../../tutorials/problems.h"

/* the wall-clock seconds of reps calls of what, the device synchronised at the end (and before each call
   when sync) */
typedef enum {
  MODE_BACK_TO_BACK,
  MODE_SYNCED,
  MODE_SYNCED_EVICTED,
  MODE_AFTER_MATMULT, /* MatMult then PCApply back to back, less MatMult alone: as in a Krylov iteration */
  MODE_MATMULT_ONLY,
  MODE_AFTER_BIGREAD, /* a read of as many bytes as the MatMult's (a dot product of a long vector) then PCApply, less the read */
  MODE_BIGREAD_ONLY,
  MODE_AFTER_MATMULT_INDEPENDENT, /* MatMult into a vector the apply does not read, then PCApply, less the MatMult */
  MODE_AFTER_SMALL_MATMULT,       /* MatMult of a small matrix (1000 rows), then PCApply, less that MatMult */
  MODE_SMALL_MATMULT_ONLY
} Mode;

static PetscBool on_device = PETSC_FALSE; /* the vectors live on the GPU */

static PetscErrorCode WaitForDevice(void)
{
  PetscFunctionBegin;
#if defined(PETSC_HAVE_CUDA)
  if (on_device) PetscCallCUDA(cudaDeviceSynchronize());
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TimeApplies(PC pc, Mat A, Vec x, Vec y, Vec *evict, PetscInt nevict, Vec big, Mat S, Vec xs, Vec ys, Mode mode, PetscInt reps, PetscLogDouble *us)
{
  PetscLogDouble t0, t1, sum = 0;
  PetscScalar    dot;

  PetscFunctionBegin;
  PetscCall(WaitForDevice());
  PetscCall(PetscTime(&t0));
  for (PetscInt r = 0; r < reps; r++) {
    PetscLogDouble s0, s1;

    if (mode == MODE_SYNCED_EVICTED)
      for (PetscInt e = 0; e < nevict; e++) PetscCall(VecDot(evict[e], evict[e], &dot)); /* reads it, syncs (a norm would be cached) */
    if (mode == MODE_AFTER_MATMULT_INDEPENDENT) {
      PetscCall(MatMult(A, x, evict[1]));
      PetscCall(PCApply(pc, x, y));
      continue;
    }
    if (mode == MODE_AFTER_SMALL_MATMULT || mode == MODE_SMALL_MATMULT_ONLY) {
      PetscCall(MatMult(S, xs, ys));
      if (mode == MODE_AFTER_SMALL_MATMULT) PetscCall(PCApply(pc, x, y));
      continue;
    }
    if (mode == MODE_AFTER_BIGREAD || mode == MODE_BIGREAD_ONLY) {
      PetscCall(VecDot(big, big, &dot));
      if (mode == MODE_AFTER_BIGREAD) PetscCall(PCApply(pc, x, y));
      continue;
    }
    if (mode == MODE_AFTER_MATMULT || mode == MODE_MATMULT_ONLY) {
      PetscCall(MatMult(A, y, evict[0])); /* reads A and y, writes a vector, as the Krylov step before it */
      if (mode == MODE_AFTER_MATMULT) PetscCall(PCApply(pc, evict[0], y));
      continue;
    }
    if (mode != MODE_BACK_TO_BACK) {
      PetscCall(WaitForDevice());
      PetscCall(PetscTime(&s0));
    }
    PetscCall(PCApply(pc, x, y));
    if (mode != MODE_BACK_TO_BACK) {
      PetscCall(WaitForDevice());
      PetscCall(PetscTime(&s1));
      sum += s1 - s0;
    }
  }
  PetscCall(WaitForDevice());
  PetscCall(PetscTime(&t1));
  *us = 1e6 * (mode == MODE_BACK_TO_BACK || mode >= MODE_AFTER_MATMULT ? t1 - t0 : sum) / reps;
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  Mat            A;
  Vec            x, y, *evict;
  PC             pc;
  Problem        problem = PROBLEM_ANISO1;
  PetscInt       n = 1200, reps = 200, nevict = 4;
  PetscBool      profile = PETSC_FALSE, profile_setup = PETSC_FALSE;
  PetscLogDouble us[10];
  const char    *names[9] = {"back to back", "synchronised", "synchronised, L2 evicted", "after a MatMult, back to back", "", "after a long read, back to back", "", "after an independent MatMult", "after a small MatMult"};
  Vec            big, xs, ys;
  Mat            S;
  MatInfo        info;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriSplitInitializePackage());
  PetscOptionsBegin(PETSC_COMM_WORLD, NULL, "In-loop apply probe", NULL);
  PetscCall(PetscOptionsEnum("-problem", "The model problem", NULL, Problems, (PetscEnum)problem, (PetscEnum *)&problem, NULL));
  PetscCall(PetscOptionsInt("-n", "Grid points per direction", NULL, n, &n, NULL));
  PetscCall(PetscOptionsInt("-reps", "Applies per mode", NULL, reps, &reps, NULL));
  PetscCall(PetscOptionsInt("-evict", "Vectors read before each apply in the evicted mode", NULL, nevict, &nevict, NULL));
  PetscCall(PetscOptionsBool("-profile", "One PCApply between cudaProfilerStart() and cudaProfilerStop()", NULL, profile, &profile, NULL));
  PetscCall(PetscOptionsBool("-profile_setup", "A second whole PCSetUp() (after PCReset()) between cudaProfilerStart() and cudaProfilerStop()", NULL, profile_setup, &profile_setup, NULL));
  PetscOptionsEnd();
  PetscCall(AssembleMatrix(problem, n, 1e-3, 45, 1e4, &A));
  PetscCall(MatCreateVecs(A, &x, &y));
  PetscCall(PetscObjectTypeCompareAny((PetscObject)x, &on_device, VECSEQCUDA, VECMPICUDA, ""));
  PetscCall(VecSetRandom(x, NULL));
  PetscCall(VecDuplicateVecs(x, nevict, &evict));
  for (PetscInt e = 0; e < nevict; e++) PetscCall(VecSet(evict[e], 1.0 + e));
  PetscCall(PCCreate(PETSC_COMM_WORLD, &pc));
  PetscCall(PCSetOperators(pc, A, A));
  PetscCall(PCSetType(pc, PCALGTRI));
  PetscCall(PCSetFromOptions(pc));
  PetscCall(PCSetUp(pc));
  PetscCall(PCApply(pc, x, y)); /* first-apply work (workspaces) out of the timing */
#if defined(PETSC_HAVE_CUDA)
  if (profile_setup) { /* after PCReset() the PC builds everything anew */
    PetscCall(PCReset(pc));
    PetscCall(PCSetOperators(pc, A, A));
    PetscCall(WaitForDevice());
    PetscCallCUDA(cudaProfilerStart());
    PetscCall(PCSetUp(pc));
    PetscCall(WaitForDevice());
    PetscCallCUDA(cudaProfilerStop());
    reps = 0;
  }
  if (profile) {
    PetscCall(PCApply(pc, x, y));
    PetscCall(WaitForDevice());
    PetscCallCUDA(cudaProfilerStart());
    PetscCall(PCApply(pc, x, y));
    PetscCall(WaitForDevice());
    PetscCallCUDA(cudaProfilerStop());
    reps = 0;
  }
#endif
  /* as many bytes as the MatMult reads: values and column indices (12 bytes per entry) */
  PetscCall(MatGetInfo(A, MAT_LOCAL, &info));
  PetscCall(VecCreate(PETSC_COMM_WORLD, &big));
  PetscCall(VecSetSizes(big, (PetscInt)(1.5 * info.nz_used), PETSC_DECIDE));
  {
    VecType type;

    PetscCall(VecGetType(x, &type));
    PetscCall(VecSetType(big, type));
  }
  PetscCall(VecSet(big, 1.0));
  /* a small matrix of the same type: the 1000 x 1000 1D Laplacian */
  PetscCall(MatCreate(PETSC_COMM_WORLD, &S));
  PetscCall(MatSetSizes(S, PETSC_DECIDE, PETSC_DECIDE, 1000, 1000));
  {
    MatType type;

    PetscCall(MatGetType(A, &type));
    PetscCall(MatSetType(S, type));
  }
  PetscCall(MatSeqAIJSetPreallocation(S, 3, NULL));
  PetscCall(MatMPIAIJSetPreallocation(S, 3, NULL, 1, NULL));
  for (PetscInt i = 0; i < 1000; i++) {
    if (i) PetscCall(MatSetValue(S, i, i - 1, -1.0, INSERT_VALUES));
    PetscCall(MatSetValue(S, i, i, 2.0, INSERT_VALUES));
    if (i < 999) PetscCall(MatSetValue(S, i, i + 1, -1.0, INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(S, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(S, MAT_FINAL_ASSEMBLY));
  PetscCall(MatCreateVecs(S, &xs, &ys));
  PetscCall(VecSet(xs, 1.0));
  for (int m = 0; m < 10 && reps > 0; m++) {
    PetscLogDouble cold;

    /* 2 untimed repetitions of each mode first: the first MatMult of the program loads cuSPARSE's kernels and allocates its
       buffer (tens of ms, which over 200 repetitions read as 200-300 us more per apply in the earlier runs) */
    PetscCall(TimeApplies(pc, A, x, y, evict, nevict, big, S, xs, ys, (Mode)m, 2, &cold));
    PetscCall(TimeApplies(pc, A, x, y, evict, nevict, big, S, xs, ys, (Mode)m, reps, &us[m]));
  }
  if (reps > 0) { /* the timings' report */
    us[MODE_AFTER_MATMULT] -= us[MODE_MATMULT_ONLY];
    us[MODE_AFTER_MATMULT_INDEPENDENT] -= us[MODE_MATMULT_ONLY];
    us[MODE_AFTER_BIGREAD] -= us[MODE_BIGREAD_ONLY];
    us[MODE_AFTER_SMALL_MATMULT] -= us[MODE_SMALL_MATMULT_ONLY];
    for (int m = 0; m < 9; m++)
      if (m != MODE_MATMULT_ONLY && m != MODE_BIGREAD_ONLY) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%-32s %9.1f us per PCApply\n", names[m], us[m]));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%-32s %9.1f us per MatMult\n", "MatMult alone, back to back", us[MODE_MATMULT_ONLY]));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%-32s %9.1f us per read\n", "long read alone, back to back", us[MODE_BIGREAD_ONLY]));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%-32s %9.1f us per MatMult\n", "small MatMult alone", us[MODE_SMALL_MATMULT_ONLY]));
  }
  PetscCall(VecDestroy(&big));
  PetscCall(VecDestroy(&xs));
  PetscCall(VecDestroy(&ys));
  PetscCall(MatDestroy(&S));
  PetscCall(VecDestroyVecs(nevict, &evict));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(MatDestroy(&A));
  PetscCall(PCDestroy(&pc));
  PetscCall(PetscFinalize());
  return 0;
}
