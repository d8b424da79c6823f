#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Summary tables of bench/cpu/run.sh: one row per problem, one column per PC, 'total s (iterations)'; a case
measured in several passes (folders) keeps its fastest total (the iterations of the passes must agree).

    python3 bench/cpu/summary.py DIR [DIR ...] > summary.md
"""
import csv
import os
import sys

PCS = ["algtri", "mosd m=2", "altsplit", "mosa", "ilu (ILU(0))", "bjacobi (ILU(0) block)", "gamg", "jacobi"]
TRISPLIT = PCS[:4]


def load(dirs, name):
    best = {}
    for d in dirs:
        path = os.path.join(d, name)
        if not os.path.exists(path):
            continue
        for r in csv.DictReader(open(path), delimiter="\t"):
            key = (r["n"], r["problem"], r["pc"])
            its = r.get("iterations") or r.get("iterations_all_steps")
            total = float(r["total_s"])
            if key in best:
                assert best[key][0] == its, f"{key}: iterations differ between passes ({best[key][0]} and {its})"
                if total >= best[key][1]:
                    continue
            best[key] = (its, total, r.get("reason") or r.get("converged") or "", float(r["setup_s"]), float(r["solve_s"]))
    return best


def table(best, title, note):
    if not best:
        return
    print(f"### {title}\n\n{note}\n")
    print("| problem | " + " | ".join(PCS) + " | best trisplit / best PETSc |")
    print("|---|" + "---|" * (len(PCS) + 1))
    for n, prob in sorted({(k[0], k[1]) for k in best}, key=lambda x: (x[0], x[1])):
        cells, tri, pet = [], [], []
        for pc in PCS:
            v = best.get((n, prob, pc))
            if v is None:
                cells.append("")
                continue
            its, total, reason, _, _ = v
            ok = reason.startswith(("CONVERGED", "all-converged"))
            cells.append(f"{total:.3f} ({its})" if ok else (f"fails ({reason}, {its})" if reason else "error (raw.txt)"))
            if ok:
                (tri if pc in TRISPLIT else pet).append((total, pc))
        ratio = f"{min(tri)[0] / min(pet)[0]:.1f}x slower" if tri and pet and min(tri)[0] > min(pet)[0] else \
            (f"{min(pet)[0] / min(tri)[0]:.1f}x faster" if tri and pet else ("only trisplit converges" if tri else "no trisplit PC converges"))
        label = prob if n in ("-", "") else f"{prob} {n}²"
        print(f"| {label} | " + " | ".join(cells) + f" | {ratio} |")
    print()


def main(dirs):
    table(load(dirs, "ex1.tsv"), "One solve (tutorials/ex1)",
          "Setup + solve in s, the fastest of the runs (iterations in brackets); BiCGStab, right preconditioning, rtol 1e-6.")
    table(load(dirs, "ex4.tsv"), "20 systems of one pattern (tutorials/ex4 -problem rot -steps 20)",
          "Setup + solve summed over the 20 steps, in s (iterations of all steps in brackets).")
    table(load(dirs, "matrices.tsv"), "Real matrices no PETSc PC solved on the H100 (tutorials/ex2, at most 2000 iterations)",
          "PCSetUp + KSPSolve of -log_view in s (iterations in brackets).")


if __name__ == "__main__":
    main(sys.argv[1:])
