#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Report of a bench/compare run (bash bench/compare/run.sh report compare.tar.gz compare_real.tar.gz [--out DIR]).

Reads the time-stamped driver outputs of run.sh's run step (the tarballs of $OUT, or one unpacked folder) and writes,
by default into bench/results/compare/<gpu>-petsc<version>/ (h100-petsc325: a newer run replaces the older one, as
bench/results/README.md says; --out DIR for another run's own folder):
  results.csv        one row per problem x Krylov x PC (N, nnz, iterations, setup/solve/total s, true relative
                     residual, forward relative error, converged reason, status, how it was timed)
  histories.csv.gz   residual histories (at most 300 points per run, log-spaced): relative residual against
                     iteration and against measured wall-clock time
  results.md         the tables (model problems in full, real matrices compact) and the summary
  logview.md         -log_view excerpts per PC on ANISO1, apply bandwidth against the copy bandwidth
  *.png              residual vs iteration and vs time per model problem, total time per PC (bars), real
                     matrices (iterations per PC, residual histories)
  gpu.txt, copybw.txt, logview/*.txt (raw -log_view outputs)
"""
import csv
import gzip
import io
import math
import os
import re
import shutil
import sys
import tarfile
import tempfile

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

PETSC_PCS = ["jacobi", "ilu-cusparse", "bjacobi-ilu", "gamg"]
TS_PCS = ["algtri", "algtri-single", "algtri-b2", "algtri-b2-single", "mosd-m1", "mosd-m2", "mosd-m3", "mosd-m4",
          "altsplit-m1", "altsplit-m2", "altsplit-m3", "altsplit-m4", "altsplit-outer-m2", "mosa-m1", "mosa-m2", "mosa-m3",
          # the defaults of each PC (m by coverage) and the option families a default is chosen from
          "mosd-auto", "altsplit-auto", "mosa-auto", "algtri-abs", "mosd-m2-omega0.5", "altsplit-m2-omega0"]
PC_ORDER = PETSC_PCS + TS_PCS
KSP_ORDER = ["gmres", "fgmres", "bcgs"]
COLORS = {"jacobi": "#7f7f7f", "ilu-cusparse": "#8c564b", "bjacobi-ilu": "#e377c2", "gamg": "#17becf",
          "algtri": "#d62728", "mosd-m1": "#fdae6b", "mosd-m2": "#fd8d3c", "mosd-m3": "#e6550d", "mosd-m4": "#a63603",
          "altsplit-m1": "#9ecae1", "altsplit-m2": "#6baed6", "altsplit-m3": "#3182bd", "altsplit-m4": "#08519c",
          "altsplit-outer-m2": "#31a354", "algtri-single": "#ff9896", "algtri-b2": "#9467bd", "algtri-b2-single": "#c5b0d5",
          "mosa-m1": "#c7e9c0", "mosa-m2": "#74c476", "mosa-m3": "#238b45", "mosd-auto": "#7f2704",
          "altsplit-auto": "#08306b", "mosa-auto": "#00441b", "algtri-abs": "#67000d", "mosd-m2-omega0.5": "#fdd0a2",
          "altsplit-m2-omega0": "#c6dbef"}
MODEL_ORDER = ["aniso1", "aniso2", "model8", "lap3d", "rot", "convdiff"]
PC_OPTS = {"jacobi": "-pc_type jacobi", "ilu-cusparse": "-pc_type ilu -pc_factor_mat_solver_type cusparse",
           "bjacobi-ilu": "-pc_type bjacobi -sub_pc_type ilu", "gamg": "-pc_type gamg", "algtri": "-pc_type algtri",
           "altsplit-outer-m2": "-pc_type altsplit -pc_altsplit_m 2 -pc_altsplit_type outer",
           "algtri-single": "-pc_type algtri -pc_algtri_precision single", "algtri-b2": "-pc_type algtri -pc_algtri_block 2",
           "algtri-b2-single": "-pc_type algtri -pc_algtri_block 2 -pc_algtri_precision single"}
for _m in range(1, 5):
    PC_OPTS[f"mosd-m{_m}"] = f"-pc_type mosd -pc_mosd_m {_m}"
    PC_OPTS[f"altsplit-m{_m}"] = f"-pc_type altsplit -pc_altsplit_m {_m}"
    PC_OPTS[f"mosa-m{_m}"] = f"-pc_type mosa -pc_mosa_m {_m}"

RE_MON = re.compile(r"^\s*(\d+) KSP Residual norm (\S+)")
RE_TRUEMON = re.compile(r"^\s*(\d+) KSP \S+ resid norm (\S+) true resid norm (\S+)")
RE_EX1 = re.compile(r"^(\w+) n=(\d+) N=(\d+): KSP (\w+) PC (\w+): (\w+) in (\d+) iterations")
RE_EX2 = re.compile(r"^matrix (\d+) x (\d+), (\d+) nonzeros: KSP (\w+) PC (\w+): (\w+) in (\d+) iterations")
RE_NUM = re.compile(r"true relative residual (\S+), forward relative error (\S+)")
RE_TIMES = re.compile(r"times: setup (\S+) s, solve (\S+) s, total (\S+) s")


def nnz_model(problem, n):
    """Nonzeros of tutorials/ex1's matrices (Dirichlet boundary, neighbours outside the grid dropped)."""
    if problem == "lap3d":
        return n ** 3 + 6 * n * n * (n - 1)
    if problem in ("model8", "convdiff"):
        return n * n + 4 * n * (n - 1)
    return sum((n - abs(dx)) * (n - abs(dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def fnum(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return None


def parse_run(path):
    """One runs/ID.log: the header, the stamped output, the footer."""
    r = {"id": os.path.basename(path)[:-4], "hist": [], "status": "error", "rc": None, "error": ""}
    parts = r["id"].split("__")
    r["problem"], r["ksp_label"], r["pc"] = parts[0], parts[1], parts[2]
    r["kind"] = "real" if r["problem"].startswith("mm-") else ("check" if r["problem"] == "check" else "model")
    if r["kind"] == "real":
        r["problem"] = r["problem"][3:]
    lines = open(path, errors="replace").read().splitlines()
    last_other_t, t_view = None, None
    for ln in lines:
        if ln.startswith("#cmd "):
            r["cmd"] = ln[5:].strip()
            continue
        if ln.startswith("#status skipped"):
            r["status"] = "skipped"
            continue
        if ln.startswith("#rc "):
            r["rc"] = int(ln.split()[1])
            continue
        if ln.startswith("#"):
            continue
        t, _, text = ln.partition("\t")
        t = fnum(t)
        m = RE_MON.match(text) or RE_TRUEMON.match(text)
        if m:
            if not r["hist"] and t_view is None:
                t_view = last_other_t
            r["hist"].append((int(m.group(1)), float(m.group(2)), t, fnum(m.group(3)) if m.re is RE_TRUEMON else None))
            continue
        last_other_t = t
        m = RE_EX1.match(text)
        if m:
            r["n"], r["N"] = int(m.group(2)), int(m.group(3))
            r["ksp"], r["pctype"], r["reason"], r["its"] = m.group(4), m.group(5), m.group(6), int(m.group(7))
            r["nnz"] = nnz_model(m.group(1), r["n"])
            continue
        m = RE_EX2.match(text)
        if m:
            r["N"], r["nnz"] = int(m.group(1)), int(m.group(3))
            r["ksp"], r["pctype"], r["reason"], r["its"] = m.group(4), m.group(5), m.group(6), int(m.group(7))
            continue
        m = RE_NUM.search(text)
        if m:
            r["relres"], r["err"] = fnum(m.group(1)), fnum(m.group(2))
            continue
        m = RE_TIMES.search(text)
        if m:
            r["setup"], r["solve"], r["total"] = (float(x) for x in m.groups())
            continue
        if "PETSC ERROR" in text and not r["error"]:
            e = text.split("PETSC ERROR:", 1)[1].strip()
            if e and not e.startswith("---") and not e.startswith("See ") and not e.startswith("Option"):
                r["error"] = e[:120]
    # restarted GMRES prints the residual at a restart twice: keep the last value of each iteration
    byit = {}
    for k, v, t, tr in r["hist"]:
        byit[k] = (k, v, t, tr)
    r["hist"] = [byit[k] for k in sorted(byit)]
    if r["status"] != "skipped":
        if r["rc"] in (124, 137):
            r["status"] = "timeout"
            r["reason"] = "TIMEOUT"
            if r["hist"]:
                r["its"] = r["hist"][-1][0]
        elif r.get("reason"):
            r["status"] = "ok"
        else:
            r["status"] = "error"
            r["reason"] = "ERROR"
    else:
        r["reason"] = "SKIPPED"
    if r["kind"] == "real":
        r["timing"] = "stamps, %s concurrent" % PAR
        if r["hist"] and t_view is not None and r["status"] == "ok":
            t0, t1 = r["hist"][0][2], r["hist"][-1][2]
            r["setup"], r["solve"] = t0 - t_view, t1 - t0
            r["total"] = r["setup"] + r["solve"]
    else:
        r["timing"] = "ex1 -view_times"
    if r["hist"]:
        r0 = r["hist"][0][1]
        t0 = r["hist"][0][2]
        r["hist_rel"] = [(k, v / r0 if r0 else float("nan"), t - t0) for k, v, t, _ in r["hist"]]
    else:
        r["hist_rel"] = []
    return r


def converged(r):
    return r.get("status") == "ok" and r.get("reason", "").startswith("CONVERGED")


def fmt(x, f="%.4f"):
    return "" if x is None else f % x


def ksp_of(r):
    return r.get("ksp") or r["ksp_label"]


def subsample(h, kmax=300):
    if len(h) <= kmax:
        return h
    idx = sorted(set([0, len(h) - 1] + [int(round(math.exp(i * math.log(len(h) - 1) / (kmax - 2)))) for i in range(kmax - 1)]))
    return [h[i] for i in idx if i < len(h)]


def petsc_version(src):
    """The PETSc version the run used: the "Using Petsc Release Version X.Y.Z" line of -log_view (logview/*.txt,
    runs/*.log) or a "petsc X.Y.Z" line of gpu.txt; else the bundle of bench/gpu/petsc_env.sh."""
    pat = re.compile(r"(?:Using Petsc (?:Release|Development) Version|^petsc:?)\s+v?(\d+\.\d+\.\d+)", re.I | re.M)
    files = [os.path.join(src, "gpu.txt")]
    for sub in ("logview", "runs"):
        d = os.path.join(src, sub)
        if os.path.isdir(d):
            files += [os.path.join(d, f) for f in sorted(os.listdir(d)) if f.endswith((".txt", ".log"))]
    for f in files:
        if os.path.isfile(f):
            m = pat.search(open(f, errors="replace").read())
            if m:
                return m.group(1)
    return "3.25.4"


def gpu_slug(name):
    toks = [t for t in re.split(r"[\s\-_]+", name.lower()) if t and t not in ("nvidia", "tesla", "sxm", "pcie")]
    for t in toks:
        if re.match(r"^[a-z]+\d+", t):
            return t
    return toks[0] if toks else "host"


PAR = "?"


def main(argv):
    global PAR
    if len(argv) < 2:
        print(__doc__)
        return 1
    args, out = argv[1:], None
    if "--out" in args:
        i = args.index("--out")
        out = args[i + 1]
        del args[i:i + 2]
    tmp = None
    src = args[0]
    if os.path.isfile(src):
        tmp = tempfile.mkdtemp()
        for a in args:
            with tarfile.open(a) as tf:
                tf.extractall(tmp)
        src = tmp
    gpu = open(os.path.join(src, "gpu.txt")).read().splitlines()
    gpuname = gpu[0].split(",")[0].strip()
    date = next((g for g in gpu if re.match(r"^\d{4}-\d\d-\d\dT", g)), "unknown")
    commit = next((g[7:] for g in gpu if g.startswith("commit ")), "?")
    m = re.search(r"par (\d+)", "\n".join(gpu))
    PAR = m.group(1) if m else "?"
    if out is None:
        out = os.path.join("bench", "results", "compare", "%s-petsc%s" % (gpu_slug(gpuname), "".join(petsc_version(src).split(".")[:2])))
    os.makedirs(out, exist_ok=True)
    for f in ("gpu.txt", "copybw.txt"):
        if os.path.exists(os.path.join(src, f)):
            shutil.copy(os.path.join(src, f), out)
    if os.path.isdir(os.path.join(src, "logview")):
        shutil.copytree(os.path.join(src, "logview"), os.path.join(out, "logview"), dirs_exist_ok=True)

    runs = [parse_run(os.path.join(src, "runs", f)) for f in sorted(os.listdir(os.path.join(src, "runs"))) if f.endswith(".log")]
    check = [r for r in runs if r["kind"] == "check"]
    runs = [r for r in runs if r["kind"] != "check"]
    # N and nnz of rows without a result line (timeouts, errors) from another row of the problem
    sizes = {}
    for r in runs:
        if r.get("N"):
            sizes[r["problem"]] = (r["N"], r["nnz"])
    for r in runs:
        if not r.get("N") and r["problem"] in sizes:
            r["N"], r["nnz"] = sizes[r["problem"]]

    def order(r):
        p = MODEL_ORDER.index(r["problem"]) if r["kind"] == "model" and r["problem"] in MODEL_ORDER else 99
        return (r["kind"] != "model", p, r["problem"].lower(), KSP_ORDER.index(r["ksp_label"]) if r["ksp_label"] in KSP_ORDER else 9,
                PC_ORDER.index(r["pc"]) if r["pc"] in PC_ORDER else 99)

    runs.sort(key=order)

    # ---- CSV ----
    with open(os.path.join(out, "results.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["problem", "kind", "N", "nnz", "ksp", "pc", "pc_options", "iterations", "setup_s", "solve_s", "total_s",
                    "true_rel_residual", "forward_rel_error", "reason", "status", "timing", "error"])
        for r in runs:
            w.writerow([r["problem"], r["kind"], r.get("N", ""), r.get("nnz", ""), ksp_of(r), r["pc"], PC_OPTS.get(r["pc"], ""),
                        r.get("its", ""), fmt(r.get("setup"), "%.6f"), fmt(r.get("solve"), "%.6f"), fmt(r.get("total"), "%.6f"),
                        fmt(r.get("relres"), "%.3e"), fmt(r.get("err"), "%.3e"), r.get("reason", ""), r["status"], r["timing"], r["error"]])
    with gzip.open(os.path.join(out, "histories.csv.gz"), "wt", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["problem", "ksp", "pc", "iteration", "rel_residual", "t_since_it0_s"])
        for r in runs:
            for k, v, t in subsample(r["hist_rel"]):
                w.writerow([r["problem"], ksp_of(r), r["pc"], k, "%.4e" % v, "%.6f" % t])

    model = [r for r in runs if r["kind"] == "model"]
    real = [r for r in runs if r["kind"] == "real"]
    mprobs = [p for p in MODEL_ORDER if any(r["problem"] == p for r in model)]
    rprobs = sorted({r["problem"] for r in real}, key=str.lower)

    # ---- plots ----
    plots = []

    def label(r):
        return r["pc"] + (" (fgmres)" if ksp_of(r) == "fgmres" else "")

    for p in mprobs:
        fig, axes = plt.subplots(2, 2, figsize=(13, 9))
        for row, kspset in enumerate((("gmres", "fgmres"), ("bcgs",))):
            sel = [r for r in model if r["problem"] == p and ksp_of(r) in kspset and r["hist_rel"]]
            for r in sel:
                ks = [h[0] for h in r["hist_rel"]]
                vs = [max(h[1], 1e-16) for h in r["hist_rel"]]
                ts = [(r.get("setup") or 0) + h[2] for h in r["hist_rel"]]
                style = "-" if converged(r) else ":"
                axes[row][0].semilogy(ks, vs, style, color=COLORS.get(r["pc"]), label=label(r), lw=1.2)
                axes[row][1].semilogy(ts, vs, style, color=COLORS.get(r["pc"]), label=label(r), lw=1.2)
            tmax = max((r.get("total") or 0 for r in sel if converged(r)), default=0)
            if tmax > 0:
                axes[row][1].set_xlim(0, 1.1 * tmax)
            for a in axes[row]:
                a.set_ylim(1e-8, 1e2)
            name = "GMRES(20) (ALT-o: FGMRES(20))" if row == 0 else "BiCGStab"
            axes[row][0].set_title("%s, %s: residual vs iteration" % (p, name), fontsize=10)
            axes[row][1].set_title("%s, %s: residual vs time (setup + solve)" % (p, name), fontsize=10)
            axes[row][0].set_xlabel("iteration")
            axes[row][1].set_xlabel("seconds (setup from -view_times, then measured monitor times; cut at the slowest converged run)", fontsize=8)
            for a in axes[row]:
                a.set_ylabel("||b - A x_k|| / ||b||")
                a.axhline(1e-6, color="k", lw=0.5, ls="--")
                a.grid(True, which="major", alpha=0.3)
            if sel:
                axes[row][0].legend(fontsize=7, ncol=2)
        n = next((r for r in model if r["problem"] == p and r.get("N")), {})
        fig.suptitle("%s (N = %s, nnz = %s) on %s, %s; dotted: not converged" % (p, n.get("N"), n.get("nnz"), gpuname, date))
        fig.tight_layout()
        fn = "residual_%s.png" % p
        fig.savefig(os.path.join(out, fn), dpi=90)
        plt.close(fig)
        plots.append(fn)

    if mprobs:
        ncol = 2
        nrow = (len(mprobs) + 1) // 2
        fig, axes = plt.subplots(nrow, ncol, figsize=(15, 4.2 * nrow), squeeze=False)
        for i, p in enumerate(mprobs):
            a = axes[i // ncol][i % ncol]
            labels, setups, solves, cols, hatches = [], [], [], [], []
            for kl in ("gmres", "fgmres", "bcgs"):
                for pc in PC_ORDER:
                    r = next((x for x in model if x["problem"] == p and ksp_of(x) == kl and x["pc"] == pc), None)
                    if r is None or r["status"] == "skipped":
                        continue
                    labels.append("%s %s" % ({"gmres": "G", "fgmres": "F", "bcgs": "B"}[kl], pc))
                    setups.append(r.get("setup") or 0)
                    solves.append(r.get("solve") or 0)
                    cols.append(COLORS.get(pc))
                    hatches.append("" if converged(r) else "xx")
            x = range(len(labels))
            a.bar(x, setups, color=cols, alpha=0.45, edgecolor="k", lw=0.3)
            bars = a.bar(x, solves, bottom=setups, color=cols, edgecolor="k", lw=0.3)
            for b, h in zip(bars, hatches):
                b.set_hatch(h)
            a.set_xticks(list(x))
            a.set_xticklabels(labels, rotation=75, fontsize=7)
            a.set_ylabel("seconds")
            a.set_title("%s: total time (light: setup, dark: solve; hatched: not converged)" % p, fontsize=9)
            a.grid(True, axis="y", alpha=0.3)
        for j in range(len(mprobs), nrow * ncol):
            axes[j // ncol][j % ncol].axis("off")
        fig.suptitle("Time to solution per PC (G: GMRES(20), F: FGMRES(20), B: BiCGStab), %s, %s" % (gpuname, date))
        fig.tight_layout()
        fig.savefig(os.path.join(out, "total_time.png"), dpi=90)
        plt.close(fig)
        plots.append("total_time.png")

    if rprobs:
        pcs = [pc for pc in PC_ORDER if any(r["pc"] == pc for r in real)]
        fig, axes = plt.subplots(1, 2, figsize=(16, 0.28 * len(rprobs) + 2.5))
        for a, kset, title in ((axes[0], ("gmres", "fgmres"), "GMRES(20) (ALT-o: FGMRES)"), (axes[1], ("bcgs",), "BiCGStab")):
            cols = [pc for pc in pcs if any(r["pc"] == pc and ksp_of(r) in kset and r["status"] != "skipped" for r in real)]
            grid = []
            for p in rprobs:
                row = []
                for pc in cols:
                    r = next((x for x in real if x["problem"] == p and x["pc"] == pc and ksp_of(x) in kset), None)
                    row.append(math.log10(max(r["its"], 1)) if r and converged(r) else float("nan"))
                    if r:
                        txt = str(r["its"]) if converged(r) else {"SKIPPED": "s", "TIMEOUT": "T", "ERROR": "E"}.get(r["reason"], "x")
                        a.text(len(row) - 1, len(grid), txt, ha="center", va="center", fontsize=6)
                grid.append(row)
            a.imshow(grid, aspect="auto", cmap="viridis_r", vmin=0, vmax=math.log10(2000))
            a.set_xticks(range(len(cols)))
            a.set_xticklabels(cols, rotation=60, fontsize=7)
            a.set_yticks(range(len(rprobs)))
            a.set_yticklabels(["%s (%d)" % (p, sizes.get(p, (0, 0))[0]) for p in rprobs], fontsize=7)
            a.set_title("%s: iterations to rtol 1e-6 (blank/x: not converged, E: error, T: timeout, s: skipped)" % title, fontsize=8)
        fig.suptitle("Real matrices (../shared/matrices), %s, %s" % (gpuname, date))
        fig.tight_layout()
        fig.savefig(os.path.join(out, "real_iterations.png"), dpi=90)
        plt.close(fig)
        plots.append("real_iterations.png")

        ncol = 6
        nrow = (len(rprobs) + ncol - 1) // ncol
        fig, axes = plt.subplots(nrow, ncol, figsize=(3.2 * ncol, 2.4 * nrow), squeeze=False)
        for i, p in enumerate(rprobs):
            a = axes[i // ncol][i % ncol]
            for r in real:
                if r["problem"] == p and ksp_of(r) in ("gmres", "fgmres") and r["hist_rel"]:
                    a.semilogy([h[0] for h in r["hist_rel"]], [max(h[1], 1e-16) for h in r["hist_rel"]],
                               "-" if converged(r) else ":", color=COLORS.get(r["pc"]), lw=0.9, label=label(r))
            a.axhline(1e-6, color="k", lw=0.4, ls="--")
            a.set_title(p, fontsize=8)
            a.tick_params(labelsize=6)
        for j in range(len(rprobs), nrow * ncol):
            axes[j // ncol][j % ncol].axis("off")
        h, lab = axes[0][0].get_legend_handles_labels()
        fig.legend(h, lab, loc="lower right", fontsize=7, ncol=2)
        fig.suptitle("Real matrices, GMRES(20): relative residual vs iteration (dotted: not converged), %s, %s" % (gpuname, date))
        fig.tight_layout()
        fig.savefig(os.path.join(out, "real_residual_gmres.png"), dpi=80)
        plt.close(fig)
        plots.append("real_residual_gmres.png")

    # ---- markdown ----
    md = io.StringIO()
    md.write("# trisplit vs PETSc's GPU preconditioners: results\n\n")
    md.write("Device: %s (`gpu.txt`), %s, trisplit commit %s, PETSc %s (CUDA, sm_90).\n" % (gpu[0].strip(), date, commit, petsc_version(src)))
    md.write("Command: `bash bench/compare/run.sh pack` here, device tool `bash bench/compare/run.sh run`, then "
             "`bash bench/compare/run.sh report compare.tar.gz`.\n")
    md.write("All runs `-mat_type aijcusparse -vec_type cuda`, rtol 1e-6, right preconditioning, x0 = 0, b = A x with "
             "x_i = sin(16 pi i/N). Residual = true relative residual ||b - A x|| / ||b|| of the final iterate (printed by "
             "the drivers); error = forward relative error. Model problems: one process at a time, times from "
             "`tutorials/ex1 -view_times` (device synchronised). Real matrices: `tutorials/ex2`, %s processes sharing "
             "the GPU at a time, times from the line time stamps (setup: KSPSolve start to the first monitor line, "
             "solve: first to last monitor line); they are indicative only.\n\n" % PAR)

    md.write("## Summary: best time to solution per model problem\n\n")
    md.write("| problem | N | best PETSc PC | total s | best trisplit PC | total s | trisplit vs PETSc | fewest iterations |\n|---|---|---|---|---|---|---|---|\n")
    for p in mprobs:
        rs = [r for r in model if r["problem"] == p and converged(r) and r.get("total") is not None]
        bp = min((r for r in rs if r["pc"] in PETSC_PCS), key=lambda r: r["total"], default=None)
        bt = min((r for r in rs if r["pc"] in TS_PCS), key=lambda r: r["total"], default=None)
        fi = min(rs, key=lambda r: r["its"], default=None)
        ratio = ""
        if bp and bt:
            ratio = "%.2fx faster" % (bp["total"] / bt["total"]) if bt["total"] < bp["total"] else "%.2fx slower" % (bt["total"] / bp["total"])
        md.write("| %s | %s | %s | %s | %s | %s | %s | %s |\n" % (
            p, sizes.get(p, ("", ""))[0], "%s %s" % (bp["pc"], ksp_of(bp)) if bp else "none converged", fmt(bp["total"]) if bp else "",
            "%s %s" % (bt["pc"], ksp_of(bt)) if bt else "none converged", fmt(bt["total"]) if bt else "", ratio,
            "%s %s (%d)" % (fi["pc"], ksp_of(fi), fi["its"]) if fi else ""))

    md.write("\n## Model problems (tutorials/ex1)\n\n")
    md.write("| problem | N | nnz | KSP | PC | its | setup s | solve s | total s | true rel. res. | fwd rel. err. | reason |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n")
    for r in model:
        md.write("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n" % (
            r["problem"], r.get("N", ""), r.get("nnz", ""), ksp_of(r), r["pc"], r.get("its", ""), fmt(r.get("setup")), fmt(r.get("solve")),
            fmt(r.get("total")), fmt(r.get("relres"), "%.2e"), fmt(r.get("err"), "%.2e"), r.get("reason", "") + (" (%s)" % r["error"] if r["error"] and not converged(r) else "")))

    if rprobs:
        md.write("\n## Real matrices (tutorials/ex2): iterations (GMRES(20); ALT-o FGMRES(20)) and total seconds\n\n")
        md.write("A cell is `iterations / total s`; `-` not converged (reason in results.csv), `E` error, `T` timeout, `s` skipped.\n\n")
        pcs = [pc for pc in PC_ORDER if any(r["pc"] == pc and ksp_of(r) in ("gmres", "fgmres") and r["status"] != "skipped" for r in real)]
        md.write("| matrix | N | nnz | " + " | ".join(pcs) + " |\n|---|---|---|" + "---|" * len(pcs) + "\n")

        def cell(r):
            if r is None:
                return ""
            if converged(r):
                return "%d / %s" % (r["its"], fmt(r.get("total"), "%.3f"))
            return {"SKIPPED": "s", "TIMEOUT": "T", "ERROR": "E"}.get(r["reason"], "-")

        for p in rprobs:
            cells = [cell(next((x for x in real if x["problem"] == p and x["pc"] == pc and ksp_of(x) in ("gmres", "fgmres")), None)) for pc in pcs]
            md.write("| %s | %s | %s | %s |\n" % (p, sizes.get(p, ("", ""))[0], sizes.get(p, ("", ""))[1], " | ".join(cells)))
        pcsb = [pc for pc in PC_ORDER if any(r["pc"] == pc and ksp_of(r) == "bcgs" and r["status"] != "skipped" for r in real)]
        md.write("\n### Real matrices, BiCGStab\n\n| matrix | " + " | ".join(pcsb) + " |\n|---|" + "---|" * len(pcsb) + "\n")
        for p in rprobs:
            cells = [cell(next((x for x in real if x["problem"] == p and x["pc"] == pc and ksp_of(x) == "bcgs"), None)) for pc in pcsb]
            md.write("| %s | %s |\n" % (p, " | ".join(cells)))
        md.write("\n### Real matrices: how many each PC solves (of %d)\n\n| PC | GMRES(20)/FGMRES solved | BiCGStab solved | fastest (GMRES) on |\n|---|---|---|---|\n" % len(rprobs))
        fastest = {}
        for p in rprobs:
            rs = [r for r in real if r["problem"] == p and ksp_of(r) in ("gmres", "fgmres") and converged(r) and r.get("total") is not None]
            if rs:
                b = min(rs, key=lambda r: r["total"])
                fastest[b["pc"]] = fastest.get(b["pc"], 0) + 1
        for pc in PC_ORDER:
            g = [r for r in real if r["pc"] == pc and ksp_of(r) in ("gmres", "fgmres") and r["status"] != "skipped"]
            b = [r for r in real if r["pc"] == pc and ksp_of(r) == "bcgs" and r["status"] != "skipped"]
            if g or b:
                md.write("| %s | %d/%d | %s | %d |\n" % (pc, sum(converged(r) for r in g), len(g),
                                                          "%d/%d" % (sum(converged(r) for r in b), len(b)) if b else "", fastest.get(pc, 0)))
        # which configuration to start with: every (PC, KSP) against the matrices some PETSc PC solves
        petsc_solved = {p for p in rprobs if any(r["problem"] == p and r["pc"] in PETSC_PCS and converged(r) for r in real)}
        md.write("\n### Defaults: which trisplit configuration solves what PETSc solves\n\n")
        md.write("%d of %d matrices are solved by some PETSc PC (GMRES(20) or BiCGStab); a row counts the matrices a trisplit "
                 "configuration solves, and lists those of the %d it misses (`not run`: skipped by the time budget).\n\n" % (
                     len(petsc_solved), len(rprobs), len(petsc_solved)))
        md.write("| PC | KSP | solved / run | misses of the PETSc-solved | not run | solved where no PETSc PC does |\n|---|---|---|---|---|---|\n")
        rows_d = []
        for pc in TS_PCS:
            for k in KSP_ORDER:
                rs = [r for r in real if r["pc"] == pc and ksp_of(r) == k and r["status"] != "skipped"]
                if not rs:
                    continue
                ran = {r["problem"] for r in rs}
                solved = {r["problem"] for r in rs if converged(r)}
                miss = sorted(petsc_solved & ran - solved)
                rows_d.append((len(miss), len(petsc_solved - ran), -len(solved), pc, k, len(solved), len(ran), miss,
                               sorted(petsc_solved - ran), sorted(solved - petsc_solved)))
        for d in sorted(rows_d):
            md.write("| %s | %s | %d/%d | %s | %s | %s |\n" % (d[3], d[4], d[5], d[6], ", ".join(d[7]) or "none",
                                                              ", ".join(d[8]) or "", ", ".join(d[9])))
        skipped = sum(r["status"] == "skipped" for r in runs)
        if skipped:
            md.write("\n%d runs were skipped (time budget of the single device call); columns with no run left out.\n" % skipped)

    if check:
        c = check[0]
        main_run = next((r for r in model if r["problem"] == "aniso1" and ksp_of(r) == "gmres" and r["pc"] == "algtri"), None)
        md.write("\n## History check: -ksp_monitor against -ksp_monitor_true_residual (aniso1, GMRES(20), algtri)\n\n")
        if main_run and c["hist"]:
            mon = {k: v for k, v, _, _ in main_run["hist"]}
            dif = [abs(tr - mon[k]) / mon[k] for k, _, _, tr in c["hist"] if tr is not None and k in mon and mon[k] > 0]
            md.write("Over %d common iterations the residual norm monitored by GMRES (right preconditioning) and the true "
                     "residual ||b - A x_k|| differ by at most %.1e (relative); iterations %s vs %s.\n" % (
                         len(dif), max(dif) if dif else float("nan"), main_run.get("its"), c.get("its")))
        else:
            md.write("(not available)\n")
    md.write("\n## Plots\n\n" + "".join("![%s](%s)\n\n" % (p, p) for p in plots))
    open(os.path.join(out, "results.md"), "w").write(md.getvalue())

    write_logview(src, out, gpuname, date)
    if tmp:
        shutil.rmtree(tmp)
    print("wrote", out, ":", ", ".join(sorted(os.listdir(out))))
    return 0


LV_EVENTS = ["KSPSetUp", "KSPSolve", "PCSetUp", "PCApply", "MatMult", "TriSplitGraph", "TriSplitFactor", "TriSplitForest", "TriSplitBands",
             "TriSplitTriLU", "TriSplitSolve"]


def parse_logview(text):
    ev = {}
    for ln in text.splitlines():
        f = ln.split()
        if len(f) > 5 and f[0] in LV_EVENTS and re.match(r"^\d+$", f[1]):
            ev[f[0]] = {"count": int(f[1]), "time": fnum(f[3]), "line": ln.rstrip()}
    return ev


def write_logview(src, out, gpuname, date):
    d = os.path.join(src, "logview")
    if not os.path.isdir(d):
        return
    copy = {}
    if os.path.exists(os.path.join(src, "copybw.txt")):
        for ln in open(os.path.join(src, "copybw.txt")):
            m = re.search(r"copy n=(\d+) doubles bytes_moved=(\d+) kernel_us=(\S+) kernel_GBps=(\S+) memcpy_us=(\S+) memcpy_GBps=(\S+)", ln)
            if m:
                copy[int(m.group(2))] = (float(m.group(4)), float(m.group(6)))
    md = io.StringIO()
    md.write("# -log_view per PC on ANISO1, and the apply bandwidth\n\n")
    md.write("%s, %s. `tutorials/ex1 -problem aniso1 -n 1200` (N = 1,440,000), GMRES(20) right preconditioning (ALT-o: "
             "FGMRES(20)), `-ksp_max_it 200 -log_view -log_view_gpu_time` (event times with the GPU synchronised: a "
             "little slower than the timed runs). Raw outputs in `logview/`.\n\n" % (gpuname, date))
    if copy:
        md.write("Copy bandwidth in the same call (`bench/compare/copybw.cu`, grid-stride double2 copy kernel and "
                 "cudaMemcpy device-to-device, best of 20; bytes moved = read + write):\n\n| bytes moved | copy kernel GB/s | cudaMemcpy GB/s |\n|---|---|---|\n")
        for b in sorted(copy):
            md.write("| %.1f MB | %.0f | %.0f |\n" % (b / 1e6, copy[b][0], copy[b][1]))
        md.write("\n")
    N = 1440000
    rows = []
    for f in sorted(os.listdir(d)):
        pc = f[:-4]
        text = open(os.path.join(d, f), errors="replace").read()
        ev = parse_logview(text)
        md.write("## %s (`%s`)\n\n```\n" % (pc, PC_OPTS.get(pc, "")))
        for ln in text.splitlines():
            if RE_EX1.match(ln) or "times:" in ln:
                md.write(ln + "\n")
        hdr = [ln for ln in text.splitlines() if ln.startswith("Event ") or ln.strip().startswith("Max Ratio")]
        md.write("\n".join(hdr[:2]) + "\n")
        for e in LV_EVENTS:
            if e in ev:
                md.write(ev[e]["line"] + "\n")
        md.write("```\n\n")
        m = re.match(r"(mosd|mosa|altsplit)(?:-outer)?-m(\d)", pc)
        ts = ev.get("TriSplitSolve")
        ap = ev.get("PCApply")
        if ts and ts["time"] and ts["count"]:
            mm = int(m.group(2)) if m else 1
            per = 60 * mm + 28 if pc.startswith("mos") else (104 if pc.startswith("algtri-b2") else 80)
            bytes_ = per * N
            us = 1e6 * ts["time"] / ts["count"]
            gbs = bytes_ / (us * 1e3)
            ref = min(copy, key=lambda b: abs(b - bytes_)) if copy else None
            big = max(copy) if copy else None
            rows.append((pc, ap["count"] if ap else "", "%.1f" % (1e6 * ap["time"] / ap["count"]) if ap and ap["time"] else "",
                         ts["count"], "%.1f" % us, "%d N = %.0f MB" % (per, bytes_ / 1e6), "%.0f" % gbs,
                         "%.0f%% (%.0f GB/s at %.0f MB)" % (100 * gbs / copy[ref][0], copy[ref][0], ref / 1e6) if ref else "",
                         "%.0f%% (%.0f GB/s)" % (100 * gbs / copy[big][0], copy[big][0]) if big else ""))
        elif ap and ap["time"]:
            rows.append((pc, ap["count"], "%.1f" % (1e6 * ap["time"] / ap["count"]), "", "", "", "", "", ""))
    md.write("## Apply bandwidth\n\nBytes per tridiagonal apply (TriSplitSolve call), a lower bound that counts each array "
             "once per kernel: algtri and one ALT factor: gather (perm 4 + x 8 + work 8), RPTS (bands 24 + rhs 8 + "
             "solution 8), scatter (perm 4 + work 8 + y 8) = 80 N bytes; MOS-d with m factors: one scaled gather, m "
             "RPTS solves, m - 1 link gathers, one scatter = (60 m + 28) N bytes. RPTS's reduced systems and the "
             "second pass of the pivoting solve over the bands are not counted, so the real traffic is higher. 2x2 blocks "
             "(algtri-b2): 12 band doubles per block row, about 104 N bytes.\n\n")
    md.write("| PC | PCApply calls | PCApply us/call | TriSplitSolve calls | TriSplitSolve us/call | bytes/call (model) | GB/s | of copy at same size | of copy at largest size |\n|---|---|---|---|---|---|---|---|---|\n")
    for r in rows:
        md.write("| " + " | ".join(str(x) for x in r) + " |\n")
    open(os.path.join(out, "logview.md"), "w").write(md.getvalue())


if __name__ == "__main__":
    sys.exit(main(sys.argv))
