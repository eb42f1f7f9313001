#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write C files nested N deep (default 10000) into DIR, one per shape
(every shape, or only the SHAPEs named): blocks, parenthesised
expressions, if statements with and without braces, else-if and #elif
chains, && and || chains, ?:, nested calls, #ifdef groups (also inside a
switch), loops, switches, statement expressions, labels.  Each is a
system call with a set_fs window around the deep part, so every pass
(CFG, facts, the dataflow) walks it.  None may crash the analyzer;
tests/run checks them (the files are generated, never committed).

    tests/deep.py DIR [N [SHAPE...]]
"""
import os
import sys

out = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
only = sys.argv[3:]
os.makedirs(out, exist_ok=True)


def syscall(body):
    return ('#include <linux/uaccess.h>\n'
            'mm_segment_t keep(mm_segment_t fs)\n{\n\treturn fs;\n}\n'
            'SYSCALL_DEFINE1(deep, int, x)\n{\n'
            '\tmm_segment_t old_fs = get_fs();\n'
            '\tset_fs(KERNEL_DS);\n'
            + body +
            '\n\tset_fs(old_fs);\n\treturn x;\n}\n')


shapes = {
    'blocks': '{' * n + 'x++;' + '}' * n,
    'parens': '\tx = ' + '(' * n + 'x' + ')' * n + ';',
    'ifs': 'if (x) ' * n + 'x++;',
    'ifs-braced': 'if (x) {' * n + 'x++;' + '}' * n,
    'else-if': '\tif (x == 0) x++;\n' + ''.join('\telse if (x == %d) x++;\n' % i
                                               for i in range(1, n)),
    'and-chain': '\tif (' + ' && '.join('x > %d' % i for i in range(n)) + ') x++;',
    'or-effects': '\tx = ' + ' || '.join('f(%d)' % i for i in range(n)) + ';',
    'ternary': '\tx = ' + 'x ? f(x) : ' * n + '0;',
    'calls': '\tset_fs(' + 'keep(' * n + 'old_fs' + ')' * n + ');',
    'unary': '\tx = ' + '!' * n + 'x;',
    'ifdef': '#ifdef CONFIG_A\n' * n + '\tx++;\n' + '#endif\n' * n,
    'elif-chain': '#if A == 0\n\tx++;\n' + ''.join('#elif A == %d\n\tx++;\n' % i
                                                 for i in range(1, n)) + '#endif\n',
    'switch-ifdef': '\tswitch (x) {\n' + '#ifdef CONFIG_A\n' * n + '\tcase 1: x++;\n'
                    + '#endif\n' * n + '\t}',
    'whiles': 'while (x) ' * n + 'x--;',
    'switches': 'switch (x) { case 1: ' * n + 'x++;' + '}' * n,
    'stmt-exprs': '\tx = ' + '({ ' * n + 'x;' + ' });' * (n - 1) + ' });',
    'labels': ''.join('l%d: ' % i for i in range(n)) + 'x++;',
}
for name, body in shapes.items():
    if only and name not in only:
        continue
    with open(os.path.join(out, 'deep-%s.c' % name), 'w') as f:
        f.write(syscall(body))
