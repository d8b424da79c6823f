/* SPDX-License-Identifier: BSD-2-Clause */
/*
   singular_blocks.h - tridiag(1, beta, 1) matrices whose RPTS partitions have singular inner blocks, for
   the checks of the plan analysis on the host simulation (acc_sim robust) and on the GPU (test_rpts
   --robust-only): a partition of P rows has an inner block of P - 2 rows, singular for beta =
   2 cos(k pi / (P - 1)); P = 16 (global and fused stages), 24 (wide stages), 18 (M_ALT), 8 (M2, the fused
   stages' second level), 12 (MF, the final stage); and tridiag(1, 1, 1), tridiag(1, 0, 1).
*/
#ifndef TRISPLIT_TESTS_KERNELS_SINGULAR_BLOCKS_H
#define TRISPLIT_TESTS_KERNELS_SINGULAR_BLOCKS_H

#include <math.h>
#include <stdio.h>
#include <string>
#include <utility>
#include <vector>

/* (name, beta) */
static std::vector<std::pair<std::string, double>> singular_block_cases()
{
  std::vector<std::pair<std::string, double>> cases = {{"tridiag(1,1,1)", 1.0}, {"tridiag(1,0,1)", 0.0}};
  for (int P : {16, 24, 18, 8, 12})
    for (int k : {1, 2, 5}) {
      if (2 * k >= P - 1) continue;
      char name[64];
      snprintf(name, sizeof name, "2cos(%d pi/%d)", k, P - 1);
      cases.push_back({name, 2 * cos(k * M_PI / (P - 1))});
    }
  return cases;
}

#endif
