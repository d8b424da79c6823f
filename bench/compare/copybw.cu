/* SPDX-License-Identifier: BSD-2-Clause */
// copybw: device copy bandwidth, the yardstick for the apply bandwidth in bench/compare (run on the GPU
// machine in the same call as the benchmark). For each size (in doubles; default 1.44e6, 7.2e6, 1.6e7,
// 1.28e8) it times a grid-stride copy kernel y = x and cudaMemcpy device-to-device, best of 20 after a
// warm-up, and prints one line per size: bytes moved (read + write) and GB/s (1e9 bytes/s).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) \
  do { \
    cudaError_t e_ = (x); \
    if (e_ != cudaSuccess) { \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      exit(1); \
    } \
  } while (0)

__global__ void copy_kernel(const double2 *__restrict__ x, double2 *__restrict__ y, size_t n2)
{
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n2; i += (size_t)gridDim.x * blockDim.x) y[i] = x[i];
}

int main(int argc, char **argv)
{
  size_t       def[] = {1440000, 7200000, 16000000, 128000000};
  int          nsizes = argc > 1 ? argc - 1 : 4, sms;
  cudaDeviceProp prop;

  CHECK(cudaGetDeviceProperties(&prop, 0));
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  printf("device %s, %d SMs, L2 %d bytes, memory %.1f GiB\n", prop.name, sms, prop.l2CacheSize, prop.totalGlobalMem / 1073741824.0);
  for (int s = 0; s < nsizes; s++) {
    size_t      n = argc > 1 ? (size_t)atof(argv[s + 1]) : def[s], bytes = n * sizeof(double);
    double     *x, *y;
    cudaEvent_t e0, e1;
    float       best_k = 1e30f, best_m = 1e30f, ms;

    n &= ~(size_t)1;
    bytes = n * sizeof(double);
    CHECK(cudaMalloc(&x, bytes));
    CHECK(cudaMalloc(&y, bytes));
    CHECK(cudaMemset(x, 0, bytes));
    CHECK(cudaEventCreate(&e0));
    CHECK(cudaEventCreate(&e1));
    for (int rep = 0; rep < 21; rep++) {
      CHECK(cudaEventRecord(e0));
      copy_kernel<<<sms * 8, 256>>>((const double2 *)x, (double2 *)y, n / 2);
      CHECK(cudaEventRecord(e1));
      CHECK(cudaEventSynchronize(e1));
      CHECK(cudaEventElapsedTime(&ms, e0, e1));
      if (rep && ms < best_k) best_k = ms;
      CHECK(cudaEventRecord(e0));
      CHECK(cudaMemcpyAsync(y, x, bytes, cudaMemcpyDeviceToDevice));
      CHECK(cudaEventRecord(e1));
      CHECK(cudaEventSynchronize(e1));
      CHECK(cudaEventElapsedTime(&ms, e0, e1));
      if (rep && ms < best_m) best_m = ms;
    }
    printf("copy n=%zu doubles bytes_moved=%zu kernel_us=%.2f kernel_GBps=%.1f memcpy_us=%.2f memcpy_GBps=%.1f\n", n, 2 * bytes, 1e3 * best_k, 2.0 * bytes / (1e6 * best_k), 1e3 * best_m, 2.0 * bytes / (1e6 * best_m));
    CHECK(cudaFree(x));
    CHECK(cudaFree(y));
    CHECK(cudaEventDestroy(e0));
    CHECK(cudaEventDestroy(e1));
  }
  return 0;
}
