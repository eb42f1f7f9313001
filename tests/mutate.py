#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write N mutated copies of the test cases into DIR (a fixed seed, so every
run writes the same files): truncations, cut-outs, splices of two cases and
byte noise in the characters that steer a C parser.

    tests/mutate.py CASES_DIR OUT_DIR [N]
"""
import glob
import os
import random
import sys

cases, out = sys.argv[1], sys.argv[2]
n = int(sys.argv[3]) if len(sys.argv) > 3 else 120
rng = random.Random(20261203)
files = sorted(glob.glob(os.path.join(cases, '**', '*.c'), recursive=True))
os.makedirs(out, exist_ok=True)
for i in range(n):
    src = open(rng.choice(files), 'rb').read()
    op = i % 4
    if op == 0:
        src = src[:rng.randrange(len(src))]
    elif op == 1:
        a, b = sorted((rng.randrange(len(src)), rng.randrange(len(src))))
        src = src[:a] + src[b:]
    elif op == 2:
        other = open(rng.choice(files), 'rb').read()
        src = src[:rng.randrange(len(src))] + other[rng.randrange(len(other)):]
    else:
        s = bytearray(src)
        for _ in range(24):
            s[rng.randrange(len(s))] = rng.choice(b'{}();,*&-=!<>_ \n\\#"\'')
        src = bytes(s)
    with open(os.path.join(out, 'm%03d.c' % i), 'wb') as f:
        f.write(src)
