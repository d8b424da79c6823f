#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Bar charts of bench/tts results: the best time of each PC family per case (over BiCGStab and GMRES(20)).

  /usr/bin/python3 bench/tts/plot.py OUT.png TITLE results.csv[:LABEL] ...

One panel per case found in the CSV files; with several files (e.g. cold/results.csv:cold warm/results.csv:warm)
each family gets one bar per file. Log time axis (ILU(0) and GAMG are 10x slower on the single solves); a run that
failed or timed out has no bar, and its family is marked 'x' at the axis. Needs matplotlib.
"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib import ticker  # noqa: E402

FAMILIES = ["jacobi", "ilu", "bjacobi-ilu", "gamg", "algtri", "mosd-m2", "altsplit-m2", "mosa-m2"]
NAMES = {"jacobi": "jacobi", "ilu": "ILU(0)", "bjacobi-ilu": "bjacobi+ILU", "gamg": "GAMG", "algtri": "algtri",
         "mosd-m2": "MOS-d m=2", "altsplit-m2": "ALT-i m=2", "mosa-m2": "MOS-a m=2"}
CASES = {"hard__convdiff": "CONVDIFF 1000², Peclet 1e4", "hard__rot": "ROT 1000², eps 1e-5",
         "easy__aniso1": "ANISO1 1200²", "easy__aniso2": "ANISO2 1200²", "easy__model8": "MODEL8 1000²",
         "seq__aniso1": "20 systems, ANISO1 1200²", "seq__rot": "20 systems, ROT 1000²",
         "seq__convdiff": "20 systems, CONVDIFF 1000²", "ex19__cavity": "SNES ex19 500² (SNESSolve)"}


def best(path):
    """{case: {family: seconds}} over the runs that converged"""
    out = {}
    for r in csv.DictReader(open(path)):
        if r["status"] != "ok":
            out.setdefault(r["case"], {})
            continue
        t = r["total_s"] or r.get("ksp_solve_s", "")
        if not t:
            continue
        fam = out.setdefault(r["case"], {})
        fam[r["pc"]] = min(float(t), fam.get(r["pc"], float("inf")))
    return out


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    png, title, sources = sys.argv[1], sys.argv[2], []
    for a in sys.argv[3:]:
        path, _, label = a.partition(":")
        sources.append((label or path, best(path)))
    cases = [c for c in CASES if any(c in s for _, s in sources)]
    fig, axes = plt.subplots(1, len(cases), figsize=(3.2 * len(cases), 3.6), squeeze=False)
    width = 0.8 / len(sources)
    for ax, case in zip(axes[0], cases):
        vals = [t for _, d in sources for t in d.get(case, {}).values()]
        lo, hi = 0.7 * min(vals), 1.4 * max(vals)
        ax.set_yscale("log")
        ax.set_ylim(lo, hi)
        for k, (label, data) in enumerate(sources):
            times = data.get(case, {})
            xs = [i + (k - (len(sources) - 1) / 2) * width for i in range(len(FAMILIES))]
            ys = [times.get(f, lo) for f in FAMILIES]
            colors = ["#888888" if f in ("jacobi", "ilu", "bjacobi-ilu", "gamg") else "#1f77b4" for f in FAMILIES]
            ax.bar(xs, [y - lo for y in ys], width, bottom=lo, color=colors, alpha=1.0 if k == 0 else 0.55,
                   label=label, hatch=None if k == 0 else "//", edgecolor="black", linewidth=0.3)
            for x, f in zip(xs, FAMILIES):
                if f not in times:
                    ax.plot([x], [lo * 1.08], "x", color="red", markersize=6)
        ax.yaxis.set_major_locator(ticker.LogLocator(subs=(1.0, 2.0, 5.0)))
        ax.yaxis.set_major_formatter(ticker.FormatStrFormatter("%g"))
        ax.yaxis.set_minor_formatter(ticker.NullFormatter())
        ax.set_title(CASES[case], fontsize=9)
        ax.set_xticks(range(len(FAMILIES)))
        ax.set_xticklabels([NAMES[f] for f in FAMILIES], rotation=70, fontsize=7)
        ax.tick_params(axis="y", labelsize=7)
        ax.grid(axis="y", which="both", alpha=0.3)
    axes[0][0].set_ylabel("setup + solve, s (log)", fontsize=8)
    if len(sources) > 1:
        axes[0][-1].legend(fontsize=7)
    fig.suptitle(title + "  (grey: PETSc, blue: trisplit; x: no converged run)", fontsize=9)
    fig.tight_layout()
    fig.savefig(png, dpi=110)


if __name__ == "__main__":
    main()
