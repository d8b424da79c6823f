/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "Solves a sequence of linear systems with one nonzero pattern, as a time stepper or a nonlinear\n\
solver does: one KSP, one Mat whose values change, a new right-hand side every step.\n\n\
Step k = 0..steps-1 solves A_k x_k = b_k with A_k = f_k A + s_k I, f_k = 1 + 0.2 sin k,\n\
s_k = 0.01 (1 + 0.5 cos k), A the model problem of ex1 (-problem), x_k,i = sin(16 pi i / N + 0.3 k), b_k = A_k x_k.\n\
Any KSP and PC from the options database: the trisplit PCs keep their forests (-pc_<type>_reuse_forest),\n\
PETSc's keep what they keep for a same-pattern update (e.g. -pc_gamg_reuse_interpolation).\n\
  -problem <aniso1,aniso2,model8,rot,convdiff,lap3d>  the model problem of ex1 (-eps, -theta, -peclet as there)\n\
  -n <64>          grid points per direction (N = n^2 unknowns, n^3 for lap3d)\n\
  -steps <20>      systems in the sequence\n\
  -view_steps      print the iterations of every step (default true)\n\
  -view_numbers    print residual and error of every step as numbers\n\
  -view_times      print setup and solve wall-clock times (the device is synchronised before each reading)\n\n";

/*
   Concepts: KSP^solving a sequence of linear systems with the same nonzero pattern
   Concepts: PC^reusing a preconditioner's structure (forest, interpolation) across KSPSetOperators()

   Description: the loop below is what a time-dependent or nonlinear application does between two solves:
   it writes new values into the same assembled matrix (MatCopy/MatScale/MatShift keep the nonzero pattern),
   calls KSPSetOperators() again and solves with a new right-hand side. PCSetUp() then sees a matrix with the
   same pattern (SAME_NONZERO_PATTERN) and new values: algtri, mosd and altsplit keep their forests and
   permutations and refresh only their tridiagonal factors; mosa keeps its levels' forests and the patterns of
   their products and recomputes the factors and the products' values (-pc_mosa_reuse_pattern).

   With -view_times the setup (KSPSetUp + KSPSetUpOnBlocks, which runs PCSetUp) and the solve (KSPSolve) of
   every step are timed apart, with a vector norm before each reading so that work queued on the GPU is
   finished; the sums over the sequence are the numbers to compare between preconditioners. Building the
   operator and the right-hand side of a step is not counted.

   On the GPU: -mat_type aijcusparse -vec_type cuda.

   Example:
     ./ex4 -problem aniso1 -n 1200 -steps 20 -ksp_type bcgs -ksp_pc_side right -ksp_rtol 1e-6 -pc_type algtri \
           -mat_type aijcusparse -vec_type cuda -view_times -view_steps 0
*/

#include <petscksp.h>
#include <trisplit.h>
#include "problems.h"

/* x = sin(16 pi i / N + phase) = cos(phase) u + sin(phase) v with u_i = sin(16 pi i / N), v_i = cos(16 pi i / N):
   the exact solution of every step from two vectors set up once, without a loop over entries per step */
