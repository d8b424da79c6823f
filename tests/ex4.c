/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "Tests the splitting preconditioners PCMOSD and PCALTSPLIT: m = 1 equals PCALGTRI, iterations\n\
do not grow with m on ANISO1, ALT-i with m = 2 beats ALGTRI on MODEL8, MOS-d's transpose is its adjoint,\n\
ALT-o refuses non-flexible Krylov methods.\n\
  -n <128>   grid points per direction of ANISO1\n\n";

#include <petscksp.h>
#include <trisplit.h>
#include "../tutorials/problems.h"

/* GMRES(20), right preconditioning, rtol 1e-6 with the given PC options (a string as on the command line) */
static PetscErrorCode Iterations(Mat A, Vec b, const char *pcopts, PetscInt *its)
{
  KSP                ksp;
  Vec                x;
  KSPConvergedReason reason;

  PetscFunctionBegin;
  PetscCall(PetscOptionsInsertString(NULL, pcopts));
  PetscCall(VecDuplicate(b, &x));
  PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPSetType(ksp, KSPGMRES));
  PetscCall(KSPGMRESSetRestart(ksp, 20));
  PetscCall(KSPSetPCSide(ksp, PC_RIGHT));
  PetscCall(KSPSetTolerances(ksp, 1e-6, PETSC_DEFAULT, PETSC_DEFAULT, 5000));
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(KSPSolve(ksp, b, x));
  PetscCall(KSPGetIterationNumber(ksp, its));
  PetscCall(KSPGetConvergedReason(ksp, &reason));
  if (reason < 0) *its = -1;
  PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscCall(PetscOptionsClearValue(NULL, "-pc_type"));
  PetscCall(PetscOptionsClearValue(NULL, "-pc_mosd_m"));
  PetscCall(PetscOptionsClearValue(NULL, "-pc_altsplit_m"));
  PetscCall(PetscOptionsClearValue(NULL, "-pc_altsplit_type"));
  PetscCall(PetscOptionsClearValue(NULL, "-ksp_type"));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A set-up PC of the given type on A (options from the string) */
