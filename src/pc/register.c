/*
   Registration of the trisplit preconditioners and log events, by linking
   (TriSplitInitializePackage()) or by -dll_append libtrisplit.so (PetscDLLibraryRegister_trisplit()).
*/
#include <trisplit/private/forestimpl.h>

PETSC_INTERN PetscErrorCode PCCreate_AlgTri(PC);
PETSC_INTERN PetscErrorCode PCCreate_MOSD(PC);
PETSC_INTERN PetscErrorCode PCCreate_AltSplit(PC);
PETSC_INTERN PetscErrorCode PCCreate_MOSA(PC);
PETSC_INTERN PetscErrorCode MatCreate_Tridiag(Mat);
PETSC_INTERN PetscErrorCode MatSolverTypeRegister_RPTS(void);

PetscLogEvent TS_Graph, TS_Factor, TS_Forest, TS_Bands, TS_TriFactor, TS_TriSolve, TS_MOSAProduct;

static PetscBool TriSplitPackageInitialized = PETSC_FALSE;

/*@C
  TriSplitFinalizePackage - Called from `PetscFinalize()` to forget the trisplit registrations

  Level: developer

.seealso: `TriSplitInitializePackage()`
@*/
PetscErrorCode TriSplitFinalizePackage(void)
{
  PetscFunctionBegin;
  TriSplitPackageInitialized = PETSC_FALSE;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@C
  TriSplitInitializePackage - Registers the trisplit preconditioners (`PCALGTRI`, `PCMOSD`, `PCMOSA`, `PCALTSPLIT`) and their log events, the matrix type `MATTRIDIAG` and the solver `MATSOLVERRPTS`

  Not Collective

  Notes:
  Call it once after `PetscInitialize()` when linking against libtrisplit; calling it again does
  nothing. Loading the library with `-dll_append /path/libtrisplit.so` calls it automatically.

  Level: beginner

.seealso: `PCALGTRI`, `PCMOSD`, `PCALTSPLIT`, `PCRegister()`, `TriSplitFinalizePackage()`
@*/
PetscErrorCode TriSplitInitializePackage(void)
{
  PetscFunctionBegin;
  if (TriSplitPackageInitialized) PetscFunctionReturn(PETSC_SUCCESS);
  TriSplitPackageInitialized = PETSC_TRUE;
  PetscCall(PCInitializePackage());
  PetscCall(PCRegister(PCALGTRI, PCCreate_AlgTri));
  PetscCall(PCRegister(PCMOSD, PCCreate_MOSD));
  PetscCall(PCRegister(PCALTSPLIT, PCCreate_AltSplit));
  PetscCall(PCRegister(PCMOSA, PCCreate_MOSA));
  PetscCall(MatInitializePackage());
  PetscCall(MatRegister(MATTRIDIAG, MatCreate_Tridiag));
  PetscCall(MatSolverTypeRegister_RPTS());
  PetscCall(PetscLogEventRegister("TSGraph", PC_CLASSID, &TS_Graph));
  PetscCall(PetscLogEventRegister("TSFactor02", PC_CLASSID, &TS_Factor));
  PetscCall(PetscLogEventRegister("TSForest", PC_CLASSID, &TS_Forest));
  PetscCall(PetscLogEventRegister("TSBands", PC_CLASSID, &TS_Bands));
  PetscCall(PetscLogEventRegister("TSTriFactor", PC_CLASSID, &TS_TriFactor));
  PetscCall(PetscLogEventRegister("TSTriSolve", PC_CLASSID, &TS_TriSolve));
  PetscCall(PetscLogEventRegister("TSMOSAProduct", PC_CLASSID, &TS_MOSAProduct));
  PetscCall(PetscRegisterFinalize(TriSplitFinalizePackage));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* PETSc calls this when the library is opened through -dll_append / -dll_prepend. */
PETSC_EXTERN PetscErrorCode PetscDLLibraryRegister_trisplit(void)
{
  PetscFunctionBegin;
  PetscCall(TriSplitInitializePackage());
  PetscFunctionReturn(PETSC_SUCCESS);
}
