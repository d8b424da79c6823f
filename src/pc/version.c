/* SPDX-License-Identifier: BSD-2-Clause */
/*
   The version of the trisplit library that is loaded (include/trisplit.h holds the version a program was
   compiled with: TRISPLIT_VERSION_MAJOR, _MINOR, _SUBMINOR).
*/
#include <petsc/private/petscimpl.h> /* PetscAssertPointer() (PetscValidCharPointer() before PETSc 3.20) */
#include <trisplit/private/core.h> /* trisplit.h and PETSc version compatibility */

/*@C
  TriSplitGetVersion - Gets the trisplit version information in a string.

  Not Collective

  Input Parameter:
. len - length of the string

  Output Parameter:
. version - the version string, "trisplit 0.2.0" for example

  Level: developer

  Note:
  The version is that of the library loaded at run time, which may differ from the
  `TRISPLIT_VERSION_MAJOR`, `TRISPLIT_VERSION_MINOR` and `TRISPLIT_VERSION_SUBMINOR` that a program was
  compiled with: compare them with `TriSplitGetVersionNumber()`.

.seealso: `TriSplitGetVersionNumber()`, `TRISPLIT_VERSION_GE()`, `PetscGetVersion()`
@*/
PetscErrorCode TriSplitGetVersion(char version[], size_t len)
{
  PetscFunctionBegin;
#if PETSC_VERSION_GE(3, 20, 0)
  PetscAssertPointer(version, 1);
#else
  PetscValidCharPointer(version, 1);
#endif
  PetscCall(PetscSNPrintf(version, len, "trisplit %d.%d.%d", TRISPLIT_VERSION_MAJOR, TRISPLIT_VERSION_MINOR, TRISPLIT_VERSION_SUBMINOR));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/*@C
  TriSplitGetVersionNumber - Gets the trisplit version information as numbers.

  Not Collective

  Output Parameters:
+ major    - the major version (optional, pass `NULL` if not requested)
. minor    - the minor version (optional, pass `NULL` if not requested)
- subminor - the subminor version (patch number) (optional, pass `NULL` if not requested)

  Level: developer

  Example Usage:
.vb
    PetscInt major, minor, subminor;

    PetscCall(TriSplitGetVersionNumber(&major, &minor, &subminor));
    if (major != TRISPLIT_VERSION_MAJOR || minor != TRISPLIT_VERSION_MINOR) SETERRQ(PETSC_COMM_SELF, PETSC_ERR_LIB, "trisplit library and header differ");
.ve

  Note:
  The version is that of the library loaded at run time, which may differ from the
  `TRISPLIT_VERSION_MAJOR`, `TRISPLIT_VERSION_MINOR` and `TRISPLIT_VERSION_SUBMINOR` of the header a program
  was compiled with.

.seealso: `TriSplitGetVersion()`, `TRISPLIT_VERSION_GE()`, `PetscGetVersionNumber()`
@*/
PetscErrorCode TriSplitGetVersionNumber(PetscInt *major, PetscInt *minor, PetscInt *subminor)
{
  PetscFunctionBegin;
  if (major) *major = TRISPLIT_VERSION_MAJOR;
  if (minor) *minor = TRISPLIT_VERSION_MINOR;
  if (subminor) *subminor = TRISPLIT_VERSION_SUBMINOR;
  PetscFunctionReturn(PETSC_SUCCESS);
}
