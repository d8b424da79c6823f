#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Summarise a bench/trace/cupti_trace.c timeline.

  python3 bench/trace/timeline.py trace.csv [--from-kernel SUBSTR --nth K] [--window-ms MS] [--dump N] [--span REGEX]

For the kernels (and copies and sets) in the window, per name: count, mean duration, and the mean idle time of the
GPU before it (start minus the end of the previous device record), split into the part where the GPU waited for
the host to launch it (the launch call ended after the previous record finished) and the rest. With --dump N it
prints N consecutive device records from the middle of the window with the runtime calls that launched them, so
one Krylov iteration can be read line by line.

The window starts at the K-th kernel whose name contains --from-kernel (default: the whole trace) and lasts
--window-ms (default: to the end).

With --span REGEX, runs of consecutive kernels whose names match REGEX (no other device record between them) are
one call each, e.g. --span ts_rpts for the RPTS solves of a PCApply: the span of a call, first start to last end,
is its time on the GPU, whatever the overlap of its kernels (programmatic dependent launches start a kernel
before the previous one ends, so the sum of the kernels' durations overstates it). Printed: the spans' median,
mean, minimum and maximum per block of --block calls.
"""
import argparse
import collections
import csv
import re
import shutil
import statistics
import subprocess
import sys


def demangle(names):
    """c++filt's names where it is installed"""
    tool = shutil.which("c++filt")
    if not tool or not names:
        return {n: n for n in names}
    out = subprocess.run([tool], input="\n".join(names), capture_output=True, text=True).stdout.splitlines()
    return dict(zip(names, out)) if len(out) == len(names) else {n: n for n in names}


def spans(win, pattern, block):
    """calls: runs of consecutive kernels matching pattern"""
    rx, calls, cur = re.compile(pattern), [], None
    for s, e, kind, stream, corr, detail, name in win:
        if kind == "K" and rx.search(name):
            if cur is None:
                cur = [s, e, 0]
                calls.append(cur)
            cur[1], cur[2] = max(cur[1], e), cur[2] + 1
        else:
            cur = None
    print(f"\n{len(calls)} calls of kernels matching {pattern!r}; span in us (first start to last end)")
    for i in range(0, len(calls), block):
        sp = [(c[1] - c[0]) / 1e3 for c in calls[i : i + block]]
        ks = sorted({c[2] for c in calls[i : i + block]})
        print(f"  calls {i}-{i + len(sp) - 1}: median {statistics.median(sp):.1f} mean {statistics.mean(sp):.1f} "
              f"min {min(sp):.1f} max {max(sp):.1f} (kernels per call {ks})")


def short(name):
    """A kernel's name without its template arguments and parameter list, so instances sum by family."""
    n = re.sub(r"\(.*", "", name)
    depth, out = 0, []
    for ch in n:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    n = "".join(out).replace("void ", "").strip()
    return n[-60:]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("trace")
    ap.add_argument("--from-kernel", default="")
    ap.add_argument("--nth", type=int, default=0)
    ap.add_argument("--window-ms", type=float, default=0.0)
    ap.add_argument("--dump", type=int, default=0)
    ap.add_argument("--span", default="")
    ap.add_argument("--block", type=int, default=100)
    a = ap.parse_args()

    dev, api = [], {}
    with open(a.trace) as f:
        for r in csv.DictReader(f):
            s, e = int(r["start_ns"]), int(r["end_ns"])
            if r["kind"] in "KCS":
                dev.append((s, e, r["kind"], int(r["stream"]), int(r["correlation"]), r["detail"], r["name"]))
            elif r["kind"] == "R":
                api[int(r["correlation"])] = (s, e, r["name"])
    dev.sort()
    if not dev:
        sys.exit("no device records")
    names = demangle(sorted({d[6] for d in dev if d[2] == "K"}))
    dev = [d[:6] + (names.get(d[6], d[6]),) for d in dev]
    t0 = dev[0][0]
    if a.from_kernel:
        hits = [d for d in dev if d[2] == "K" and a.from_kernel in d[6]]
        if len(hits) <= a.nth:
            sys.exit(f"only {len(hits)} kernels contain {a.from_kernel!r}")
        t0 = hits[a.nth][0]
    t1 = t0 + a.window_ms * 1e6 if a.window_ms > 0 else dev[-1][1]
    win = [d for d in dev if d[0] >= t0 and d[1] <= t1]
    busy = sum(d[1] - d[0] for d in win)
    span = win[-1][1] - win[0][0]
    print(f"window: {len(win)} device records over {span / 1e3:.1f} us, busy {busy / 1e3:.1f} us ({100 * busy / span:.1f}%)")

    stats = collections.defaultdict(lambda: [0, [], 0.0, 0.0])
    prev_end = None
    for s, e, kind, stream, corr, detail, name in win:
        key = short(name) if kind == "K" else name
        st = stats[key]
        st[0] += 1
        st[1].append(e - s)
        if prev_end is not None and s > prev_end:
            gap = s - prev_end
            launch = api.get(corr)
            host = min(gap, max(0, launch[1] - prev_end)) if launch else 0
            st[2] += host
            st[3] += gap - host
        prev_end = max(prev_end or 0, e)
    print(f"{'name':60s} {'count':>6s} {'mean us':>9s} {'med us':>8s} {'total us':>10s} {'idle before: host us':>20s} {'other us':>9s}")
    for k, (n, durs, host, other) in sorted(stats.items(), key=lambda kv: -sum(kv[1][1])):
        print(f"{k:60s} {n:6d} {statistics.mean(durs) / 1e3:9.2f} {statistics.median(durs) / 1e3:8.2f} {sum(durs) / 1e3:10.1f} {host / 1e3 / n:20.2f} {other / 1e3 / n:9.2f}")

    if a.span:
        spans(win, a.span, a.block)

    if a.dump:
        mid = max(0, len(win) // 2 - a.dump // 2)
        base = win[mid][0]
        print(f"\n{a.dump} records from the middle (times in us from the first; launch = the runtime call's start and end)")
        prev = None
        for s, e, kind, stream, corr, detail, name in win[mid : mid + a.dump]:
            launch = api.get(corr)
            ls = f"{(launch[0] - base) / 1e3:9.2f} {(launch[1] - base) / 1e3:9.2f} {launch[2][:28]:28s}" if launch else " " * 48
            gap = (s - prev) / 1e3 if prev is not None else 0.0
            print(f"{(s - base) / 1e3:9.2f} {(e - s) / 1e3:8.2f} gap {gap:7.2f} | {ls} | {kind} {stream} {detail:>12s} {short(name) if kind == 'K' else name}")
            prev = e


if __name__ == "__main__":
    main()
