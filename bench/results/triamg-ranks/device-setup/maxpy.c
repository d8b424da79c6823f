/* VecMAXPY of PETSc's CUDA vectors against the host, for local lengths 1..10 and 2..9 vectors */
#include <petscvec.h>
int main(int argc, char **argv)
{
  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  for (PetscInt n = 1; n <= 10; n++) {
    for (PetscInt nv = 2; nv <= 9; nv++) {
      Vec         x, hx, y[9], hy[9];
      PetscScalar a[9];
      PetscReal   d, nx;
      PetscCall(VecCreateSeqCUDA(PETSC_COMM_SELF, n, &x));
      PetscCall(VecCreateSeq(PETSC_COMM_SELF, n, &hx));
      for (PetscInt j = 0; j < nv; j++) {
        PetscCall(VecDuplicate(x, &y[j]));
        PetscCall(VecDuplicate(hx, &hy[j]));
        for (PetscInt i = 0; i < n; i++) {
          PetscCall(VecSetValue(y[j], i, 1.0 + i + 10 * j, INSERT_VALUES));
          PetscCall(VecSetValue(hy[j], i, 1.0 + i + 10 * j, INSERT_VALUES));
        }
        PetscCall(VecAssemblyBegin(y[j])); PetscCall(VecAssemblyEnd(y[j]));
        PetscCall(VecAssemblyBegin(hy[j])); PetscCall(VecAssemblyEnd(hy[j]));
        a[j] = 0.5 + j;
      }
      PetscCall(VecSet(x, 1.0));
      PetscCall(VecSet(hx, 1.0));
      PetscCall(VecMAXPY(x, nv, a, y));
      PetscCall(VecMAXPY(hx, nv, a, hy));
      {
        const PetscScalar *xa, *ha;
        d = 0;
        PetscCall(VecGetArrayRead(x, &xa));
        PetscCall(VecGetArrayRead(hx, &ha));
        for (PetscInt i = 0; i < n; i++) d = PetscMax(d, PetscAbsScalar(xa[i] - ha[i]));
        PetscCall(VecRestoreArrayRead(x, &xa));
        PetscCall(VecRestoreArrayRead(hx, &ha));
      }
      PetscCall(VecNorm(hx, NORM_INFINITY, &nx));
      if (d > 1e-12 * nx) PetscCall(PetscPrintf(PETSC_COMM_SELF, "n %d nv %d: max |device - host| %g (of %g)\n", (int)n, (int)nv, (double)d, (double)nx));
      for (PetscInt j = 0; j < nv; j++) { PetscCall(VecDestroy(&y[j])); PetscCall(VecDestroy(&hy[j])); }
      PetscCall(VecDestroy(&x)); PetscCall(VecDestroy(&hx));
    }
  }
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "maxpy probe done\n"));
  PetscCall(PetscFinalize());
  return 0;
}
