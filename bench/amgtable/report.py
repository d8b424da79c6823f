#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""The table of issue 41 from the raw output of bench/amgtable/run.sh (cpu.txt, gpu.txt, plain or .gz).

    python3 bench/amgtable/report.py RAW... > table.md

Per device and matrix (name, rows, kind): the best converged run (least setup + solve seconds over GMRES(20)
and BiCGStab) of triamg, GAMG, BoomerAMG and the best single-level trisplit PC (named), with its iterations and
Krylov method; a matrix where triamg converges with neither Krylov method but GAMG or BoomerAMG does is marked.
A run counts as converged when it ended without error, with a CONVERGED_* reason and a true relative residual of
at most 10 rtol (1e-5). Then: the counts, the misses of triamg, every run that stopped with a PETSc error (with
its first error line), every run the timeout killed, and the runs whose reason says converged but whose true
residual does not. Runs of a PC labelled triamg-NAME (run.sh's PCS) are variants of triamg's options: they get a
table of their own (solved counts, what each gains and loses against the default), not a column of the main one.
"""
import gzip
import re
import sys

AMG = ("triamg", "gamg", "boomeramg")
NAMES = {"triamg": "triamg", "gamg": "GAMG", "boomeramg": "BoomerAMG"}
RTRUE_MAX = 1e-5
TRIAMG_COARSE_SIZE = 1000  # triamg's default coarse size: a matrix of at most this many rows is one level, its LU


def parse(path):
    opener = gzip.open if path.endswith(".gz") else open
    runs, skipped, headers, cur = [], [], [], None
    with opener(path, "rt") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#run "):
                cur = dict(kv.split("=", 1) for kv in line[5:].split())
                cur.update(reason=None, its=None, rtrue=None, setup=None, solve=None, errors=[], tail=[], rc=None, wall=None)
            elif line.startswith("#skipped "):
                head, _, reason = line.partition(" reason=")
                s = dict(kv.split("=", 1) for kv in head[9:].split())
                s["reason"] = reason
                skipped.append(s)
            elif line.startswith("# ") and cur is None:
                headers.append(line[2:])
            elif cur is None:
                continue
            elif line.startswith("#cmd "):
                cur["cmd"] = line[5:]
            elif line.startswith("#rc "):
                m = re.match(r"#rc (\d+) wall ([0-9.]+)", line)
                cur["rc"], cur["wall"] = int(m.group(1)), float(m.group(2))
                runs.append(cur)
                cur = None
            elif (m := re.search(r": ([A-Z_]+) in (\d+) iterations$", line)) and line.startswith("matrix "):
                cur["reason"], cur["its"] = m.group(1), int(m.group(2))
            elif (m := re.match(r"  true relative residual (\S+),", line)):
                cur["rtrue"] = float(m.group(1))
            elif line.startswith("PCSetUp ") or line.startswith("KSPSolve "):
                cur["setup" if line.startswith("PCSetUp") else "solve"] = float(line.split()[3])
            elif "PETSC ERROR" in line:
                cur["errors"].append(line)
            else:
                cur["tail"].append(line)
    return headers, runs, skipped


def status(r):
    """converged, timeout, error, false (reason converged, residual not), or the KSP's reason"""
    if r["rc"] in (124, 137):
        return "timeout"
    if r["rc"] != 0 or r["errors"]:
        return "error"
    if r["reason"] is None:
        return "error"
    if r["reason"].startswith("CONVERGED"):
        return "converged" if r["rtrue"] is not None and r["rtrue"] <= RTRUE_MAX else "false"
    return r["reason"]


def first_error(r):
    """PETSc's message: its first line, and the next one too when the first is a bare class ("GPU error")"""
    msgs = []
    for e in r["errors"]:
        msg = re.sub(r"^\[\d+\]PETSC ERROR: ", "", e).strip()
        if not msg or msg.startswith(("---", "See ", "Or see", "WARNING!", "Option left")) or "Error Message" in msg:
            continue
        msgs.append(msg)
        if len(msgs) == 2 or len(msgs[0].split()) > 3:
            break
    if msgs:
        return ": ".join(msgs)
    return (r["tail"][-1] if r["tail"] else f"exit code {r['rc']}")


def total(r):
    return (r["setup"] or 0.0) + (r["solve"] or 0.0)


def best(runs):
    ok = [r for r in runs if status(r) == "converged"]
    return min(ok, key=total) if ok else None


def cell(runs):
    b = best(runs)
    if b is not None:
        return f"{total(b):.3f} s ({b['its']}, {b['ksp']})"
    sts = sorted({status(r) for r in runs})
    return "no: " + ", ".join(s.replace("DIVERGED_", "") for s in sts) if runs else "not run"


def variant_table(dev, runs, mats, variants):
    """triamg's option variants against its default: counts, gains, losses, and the matrices where any differs"""
    conv = {}
    for name, _, _ in mats:
        for pc in ("triamg", "gamg", "boomeramg") + tuple(variants):
            conv[name, pc] = best([r for r in runs if r["matrix"] == name and r["pc"] == pc])
    ref = [m[0] for m in mats if conv[m[0], "gamg"] or conv[m[0], "boomeramg"]]
    print(f"### {dev.upper()}: triamg's option variants\n")
    print("| variant | PC options | solved | misses (GAMG or BoomerAMG solve, it does not) | gains on the default | losses against the default |")
    print("|---|---|---|---|---|---|")
    for v in ["triamg"] + variants:
        opts = next((r["cmd"] for r in runs if r["pc"] == v), "")
        opts = " ".join(re.findall(r"-ksp_max_it \d+ (.*?) -view_numbers", opts)).strip()
        solved = [m[0] for m in mats if conv[m[0], v]]
        miss = [m for m in ref if not conv[m, v]]
        gain = [m[0] for m in mats if conv[m[0], v] and not conv[m[0], "triamg"]]
        loss = [m[0] for m in mats if conv[m[0], "triamg"] and not conv[m[0], v]]
        print(f"| {v} | `{opts}` | {len(solved)} | {len(miss)}: {', '.join(miss) or '-'} | {', '.join(gain) or '-'} | {', '.join(loss) or '-'} |")
    print()
    rows = [m for m in mats if any(bool(conv[m[0], v]) != bool(conv[m[0], "triamg"]) for v in variants)
            or (m[0] in ref and not conv[m[0], "triamg"])]
    if rows:
        print("Where a variant converges and the default does not, or the other way round, or the default misses:\n")
        print("| matrix | triamg | " + " | ".join(variants) + " |")
        print("|---|---|" + "---|" * len(variants))
        for name, _, _ in rows:
            cells = [cell([r for r in runs if r["matrix"] == name and r["pc"] == pc]) for pc in ["triamg"] + variants]
            print(f"| {name} | " + " | ".join(cells) + " |")
        print()


def main(paths):
    allruns, allskipped = [], []
    for p in paths:
        headers, runs, skipped = parse(p)
        print(f"Source `{p.split('/')[-1]}`: " + "; ".join(headers) + "\n")
        allruns += runs
        allskipped += skipped
    for dev in sorted({r["device"] for r in allruns}):
        runs = [r for r in allruns if r["device"] == dev]
        mats = []
        for r in runs:
            if r["matrix"] not in [m[0] for m in mats]:
                mats.append((r["matrix"], int(r["rows"]), r["kind"]))
        variants = sorted({r["pc"] for r in runs if r["pc"].startswith("triamg-")})
        single = sorted({r["pc"] for r in runs} - set(AMG) - set(variants))
        print(f"## {dev.upper()}: {len(mats)} matrices, {len(runs)} runs\n")
        print("Best converged setup + solve seconds (iterations, Krylov method) of GMRES(20) and BiCGStab, rtol 1e-6, "
              "right preconditioning, at most the run's iteration cap; 'no:' lists how the runs ended "
              "(ITS: the cap, false: CONVERGED_* reason but true residual above 1e-5, error: stopped with a PETSc error, "
              "timeout: killed). **miss**: triamg converges with neither method but GAMG or BoomerAMG does. "
              f"triamg on a matrix of at most {TRIAMG_COARSE_SIZE} rows (its default coarse size) is one level solved by LU.\n")
        print("| matrix | rows | kind | triamg | GAMG | BoomerAMG | best single-level trisplit PC | |")
        print("|---|---|---|---|---|---|---|---|")
        solved = {k: [] for k in AMG + ("single", "any")}
        misses = []
        for name, rows, kind in mats:
            mr = [r for r in runs if r["matrix"] == name]
            by = {pc: [r for r in mr if r["pc"] == pc] for pc in AMG}
            sb = [(best([r for r in mr if r["pc"] == pc]), pc) for pc in single]
            sb = [x for x in sb if x[0] is not None]
            if sb:
                b, pc = min(sb, key=lambda x: total(x[0]))
                scell = f"{pc}: {total(b):.3f} s ({b['its']}, {b['ksp']})"
                solved["single"].append(name)
            else:
                scell = "none"
            for pc in AMG:
                if best(by[pc]):
                    solved[pc].append(name)
            if any(best([r for r in mr if r["pc"] == pc]) for pc in AMG + tuple(single)):
                solved["any"].append(name)
            mark = ""
            if not best(by["triamg"]) and (best(by["gamg"]) or best(by["boomeramg"])):
                mark = "**miss**"
                misses.append(name)
            elif rows <= TRIAMG_COARSE_SIZE:
                mark = "triamg: one level, LU"
            print(f"| {name} | {rows} | {kind} | {cell(by['triamg'])} | {cell(by['gamg'])} | {cell(by['boomeramg'])} | {scell} | {mark} |")
        n = len(mats)
        print()
        print(f"Solved (converged with GMRES(20) or BiCGStab), of {n}: triamg {len(solved['triamg'])}, GAMG {len(solved['gamg'])}, "
              f"BoomerAMG {len(solved['boomeramg'])}, a single-level trisplit PC ({', '.join(single)}) {len(solved['single'])}, "
              f"any of them {len(solved['any'])}.\n")
        gb = set(solved["gamg"]) | set(solved["boomeramg"])
        print(f"GAMG or BoomerAMG solve {len(gb)}; triamg solves {len(gb & set(solved['triamg']))} of those"
              f" and misses {len(misses)}: {', '.join(misses) if misses else 'none'}."
              f" triamg solves where neither GAMG nor BoomerAMG does: {', '.join(sorted(set(solved['triamg']) - gb)) or 'none'}.\n")
        unsolved = [m[0] for m in mats if m[0] not in solved["any"]]
        print(f"Solved by none of the PCs: {', '.join(unsolved) if unsolved else 'none'}.\n")

        if variants:
            variant_table(dev, runs, mats, variants)
        errs = [r for r in runs if status(r) == "error"]
        print(f"### {dev.upper()}: runs stopped with a PETSc error ({len(errs)})\n")
        if errs:
            print("| matrix | KSP | PC | exit code | first error line |")
            print("|---|---|---|---|---|")
            for r in errs:
                print(f"| {r['matrix']} | {r['ksp']} | {r['pc']} | {r['rc']} | {first_error(r).replace('|', '/')} |")
        else:
            print("None.")
        print()
        tos = [r for r in runs if status(r) == "timeout"]
        print(f"### {dev.upper()}: runs killed by the timeout ({len(tos)})\n")
        print(", ".join(f"{r['matrix']} {r['ksp']} {r['pc']}" for r in tos) if tos else "None.")
        print()
        fal = [r for r in runs if status(r) == "false"]
        print(f"### {dev.upper()}: CONVERGED_* reason but true relative residual above {RTRUE_MAX:g} ({len(fal)})\n")
        print(", ".join(f"{r['matrix']} {r['ksp']} {r['pc']} ({r['rtrue']:.1e})" for r in fal) if fal else "None.")
        print()
        sk = [s for s in allskipped if s.get("device") == dev]
        if sk:
            print(f"### {dev.upper()}: matrices skipped\n")
            for s in sk:
                print(f"- {s['matrix']} ({s['rows']} rows): {s['reason']}")
            print()


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
