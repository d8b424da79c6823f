/* SPDX-License-Identifier: BSD-2-Clause */
/*
   mosa_sim.cu - runs the row and path routines of the MOS-a device kernels (mosa_rows.cuh,
   mosa_chain.cuh) on the host, one row or path at a time as the kernels' threads do, with slot
   rounds as the kernels' (from 16 slots, 8 times more each, so the overflow exits run), and compares with the host kernels EXACTLY:
   the chain factor byte for byte, the product rows (lengths, columns, values) for droptol 1e-4,
   droptol 0 and the exact variant, over three levels of the MOS-a recursion, and the refresh on a
   kept pattern (its own product's, bit for bit, and another variant's, host against device). Needs no GPU: it checks
   the algebra and the slot bookkeeping before device time is spent (tests/kernels/mosa_test.cu runs
   the kernels themselves on the GPU).

   Last line: "N passed, M failed".
*/
#include <stdio.h>
#include <string.h>
#include <string>
#include <vector>

#include "cuda/mosa_rows.cuh"
#include "forest_matrices.h"
#include "mosa_levels.h"

using namespace ts_mosa;

static int g_pass = 0, g_fail = 0;

/* one thread's work for every row: grow the slots until the row fits, as the rounds do */
static void sim_product(const CsrMatrix &B, const HostForest &F, const void *factor, const std::vector<ts_int> &q, const std::vector<ts_int> &orow, double droptol, int exact, Rows &out, int *max_round)
{
  const ts_int        n = B.n;
  Product<double>     p = {n, B.rowptr.data(), B.col.data(), B.val.data(), F.perm.data(), F.iperm.data(), F.begin.data(), F.end.data(), q.data(), chain_factor<double>(n, factor), droptol, exact, orow.data(), nullptr, nullptr, nullptr};
  ts_int              nonfinite = 0;
  std::vector<ts_int> pos;
  std::vector<double> val;

  out.col.assign(orow[n], 0), out.val.assign(orow[n], 0), out.len.assign(n, 0);
  p.out_col = out.col.data(), p.out_val = out.val.data(), p.out_len = out.len.data();
  *max_round = 0;
  for (ts_int i = 0; i < n; i++) {
    ts_int cap = 16; /* smaller than the kernels' first round, so the overflow exits are exercised */
    for (int round = 0;; round++, cap *= 8) {
      pos.assign(cap, -7), val.assign(cap, NAN); /* poisoned: a slot read before it is written shows */
      const Scratch<double> w = {pos.data(), val.data(), cap};
      if (row_product(p, i, w, &nonfinite)) {
        if (round > *max_round) *max_round = round;
        break;
      }
    }
  }
}

/* the device rows of the refresh on the pattern of K, grown as sim_product's */
static void sim_refresh(const CsrMatrix &B, const HostForest &F, const void *factor, const std::vector<ts_int> &q, const CsrMatrix &K, double droptol, int exact, std::vector<double> &val)
{
  const ts_int        n = B.n;
  Product<double>     p = {n, B.rowptr.data(), B.col.data(), B.val.data(), F.perm.data(), F.iperm.data(), F.begin.data(), F.end.data(), q.data(), chain_factor<double>(n, factor), droptol, exact, K.rowptr.data(), nullptr, nullptr, nullptr, K.col.data()};
  ts_int              nonfinite = 0;
  std::vector<ts_int> pos;
  std::vector<double> slot;

  val.assign(K.col.size() + 1, NAN);
  p.out_val = val.data();
  for (ts_int i = 0; i < n; i++) {
    ts_int cap = 16;
    for (;; cap *= 8) {
      pos.assign(cap, -7), slot.assign(cap, NAN);
      const Scratch<double> w = {pos.data(), slot.data(), cap};
      if (row_product(p, i, w, &nonfinite)) break;
    }
  }
}

