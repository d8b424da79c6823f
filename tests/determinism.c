/* SPDX-License-Identifier: BSD-2-Clause */
static char help[] = "Determinism of the trisplit preconditioners: the same forest, PCView output, iteration counts\n\
and solution bits on repeated setups and solves, and the same results with 1, 2 and 3 MPI ranks on a\n\
block-diagonal matrix whose blocks align with the rank ownership (with the charges of the factor off:\n\
-pc_<type>_factor_charge_period 1, or on: the charges hash the global row index).\n\
  -blocks <6>  diagonal blocks (the number of ranks must divide it)\n\
  -g <12>      each block is a g x g grid operator (5-point stencil, weights differ per block and row)\n\n";

#include <petscksp.h>
#include <trisplit.h>
/* PETSc before 3.19 returns plain 0 from PetscFunctionReturn() */
#if !PETSC_VERSION_GE(3, 19, 0) && !defined(PETSC_SUCCESS)
  #define PETSC_SUCCESS 0
#endif

/* A deterministic pseudo-random number in [0,1) from integers: the weights differ from block to block
   and from row to row, but do not depend on the number of ranks. */
static PetscReal Hash01(PetscInt a, PetscInt b, PetscInt c)
{
  uint64_t h = 1469598103934665603ULL;

  h = (h ^ (uint64_t)a) * 1099511628211ULL;
  h = (h ^ (uint64_t)b) * 1099511628211ULL;
  h = (h ^ (uint64_t)c) * 1099511628211ULL;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 32;
  return (PetscReal)(h % 1000003) / 1000003.0;
}

/* Block-diagonal matrix: 'nb' blocks of g*g rows; every rank owns nb/size whole blocks. Each block is a
   nonsymmetric 5-point operator whose couplings vary with block and row, so the forests are not trivial. */
