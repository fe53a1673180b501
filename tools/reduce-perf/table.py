#!/usr/bin/env python3
"""tools/reduce-perf/table.py RAW -- the Markdown table of run.sh's output
(perf-raw.txt): per size and operator, kernel time and GB/s of the marked
reduction (local memory), the no-local-mem version and the hand-written
OpenCL reduction, against the device-to-device copy bandwidth of the same
run (read + write bytes), and the final combine on the host against the
NAME_fin kernel."""
import re
import sys

raw = open(sys.argv[1]).read().splitlines()
copy, hand, prof, final = {}, {}, {}, {}
for line in raw:
    w = line.split()
    if len(w) < 2 or not w[0].startswith('e'):
        continue
    e = int(w[0][1:])
    if w[1] == 'copy':
        copy[e] = (float(w[2]), float(w[3]))
    elif w[1] == 'hand':
        hand[(e, w[2])] = float(w[3])
    elif w[1] == 'prof':
        # e24 prof local 21 gpu_red_add_0 21 12.3
        op = re.sub(r'^gpu_red_([a-z]+)_\d+$', r'\1', w[4])
        prof[(e, w[2], int(w[3]), op)] = (int(w[5]), float(w[6]))
    elif w[1] == 'final':
        m = re.search(r'([0-9.]+) us each', line)
        if m:
            final[(e, w[2])] = float(m.group(1))

def steady(e, v, op):
    """Mean kernel ms per launch without the first launch."""
    runs = sorted(r for (ee, vv, r, o) in prof if (ee, vv, o) == (e, v, op))
    if len(runs) < 2:
        return None
    n1, t1 = prof[(e, v, runs[0], op)]
    nn, tn = prof[(e, v, runs[-1], op)]
    return (tn - t1) / (nn - n1)

print('| size | op | gpuoffload ms | GB/s | % of copy | no-local-mem ms | speed-up | hand OpenCL ms | vs hand |')
print('|---|---|---|---|---|---|---|---|---|')
for e in sorted(copy):
    n = 1 << e
    for op in ('add', 'mul', 'min'):
        t = steady(e, 'local', op)
        g = steady(e, 'global', op)
        h = hand.get((e, op))
        if t is None:
            continue
        gbs = 4 * n / t / 1e6
        print('| 2^%d | %s | %.4f | %.0f | %.0f%% | %s | %s | %s | %s |' % (
            e, op, t, gbs, 100 * gbs / copy[e][1],
            '%.4f' % g if g else '-', '%.2fx' % (g / t) if g else '-',
            '%.4f' % h if h else '-', '%.2fx' % (h / t) if h else '-'))
print()
for e in sorted(copy):
    print('copy 2^%d floats: %.4f ms, %.0f GB/s (read + write)' % (e, copy[e][0], copy[e][1]))
for e in sorted(copy):
    if (e, 'host') in final:
        print('final combine 2^%d: host %.1f us, NAME_fin kernel %.1f us per launch' % (
            e, final[(e, 'host')], final.get((e, 'kernel'), float('nan'))))