static void sim_matrix(CsrMatrix B, int levels)
{
  Fails        fl;
  const ts_int n = B.n;
  std::vector<ts_int> q, orow;

  row_capacities(B, q, orow);
  for (int l = 0; l < levels; l++) {
    const std::string lv = "level " + std::to_string(l) + ": ";
    HostForest        F  = host_forest(B);
    std::vector<char> factor(ts_ref_gttrf_size(n) + 8), sfactor(ts_ref_gttrf_size(n) + 8, 0);
    ts_int            zero_row, info[2] = {0, n};
    const ts_status   st = ts_ref_gttrf(TS_PIVOTING_SCALED, n, F.a.data(), F.b.data(), F.c.data(), factor.data(), &zero_row);
    Rows              host[3], sim[3];
    int               rounds;

    for (ts_int pb = 0; pb < n; pb++)
      if (F.begin[pb] == pb) gttrf_path(TS_PIVOTING_SCALED, n, pb, F.end[pb], F.a.data(), F.b.data(), F.c.data(), chain_factor<double>(n, sfactor.data()), info);
    if (st != TS_SUCCESS) {
      fl.check(st == TS_ERR_ZERO_PIVOT && info[0] == 0 && info[1] == zero_row, lv + "zero pivot position");
      break;
    }
    fl.check(info[0] == 0 && info[1] == n, lv + "factor status");
    fl.check(!memcmp(sfactor.data(), factor.data(), ts_ref_gttrf_size(n)), lv + "factor bytes");
    for (int v = 0; v < 3; v++) {
      host_product(B, F, factor.data(), q, orow, kVariants[v].droptol, kVariants[v].exact, host[v]);
      sim_product(B, F, factor.data(), q, orow, kVariants[v].droptol, kVariants[v].exact, sim[v], &rounds);
      ts_int bad = -1;
      fl.check(same_rows(host[v], sim[v], orow, n, &bad), lv + kVariants[v].name + ": row " + std::to_string((long long)bad) + " differs");
      if (v == 0) printf("  %s level %d: rows need up to round %d (16 slots, then 8x)\n", B.name.c_str(), l, rounds);
    }
    /* the refresh: on the pattern a variant chose it gives that variant's values; on the pattern of
       another variant (entries the solves left out, or did not keep) host and device agree */
    for (int v = 0; v < 3; v++) {
      const CsrMatrix     own = next_level(B, host[v], orow), other = next_level(B, host[(v + 1) % 3], orow);
      std::vector<double> hv, sv;
      host_refresh(B, F, factor.data(), q, own, kVariants[v].droptol, kVariants[v].exact, hv);
      fl.check(first_difference(hv, own.val, own.col.size()) < 0, lv + kVariants[v].name + ": host refresh on its own pattern differs from the product at entry " + std::to_string(first_difference(hv, own.val, own.col.size())));
      sim_refresh(B, F, factor.data(), q, own, kVariants[v].droptol, kVariants[v].exact, sv);
      fl.check(first_difference(sv, own.val, own.col.size()) < 0, lv + kVariants[v].name + ": device refresh on its own pattern differs at entry " + std::to_string(first_difference(sv, own.val, own.col.size())));
      host_refresh(B, F, factor.data(), q, other, kVariants[v].droptol, kVariants[v].exact, hv);
      sim_refresh(B, F, factor.data(), q, other, kVariants[v].droptol, kVariants[v].exact, sv);
      fl.check(first_difference(hv, sv, other.col.size()) < 0, lv + kVariants[v].name + ": refresh on another pattern, host and device differ at entry " + std::to_string(first_difference(hv, sv, other.col.size())));
    }
    B = next_level(B, host[0], orow);
  }
  report(fl, B.name.c_str(), &g_pass, &g_fail);
}

int main()
{
  for (ts_int m : {1, 2, 3, 7}) sim_matrix(make_stencil(ST_MODEL8, m), 2);
  sim_matrix(make_stencil(ST_ANISO1, 16), 3);
  sim_matrix(make_stencil(ST_ANISO2, 17), 3);
  sim_matrix(make_stencil(ST_ROT, 20), 3);
  sim_matrix(make_random(300, 4, 3, true, true), 3);
  sim_matrix(make_stencil(ST_ANISO2, 64), 4);
  sim_matrix(make_stencil(ST_ROT, 64), 4);
  sim_matrix(make_random(3000, 6, 5, true, true), 3);
  sim_matrix(diagonally_dominant(make_random(300, 4, 3, true, true)), 3);
  sim_matrix(diagonally_dominant(make_random(3000, 10, 6, false, true)), 3);
  printf("%d passed, %d failed\n", g_pass, g_fail);
  return g_fail ? 1 : 0;
}
