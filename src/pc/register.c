/* SPDX-License-Identifier: BSD-2-Clause */
/*
   Registration of the trisplit preconditioners and log events, by linking
   (TriSplitInitializePackage()) or by -dll_append libtrisplit.so (PetscDLLibraryRegister_trisplit()).
*/
#include <trisplit/private/chainimpl.h>

PETSC_INTERN PetscErrorCode PCCreate_AlgTri(PC);
PETSC_INTERN PetscErrorCode PCCreate_MOSD(PC);
PETSC_INTERN PetscErrorCode PCCreate_AltSplit(PC);
PETSC_INTERN PetscErrorCode PCCreate_MOSA(PC);
PETSC_INTERN PetscErrorCode PCCreate_TriAMG(PC);
PETSC_INTERN PetscErrorCode MatCreate_Tridiag(Mat);
PETSC_INTERN PetscErrorCode MatSolverTypeRegister_RPTS(void);
PETSC_INTERN PetscErrorCode MatRegister_CSRCUDA(void);
PETSC_INTERN PetscErrorCode MatRegister_MPICSRCUDA(void);

PetscLogEvent TriSplit_Graph, TriSplit_Factor, TriSplit_Forest, TriSplit_Bands, TriSplit_TriFactor, TriSplit_Solve, TriSplit_MOSAProduct;
PetscLogEvent TriSplit_PivotCheck, TriSplit_RPTSPlan;
PetscLogEvent TriSplit_AMGAggregate, TriSplit_AMGEstimate, TriSplit_AMGProlongator, TriSplit_AMGGalerkin, TriSplit_AMGPtAPSymbolic, TriSplit_AMGPtAPNumeric, TriSplit_AMGMatCreate, TriSplit_AMGExchange, TriSplit_AMGGather;

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
  TriSplitInitializePackage - Registers the trisplit preconditioners (`PCALGTRI`, `PCMOSD`, `PCMOSA`, `PCALTSPLIT`, `PCTRIAMG`) and their log events, the matrix type `MATTRIDIAG` and the solver `MATSOLVERRPTS`

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
  PetscCall(PCRegister(PCTRIAMG, PCCreate_TriAMG));
  PetscCall(MatInitializePackage());
  PetscCall(MatRegister(MATTRIDIAG, MatCreate_Tridiag));
  PetscCall(MatSolverTypeRegister_RPTS());
  PetscCall(MatRegister_CSRCUDA());
  PetscCall(MatRegister_MPICSRCUDA());
  /* setup: the weight graph, the [0,2]-factor, the linear forest, the bands, their factorization
     (host) and MOS-a's products; apply: the tridiagonal solves with their permutations */
  PetscCall(PetscLogEventRegister("TriSplitGraph", PC_CLASSID, &TriSplit_Graph));
  PetscCall(PetscLogEventRegister("TriSplitFactor", PC_CLASSID, &TriSplit_Factor));
  PetscCall(PetscLogEventRegister("TriSplitForest", PC_CLASSID, &TriSplit_Forest));
  PetscCall(PetscLogEventRegister("TriSplitBands", PC_CLASSID, &TriSplit_Bands));
  PetscCall(PetscLogEventRegister("TriSplitTriLU", PC_CLASSID, &TriSplit_TriFactor));
  PetscCall(PetscLogEventRegister("TriSplitSolve", PC_CLASSID, &TriSplit_Solve));
  PetscCall(PetscLogEventRegister("TriSplitMOSAProd", PC_CLASSID, &TriSplit_MOSAProduct));
  PetscCall(PetscLogEventRegister("TriSplitPivCheck", PC_CLASSID, &TriSplit_PivotCheck));
  PetscCall(PetscLogEventRegister("TriSplitRPTSPlan", PC_CLASSID, &TriSplit_RPTSPlan));
  /* PCTRIAMG's setup phases: aggregates from the forests, the estimate of rho(D^-1 A) for the damping, prolongators,
     Galerkin products (on one rank: their patterns, their values), and the hand-over of the new matrices to PETSc
     (on the device: the patterns' copy to the host that a MATSEQAIJCUSPARSE keeps, PETSc's pass over them, the copy
     back) */
  PetscCall(PetscLogEventRegister("TriAMGAggregate", PC_CLASSID, &TriSplit_AMGAggregate));
  PetscCall(PetscLogEventRegister("TriAMGEstimate", PC_CLASSID, &TriSplit_AMGEstimate));
  PetscCall(PetscLogEventRegister("TriAMGProlong", PC_CLASSID, &TriSplit_AMGProlongator));
  PetscCall(PetscLogEventRegister("TriAMGGalerkin", PC_CLASSID, &TriSplit_AMGGalerkin));
  PetscCall(PetscLogEventRegister("TriAMGPtAPSym", PC_CLASSID, &TriSplit_AMGPtAPSymbolic));
  PetscCall(PetscLogEventRegister("TriAMGPtAPNum", PC_CLASSID, &TriSplit_AMGPtAPNumeric));
  PetscCall(PetscLogEventRegister("TriAMGMatCreate", PC_CLASSID, &TriSplit_AMGMatCreate));
  PetscCall(PetscLogEventRegister("TriAMGExchange", PC_CLASSID, &TriSplit_AMGExchange));
  PetscCall(PetscLogEventRegister("TriAMGGather", PC_CLASSID, &TriSplit_AMGGather));
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
