#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Generate docs/checks.md from docs/examples/checks.md.in.

@@FILE path@@ is replaced by the example file's text; @@RUN dir|command@@ by
the command line and what the analyzer prints when run in docs/examples/dir
("./addrlimit" stands for the binary).  So every output on the page is real.
@@ENTRY_KINDS@@ is the list of entry-point kinds, from src/kernel/entry.def.

    scripts/gen-checks-doc.py [ADDRLIMIT] [OUTPUT]
"""
import os
import re
import subprocess
import sys

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ex = os.path.join(top, 'docs', 'examples')
binary = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(top, 'addrlimit')
out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(top, 'docs', 'checks.md')


def file_(m):
    with open(os.path.join(ex, m.group(1))) as f:
        return f.read().rstrip('\n')


def run(m):
    d, cmd = m.group(1), m.group(2)
    real = cmd.replace('./addrlimit', binary, 1)
    p = subprocess.run(real, shell=True, cwd=os.path.join(ex, d), capture_output=True, text=True)
    if p.stderr:
        sys.exit('%s: %s' % (cmd, p.stderr))
    return ('$ ' + cmd + '\n' + p.stdout).rstrip('\n')


def entry_rows():
    """The rows of entry.def: (kind, args), in order."""
    import ast
    with open(os.path.join(top, 'src', 'kernel', 'entry.def')) as f:
        src = re.sub(r'/\*.*?\*/', '', f.read(), flags=re.S)
    rows, i = [], 0
    for m in re.finditer(r'^([A-Z_]+)\(', src, re.M):
        depth, j = 1, m.end()
        while depth:
            c = src[j]
            if c == '"':
                j = src.index('"', j + 1)
            elif c == '(':
                depth += 1
            elif c == ')':
                depth -= 1
            j += 1
        rows.append((m.group(1), ast.literal_eval('(' + src[m.end():j - 1] + ',)')))
    return rows


def code(words):
    return ' '.join('`%s`' % w for w in words.split())


def entry_kinds(_m):
    rows = entry_rows()
    out = []
    ops = {}
    for kind, a in rows:
        if kind == 'OPS':
            ops.setdefault((a[1], a[2]), []).append(a[0])
    out.append('- Functions stored in these fields, by initializer (`.unlocked_ioctl = my_ioctl,`)')
    out.append('  or by assignment (`my_fops.unlocked_ioctl = my_ioctl;`); `vidioc_*` is every field')
    out.append('  of that prefix:')
    out.append('')
    out.append('| struct | fields | reported as |')
    out.append('|---|---|---|')
    for (fields, why), strs in ops.items():
        out.append('| %s | %s | %s |' % (', '.join('`%s`' % s for s in strs), code(fields), why))
    out.append('')
    dist = ' '.join(a[0] for k, a in rows if k == 'DISTINCTIVE')
    out.append('- By assignment whatever the object (`x->field = fn`), for the fields %s.' % code(dist))
    for k, a in rows:
        if k == 'ORDER':
            out.append('- By position in an initializer of `%s` (no designators), its members taken in the'
                       ' order %s when no definition is in view.' % (a[0], code(a[1])))
    for k, a in rows:
        if k == 'HINT':
            out.append('- By assignment to a field of `%s` when the type of the object is not in view'
                       ' and its text contains %s.'
                       % (a[0], ' or '.join('`%s`' % s for s in a[1].split())))
    for k, a in rows:
        if k == 'PRIVATE':
            out.append('- A struct defined in the scanned files with a member named %s: its members %s'
                       ' are handlers ("%s"), filled by designator or by position.' % (code(a[0]).replace('` `', '`, `'),
                                                                       code(a[1]), a[2]))
    out.append('  (`static struct foo_attr attrs[] = { { "name", 0644, foo_show, foo_store } };`; read/write')
    out.append('  alone make no kind: private bus accessors have them.)')
    for k, a in rows:
        if k == 'UNSEEN':
            out.append('- An initializer of a struct with no row above and no definition in the scanned file'
                       ' (a subsystem\'s own type from its header): functions designated %s ("%s":'
                       ' `static struct hotplug_slot_attribute attr_lock = { .store = lock_write_file };`).'
                       % (code(a[0]).replace('` `', '` or `'), a[1]))
    for k, a in rows:
        if k == 'TYPED':
            out.append('- Every function named in an array of `%s` ("%s").' % (a[0], a[1]))
    for k, a in rows:
        if k == 'SIGNATURE':
            out.append('- A function whose parameter %d is a `struct %s *` ("%s").' % (a[0] + 1, a[1], a[2]))
    for k, a in rows:
        if k == 'PARAMS':
            out.append('- A function whose parameters begin with the types `(%s)` ("%s").' % (a[0], a[1]))
    out.append('- Functions passed to these calls (argument counted from 1):')
    out.append('')
    out.append('| call | argument | reported as |')
    out.append('|---|---|---|')
    for k, a in rows:
        if k == 'CALL':
            out.append('| `%s` | %d | %s |' % (a[0], a[1] + 1, a[2]))
    out.append('')
    out.append('- Handlers named by these macros (arguments counted from 1; `arg1_show` is the text of')
    out.append('  the first argument followed by `_show`, so `DEVICE_ATTR_RW(foo)` names `foo_show` and')
    out.append('  `foo_store`):')
    out.append('')
    out.append('| macro | handlers | reported as |')
    out.append('|---|---|---|')
    for k, a in rows:
        if k == 'MACRO':
            hs = []
            for h in a[1].split():
                m = re.match(r'(\d+)(?:\+(\d+))?', h)
                arg = 'arg%d' % (int(m.group(1)) + 1)
                if m.group(2):
                    arg += 'arg%d' % (int(m.group(2)) + 1)
                hs.append('`%s%s`' % (arg, h[m.end():]))
            out.append('| `%s` | %s | %s |' % (a[0], ' '.join(hs), a[2]))
    out.append('')
    out.append('  A macro not listed whose name contains `ATTR` (a vendor\'s own) names arguments 3 and 4')
    out.append('  when it has four, and `arg1_show`/`arg1_store` when it ends in `ATTR_RW`, `_RO` or `_WO`.')
    calls = ' '.join(a[0] for k, a in rows if k == 'REGISTER_CALL')
    fields = ' '.join(a[0] for k, a in rows if k == 'REGISTER_FIELDS')
    out.append('- The general rule: a function stored (by initializer or assignment) into one of the fields')
    out.append('  %s of an object whose address is passed to a call named like %s' % (code(fields), code(calls)))
    out.append('  (`*`: any text), or of an object such an object points to (`.ops = &my_ops`), reported as')
    out.append('  "registered *struct*.*field* handler" (`hwrng_register(&rng)` with `rng.read = my_read`).')
    out.append('  Only those fields: probe, remove, init, release or work-queue callbacks never return to')
    out.append('  user mode.')
    return '\n'.join(out)


with open(os.path.join(ex, 'checks.md.in')) as f:
    t = f.read()
t = re.sub(r'@@ENTRY_KINDS@@', entry_kinds, t)
t = re.sub(r'@@FILE (\S+)@@', file_, t)
t = re.sub(r'@@RUN ([^|]+)\|([^@]+)@@', run, t)
if '@@' in t:
    sys.exit('unexpanded @@ directive left in the template')
with open(out, 'w') as f:
    f.write(t)
