# SPDX-License-Identifier: GPL-2.0
# Sourced by tests/run: the shape of the source tree the restructuring
# promised (docs/hacking.md), checked so it cannot drift back.
#   - no cycles between source files (A calls B and B calls A), read from
#     the symbols of the objects `make` built (nm);
#   - no source file over 1,200 lines;
#   - no kernel API name of the address limit or of the uaccess routines
#     (a user-pointer argument in the table) spelled as a string literal
#     outside the API table (src/kernel/api.def): every stage asks the
#     table.  (Names --fix writes out, kernel_read and the like, are output.)
# Uses ok/bad from tests/run; $obj_dir is the object folder (build/rel or
# build/asan).

obj_dir=${OBJ_DIR:-$(dirname "$unit_dir")}
if ! command -v nm >/dev/null; then
	bad "structure: nm not found (binutils)"
elif ! ls "$obj_dir"/*/*.o >/dev/null 2>&1; then
	bad "structure: no objects in $obj_dir (run make)"
else
	cycles=$(python3 - "$obj_dir" <<'PY'
import collections, glob, os, subprocess, sys
top = sys.argv[1]
objs = [o for o in glob.glob(top + '/**/*.o', recursive=True)
        if '/unit/' not in o and not os.path.basename(o).startswith('ts_')]
defs, undefs = {}, collections.defaultdict(set)
for o in objs:
    me = os.path.relpath(o, top)[:-2]
    out = subprocess.run(['nm', o], capture_output=True, text=True).stdout
    for line in out.splitlines():
        p = line.split()
        if len(p) == 3 and p[1] in 'TDBR':
            defs[p[2]] = me
        elif len(p) == 2 and p[0] == 'U':
            undefs[me].add(p[1])
edges = collections.defaultdict(set)
for f, us in undefs.items():
    for u in us:
        if u in defs and defs[u] != f:
            edges[f].add(defs[u])
# any cycle, not only pairs: Tarjan's SCCs over the file graph
index, low, stack, on, sccs, n = {}, {}, [], set(), [], [0]
def visit(v):
    index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
    for w in edges.get(v, ()):
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        c = []
        while True:
            w = stack.pop(); on.discard(w); c.append(w)
            if w == v: break
        if len(c) > 1: sccs.append(sorted(c))
sys.setrecursionlimit(10000)
for v in sorted(set(edges) | set(defs.values())):
    if v not in index: visit(v)
for c in sccs:
    print('cycle: ' + ' '.join(c))
    for a in c:
        print('  %s -> %s' % (a, ' '.join(sorted(set(edges[a]) & set(c)))))
PY
)
	if [ -z "$cycles" ]; then
		ok "structure: no cycles between source files"
	else
		bad "structure: cycles between source files" "$cycles"
	fi
fi

long=$(find "$top/src" -name '*.[ch]' -exec wc -l {} + | awk '$2 != "total" && $1 > 1200 { print $2 ": " $1 " lines" }')
if [ -z "$long" ]; then
	ok "structure: no source file over 1,200 lines"
else
	bad "structure: source files over 1,200 lines" "$long"
fi

# the names: every API line of the table that belongs to the address limit
# or has a user-pointer argument
api_names=$(awk -F'[(,]' '/^API\(/ {
		n = $2; gsub(/ /, "", n)
		if ($3 ~ /A_LIMIT_/ || $4 !~ /^ *0 *$/) print n
	}' "$top/src/kernel/api.def")
if [ "$(wc -w <<<"$api_names")" -lt 30 ]; then
	bad "structure: could not read the API names from src/kernel/api.def" "$api_names"
else
	pat=$(printf '"%s"\\|' $api_names)
	lits=$(grep -rn --include='*.c' --include='*.h' -e "${pat%\\|}" "$top/src" | sed "s#^$top/##")
	if [ -z "$lits" ]; then
		ok "structure: no kernel API name of the limit or the uaccess routines as a literal outside src/kernel/api.def"
	else
		bad "structure: kernel API names spelled outside src/kernel/api.def" "$lits"
	fi
fi
