/* SPDX-License-Identifier: BSD-2-Clause */
/* The model problems of trisplit, the one generator the tutorials (ex1, ex3, ex4), the tests and the benchmarks
   assemble them with: the thesis' 2D stencils (docs/algorithms.md 6.2) on an n x n grid and a 3D Laplacian, and
   a setup and solve timed apart. Included by the tutorials, not installed. */
#ifndef TRISPLIT_TUTORIALS_PROBLEMS_H
#define TRISPLIT_TUTORIALS_PROBLEMS_H

#include <petscksp.h>
/* PETSc before 3.19 returns plain 0 from PetscFunctionReturn() */
#if !PETSC_VERSION_GE(3, 19, 0) && !defined(PETSC_SUCCESS)
  #define PETSC_SUCCESS 0
#endif

typedef enum {
  PROBLEM_ANISO1,
  PROBLEM_ANISO2,
  PROBLEM_MODEL8,
  PROBLEM_ROT,
  PROBLEM_CONVDIFF,
  PROBLEM_LAP3D
} Problem;
static const char *const Problems[] = {"aniso1", "aniso2", "model8", "rot", "convdiff", "lap3d", "Problem", "PROBLEM_", NULL};

/* The stencils s[dy+1][dx+1] (row = y offset, column = x offset) of the first four problems at fixed
   parameters, indexed by Problem: the thesis' ANISO1, ANISO2 and MODEL8, and ROT at eps = 1e-3 and theta =
   45 degrees in its exact decimals, the tests' ROT. GetStencil() computes ROT for any eps and theta through
   cos and sin, whose rounding puts two of its entries one bit away from these. */
static const PetscScalar FixedStencils[4][3][3] = {
  {{-0.2, -0.1, -0.2}, {-1.0, 3.0, -1.0}, {-0.2, -0.1, -0.2}},
  {{-0.1, -0.2, -1.0}, {-0.2, 3.0, -0.2}, {-1.0, -0.2, -0.1}},
  {{0.0, -1.0, 0.0}, {-1.0, 4.0, -1.0}, {0.0, -1.0, 0.0}},
  {{-0.24975, -0.5005, 0.24975}, {-0.5005, 2.002, -0.5005}, {0.24975, -0.5005, -0.24975}},
};

