/* SPDX-License-Identifier: BSD-2-Clause */
/* The 2D model problems of the tests (docs/algorithms.md 6.2): 3x3 stencils, row = y offset, column =
   x offset, Dirichlet boundary dropped. rot is eps = 1e-3, theta = 45 degrees. */
#ifndef TRISPLIT_TESTS_STENCIL_H
#define TRISPLIT_TESTS_STENCIL_H

#include <petscmat.h>
/* PETSc before 3.19 returns plain 0 from PetscFunctionReturn() */
#if !PETSC_VERSION_GE(3, 19, 0) && !defined(PETSC_SUCCESS)
  #define PETSC_SUCCESS 0
#endif

static const char *const stencil_names[] = {"aniso1", "aniso2", "model8", "rot"};
static const double      stencils[4][9]  = {
  {-0.2, -0.1, -0.2, -1.0, 3.0, -1.0, -0.2, -0.1, -0.2},
  {-0.1, -0.2, -1.0, -0.2, 3.0, -0.2, -1.0, -0.2, -0.1},
  {0.0, -1.0, 0.0, -1.0, 4.0, -1.0, 0.0, -1.0, 0.0},
  {-0.24975, -0.5005, 0.24975, -0.5005, 2.002, -0.5005, 0.24975, -0.5005, -0.24975},
};

/* n x n grid of the stencil on comm (rows split by PETSc) */
static inline PetscErrorCode StencilMatrix(MPI_Comm comm, const double s[9], PetscInt n, Mat *A)
{
  PetscInt rstart, rend;

  PetscFunctionBegin;
  PetscCall(MatCreateAIJ(comm, PETSC_DECIDE, PETSC_DECIDE, n * n, n * n, 9, NULL, 6, NULL, A));
  PetscCall(MatGetOwnershipRange(*A, &rstart, &rend));
  for (PetscInt row = rstart; row < rend; row++) {
    const PetscInt ix = row % n, iy = row / n;
    for (PetscInt d = 0; d < 9; d++) {
      const PetscInt dx = d % 3 - 1, dy = d / 3 - 1;
      if (s[d] == 0.0 || ix + dx < 0 || ix + dx >= n || iy + dy < 0 || iy + dy >= n) continue;
      PetscCall(MatSetValue(*A, row, (iy + dy) * n + ix + dx, s[d], INSERT_VALUES));
    }
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

#endif