static PetscErrorCode BuildMatrix(PetscInt nb, PetscInt g, Mat *A)
{
  PetscMPIInt size;
  PetscInt    bs = g * g, rstart, rend;

  PetscFunctionBegin;
  PetscCallMPI(MPI_Comm_size(PETSC_COMM_WORLD, &size));
  PetscCheck(nb % size == 0, PETSC_COMM_WORLD, PETSC_ERR_ARG_INCOMP, "-blocks %" PetscInt_FMT " must be a multiple of the number of ranks %d", nb, size);
  /* AIJ unless -mat_type says otherwise (aijcusparse: the same tests on the GPU) */
  PetscCall(MatCreate(PETSC_COMM_WORLD, A));
  PetscCall(MatSetSizes(*A, (nb / size) * bs, (nb / size) * bs, PETSC_DETERMINE, PETSC_DETERMINE));
  PetscCall(MatSetType(*A, MATAIJ));
  PetscCall(MatSetFromOptions(*A));
  PetscCall(MatSeqAIJSetPreallocation(*A, 5, NULL));
  PetscCall(MatMPIAIJSetPreallocation(*A, 5, NULL, 0, NULL));
  PetscCall(MatGetOwnershipRange(*A, &rstart, &rend));
  for (PetscInt row = rstart; row < rend; row++) {
    const PetscInt blk = row / bs, l = row % bs, x = l % g, y = l / g, base = blk * bs;
    const PetscReal ax = 0.2 + 2.0 * Hash01(blk, l, 1), ay = 0.2 + 2.0 * Hash01(blk, l, 2), skew = 0.3 * Hash01(blk, l, 3);
    PetscInt        cols[5], nc = 0;
    PetscScalar     vals[5];

    if (x > 0) { cols[nc] = base + l - 1; vals[nc++] = -ax - skew; }
    if (x < g - 1) { cols[nc] = base + l + 1; vals[nc++] = -ax + skew; }
    if (y > 0) { cols[nc] = base + l - g; vals[nc++] = -ay; }
    if (y < g - 1) { cols[nc] = base + l + g; vals[nc++] = -ay; }
    cols[nc] = row; vals[nc++] = 2.0 * (ax + ay) + 0.1;
    PetscCall(MatSetValues(*A, 1, &row, nc, cols, vals, INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Are two files (written by rank 0) byte for byte the same? */
static PetscErrorCode SameFiles(const char *f0, const char *f1, PetscBool *same)
{
  PetscMPIInt rank;
  int         s = 1;

  PetscFunctionBegin;
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  if (rank == 0) {
    FILE *a = fopen(f0, "r"), *b = fopen(f1, "r");
    int   ca, cb;

    if (!a || !b) s = 0;
    else {
      do {
        ca = fgetc(a);
        cb = fgetc(b);
      } while (ca == cb && ca != EOF);
      s = ca == cb;
    }
    if (a) fclose(a);
    if (b) fclose(b);
  }
  PetscCallMPI(MPI_Bcast(&s, 1, MPI_INT, 0, PETSC_COMM_WORLD));
  *same = s ? PETSC_TRUE : PETSC_FALSE;
  PetscFunctionReturn(PETSC_SUCCESS);
}

typedef struct {
  PetscInt           its;
  KSPConvergedReason reason;
  PetscInt           npaths, longest; /* this rank's forest (algtri) */
  PetscReal          coverage;
} Result;

/* One complete setup and solve from scratch with PC type 'type'; the PC is viewed into 'viewfile'. */
static PetscErrorCode SolveOnce(Mat A, Vec b, Vec x, PCType type, const char *viewfile, Result *res)
{
  KSP         ksp;
  PC          pc;
  PetscViewer viewer;
  PetscBool   isalgtri;

  PetscFunctionBegin;
  PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPSetType(ksp, KSPGMRES));
  PetscCall(KSPSetTolerances(ksp, 1e-8, PETSC_DEFAULT, PETSC_DEFAULT, 1000));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, type));
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(VecSet(x, 0.0));
  PetscCall(KSPSolve(ksp, b, x));
  PetscCall(KSPGetIterationNumber(ksp, &res->its));
  PetscCall(KSPGetConvergedReason(ksp, &res->reason));
  PetscCall(PetscObjectTypeCompare((PetscObject)pc, PCALGTRI, &isalgtri));
  res->npaths = res->longest = -1;
  res->coverage = -1;
  if (isalgtri) PetscCall(PCTriSplitGetForest(pc, &res->npaths, &res->longest, &res->coverage, NULL));
  PetscCall(PetscViewerASCIIOpen(PETSC_COMM_WORLD, viewfile, &viewer));
  PetscCall(PCView(pc, viewer));
  PetscCall(PetscViewerDestroy(&viewer));
  PetscCall(KSPDestroy(&ksp));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  Mat         A;
  Vec         x, b, x0;
  PetscInt    nb = 6, g = 12, N;
  PetscMPIInt size, rank;
  PCType      types[] = {PCALGTRI, PCMOSD, PCALTSPLIT};

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriSplitInitializePackage());
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-blocks", &nb, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-g", &g, NULL));
  PetscCallMPI(MPI_Comm_size(PETSC_COMM_WORLD, &size));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));

  PetscCall(BuildMatrix(nb, g, &A));
  PetscCall(MatGetSize(A, &N, NULL));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "block-diagonal matrix: %" PetscInt_FMT " blocks of %" PetscInt_FMT " rows, %" PetscInt_FMT " rows in all, whole blocks per rank\n", nb, g * g, N));
  PetscCall(MatCreateVecs(A, &x, &b));
  PetscCall(VecDuplicate(x, &x0));
  PetscCall(VecSet(x, 1.0));
  PetscCall(MatMult(A, x, b));

  for (size_t t = 0; t < sizeof(types) / sizeof(types[0]); t++) {
    Result    r[3];
    PetscBool sameview = PETSC_TRUE, samex = PETSC_TRUE, sameits = PETSC_TRUE, sameforest = PETSC_TRUE, s;
    char      file[3][PETSC_MAX_PATH_LEN];

    /* three complete setups and solves from scratch: all must agree exactly */
    for (int k = 0; k < 3; k++) {
      PetscCall(PetscSNPrintf(file[k], sizeof(file[k]), "determinism_%s_view%d.txt", types[t], k));
      PetscCall(SolveOnce(A, b, k ? x : x0, types[t], file[k], &r[k]));
      if (k) {
        PetscCall(SameFiles(file[0], file[k], &s));
        sameview = (PetscBool)(sameview && s);
        PetscCall(VecEqual(x0, x, &s));
        samex = (PetscBool)(samex && s);
        sameits = (PetscBool)(sameits && r[k].its == r[0].its && r[k].reason == r[0].reason);
        {
          int same = r[k].npaths == r[0].npaths && r[k].longest == r[0].longest && r[k].coverage == r[0].coverage; /* MPIU_BOOL is deprecated in PETSc 3.24 */

          PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &same, 1, MPI_INT, MPI_LAND, PETSC_COMM_WORLD));
          sameforest = (PetscBool)(sameforest && same);
        }
      }
    }
    if (rank == 0)
      for (int k = 0; k < 3; k++) (void)remove(file[k]);
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: %s in %" PetscInt_FMT " iterations\n", types[t], KSPConvergedReasons[r[0].reason], r[0].its));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  3 setups from scratch: same iterations %s, same solution bits %s, same PCView %s, same forest %s\n", PetscBools[sameits], PetscBools[samex], PetscBools[sameview], PetscBools[sameforest]));

    if (r[0].npaths >= 0) {
      PetscInt  tot[2] = {r[0].npaths, r[0].longest};

      /* the forest over all ranks: the same for any number of ranks when the blocks align */
      PetscCall(MPIU_Allreduce(MPI_IN_PLACE, &tot[0], 1, MPIU_INT, MPI_SUM, PETSC_COMM_WORLD));
      PetscCall(MPIU_Allreduce(MPI_IN_PLACE, &tot[1], 1, MPIU_INT, MPI_MAX, PETSC_COMM_WORLD));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  forests of all ranks together: %" PetscInt_FMT " paths, longest %" PetscInt_FMT "\n", tot[0], tot[1]));

    }
  }

  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&x0));
  PetscCall(VecDestroy(&b));
  PetscCall(MatDestroy(&A));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST

  build:
    requires: !complex double

  # The charges of the [0,2]-factor hash the global row index, so a block gets the same forest on
  # whichever rank it sits: with blocks aligned to the ranks, 1, 2 and 3 ranks print the very same
  # output, with the default charge schedule and with charges off.
  testset:
    args: -pc_algtri_factor_charge_period 1 -pc_mosd_factor_charge_period 1 -pc_altsplit_factor_charge_period 1
    output_file: output/determinism_uncharged.out
    test:
      suffix: uncharged
    test:
      suffix: uncharged_mpi
      nsize: {{2 3}}

  testset:
    output_file: output/determinism_charged.out
    test:
      suffix: charged
    test:
      suffix: charged_mpi
      nsize: {{2 3}}

  # the same on the GPU: 1, 2 and 3 ranks (on one GPU, or one GPU each) print the host's output
  testset:
    requires: cuda
    args: -mat_type aijcusparse
    test:
      suffix: uncharged_cuda
      nsize: {{1 2 3}}
      args: -pc_algtri_factor_charge_period 1 -pc_mosd_factor_charge_period 1 -pc_altsplit_factor_charge_period 1
      output_file: output/determinism_uncharged.out
    test:
      suffix: charged_cuda
      nsize: {{1 2 3}}
      output_file: output/determinism_charged.out

TEST*/
