/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "The names of trisplit 0.2 (renamed in 0.3, removed in 0.4) still compile and call the new functions.\n\n";

/* Every call below is deprecated on purpose: the header's TRISPLIT_DEPRECATED_FUNCTION warns of each
   (the user's build sees "Use PCTriSplitSetPivoting() (since trisplit 0.3.0) instead"); this test
   alone silences the warnings. */
#if defined(__GNUC__) || defined(__clang__)
  #pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

#include <petscksp.h>
#include <trisplit.h>
#include "../tutorials/problems.h"

int main(int argc, char **argv)
{
  const char      *types[] = {PCALGTRI, PCMOSD, PCMOSA, PCALTSPLIT};
  MPI_Comm         comm;
  Mat              A;
  PC               pc;
  PCAlgTriPivoting piv;
  PCAlgTriWeight   w;
  PCAlgTriPrecision prec;
  MatFactorShiftType shift;
  PetscInt         its, npaths, m, nshifted;
  PetscReal        amount;
  PetscBool        reuse;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  comm = PETSC_COMM_WORLD;
  PetscCall(TriSplitInitializePackage());
  PetscCall(AssembleStencil(comm, FixedStencils[PROBLEM_MODEL8], 16, MATAIJ, &A));
  for (int t = 0; t < 4; t++) {
    PetscInt mnew;

    PetscCall(PCCreate(comm, &pc));
    PetscCall(PCSetType(pc, types[t]));
    PetscCall(PCSetOperators(pc, A, A));
    PetscCall(PCAlgTriSetPivoting(pc, PCALGTRI_PIVOTING_PARTIAL));
    PetscCall(PCAlgTriGetPivoting(pc, &piv));
    PetscCall(PCAlgTriSetWeight(pc, PCALGTRI_WEIGHT_ABS));
    PetscCall(PCAlgTriGetWeight(pc, &w));
    PetscCall(PCAlgTriSetFactorIterations(pc, 4));
    PetscCall(PCAlgTriGetFactorIterations(pc, &its));
    PetscCall(PCAlgTriSetReuseForest(pc, PETSC_FALSE));
    PetscCall(PCAlgTriGetReuseForest(pc, &reuse));
    PetscCall(PCAlgTriSetPrecision(pc, PCALGTRI_PRECISION_DOUBLE));
    PetscCall(PCAlgTriGetPrecision(pc, &prec));
    PetscCall(PCAlgTriSetShiftType(pc, MAT_SHIFT_NONZERO));
    PetscCall(PCAlgTriGetShiftType(pc, &shift));
    PetscCall(PCAlgTriSetShiftAmount(pc, 1e-3));
    PetscCall(PCAlgTriGetShiftAmount(pc, &amount));
    PetscCall(PCMOSDSetM(pc, 2));
    PetscCall(PCMOSASetM(pc, 2));
    PetscCall(PCAltSplitSetM(pc, 2));
    PetscCall(PCSetUp(pc));
    PetscCall(PCAlgTriGetForest(pc, &npaths, NULL, NULL, NULL));
    PetscCall(PCAlgTriGetRepair(pc, &nshifted, NULL, NULL));
    m = 1;
    if (strcmp(types[t], PCALGTRI)) PetscCall(PCTriSplitGetM(pc, &m));
    /* the old names set what the new ones read */
    {
      PCTriSplitPivoting  pivn;
      PCTriSplitWeight    wn;
      PCTriSplitPrecision precn;
      PetscInt            itsn;

      PetscCall(PCTriSplitGetPivoting(pc, &pivn));
      PetscCall(PCTriSplitGetWeight(pc, &wn));
      PetscCall(PCTriSplitGetPrecision(pc, &precn));
      PetscCall(PCTriSplitGetFactorIterations(pc, &itsn));
      mnew = (pivn == piv && wn == w && precn == prec && itsn == its) ? m : -1;
    }
    PetscCall(PetscPrintf(comm, "%s: pivoting %s, weight %s, precision %s, %" PetscInt_FMT " rounds, reuse %s, shift %s %g; %" PetscInt_FMT " factor(s), %" PetscInt_FMT " paths, %" PetscInt_FMT " shifted; the new getters agree: %s\n", types[t], PCAlgTriPivotings[piv], PCAlgTriWeights[w], PCAlgTriPrecisions[prec], its, PetscBools[reuse], MatFactorShiftTypes[shift], (double)amount, m, npaths, nshifted, mnew == m ? "yes" : "no"));
    PetscCall(PCDestroy(&pc));
  }
  PetscCall(MatDestroy(&A));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST

  build:
    requires: !complex double

  test:
    args: -malloc_dump

TEST*/
