# robustness of the sherman2 hit over the forest-extraction knobs (logs/sherman2_phase2.log)
import re, collections
exec(open("summarize.py").read().split("rows = ")[0])
ok = lambda r: r["reason"].startswith("CONVERGED") and r["reason"] != "CONVERGED_ITS" and r["res"] <= 1.5e-6
L = list(parse("logs/sherman2_phase2.log"))
t = collections.defaultdict(lambda: [0, 0, []])
for r in L:
    o = r["opts"]
    b = re.search(r"block (\d)", o).group(1)
    cp = re.search(r"charge_period (\d)", o); cp = cp.group(1) if cp else "5 (seed 0-9, p .25/.75)"
    k = family(o)[1]
    wt = re.search(r"weight (\w+)", o).group(1)
    key = (b, cp, wt, k)
    t[key][0] += 1
    if ok(r): t[key][1] += 1; t[key][2].append(r["its"])
print("| block | charge period | weight | KSP | runs | converged (true res <= 1.5e-6) | iterations |")
print("|---|---|---|---|---|---|---|")
for k in sorted(t):
    n, c, its = t[k]
    print(f"| {k[0]} | {k[1]} | {k[2]} | {k[3]} | {n} | {c} | {sorted(its) if its else ''} |")