static PetscErrorCode CreatePC(Mat A, const char *type, const char *opts, PC *pc)
{
  PetscFunctionBegin;
  PetscCall(PetscOptionsInsertString(NULL, opts));
  PetscCall(PCCreate(PETSC_COMM_WORLD, pc));
  PetscCall(PCSetType(*pc, type));
  PetscCall(PCSetOperators(*pc, A, A));
  PetscCall(PCSetFromOptions(*pc));
  PetscCall(PCSetUp(*pc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  Mat            A, M8;
  Vec            b, x, y, z, u;
  PetscInt       n = 128, its[2][4], its_algtri, its_alt2;
  PC             pc_algtri, pc_mos, pc_alt_i, pc_alt_o;
  PetscReal      diff_mos, diff_alt_i, diff_alt_o, nz;
  PetscScalar    dot1, dot2;
  PetscRandom    rnd;
  PetscErrorCode ierr;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriSplitInitializePackage());
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(AssembleStencil(PETSC_COMM_WORLD, FixedStencils[PROBLEM_ANISO1], n, MATAIJ, &A));
  PetscCall(MatCreateVecs(A, &x, &b));
  PetscCall(VecDuplicate(b, &y));
  PetscCall(VecDuplicate(b, &z));
  PetscCall(VecDuplicate(b, &u));
  PetscCall(PetscRandomCreate(PETSC_COMM_WORLD, &rnd));
  PetscCall(PetscRandomSetFromOptions(rnd));
  PetscCall(VecSetRandom(b, rnd));

  /* 1. m = 1: both splittings are ALGTRI (up to the rounding of MOS-d's scaling by T) */
  PetscCall(CreatePC(A, PCALGTRI, "", &pc_algtri));
  PetscCall(CreatePC(A, PCMOSD, "-pc_mosd_m 1", &pc_mos));
  PetscCall(CreatePC(A, PCALTSPLIT, "-pc_altsplit_m 1", &pc_alt_i));
  PetscCall(CreatePC(A, PCALTSPLIT, "-pc_altsplit_m 1 -pc_altsplit_type outer", &pc_alt_o));
  PetscCall(PCApply(pc_algtri, b, z));
  PetscCall(VecNorm(z, NORM_2, &nz));
  PetscCall(PCApply(pc_mos, b, y));
  PetscCall(VecAXPY(y, -1.0, z));
  PetscCall(VecNorm(y, NORM_2, &diff_mos));
  PetscCall(PCApply(pc_alt_i, b, y));
  PetscCall(VecAXPY(y, -1.0, z));
  PetscCall(VecNorm(y, NORM_2, &diff_alt_i));
  PetscCall(PCApply(pc_alt_o, b, y));
  PetscCall(VecAXPY(y, -1.0, z));
  PetscCall(VecNorm(y, NORM_2, &diff_alt_o));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "m = 1 applies ALGTRI: mosd %s, altsplit inner %s, altsplit outer %s\n", diff_mos <= 1e-12 * nz ? "yes" : "no", diff_alt_i == 0 ? "exactly" : "no", diff_alt_o == 0 ? "exactly" : "no"));
  PetscCall(PCDestroy(&pc_algtri));
  PetscCall(PCDestroy(&pc_mos));
  PetscCall(PCDestroy(&pc_alt_i));
  PetscCall(PCDestroy(&pc_alt_o));

  /* 2. MOS-d's transpose is its adjoint: <y, M^-1 x> = <M^-T y, x> */
  PetscCall(CreatePC(A, PCMOSD, "-pc_mosd_m 3", &pc_mos));
  PetscCall(VecSetRandom(y, rnd));
  PetscCall(PCApply(pc_mos, b, z));
  PetscCall(VecDot(y, z, &dot1));
  PetscCall(PCApplyTranspose(pc_mos, y, u));
  PetscCall(VecDot(u, b, &dot2));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "mosd m = 3: PCApplyTranspose is the adjoint of PCApply: %s\n", PetscAbsScalar(dot1 - dot2) <= 1e-12 * PetscAbsScalar(dot1) ? "yes" : "no"));
  PetscCall(PCDestroy(&pc_mos));

  /* 3. iterations do not grow with m on ANISO1 */
  PetscCall(VecSet(x, 1.0));
  PetscCall(MatMult(A, x, b));
  PetscCall(Iterations(A, b, "-pc_type algtri", &its_algtri));
  for (PetscInt m = 1; m <= 4; m++) {
    char opts[128];

    PetscCall(PetscSNPrintf(opts, sizeof(opts), "-pc_type mosd -pc_mosd_m %" PetscInt_FMT, m));
    PetscCall(Iterations(A, b, opts, &its[0][m - 1]));
    PetscCall(PetscSNPrintf(opts, sizeof(opts), "-pc_type altsplit -pc_altsplit_m %" PetscInt_FMT, m));
    PetscCall(Iterations(A, b, opts, &its[1][m - 1]));
  }
  for (PetscInt t = 0; t < 2; t++) {
    PetscBool monotone = PETSC_TRUE;

    for (PetscInt m = 1; m < 4; m++) monotone = (PetscBool)(monotone && its[t][m] >= 0 && its[t][m] <= its[t][m - 1]);
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "aniso1 %" PetscInt_FMT "x%" PetscInt_FMT " %s m = 1..4: %" PetscInt_FMT " %" PetscInt_FMT " %" PetscInt_FMT " %" PetscInt_FMT " iterations, m = 1 as ALGTRI (%" PetscInt_FMT "): %s, non-increasing in m: %s\n", n, n, t ? "altsplit" : "mosd", its[t][0], its[t][1], its[t][2], its[t][3], its_algtri, its[t][0] == its_algtri ? "yes" : "no", monotone ? "yes" : "no"));
  }

  /* 4. ALT-i with m = 2 beats ALGTRI on MODEL8 */
  PetscCall(AssembleStencil(PETSC_COMM_WORLD, FixedStencils[PROBLEM_MODEL8], n / 2, MATAIJ, &M8));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&u));
  PetscCall(MatCreateVecs(M8, &x, &u));
  PetscCall(VecSet(x, 1.0));
  PetscCall(MatMult(M8, x, u));
  PetscCall(Iterations(M8, u, "-pc_type algtri", &its_algtri));
  PetscCall(Iterations(M8, u, "-pc_type altsplit -pc_altsplit_m 2", &its_alt2));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "model8 %" PetscInt_FMT "x%" PetscInt_FMT ": altsplit m = 2 needs fewer iterations than algtri (%" PetscInt_FMT " < %" PetscInt_FMT "): %s\n", n / 2, n / 2, its_alt2, its_algtri, its_alt2 >= 0 && its_alt2 < its_algtri ? "yes" : "no"));

  /* 5. ALT-o with m > 1 under GMRES is refused, under FGMRES it converges */
  PetscCall(Iterations(M8, u, "-pc_type altsplit -pc_altsplit_m 2 -pc_altsplit_type outer -ksp_type fgmres", &its_alt2));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "altsplit outer under fgmres converges: %s\n", its_alt2 > 0 ? "yes" : "no"));
  {
    KSP ksp;
    PC  pc;

    PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
    PetscCall(KSPSetOperators(ksp, M8, M8));
    PetscCall(KSPSetType(ksp, KSPGMRES));
    PetscCall(KSPGetPC(ksp, &pc));
    PetscCall(PCSetType(pc, PCALTSPLIT));
    PetscCall(PCAltSplitSetType(pc, PC_ALTSPLIT_OUTER));
    PetscCall(PCTriSplitSetM(pc, 2));
    PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
    ierr = KSPSolve(ksp, u, x);
    PetscCall(PetscPopErrorHandler());
    PetscCall(KSPDestroy(&ksp));
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "altsplit outer under gmres is refused with PETSC_ERR_SUP: %s\n", ierr == PETSC_ERR_SUP ? "yes" : "no"));

  PetscCall(PetscRandomDestroy(&rnd));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&b));
  PetscCall(VecDestroy(&y));
  PetscCall(VecDestroy(&z));
  PetscCall(VecDestroy(&u));
  PetscCall(MatDestroy(&A));
  PetscCall(MatDestroy(&M8));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST

  build:
    requires: !complex double

  test:
    suffix: serial
    args: -n 128

  test:
    suffix: mpi
    nsize: 2
    args: -n 128

TEST*/
