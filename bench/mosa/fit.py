#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Fitted exponent of the MOS-a setup time against N (least squares of log t on log N) from a CSV with the
columns problem, N, setup_s (bench/mosa/run.sh writes one). Usage: fit.py setup.csv"""
import csv
import math
import sys

rows = list(csv.DictReader(open(sys.argv[1])))
for prob in sorted({r["problem"] for r in rows}):
    pts = [(int(r["N"]), float(r["setup_s"])) for r in rows if r["problem"] == prob and r["setup_s"]]
    for lo in (10000, 90000):
        p = [(math.log(N), math.log(t)) for N, t in pts if N >= lo]
        if len(p) < 2:
            continue
        mx = sum(x for x, _ in p) / len(p)
        my = sum(y for _, y in p) / len(p)
        k = sum((x - mx) * (y - my) for x, y in p) / sum((x - mx) ** 2 for x, _ in p)
        print(f"{prob}: setup ~ N^{k:.3f} (least squares of log t on log N, N >= {lo}, {len(p)} sizes)")
    big = [t for N, t in pts if N == 1440000]
    if big:
        print(f"{prob}: setup at N = 1440000: {big[0]:.4f} s")