static PetscErrorCode ExactSolution(Vec u, Vec v, PetscReal phase, Vec x)
{
  PetscFunctionBegin;
  PetscCall(VecAXPBYPCZ(x, PetscCosReal(phase), PetscSinReal(phase), 0.0, u, v));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  Mat                A0, A;
  Vec                x, b, r, xexact, u, v;
  KSP                ksp;
  PC                 pc;
  Problem            problem = PROBLEM_ANISO1;
  PetscInt           n = 64, N, steps = 20, rstart, rend, its, total = 0, itmin = 0, itmax = 0;
  PetscReal          eps = 1e-3, theta = 45, peclet = 100, rtol, res, err, worst_res = 0, worst_err = 0;
  PetscBool          view_steps = PETSC_TRUE, view_numbers = PETSC_FALSE, view_times = PETSC_FALSE, converged = PETSC_TRUE;
  PetscLogDouble     times[2] = {0, 0}, setup = 0, solve = 0, setup0 = 0;
  KSPConvergedReason reason;
  KSPType            ksptype;
  PCType             pctype;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriSplitInitializePackage());
  PetscOptionsBegin(PETSC_COMM_WORLD, NULL, "trisplit: a sequence of systems with one nonzero pattern", "ex4");
  PetscCall(PetscOptionsEnum("-problem", "Model problem", "ex4.c", Problems, (PetscEnum)problem, (PetscEnum *)&problem, NULL));
  PetscCall(PetscOptionsInt("-n", "Grid points per direction", "ex4.c", n, &n, NULL));
  PetscCall(PetscOptionsReal("-eps", "Anisotropy of rot", "ex4.c", eps, &eps, NULL));
  PetscCall(PetscOptionsReal("-theta", "Angle of rot in degrees", "ex4.c", theta, &theta, NULL));
  PetscCall(PetscOptionsReal("-peclet", "Flow strength of convdiff", "ex4.c", peclet, &peclet, NULL));
  PetscCall(PetscOptionsInt("-steps", "Systems in the sequence", "ex4.c", steps, &steps, NULL));
  PetscCall(PetscOptionsBool("-view_steps", "Print the iterations of every step", "ex4.c", view_steps, &view_steps, NULL));
  PetscCall(PetscOptionsBool("-view_numbers", "Print residual and error of every step", "ex4.c", view_numbers, &view_numbers, NULL));
  PetscCall(PetscOptionsBool("-view_times", "Print setup and solve times", "ex4.c", view_times, &view_times, NULL));
  PetscOptionsEnd();
  PetscCheck(steps >= 1, PETSC_COMM_WORLD, PETSC_ERR_ARG_OUTOFRANGE, "-steps must be at least 1");
  PetscCheck(n >= 2, PETSC_COMM_WORLD, PETSC_ERR_ARG_OUTOFRANGE, "-n must be at least 2");
  if (problem == PROBLEM_LAP3D) PetscCheck(n <= 1290, PETSC_COMM_WORLD, PETSC_ERR_ARG_OUTOFRANGE, "-n %" PetscInt_FMT " gives more than 2^31 unknowns", n);
  else PetscCheck(n <= 46340, PETSC_COMM_WORLD, PETSC_ERR_ARG_OUTOFRANGE, "-n %" PetscInt_FMT " gives more than 2^31 unknowns", n);
  N = problem == PROBLEM_LAP3D ? n * n * n : n * n;

  /* A0 keeps the model problem; A is the operator of the current step, with the same nonzero pattern
     (every stencil has its diagonal, so MatShift() adds no entry) */
  PetscCall(AssembleMatrix(problem, n, eps, theta, peclet, &A0));
  PetscCall(MatDuplicate(A0, MAT_COPY_VALUES, &A));
  PetscCall(MatCreateVecs(A, &x, &b));
  PetscCall(VecDuplicate(x, &r));
  PetscCall(VecDuplicate(x, &xexact));
  PetscCall(VecDuplicate(x, &u));
  PetscCall(VecDuplicate(x, &v));
  PetscCall(VecGetOwnershipRange(u, &rstart, &rend));
  for (PetscInt i = rstart; i < rend; i++) {
    PetscCall(VecSetValue(u, i, PetscSinReal(16 * PETSC_PI * i / N), INSERT_VALUES));
    PetscCall(VecSetValue(v, i, PetscCosReal(16 * PETSC_PI * i / N), INSERT_VALUES));
  }
  PetscCall(VecAssemblyBegin(u));
  PetscCall(VecAssemblyEnd(u));
  PetscCall(VecAssemblyBegin(v));
  PetscCall(VecAssemblyEnd(v));

  /* one KSP for the whole sequence; trisplit's algtri unless -pc_type says otherwise */
  PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, PCALGTRI));
  PetscCall(KSPSetTolerances(ksp, 1e-6, PETSC_DEFAULT, PETSC_DEFAULT, 10000));
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(KSPGetTolerances(ksp, &rtol, NULL, NULL, NULL));

  for (PetscInt k = 0; k < steps; k++) {
    PetscReal f, s;

    /* the application's part: new values in the same matrix, a new right-hand side */
    PetscCall(SequenceOperator(A0, k, A, &f, &s));
    PetscCall(KSPSetOperators(ksp, A, A));
    PetscCall(ExactSolution(u, v, 0.3 * k, xexact));
    PetscCall(MatMult(A, xexact, b));
    PetscCall(VecSet(x, 0.0));

    /* setup (PCSetUp with the new values) and solve, timed apart */
    PetscCall(TimedSolve(ksp, b, x, times));
    if (k == 0) setup0 = times[0];
    setup += times[0];
    solve += times[1];

    /* check the step: true relative residual and forward relative error */
    PetscCall(KSPGetIterationNumber(ksp, &its));
    PetscCall(KSPGetConvergedReason(ksp, &reason));
    PetscCall(SolutionErrors(A, b, xexact, x, r, &res, &err));
    total += its;
    itmin     = k == 0 ? its : PetscMin(itmin, its);
    itmax     = PetscMax(itmax, its);
    worst_res = PetscMax(worst_res, res);
    worst_err = PetscMax(worst_err, err);
    if (reason <= 0) converged = PETSC_FALSE;
    if (view_steps) {
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "step %2" PetscInt_FMT ": %s in %" PetscInt_FMT " iterations", k, KSPConvergedReasons[reason], its));
      if (view_times) PetscCall(PetscPrintf(PETSC_COMM_WORLD, ", setup %.6f s, solve %.6f s", times[0], times[1]));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "\n"));
    }
    if (view_numbers) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  f = %.4f, s = %.5f, true relative residual %.3e, forward relative error %.3e\n", (double)f, (double)s, (double)res, (double)err));
  }

  PetscCall(KSPGetType(ksp, &ksptype));
  PetscCall(PCGetType(pc, &pctype));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s n=%" PetscInt_FMT " N=%" PetscInt_FMT ": KSP %s PC %s: %" PetscInt_FMT " steps, %" PetscInt_FMT " iterations in all (%" PetscInt_FMT " to %" PetscInt_FMT " per step)\n", Problems[problem], n, N, ksptype, pctype, steps, total, itmin, itmax));
  /* 10 rtol on the residual as ex1; the error bound allows for the condition number of the model problems */
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  every step converged, true relative residual below 10 rtol, relative error below 1e4 rtol: %s\n", converged && worst_res <= 10 * rtol && worst_err <= 1e4 * rtol ? "yes" : "no"));
  if (view_numbers) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  largest true relative residual %.3e, largest forward relative error %.3e\n", (double)worst_res, (double)worst_err));
  if (view_times) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  times: setup %.6f s (first step %.6f s), solve %.6f s, total %.6f s\n", setup, setup0, solve, setup + solve));

  PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&b));
  PetscCall(VecDestroy(&r));
  PetscCall(VecDestroy(&xexact));
  PetscCall(VecDestroy(&u));
  PetscCall(VecDestroy(&v));
  PetscCall(MatDestroy(&A));
  PetscCall(MatDestroy(&A0));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST

  build:
    requires: !complex double

  test:
    suffix: algtri
    args: -problem aniso1 -n 48 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type algtri

  test:
    suffix: mosd
    args: -problem rot -n 48 -steps 6 -ksp_type bcgs -ksp_pc_side right -pc_type mosd -pc_mosd_m 2

  test:
    suffix: mosa
    args: -problem convdiff -n 48 -steps 6 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type mosa -pc_mosa_m 2

  # the sequences on the GPU: the host's iteration counts at every step
  test:
    suffix: mosd_cuda
    requires: cuda
    args: -problem rot -n 48 -steps 6 -ksp_type bcgs -ksp_pc_side right -pc_type mosd -pc_mosd_m 2 -mat_type aijcusparse
    output_file: output/ex4_mosd.out

  test:
    suffix: mosa_cuda
    requires: cuda
    args: -problem convdiff -n 48 -steps 6 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type mosa -pc_mosa_m 2 -mat_type aijcusparse
    output_file: output/ex4_mosa.out

  # the PETSc baseline of the sequence: fewer steps, jacobi needs many iterations
  test:
    suffix: jacobi
    args: -problem aniso1 -n 48 -steps 4 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type jacobi

TEST*/
