#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Tables of bench/tts/run.sh run (issue 21) from its tarball of raw logs.

    python3 bench/tts/report.py TARBALL... [--out DIR] [--back-to-back-us 73.5]

writes DIR (default bench/results/tts/<gpu>/, to be renamed by what the run changed and added to
bench/results/tts/README.md): README.md (device, date, commit, command, every table),
results.csv (one row per run) and one <case>.md per case. A table lists the best run of each PC family
(over BiCGStab and GMRES(20)), its time, iterations and the ratio best PETSc PC time / its time (above 1:
faster than every PETSc PC of the run), and whether the case's target is met. Several tarballs (the suite split
over calls with PHASES) merge: a run recorded as skipped in one is taken from another that ran it.
"""
import argparse
import csv
import io
import os
import re
import sys
import tarfile

PETSC_PCS = ["jacobi", "ilu", "bjacobi-ilu", "gamg"]
TRISPLIT_PCS = ["algtri", "mosd-m2", "altsplit-m2", "mosa-m2"]
PC_NAMES = {"jacobi": "jacobi", "ilu": "ILU(0) (cuSPARSE)", "bjacobi-ilu": "bjacobi + ILU(0)", "gamg": "GAMG (reuse)",
            "algtri": "algtri", "mosd-m2": "MOS-d m=2", "altsplit-m2": "ALT-i m=2", "mosa-m2": "MOS-a m=2"}
KSP_NAMES = {"bcgs": "BiCGStab", "gmres": "GMRES(20)"}
# case id -> (title, what is timed, target description)
CASES = {
    "seq__aniso1": ("Sequence, ANISO1", "seq"), "seq__rot": ("Sequence, ROT", "seq"),
    "seq__convdiff": ("Sequence, CONVDIFF (peclet 1e4)", "seq"),
    "hard__convdiff": ("Single solve, CONVDIFF (peclet 1e4)", "hard"), "hard__rot": ("Single solve, ROT eps 1e-5", "hard"),
    "ex19__cavity": ("SNES ex19, driven cavity (4 fields)", "ex19"),
    "easy__aniso1": ("Single solve, ANISO1", "easy"), "easy__aniso2": ("Single solve, ANISO2", "easy"),
    "easy__model8": ("Single solve, MODEL8", "easy"),
}
TARGETS = {"seq": "best trisplit >= 3x faster than the best jacobi and >= 10x faster than the best GAMG",
           "hard": "best trisplit >= 2x faster than the best PETSc PC", "ex19": "best trisplit >= 2x faster than the best PETSc PC (SNESSolve)",
           "easy": "best trisplit >= 1.5x faster than the best PETSc PC"}
NUM = r"([-+0-9.eE]+)"


def event(text, name):
    """(count, max time in s) of a -log_view event line, or None"""
    m = re.search(r"^%s\s+(\d+)\s+[0-9.]+\s+%s" % (re.escape(name), NUM), text, re.M)
    return (int(m.group(1)), float(m.group(2))) if m else None


def parse(name, text):
    """one run's log -> dict"""
    phase, case, ksp, pc = (name.split("__") + ["", "", "", ""])[:4]
    r = {"id": name, "phase": phase, "case": phase + "__" + case, "ksp": ksp, "pc": pc, "status": "", "iterations": "",
         "setup_s": "", "solve_s": "", "total_s": "", "first_setup_s": "", "steps": "", "linear_solves": "",
         "ksp_solve_s": "", "pc_setup_s": "", "rel_residual": "", "rc": "", "wall_s": "", "timeout_s": "", "detail": ""}
    for key, pat in (("rc", r"^#rc (\d+)"), ("wall_s", r"^#wall " + NUM), ("timeout_s", r"^#timeout (\d+)")):
        ms = re.findall(pat, text, re.M)
        if ms:
            r[key] = ms[-1]
    cmd = re.search(r"^#cmd (.*)$", text, re.M)
    r["cmd"] = cmd.group(1) if cmd else ""
    if "#status skipped" in text:
        r["status"] = "skipped"
        return r
    rc = int(r["rc"] or -1)
    if phase == "seq":
        m = re.search(r": (\d+) steps, (\d+) iterations in all", text)
        t = re.search(r"times: setup %s s \(first step %s s\), solve %s s, total %s s" % (NUM, NUM, NUM, NUM), text)
        ok = re.search(r"relative error below 1e4 rtol: (yes|no)", text)
        steps = re.findall(r"^step +(\d+): (\S+) in (\d+) iterations, setup %s s, solve %s s" % (NUM, NUM), text, re.M)
        r["steps"] = str(len(steps))
        r["iterations"] = m.group(2) if m else str(sum(int(s[2]) for s in steps))
        if t:
            r["setup_s"], r["first_setup_s"], r["solve_s"], r["total_s"] = t.groups()
        elif steps:  # stopped early: the steps done are a lower bound of the sequence's time
            r["setup_s"] = "%.6f" % sum(float(s[3]) for s in steps)
            r["solve_s"] = "%.6f" % sum(float(s[4]) for s in steps)
            r["total_s"] = "%.6f" % (float(r["setup_s"]) + float(r["solve_s"]))
        bad = re.search(r"KSPSolve has not converged, reason (\w+)", text) or re.search(r"reason (DIVERGED_\w+)", text)
        if rc == 0 and ok and ok.group(1) == "yes":
            r["status"] = "ok"
        elif bad:
            r["status"] = "failed"
            r["detail"] = "%s at step %d" % (bad.group(1), len(steps))
    elif phase in ("hard", "easy", "apply"):
        m = re.search(r"PC \S+: (\w+) in (\d+) iterations", text)
        t = re.search(r"times: setup %s s, solve %s s, total %s s" % (NUM, NUM, NUM), text)
        res = re.search(r"true relative residual " + NUM, text)
        if m:
            r["iterations"] = m.group(2)
            r["detail"] = m.group(1)
        if t:
            r["setup_s"], r["solve_s"], r["total_s"] = t.groups()
        if res:
            r["rel_residual"] = res.group(1)
        if rc == 0 and m and m.group(1).startswith("CONVERGED") and res and float(res.group(1)) <= 1e-5:
            r["status"] = "ok"
        elif m and phase != "apply":
            r["status"] = "failed"
        if phase == "apply":
            r["status"] = "ok" if rc == 0 and m else r["status"]
            for ev in ["PCApply", "KSPSolve", "MatMult"] + sorted(set(re.findall(r"^(TriSplit\w+)\s+\d", text, re.M))):
                e = event(text, ev)
                if e:
                    r["ev_" + ev] = e
    elif phase == "ex19":
        snes = re.search(r"Nonlinear solve (converged|did not converge) due to (\w+) iterations (\d+)", text)
        lin = re.findall(r"Linear solve (?:converged|did not converge) due to (\w+) iterations (\d+)", text)
        r["linear_solves"] = str(len(lin))
        r["iterations"] = str(sum(int(x[1]) for x in lin))
        for key, ev in (("total_s", "SNESSolve"), ("ksp_solve_s", "KSPSolve"), ("pc_setup_s", "PCSetUp")):
            e = event(text, ev)
            if e:
                r[key] = "%.6f" % e[1]
        r["solve_s"] = r["ksp_solve_s"]
        if snes:
            r["detail"] = snes.group(2)
            r["status"] = "ok" if rc == 0 and snes.group(1) == "converged" and r["total_s"] else "failed"
            if rc == 0 and snes.group(1) == "converged" and not r["total_s"]:
                r["status"], r["detail"] = "error", "no SNESSolve time in -log_view (n/a without -log_view_gpu_time)"
    if not r["status"]:
        if rc in (124, 137):
            r["status"] = "timeout"
        else:
            errs = [e for e in re.findall(r"^\[0\]PETSC ERROR: (.+)$", text, re.M) if not e.startswith("-")]
            # -ksp_error_if_not_converged: a Krylov failure (breakdown, divergence) is the PC failing, not the run
            r["status"] = "failed" if errs and re.search(r"KSPSolve|converge", errs[0]) else "error"
            steps = " at step %s" % r["steps"] if phase == "seq" else ""
            r["detail"] = (errs[0][:80] + steps) if errs else "rc %d" % rc
    return r


