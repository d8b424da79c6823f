/* SPDX-License-Identifier: BSD-2-Clause */
/* stamp: copies standard input to standard output, each line prefixed with the seconds (monotonic clock)
   since stamp started and a tab. bench/compare/run.sh pipes the drivers' output through it, so every
   -ksp_monitor line carries the wall-clock time at which PETSc printed it (PETSc flushes each line). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <time.h>

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(void)
{
  char   line[4096];
  int    start_of_line = 1;
  double t0          = now();

  setvbuf(stdout, NULL, _IOFBF, 1 << 16);
  while (fgets(line, sizeof(line), stdin)) {
    if (start_of_line) printf("%.6f\t", now() - t0);
    fputs(line, stdout);
    {
      size_t l = strlen(line);

      start_of_line = l > 0 && line[l - 1] == '\n';
    }
  }
  return 0;
}
