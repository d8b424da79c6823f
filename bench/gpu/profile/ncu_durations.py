#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Sum the kernel durations of Nsight Compute CSV files (ncu --metrics gpu__time_duration.sum --csv), per
kernel name, as bench/gpu/profile/run.sh writes them.

usage: python3 bench/gpu/profile/ncu_durations.py FILE.csv [...]
"""
import collections
import csv
import re
import sys

UNIT = {"nsecond": 1e-3, "usecond": 1.0, "msecond": 1e3, "second": 1e6}

for path in sys.argv[1:]:
    rows = [r for r in csv.reader(open(path)) if len(r) > 10 and r[-3] == "gpu__time_duration.sum"]
    per = collections.OrderedDict()
    for r in rows:
        name = re.sub(r"\(.*", "", re.sub(r"<.*", "", r[4])).replace("void ", "")
        us = float(r[-1].replace(",", "")) * UNIT.get(r[-2], 1e-3)
        count, total = per.get(name, (0, 0.0))
        per[name] = (count + 1, total + us)
    print(f"== {path}: {len(rows)} kernels")
    for name, (count, total) in per.items():
        print(f"  {name:56s} n = {count:3d}  sum {total:8.1f} us  mean {total / count:7.2f} us")
    print(f"  total {sum(t for _, t in per.values()):.1f} us")
