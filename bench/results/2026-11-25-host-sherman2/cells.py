# sherman2's 6-unknown cells: pattern of the 6x6 diagonal blocks, where each row's largest entry lies
import gzip, collections
rows = collections.defaultdict(dict)
with gzip.open("/work/shared/matrices/sherman2.mtx.gz", "rt") as f:
    f.readline(); line = f.readline()
    while line.startswith("%"): line = f.readline()
    n = int(line.split()[0])
    for l in f:
        i, j, v = l.split(); rows[int(i) - 1][int(j) - 1] = float(v)
pats = collections.Counter()
for c in range(n // 6):
    p = tuple("".join("x" if (6 * c + s) in rows[6 * c + r] else "." for s in range(6)) for r in range(6))
    pats[p] += 1
print("6x6 diagonal-block patterns (count):")
for p, k in pats.most_common(4):
    print(k, "cells:"); [print("   ", r) for r in p]
print("where each row's largest |entry| lies, by position r in the cell:")
for r in range(6):
    where = collections.Counter()
    for c in range(n // 6):
        i = 6 * c + r
        j = max(rows[i], key=lambda j: abs(rows[i][j]))
        where["diag" if j == i else (f"cell pos {j % 6}" if j // 6 == c else "other cell")] += 1
    print("  r =", r, dict(where))
# rows with a single entry
print("rows with one entry (identity-like):", sorted(collections.Counter(i % 6 for i in range(n) if len(rows[i]) == 1).items()), "(position: count)")
# within-cell Schur: |det| scale is not needed; print the cell block of cell 100 scaled by row max
c = 100
print("cell 100 block, rows scaled by their largest |entry| in the full row:")
for r in range(6):
    i = 6 * c + r; mx = max(abs(v) for v in rows[i].values())
    print("   ", " ".join("%8.1e" % (rows[i].get(6 * c + s, 0) / mx) for s in range(6)))
