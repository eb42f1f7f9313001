#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Generate docs/checks.md from docs/examples/checks.md.in.

@@FILE path@@ is replaced by the example file's text; @@RUN dir|command@@ by
the command line and what the analyzer prints when run in docs/examples/dir
("./addrlimit" stands for the binary).  So every output on the page is real.

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


with open(os.path.join(ex, 'checks.md.in')) as f:
    t = f.read()
t = re.sub(r'@@FILE (\S+)@@', file_, t)
t = re.sub(r'@@RUN ([^|]+)\|([^@]+)@@', run, t)
if '@@' in t:
    sys.exit('unexpanded @@ directive left in the template')
with open(out, 'w') as f:
    f.write(t)
