/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "Tests PCTRIAMG: grid independence of its iteration counts on the model problems, the reuse of its\n\
prolongators across SAME_NONZERO_PATTERN updates, its hierarchy (for host/device comparisons) and bad input.\n\
  -test <grid,reuse,hierarchy,bad,kernel,galerkin,nodal,saddle,cycle,gather>  what to test\n\
  -problems <list>  model problems of tutorials/ex1 (default: all six)\n\
  -sizes <list>     grid points per direction of the 2D problems (default 64,128,256)\n\
  -sizes3d <list>   of the 3D Laplacian (default 16,24,32)\n\
  -n <128>          grid of the reuse and hierarchy tests (ANISO1 or -problem)\n\
  -bounds <list>    the most iterations the grid test accepts, one per problem\n\
  -verbose          print the grid test's counts\n\
  -growth <1.5>     the grid test accepts counts at most growth times the one of the size before, or 3 more\n\
  -bad <nan,zerorow,zerodiag>  the bad input\n\
  -uneven           (galerkin, gather; 3 or more ranks) rank 0 owns no row, rank 1 one row\n\n";

#include <petscksp.h>
#include <trisplit.h>
#include "../tutorials/problems.h"
#include "trisplit_kernels.h"

/* A KSP with PCTRIAMG (GMRES by default, GMRES(restart) for restart > 0, the PC side unless PC_SIDE_DEFAULT, rtol, at
   most 1000 iterations; then the options) solved for b = A 1 from x = 0: the KSP and the solution x, the caller's */
