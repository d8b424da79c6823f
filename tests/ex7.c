/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "Tests PCMOSA and its product kernel: the path-restricted product with drop tolerance 0 equals the\n\
exact whole-chain (O(N^2)) product bit for bit, early dropping stays within its bound, m = 1 equals PCALGTRI\n\
where the forest covers the matrix, MOS-a beats ALGTRI and MOS-d on the rotated anisotropic problem, and a\n\
singular level fails the PC. With -device (a CUDA PETSc, on a GPU): host and device setups take the same\n\
iterations, and a singular level fails the PC on the device too.\n\
  -n <64>   grid points per direction\n\
  -device   compare PCMOSA on MATAIJ and MATAIJCUSPARSE instead\n\n";

#include <petscksp.h>
#include <trisplit.h>
#include "trisplit_kernels.h"
#include "../tutorials/problems.h"

/* GMRES(20), right preconditioned, on A x = A 1 with the PC of pcopts; keep: the KSP is handed back
   (its PC set up) for the caller to inspect and destroy, else destroyed */
static PetscErrorCode Solve(Mat A, const char *pcopts, PetscInt *its, KSPConvergedReason *reason, KSP *keep)
{
  KSP ksp;
  Vec x, b;

  PetscFunctionBegin;
  PetscCall(PetscOptionsInsertString(NULL, pcopts));
  PetscCall(MatCreateVecs(A, &x, &b));
  PetscCall(VecSet(x, 1.0));
  PetscCall(MatMult(A, x, b));
  PetscCall(VecSet(x, 0.0));
  PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPSetType(ksp, KSPGMRES));
  PetscCall(KSPGMRESSetRestart(ksp, 20));
  PetscCall(KSPSetPCSide(ksp, PC_RIGHT));
  PetscCall(KSPSetTolerances(ksp, 1e-6, PETSC_DEFAULT, PETSC_DEFAULT, 3000));
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(KSPSolve(ksp, b, x));
  PetscCall(KSPGetIterationNumber(ksp, its));
  PetscCall(KSPGetConvergedReason(ksp, reason));
  if (keep) *keep = ksp;
  else PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&b));
  PetscCall(PetscOptionsClearValue(NULL, "-pc_type"));
  PetscCall(PetscOptionsClearValue(NULL, "-pc_mosa_m"));
  PetscCall(PetscOptionsClearValue(NULL, "-pc_mosd_m"));
  PetscCall(PetscOptionsClearValue(NULL, "-pc_mosa_droptol"));
  PetscCall(PetscOptionsClearValue(NULL, "-pc_mosa_exact_product"));
  PetscCall(PetscOptionsClearValue(NULL, "-pc_mosa_shift_type"));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode Iterations(Mat A, const char *pcopts, PetscInt *its, KSPConvergedReason *reason)
{
  PetscFunctionBegin;
  PetscCall(Solve(A, pcopts, its, reason, NULL));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The zero-pivot repair of MOS-a on a matrix with an empty row: level 0 has a zero pivot (the row's
   vertex alone, diagonal 0) and is shifted; B_1 keeps the empty row, so level 1 has the same zero pivot
   and is dropped (the chain stops before it, T from B_1). Without the repair the PC fails. */
static PetscErrorCode RepairCheck(Mat A, const char *label, PetscBool details)
{
  KSP                ksp;
  PC                 pc;
  PetscInt           its, nshifted, dropped, m;
  KSPConvergedReason reason;

  PetscFunctionBegin;
  PetscCall(Iterations(A, "-pc_type mosa -pc_mosa_m 2 -pc_mosa_shift_type none", &its, &reason));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s, shift none: %s\n", label, KSPConvergedReasons[reason]));
  PetscCall(Solve(A, "-pc_type mosa -pc_mosa_m 2", &its, &reason, &ksp));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCTriSplitGetRepair(pc, &nshifted, NULL, &dropped));
  PetscCall(PCTriSplitGetM(pc, &m));
  PetscCallMPI(MPIU_Allreduce(MPI_IN_PLACE, &nshifted, 1, MPIU_INT, MPI_SUM, PETSC_COMM_WORLD));
  PetscCallMPI(MPIU_Allreduce(MPI_IN_PLACE, &dropped, 1, MPIU_INT, MPI_MAX, PETSC_COMM_WORLD));
  if (details) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s, shift nonzero: %s in %" PetscInt_FMT " iterations, %" PetscInt_FMT " level(s) shifted, level %" PetscInt_FMT " dropped\n", label, KSPConvergedReasons[reason], its, nshifted, dropped));
  else PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s, shift nonzero: %s, %" PetscInt_FMT " level(s) shifted, level %" PetscInt_FMT " dropped\n", label, KSPConvergedReasons[reason], nshifted, dropped)); /* RPTS rounds unlike the host */
  if (details) { /* PCView's lines of the levels and the repair, per rank (the rest of a view differs between PETSc versions) */
    PetscViewer viewer;
    PetscMPIInt rank;

    PetscCall(PetscViewerASCIIOpen(PETSC_COMM_WORLD, "ex7_repair_view.txt", &viewer));
    PetscCall(PCView(pc, viewer));
    PetscCall(PetscViewerDestroy(&viewer));
    PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
    if (!rank) {
      FILE *fp;
      char  line[256];

      PetscCall(PetscFOpen(PETSC_COMM_SELF, "ex7_repair_view.txt", "r", &fp));
      while (fgets(line, sizeof(line), fp)) {
        char *level, *cdiag;

        PetscCall(PetscStrstr(line, "level", &level));
        PetscCall(PetscStrstr(line, "c_diag", &cdiag));
        if (level || cdiag) PetscCall(PetscPrintf(PETSC_COMM_SELF, "%s", line));
      }
      PetscCall(PetscFClose(PETSC_COMM_SELF, fp));
    }
  }
  PetscCall(KSPDestroy(&ksp));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* 20 setups of one KSP in a time loop, the matrix's values changing and its pattern not: MOS-a with m
   levels keeps its forests (one build, PCTriSplitSetReuseForest(), the default) and takes the same
   iterations as rebuilding at every step where the forests coincide. The steps scale by powers of two,
   which leaves the scaled weights of A bit for bit as they were: the rows by different factors
   (rowscale; the forest of level 0 coincides, B_1's pruning and forest need not: m = 1), or the whole
   matrix (every level coincides, B_1 and on are the same). Three runs: rebuilt at every step, the
   forests kept with the products' patterns following the values (PCMOSASetReusePattern(pc, PETSC_FALSE)),
   and the forests and patterns kept (the default). With the whole matrix scaled the kept patterns are
   the ones a rebuild chooses, so all three agree; with the rows scaled the columns of B_1 = A M_0^-1
   scale too, its top-q choice moves, and the kept pattern gives other iterations. */
static PetscErrorCode SequenceCheck(Mat A0, const char *label, PetscInt m, PetscBool rowscale, PetscBool details)
{
  PetscLogEvent event;
  PetscInt      its[3][20], builds[3], levels = 1;
  PetscBool     same[2] = {PETSC_TRUE, PETSC_TRUE}, kept;

  PetscFunctionBegin;
  PetscCall(PetscLogDefaultBegin()); /* the event counts, without -log_view */
  PetscCall(PetscLogEventGetId("TriSplitForest", &event));
  for (int run = 0; run < 3; run++) {
    Mat                A;
    KSP                ksp;
    PC                 pc;
    Vec                x, b, r;
    PetscEventPerfInfo before, after;
    PetscInt           rstart, rend;

    PetscCall(MatDuplicate(A0, MAT_COPY_VALUES, &A));
    PetscCall(MatCreateVecs(A, &x, &b));
    PetscCall(VecDuplicate(b, &r));
    PetscCall(MatGetOwnershipRange(A, &rstart, &rend));
    PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
    PetscCall(KSPSetType(ksp, KSPGMRES));
    PetscCall(KSPSetPCSide(ksp, PC_RIGHT));
    PetscCall(KSPSetTolerances(ksp, 1e-8, PETSC_DEFAULT, PETSC_DEFAULT, 3000));
    PetscCall(KSPGetPC(ksp, &pc));
    PetscCall(PCSetType(pc, PCMOSA));
    PetscCall(PCTriSplitSetM(pc, m));
    PetscCall(PCTriSplitSetReuseForest(pc, (PetscBool)(run > 0)));
    if (run == 1) PetscCall(PCMOSASetReusePattern(pc, PETSC_FALSE));
    PetscCall(PCMOSAGetReusePattern(pc, &kept));
    PetscCheck(kept == (PetscBool)(run != 1), PETSC_COMM_WORLD, PETSC_ERR_PLIB, "PCMOSAGetReusePattern() does not return what was set");
    PetscCall(PetscLogEventGetPerfInfo(PETSC_DETERMINE, event, &before));
    for (PetscInt step = 0; step < 20; step++) {
      for (PetscInt i = rstart; i < rend; i++) PetscCall(VecSetValue(r, i, PetscPowReal(2.0, (PetscReal)(((rowscale ? i : 0) + step) % 3 - 1)), INSERT_VALUES));
      PetscCall(VecAssemblyBegin(r));
      PetscCall(VecAssemblyEnd(r));
      PetscCall(MatDiagonalScale(A, r, NULL));
      PetscCall(KSPSetOperators(ksp, A, A));
      PetscCall(VecSet(x, 1.0));
      PetscCall(MatMult(A, x, b));
      PetscCall(VecSet(x, 0.0));
      PetscCall(KSPSolve(ksp, b, x));
      PetscCall(KSPGetIterationNumber(ksp, &its[run][step]));
    }
    PetscCall(PetscLogEventGetPerfInfo(PETSC_DETERMINE, event, &after));
    PetscCall(PCTriSplitGetM(pc, &levels));
    builds[run] = (after.count - before.count) / levels;
    PetscCall(KSPDestroy(&ksp));
    PetscCall(VecDestroy(&x));
    PetscCall(VecDestroy(&b));
    PetscCall(VecDestroy(&r));
    PetscCall(MatDestroy(&A));
  }
  for (PetscInt step = 0; step < 20; step++)
    for (int k = 0; k < 2; k++) same[k] = (PetscBool)(same[k] && its[0][step] == its[k + 1][step]);
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s, m = %" PetscInt_FMT ", %s scaled: 20 setups, %" PetscInt_FMT " forest builds without reuse, %" PetscInt_FMT " with reuse, the same iterations at every step: %s", label, levels, rowscale ? "rows" : "matrix", builds[0], builds[1], same[0] ? "yes" : "no"));
  if (details) PetscCall(PetscPrintf(PETSC_COMM_WORLD, " (first %" PetscInt_FMT ", last %" PetscInt_FMT ")", its[1][0], its[1][19]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "\n"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s, m = %" PetscInt_FMT ", %s scaled, patterns kept too: %" PetscInt_FMT " forest builds, the same iterations as rebuilding at every step: %s", label, levels, rowscale ? "rows" : "matrix", builds[2], same[1] ? "yes" : "no"));
  if (details) {
    PetscInt total[3] = {0, 0, 0};
    for (int k = 0; k < 3; k++)
      for (PetscInt step = 0; step < 20; step++) total[k] += its[k][step];
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, " (iterations in all: %" PetscInt_FMT " rebuilt, %" PetscInt_FMT " patterns kept)", total[0], total[2]));
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "\n"));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* MOS-a's kept product patterns switched off for one refresh and on again (the rows scaled by powers of
   two at each refresh, which moves the top-q choice of B_1: same nonzero pattern, other product
   patterns): the refresh without them chooses its own patterns but keeps the build's (nothing replaced,
   nothing leaked), so that afterwards the PC applies bit for bit as one that kept its patterns throughout */
