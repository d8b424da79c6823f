#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Plot bench_rpts.csv (from bench/rpts/bench_rpts.cu): rows/s against N, one panel per precision and
number of right-hand sides, for RPTS, cuSPARSE gtsv2 / gtsv2_nopivot and the copy floor (the rows/s a
solve would reach if it moved its minimal bytes at device-to-device copy speed).

usage: plot_rpts.py bench_rpts.csv out.png [title] [method=label ...]
  method=label renames (or adds, e.g. rpts-M16=...) a curve.
"""
import csv
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

METHODS = [
    ("copy-floor", "copy floor (minimal bytes at D2D copy speed)", "k", "--"),
    ("rpts", "RPTS (trisplit, scaled pivoting)", "tab:blue", "-"),
    ("rpts-alg3", "RPTS, dynamic M (Algorithm 3)", "tab:cyan", ":"),
    ("rpts-M16", "RPTS, M = 16", "tab:green", "none"),
    ("rpts-block", "block RPTS (2x2, N/2 block rows, scaled)", "tab:purple", "-."),
    ("cusparse-gtsv2", "cuSPARSE gtsv2", "tab:red", "-"),
    ("cusparse-nopiv", "cuSPARSE gtsv2_nopivot", "tab:orange", "-"),
]


def main():
    src, out = sys.argv[1], sys.argv[2]
    title = sys.argv[3] if len(sys.argv) > 3 else ""
    labels = dict(a.split("=", 1) for a in sys.argv[4:])
    data = defaultdict(lambda: defaultdict(list))
    for r in csv.DictReader(open(src)):
        key = (r["precision"], int(r["nrhs"]))
        data[key][r["method"]].append((int(r["N"]), float(r["mrows_per_s"])))
    keys = sorted(data, key=lambda k: (k[0] != "double", k[1]))
    fig, axes = plt.subplots(1, len(keys), figsize=(5 * len(keys), 4.2), squeeze=False)
    for ax, key in zip(axes[0], keys):
        for m, label, color, ls in METHODS:
            pts = sorted(data[key].get(m, []))
            if not pts:
                continue
            ax.plot([p[0] for p in pts], [p[1] for p in pts], linestyle=ls, color=color, marker="o" if ls != "none" else "D", ms=3 if ls != "none" else 6, label=labels.get(m, label))
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("N (rows)")
        ax.set_ylabel("MRows/s (N * nrhs / time)")
        ax.set_title(f"{key[0]}, nrhs = {key[1]}")
        ax.grid(True, which="both", alpha=0.3)
    axes[0][0].legend(fontsize=7, loc="lower right")
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print("wrote", out)


if __name__ == "__main__":
    main()