def fmt(x, nd=3):
    return ("%." + str(nd) + "f") % float(x) if x not in ("", None) else ""


def best(runs):
    """best run of a family: the fastest ok run, else a timed-out run (a lower bound), else any"""
    ok = [r for r in runs if r["status"] == "ok" and r["total_s"]]
    if ok:
        return min(ok, key=lambda r: float(r["total_s"]))
    for st in ("timeout", "failed", "error", "skipped"):
        c = [r for r in runs if r["status"] == st]
        if c:
            return c[0]
    return None


def lower_bound(r):
    """a lower bound of the time of a run that did not finish (sequence: the steps done), else None"""
    if r["status"] == "timeout":
        if r["phase"] == "seq" and r["total_s"]:
            return float(r["total_s"])
    return None


def case_table(case, runs):
    title, kind = CASES.get(case, (case, case.split("__")[0]))
    fam = {pc: best([r for r in runs if r["pc"] == pc]) for pc in PETSC_PCS + TRISPLIT_PCS}
    fam = {k: v for k, v in fam.items() if v}
    petsc_ok = [fam[p] for p in PETSC_PCS if p in fam and fam[p]["status"] == "ok"]
    tri_ok = [fam[p] for p in TRISPLIT_PCS if p in fam and fam[p]["status"] == "ok"]
    bp = min(petsc_ok, key=lambda r: float(r["total_s"])) if petsc_ok else None
    bt = min(tri_ok, key=lambda r: float(r["total_s"])) if tri_ok else None
    tcol = {"seq": "setup + solve, all steps (s)", "ex19": "SNESSolve (s)"}.get(kind, "setup + solve (s)")
    out = ["### %s" % title, ""]
    hdr = "| PC | best KSP | %s | setup (s) | solve (s) | iterations | ratio best PETSc / this | status |" % tcol
    if kind == "ex19":
        hdr = "| PC | best KSP | %s | KSPSolve (s) | PCSetUp (s) | linear its (solves) | ratio best PETSc / this | status |" % tcol
    out += [hdr, "|" + "---|" * 8]
    for pc in PETSC_PCS + TRISPLIT_PCS:
        r = fam.get(pc)
        if not r:
            continue
        st = r["status"]
        if st == "timeout":
            lb = lower_bound(r)
            nsteps = re.search(r"-steps (\d+)", r["cmd"])
            st = "timeout after %s s wall%s" % (r["timeout_s"], " (%s of %s steps done)" % (r["steps"], nsteps.group(1) if nsteps else "?") if r["phase"] == "seq" else "")
        elif st in ("failed", "error"):
            st += " (%s)" % r["detail"] if r["detail"] else ""
        tot = fmt(r["total_s"]) if r["status"] == "ok" else (">" + fmt(lower_bound(r)) if lower_bound(r) else "")
        ratio = ""
        if bp and r["status"] == "ok":
            ratio = "%.2f" % (float(bp["total_s"]) / float(r["total_s"]))
        name = PC_NAMES[pc] + (" *" if pc in TRISPLIT_PCS else "")
        if kind == "ex19":
            cols = [fmt(r["ksp_solve_s"]), fmt(r["pc_setup_s"]), "%s (%s)" % (r["iterations"], r["linear_solves"]) if r["iterations"] else ""]
        else:
            cols = [fmt(r["setup_s"]), fmt(r["solve_s"]), r["iterations"]]
        out.append("| %s | %s | %s | %s | %s | %s |" % (name, KSP_NAMES.get(r["ksp"], r["ksp"]), tot, " | ".join(cols), ratio, st))
    out.append("")
    out.append("\\* trisplit. Ratio above 1: faster than the best PETSc PC of this run.")
    out.append("")
    # the target
    verdict = "not decided (no converged trisplit run or no converged PETSc run)"
    if bt and kind == "seq":
        parts, met = [], True
        for ref, goal in (("jacobi", 3.0), ("gamg", 10.0)):
            r = fam.get(ref)
            if r and r["status"] == "ok":
                q = float(r["total_s"]) / float(bt["total_s"])
                parts.append("%.2fx %s %s (goal %gx)" % (q, "faster than" if q >= 1 else "against", PC_NAMES[ref], goal))
                met = met and q >= goal
            elif r and lower_bound(r):
                q = lower_bound(r) / float(bt["total_s"])
                parts.append("more than %.2fx against %s (timed out; goal %gx)" % (q, PC_NAMES[ref], goal))
                met = met and q >= goal
            elif r and r["status"] in ("failed", "error"):
                parts.append("%s failed" % PC_NAMES[ref])
            else:
                parts.append("%s: no result" % PC_NAMES[ref])
                met = False
        verdict = "%s: %s. **Target %s**." % (PC_NAMES[bt["pc"]] + " + " + KSP_NAMES.get(bt["ksp"], bt["ksp"]), "; ".join(parts), "met" if met else "not met")
    elif bt and bp:
        goal = {"hard": 2.0, "ex19": 2.0, "easy": 1.5}.get(kind, 1.0)
        q = float(bp["total_s"]) / float(bt["total_s"])
        verdict = "best trisplit %s + %s %.3f s, best PETSc %s + %s %.3f s: %.2fx (goal %gx). **Target %s**." % (
            PC_NAMES[bt["pc"]], KSP_NAMES.get(bt["ksp"], bt["ksp"]), float(bt["total_s"]), PC_NAMES[bp["pc"]],
            KSP_NAMES.get(bp["ksp"], bp["ksp"]), float(bp["total_s"]), q, goal, "met" if q >= goal else "not met")
    elif bt and not bp:
        verdict = "best trisplit %s + %s %.3f s; no PETSc PC converged in this run. **Target met** (no PETSc PC solves it)." % (
            PC_NAMES[bt["pc"]], KSP_NAMES.get(bt["ksp"], bt["ksp"]), float(bt["total_s"]))
    out.append("Target: %s. Result: %s" % (TARGETS.get(kind, "-"), verdict))
    out.append("")
    return "\n".join(out)


