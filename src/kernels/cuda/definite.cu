/* SPDX-License-Identifier: BSD-2-Clause */
// The cut of a symmetric tridiagonal chain where it stops being positive definite, the twin of
// src/kernels/reference/definite.c: the starts of the stretches of judged links marked in one pass (before any
// link is dropped, so that no thread mistakes a link dropped by another for a stretch's end), with a flag for a
// row that refuses the cut (ts_definite_refuses()) and one for a row that is not dominant (ts_definite_dominant());
// where one is not, one thread per stretch flags an indefinite one (ts_definite_stretch_positive()); then, unless a
// row refused or no stretch was indefinite, one thread per stretch runs ts_definite_stretch(), the host's function,
// with explicit rounding.
#include "trisplit_kernels.h"
#include <cuda_runtime.h>

namespace {

__global__ void definite_starts(ts_int n, const double *__restrict__ a, const double *__restrict__ b, const double *__restrict__ c, unsigned char *__restrict__ start, int *refused, int *weak)
{
  int bad = 0, notdominant = 0;

  for (ts_int i = (ts_int)(blockIdx.x * (size_t)blockDim.x + threadIdx.x); i < n; i += (ts_int)(gridDim.x * (size_t)blockDim.x)) {
    start[i]    = i == 0 || !ts_definite_link(i, a, b, c);
    bad         = bad || ts_definite_refuses(i, a, b, c);
    notdominant = notdominant || !ts_definite_dominant(i, a, b, c);
  }
  if (bad) atomicOr(refused, 1);
  if (notdominant) atomicOr(weak, 1);
}

__global__ void definite_check(ts_int n, const double *a, const double *b, const double *c, const unsigned char *__restrict__ start, int *flag, const int *weak)
{
  int indefinite = 0;

  if (*flag || !*weak) return; // refused, or every row dominant: every stretch positive definite
  for (ts_int s = (ts_int)(blockIdx.x * (size_t)blockDim.x + threadIdx.x); s < n && !indefinite; s += (ts_int)(gridDim.x * (size_t)blockDim.x))
    if (start[s] && !ts_definite_stretch_positive(n, s, a, b, c)) indefinite = 1;
  if (indefinite) atomicOr(flag, 2);
}

__global__ void definite_stretches(ts_int n, double eps, double *a, const double *b, double *c, const unsigned char *__restrict__ start, const int *refused, ts_int *ncut)
{
  ts_int cut = 0;

  if (*refused != 2) return; // the chain is left as it is: a row refused (1) or every stretch is positive definite (0)
  for (ts_int s = (ts_int)(blockIdx.x * (size_t)blockDim.x + threadIdx.x); s < n; s += (ts_int)(gridDim.x * (size_t)blockDim.x)) {
    ts_int k = 0;

    if (!start[s]) continue;
    (void)ts_definite_stretch(n, s, eps, a, b, c, &k);
    cut += k;
  }
  if (!cut) return; // the common case: no atomics
  if constexpr (sizeof(ts_int) == sizeof(int)) atomicAdd(reinterpret_cast<int *>(ncut), (int)cut);
  else atomicAdd(reinterpret_cast<unsigned long long *>(ncut), (unsigned long long)cut);
}

} // namespace

// the buffer: the refusal flag and the not-dominant flag (two ints), then one start byte per row
extern "C" size_t ts_cuda_definite_paths_buffer_size(ts_int n) { return 2 * sizeof(int) + (size_t)(n > 0 ? n : 0); }

extern "C" ts_status ts_cuda_definite_paths(void *stream, ts_int n, double eps, double *a, const double *b, double *c, ts_int *ncut, void *buffer)
{
  cudaStream_t s = (cudaStream_t)stream;

  int           *refused = (int *)buffer;
  int           *weak    = refused + 1;
  unsigned char *start   = (unsigned char *)buffer + 2 * sizeof(int);

  if (n < 0 || !(eps >= 0.0 && eps < 1.0)) return TS_ERR_ARGUMENT;
  if (cudaMemsetAsync(ncut, 0, sizeof(ts_int), s) != cudaSuccess) return TS_ERR_DEVICE;
  if (n == 0) return TS_SUCCESS;
  if (cudaMemsetAsync(refused, 0, 2 * sizeof(int), s) != cudaSuccess) return TS_ERR_DEVICE;
  const unsigned blocks = (unsigned)((n + 255) / 256 < 4096 ? (n + 255) / 256 : 4096);
  definite_starts<<<blocks, 256, 0, s>>>(n, a, b, c, start, refused, weak);
  definite_check<<<blocks, 256, 0, s>>>(n, a, b, c, start, refused, weak);
  definite_stretches<<<blocks, 256, 0, s>>>(n, eps, a, b, c, start, refused, ncut);
  return cudaGetLastError() == cudaSuccess ? TS_SUCCESS : TS_ERR_DEVICE;
}