static PetscErrorCode PatternToggleCheck(Mat A0, const char *label)
{
  Mat       A;
  PC        pc[2]; /* toggled, kept throughout */
  Vec       x, y[2], r;
  PetscInt  rstart, rend;
  PetscBool same[3];

  PetscFunctionBegin;
  PetscCall(MatDuplicate(A0, MAT_COPY_VALUES, &A));
  PetscCall(MatCreateVecs(A, &x, &y[0]));
  PetscCall(VecDuplicate(y[0], &y[1]));
  PetscCall(VecDuplicate(y[0], &r));
  PetscCall(VecSet(x, 1.0));
  PetscCall(MatGetOwnershipRange(A, &rstart, &rend));
  for (int p = 0; p < 2; p++) {
    PetscCall(PCCreate(PETSC_COMM_WORLD, &pc[p]));
    PetscCall(PCSetType(pc[p], PCMOSA));
    PetscCall(PCTriSplitSetM(pc[p], 2));
    PetscCall(PCSetOperators(pc[p], A, A));
    PetscCall(PCSetUp(pc[p]));
  }
  for (int k = 0; k < 3; k++) {
    PetscCall(PCMOSASetReusePattern(pc[0], (PetscBool)(k != 1)));
    for (PetscInt i = rstart; i < rend; i++) PetscCall(VecSetValue(r, i, PetscPowReal(2.0, (PetscReal)((i + k) % 3 - 1)), INSERT_VALUES));
    PetscCall(VecAssemblyBegin(r));
    PetscCall(VecAssemblyEnd(r));
    PetscCall(MatDiagonalScale(A, r, NULL));
    for (int p = 0; p < 2; p++) {
      PetscCall(PCSetUp(pc[p]));
      PetscCall(PCApply(pc[p], x, y[p]));
    }
    PetscCall(VecEqual(y[0], y[1], &same[k]));
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s, m = 2, patterns kept / not / kept again over three refreshes: the same applies as a PC that kept them: %s / %s / %s\n", label, same[0] ? "yes" : "no", same[1] ? "yes" : "no", same[2] ? "yes" : "no"));
  for (int p = 0; p < 2; p++) {
    PetscCall(PCDestroy(&pc[p]));
    PetscCall(VecDestroy(&y[p]));
  }
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&r));
  PetscCall(MatDestroy(&A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* PCMOSA on the host (MATAIJ) and on the device (the same matrix as MATAIJCUSPARSE): the device
   builds the same forests, factors and products, so the iteration counts agree; the repair and the
   reuse of the forests print what the host prints. on_host runs the device's cases on the host
   (MATAIJ), which writes the expected output of the device test. */
static PetscErrorCode DeviceCheck(PetscInt n, PetscBool on_host)
{
  MatType devtype = on_host ? MATAIJ : MATAIJCUSPARSE;
  const char *opts[] = {"-pc_type mosa", "-pc_type mosa -pc_mosa_m 1", "-pc_type mosa -pc_mosa_m 3", "-pc_type mosa -pc_mosa_m 2 -pc_mosa_droptol 0", "-pc_type mosa -pc_mosa_m 2 -pc_mosa_exact_product"};
  Mat         A, Ad;

  PetscFunctionBegin;
  for (int p = 0; p < 4; p++) {
    PetscCall(AssembleStencil(PETSC_COMM_WORLD, FixedStencils[p], n, MATAIJ, &A));
    PetscCall(MatConvert(A, devtype, MAT_INITIAL_MATRIX, &Ad));
    for (int o = 0; o < 5; o++) {
      PetscInt           its[2];
      KSPConvergedReason reason[2];

      if (o == 4 && n > 32) continue; /* the exact product is O(N^2) */
      PetscCall(Iterations(A, opts[o], &its[0], &reason[0]));
      PetscCall(Iterations(Ad, opts[o], &its[1], &reason[1]));
      PetscCall(PetscInfo(NULL, "%s [%s]: host %" PetscInt_FMT ", device %" PetscInt_FMT " iterations\n", Problems[p], opts[o], its[0], its[1]));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s [%s]: host and device converge in the same number of iterations: %s\n", Problems[p], opts[o], reason[0] > 0 && reason[1] > 0 && its[0] == its[1] ? "yes" : "no"));
    }
    PetscCall(MatDestroy(&Ad));
    PetscCall(MatDestroy(&A));
  }
  /* an empty row: level 0 fails on the device as on the host */
  PetscCall(AssembleStencil(PETSC_COMM_WORLD, FixedStencils[PROBLEM_MODEL8], n, MATAIJ, &A));
  PetscCall(MatSetOption(A, MAT_KEEP_NONZERO_PATTERN, PETSC_TRUE));
  {
    PetscInt           row = n * n / 2, its;
    KSPConvergedReason reason;

    PetscCall(MatZeroRows(A, 1, &row, 0.0, NULL, NULL));
    PetscCall(MatConvert(A, devtype, MAT_INITIAL_MATRIX, &Ad));
    PetscCall(Iterations(Ad, "-pc_type mosa -pc_mosa_m 2 -pc_mosa_shift_type none", &its, &reason));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "zero row on the device: %s\n", KSPConvergedReasons[reason]));
    PetscCall(RepairCheck(Ad, "zero row on the device", PETSC_FALSE));
  }
  PetscCall(MatDestroy(&Ad));
  PetscCall(MatDestroy(&A));
  PetscCall(AssembleStencil(PETSC_COMM_WORLD, FixedStencils[PROBLEM_ROT], n / 2, MATAIJ, &A));
  PetscCall(MatConvert(A, devtype, MAT_INITIAL_MATRIX, &Ad));
  PetscCall(SequenceCheck(Ad, "rot on the device", 1, PETSC_TRUE, PETSC_FALSE));
  PetscCall(SequenceCheck(Ad, "rot on the device", 2, PETSC_FALSE, PETSC_FALSE));
  PetscCall(PatternToggleCheck(Ad, "rot on the device"));
  PetscCall(MatDestroy(&Ad));
  PetscCall(MatDestroy(&A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* One level of the product on A: path-restricted with droptol, against the exact one */
static PetscErrorCode ProductCheck(Mat A, const char *name)
{
  PetscInt           n;
  const PetscInt    *ia, *ja;
  const PetscScalar *va;
  PetscBool          done;
  ts_int            *t_rowptr, *t_col, *g_rowptr, *g_col, *partner, *path_id, *position, *perm, *iperm, *work, *begin, *end, *q, *orow, *col[3], *len[3], np, lo, nc;
  double            *t_val, *scale, *g_w, *partner_w, *a, *b, *c, *val[3];
  void              *fwork, *factor, *pwork;
  int                rounds;
  ts_factor_params   params = {2, 5, 5, 0, 0.5, 0};
  const double       tols[3] = {0.0, 0.0, 1e-4};
  const int          exact[3] = {1, 0, 0};
  PetscInt           same = 0, rows_diff = 0;
  double             maxerr = 0;

  PetscFunctionBegin;
  PetscCall(MatGetRowIJ(A, 0, PETSC_FALSE, PETSC_FALSE, &n, &ia, &ja, &done));
  PetscCall(MatSeqAIJGetArrayRead(A, &va));
  PetscCall(PetscMalloc4(n + 1, &t_rowptr, ia[n], &t_col, ia[n], &t_val, n, &scale));
  ts_ref_csr_transpose(n, n, ia, ja, va, t_rowptr, t_col, t_val);
  ts_ref_graph_scale(TS_WEIGHT_SCALED, n, ia, ja, va, scale);
  PetscCall(PetscMalloc1(n + 1, &g_rowptr));
  ts_ref_graph_rowptr(n, ia, ja, t_rowptr, t_col, g_rowptr);
  PetscCall(PetscMalloc2(g_rowptr[n], &g_col, g_rowptr[n], &g_w));
  ts_ref_graph_fill(n, ia, ja, va, t_rowptr, t_col, t_val, scale, g_rowptr, g_col, g_w);
  PetscCall(PetscMalloc4(2 * n, &partner, 2 * n, &partner_w, n, &path_id, n, &position));
  PetscCall(PetscMalloc6(n, &perm, n, &iperm, 2 * n, &work, n, &begin, n, &end, n, &q));
  PetscCall(PetscMalloc(ts_ref_factor_size(n, 2), &fwork));
  PetscCheck(ts_ref_factor(&params, n, g_rowptr, g_col, g_w, partner, partner_w, fwork, &rounds) == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_LIB, "factor");
  PetscCheck(ts_ref_linear_forest(n, partner, partner_w, path_id, position, perm, iperm, work, &np, &lo, &nc) == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_LIB, "forest");
  PetscCall(PetscMalloc3(n, &a, n, &b, n, &c));
  ts_ref_forest_bands(n, ia, ja, va, perm, iperm, path_id, a, b, c);
  PetscCall(PetscMalloc(ts_ref_gttrf_size(n), &factor));
  PetscCheck(ts_ref_gttrf(TS_PIVOTING_SCALED, n, a, b, c, factor, NULL) == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_LIB, "gttrf");
  ts_ref_path_bounds(n, perm, path_id, begin, end);
  PetscCall(PetscMalloc1(n + 1, &orow));
  orow[0] = 0;
  for (PetscInt i = 0; i < n; i++) {
    q[i] = ia[i + 1] - ia[i] - 1;
    orow[i + 1] = orow[i] + q[i] + 1;
  }
  PetscCall(PetscMalloc(ts_ref_mosa_product_size(n), &pwork));
  for (int v = 0; v < 3; v++) {
    PetscCall(PetscMalloc3(orow[n], &col[v], orow[n], &val[v], n, &len[v]));
    PetscCheck(ts_ref_mosa_product(n, ia, ja, va, perm, iperm, begin, end, factor, q, tols[v], exact[v], orow, col[v], val[v], len[v], pwork) == TS_SUCCESS, PETSC_COMM_SELF, PETSC_ERR_LIB, "product");
  }
  /* droptol 0 on the paths == exact, bit for bit; droptol 1e-4: the kept entries move by at most the bound */
  for (PetscInt i = 0; i < n; i++) {
    PetscBool eq = (PetscBool)(len[0][i] == len[1][i]), eq2 = (PetscBool)(len[0][i] == len[2][i]);
    double    theta = 0;

    for (PetscInt k = 0; eq && k < len[0][i]; k++) eq = (PetscBool)(col[0][orow[i] + k] == col[1][orow[i] + k] && val[0][orow[i] + k] == val[1][orow[i] + k]);
    same += eq;
    for (PetscInt e = ia[i]; e < ia[i + 1]; e++) theta = PetscMax(theta, PetscAbsReal(va[e]));
    /* equal weights make the top-q choice a tie-break: compare the kept magnitudes, sorted */
    if (eq2) {
      PetscReal m0[64], m2[64];
      PetscInt  l0 = PetscMin(len[0][i], 64);
      for (PetscInt k = 0; k < l0; k++) {
        m0[k] = PetscAbsReal(val[0][orow[i] + k]);
        m2[k] = PetscAbsReal(val[2][orow[i] + k]);
      }
      PetscCall(PetscSortReal(l0, m0));
      PetscCall(PetscSortReal(l0, m2));
      for (PetscInt k = 0; k < l0; k++) maxerr = PetscMax(maxerr, PetscAbsReal(m0[k] - m2[k]) / theta);
    }
    rows_diff += !eq2;
  }
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "%s: product on the paths with droptol 0 equals the exact product in every row: %s\n", name, same == n ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "%s: droptol 1e-4 keeps as many entries in every row: %s, their magnitudes within 2e-4 of the row scale: %s\n", name, rows_diff == 0 ? "yes" : "no", maxerr <= 2e-4 ? "yes" : "no"));
  for (int v = 0; v < 3; v++) PetscCall(PetscFree3(col[v], val[v], len[v]));
  PetscCall(PetscFree(pwork));
  PetscCall(PetscFree(orow));
  PetscCall(PetscFree(factor));
  PetscCall(PetscFree3(a, b, c));
  PetscCall(PetscFree(fwork));
  PetscCall(PetscFree6(perm, iperm, work, begin, end, q));
  PetscCall(PetscFree4(partner, partner_w, path_id, position));
  PetscCall(PetscFree2(g_col, g_w));
  PetscCall(PetscFree(g_rowptr));
  PetscCall(PetscFree4(t_rowptr, t_col, t_val, scale));
  PetscCall(MatSeqAIJRestoreArrayRead(A, &va));
  PetscCall(MatRestoreRowIJ(A, 0, PETSC_FALSE, PETSC_FALSE, &n, &ia, &ja, &done));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  Mat                A, T;
  PetscInt           n = 64, its[4];
  KSPConvergedReason reason[4];
  PetscMPIInt        size;
  PetscBool          device = PETSC_FALSE, on_host = PETSC_FALSE;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriSplitInitializePackage());
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-device", &device, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-device_on_host", &on_host, NULL));
  PetscCallMPI(MPI_Comm_size(PETSC_COMM_WORLD, &size));
  if (device) {
    PetscCall(DeviceCheck(n, on_host));
    PetscCall(PetscFinalize());
    return 0;
  }

  /* 1. the product kernel, serial */
  if (size == 1) {
    for (int p = 0; p < 4; p++) {
      PetscCall(AssembleStencil(PETSC_COMM_SELF, FixedStencils[p], n / 2, MATAIJ, &A));
      PetscCall(ProductCheck(A, Problems[p]));
      PetscCall(MatDestroy(&A));
    }
  }

  /* 2. m = 1 on a matrix its forest covers: B_1 = I, T = I, MOS-a is ALGTRI */
  PetscCall(MatCreateAIJ(PETSC_COMM_WORLD, PETSC_DECIDE, PETSC_DECIDE, n * n, n * n, 3, NULL, 1, NULL, &T));
  {
    PetscInt rs, re;
    PetscCall(MatGetOwnershipRange(T, &rs, &re));
    for (PetscInt i = rs; i < re; i++) {
      PetscCall(MatSetValue(T, i, i, 4.0 + (i % 3), INSERT_VALUES));
      if (i > 0) PetscCall(MatSetValue(T, i, i - 1, -1.0, INSERT_VALUES));
      if (i < n * n - 1) PetscCall(MatSetValue(T, i, i + 1, -2.0, INSERT_VALUES));
    }
  }
  PetscCall(MatAssemblyBegin(T, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(T, MAT_FINAL_ASSEMBLY));
  PetscCall(Iterations(T, "-pc_type algtri", &its[0], &reason[0]));
  PetscCall(Iterations(T, "-pc_type mosa -pc_mosa_m 1", &its[1], &reason[1]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "tridiagonal blocks: mosa m = 1 and algtri take the same iterations: %s\n", its[0] == its[1] && reason[0] > 0 ? "yes" : "no"));
  PetscCall(MatDestroy(&T));

  /* 3. the non-diagonally dominant class: ROT */
  PetscCall(AssembleStencil(PETSC_COMM_WORLD, FixedStencils[PROBLEM_ROT], n, MATAIJ, &A));
  PetscCall(Iterations(A, "-pc_type algtri", &its[0], &reason[0]));
  PetscCall(Iterations(A, "-pc_type mosd -pc_mosd_m 3", &its[1], &reason[1]));
  PetscCall(Iterations(A, "-pc_type mosa -pc_mosa_m 3", &its[2], &reason[2]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "rot %" PetscInt_FMT "x%" PetscInt_FMT ": mosa m = 3 needs fewer iterations than algtri and mosd m = 3: %s\n", n, n, reason[2] > 0 && its[2] < its[0] && its[2] < its[1] ? "yes" : "no"));
  PetscCall(MatDestroy(&A));

  /* 4. a singular level: an empty row makes level 0 fail */
  PetscCall(AssembleStencil(PETSC_COMM_WORLD, FixedStencils[PROBLEM_MODEL8], n, MATAIJ, &A));
  PetscCall(MatSetOption(A, MAT_KEEP_NONZERO_PATTERN, PETSC_TRUE));
  {
    PetscInt row = n * n / 2;
    PetscCall(MatZeroRows(A, 1, &row, 0.0, NULL, NULL));
  }
  PetscCall(RepairCheck(A, "zero row", PETSC_TRUE));
  PetscCall(MatDestroy(&A));

  /* 5. a time loop: the forests kept across SAME_NONZERO_PATTERN updates */
  PetscCall(AssembleStencil(PETSC_COMM_WORLD, FixedStencils[PROBLEM_ROT], n / 2, MATAIJ, &A));
  PetscCall(SequenceCheck(A, "rot", 1, PETSC_TRUE, PETSC_TRUE));
  PetscCall(SequenceCheck(A, "rot", 2, PETSC_FALSE, PETSC_TRUE));
  PetscCall(PatternToggleCheck(A, "rot"));
  PetscCall(MatDestroy(&A));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST

  build:
    requires: !complex double

  test:
    suffix: serial
    args: -n 64 -malloc_dump

  test:
    suffix: mpi
    nsize: 2
    args: -n 64 -malloc_dump

  # -device builds MOS-a on the GPU; -device_on_host runs the same program with host matrices, which gives the
  # expected output of the GPU runs (same repairs, forests and iteration counts)
  test:
    suffix: cuda
    requires: cuda
    timeoutfactor: 4
    args: -n 32 -device

  test:
    suffix: device_on_host
    args: -n 32 -device -device_on_host
    output_file: output/ex7_cuda.out

  test:
    suffix: cuda_mpi
    requires: cuda
    nsize: 2
    timeoutfactor: 4
    args: -n 32 -device

  test:
    suffix: device_on_host_mpi
    nsize: 2
    args: -n 32 -device -device_on_host
    output_file: output/ex7_cuda_mpi.out

TEST*/