def apply_table(runs, b2b):
    out = ["### PCApply inside the Krylov loop (ANISO1, algtri, 200 iterations, -log_view -log_view_gpu_time)", "",
           "| KSP | PCApply calls | PCApply us/call | TriSplit solve event | us/call | MatMult us/call | PCApply / back-to-back solve |",
           "|---|---|---|---|---|---|---|"]
    verdicts = []
    for r in runs:
        if r["status"] != "ok" or "ev_PCApply" not in r:
            out.append("| %s | | | | | | %s |" % (KSP_NAMES.get(r["ksp"], r["ksp"]), r["status"]))
            continue
        n, t = r["ev_PCApply"]
        solve = [(k[3:], v) for k, v in r.items() if k.startswith("ev_TriSplit") and "Solve" in k]
        sname, (sn, st) = solve[0] if solve else ("", (0, 0.0))
        mm = r.get("ev_MatMult")
        ratio = 1e6 * t / n / b2b
        verdicts.append(ratio)
        out.append("| %s | %d | %.1f | %s | %s | %s | %.2f |" % (
            KSP_NAMES.get(r["ksp"], r["ksp"]), n, 1e6 * t / n, sname, "%.1f" % (1e6 * st / sn) if sn else "",
            "%.1f" % (1e6 * mm[1] / mm[0]) if mm else "", ratio))
    out += ["", "Back-to-back RPTS solve of the same size: %.1f us (1.44 M rows, double, bench/rpts; default from "
            "bench/results/rpts-speed/l2-evict-first, a different run). Target: PCApply <= 1.3x that. Result: **%s**." % (
                b2b, ("met" if max(verdicts) <= 1.3 else "not met") if verdicts else "no result"),
            "Without -log_view_gpu_time (a host run) the event times are host times and say nothing about the GPU.", ""]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tarball", nargs="+")
    ap.add_argument("--out", help="output folder (default bench/results/tts/<gpu>)")
    ap.add_argument("--back-to-back-us", type=float, default=73.5)
    a = ap.parse_args()
    logs, gpu = {}, ""
    for tb in a.tarball:
        with tarfile.open(tb) as tf:
            for m in tf.getmembers():
                if not m.isfile():
                    continue
                base = os.path.basename(m.name)
                data = tf.extractfile(m).read().decode("utf-8", "replace")
                if base == "gpu.txt":
                    gpu = gpu or data  # device, date and commit of the first call
                elif m.name.endswith(".log") and "/runs/" in "/" + m.name.lstrip("./"):
                    if base[:-4] not in logs or "#status skipped" in logs[base[:-4]]:
                        logs[base[:-4]] = data
    if not logs:
        sys.exit("no runs/*.log in %s" % " ".join(a.tarball))
    glines = gpu.splitlines()
    date = glines[0][:10] if glines else "unknown-date"
    dev = glines[1] if len(glines) > 1 else "unknown"
    tag = "h100" if "H100" in dev else "h200" if "H200" in dev else "host"
    outdir = a.out or os.path.join("bench", "results", "tts", tag)
    os.makedirs(outdir, exist_ok=True)
    runs = [parse(k, v) for k, v in sorted(logs.items())]
    fields = ["id", "phase", "case", "ksp", "pc", "status", "iterations", "setup_s", "solve_s", "total_s", "first_setup_s",
              "steps", "linear_solves", "ksp_solve_s", "pc_setup_s", "rel_residual", "rc", "wall_s", "timeout_s", "detail", "cmd"]
    with open(os.path.join(outdir, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        for r in runs:
            w.writerow(r)
    tables = []
    app = [r for r in runs if r["phase"] == "apply"]
    if app:
        t = apply_table(app, a.back_to_back_us)
        open(os.path.join(outdir, "apply.md"), "w").write(t)
        tables.append(t)
    for case in list(CASES) + sorted({r["case"] for r in runs} - set(CASES) - {"apply__aniso1"}):
        cr = [r for r in runs if r["case"] == case]
        if not cr:
            continue
        t = case_table(case, cr)
        open(os.path.join(outdir, case.replace("__", "-") + ".md"), "w").write(t)
        tables.append(t)
    counts = {}
    for r in runs:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    info = dict(l.split(" ", 1) for l in glines[2:] if " " in l)
    readme = ["# Issue 21: trisplit against PETSc's GPU preconditioners, time to solution (%s)" % date, "",
              "- **Device**: %s" % dev,
              "- **Date**: %s" % (glines[0] if glines else "unknown"),
              "- **Commit**: %s" % info.get("commit", "unknown"),
              "- **Command**: `bash bench/tts/run.sh pack` on the build machine, then on the GPU machine (device tool, one "
              "call, carry `.gpu/petsc-cuda-mpi-3.25.4-sm90.tar.xz` and `.gpu/tts`) `bash bench/tts/run.sh run`, then "
              "`bash bench/tts/run.sh report %s`" % " ".join(os.path.basename(t) for t in a.tarball),
              "- **Settings**: %s; %s; %s; %s%s" % (info.get("budget", ""), info.get("timeouts", ""), info.get("sizes", ""),
                                                    info.get("gpu_options", ""),
                                                    "; single solves with " + info["ex1_options"] if info.get("ex1_options", "").strip() else ""),
              "- **Runs**: %d (%s); %s s in all" % (len(runs), ", ".join("%d %s" % (v, k) for k, v in sorted(counts.items())),
                                                     info.get("elapsed", "?")),
              "",
              "Every run: rtol 1e-6, right preconditioning, x0 = 0; PETSc 3.25.4 with CUDA. Times: tutorials/ex1 and ex4 "
              "`-view_times` (wall clock, device synchronised; ex4: sums over the steps, building each step's operator "
              "and right-hand side not counted); ex19: the -log_view events. One process at a time. Each table shows the "
              "best run of each PC family over BiCGStab and GMRES(20); every run is in `results.csv`, the raw logs in the "
              "tarball. A skipped run did not start before its phase's deadline.", ""]
    open(os.path.join(outdir, "README.md"), "w").write("\n".join(readme + tables))
    print("wrote %s (%d runs: %s)" % (outdir, len(runs), counts))


if __name__ == "__main__":
    main()
