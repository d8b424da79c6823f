/* SPDX-License-Identifier: BSD-2-Clause */
// cuda_hog: holds all but LEAVE MiB of the GPU's free memory until killed, so that the next CUDA program
// on the device runs out of memory at a chosen size. Used by bench/gpu/reliability/run.sh to drive
// trisplit's device allocations (TriSplitDeviceMalloc, include/trisplit/private/core_cuda.h) into cudaErrorMemoryAllocation.
//   cuda_hog LEAVE_MIB READY_FILE
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

int main(int argc, char **argv)
{
  if (argc < 3) { std::fprintf(stderr, "usage: %s LEAVE_MIB READY_FILE\n", argv[0]); return 2; }
  const size_t leave = (size_t)std::atoll(argv[1]) << 20, step = (size_t)64 << 20;
  size_t free_b = 0, total = 0, take;
  void  *p = nullptr;
  if (cudaMemGetInfo(&free_b, &total) != cudaSuccess) { std::fprintf(stderr, "cudaMemGetInfo failed\n"); return 1; }
  take = free_b > leave ? free_b - leave : 0;
  while (take > 0 && cudaMalloc(&p, take) != cudaSuccess) {
    (void)cudaGetLastError();
    take = take > step ? take - step : 0;
  }
  cudaMemGetInfo(&free_b, &total);
  std::printf("cuda_hog: holding %zu MiB, %zu MiB free of %zu MiB\n", take >> 20, free_b >> 20, total >> 20);
  std::fflush(stdout);
  if (FILE *f = std::fopen(argv[2], "w")) std::fclose(f);
  for (;;) pause();
}
