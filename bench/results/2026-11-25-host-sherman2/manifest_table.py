# per-matrix table of the MANIFEST runs: converged = KSP converged (not CONVERGED_ITS) and true residual <= 1.5e-6
import glob, re
exec(open("summarize.py").read().split("rows = ")[0])
ok = lambda r: r["reason"].startswith("CONVERGED") and r["reason"] != "CONVERGED_ITS" and r["res"] <= 1.5e-6
names = [l.split("\t")[0] for l in open("/work/shared/matrices/MANIFEST.tsv").read().splitlines()[1:]]
logs = ["manifest_mosd_m2_bcgs", "manifest_ilu_bcgs", "manifest_algtri_n1_bcgs", "manifest_sherman2best_gmres50", "manifest_cand_bcgs", "manifest_cand_tfqmr", "manifest_cand_gmres_dscale"]
data = {}
for lg in logs:
    try: data[lg] = {r["mat"]: r for r in parse(f"logs/{lg}.log")}
    except FileNotFoundError: pass
cols = [lg for lg in logs if lg in data]
for lg in cols:
    print(f"- `{lg}`: `{next(iter(data[lg].values()))['opts']}`")
print()
print("| matrix | " + " | ".join(c.replace("manifest_", "") for c in cols) + " |")
print("|---|" + "---|" * len(cols))
tot = {c: 0 for c in cols}
kspconv = {c: 0 for c in cols}
for n in names:
    cells = []
    for c in cols:
        r = data[c].get(n)
        if r is None: cells.append("-"); continue
        if ok(r): tot[c] += 1; cells.append(f"**{r['its']}** ({r['res']:.1e})")
        else:
            if r["reason"].startswith("CONVERGED") and r["reason"] != "CONVERGED_ITS": kspconv[c] += 1
            reason = r["reason"].replace("DIVERGED_", "").replace("CONVERGED_", "conv ")[:24]
            cells.append(f"{reason} {r['its'] if r['its'] is not None else ''} ({r['res']:.1e})")
    print(f"| {n} | " + " | ".join(cells) + " |")
print("| **converged (true res <= 1.5e-6)** | " + " | ".join(f"**{tot[c]} / {len(data[c])}**" for c in cols) + " |")
print("| KSP says converged, true residual above | " + " | ".join(str(kspconv[c]) for c in cols) + " |")