static PetscErrorCode SolveOnes(Mat A, PetscInt restart, PCSide side, PetscReal rtol, KSP *ksp, Vec *x)
{
  PC  pc;
  Vec b;

  PetscFunctionBegin;
  PetscCall(MatCreateVecs(A, x, &b));
  PetscCall(VecSet(*x, 1.0));
  PetscCall(MatMult(A, *x, b));
  PetscCall(VecSet(*x, 0.0));
  PetscCall(KSPCreate(PETSC_COMM_WORLD, ksp));
  PetscCall(KSPSetOperators(*ksp, A, A));
  PetscCall(KSPSetType(*ksp, KSPGMRES));
  if (restart > 0) PetscCall(KSPGMRESSetRestart(*ksp, restart));
  if (side != PC_SIDE_DEFAULT) PetscCall(KSPSetPCSide(*ksp, side));
  PetscCall(KSPSetTolerances(*ksp, rtol, PETSC_DEFAULT, PETSC_DEFAULT, 1000));
  PetscCall(KSPGetPC(*ksp, &pc));
  PetscCall(PCSetType(pc, PCTRIAMG));
  PetscCall(KSPSetFromOptions(*ksp));
  PetscCall(KSPSolve(*ksp, b, *x));
  PetscCall(VecDestroy(&b));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* iterations of a KSP (-ksp_type etc. from the options, GMRES(20) by default) with PCTRIAMG on A, b = A 1;
   a failed solve gives -1 */
static PetscErrorCode Iterations(Mat A, PetscInt *its, KSPConvergedReason *reason)
{
  KSP ksp;
  Vec x;

  PetscFunctionBegin;
  PetscCall(SolveOnes(A, 20, PC_SIDE_DEFAULT, 1e-6, &ksp, &x));
  PetscCall(KSPGetIterationNumber(ksp, its));
  PetscCall(KSPGetConvergedReason(ksp, reason));
  if (*reason < 0) *its = -1;
  PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* 1. iteration counts over the grid sizes of each problem (each about twice the one before), and whether each
   stays within the growth of the one before (or within 3 iterations: small counts move in steps of one) */
static PetscErrorCode TestGrid(PetscReal growth)
{
  PetscInt  np = 6, ns = 8, ns3 = 8, nb = 6, problems[6] = {0, 1, 2, 3, 4, 5}, sizes[8] = {64, 128, 256}, sizes3[8] = {16, 24, 32}, bounds[6] = {1000, 1000, 1000, 1000, 1000, 1000};
  PetscBool flg, verbose = PETSC_FALSE;
  char      ksptype[64] = "gmres";

  PetscFunctionBegin;
  PetscCall(PetscOptionsGetEnumArray(NULL, NULL, "-problems", Problems, (PetscEnum *)problems, &np, &flg));
  if (!flg) np = 6;
  PetscCall(PetscOptionsGetIntArray(NULL, NULL, "-sizes", sizes, &ns, &flg));
  if (!flg) ns = 3;
  PetscCall(PetscOptionsGetIntArray(NULL, NULL, "-sizes3d", sizes3, &ns3, &flg));
  if (!flg) ns3 = 3;
  PetscCall(PetscOptionsGetIntArray(NULL, NULL, "-bounds", bounds, &nb, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-verbose", &verbose, NULL));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-ksp_type", ksptype, sizeof(ksptype), &flg));
  for (PetscInt p = 0; p < np; p++) {
    const PetscBool is3d = (PetscBool)(problems[p] == PROBLEM_LAP3D);
    const PetscInt  m    = is3d ? ns3 : ns;
    PetscInt        lo = PETSC_MAX_INT, hi = 0, prev = -1;
    PetscBool       flat = PETSC_TRUE;
    char            line[256] = "";

    for (PetscInt k = 0; k < m; k++) {
      Mat                A;
      PetscInt           its;
      KSPConvergedReason reason;
      char               item[32];

      PetscCall(AssembleMatrix((Problem)problems[p], is3d ? sizes3[k] : sizes[k], 1e-3, 45, 100, &A));
      PetscCall(Iterations(A, &its, &reason));
      PetscCall(MatDestroy(&A));
      PetscCall(PetscSNPrintf(item, sizeof(item), " n=%" PetscInt_FMT ": %" PetscInt_FMT, is3d ? sizes3[k] : sizes[k], its));
      PetscCall(PetscStrlcat(line, item, sizeof(line)));
      if (its < 0) lo = -1;
      if (prev > 0 && its > growth * prev && its - prev > 3) flat = PETSC_FALSE;
      prev = its;
      lo = PetscMin(lo, its);
      hi = PetscMax(hi, its);
    }
    if (verbose) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%-8s %s:%s\n", Problems[problems[p]], ksptype, line));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%-8s %s: grid independent (each count within %gx or 3 of the one before): %s; at most %" PetscInt_FMT " iterations: %s\n", Problems[problems[p]], ksptype, (double)growth, lo > 0 && flat ? "yes" : "no", bounds[p], lo > 0 && hi <= bounds[p] ? "yes" : "no"));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A = f A0 + s I of step k of the sequence, written on the stored diagonal (no MatShift(): PETSc 3.25 counts its
   MPI version as a change of nonzero pattern) */
static PetscErrorCode Step(Mat A0, PetscInt k, Mat A)
{
  const PetscReal f = 1 + 0.2 * PetscSinReal((PetscReal)k), s = 0.01 * (1 + 0.5 * PetscCosReal((PetscReal)k));
  PetscInt        rstart, rend;

  PetscFunctionBegin;
  PetscCall(MatCopy(A0, A, SAME_NONZERO_PATTERN));
  PetscCall(MatScale(A, f));
  PetscCall(MatGetOwnershipRange(A, &rstart, &rend));
  for (PetscInt i = rstart; i < rend; i++) PetscCall(MatSetValue(A, i, i, s, ADD_VALUES));
  PetscCall(MatAssemblyBegin(A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* 2. A sequence of operators of one pattern: the second setup keeps the aggregates and prolongators (the
   hierarchy's builds and refreshes) and converges as a PC built anew on the new operator does */
static PetscErrorCode TestReuse(Problem problem, PetscInt n)
{
  Mat                A0, A;
  KSP                ksp;
  PC                 pc;
  Vec                x, b;
  PetscInt           its[3], builds, refreshes, nlevels;
  KSPConvergedReason reason;

  PetscFunctionBegin;
  PetscCall(AssembleMatrix(problem, n, 1e-3, 45, 100, &A0));
  PetscCall(MatDuplicate(A0, MAT_COPY_VALUES, &A));
  PetscCall(MatCreateVecs(A, &x, &b));
  PetscCall(VecSet(b, 1.0));
  PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPSetTolerances(ksp, 1e-6, PETSC_DEFAULT, PETSC_DEFAULT, 1000));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, PCTRIAMG));
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(KSPSolve(ksp, b, x));
  PetscCall(KSPGetIterationNumber(ksp, &its[0]));
  for (PetscInt k = 1; k <= 2; k++) {
    PetscCall(Step(A0, 3 * k, A));
    PetscCall(KSPSetOperators(ksp, A, A));
    PetscCall(KSPSolve(ksp, b, x));
    PetscCall(KSPGetConvergedReason(ksp, &reason));
    PetscCall(KSPGetIterationNumber(ksp, &its[k]));
    if (reason < 0) its[k] = -1;
  }
  PetscCall(PCTriAMGGetHierarchy(pc, &nlevels, NULL, NULL, &builds, &refreshes));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "reuse %s n=%" PetscInt_FMT ": %" PetscInt_FMT " levels, %" PetscInt_FMT " build(s), %" PetscInt_FMT " refreshes; the refreshed solves take at most 1 iteration more than the first: %s\n", Problems[problem], n, nlevels, builds, refreshes, its[1] > 0 && its[2] > 0 && its[1] <= its[0] + 1 && its[2] <= its[0] + 1 ? "yes" : "no"));
  PetscCall(PetscInfo(NULL, "reuse: iterations %" PetscInt_FMT ", %" PetscInt_FMT ", %" PetscInt_FMT "\n", its[0], its[1], its[2]));
  {
    PetscInt its_fresh;

    PetscCall(Iterations(A, &its_fresh, &reason));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  the last operator with a hierarchy built anew: the kept one within 1 iteration of it: %s\n", its_fresh > 0 && PetscAbsInt(its_fresh - its[2]) <= 1 ? "yes" : "no"));
  }
  /* reuse off: every setup builds */
  PetscCall(PCTriAMGSetReuseInterpolation(pc, PETSC_FALSE));
  PetscCall(Step(A0, 10, A));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPSolve(ksp, b, x));
  PetscCall(PCTriAMGGetHierarchy(pc, NULL, NULL, NULL, &builds, &refreshes));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  reuse off: %" PetscInt_FMT " builds, %" PetscInt_FMT " refreshes\n", builds, refreshes));
  PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&b));
  PetscCall(MatDestroy(&A));
  PetscCall(MatDestroy(&A0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* 3. The hierarchy: rows and nonzeros of the two finest levels and the finest level's aggregate checksum, the same
   on host and device and in every PETSc version (the finest forest is the user's matrix's, bit for bit, and the
   second level's pattern follows from it); -all_levels prints every level, whose coarse forests depend on the
   rounding of the Galerkin products */
static PetscErrorCode TestHierarchy(Problem problem, PetscInt n)
{
  Mat               A;
  KSP               ksp;
  PC                pc;
  PetscInt          nlevels;
  const PetscInt   *rows;
  const PetscInt64 *aggsum;
  PetscBool         all = PETSC_FALSE;

  PetscFunctionBegin;
  PetscCall(AssembleMatrix(problem, n, 1e-3, 45, 100, &A));
  PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, PCTRIAMG));
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(KSPSetUp(ksp));
  PetscCall(KSPViewFromOptions(ksp, NULL, "-hierarchy_view"));
  PetscCall(PCTriAMGGetHierarchy(pc, &nlevels, &rows, &aggsum, NULL, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-all_levels", &all, NULL));
  if (all) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s n=%" PetscInt_FMT ": %" PetscInt_FMT " levels\n", Problems[problem], n, nlevels));
  else PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s n=%" PetscInt_FMT ": at least 2 levels: %s\n", Problems[problem], n, nlevels >= 2 ? "yes" : "no"));
  for (PetscInt l = 0; l < (all ? nlevels : PetscMin(nlevels, 2)); l++) {
    KSP     smoother;
    Mat     Al;
    MatInfo info;

    PetscCall(PCMGGetSmoother(pc, nlevels - 1 - l, &smoother));
    PetscCall(KSPGetOperators(smoother, &Al, NULL)); /* the level (on one GPU the coarsest preconditioning matrix is its inverse) */
    PetscCall(MatGetInfo(Al, MAT_GLOBAL_SUM, &info));
    if (l + 1 < nlevels && (all || l == 0)) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  level %" PetscInt_FMT ": %" PetscInt_FMT " rows, %.0f nonzeros, aggregate checksum %" PetscInt64_FMT "\n", l, rows[l], (double)info.nz_used, aggsum[l]));
    else if (l + 1 < nlevels) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  level %" PetscInt_FMT ": %" PetscInt_FMT " rows, %.0f nonzeros\n", l, rows[l], (double)info.nz_used));
    else PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  level %" PetscInt_FMT ": %" PetscInt_FMT " rows, %.0f nonzeros (coarsest)\n", l, rows[l], (double)info.nz_used));
  }
  PetscCall(KSPDestroy(&ksp));
  PetscCall(MatDestroy(&A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* 4. Bad input: ANISO1 with a NaN entry, an empty row or a zero diagonal entry in the middle of the grid */
static PetscErrorCode TestBad(PetscInt n, const char bad[])
{
  Mat                A;
  PetscInt           its, row = n * n / 2 + n / 2, rstart, rend;
  PetscBool          isnan, isrow, isdiag;
  KSPConvergedReason reason;

  PetscFunctionBegin;
  PetscCall(PetscStrcmp(bad, "nan", &isnan));
  PetscCall(PetscStrcmp(bad, "zerorow", &isrow));
  PetscCall(PetscStrcmp(bad, "zerodiag", &isdiag));
  PetscCheck(isnan || isrow || isdiag, PETSC_COMM_WORLD, PETSC_ERR_ARG_WRONG, "-bad nan, zerorow or zerodiag, not %s", bad);
  PetscCall(AssembleMatrix(PROBLEM_ANISO1, n, 1e-3, 45, 100, &A));
  PetscCall(MatGetOwnershipRange(A, &rstart, &rend));
  if (isrow) PetscCall(MatZeroRows(A, 1, &row, 0.0, NULL, NULL));
  else if (row >= rstart && row < rend) PetscCall(MatSetValue(A, row, row, isnan ? (PetscScalar)NAN : (PetscScalar)0.0, INSERT_VALUES));
  PetscCall(MatAssemblyBegin(A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(A, MAT_FINAL_ASSEMBLY));
  PetscCall(Iterations(A, &its, &reason));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "ANISO1 n=%" PetscInt_FMT " with %s at row %" PetscInt_FMT ": %s\n", n, bad, row, KSPConvergedReasons[reason]));
  PetscCall(MatDestroy(&A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* 5. The aggregate kernel (ts_ref_aggregate): paths of 1 to 10 vertices in one forest, vertices numbered backwards
   so that perm is not the identity; the aggregate sizes of each path for s = 1 to 4 */
static PetscErrorCode TestKernel(void)
{
  const PetscInt n = 55; /* 1 + 2 + ... + 10 */
  PetscInt       perm[55], path_id[55], agg[55], count[55];

  PetscFunctionBegin;
  for (PetscInt k = 0, len = 1, pos = 0; k < n; k++) {
    perm[k]          = n - 1 - k;
    path_id[perm[k]] = len;
    if (++pos == len) {
      pos = 0;
      len++;
    }
  }
  for (PetscInt s = 1; s <= 4; s++) {
    PetscInt nagg = ts_ref_aggregate(n, perm, path_id, s, agg), k = 0, ok = 1;

    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "s = %" PetscInt_FMT ": %" PetscInt_FMT " aggregates; sizes per path:", s, nagg));
    PetscCall(PetscArrayzero(count, n));
    for (PetscInt i = 0; i < n; i++) count[agg[i]]++;
    for (PetscInt len = 1; len <= 10; len++) {
      PetscInt first = agg[perm[k]], last = agg[perm[k + len - 1]];

      PetscCall(PetscPrintf(PETSC_COMM_WORLD, " "));
      for (PetscInt a = first; a <= last; a++) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s%" PetscInt_FMT, a > first ? "+" : "", count[a]));
      for (PetscInt i = 1; i < len; i++) ok = ok && agg[perm[k + i]] >= agg[perm[k + i - 1]] && agg[perm[k + i]] <= agg[perm[k + i - 1]] + 1;
      k += len;
    }
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "; consecutive along the paths: %s\n", ok ? "yes" : "no"));
  }
  PetscCheck(ts_ref_aggregate(n, perm, path_id, 0, agg) == -1, PETSC_COMM_WORLD, PETSC_ERR_PLIB, "s = 0 accepted");
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* 5. The coarse operators: every level's product (the backend's own on one rank, MatPtAP() across ranks) against
   PETSc's MatPtAP() of the same A and P on the host, and P's row sums, which the lumping of weak and off-process
   entries keeps at those of full smoothing: 1 - omega (A 1)_i / a_ii, omega read from the row of the largest
   |(A 1)_i / a_ii| (0 on the levels that are not smoothed) */
/* With -uneven, A redistributed so that rank 0 owns no row and rank 1 one row (the others share the rest): the
   hierarchy across ranks must take an empty rank and a rank of one row */
static PetscErrorCode Uneven(Mat *A)
{
  PetscBool   uneven = PETSC_FALSE;
  PetscMPIInt rank, size;
  PetscInt    N, start, count;
  IS          rows;
  Mat         B;

  PetscFunctionBegin;
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-uneven", &uneven, NULL));
  PetscCallMPI(MPI_Comm_size(PETSC_COMM_WORLD, &size));
  if (!uneven || size < 3) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  PetscCall(MatGetSize(*A, &N, NULL));
  if (rank == 0) {
    start = 0;
    count = 0;
  } else if (rank == 1) {
    start = 0;
    count = 1;
  } else {
    PetscInt rest = N - 1, share = rest / (size - 2), extra = rest % (size - 2), r = rank - 2;

    start = 1 + r * share + PetscMin(r, extra);
    count = share + (r < extra ? 1 : 0);
  }
  PetscCall(ISCreateStride(PETSC_COMM_WORLD, count, start, 1, &rows));
  PetscCall(MatCreateSubMatrix(*A, rows, rows, MAT_INITIAL_MATRIX, &B));
  PetscCall(ISDestroy(&rows));
  PetscCall(MatDestroy(A));
  *A = B;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The level matrices' operations against those of their host copies: y = M x, M^T x, w + M x (into another vector
   and in place), w + M^T x (both), the diagonal, the residual w - M x */
typedef enum {
  OP_MULT,
  OP_MULT_T,
  OP_MULT_ADD,
  OP_MULT_ADD_INPLACE,
  OP_MULT_T_ADD,
  OP_MULT_T_ADD_INPLACE,
  OP_DIAGONAL,
  OP_RESIDUAL,
  OP_COUNT
} LevelOp;

/* v's local values from hv's (same layout, any memory) */
static PetscErrorCode CopyLocal(Vec hv, Vec v)
{
  const PetscScalar *ha;
  PetscScalar       *a;
  PetscInt           n;

  PetscFunctionBegin;
  PetscCall(VecGetLocalSize(hv, &n));
  PetscCall(VecGetArrayRead(hv, &ha));
  PetscCall(VecGetArray(v, &a));
  PetscCall(PetscArraycpy(a, ha, n));
  PetscCall(VecRestoreArray(v, &a));
  PetscCall(VecRestoreArrayRead(hv, &ha));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* a, then b (if not NULL), from one PETSCRAND48 generator seeded with seed: the same values on every run and backend */
static PetscErrorCode SeededVectors(unsigned long seed, Vec a, Vec b)
{
  PetscRandom rnd;

  PetscFunctionBegin;
  PetscCall(PetscRandomCreate(PETSC_COMM_WORLD, &rnd));
  PetscCall(PetscRandomSetType(rnd, PETSCRAND48));
  PetscCall(PetscRandomSetSeed(rnd, seed));
  PetscCall(PetscRandomSeed(rnd));
  PetscCall(VecSetRandom(a, rnd));
  if (b) PetscCall(VecSetRandom(b, rnd));
  PetscCall(PetscRandomDestroy(&rnd));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* *err = |y - hy| and *nrm = |hy| for y (any memory) and hy (the host copy's, same layout) */
static PetscErrorCode Difference(Vec y, Vec hy, PetscReal *err, PetscReal *nrm)
{
  Vec d;

  PetscFunctionBegin;
  PetscCall(VecDuplicate(hy, &d));
  PetscCall(CopyLocal(y, d));
  PetscCall(VecAXPY(d, -1.0, hy));
  PetscCall(VecNorm(d, NORM_2, err));
  PetscCall(VecNorm(hy, NORM_2, nrm));
  PetscCall(VecDestroy(&d));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* the matrix twin of Difference(): |M - hM|_F and |hM|_F for a matrix M of any kind (a host copy of it is taken) */
static PetscErrorCode MatrixDifference(Mat M, Mat hM, PetscReal *err, PetscReal *nrm)
{
  Mat D;

  PetscFunctionBegin;
  PetscCall(MatConvert(M, MATAIJ, MAT_INITIAL_MATRIX, &D));
  PetscCall(MatAXPY(D, -1.0, hM, DIFFERENT_NONZERO_PATTERN));
  PetscCall(MatNorm(D, NORM_FROBENIUS, err));
  PetscCall(MatNorm(hM, NORM_FROBENIUS, nrm));
  PetscCall(MatDestroy(&D));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* a PC of pc's type on the host matrix hA (with the options database's settings where options), set up */
static PetscErrorCode HostTwin(PC pc, Mat hA, PetscBool options, PC *hpc)
{
  PCType type;

  PetscFunctionBegin;
  PetscCall(PCGetType(pc, &type));
  PetscCall(PCCreate(PETSC_COMM_WORLD, hpc));
  PetscCall(PCSetType(*hpc, type));
  PetscCall(PCSetOperators(*hpc, hA, hA));
  if (options) PetscCall(PCSetFromOptions(*hpc));
  PetscCall(PCSetUp(*hpc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* |op(M) - op(hM)| <= 1e-12 |op(hM)| for a level matrix M and its host copy hM, on vectors from one seeded generator:
   the device's and the distributed matrices' own operations against PETSc's host ones */
static PetscErrorCode SameOperation(Mat M, Mat hM, LevelOp op, PetscBool *same)
{
  const PetscBool t = (PetscBool)(op == OP_MULT_T || op == OP_MULT_T_ADD || op == OP_MULT_T_ADD_INPLACE);
  Vec             x, y, w, hx, hy, hw;
  PetscReal       err, nrm;

  PetscFunctionBegin;
  if (t) {
    PetscCall(MatCreateVecs(M, &y, &x));
    PetscCall(MatCreateVecs(hM, &hy, &hx));
  } else {
    PetscCall(MatCreateVecs(M, &x, &y));
    PetscCall(MatCreateVecs(hM, &hx, &hy));
  }
  PetscCall(VecDuplicate(y, &w));
  PetscCall(VecDuplicate(hy, &hw));
  PetscCall(SeededVectors(17, hx, hw));
  PetscCall(CopyLocal(hx, x));
  PetscCall(CopyLocal(hw, w));
  PetscCall(VecSet(y, -7.0)); /* what an operation does not write shows */
  switch (op) {
  case OP_MULT:
    PetscCall(MatMult(M, x, y));
    PetscCall(MatMult(hM, hx, hy));
    break;
  case OP_MULT_T:
    PetscCall(MatMultTranspose(M, x, y));
    PetscCall(MatMultTranspose(hM, hx, hy));
    break;
  case OP_MULT_ADD:
    PetscCall(MatMultAdd(M, x, w, y));
    PetscCall(MatMultAdd(hM, hx, hw, hy));
    break;
  case OP_MULT_T_ADD:
    PetscCall(MatMultTransposeAdd(M, x, w, y));
    PetscCall(MatMultTransposeAdd(hM, hx, hw, hy));
    break;
  case OP_MULT_ADD_INPLACE:
    PetscCall(VecCopy(w, y));
    PetscCall(VecCopy(hw, hy));
    PetscCall(MatMultAdd(M, x, y, y));
    PetscCall(MatMultAdd(hM, hx, hy, hy));
    break;
  case OP_MULT_T_ADD_INPLACE:
    PetscCall(VecCopy(w, y));
    PetscCall(VecCopy(hw, hy));
    PetscCall(MatMultTransposeAdd(M, x, y, y));
    PetscCall(MatMultTransposeAdd(hM, hx, hy, hy));
    break;
  case OP_DIAGONAL:
    PetscCall(MatGetDiagonal(M, y));
    PetscCall(MatGetDiagonal(hM, hy));
    break;
  case OP_RESIDUAL:
    PetscCall(MatResidual(M, w, x, y));
    PetscCall(MatResidual(hM, hw, hx, hy));
    break;
  default:
    break;
  }
  PetscCall(Difference(y, hy, &err, &nrm));
  *same = (PetscBool)(err <= 1e-12 * nrm);
  PetscCall(PetscInfo(NULL, "operation %d: |M - hM| / |hM| = %g\n", (int)op, (double)(nrm > 0 ? err / nrm : err)));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(VecDestroy(&w));
  PetscCall(VecDestroy(&hx));
  PetscCall(VecDestroy(&hy));
  PetscCall(VecDestroy(&hw));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The level smoother's PC (its KSP's) against a PC of its type built on the host copy hA of the level's matrix
   (trisplit's host backend, the oracle of the device's: the same forests), applied to one seeded vector */
static PetscErrorCode SameSmoother(KSP ksp, Mat hA, PetscBool *same)
{
  PC        spc, hpc;
  PCType    type;
  Mat       A;
  Vec       x, y, hx, hy;
  PetscReal err, nrm;

  PetscFunctionBegin;
  PetscCall(KSPGetPC(ksp, &spc));
  PetscCall(KSPGetOperators(ksp, NULL, &A));
  PetscCall(PCGetType(spc, &type));
  PetscCall(HostTwin(spc, hA, PETSC_FALSE, &hpc));
  PetscCall(MatCreateVecs(A, &x, &y));
  PetscCall(MatCreateVecs(hA, &hx, &hy));
  PetscCall(SeededVectors(29, hx, NULL));
  PetscCall(CopyLocal(hx, x));
  PetscCall(VecSet(y, -7.0));
  PetscCall(PCApply(spc, x, y));
  PetscCall(PCApply(hpc, hx, hy));
  PetscCall(Difference(y, hy, &err, &nrm));
  *same = (PetscBool)(err <= 1e-8 * nrm);
  PetscCall(PetscInfo(NULL, "smoother %s: |M^-1 x - hM^-1 x| / |hM^-1 x| = %g\n", type, (double)(nrm > 0 ? err / nrm : err)));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(VecDestroy(&hx));
  PetscCall(VecDestroy(&hy));
  PetscCall(PCDestroy(&hpc));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The hierarchies of two triamg PCs: the level of the first difference in aggregates (checksums) or operators
   (beyond rounding, |A - hA|_F > 1e-14 |hA|_F), L if none; each level's operator difference to -info */
static PetscErrorCode FirstDifferentLevel(PC pc, PC hpc, PetscInt *first)
{
  PetscInt          L, hL;
  const PetscInt64 *sum, *hsum;

  PetscFunctionBegin;
  PetscCall(PCTriAMGGetHierarchy(pc, &L, NULL, &sum, NULL, NULL));
  PetscCall(PCTriAMGGetHierarchy(hpc, &hL, NULL, &hsum, NULL, NULL));
  *first = PetscMin(L, hL);
  for (PetscInt l = 0; l < PetscMin(L, hL); l++) {
    KSP       k, hk;
    Mat       A, hA;
    PetscReal err, nrm;

    PetscCall(PCMGGetSmoother(pc, L - 1 - l, &k));
    PetscCall(PCMGGetSmoother(hpc, hL - 1 - l, &hk));
    PetscCall(KSPGetOperators(k, NULL, &A));
    PetscCall(KSPGetOperators(hk, NULL, &hA));
    PetscCall(MatrixDifference(A, hA, &err, &nrm));
    PetscCall(PetscInfo(NULL, "level %" PetscInt_FMT ": aggregate checksums %" PetscInt64_FMT " and %" PetscInt64_FMT ", |A - hA|_F / |hA|_F = %g\n", l, l + 1 < L ? sum[l] : 0, l + 1 < hL ? hsum[l] : 0, (double)(nrm > 0 ? err / nrm : err)));
    if (err > 1e-14 * nrm || (l + 1 < PetscMin(L, hL) && sum[l] != hsum[l])) {
      *first = l;
      break;
    }
  }
  if (L != hL) *first = PetscMin(*first, PetscMin(L, hL) - 1);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The whole PC against one of its type built on the host copy of its matrix (the same options), applied to one
   seeded vector, and again after an application to another vector: on the device, the cycle against the host's
   (the same aggregates; the bounds agree to rounding), and no state carried from one application to the next */
static PetscErrorCode SamePC(PC pc, PetscReal tol, PetscBool *same)
{
  PC        hpc;
  PCType    type;
  Mat       A, hA;
  Vec       x, y, y2, hx, hy;
  PetscReal err, err2, nrm;

  PetscFunctionBegin;
  PetscCall(PCGetOperators(pc, NULL, &A));
  PetscCall(MatConvert(A, MATAIJ, MAT_INITIAL_MATRIX, &hA));
  PetscCall(PCGetType(pc, &type));
  PetscCall(HostTwin(pc, hA, PETSC_TRUE, &hpc));
  {
    PetscInt first = 0, L = 0; /* set below; initialized for the compiler, which cannot see FirstDifferentLevel() always sets first */

    PetscCall(PCTriAMGGetHierarchy(pc, &L, NULL, NULL, NULL, NULL));
    PetscCall(FirstDifferentLevel(pc, hpc, &first));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  every level's aggregates and operator those of the host copy's: %s\n", first == L ? "yes" : "no"));
    if (first < L) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "    the first level that differs: %" PetscInt_FMT "\n", first));
  }
  PetscCall(MatCreateVecs(A, &x, &y));
  PetscCall(MatCreateVecs(hA, &hx, &hy));
  PetscCall(SeededVectors(31, hx, NULL));
  PetscCall(CopyLocal(hx, x));
  PetscCall(PCApply(pc, x, y));
  PetscCall(PCApply(hpc, hx, hy));
  PetscCall(Difference(y, hy, &err, &nrm));
  PetscCall(PetscInfo(NULL, "PC %s: |B x - hB x| / |hB x| = %g\n", type, (double)(nrm > 0 ? err / nrm : err)));
  /* the same input again after another one: an application keeps no state (a Krylov method needs a fixed B) */
  PetscCall(VecDuplicate(y, &y2));
  PetscCall(VecCopy(y, y2));
  PetscCall(PCApply(pc, y2, y)); /* another input, the output into y */
  PetscCall(PCApply(pc, x, y2));
  PetscCall(Difference(y2, hy, &err2, &nrm));
  PetscCall(PetscInfo(NULL, "PC %s again after another input: |B x - hB x| / |hB x| = %g\n", type, (double)(nrm > 0 ? err2 / nrm : err2)));
  *same = (PetscBool)(err <= tol * nrm && err2 <= tol * nrm);
  PetscCall(VecDestroy(&y2));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(VecDestroy(&hx));
  PetscCall(VecDestroy(&hy));
  PetscCall(PCDestroy(&hpc));
  PetscCall(MatDestroy(&hA));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* every operation of P (all but the diagonal and the residual of a rectangular matrix) and of A */
static PetscErrorCode SameOperations(Mat P, Mat hP, Mat A, Mat hA, PetscBool *same)
{
  PetscBool ok;

  PetscFunctionBegin;
  *same = PETSC_TRUE;
  for (int op = 0; op < OP_COUNT; op++) {
    if (op != OP_DIAGONAL && op != OP_RESIDUAL) {
      PetscCall(SameOperation(P, hP, (LevelOp)op, &ok));
      if (!ok) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "    P's operation %d differs from the host copy's\n", op));
      *same = (PetscBool)(*same && ok);
    }
    PetscCall(SameOperation(A, hA, (LevelOp)op, &ok));
    if (!ok) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "    A's operation %d differs from the host copy's\n", op));
    *same = (PetscBool)(*same && ok);
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Every level of a set-up PCTRIAMG: its operator against PETSc's MatPtAP() of the level above and its P on the host,
   its and P's operations and the smoother above it against the host copies', and (rowsums: P and the smoothers'
   forests built on these values, not kept through a refresh) P's row sums against those of full smoothing and the
   smoother against one built anew on the host copy */
static PetscErrorCode CheckLevels(PC pc, PetscBool rowsums)
{
  PetscInt L;

  PetscFunctionBegin;
  PetscCall(PCMGGetLevels(pc, &L));
  for (PetscInt i = L - 1; i > 0; i--) {
    KSP       kf, kc;
    Mat       Af, Ac, P, hAf, hAc, hP, R;
    Vec       one, Aone, d, Pone;
    PetscReal err, nrm, rs = 0, omega = 0;

    PetscCall(PCMGGetSmoother(pc, i, &kf));
    PetscCall(PCMGGetSmoother(pc, i - 1, &kc));
    PetscCall(KSPGetOperators(kf, &Af, NULL));
    PetscCall(KSPGetOperators(kc, &Ac, NULL));
    PetscCall(PCMGGetInterpolation(pc, i, &P));
    PetscCall(MatConvert(Af, MATAIJ, MAT_INITIAL_MATRIX, &hAf));
    PetscCall(MatConvert(Ac, MATAIJ, MAT_INITIAL_MATRIX, &hAc));
    PetscCall(MatConvert(P, MATAIJ, MAT_INITIAL_MATRIX, &hP));
    {
      PetscBool same;

      PetscCall(SameOperations(P, hP, Ac, hAc, &same));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  level %" PetscInt_FMT ": P's and A's products (with and without an added vector, transposed), diagonal and residual equal to the host copies' within 1e-12: %s\n", L - i, same ? "yes" : "no"));
      if (rowsums) { /* a refresh keeps the smoothers' forests, which a PC built anew may choose otherwise */
        PetscCall(SameSmoother(kf, hAf, &same));
        PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  level %" PetscInt_FMT ": the smoother's PC above it applies as one built on the host copy within 1e-8: %s\n", L - i, same ? "yes" : "no"));
      }
    }
    PetscCall(MatPtAP(hAf, hP, MAT_INITIAL_MATRIX, 2.0, &R));
    PetscCall(MatrixDifference(hAc, R, &err, &nrm)); /* |C - P^T A P| against |P^T A P| */
    /* P 1 = 1 - omega D^-1 A 1 */
    PetscCall(MatCreateVecs(hAf, &one, &Aone));
    PetscCall(VecDuplicate(Aone, &d));
    PetscCall(VecDuplicate(Aone, &Pone));
    PetscCall(VecSet(one, 1.0));
    PetscCall(MatMult(hAf, one, Aone));
    PetscCall(MatGetDiagonal(hAf, d));
    PetscCall(VecPointwiseDivide(Aone, Aone, d));
    {
      Vec onec;

      PetscCall(MatCreateVecs(hP, &onec, NULL));
      PetscCall(VecSet(onec, 1.0));
      PetscCall(MatMult(hP, onec, Pone));
      PetscCall(VecDestroy(&onec));
    }
    PetscCall(VecShift(Pone, -1.0)); /* -omega D^-1 A 1 */
    {
      const PetscScalar *pa, *aa;
      PetscInt           m;
      PetscReal          w = 0, wg, amax = 0, amaxg;

      PetscCall(VecGetLocalSize(Pone, &m));
      PetscCall(VecGetArrayRead(Pone, &pa));
      PetscCall(VecGetArrayRead(Aone, &aa));
      /* from the row of the largest |(D^-1 A 1)_i| of all ranks: a row with a small one (cancellation) gives omega
         to a few digits only */
      for (PetscInt r = 0; r < m; r++)
        if (PetscAbsScalar(aa[r]) > amax) {
          amax = PetscAbsScalar(aa[r]);
          w    = -PetscRealPart(pa[r] / aa[r]);
        }
      PetscCallMPI(MPIU_Allreduce(&amax, &amaxg, 1, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
      if (amax < amaxg || amaxg <= 1e-8) w = 0;
      PetscCallMPI(MPIU_Allreduce(&w, &wg, 1, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
      omega = wg;
      PetscCall(VecRestoreArrayRead(Aone, &aa));
      PetscCall(VecRestoreArrayRead(Pone, &pa));
    }
    PetscCall(VecAXPY(Pone, omega, Aone));
    PetscCall(VecNorm(Pone, NORM_INFINITY, &rs));
    if (!rowsums) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  level %" PetscInt_FMT ": P^T A P equal to MatPtAP()'s within 1e-12: %s\n", L - i, err <= 1e-12 * nrm ? "yes" : "no"));
    else PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  level %" PetscInt_FMT ": P^T A P equal to MatPtAP()'s within 1e-12: %s; row sums of P those of full smoothing (omega in [0, 2), 0: not smoothed): %s\n", L - i, err <= 1e-12 * nrm ? "yes" : "no", rs <= 1e-12 && omega >= 0 && omega < 2 ? "yes" : "no"));
    PetscCall(PetscInfo(NULL, "level %" PetscInt_FMT ": |P^T A P - C| / |C| = %g, max |P 1 - (1 - omega D^-1 A 1)| = %g, omega %g\n", L - i, (double)(err / nrm), (double)rs, (double)omega));
    PetscCall(VecDestroy(&one));
    PetscCall(VecDestroy(&Aone));
    PetscCall(VecDestroy(&d));
    PetscCall(VecDestroy(&Pone));
    PetscCall(MatDestroy(&R));
    PetscCall(MatDestroy(&hAf));
    PetscCall(MatDestroy(&hAc));
    PetscCall(MatDestroy(&hP));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TestGalerkin(Problem problem, PetscInt n)
{
  Mat      A;
  KSP      ksp;
  PC       pc;
  PetscInt L;

  PetscFunctionBegin;
  PetscCall(AssembleMatrix(problem, n, 1e-3, 45, 100, &A));
  PetscCall(Uneven(&A));
  PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, PCTRIAMG));
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(KSPSetUp(ksp));
  PetscCall(PCMGGetLevels(pc, &L));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s n=%" PetscInt_FMT ": at least 3 levels: %s\n", Problems[problem], n, L >= 3 ? "yes" : "no"));
  PetscCall(CheckLevels(pc, PETSC_TRUE));
  PetscCall(KSPDestroy(&ksp));
  PetscCall(MatDestroy(&A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* 6b. The gather (-pc_triamg_gather_size G, several ranks): the first level below G rows and all below it live on
   rank 0 alone, the levels above stay distributed; every level's operator is P^T A P of the one above (across the
   gather too), before and after a refresh of new values; the solve converges as without the gather */
static PetscErrorCode GatheredFrom(PC pc, PetscInt gather, PetscInt *first, PetscBool *layout)
{
  PetscInt    L;
  PetscMPIInt rank, ok;

  PetscFunctionBegin;
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  PetscCall(PCMGGetLevels(pc, &L));
  *first  = -1;
  *layout = PETSC_TRUE;
  for (PetscInt l = 0; l < L; l++) {
    KSP       smoother;
    Mat       Al;
    PetscInt  N, m;
    PetscBool gathered, above;

    PetscCall(PCMGGetSmoother(pc, L - 1 - l, &smoother));
    PetscCall(KSPGetOperators(smoother, &Al, NULL)); /* the level (on one GPU the coarsest preconditioning matrix is its inverse) */
    PetscCall(MatGetSize(Al, &N, NULL));
    PetscCall(MatGetLocalSize(Al, &m, NULL));
    if (*first < 0 && l > 0 && N < gather) *first = l;
    gathered = (PetscBool)(m == (rank ? 0 : N)); /* all rows on rank 0 */
    above    = (PetscBool)(*first < 0);
    if (above && l > 0) { /* a distributed level above: rank 0 does not hold it all (every rank holds rows of the finest) */
      PetscInt m0 = m;

      PetscCallMPI(MPI_Bcast(&m0, 1, MPIU_INT, 0, PETSC_COMM_WORLD));
      if (m0 == N) *layout = PETSC_FALSE;
    }
    if (!above && !gathered) *layout = PETSC_FALSE;
  }
  ok = *layout ? 1 : 0;
  PetscCallMPI(MPIU_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_LAND, PETSC_COMM_WORLD));
  *layout = ok ? PETSC_TRUE : PETSC_FALSE;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode TestGather(Problem problem, PetscInt n)
{
  Mat                A0, A;
  KSP                ksp;
  PC                 pc;
  Vec                x, b;
  PetscInt           gather, first, its, its0, builds, refreshes;
  PetscBool          layout;
  KSPConvergedReason reason;

  PetscFunctionBegin;
  PetscCall(AssembleMatrix(problem, n, 1e-3, 45, 100, &A0));
  PetscCall(Uneven(&A0));
  PetscCall(MatDuplicate(A0, MAT_COPY_VALUES, &A));
  PetscCall(MatCreateVecs(A, &x, &b));
  PetscCall(VecSet(b, 1.0));
  PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPSetTolerances(ksp, 1e-6, PETSC_DEFAULT, PETSC_DEFAULT, 1000));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, PCTRIAMG));
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(KSPSolve(ksp, b, x));
  PetscCall(KSPGetConvergedReason(ksp, &reason));
  PetscCall(KSPGetIterationNumber(ksp, &its));
  PetscCall(PCTriAMGGetGatherSize(pc, &gather));
  PetscCall(GatheredFrom(pc, gather, &first, &layout));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s n=%" PetscInt_FMT ": a level below the gather size: %s; it and those below on rank 0 alone, those above distributed: %s\n", Problems[problem], n, first > 0 ? "yes" : "no", layout ? "yes" : "no"));
  PetscCall(PetscInfo(NULL, "gather: levels %" PetscInt_FMT " and below on rank 0, %" PetscInt_FMT " iterations\n", first, its));
  {
    PetscBool same;

    PetscCall(SamePC(pc, 1e-6, &same));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  the PC applies as one built on the host copy of A within 1e-6: %s\n", same ? "yes" : "no"));
    { /* the same Krylov method (and options) with PCJACOBI, nothing of trisplit's: whether a failure is the layout's own */
      KSP                kj;
      PC                 pj;
      Vec                xj;
      KSPConvergedReason rj;

      PetscCall(KSPCreate(PETSC_COMM_WORLD, &kj));
      PetscCall(KSPSetOperators(kj, A, A));
      PetscCall(KSPSetTolerances(kj, 1e-6, PETSC_DEFAULT, PETSC_DEFAULT, 5000));
      PetscCall(KSPGetPC(kj, &pj));
      PetscCall(PCSetType(pj, PCJACOBI));
      PetscCall(KSPSetFromOptions(kj));
      PetscCall(VecDuplicate(x, &xj));
      PetscCall(KSPSolve(kj, b, xj));
      PetscCall(KSPGetConvergedReason(kj, &rj));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  the same Krylov method with jacobi on the same matrix converges: %s\n", rj > 0 ? "yes" : "no"));
      PetscCall(VecDestroy(&xj));
      PetscCall(KSPDestroy(&kj));
    }
    { /* the operator itself (on the device, PETSc's MATMPIAIJCUSPARSE of the redistributed matrix) */
      Mat hA;

      PetscCall(MatConvert(A, MATAIJ, MAT_INITIAL_MATRIX, &hA));
      PetscCall(SameOperation(A, hA, OP_MULT, &same));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  A x equal to the host copy's within 1e-12: %s\n", same ? "yes" : "no"));
      PetscCall(MatDestroy(&hA));
    }
  }
  PetscCall(CheckLevels(pc, PETSC_TRUE));
  /* the same solve without the gather */
  {
    KSP kd;
    PC  pd;
    Vec xd;

    PetscCall(KSPCreate(PETSC_COMM_WORLD, &kd));
    PetscCall(KSPSetOperators(kd, A, A));
    PetscCall(KSPSetTolerances(kd, 1e-6, PETSC_DEFAULT, PETSC_DEFAULT, 1000));
    PetscCall(KSPGetPC(kd, &pd));
    PetscCall(PCSetType(pd, PCTRIAMG));
    PetscCall(KSPSetFromOptions(kd));
    PetscCall(PCTriAMGSetGatherSize(pd, 0));
    PetscCall(VecDuplicate(x, &xd));
    PetscCall(KSPSolve(kd, b, xd));
    PetscCall(KSPGetIterationNumber(kd, &its0));
    PetscCall(PetscInfo(NULL, "gather: %" PetscInt_FMT " iterations without it\n", its0));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  converged, in at most 1.2x + 1 the iterations without the gather: %s\n", reason > 0 && its <= 1.2 * its0 + 1 ? "yes" : "no"));
    { /* the solution itself: a Krylov method whose vector operations go wrong on a small rank (PETSc's CUDA
         VecMAXPY() below 8 local rows) can report convergence of its own residual estimate */
      Vec       r;
      PetscReal rn, bn;

      PetscCall(VecDuplicate(b, &r));
      PetscCall(MatMult(A, x, r));
      PetscCall(VecAYPX(r, -1.0, b));
      PetscCall(VecNorm(r, NORM_2, &rn));
      PetscCall(VecNorm(b, NORM_2, &bn));
      PetscCall(PetscInfo(NULL, "gather: |b - A x| / |b| = %g\n", (double)(rn / bn)));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  |b - A x| / |b| below 1e-3: %s\n", rn <= 1e-3 * bn ? "yes" : "no"));
      PetscCall(VecDestroy(&r));
    }
    PetscCall(VecDestroy(&xd));
    PetscCall(KSPDestroy(&kd));
  }
  /* new values of the same pattern: a refresh, the gathered level's values moved again */
  PetscCall(Step(A0, 3, A));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPSolve(ksp, b, x));
  PetscCall(KSPGetConvergedReason(ksp, &reason));
  PetscCall(PCTriAMGGetHierarchy(pc, NULL, NULL, NULL, &builds, &refreshes));
  PetscCall(GatheredFrom(pc, gather, &first, &layout));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  after new values: %" PetscInt_FMT " build, %" PetscInt_FMT " refresh, converged: %s, the same layout: %s\n", builds, refreshes, reason > 0 ? "yes" : "no", first > 0 && layout ? "yes" : "no"));
  PetscCall(CheckLevels(pc, PETSC_FALSE));
  PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&b));
  PetscCall(MatDestroy(&A));
  PetscCall(MatDestroy(&A0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* 7. Nodal aggregates: two fields per node of the model problem (blocks a_ij [1 0; 0 1], the diagonal blocks
   a_ii [1 + c, c; c, 1 + c] with c = 0.5: A (x) I + c D (x) [1 1; 1 1], whose eigenvalues are those of A and of
   A + 2 c D), block size 2. The first prolongator must keep each node whole (rows 2m and 2m + 1
   in columns 2a and 2a + 1 of one node aggregate a, piecewise constant); the solve must converge. */
static PetscErrorCode TestNodal(Problem problem, PetscInt n)
{
  Mat                A, A2, P, hP;
  KSP                ksp;
  PC                 pc;
  Vec                x;
  PetscInt           rstart, rend, L, its, pstart, pend;
  PetscInt           whole = 1, wholeg;
  PetscBool          nodal;
  KSPConvergedReason reason;

  PetscFunctionBegin;
  PetscCall(AssembleMatrix(problem, n, 1e-3, 45, 100, &A));
  PetscCall(MatCreate(PETSC_COMM_WORLD, &A2));
  {
    PetscInt N;

    PetscCall(MatGetSize(A, &N, NULL));
    PetscCall(MatGetOwnershipRange(A, &rstart, &rend));
    PetscCall(MatSetSizes(A2, 2 * (rend - rstart), 2 * (rend - rstart), 2 * N, 2 * N));
  }
  PetscCall(MatSetBlockSize(A2, 2));
  PetscCall(MatSetFromOptions(A2));
  PetscCall(MatSeqAIJSetPreallocation(A2, 20, NULL));
  PetscCall(MatMPIAIJSetPreallocation(A2, 20, NULL, 20, NULL));
  for (PetscInt i = rstart; i < rend; i++) {
    PetscInt           ncols;
    const PetscInt    *cols;
    const PetscScalar *vals;

    PetscCall(MatGetRow(A, i, &ncols, &cols, &vals));
    for (PetscInt k = 0; k < ncols; k++) {
      PetscScalar c = cols[k] == i ? 0.5 * vals[k] : 0.0;

      PetscCall(MatSetValue(A2, 2 * i, 2 * cols[k], vals[k] + c, INSERT_VALUES));
      PetscCall(MatSetValue(A2, 2 * i + 1, 2 * cols[k] + 1, vals[k] + c, INSERT_VALUES));
      if (c != 0.0) {
        PetscCall(MatSetValue(A2, 2 * i, 2 * i + 1, c, INSERT_VALUES));
        PetscCall(MatSetValue(A2, 2 * i + 1, 2 * i, c, INSERT_VALUES));
      }
    }
    PetscCall(MatRestoreRow(A, i, &ncols, &cols, &vals));
  }
  PetscCall(MatAssemblyBegin(A2, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(A2, MAT_FINAL_ASSEMBLY));
  PetscCall(SolveOnes(A2, 0, PC_SIDE_DEFAULT, 1e-6, &ksp, &x));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(KSPGetIterationNumber(ksp, &its));
  PetscCall(KSPGetConvergedReason(ksp, &reason));
  PetscCall(PCTriAMGGetNodal(pc, &nodal));
  PetscCall(PCMGGetLevels(pc, &L));
  PetscCheck(L >= 2, PETSC_COMM_WORLD, PETSC_ERR_PLIB, "nodal test: one level only");
  PetscCall(PCMGGetInterpolation(pc, L - 1, &P));
  PetscCall(MatConvert(P, MATAIJ, MAT_INITIAL_MATRIX, &hP));
  PetscCall(MatGetOwnershipRange(hP, &pstart, &pend));
  for (PetscInt r = pstart; r < pend && whole; r += 2) {
    PetscInt           n0, n1, c0 = -1;
    const PetscInt    *cols;
    const PetscScalar *vals;

    PetscCall(MatGetRow(hP, r, &n0, &cols, &vals));
    if (n0 == 1 && cols[0] % 2 == 0 && vals[0] == 1.0) c0 = cols[0];
    PetscCall(MatRestoreRow(hP, r, &n0, &cols, &vals));
    PetscCall(MatGetRow(hP, r + 1, &n1, &cols, &vals));
    whole = (c0 >= 0 && n1 == 1 && cols[0] == c0 + 1 && vals[0] == 1.0) ? 1 : 0;
    PetscCall(MatRestoreRow(hP, r + 1, &n1, &cols, &vals));
  }
  PetscCallMPI(MPIU_Allreduce(&whole, &wholeg, 1, MPIU_INT, MPI_MIN, PETSC_COMM_WORLD));
  /* at 48², GMRES(30): 11 (ANISO1) and 23-25 (ROT) iterations with nodal aggregates, 35 and 59 without */
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s n=%" PetscInt_FMT ", 2 fields: nodal %s; the first prolongator keeps every node whole: %s; converged within 30 iterations: %s\n", Problems[problem], n, PetscBools[nodal], wholeg ? "yes" : "no", reason > 0 && its <= 30 ? "yes" : "no"));
  PetscCall(PetscInfo(NULL, "nodal test: %" PetscInt_FMT " iterations\n", its));
  PetscCall(MatDestroy(&hP));
  PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscCall(MatDestroy(&A2));
  PetscCall(MatDestroy(&A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* 8. Rows without a diagonal entry (issue 41, a saddle point system as in SuiteSparse's cavity05): [K B^T; B 0] with K
   the 5-point Laplacian of an n x n grid and one constraint row per 2 x 2 block of grid points, coupled to its four
   points by +-1 (disjoint supports: B has full row rank, the system is nonsingular), no diagonal entry stored. Each
   block's four points and its constraint are numbered together, so a rank owns whole blocks. The aggregates of
   constraint rows alone (the forest leaves the weakly coupled constraints as paths of one row) would give coarse rows
   without a diagonal entry but for the prolongator's smoothing, and a coarse correction that stalls the solve; with
   their rows joined to a neighbour's aggregate, and Richardson smoothing on the finest level (whose factor repaired a
   zero pivot), the solve must converge. */
static PetscErrorCode TestSaddle(PetscInt n)
{
  Mat                A;
  KSP                ksp, sksp;
  PC                 pc;
  Vec                x;
  PetscInt           nb = (n / 2) * (n / 2), lb = PETSC_DECIDE, bstart, its, L;
  PetscReal          err, dmin = PETSC_MAX_REAL, dmax = 0;
  PetscScalar        sb = 0.25, sc = 0.0;
  KSPType            stype;
  KSPConvergedReason reason;

  PetscFunctionBegin;
  PetscCheck(n % 2 == 0 && n >= 4, PETSC_COMM_WORLD, PETSC_ERR_ARG_OUTOFRANGE, "saddle test: -n even and at least 4");
  PetscCall(PetscOptionsGetScalar(NULL, NULL, "-saddle_b", &sb, NULL));
  PetscCall(PetscOptionsGetScalar(NULL, NULL, "-saddle_c", &sc, NULL));
  PetscCall(PetscSplitOwnership(PETSC_COMM_WORLD, &lb, &nb));
  PetscCallMPI(MPI_Scan(&lb, &bstart, 1, MPIU_INT, MPI_SUM, PETSC_COMM_WORLD));
  bstart -= lb;
  PetscCall(MatCreate(PETSC_COMM_WORLD, &A));
  PetscCall(MatSetSizes(A, 5 * lb, 5 * lb, 5 * nb, 5 * nb));
  PetscCall(MatSetFromOptions(A));
  PetscCall(MatSeqAIJSetPreallocation(A, 7, NULL));
  PetscCall(MatMPIAIJSetPreallocation(A, 7, NULL, 7, NULL));
  for (PetscInt blk = bstart; blk < bstart + lb; blk++) {
    const PetscInt bi = blk / (n / 2), bj = blk % (n / 2), crow = 5 * blk + 4;

    for (PetscInt k = 0; k < 4; k++) {
      const PetscInt    i = 2 * bi + k / 2, j = 2 * bj + k % 2, row = 5 * blk + k, di[4] = {-1, 1, 0, 0}, dj[4] = {0, 0, -1, 1};
      const PetscScalar sign = (k == 0 || k == 3) ? 1.0 : -1.0;

      PetscCall(MatSetValue(A, row, row, 4.0, INSERT_VALUES));
      for (PetscInt d = 0; d < 4; d++) {
        const PetscInt ii = i + di[d], jj = j + dj[d];

        if (ii < 0 || ii >= n || jj < 0 || jj >= n) continue;
        PetscCall(MatSetValue(A, row, 5 * ((ii / 2) * (n / 2) + jj / 2) + (ii % 2) * 2 + jj % 2, -1.0, INSERT_VALUES));
      }
      PetscCall(MatSetValue(A, row, crow, sb * sign, INSERT_VALUES));
      PetscCall(MatSetValue(A, crow, row, sb * sign, INSERT_VALUES));
    }
    /* the constraints of neighbouring blocks of a block row coupled more strongly than to their points: the forest
       follows them, and its paths of constraint rows alone give aggregates without a diagonal entry */
    if (bj > 0 && sc != 0.0) PetscCall(MatSetValue(A, crow, crow - 5, sc, INSERT_VALUES));
    if (bj < n / 2 - 1 && sc != 0.0) PetscCall(MatSetValue(A, crow, crow + 5, sc, INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(A, MAT_FINAL_ASSEMBLY));
  PetscCall(SolveOnes(A, 0, PC_RIGHT, 1e-8, &ksp, &x));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(KSPGetIterationNumber(ksp, &its));
  PetscCall(KSPGetConvergedReason(ksp, &reason));
  PetscCall(VecShift(x, -1.0)); /* the error: the solution is 1 */
  PetscCall(VecNorm(x, NORM_INFINITY, &err));
  PetscCall(PCMGGetLevels(pc, &L));
  PetscCheck(L >= 2, PETSC_COMM_WORLD, PETSC_ERR_PLIB, "saddle test: one level only");
  for (PetscInt i = 0; i < L - 1; i++) { /* the coarse levels: PCMG's 0 .. L - 2 */
    Mat                C;
    Vec                d;
    const PetscScalar *v;
    PetscInt           m;

    PetscCall(PCMGGetSmoother(pc, i, &sksp));
    PetscCall(KSPGetOperators(sksp, &C, NULL));
    PetscCall(MatCreateVecs(C, &d, NULL));
    PetscCall(MatGetDiagonal(C, d));
    PetscCall(VecGetLocalSize(d, &m));
    PetscCall(VecGetArrayRead(d, &v));
    for (PetscInt r = 0; r < m; r++) {
      dmin = PetscMin(dmin, PetscAbsScalar(v[r]));
      dmax = PetscMax(dmax, PetscAbsScalar(v[r]));
    }
    PetscCall(VecRestoreArrayRead(d, &v));
    PetscCall(VecDestroy(&d));
  }
  PetscCallMPI(MPIU_Allreduce(MPI_IN_PLACE, &dmin, 1, MPIU_REAL, MPI_MIN, PETSC_COMM_WORLD));
  PetscCallMPI(MPIU_Allreduce(MPI_IN_PLACE, &dmax, 1, MPIU_REAL, MPI_MAX, PETSC_COMM_WORLD));
  PetscCall(PCMGGetSmoother(pc, L - 1, &sksp));
  PetscCall(KSPGetType(sksp, &stype));
  /* 32 x 32 grid, 1280 rows, GMRES(30), B entries 0.25: 198 iterations on 1 to 3 ranks (86 of 405 aggregates joined
     on one rank), coarse diagonal entries from 0.36 to 2.8; without the join DIVERGED_ITS at 1000 (error 6e-3), with
     coarse diagonal entries from 0.04 (the smoothed prolongator fills them) */
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "saddle point, %" PetscInt_FMT " x %" PetscInt_FMT " grid and %" PetscInt_FMT " constraints: %" PetscInt_FMT " levels; smallest coarse diagonal entry above 1e-3 of the largest: %s; finest smoother %s; converged within 300 iterations: %s; error below 1e-5: %s\n", n, n, nb, L, dmin > 1e-3 * dmax ? "yes" : "no", stype, reason > 0 && its <= 300 ? "yes" : "no", err < 1e-5 ? "yes" : "no"));
  PetscCall(PetscInfo(NULL, "saddle test: %" PetscInt_FMT " iterations (%s), error %g, coarse diagonal entries from %g to %g\n", its, KSPConvergedReasons[reason], (double)err, (double)dmin, (double)dmax));
  PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscCall(MatDestroy(&A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The line of obj's view (rank 0's, broadcast) that holds needle, or "" */
static PetscErrorCode ViewLine(PetscObject obj, const char needle[], char line[], size_t len)
{
  char       *text = NULL, *hit = NULL;
  size_t      size = 0;
  FILE       *fp;
  PetscViewer viewer;
  PetscMPIInt rank;

  PetscFunctionBegin;
  PetscCallMPI(MPI_Comm_rank(PetscObjectComm(obj), &rank));
  fp = open_memstream(&text, &size);
  PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_SYS, "open_memstream() failed");
  PetscCall(PetscViewerASCIIOpenWithFILE(PetscObjectComm(obj), fp, &viewer));
  PetscCall(PetscObjectView(obj, viewer));
  PetscCall(PetscViewerDestroy(&viewer));
  fclose(fp);
  line[0] = 0;
  if (!rank && text) hit = strstr(text, needle);
  if (hit) {
    size_t k = 0;

    while (k + 1 < len && hit[k] && hit[k] != '\n') k++;
    PetscCall(PetscMemcpy(line, hit, k));
    line[k] = 0;
  }
  free(text);
  PetscCallMPI(MPI_Bcast(line, (PetscMPIInt)len, MPI_CHAR, 0, PetscObjectComm(obj)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Whether PCApply() runs the lean V-cycle: PCView() says so */
static PetscErrorCode LeanInEffect(PC pc, PetscBool *lean)
{
  char line[256];

  PetscFunctionBegin;
  PetscCall(ViewLine((PetscObject)pc, "lean V-cycle", line, sizeof(line)));
  *lean = (PetscBool)(line[0] != 0);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The finest level smoother's Chebyshev bounds as KSPView() prints them */
static PetscErrorCode FinestBounds(PC pc, char line[], size_t len)
{
  KSP      ksp;
  PetscInt L;

  PetscFunctionBegin;
  PetscCall(PCMGGetLevels(pc, &L));
  PetscCall(PCMGGetSmoother(pc, L - 1, &ksp));
  PetscCall(ViewLine((PetscObject)ksp, "eigenvalue targets", line, len));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* y = PCApply(b) through the lean V-cycle and z through PCMG's: whether the lean one ran and |y - z| / |z| */
static PetscErrorCode ApplyBothCycles(PC pc, Vec b, Vec y, Vec z, PetscBool *lean, PetscReal *diff)
{
  PetscReal nz;

  PetscFunctionBegin;
  PetscCall(PCTriAMGSetLeanCycle(pc, PETSC_TRUE));
  PetscCall(LeanInEffect(pc, lean));
  PetscCall(PCApply(pc, b, y));
  PetscCall(PCTriAMGSetLeanCycle(pc, PETSC_FALSE));
  PetscCall(PCApply(pc, b, z));
  PetscCall(PCTriAMGSetLeanCycle(pc, PETSC_TRUE));
  PetscCall(VecNorm(z, NORM_2, &nz));
  PetscCall(VecAXPY(y, -1.0, z));
  PetscCall(VecNorm(y, NORM_2, diff));
  *diff /= nz;
  PetscCall(VecAXPY(y, 1.0, z));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* 9. The lean V-cycle (PCTriAMGSetLeanCycle()) against PCMG's: one PCApply() of a random vector through both, on a
   hierarchy and after a refresh with new values (A = f A0 + s I); the refreshed PC's finest Chebyshev bounds against
   those of a PC built anew on the new values, whose smoothers build their forests anew (the test's
   -mg_levels_pc_*_reuse_forest 0): bounds kept from the old values would differ (-info: the whole PCApply()s, equal
   where the refresh kept the aggregates that a new build finds); with two sweeps PCMG's cycle runs */
static PetscErrorCode TestCycle(Problem problem, PetscInt n)
{
  Mat         A0, A;
  KSP         ksp, fresh;
  PC          pc, fpc;
  Vec         b, y, z, w;
  PetscRandom rand;
  PetscBool   lean, lean2, same;
  PetscReal   d0, d1, d2, dfresh, nw;
  char        bounds[128], fbounds[128], bounds0[128];
  PetscInt    nl, nf;
  const PetscInt64 *sum, *fsum;

  PetscFunctionBegin;
  PetscCall(AssembleMatrix(problem, n, 1e-3, 45, 100, &A0));
  PetscCall(MatDuplicate(A0, MAT_COPY_VALUES, &A));
  PetscCall(MatCreateVecs(A, &b, &y));
  PetscCall(VecDuplicate(y, &z));
  PetscCall(VecDuplicate(y, &w));
  PetscCall(PetscRandomCreate(PETSC_COMM_WORLD, &rand));
  PetscCall(PetscRandomSetSeed(rand, 17));
  PetscCall(PetscRandomSeed(rand));
  PetscCall(VecSetRandom(b, rand));
  PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, PCTRIAMG));
  PetscCall(PCTriAMGSetSmoothProlongator(pc, PETSC_FALSE));
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(KSPSetUp(ksp));
  PetscCall(ApplyBothCycles(pc, b, y, z, &lean, &d0));
  PetscCall(FinestBounds(pc, bounds0, sizeof(bounds0)));
  /* new values, same pattern: a refresh */
  PetscCall(Step(A0, 3, A));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(PCSetUp(pc));
  PetscCall(ApplyBothCycles(pc, b, y, z, &lean2, &d1));
  PetscCall(FinestBounds(pc, bounds, sizeof(bounds)));
  lean = (PetscBool)(lean && lean2);
  /* a hierarchy built anew on the new values */
  PetscCall(KSPCreate(PETSC_COMM_WORLD, &fresh));
  PetscCall(KSPSetOperators(fresh, A, A));
  PetscCall(KSPGetPC(fresh, &fpc));
  PetscCall(PCSetType(fpc, PCTRIAMG));
  PetscCall(PCTriAMGSetSmoothProlongator(fpc, PETSC_FALSE));
  PetscCall(KSPSetFromOptions(fresh));
  PetscCall(KSPSetUp(fresh));
  PetscCall(PCApply(fpc, b, w));
  PetscCall(FinestBounds(fpc, fbounds, sizeof(fbounds)));
  PetscCall(PCTriAMGGetHierarchy(pc, &nl, NULL, &sum, NULL, NULL));
  PetscCall(PCTriAMGGetHierarchy(fpc, &nf, NULL, &fsum, NULL, NULL));
  same = (PetscBool)(nl == nf);
  for (PetscInt l = 0; same && l + 1 < nl; l++) same = (PetscBool)(sum[l] == fsum[l]);
  PetscCall(VecNorm(w, NORM_2, &nw));
  PetscCall(VecAXPY(w, -1.0, y));
  PetscCall(VecNorm(w, NORM_2, &dfresh));
  dfresh /= nw;
  /* two sweeps: PCMG's cycle, whatever the option says */
  PetscCall(PCTriAMGSetSmootherSweeps(pc, 2));
  PetscCall(PCSetUp(pc));
  PetscCall(ApplyBothCycles(pc, b, y, z, &lean2, &d2));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s n=%" PetscInt_FMT ": the lean V-cycle runs: %s; its PCApply() equals PCMG's (relative difference below 1e-12), built and refreshed: %s\n", Problems[problem], n, lean ? "yes" : "no", d0 < 1e-12 && d1 < 1e-12 ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  the finest smoother's Chebyshev bounds: new after the refresh: %s; those of a PC built anew on the new values: %s\n", bounds[0] && strcmp(bounds, bounds0) ? "yes" : "no", bounds[0] && !strcmp(bounds, fbounds) ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  two sweeps: the lean V-cycle runs: %s\n", lean2 ? "yes" : "no"));
  PetscCall(PetscInfo(NULL, "cycle test: %" PetscInt_FMT " levels; lean - PCMG %g (built), %g (refreshed), %g (two sweeps); refreshed - new %g (the same aggregates: %s); finest bounds: %s, refreshed %s, new %s\n", nl, (double)d0, (double)d1, (double)d2, (double)dfresh, same ? "yes" : "no", bounds0, bounds, fbounds));
  PetscCall(PetscRandomDestroy(&rand));
  PetscCall(KSPDestroy(&ksp));
  PetscCall(KSPDestroy(&fresh));
  PetscCall(VecDestroy(&b));
  PetscCall(VecDestroy(&y));
  PetscCall(VecDestroy(&z));
  PetscCall(VecDestroy(&w));
  PetscCall(MatDestroy(&A));
  PetscCall(MatDestroy(&A0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  char      test[32] = "grid", bad[32] = "nan";
  PetscInt  n        = 128;
  PetscReal growth   = 1.5;
  Problem   problem  = PROBLEM_ANISO1;
  PetscBool isgrid, isreuse, ishier, isbad, iskernel, isgalerkin, isnodal, issaddle, iscycle, isgather;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriSplitInitializePackage());
  PetscCall(PetscOptionsGetString(NULL, NULL, "-test", test, sizeof(test), NULL));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-bad", bad, sizeof(bad), NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(PetscOptionsGetReal(NULL, NULL, "-growth", &growth, NULL));
  PetscCall(PetscOptionsGetEnum(NULL, NULL, "-problem", Problems, (PetscEnum *)&problem, NULL));
  PetscCall(PetscStrcmp(test, "grid", &isgrid));
  PetscCall(PetscStrcmp(test, "reuse", &isreuse));
  PetscCall(PetscStrcmp(test, "hierarchy", &ishier));
  PetscCall(PetscStrcmp(test, "bad", &isbad));
  PetscCall(PetscStrcmp(test, "kernel", &iskernel));
  PetscCall(PetscStrcmp(test, "galerkin", &isgalerkin));
  PetscCall(PetscStrcmp(test, "nodal", &isnodal));
  PetscCall(PetscStrcmp(test, "saddle", &issaddle));
  PetscCall(PetscStrcmp(test, "cycle", &iscycle));
  PetscCall(PetscStrcmp(test, "gather", &isgather));
  if (isgrid) PetscCall(TestGrid(growth));
  else if (isreuse) PetscCall(TestReuse(problem, n));
  else if (ishier) PetscCall(TestHierarchy(problem, n));
  else if (isbad) PetscCall(TestBad(n, bad));
  else if (iskernel) PetscCall(TestKernel());
  else if (isgalerkin) PetscCall(TestGalerkin(problem, n));
  else if (isnodal) PetscCall(TestNodal(problem, n));
  else if (issaddle) PetscCall(TestSaddle(n));
  else if (iscycle) PetscCall(TestCycle(problem, n));
  else if (isgather) PetscCall(TestGather(problem, n));
  else SETERRQ(PETSC_COMM_WORLD, PETSC_ERR_ARG_WRONG, "-test grid, reuse, hierarchy, bad, kernel, galerkin, nodal, saddle, cycle or gather, not %s", test);
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST

  build:
    requires: !complex double

  # bounds with room for PETSc's versions: ANISO2 at 256² on 2 ranks takes 10 GMRES(20) iterations with 3.18 and 11
  # with 3.25; BiCGStab's counts on ROT are erratic (64², 128², 256²: 10, 13, 15 with 3.18, 10, 12, 21 with 3.25),
  # hence its growth of 1.8x
  test:
    suffix: grid_gmres
    nsize: {{1 2 3}}
    args: -test grid -bounds 12,12,12,28,14,10
    output_file: output/ex9_grid_gmres.out

  test:
    suffix: grid_bcgs
    nsize: {{1 2 3}}
    args: -test grid -ksp_type bcgs -bounds 7,7,7,24,8,6 -growth 1.8
    output_file: output/ex9_grid_bcgs.out

  # with algtri on every level the cycle is symmetric for a symmetric A (one Chebyshev sweep before and after, P^T
  # after P): CG converges in GMRES's counts (a nonsymmetric cycle would stall it)
  test:
    suffix: grid_cg
    nsize: {{1 2}}
    args: -test grid -ksp_type cg -problems aniso1,model8,lap3d -bounds 12,9,10
    output_file: output/ex9_grid_cg.out

  test:
    suffix: reuse
    nsize: {{1 2}}
    args: -test reuse -n 128 -malloc_dump
    output_file: output/ex9_reuse.out

  test:
    suffix: hierarchy
    nsize: {{1 2}separate output}
    args: -test hierarchy -problem {{aniso1 rot}separate output} -n 96

  # pairs of line aggregates (-pc_triamg_pair_share): every level's size, nonzeros and aggregates; the device's the
  # host's
  test:
    suffix: hierarchy_pairs_model8
    nsize: {{1 2}separate output}
    args: -test hierarchy -problem model8 -n 128 -all_levels -pc_triamg_pair_share 0.6

  test:
    suffix: hierarchy_pairs_lap3d
    args: -test hierarchy -problem lap3d -n 24 -all_levels -pc_triamg_pair_share 0.6

  test:
    suffix: hierarchy_pairs_cuda_1_model8
    requires: cuda
    args: -test hierarchy -problem model8 -n 128 -all_levels -pc_triamg_pair_share 0.6 -mat_type aijcusparse
    output_file: output/ex9_hierarchy_pairs_model8_nsize-1.out

  test:
    suffix: hierarchy_pairs_cuda_2_model8
    requires: cuda
    nsize: 2
    args: -test hierarchy -problem model8 -n 128 -all_levels -pc_triamg_pair_share 0.6 -mat_type aijcusparse
    output_file: output/ex9_hierarchy_pairs_model8_nsize-2.out

  test:
    suffix: hierarchy_pairs_cuda_lap3d
    requires: cuda
    args: -test hierarchy -problem lap3d -n 24 -all_levels -pc_triamg_pair_share 0.6 -mat_type aijcusparse
    output_file: output/ex9_hierarchy_pairs_lap3d.out

  test:
    suffix: hierarchy_cuda_1_aniso1
    requires: cuda
    nsize: 1
    args: -test hierarchy -problem aniso1 -n 96 -mat_type aijcusparse
    output_file: output/ex9_hierarchy_nsize-1_problem-aniso1.out

  test:
    suffix: hierarchy_cuda_1_rot
    requires: cuda
    nsize: 1
    args: -test hierarchy -problem rot -n 96 -mat_type aijcusparse
    output_file: output/ex9_hierarchy_nsize-1_problem-rot.out

  test:
    suffix: hierarchy_cuda_2_aniso1
    requires: cuda
    nsize: 2
    args: -test hierarchy -problem aniso1 -n 96 -mat_type aijcusparse
    output_file: output/ex9_hierarchy_nsize-2_problem-aniso1.out

  test:
    suffix: hierarchy_cuda_2_rot
    requires: cuda
    nsize: 2
    args: -test hierarchy -problem rot -n 96 -mat_type aijcusparse
    output_file: output/ex9_hierarchy_nsize-2_problem-rot.out

  # the refresh on the device: the Galerkin plans kept on the prolongators (MATCSRCUDA levels); the device pool
  # keeping nothing, so that every setup maps its memory afresh (the same results)
  test:
    suffix: reuse_cuda
    requires: cuda
    args: -test reuse -n 128 -malloc_dump -mat_type aijcusparse -trisplit_device_pool_keep 0
    output_file: output/ex9_reuse.out

  # the levels converted to PETSc's MATSEQAIJCUSPARSE: the same hierarchy
  test:
    suffix: hierarchy_cuda_aij
    requires: cuda
    args: -test hierarchy -problem aniso1 -n 96 -mat_type aijcusparse -pc_triamg_device_operators false
    output_file: output/ex9_hierarchy_nsize-1_problem-aniso1.out

  test:
    suffix: view
    args: -test hierarchy -problem convdiff -n 64 -hierarchy_view -pc_triamg_aggregate_size 3 -pc_triamg_max_levels 2
    filter: grep -A5 -e "TriAMG:" -e "convdiff n="

  test:
    suffix: grid_small
    args: -test grid -problems aniso1,rot -sizes 64,128 -growth 1.3 -bounds 8,24

  test:
    suffix: cuda
    requires: cuda
    args: -test grid -problems aniso1,rot -sizes 64,128 -growth 1.3 -bounds 8,24 -mat_type aijcusparse
    output_file: output/ex9_grid_small.out

  test:
    suffix: kernel
    args: -test kernel

  test:
    suffix: galerkin_rot
    nsize: {{1 2 3}}
    args: -test galerkin -problem rot -n 64 -pc_triamg_coarse_size 100
    output_file: output/ex9_galerkin_rot.out

  # an empty rank and a rank of one row
  test:
    suffix: galerkin_uneven
    nsize: 4
    args: -test galerkin -problem rot -n 64 -pc_triamg_coarse_size 100 -uneven
    output_file: output/ex9_galerkin_rot.out

  test:
    suffix: galerkin_lap3d
    nsize: {{1 2 3}}
    args: -test galerkin -problem lap3d -n 20 -pc_triamg_coarse_size 100
    output_file: output/ex9_galerkin_lap3d.out

  # 320²: the level matrices' arrays pass 2 MiB, so they are mappings of their own on huge pages (src/pc/triamg/host.c)
  test:
    suffix: galerkin_rot_large
    args: -test galerkin -problem rot -n 320 -pc_triamg_coarse_size 100

  test:
    suffix: galerkin_rot_large_cuda
    requires: cuda
    args: -test galerkin -problem rot -n 320 -pc_triamg_coarse_size 100 -mat_type aijcusparse
    output_file: output/ex9_galerkin_rot_large.out

  test:
    suffix: galerkin_rot_cuda
    requires: cuda
    nsize: {{1 2}}
    args: -test galerkin -problem rot -n 64 -pc_triamg_coarse_size 100 -mat_type aijcusparse
    output_file: output/ex9_galerkin_rot.out

  test:
    suffix: galerkin_uneven_cuda
    requires: cuda
    nsize: 4
    args: -test galerkin -problem rot -n 64 -pc_triamg_coarse_size 100 -uneven -mat_type aijcusparse
    output_file: output/ex9_galerkin_rot.out

  test:
    suffix: galerkin_lap3d_cuda
    requires: cuda
    nsize: {{1 2}}
    args: -test galerkin -problem lap3d -n 20 -pc_triamg_coarse_size 100 -mat_type aijcusparse
    output_file: output/ex9_galerkin_lap3d.out

  # the small levels gathered onto rank 0 (-pc_triamg_gather_size): from level 2 (1000) or level 1 (100000), through
  # a refresh; -uneven: an empty rank 0 receives every small level, a rank of one row
  test:
    suffix: gather
    nsize: {{2 3}}
    args: -test gather -problem rot -n 64 -pc_triamg_coarse_size 100 -pc_triamg_gather_size {{1000 100000}} -malloc_dump
    output_file: output/ex9_gather_rot.out

  test:
    suffix: gather_uneven
    nsize: 4
    args: -test gather -problem rot -n 64 -pc_triamg_coarse_size 100 -pc_triamg_gather_size 1000 -uneven
    output_file: output/ex9_gather_rot.out

  test:
    suffix: gather_lap3d
    nsize: 2
    args: -test gather -problem lap3d -n 20 -pc_triamg_coarse_size 100 -pc_triamg_gather_size 2000
    output_file: output/ex9_gather_lap3d.out

  test:
    suffix: gather_cuda
    requires: cuda
    nsize: 2
    args: -test gather -problem rot -n 64 -pc_triamg_coarse_size 100 -pc_triamg_gather_size {{1000 100000}} -mat_type aijcusparse
    output_file: output/ex9_gather_rot.out

  # BiCGStab: PETSc's CUDA VecMAXPY() (3.20 to 3.25 and main, MAXPY_kernel) loads the coefficients into shared
  # memory by the first threads of a block, and a block has as many threads as the local length: on rank 1's one row
  # every coefficient but the first is garbage, which breaks GMRES (its Gram-Schmidt and its solution update) with
  # PCJACOBI as well (docs/guide.md, "Several GPUs")
  test:
    suffix: gather_uneven_cuda
    requires: cuda
    nsize: 4
    args: -test gather -problem rot -n 64 -pc_triamg_coarse_size 100 -pc_triamg_gather_size 1000 -uneven -mat_type aijcusparse -ksp_type bcgs
    output_file: output/ex9_gather_rot.out

  test:
    suffix: gather_lap3d_cuda
    requires: cuda
    nsize: 2
    args: -test gather -problem lap3d -n 20 -pc_triamg_coarse_size 100 -pc_triamg_gather_size 2000 -mat_type aijcusparse
    output_file: output/ex9_gather_lap3d.out

  # nodal aggregates of a 2-field system (block size 2): whole nodes in the first prolongator, a converged solve
  test:
    suffix: nodal
    nsize: {{1 2}}
    args: -test nodal -problem {{aniso1 rot}separate output} -n 48

  test:
    suffix: nodal_cuda
    requires: cuda
    nsize: {{1 2}}
    args: -test nodal -problem aniso1 -n 48 -mat_type aijcusparse
    output_file: output/ex9_nodal_problem-aniso1.out

  test:
    suffix: saddle
    nsize: {{1 2 3}}
    args: -test saddle -n 32
    output_file: output/ex9_saddle.out

  test:
    suffix: saddle_cuda
    requires: cuda
    nsize: {{1 2}}
    args: -test saddle -n 32 -mat_type aijcusparse
    output_file: output/ex9_saddle.out

  # a coarsest level of 10000 rows (two levels of ANISO1 200²): on the device more than the dense inverse takes
  # (TSP_TRIAMG_DENSE_COARSE), so a sparse LU of the level converted to MATSEQAIJCUSPARSE
  test:
    suffix: coarse_sparse
    args: -test grid -problems aniso1 -sizes 200 -bounds 12 -pc_triamg_max_levels 2

  test:
    suffix: coarse_sparse_cuda
    requires: cuda
    args: -test grid -problems aniso1 -sizes 200 -bounds 12 -pc_triamg_max_levels 2 -mat_type aijcusparse
    output_file: output/ex9_coarse_sparse.out

  # the lean V-cycle against PCMG's (-info: the differences)
  test:
    suffix: cycle_aniso1
    nsize: {{1 2 3}}
    args: -test cycle -problem aniso1 -n 64 -mg_levels_pc_algtri_reuse_forest 0
    output_file: output/ex9_cycle_aniso1.out

  test:
    suffix: cycle_rot
    nsize: {{1 2 3}}
    args: -test cycle -problem rot -n 64 -mg_levels_pc_algtri_reuse_forest 0
    output_file: output/ex9_cycle_rot.out

  test:
    suffix: cycle_cuda_aniso1
    requires: cuda
    nsize: {{1 2}}
    args: -test cycle -problem aniso1 -n 64 -mg_levels_pc_algtri_reuse_forest 0 -mat_type aijcusparse
    output_file: output/ex9_cycle_aniso1.out

  test:
    suffix: cycle_cuda_rot
    requires: cuda
    nsize: {{1 2}}
    args: -test cycle -problem rot -n 64 -mg_levels_pc_algtri_reuse_forest 0 -mat_type aijcusparse
    output_file: output/ex9_cycle_rot.out

  test:
    suffix: bad
    args: -test bad -bad {{nan zerorow zerodiag}separate output} -n 32 -malloc_dump

TEST*/
