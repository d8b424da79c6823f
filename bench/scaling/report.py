#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Tables (Markdown) and plots (PNG, when matplotlib is there) of bench/scaling/run.sh's scaling.csv.

    python3 bench/scaling/report.py OUTDIR scaling.csv [more.csv ...]

Several CSVs (runs split over device calls) are merged; a later row replaces an earlier one of the same
mode, case, PC, KSP and rank count, and a SKIPPED_BUDGET row never replaces a measured one. Writes
OUTDIR/report.md and, with matplotlib, OUTDIR/<mode>_<case>.png (time to solution and parallel efficiency
against the rank count, one line per PC with its best KSP).

Definitions (also written into report.md):
  time to solution T = setup + solve (ex1's -view_times; for ex2 PCSetUp + KSPSolve of -log_view);
  best KSP of a PC in a case: the one that converged at the most rank counts, then the smaller sum of T;
  strong: E(p) = p0 T(p0) / (p T(p)), weak: E(p) = T(p0) / T(p), p0 the smallest rank count run (normally 1);
  iteration growth: its(p) / its(p0).
"""
import csv
import os
import re
import sys


def num(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return None


def load(paths):
    rows = {}
    order = []
    for path in paths:
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                r["ranks"] = int(r["ranks"])
                r["gpus"] = int(r["gpus"] or 0)
                key = (r["mode"], r["case"], r["pc"], r["ksp"], r["ranks"])
                if key in rows and r["reason"] == "SKIPPED_BUDGET" and rows[key]["reason"] != "SKIPPED_BUDGET":
                    continue
                if key not in rows:
                    order.append(key)
                rows[key] = r
    return [rows[k] for k in order]


def converged(r):
    return r["reason"].startswith("CONVERGED") and num(r["total_s"]) is not None


def short_reason(reason):
    return {"SKIPPED_BUDGET": "skipped", "TIMEOUT": "timeout"}.get(reason, reason.replace("DIVERGED_", "div ").lower())


def fmt_t(t):
    if t is None:
        return ""
    return f"{t:.3g}" if t < 100 else f"{t:.0f}"


def unique(seq):
    out = []
    for x in seq:
        if x not in out:
            out.append(x)
    return out


def slug(s):
    return re.sub(r"[^A-Za-z0-9]+", "_", s).strip("_")


def best_ksp(runs):
    """runs: {ksp: {ranks: row}} -> the KSP converged at the most rank counts, then the smaller sum of times."""
    def key(k):
        ok = [r for r in runs[k].values() if converged(r)]
        return (-len(ok), sum(num(r["total_s"]) for r in ok))
    return min(runs, key=key) if runs else None


def efficiency(mode, p0, t0, p, t):
    if t0 is None or t is None or t <= 0:
        return None
    return p0 * t0 / (p * t) if mode == "strong" else t0 / t


def gpu_axis(rows):
    g = max(r["gpus"] for r in rows)
    if g == 0:
        return "MPI ranks (host)"
    if all(r["gpus"] == r["ranks"] for r in rows):
        return "GPUs (one MPI rank per GPU)"
    return f"MPI ranks (on {g} GPU{'s' if g > 1 else ''}, ranks sharing)"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    outdir = sys.argv[1]
    rows = load(sys.argv[2:])
    os.makedirs(outdir, exist_ok=True)
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        plt = None

    md = ["# Scaling of the trisplit PCs and PETSc's baselines", ""]
    md += [f"From {', '.join(os.path.basename(p) for p in sys.argv[2:])}: {len(rows)} rows, "
           f"{sum(converged(r) for r in rows)} converged, {sum(r['reason'] == 'SKIPPED_BUDGET' for r in rows)} skipped (time budget), "
           f"{sum(not converged(r) and r['reason'] != 'SKIPPED_BUDGET' for r in rows)} not converged / failed.", ""]
    md += ["Time to solution T = setup + solve in seconds (wall clock, the slowest rank); its = iterations; "
           "apply = -log_view's PCApply time (max over ranks) per call, ms. "
           "Best KSP of a PC: the one converged at the most rank counts, then the smaller sum of T. "
           "Parallel efficiency against the smallest rank count p0 (normally 1): strong E(p) = p0 T(p0) / (p T(p)), "
           "weak E(p) = T(p0) / T(p). Iteration growth: its(p) / its(p0).", ""]
    if plt is None:
        md += ["(matplotlib is not available: no plots.)", ""]

    for mode, case in unique((r["mode"], r["case"]) for r in rows):
        cr = [r for r in rows if r["mode"] == mode and r["case"] == case]
        ranks = sorted(unique(r["ranks"] for r in cr))
        pcs = unique(r["pc"] for r in cr)
        ksps = unique(r["ksp"] for r in cr)
        by = {(r["pc"], r["ksp"], r["ranks"]): r for r in cr}
        size = {r["ranks"]: r["unknowns"] for r in cr if r["unknowns"]}
        md += [f"## {mode} scaling: {case}", ""]
        md += ["Unknowns per rank count: " + ", ".join(f"{p}: {size.get(p, '?')}" for p in ranks) + f"; x axis: {gpu_axis(cr)}.", ""]

        # 1. every PC and KSP: time to solution (iterations)
        md += ["Time to solution [s] (iterations), every PC and KSP:", ""]
        md += ["| PC | KSP | " + " | ".join(f"p={p}" for p in ranks) + " |", "|---|---|" + "---:|" * len(ranks)]
        for pc in pcs:
            for k in ksps:
                cells = []
                for p in ranks:
                    r = by.get((pc, k, p))
                    if r is None:
                        cells.append("")
                    elif converged(r):
                        cells.append(f"{fmt_t(num(r['total_s']))} ({r['iterations']})")
                    else:
                        cells.append(short_reason(r["reason"]) + (f" ({r['iterations']})" if r["iterations"] else ""))
                md.append(f"| {pc} | {k} | " + " | ".join(cells) + " |")
        md.append("")

        # 2. best KSP per PC: setup, apply, iterations, time, efficiency, iteration growth
        best = {}
        for pc in pcs:
            runs = {k: {p: by[(pc, k, p)] for p in ranks if (pc, k, p) in by} for k in ksps}
            best[pc] = best_ksp({k: v for k, v in runs.items() if v})
        md += ["Best KSP per PC: setup, apply per call, iterations, time to solution, efficiency, iteration growth:", ""]
        md += ["| PC | KSP | p | GPUs | its | its/its(p0) | setup s | solve s | apply ms | T s | E(p) |", "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        eff = {}
        for pc in pcs:
            k = best[pc]
            conv = [p for p in ranks if (pc, k, p) in by and converged(by[(pc, k, p)])]
            p0 = conv[0] if conv else None
            r0 = by.get((pc, k, p0)) if p0 is not None else None
            for p in ranks:
                r = by.get((pc, k, p))
                if r is None:
                    continue
                if not converged(r):
                    md.append(f"| {pc} | {k} | {p} | {r['gpus']} | {short_reason(r['reason'])} | | | | | | |")
                    continue
                e = efficiency(mode, p0, num(r0["total_s"]), p, num(r["total_s"]))
                eff[(pc, p)] = e
                g = int(r["iterations"]) / int(r0["iterations"]) if r0["iterations"] not in ("", "0") else None
                ap = num(r["apply_per_call_s"])
                md.append(f"| {pc} | {k} | {p} | {r['gpus']} | {r['iterations']} | {'' if g is None else f'{g:.2f}'} | {fmt_t(num(r['setup_s']))} | {fmt_t(num(r['solve_s']))} | "
                          f"{'' if ap is None else f'{1e3 * ap:.3g}'} | {fmt_t(num(r['total_s']))} | {'' if e is None else f'{e:.2f}'} |")
        md.append("")

        # 3. compact: efficiency and the fastest PC per rank count
        md += [f"{mode.capitalize()} efficiency E(p), best KSP per PC:", ""]
        md += ["| PC (KSP) | " + " | ".join(f"p={p}" for p in ranks) + " |", "|---|" + "---:|" * len(ranks)]
        for pc in pcs:
            md.append(f"| {pc} ({best[pc]}) | " + " | ".join("" if eff.get((pc, p)) is None else f"{eff[(pc, p)]:.2f}" for p in ranks) + " |")
        md.append("")
        fastest = []
        for p in ranks:
            ok = [r for r in cr if r["ranks"] == p and converged(r)]
            if ok:
                r = min(ok, key=lambda r: num(r["total_s"]))
                fastest.append(f"p={p}: {r['pc']} + {r['ksp']} {fmt_t(num(r['total_s']))} s")
        md += ["Fastest: " + "; ".join(fastest) + ".", ""]

        if plt is not None:
            fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
            for pc in pcs:
                k = best[pc]
                pts = [(p, num(by[(pc, k, p)]["total_s"])) for p in ranks if (pc, k, p) in by and converged(by[(pc, k, p)])]
                if pts:
                    ax1.plot([x for x, _ in pts], [y for _, y in pts], "o-", label=f"{pc} ({k})")
                pe = [(p, eff[(pc, p)]) for p in ranks if eff.get((pc, p)) is not None]
                if pe:
                    ax2.plot([x for x, _ in pe], [y for _, y in pe], "o-", label=f"{pc} ({k})")
            ax1.set_yscale("log")
            ax1.set_ylabel("time to solution [s]")
            ax2.axhline(1.0, color="gray", lw=0.8, ls="--")
            ax2.set_ylabel(f"{mode} efficiency E(p)")
            ax2.set_ylim(bottom=0)
            for ax in (ax1, ax2):
                ax.set_xlabel(gpu_axis(cr))
                ax.set_xticks(ranks)
                ax.grid(True, alpha=0.3)
            ax1.legend(fontsize=7)
            fig.suptitle(f"{mode} scaling: {case}")
            fig.tight_layout()
            png = f"{mode}_{slug(case)}.png"
            fig.savefig(os.path.join(outdir, png), dpi=110)
            plt.close(fig)
            md += [f"![{mode} {case}]({png})", ""]

    skipped = [r for r in rows if r["reason"] == "SKIPPED_BUDGET"]
    if skipped:
        md += ["## Skipped (time budget)", ""]
        md += [f"- {r['mode']} {r['case']} {r['pc']} {r['ksp']} p={r['ranks']}" for r in skipped] + [""]
    with open(os.path.join(outdir, "report.md"), "w") as f:
        f.write("\n".join(md))
    print(f"wrote {os.path.join(outdir, 'report.md')}" + ("" if plt is None else " and plots"))


if __name__ == "__main__":
    main()
