# structure of a Matrix Market matrix in pure Python (no numpy here): diagonal, dominance, block pattern
import gzip, sys, collections, math
fn = sys.argv[1]
rows = collections.defaultdict(dict)
with gzip.open(fn, "rt") as f:
    hdr = f.readline().lower(); sym = "symmetric" in hdr
    line = f.readline()
    while line.startswith("%"): line = f.readline()
    n, _, nz = map(int, line.split())
    for l in f:
        i, j, v = l.split(); i = int(i) - 1; j = int(j) - 1; v = float(v)
        rows[i][j] = rows[i].get(j, 0) + v
        if sym and i != j: rows[j][i] = rows[j].get(i, 0) + v
print(f"n={n} nnz(file)={nz} symmetric-file={sym}")
zd = [i for i in range(n) if rows[i].get(i, 0) == 0]
print("zero/missing diagonal:", len(zd))
dom = []; negd = 0
for i in range(n):
    d = abs(rows[i].get(i, 0)); off = sum(abs(v) for j, v in rows[i].items() if j != i)
    dom.append(d / off if off else float("inf"))
    if rows[i].get(i, 0) < 0: negd += 1
dom_s = sorted(dom)
print("negative diagonal:", negd)
print("row dominance |a_ii|/sum|a_ij|: min %.3g  p10 %.3g  median %.3g  p90 %.3g  max %.3g" % (dom_s[0], dom_s[n // 10], dom_s[n // 2], dom_s[9 * n // 10], dom_s[-1]))
print("rows diagonally dominant:", sum(1 for x in dom if x >= 1))
# max entry per row vs diagonal
notmax = sum(1 for i in range(n) if abs(rows[i].get(i, 0)) < max(abs(v) for v in rows[i].values()))
print("rows whose diagonal is not the largest |entry|:", notmax)
diags = [abs(rows[i].get(i, 0)) for i in range(n)]
print("|diag| range: %.3g .. %.3g" % (min(diags), max(diags)))
rl = [len(rows[i]) for i in range(n)]
print("row nnz: min", min(rl), "max", max(rl), "hist", sorted(collections.Counter(rl).items()))
# numeric symmetry
asym = 0; tot = 0; pat = 0
for i in range(n):
    for j, v in rows[i].items():
        tot += 1
        if i not in rows[j]: pat += 1
        elif abs(rows[j][i] - v) > 1e-12 * max(abs(v), abs(rows[j][i])): asym += 1
print(f"structurally unsymmetric entries {pat}/{tot}, numerically unsymmetric {asym}/{tot}")
# block structure: for block size b, is the pattern exactly made of dense bxb blocks?
for b in [2, 3, 4, 5, 6]:
    if n % b: continue
    blocks = collections.defaultdict(set)
    for i in range(n):
        for j in rows[i]: blocks[(i // b, j // b)].add((i % b, j % b))
    full = sum(1 for s in blocks.values() if len(s) == b * b)
    print(f"block {b}: {len(blocks)} blocks, {full} dense ({100*full/len(blocks):.1f}%), fill {tot/(len(blocks)*b*b):.3f}")
# bandwidth and offsets
offs = collections.Counter(j - i for i in range(n) for j in rows[i])
print("most common offsets j-i:", offs.most_common(16))
b = 6 if n % 6 == 0 else None
if b:
    # diagonal-block vs off-block weight per row, and dominance of the block diagonal
    inb = 0; outb = 0
    for i in range(n):
        for j, v in rows[i].items():
            if i // b == j // b: inb += abs(v)
            else: outb += abs(v)
    print(f"|A| mass inside 6x6 diagonal blocks {inb/(inb+outb):.3f}, outside {outb/(inb+outb):.3f}")
    # within block: the local pattern and typical magnitudes
    loc = collections.defaultdict(list)
    for i in range(n):
        for j, v in rows[i].items():
            if i // b == j // b: loc[(i % b, j % b)].append(abs(v))
    print("mean |a| in the diagonal 6x6 blocks (row r, col c):")
    for r in range(b):
        print("   ", " ".join("%9.2e" % (sum(loc[(r, c)]) / len(loc[(r, c)]) if loc[(r, c)] else 0) for c in range(b)))
    dd = collections.defaultdict(list)
    for i in range(n): dd[i % b].append(dom[i])
    print("median row dominance by position in the block:", [round(sorted(v)[len(v)//2], 3) for r, v in sorted(dd.items())])
    print("diag magnitudes by position (median):", ["%.2e" % sorted(abs(rows[i].get(i,0)) for i in range(r, n, b))[n//b//2] for r in range(b)])
    print("first row of block 100:", sorted(rows[600].items())[:40])
