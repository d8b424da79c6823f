#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Where a setup goes, from PETSc's nested log: the inclusive milliseconds of every stack of events under the main
stage's PCSetUp (with tutorials/ex1 -warmup: the timed setup), side by side for several runs.

    ex1 ... -pc_type triamg -warmup -log_view :run.txt:ascii_flamegraph [-log_view_gpu_time]
    python3 bench/triamg/flame.py DEPTH run1.txt run2.txt ...

A flame graph line is 'stack;of;events self-microseconds' (rank 0's); a stack's inclusive time is the sum over the
lines it prefixes, so what a parent spends outside any logged child shows as its time minus its children's.
DEPTH: the deepest stack printed (1: PCSetUp alone); stacks under 1 ms in every run are left out. With
-log_view_gpu_time every event waits for the device, so the times are the device's work where it happens, not
where the host next waits."""
import collections
import sys


def load(path):
    incl = collections.Counter()
    with open(path) as f:
        for line in f:
            stack, value = line.rstrip().rsplit(' ', 1)
            parts = stack.split(';')
            if len(parts) < 2 or parts[1] != 'PCSetUp':  # 'Main Stage;PCSetUp;...', not the warm-up stage
                continue
            for d in range(2, len(parts) + 1):
                incl[';'.join(parts[1:d])] += int(value)
    return incl


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    depth, paths = int(sys.argv[1]), sys.argv[2:]
    runs = [load(p) for p in paths]
    stacks = sorted(set().union(*runs), key=lambda k: -max(r[k] for r in runs))
    print('%-70s' % 'stack (ms)' + ''.join('%14s' % p.split('/')[-1][-14:] for p in paths))
    for k in stacks:
        if k.count(';') >= depth or max(r[k] for r in runs) < 1000:
            continue
        print('%-70s' % k[-70:] + ''.join('%14.1f' % (r[k] / 1000) for r in runs))


if __name__ == '__main__':
    main()
