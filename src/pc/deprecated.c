/* SPDX-License-Identifier: BSD-2-Clause */
/*
   The function names of trisplit 0.2, kept for one release (removed in 0.4): each calls its new name.
   The header declares them with TRISPLIT_DEPRECATED_FUNCTION, so that code using them compiles with a
   deprecation warning that names the replacement.
*/
#include <trisplit/private/chainimpl.h>

/*@
  PCAlgTriSetPivoting - Deprecated: use `PCTriSplitSetPivoting()`

  Level: deprecated

.seealso: `PCTriSplitSetPivoting()`
@*/
PetscErrorCode PCAlgTriSetPivoting(PC pc, PCAlgTriPivoting a)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitSetPivoting(pc, a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetPivoting - Deprecated: use `PCTriSplitGetPivoting()`

  Level: deprecated

.seealso: `PCTriSplitGetPivoting()`
@*/
PetscErrorCode PCAlgTriGetPivoting(PC pc, PCAlgTriPivoting *a)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitGetPivoting(pc, a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriSetWeight - Deprecated: use `PCTriSplitSetWeight()`

  Level: deprecated

.seealso: `PCTriSplitSetWeight()`
@*/
PetscErrorCode PCAlgTriSetWeight(PC pc, PCAlgTriWeight a)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitSetWeight(pc, a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetWeight - Deprecated: use `PCTriSplitGetWeight()`

  Level: deprecated

.seealso: `PCTriSplitGetWeight()`
@*/
PetscErrorCode PCAlgTriGetWeight(PC pc, PCAlgTriWeight *a)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitGetWeight(pc, a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriSetFactorIterations - Deprecated: use `PCTriSplitSetFactorIterations()`

  Level: deprecated

.seealso: `PCTriSplitSetFactorIterations()`
@*/
PetscErrorCode PCAlgTriSetFactorIterations(PC pc, PetscInt a)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitSetFactorIterations(pc, a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetFactorIterations - Deprecated: use `PCTriSplitGetFactorIterations()`

  Level: deprecated

.seealso: `PCTriSplitGetFactorIterations()`
@*/
PetscErrorCode PCAlgTriGetFactorIterations(PC pc, PetscInt *a)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitGetFactorIterations(pc, a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriSetReuseForest - Deprecated: use `PCTriSplitSetReuseForest()`

  Level: deprecated

.seealso: `PCTriSplitSetReuseForest()`
@*/
PetscErrorCode PCAlgTriSetReuseForest(PC pc, PetscBool a)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitSetReuseForest(pc, a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetReuseForest - Deprecated: use `PCTriSplitGetReuseForest()`

  Level: deprecated

.seealso: `PCTriSplitGetReuseForest()`
@*/
PetscErrorCode PCAlgTriGetReuseForest(PC pc, PetscBool *a)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitGetReuseForest(pc, a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriSetPrecision - Deprecated: use `PCTriSplitSetPrecision()`

  Level: deprecated

.seealso: `PCTriSplitSetPrecision()`
@*/
PetscErrorCode PCAlgTriSetPrecision(PC pc, PCAlgTriPrecision a)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitSetPrecision(pc, a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetPrecision - Deprecated: use `PCTriSplitGetPrecision()`

  Level: deprecated

.seealso: `PCTriSplitGetPrecision()`
@*/
PetscErrorCode PCAlgTriGetPrecision(PC pc, PCAlgTriPrecision *a)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitGetPrecision(pc, a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetForest - Deprecated: use `PCTriSplitGetForest()`

  Level: deprecated

.seealso: `PCTriSplitGetForest()`
@*/
PetscErrorCode PCAlgTriGetForest(PC pc, PetscInt *a, PetscInt *b, PetscReal *c, PetscReal *d)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitGetForest(pc, a, b, c, d));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriSetShiftType - Deprecated: use `PCTriSplitSetShiftType()`

  Level: deprecated

.seealso: `PCTriSplitSetShiftType()`
@*/
PetscErrorCode PCAlgTriSetShiftType(PC pc, MatFactorShiftType a)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitSetShiftType(pc, a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetShiftType - Deprecated: use `PCTriSplitGetShiftType()`

  Level: deprecated

.seealso: `PCTriSplitGetShiftType()`
@*/
PetscErrorCode PCAlgTriGetShiftType(PC pc, MatFactorShiftType *a)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitGetShiftType(pc, a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriSetShiftAmount - Deprecated: use `PCTriSplitSetShiftAmount()`

  Level: deprecated

.seealso: `PCTriSplitSetShiftAmount()`
@*/
PetscErrorCode PCAlgTriSetShiftAmount(PC pc, PetscReal a)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitSetShiftAmount(pc, a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetShiftAmount - Deprecated: use `PCTriSplitGetShiftAmount()`

  Level: deprecated

.seealso: `PCTriSplitGetShiftAmount()`
@*/
PetscErrorCode PCAlgTriGetShiftAmount(PC pc, PetscReal *a)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitGetShiftAmount(pc, a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAlgTriGetRepair - Deprecated: use `PCTriSplitGetRepair()`

  Level: deprecated

.seealso: `PCTriSplitGetRepair()`
@*/
PetscErrorCode PCAlgTriGetRepair(PC pc, PetscInt *a, PetscReal *b, PetscInt *c)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitGetRepair(pc, a, b, c));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCMOSDSetM - Deprecated: use `PCTriSplitSetM()`

  Level: deprecated

.seealso: `PCTriSplitSetM()`
@*/
PetscErrorCode PCMOSDSetM(PC pc, PetscInt a)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitSetM(pc, a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCMOSASetM - Deprecated: use `PCTriSplitSetM()`

  Level: deprecated

.seealso: `PCTriSplitSetM()`
@*/
PetscErrorCode PCMOSASetM(PC pc, PetscInt a)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitSetM(pc, a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@
  PCAltSplitSetM - Deprecated: use `PCTriSplitSetM()`

  Level: deprecated

.seealso: `PCTriSplitSetM()`
@*/
PetscErrorCode PCAltSplitSetM(PC pc, PetscInt a)
{
  PetscFunctionBegin;
  PetscCall(PCTriSplitSetM(pc, a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

