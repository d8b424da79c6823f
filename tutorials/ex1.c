/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "Solves the model problems of the trisplit thesis (2D) and a 3D Laplacian with any KSP and PC.\n\n\
  -problem <aniso1,aniso2,model8,rot,convdiff,lap3d>  the stencil (docs/algorithms.md 6.2):\n\
      aniso1   9-point, strong couplings along x\n\
      aniso2   9-point, strong couplings along a diagonal\n\
      model8   5-point isotropic Laplacian\n\
      rot      rotated anisotropic diffusion, 9-point (-eps, -theta in degrees)\n\
      convdiff 5-point upwind convection-diffusion with a strong flow (-peclet)\n\
      lap3d    7-point 3D Laplacian on the n x n x n grid (N = n^3 unknowns)\n\
  -n <64>          grid points per direction (N = n^2 unknowns, n^3 for lap3d)\n\
  -compare <type>  solve again with this PC (e.g. jacobi; whatever -pc_type gave the first solve) and print both\n\
                   iteration counts and their ratio\n\
  -ratio <r>       with -compare: also say whether the first PC needs at least r times fewer iterations\n\
  -view_numbers    print residual and error as numbers (default: only pass/fail checks)\n\
  -view_times      print setup and solve wall-clock times (the device is synchronised before each reading)\n\
  -warmup          solve once with a KSP of its own before each timed solve, so that the times leave out what a\n\
                   process does once: CUDA loads a library's kernels at their first launch (PETSc's and trisplit's);\n\
                   -log_view shows it as a stage of its own\n\
The exact solution is x_i = sin(16 pi i / N), b = A x.\n\n";

#include <petscksp.h>
#include <trisplit.h>
#include "problems.h"

