/* SPDX-License-Identifier: BSD-2-Clause */
/*
   gtsv_float_scaled.cu - the RPTS solver (rpts.cuh) for float with pivoting scaled, in a module of its own: CUDA loads
   a translation unit's kernels all at once at the first launch of any of them, so a first solve loads only the
   kernels of its scalar type and pivoting (TS_RPTS_INSTANTIATE in rpts.cuh). The entry points are in gtsv.cu.
*/
#include "rpts.cuh"

namespace ts_rpts {
TS_RPTS_INSTANTIATE(, float, TS_PIVOTING_SCALED)
}
