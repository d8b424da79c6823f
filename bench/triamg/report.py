#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Tables of bench/triamg/run.sh run's output: for each problem and size, every PC's iterations and setup + solve
seconds with GMRES(20) and BiCGStab, triamg's best time against each other PC's best, and the iteration growth
from the small to the large size.  Usage: report.py small.log [large.log ...] > results.md"""
import sys
from collections import defaultdict

runs = defaultdict(dict)  # (problem, size) -> {(pc, ksp): (reason, its, setup, solve, total)}
order = []
for path in sys.argv[1:]:
    for line in open(path):
        f = [x.strip() for x in line.split('|')]
        if len(f) != 6:
            continue
        label, opts, ksp, pc, res, times = f
        prob, size = label.split()
        key = (prob, size)
        if key not in runs:
            order.append(key)
        rs = res.split()
        t = [float(x) for x in times.split()] if times else [float('nan')] * 3
        its = int(rs[1]) if len(rs) > 1 and rs[1].isdigit() else -1
        runs[key][(pc, ksp)] = (rs[0], its, t[0], t[1], t[2], opts)

pcs = ['triamg', 'jacobi', 'gamg', 'hypre', 'gamgtri']
print('| problem | size | ' + ' | '.join(f'{p} GMRES(20) | {p} BiCGStab' for p in pcs[:4]) + ' |')
print('|' + '---|' * (2 + 8))
def cell(r):
    if r is None:
        return '-'
    reason, its, s, so, tot, _ = r
    if not reason.startswith('CONVERGED'):
        return f'{reason} {its}' if its >= 0 else reason
    return f'{its}, {s:.3f} + {so:.3f}'
for key in order:
    row = [cell(runs[key].get((p, k))) for p in pcs[:4] for k in ('gmres', 'bcgs')]
    print(f'| {key[0]} | {runs[key][next(iter(runs[key]))][5]} | ' + ' | '.join(row) + ' |')

print('\nBest time to solution (setup + solve, the faster Krylov method) and triamg\'s ratio to each:\n')
print('| problem | size | triamg | jacobi | gamg | hypre | vs best other | vs GAMG | vs BoomerAMG | solve phase / BoomerAMG\'s |')
print('|---|---|---|---|---|---|---|---|---|---|')
def best(key, pc):
    c = [runs[key].get((pc, k)) for k in ('gmres', 'bcgs')]
    c = [r for r in c if r and r[0].startswith('CONVERGED')]
    return min(c, key=lambda r: r[4]) if c else None
for key in order:
    b = {p: best(key, p) for p in pcs[:4]}
    if not b['triamg']:
        continue
    t = b['triamg'][4]
    others = [b[p][4] for p in ('jacobi', 'gamg', 'hypre') if b[p]]
    fmt = lambda r: f'{r[4]:.3f}' if r else 'fails'
    ratio = lambda p: f'{b[p][4] / t:.2f}x' if b[p] else '-'
    solve = f"{b['triamg'][3] / b['hypre'][3]:.2f}" if b['hypre'] else '-'
    print(f"| {key[0]} | {key[1]} | {t:.3f} | {fmt(b['jacobi'])} | {fmt(b['gamg'])} | {fmt(b['hypre'])} | {min(others) / t:.2f}x | {ratio('gamg')} | {ratio('hypre')} | {solve} |")

print('\ntriamg\'s iteration growth from the small to the large size:\n')
print('| problem | GMRES(20) | BiCGStab |')
print('|---|---|---|')
probs = []
for p, s in order:
    if p not in probs:
        probs.append(p)
for p in probs:
    cells = []
    for k in ('gmres', 'bcgs'):
        a, b2 = runs.get((p, 'small'), {}).get(('triamg', k)), runs.get((p, 'large'), {}).get(('triamg', k))
        cells.append(f'{a[1]} -> {b2[1]} ({b2[1] / a[1]:.2f}x)' if a and b2 and a[1] > 0 else '-')
    print(f'| {p} | ' + ' | '.join(cells) + ' |')