/* 3x3 stencil s[dy+1][dx+1] of the problem (row = y offset, column = x offset), for an interior point */
static inline PetscErrorCode GetStencil(Problem problem, PetscReal eps, PetscReal theta, PetscReal peclet, PetscInt n, PetscScalar s[3][3])
{
  PetscFunctionBegin;
  for (PetscInt i = 0; i < 3; i++)
    for (PetscInt j = 0; j < 3; j++) s[i][j] = 0;
  switch (problem) {
  case PROBLEM_ANISO1:
  case PROBLEM_ANISO2:
  case PROBLEM_MODEL8:
    PetscCall(PetscArraycpy(&s[0][0], &FixedStencils[problem][0][0], 9));
    break;
  case PROBLEM_ROT: {
    /* -div(K grad u), K = R(theta) diag(1, eps) R(theta)^T: a u_xx + 2 b u_xy + c u_yy */
    const PetscReal ct = PetscCosReal(theta * PETSC_PI / 180), st = PetscSinReal(theta * PETSC_PI / 180);
    const PetscReal a = ct * ct + eps * st * st, c = st * st + eps * ct * ct, b = (1 - eps) * ct * st;
    s[1][1] = 2 * a + 2 * c;
    s[1][0] = s[1][2] = -a;
    s[0][1] = s[2][1] = -c;
    s[2][2] = s[0][0] = -b / 2;
    s[2][0] = s[0][2] = b / 2;
  } break;
  case PROBLEM_CONVDIFF: {
    /* -Laplace u + w . grad u, w = peclet (1, 1/2), first-order upwind, scaled by h^2 */
    const PetscReal h = 1.0 / (n + 1), wx = peclet, wy = peclet / 2;
    s[1][1] = 4 + h * (wx + wy);
    s[1][0] = -1 - h * wx;
    s[1][2] = -1;
    s[0][1] = -1 - h * wy;
    s[2][1] = -1;
  } break;
  case PROBLEM_LAP3D: /* 3D: assembled by AssembleLaplacian3D() */
    break;
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* 7-point Laplacian on the n x n x n grid (Dirichlet boundary, neighbours outside dropped), row = (iz n + iy) n + ix */
static inline PetscErrorCode AssembleLaplacian3D(PetscInt n, Mat *A)
{
  const PetscInt N = n * n * n;
  PetscInt       rstart, rend;

  PetscFunctionBegin;
  PetscCall(MatCreate(PETSC_COMM_WORLD, A));
  PetscCall(MatSetSizes(*A, PETSC_DECIDE, PETSC_DECIDE, N, N));
  PetscCall(MatSetFromOptions(*A));
  PetscCall(MatSeqAIJSetPreallocation(*A, 7, NULL));
  PetscCall(MatMPIAIJSetPreallocation(*A, 7, NULL, 6, NULL));
  PetscCall(MatSetUp(*A));
  PetscCall(MatGetOwnershipRange(*A, &rstart, &rend));
  for (PetscInt row = rstart; row < rend; row++) {
    const PetscInt ix = row % n, iy = (row / n) % n, iz = row / (n * n);
    const PetscInt idx[3] = {ix, iy, iz}, stride[3] = {1, n, n * n};
    PetscInt       cols[7], nc = 0;
    PetscScalar    vals[7];

    cols[nc]   = row;
    vals[nc++] = 6;
    for (PetscInt d = 0; d < 3; d++) {
      if (idx[d] > 0) {
        cols[nc]   = row - stride[d];
        vals[nc++] = -1;
      }
      if (idx[d] < n - 1) {
        cols[nc]   = row + stride[d];
        vals[nc++] = -1;
      }
    }
    PetscCall(MatSetValues(*A, 1, &row, nc, cols, vals, INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The stencil s[dy+1][dx+1] on the n x n grid (row = iy n + ix; Dirichlet boundary: neighbours outside the
   grid dropped, and zero entries), on comm, of the given type (NULL: the one -mat_type chooses) */
static inline PetscErrorCode AssembleStencil(MPI_Comm comm, const PetscScalar s[3][3], PetscInt n, MatType type, Mat *A)
{
  PetscInt N = n * n, rstart, rend;

  PetscFunctionBegin;
  PetscCall(MatCreate(comm, A));
  PetscCall(MatSetSizes(*A, PETSC_DECIDE, PETSC_DECIDE, N, N));
  if (type) PetscCall(MatSetType(*A, type));
  else PetscCall(MatSetFromOptions(*A));
  PetscCall(MatSeqAIJSetPreallocation(*A, 9, NULL));
  PetscCall(MatMPIAIJSetPreallocation(*A, 9, NULL, 6, NULL));
  PetscCall(MatSetUp(*A));
  PetscCall(MatGetOwnershipRange(*A, &rstart, &rend));
  for (PetscInt row = rstart; row < rend; row++) {
    const PetscInt ix = row % n, iy = row / n;
    PetscInt       cols[9], nc = 0;
    PetscScalar    vals[9];

    for (PetscInt dy = -1; dy <= 1; dy++)
      for (PetscInt dx = -1; dx <= 1; dx++) {
        if (s[dy + 1][dx + 1] == 0.0 || ix + dx < 0 || ix + dx >= n || iy + dy < 0 || iy + dy >= n) continue;
        cols[nc]   = (iy + dy) * n + ix + dx;
        vals[nc++] = s[dy + 1][dx + 1];
      }
    PetscCall(MatSetValues(*A, 1, &row, nc, cols, vals, INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The model problem on PETSC_COMM_WORLD, of the type -mat_type chooses: n x n grid (lap3d: n x n x n) */
static inline PetscErrorCode AssembleMatrix(Problem problem, PetscInt n, PetscReal eps, PetscReal theta, PetscReal peclet, Mat *A)
{
  PetscScalar s[3][3];

  PetscFunctionBegin;
  if (problem == PROBLEM_LAP3D) {
    PetscCall(AssembleLaplacian3D(n, A));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(GetStencil(problem, eps, theta, peclet, n, s));
  PetscCall(AssembleStencil(PETSC_COMM_WORLD, s, n, NULL, A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Step k of the sequence of tutorials/ex3 and ex4, written into A (A0's nonzero pattern, the diagonal in it):
   A = f_k A0 + s_k I with f_k = 1 + 0.2 sin k, s_k = 0.01 (1 + 0.5 cos k) */
static inline PetscErrorCode SequenceOperator(Mat A0, PetscInt k, Mat A, PetscReal *f, PetscReal *s)
{
  PetscFunctionBegin;
  *f = 1 + 0.2 * PetscSinReal((PetscReal)k);
  *s = 0.01 * (1 + 0.5 * PetscCosReal((PetscReal)k));
  PetscCall(MatCopy(A0, A, SAME_NONZERO_PATTERN));
  PetscCall(MatScale(A, *f));
  PetscCall(MatShift(A, *s));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The true relative residual |b - A x| / |b| and the forward relative error |x - xexact| / |xexact| of a
   solution x; r is a work vector */
static inline PetscErrorCode SolutionErrors(Mat A, Vec b, Vec xexact, Vec x, Vec r, PetscReal *res, PetscReal *err)
{
  PetscReal nb, nx;

  PetscFunctionBegin;
  PetscCall(MatMult(A, x, r));
  PetscCall(VecAYPX(r, -1.0, b));
  PetscCall(VecNorm(r, NORM_2, res));
  PetscCall(VecNorm(b, NORM_2, &nb));
  *res /= nb;
  PetscCall(VecWAXPY(r, -1.0, xexact, x));
  PetscCall(VecNorm(r, NORM_2, err));
  PetscCall(VecNorm(xexact, NORM_2, &nx));
  *err /= nx;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* KSPSetUp() (with KSPSetUpOnBlocks(), which sets up block preconditioners) and KSPSolve() timed apart, wall
   clock: times[0] setup, times[1] solve. A norm after each phase waits for the work queued on the GPU. */
static inline PetscErrorCode TimedSolve(KSP ksp, Vec b, Vec x, PetscLogDouble times[2])
{
  PetscReal      nrm;
  PetscLogDouble t0, t1, t2;

  PetscFunctionBegin;
  PetscCall(VecNorm(b, NORM_2, &nrm));
  PetscCall(PetscTime(&t0));
  PetscCall(KSPSetUp(ksp));
  PetscCall(KSPSetUpOnBlocks(ksp));
  PetscCall(VecNorm(b, NORM_2, &nrm));
  PetscCall(PetscTime(&t1));
  PetscCall(KSPSolve(ksp, b, x));
  PetscCall(VecNorm(x, NORM_2, &nrm));
  PetscCall(PetscTime(&t2));
  times[0] = t1 - t0;
  times[1] = t2 - t1;
  PetscFunctionReturn(PETSC_SUCCESS);
}

#endif
