/* SPDX-License-Identifier: BSD-2-Clause */
/* libFuzzer target for the Matrix Market reader of tutorials/ex2.c (LoadMatrixMarket and ReadLine).
   The tutorial is compiled in unchanged, its main() renamed, so the fuzzer exercises exactly the code
   the tutorial runs. Each input is written to a temporary .mtx file and loaded on PETSC_COMM_WORLD (one
   rank) with PETSc's error handler set to return: a malformed file must end in a PETSc error code (or a
   matrix), never a crash, a sanitizer report or a hang. Built and run by 'make -f tests/fuzz/fuzz.mk'.

   Inputs whose size line claims more than TS_FUZZ_MAX_DIM rows, columns or entries are skipped: the
   reader sizes the matrix (and its preallocation) from that line, as it must for a real matrix, so such
   a file asks for as much memory as a real matrix of that size; that is no bug but would stop the fuzzer
   on its memory limit. */
#define main ex2_main
#include "../../tutorials/ex2.c"
#undef main

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#ifndef TS_FUZZ_MAX_DIM
  #define TS_FUZZ_MAX_DIM 100000
#endif

static char tmpname[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
  (void)argc;
  (void)argv;
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 0);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 0);
  setenv("OMPI_MCA_opal_signal", "", 1); /* Open MPI must leave SIGABRT and SIGSEGV to libFuzzer */
  snprintf(tmpname, sizeof(tmpname), "/tmp/mmread_fuzz_%d.mtx", (int)getpid());
  if (PetscInitializeNoArguments()) abort();
  if (PetscPushErrorHandler(PetscReturnErrorHandler, NULL)) abort();
  return 0;
}

/* The size line the reader will see, or 0 when there is none it would accept */
static int SizeLine(const uint8_t *data, size_t size, long long *M, long long *N, long long *nz)
{
  size_t pos = 0;
  int    line = 0;

  while (pos < size) {
    size_t end = pos;
    char   buf[1024];

    while (end < size && data[end] != '\n') end++;
    if (line > 0 && end - pos < sizeof(buf) && data[pos] != '%') {
      memcpy(buf, data + pos, end - pos);
      buf[end - pos] = '\0';
      if (buf[strspn(buf, " \t\r")] != '\0') return sscanf(buf, "%lld %lld %lld", M, N, nz) == 3;
    }
    line++;
    pos = end + 1;
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  FILE     *fp;
  Mat       A = NULL;
  long long M, N, nz;

  if (SizeLine(data, size, &M, &N, &nz) && (M > TS_FUZZ_MAX_DIM || N > TS_FUZZ_MAX_DIM || nz > TS_FUZZ_MAX_DIM)) return 0;
  fp = fopen(tmpname, "wb");
  if (!fp) abort();
  if (size && fwrite(data, 1, size, fp) != size) abort();
  fclose(fp);
  if (!LoadMatrixMarket(tmpname, &A)) {
    PetscInt m, n;

    /* a loaded matrix has the size its size line gives */
    if (MatGetSize(A, &m, &n) || !SizeLine(data, size, &M, &N, &nz) || m != (PetscInt)M || n != (PetscInt)N) {
      fprintf(stderr, "mmread_fuzz: loaded a %d x %d matrix, size line %lld %lld\n", (int)m, (int)n, M, N);
      abort();
    }
  }
  if (A) (void)MatDestroy(&A);
  return 0;
}
