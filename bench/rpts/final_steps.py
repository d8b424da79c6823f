#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Dependent steps and barriers of RPTS's final stage (final_kernel, src/kernels/cuda/rpts.cuh), counted from
the code, for partitions of MF rows and a last level of at most NSEQ rows (TS_RPTS_MF, TS_RPTS_NSEQ).

  reduce   per level, the longest thread: sum over its partitions (q = tid, tid + nt, ...) of the m - 2 rows
           reduce_partition eliminates (downward or upward sweep)
  subst    per level, the longest thread: substitute_partition of m >= 3 rows, forward m - 3 steps + x[m-2],
           back substitution m - 3 steps + x[1] (each back step divides by its pivot)
  last     the last level's one thread: substitute_partition of nl + 2 rows (identity end rows), ~2 nl
  syncs    __syncthreads: after the load, after each reduction level, after the last level, after each
           substitution level (2 per level)

usage: final_steps.py [n ...] [--mf 4,6,8,12] [--nseq 4,8,16,32] [--threads 512]
"""
import argparse


def coarse(n, M):
    return 2 * ((n + M - 1) // M) - (1 if n % M == 1 else 0)


def count(n, MF, NSEQ, maxt=512):
    nl = [n]
    while nl[-1] > NSEQ:
        nl.append(coarse(nl[-1], MF))
    t = 2 * ((n + MF - 1) // MF) if n > NSEQ else 32
    nt = max(32, min(maxt, (t + 31) // 32 * 32))  # final_threads
    red = sub = back = 0
    for n0 in nl[:-1]:
        P = (n0 + MF - 1) // MF
        ms = [min(MF, n0 - p * MF) for p in range(P)]
        red += max(sum(max(ms[q if q < P else q - P] - 2, 0) for q in range(tid, 2 * P, nt)) for tid in range(min(nt, 2 * P)))
        half = max(sum(max(ms[p] - 3, 0) + (ms[p] >= 3) for p in range(tid, P, nt)) for tid in range(min(nt, P)))
        sub += 2 * half
        back += half
    m = nl[-1] + 2
    last = 2 * (max(m - 3, 0) + 1)
    return dict(nt=nt, nl=nl, red=red, sub=sub, last=last, total=red + sub + last, div=back + last // 2, syncs=2 * len(nl))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("n", nargs="*", type=int, default=[2048, 256])
    ap.add_argument("--mf", default="4,6,8,12")
    ap.add_argument("--nseq", default="4,8,16,32")
    ap.add_argument("--threads", type=int, default=512)
    a = ap.parse_args()
    print("MF NSEQ     n threads levels (rows per level)           reduce subst last  total (back steps) syncs")
    for n in a.n:
        for MF in map(int, a.mf.split(",")):
            for NSEQ in map(int, a.nseq.split(",")):
                c = count(n, MF, NSEQ, a.threads)
                lv = ">".join(map(str, c["nl"]))
                print(f"{MF:2d} {NSEQ:4d} {n:5d} {c['nt']:7d} {len(c['nl']):2d} {lv:32s} {c['red']:6d} {c['sub']:5d} {c['last']:4d} {c['total']:6d} ({c['div']:3d}) {c['syncs']:5d}")
        print()


if __name__ == "__main__":
    main()