/* A KSP for A as this example configures it: pctype (algtri if NULL), rtol 1e-6, then the options database */
static PetscErrorCode CreateSolver(Mat A, const char *pctype, KSP *ksp)
{
  PC pc;

  PetscFunctionBegin;
  PetscCall(KSPCreate(PetscObjectComm((PetscObject)A), ksp));
  PetscCall(KSPSetOperators(*ksp, A, A));
  PetscCall(KSPGetPC(*ksp, &pc));
  PetscCall(PCSetType(pc, pctype ? pctype : PCALGTRI));
  PetscCall(KSPSetTolerances(*ksp, 1e-6, PETSC_DEFAULT, PETSC_DEFAULT, 10000));
  PetscCall(KSPSetFromOptions(*ksp));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* One untimed setup and solve with a KSP of its own, configured as the timed one (pctype if given): the first
   solve of a process also loads the GPU kernels it launches, and a second setup of the timed KSP would take the
   quicker path of an unchanged matrix */
static PetscErrorCode WarmUp(Mat A, Vec b, Vec x, const char *pctype)
{
  KSP                  ksp;
  static PetscLogStage stage = -1;

  PetscFunctionBegin;
  if (stage < 0) PetscCall(PetscLogStageRegister("Warm-up", &stage)); /* -log_view: the timed solves alone in the main stage */
  PetscCall(PetscLogStagePush(stage));
  PetscCall(CreateSolver(A, pctype, &ksp));
  PetscCall(VecSet(x, 0.0));
  PetscCall(KSPSolve(ksp, b, x));
  PetscCall(KSPDestroy(&ksp));
  PetscCall(PetscLogStagePop());
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Solve with the KSP as configured; return iterations, reason, true residual, forward error and the
   setup and solve times (a norm after each phase waits for the work queued on PETSc's stream) */
static PetscErrorCode Solve(KSP ksp, Mat A, Vec b, Vec xexact, Vec x, PetscInt *its, KSPConvergedReason *reason, PetscReal *res, PetscReal *err, PetscLogDouble times[2])
{
  Vec r;

  PetscFunctionBegin;
  PetscCall(VecSet(x, 0.0));
  PetscCall(TimedSolve(ksp, b, x, times));
  PetscCall(KSPGetIterationNumber(ksp, its));
  PetscCall(KSPGetConvergedReason(ksp, reason));
  PetscCall(VecDuplicate(b, &r));
  PetscCall(SolutionErrors(A, b, xexact, x, r, res, err));
  PetscCall(VecDestroy(&r));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  Mat                A;
  Vec                x, b, xexact;
  KSP                ksp;
  PC                 pc;
  Problem            problem = PROBLEM_ANISO1;
  PetscInt           n = 64, N, rstart, rend, its, its_cmp;
  PetscReal          eps = 1e-3, theta = 45, peclet = 100, ratio = 0, res, err, rtol;
  PetscBool          view_numbers = PETSC_FALSE, compare = PETSC_FALSE, view_times = PETSC_FALSE, warmup = PETSC_FALSE, has_ratio = PETSC_FALSE;
  PetscLogDouble     times[2];
  char               cmp_type[64] = "jacobi";
  KSPConvergedReason reason, reason_cmp;
  KSPType            ksptype;
  char               pctype[64];

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriSplitInitializePackage());
  PetscOptionsBegin(PETSC_COMM_WORLD, NULL, "trisplit model problems", "ex1");
  PetscCall(PetscOptionsEnum("-problem", "Model problem", "ex1.c", Problems, (PetscEnum)problem, (PetscEnum *)&problem, NULL));
  PetscCall(PetscOptionsInt("-n", "Grid points per direction", "ex1.c", n, &n, NULL));
  PetscCall(PetscOptionsReal("-eps", "Anisotropy of rot", "ex1.c", eps, &eps, NULL));
  PetscCall(PetscOptionsReal("-theta", "Angle of rot in degrees", "ex1.c", theta, &theta, NULL));
  PetscCall(PetscOptionsReal("-peclet", "Flow strength of convdiff", "ex1.c", peclet, &peclet, NULL));
  PetscCall(PetscOptionsString("-compare", "Also solve with this PC type", "ex1.c", cmp_type, cmp_type, sizeof(cmp_type), &compare));
  PetscCall(PetscOptionsReal("-ratio", "With -compare: say whether the first PC needs at least this many times fewer iterations", "ex1.c", ratio, &ratio, &has_ratio));
  PetscCall(PetscOptionsBool("-view_numbers", "Print residual and error as numbers", "ex1.c", view_numbers, &view_numbers, NULL));
  PetscCall(PetscOptionsBool("-view_times", "Print setup and solve times", "ex1.c", view_times, &view_times, NULL));
  PetscCall(PetscOptionsBool("-warmup", "Solve once untimed before each timed solve", "ex1.c", warmup, &warmup, NULL));
  PetscOptionsEnd();
  PetscCheck(n >= 2, PETSC_COMM_WORLD, PETSC_ERR_ARG_OUTOFRANGE, "-n must be at least 2");
  if (problem == PROBLEM_LAP3D) PetscCheck(n <= 1290, PETSC_COMM_WORLD, PETSC_ERR_ARG_OUTOFRANGE, "-n %" PetscInt_FMT " gives more than 2^31 unknowns", n);
  else PetscCheck(n <= 46340, PETSC_COMM_WORLD, PETSC_ERR_ARG_OUTOFRANGE, "-n %" PetscInt_FMT " gives more than 2^31 unknowns", n);
  N = problem == PROBLEM_LAP3D ? n * n * n : n * n;

  PetscCall(AssembleMatrix(problem, n, eps, theta, peclet, &A));
  PetscCall(MatCreateVecs(A, &x, &b));
  PetscCall(VecDuplicate(x, &xexact));
  PetscCall(VecGetOwnershipRange(xexact, &rstart, &rend));
  for (PetscInt i = rstart; i < rend; i++) PetscCall(VecSetValue(xexact, i, PetscSinReal(16 * PETSC_PI * i / N), INSERT_VALUES));
  PetscCall(VecAssemblyBegin(xexact));
  PetscCall(VecAssemblyEnd(xexact));
  PetscCall(MatMult(A, xexact, b));

  PetscCall(CreateSolver(A, NULL, &ksp));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(KSPGetType(ksp, &ksptype));
  {
    PCType type;

    PetscCall(PCGetType(pc, &type));
    PetscCall(PetscStrncpy(pctype, type, sizeof(pctype)));
  }
  PetscCall(KSPGetTolerances(ksp, &rtol, NULL, NULL, NULL));

  if (warmup) PetscCall(WarmUp(A, b, x, NULL));
  PetscCall(Solve(ksp, A, b, xexact, x, &its, &reason, &res, &err, times));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s n=%" PetscInt_FMT " N=%" PetscInt_FMT ": KSP %s PC %s: %s in %" PetscInt_FMT " iterations\n", Problems[problem], n, N, ksptype, pctype, KSPConvergedReasons[reason], its));
  if (view_numbers) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  true relative residual %.3e, forward relative error %.3e\n", (double)res, (double)err));
  else PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  true relative residual below 10 rtol: %s\n", res <= 10 * rtol ? "yes" : "no"));
  if (view_times) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  times: setup %.6f s, solve %.6f s, total %.6f s\n", times[0], times[1], times[0] + times[1]));

  if (compare) {
    PetscReal res_cmp, err_cmp;
    char      pc_option[64], cmp_actual[64];
    PetscBool pc_option_set;
    PCType    type;

    /* -pc_type of the command line chose the first solve's PC: hide it while the compared solve reads the options
       database, or it would set that PC again */
    PetscCall(PetscOptionsGetString(NULL, NULL, "-pc_type", pc_option, sizeof(pc_option), &pc_option_set));
    if (pc_option_set) PetscCall(PetscOptionsClearValue(NULL, "-pc_type"));
    PetscCall(PCSetType(pc, cmp_type));
    PetscCall(KSPSetFromOptions(ksp));
    PetscCall(PCGetType(pc, &type));
    PetscCall(PetscStrncpy(cmp_actual, type, sizeof(cmp_actual)));
    if (warmup) PetscCall(WarmUp(A, b, x, cmp_type));
    PetscCall(Solve(ksp, A, b, xexact, x, &its_cmp, &reason_cmp, &res_cmp, &err_cmp, times));
    if (pc_option_set) { /* put back, and as read (the first solve did read it): no "unused option" at the end */
      PetscBool has;

      PetscCall(PetscOptionsSetValue(NULL, "-pc_type", pc_option));
      PetscCall(PetscOptionsHasName(NULL, NULL, "-pc_type", &has));
    }
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  with PC %s: %s in %" PetscInt_FMT " iterations\n", cmp_actual, KSPConvergedReasons[reason_cmp], its_cmp));
    if (view_numbers) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  %s: true relative residual %.3e, forward relative error %.3e\n", cmp_actual, (double)res_cmp, (double)err_cmp));
    if (view_times) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  %s times: setup %.6f s, solve %.6f s, total %.6f s\n", cmp_actual, times[0], times[1], times[0] + times[1]));
    /* the result of the comparison: both counts, and their ratio when both converged */
    if (reason > 0 && reason_cmp > 0) {
      char how[64];

      if (its == its_cmp) PetscCall(PetscSNPrintf(how, sizeof(how), "as many"));
      else if (its < its_cmp) PetscCall(PetscSNPrintf(how, sizeof(how), "%.2fx fewer", (double)its_cmp / (double)PetscMax(its, 1)));
      else PetscCall(PetscSNPrintf(how, sizeof(how), "%.2fx more", (double)its / (double)PetscMax(its_cmp, 1)));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  %s: %" PetscInt_FMT " iterations, %s: %" PetscInt_FMT " (%s)\n", pctype, its, cmp_actual, its_cmp, how));
      if (has_ratio) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  %s needs %s %.2fx fewer iterations than %s (-ratio)\n", pctype, ratio * its <= its_cmp ? "at least" : "less than", (double)ratio, cmp_actual));
    } else {
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  %s: %s after %" PetscInt_FMT " iterations, %s: %s after %" PetscInt_FMT "\n", pctype, KSPConvergedReasons[reason], its, cmp_actual, KSPConvergedReasons[reason_cmp], its_cmp));
    }
  }

  PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&b));
  PetscCall(VecDestroy(&xexact));
  PetscCall(MatDestroy(&A));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST

  build:
    requires: !complex double

  test:
    suffix: aniso1_gmres
    args: -problem aniso1 -n 64 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -compare jacobi -ratio 1.7

  test:
    suffix: aniso1_fgmres
    args: -problem aniso1 -n 64 -ksp_type fgmres -ksp_gmres_restart 20 -compare jacobi -ratio 1.7

  test:
    suffix: aniso1_bcgs
    args: -problem aniso1 -n 64 -ksp_type bcgs -ksp_pc_side right -compare jacobi -ratio 1.35

  # a warm-up solve (its own KSP) must leave the timed solve as it is: the same output as aniso1_bcgs
  test:
    suffix: aniso1_warmup
    args: -problem aniso1 -n 64 -ksp_type bcgs -ksp_pc_side right -compare jacobi -ratio 1.35 -warmup
    output_file: output/ex1_aniso1_bcgs.out

  test:
    suffix: aniso1_mpi
    nsize: {{2 3}separate output}
    args: -problem aniso1 -n 64 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -compare jacobi -ratio 1.7

  # every other PC on 2 and 3 ranks (per-rank forests on the local diagonal block; algtri: aniso1_mpi above).
  test:
    suffix: mosd_mpi
    nsize: {{2 3}separate output}
    args: -problem aniso1 -n 64 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type mosd -pc_mosd_m 2

  test:
    suffix: mosa_mpi
    nsize: {{2 3}separate output}
    args: -problem aniso1 -n 64 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type mosa

  test:
    suffix: altsplit_mpi
    nsize: {{2 3}separate output}
    args: -problem aniso1 -n 64 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type altsplit -pc_altsplit_type inner -pc_altsplit_m 2

  # ALT-i with each rank's diagonal block in the residuals (block Jacobi of ALT-i): on 1 rank the same as the global sweeps
  test:
    suffix: altsplit_local
    nsize: {{1 2 3}separate output}
    args: -problem aniso1 -n 64 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type altsplit -pc_altsplit_m 2 -pc_altsplit_local

  test:
    suffix: pcs_rot_mpi
    nsize: {{2 3}separate output}
    args: -problem rot -n 48 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type {{algtri mosd mosa altsplit}separate output}

  # on ANISO1 the forest is the x-lines: algtri must be exactly line block Jacobi (one LU block per grid line)
  # -compare with -pc_type: the compared solve must be jacobi's (117 iterations at n = 64, mosd needs fewer);
  # were -compare to follow -pc_type, both lines would name mosd with one count
  test:
    suffix: mosd_compare
    args: -problem aniso1 -n 64 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type mosd -pc_mosd_m 2 -compare jacobi

  test:
    suffix: aniso1_lines
    args: -problem aniso1 -n 64 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -compare bjacobi -pc_bjacobi_blocks 64 -sub_pc_type lu -ratio 1

  test:
    suffix: aniso2
    args: -problem aniso2 -n 64 -ksp_type gmres -ksp_pc_side right -compare jacobi -ratio 1.8

  test:
    suffix: model8
    args: -problem model8 -n 64 -ksp_type gmres -ksp_pc_side right -compare jacobi -ratio 1

  test:
    suffix: rot
    args: -problem rot -n 64 -ksp_type gmres -ksp_pc_side right -compare jacobi -ratio 1.4

  # a matching: paths of at most two vertices; factor_n1_cuda below runs the same arguments on the GPU and
  # compares with this output (the same forest, factor and iterations)
  test:
    suffix: factor_n1
    args: -problem rot -n 32 -ksp_type gmres -ksp_pc_side right -ksp_view -pc_algtri_factor_n 1
    filter: sed -n -e "/type: algtri/,/linear system/{/linear system/!p;}" -e "/iterations/p"

  test:
    suffix: view
    args: -problem aniso1 -n 32 -ksp_type gmres -ksp_view -pc_algtri_pivoting partial
    filter: sed -n -e "/type: algtri/,/linear system/{/linear system/!p;}" -e "/iterations/p"

  # On the GPU (-mat_type aijcusparse -vec_type cuda) every PC builds the host's forests and factors: the same
  # iteration counts and views as the host (one expected output for both; on several ranks those of the host
  # tests above). The view of a GPU run has one line more, which the filter drops.
  test:
    suffix: factor_n1_cuda
    requires: cuda
    args: -problem rot -n 32 -ksp_type gmres -ksp_pc_side right -ksp_view -pc_algtri_factor_n 1 -mat_type aijcusparse
    filter: sed -n -e "/type: algtri/,/linear system/{/linear system/!p;}" -e "/iterations/p" | grep -v "applied on the GPU"
    output_file: output/ex1_factor_n1.out

  test:
    suffix: view_cuda
    requires: cuda
    args: -problem aniso1 -n 32 -ksp_type gmres -ksp_view -pc_algtri_pivoting partial -mat_type aijcusparse
    filter: sed -n -e "/type: algtri/,/linear system/{/linear system/!p;}" -e "/iterations/p" | grep -v "applied on the GPU"
    output_file: output/ex1_view.out

  testset:
    args: -problem aniso1 -n 64 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right
    test:
      suffix: algtri
      args: -pc_type algtri
    test:
      suffix: algtri_cuda
      requires: cuda
      args: -pc_type algtri -mat_type aijcusparse
      output_file: output/ex1_algtri.out
    test:
      suffix: mosd_m2
      args: -pc_type mosd -pc_mosd_m 2
    test:
      suffix: mosd_m2_cuda
      requires: cuda
      args: -pc_type mosd -pc_mosd_m 2 -mat_type aijcusparse
      output_file: output/ex1_mosd_m2.out
    test:
      suffix: mosa_m2
      args: -pc_type mosa -pc_mosa_m 2
    test:
      suffix: mosa_m2_cuda
      requires: cuda
      args: -pc_type mosa -pc_mosa_m 2 -mat_type aijcusparse
      output_file: output/ex1_mosa_m2.out
    test:
      suffix: altsplit_inner_m2
      args: -pc_type altsplit -pc_altsplit_type inner -pc_altsplit_m 2
    test:
      suffix: altsplit_inner_m2_cuda
      requires: cuda
      args: -pc_type altsplit -pc_altsplit_type inner -pc_altsplit_m 2 -mat_type aijcusparse
      output_file: output/ex1_altsplit_inner_m2.out
    test:
      suffix: altsplit_outer_m2
      args: -pc_type altsplit -pc_altsplit_type outer -pc_altsplit_m 2 -ksp_type fgmres
    test:
      suffix: altsplit_outer_m2_cuda
      requires: cuda
      args: -pc_type altsplit -pc_altsplit_type outer -pc_altsplit_m 2 -ksp_type fgmres -mat_type aijcusparse
      output_file: output/ex1_altsplit_outer_m2.out

    # single-precision factors (GPU only): within 10% of the iterations with double factors on the host (algtri 65,
    # mosd 55, altsplit 41: the tests above), and the view says so
    test:
      suffix: algtri_single_cuda
      requires: cuda
      args: -pc_type algtri -pc_algtri_precision single -ksp_view -mat_type aijcusparse
      filter: grep -E "factors in single precision| iterations$|true relative residual" | sed -E -e "s/^ +//" -e "s/in (59|6[0-9]|7[01]) iterations/in 59 to 71 iterations/" | sort -u
    test:
      suffix: mosd_single_cuda
      requires: cuda
      args: -pc_type mosd -pc_mosd_m 2 -pc_mosd_precision single -ksp_view -mat_type aijcusparse
      filter: grep -E "factors in single precision| iterations$|true relative residual" | sed -E -e "s/^ +//" -e "s/in (5[0-9]|60) iterations/in 50 to 60 iterations/" | sort -u
    test:
      suffix: altsplit_single_cuda
      requires: cuda
      args: -pc_type altsplit -pc_altsplit_m 2 -pc_altsplit_precision single -ksp_view -mat_type aijcusparse
      filter: grep -E "factors in single precision| iterations$|true relative residual" | sed -E -e "s/^ +//" -e "s/in (3[7-9]|4[0-5]) iterations/in 37 to 45 iterations/" | sort -u

  # the splittings with their automatic m (MOS-d) and with m = 3 (ALT-i) on ROT, host and GPU
  testset:
    args: -problem rot -n 48 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right
    test:
      suffix: rot_mosd_auto
      args: -pc_type mosd
    test:
      suffix: rot_mosd_auto_cuda
      requires: cuda
      args: -pc_type mosd -mat_type aijcusparse
      output_file: output/ex1_rot_mosd_auto.out
    test:
      suffix: rot_altsplit_m3
      args: -pc_type altsplit -pc_altsplit_m 3
    test:
      suffix: rot_altsplit_m3_cuda
      requires: cuda
      args: -pc_type altsplit -pc_altsplit_m 3 -mat_type aijcusparse
      output_file: output/ex1_rot_altsplit_m3.out

  # a transposed apply (BiCG) refuses single-precision factors with a clear error
  test:
    suffix: mosd_single_bicg_cuda
    requires: cuda
    args: -problem aniso1 -n 64 -ksp_type bicg -pc_type mosd -pc_mosd_m 2 -pc_mosd_precision single -mat_type aijcusparse
    filter: Error: grep -o -m 1 "Transposed solves with single-precision factors are not implemented"

  # several ranks on the GPU: the host's outputs of the tests above on 2 ranks
  test:
    suffix: algtri_mpi_cuda
    requires: cuda
    nsize: 2
    args: -problem rot -n 48 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type algtri -mat_type aijcusparse
    output_file: output/ex1_pcs_rot_mpi_nsize-2_pc_type-algtri.out

  test:
    suffix: mosd_mpi_cuda
    requires: cuda
    nsize: 2
    args: -problem aniso1 -n 64 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type mosd -pc_mosd_m 2 -mat_type aijcusparse
    output_file: output/ex1_mosd_mpi_nsize-2.out

  test:
    suffix: mosa_mpi_cuda
    requires: cuda
    nsize: 3
    args: -problem aniso1 -n 64 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type mosa -mat_type aijcusparse
    output_file: output/ex1_mosa_mpi_nsize-3.out

  test:
    suffix: altsplit_mpi_cuda
    requires: cuda
    nsize: 2
    args: -problem aniso1 -n 64 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type altsplit -pc_altsplit_type inner -pc_altsplit_m 2 -mat_type aijcusparse
    output_file: output/ex1_altsplit_mpi_nsize-2.out

  # ALT-i with each rank's diagonal block in the residuals, on 2 and 3 ranks
  test:
    suffix: altsplit_local_cuda
    requires: cuda
    nsize: 2
    args: -problem aniso1 -n 64 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type altsplit -pc_altsplit_m 2 -pc_altsplit_local -mat_type aijcusparse
    output_file: output/ex1_altsplit_local_nsize-2.out

  test:
    suffix: altsplit_local_mpi3_cuda
    requires: cuda
    nsize: 3
    args: -problem aniso1 -n 64 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type altsplit -pc_altsplit_m 2 -pc_altsplit_local -mat_type aijcusparse
    output_file: output/ex1_altsplit_local_nsize-3.out

  # triamg with pairs of line aggregates (-pc_triamg_pair_share) on the 5-point Laplacian; on the device the same
  # hierarchy (tests/ex9 -test hierarchy) and iterations
  test:
    suffix: triamg_pairs
    args: -problem model8 -n 64 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type triamg -pc_triamg_pair_share 0.6

  test:
    suffix: triamg_pairs_cuda
    requires: cuda
    args: -problem model8 -n 64 -ksp_type gmres -ksp_gmres_restart 20 -ksp_pc_side right -pc_type triamg -pc_triamg_pair_share 0.6 -mat_type aijcusparse
    output_file: output/ex1_triamg_pairs.out

TEST*/
