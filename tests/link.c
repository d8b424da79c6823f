/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "A program linked with -ltrisplit, as include/trisplit.h documents: the PC types exist once\n\
TriSplitInitializePackage() has run after PetscInitialize(), and not before (linking alone registers nothing).\n\n";

#include <petscksp.h>
#include <trisplit.h>

/* The first message of the last error, recorded by an error handler that returns instead of aborting */
static char last_error[512];

static PetscErrorCode RecordError(MPI_Comm comm, int line, const char *func, const char *file, PetscErrorCode n, PetscErrorType p, const char *mess, void *ctx)
{
  (void)comm;
  (void)line;
  (void)func;
  (void)file;
  (void)ctx;
  if (p == PETSC_ERROR_INITIAL && mess) PetscCallContinue(PetscStrncpy(last_error, mess, sizeof(last_error)));
  return n;
}

int main(int argc, char **argv)
{
  const char    *types[] = {PCALGTRI, PCMOSD, PCMOSA, PCALTSPLIT, PCTRIAMG};
  PC             pc;
  PetscErrorCode ierr;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  /* linked, not registered: PCSetType() does not know the types */
  PetscCall(PCCreate(PETSC_COMM_WORLD, &pc));
  PetscCall(PetscPushErrorHandler(RecordError, NULL));
  ierr = PCSetType(pc, PCALGTRI);
  PetscCall(PetscPopErrorHandler());
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "before TriSplitInitializePackage(): PCSetType(pc, PCALGTRI) fails: %s\n  %s\n", ierr ? "yes" : "no", last_error));
  PetscCall(PCDestroy(&pc));
  /* what the header says to call */
  PetscCall(TriSplitInitializePackage());
  for (int t = 0; t < 5; t++) {
    PCType type;

    PetscCall(PCCreate(PETSC_COMM_WORLD, &pc));
    PetscCall(PCSetType(pc, types[t]));
    PetscCall(PCGetType(pc, &type));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "after TriSplitInitializePackage(): PCSetType(pc, \"%s\") gives type %s\n", types[t], type));
    PetscCall(PCDestroy(&pc));
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST

  build:
    requires: !complex double

  test:
    args: -malloc_dump

TEST*/
