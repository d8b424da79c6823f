# summary of the logs: per matrix and PC family, runs, verified convergence (KSP converged AND true residual <= 1.5e-6
# when the run's rtol is 1e-6), the best run
import glob, re, collections, sys
def parse(fn):
    for l in open(fn):
        p = [x.strip() for x in l.rstrip("\n").split(" | ")]
        if len(p) < 5: continue
        mat, opts, summ, res, wall = p[:5]
        m = re.search(r"(CONVERGED_\w+|DIVERGED_\w+) in (\d+) iterations", summ)
        reason, its = (m.group(1), int(m.group(2))) if m else (summ, None)
        try: r = float(res)
        except ValueError: r = float("nan")
        yield dict(mat=mat, opts=opts, reason=reason, its=its, res=r, wall=float(wall), log=fn.split("/")[-1])
def family(o):
    pc = re.search(r"-pc_type (\S+)", o).group(1)
    k = re.search(r"-ksp_type (\S+)", o).group(1)
    if k in ("gmres", "fgmres"):
        r = re.search(r"-ksp_gmres_restart (\d+)", o); k += f"({r.group(1) if r else 30})"
    if "-ksp_diagonal_scale" in o: k += " +diagonal scale"
    r = re.search(r"-ksp_rtol (\S+)", o)
    if r: k += f" rtol {r.group(1)}"
    return pc, k
rows = [r for f in sorted(glob.glob("logs/*.log")) for r in parse(f)]
ok = lambda r: r["reason"].startswith("CONVERGED") and r["reason"] != "CONVERGED_ITS" and r["res"] <= 1.5e-6
for mat in sys.argv[1:]:
    R = [r for r in rows if r["mat"] == mat and not r["log"].startswith("manifest")]
    print(f"\n### {mat}: {len(R)} runs\n")
    print("| PC | KSP | runs | KSP says converged | converged with true residual <= 1.5e-6 | best run (iterations, true residual) |")
    print("|---|---|---|---|---|---|")
    fam = collections.defaultdict(list)
    for r in R: fam[family(r["opts"])].append(r)
    for (pc, k), L in sorted(fam.items()):
        c = [r for r in L if r["reason"].startswith("CONVERGED") and r["reason"] != "CONVERGED_ITS"]
        v = [r for r in L if ok(r)]
        if v: b = min(v, key=lambda r: r["its"]); best = f"{b['its']} its, {b['res']:.2e}: `{b['opts']}`"
        else: b = min(L, key=lambda r: r["res"] if r["res"] == r["res"] else 1e99); best = f"none; lowest true residual {b['res']:.2e} ({b['reason']} {b['its']}): `{b['opts']}`"
        print(f"| {pc} | {k} | {len(L)} | {len(c)} | {len(v)} | {best} |")
