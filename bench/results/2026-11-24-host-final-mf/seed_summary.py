#!/usr/bin/env python3
"""Summary of acc_sim suite runs over many seeds, one file per variant (DIR/mf<MF>_ns<NSEQ>.txt, the output of
`for s in $(seq 1 40); do acc_sim_mf.._ns.. suite 512 -seed $s; done`), against the variant BASE (same seeds).
Columns: rule failures (matrix x seed; rule: FRE <= 10 x LAPACK where LAPACK < 1e-3, finite), seeds with a
failure, NaN/Inf where LAPACK is finite, cases > 1000 x LAPACK (and the worst ratio), cases > 10 x worse
than BASE, geometric mean of the error over BASE's (the worse of scaled and partial pivoting throughout).
usage: seed_summary.py DIR [BASE]   (BASE default mf12_ns32)"""
import collections, glob, math, os, re, sys


def load(f):
    d, buf = {}, []
    for l in open(f):
        m = re.match(r"suite n=\d+ seed=(\d+)", l)
        if m:
            for k, v in buf:
                d[(int(m.group(1)),) + k] = v
            buf = []
            continue
        t = l.split()
        if len(t) >= 5 and t[0] in ("Tab4", "Chang") and t[-1] in ("PASS", "FAIL"):
            buf.append(((t[0], int(t[1])), tuple(map(float, t[-4:-1])) + (t[-1],)))
    return d


def main():
    dr = sys.argv[1]
    base = load(os.path.join(dr, (sys.argv[2] if len(sys.argv) > 2 else "mf12_ns32") + ".txt"))
    key = lambda f: tuple(map(int, re.findall(r"\d+", os.path.basename(f))))
    print("variant   seeds fails seeds_failing nan_vs_finite >1000xLAPACK(worst) >10x_base geomean_vs_base")
    for f in sorted(glob.glob(os.path.join(dr, "mf*_ns*.txt")), key=key):
        d = load(f)
        fails = sum(x[3] == "FAIL" for x in d.values())
        sf = len({k[0] for k, x in d.items() if x[3] == "FAIL"})
        nan = sum(math.isfinite(x[0]) and not (math.isfinite(x[1]) and math.isfinite(x[2])) for x in d.values())
        big, worst, worse, lr = 0, 0.0, collections.Counter(), []
        for k, x in d.items():
            if not (math.isfinite(x[0]) and x[0] < 1e-3):
                continue
            e = max(x[1], x[2])
            r = e / max(x[0], 1e-15) if math.isfinite(e) else math.inf
            big += r > 1000
            worst = max(worst, r)
            if k in base:
                eb = max(base[k][1], base[k][2])
                rb = max(e, 1e-16) / max(eb, 1e-16) if math.isfinite(e) else math.inf
                if rb > 10:
                    worse[f"{k[1]}#{k[2]}"] += 1
                if math.isfinite(rb):
                    lr.append(math.log(rb))
        gm = math.exp(sum(lr) / len(lr)) if lr else math.nan
        name = os.path.basename(f)[:-4]
        print(f"{name:9s} {len({k[0] for k in d}):5d} {fails:5d} {sf:13d} {nan:13d} {big:6d} ({worst:8.2g}) {sum(worse.values()):9d} {gm:15.2f}")


if __name__ == "__main__":
    main()
