#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Recall on real, already-fixed address-limit bugs (issue 18, section 4).
# bench/realbugs.json lists bugs that shipped in public kernel trees, each
# with the buggy ("before") and fixed ("after") version of its file; the
# files themselves live in a cache outside the repository, because they are
# other people's code and this machine reaches no code host when it runs.
# For each bug, addrlimit runs on the before file (it must report the
# bug's check at the bug's line, or on a witness path through it) and on
# the after file (it must no longer report that check inside the fixed
# function).  Prints one line per bug, recall per class and overall, and a
# summary line.
#
# The manifest is a JSON array of bugs: id, class, check (the check id that
# must fire), repo (owner/name), before and after (commits), file (path in
# the repo), function, line (the bug's line in the before file), optional
# lines (other acceptable lines), args (extra addrlimit arguments; $TOP
# is this checkout, for a rule file it ships: --rules=$TOP/rules/X.rules),
# extra_files (more files of the same commits, analysed together; their
# digests in extra_sha256 {path: {before, after}}), sha256_before,
# sha256_after, reference, note.
#
#   bench/realbugs.sh [--strict] [--manifest FILE]... [--only ID]...
#                     [--recreate] [-v] [--entry-probe]
#   -v: for each miss, also print what the before run did report
#   --entry-probe: for each miss, run the before file again with
#               --entry=FUNCTION (the bug's function) and say whether that
#               finds it: separates "entry point not recognised" from
#               misses of the engine itself (printed per class too); when
#               it does, the after file is run the same way and must stay
#               silent in the fixed function
#
#   ADDRLIMIT   the binary (default ./addrlimit of this checkout)
#   REALBUGS_CACHE  the cache (default ~/.cache/addrlimit/realbugs); a bug's
#               files are CACHE/ID/before/PATH and CACHE/ID/after/PATH
#   MIRROR      where fetched repositories are (default /work/.mirror,
#               OWNER+NAME/repo): --recreate fills missing cache files from
#               there with git show COMMIT:PATH
#
# A file that is missing or whose sha256 differs from the manifest's is
# reported as missing with how to re-create it, and its bug is left out of
# the recall (missing is not a miss).  Exit status: 0, or 2 on a script
# error (no binary, unreadable manifest); with --strict also 1 when the
# recall is under 90% or an after file still reports its fixed bug.
# An entry's optional "after_known_lines" lists lines of the after file where
# another bug of the same function, fixed later and a manifest entry of its
# own, is still reported (it does not count as the fixed bug firing).
# An entry's optional "also_checks" lists weaker checks that count as well
# (a leak to user mode reported as ds-unbalanced when the entry point is not
# known).  An entry's optional "found_by" says how the bug was found: "cve" (an
# advisory), "upstream-fix" (a named upstream or stable fix commit),
# "diff-scan" (a history diff that adds a restore or a save, found without
# addrlimit) or "tool-scan" (addrlimit reported it on the
# buggy version and not on the fixed one, then the fix was read by hand)
# or "held-out" (mined from public history by someone who did not write the
# checks, and measured before they were changed for it: six of twelve found
# then); recall is also printed per source, since tool-scan bugs are hits by
# construction.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
export REALBUGS_TOP=$top
export ADDRLIMIT=${ADDRLIMIT:-$top/addrlimit}
export REALBUGS_CACHE=${REALBUGS_CACHE:-$HOME/.cache/addrlimit/realbugs}
export MIRROR=${MIRROR:-/work/.mirror}
if [[ ! -x $ADDRLIMIT ]]; then
	echo "realbugs.sh: no addrlimit binary at $ADDRLIMIT (build it, or set ADDRLIMIT)" >&2
	exit 2
fi
command -v python3 >/dev/null || { echo "realbugs.sh: python3 is needed" >&2; exit 2; }

exec python3 - "$@" <<'PY'
import hashlib, json, os, subprocess, sys

top = os.environ["REALBUGS_TOP"]
binary = os.environ["ADDRLIMIT"]
cache = os.environ["REALBUGS_CACHE"]
mirror = os.environ["MIRROR"]

strict = recreate = verbose = probe = False
manifests, only = [], set()
args = sys.argv[1:]
while args:
    a = args.pop(0)
    if a == "--strict": strict = True
    elif a == "--recreate": recreate = True
    elif a == "-v": verbose = True
    elif a == "--entry-probe": probe = True
    elif a == "--manifest" and args: manifests.append(args.pop(0))
    elif a.startswith("--manifest="): manifests.append(a.split("=", 1)[1])
    elif a == "--only" and args: only.add(args.pop(0))
    elif a.startswith("--only="): only.add(a.split("=", 1)[1])
    elif a in ("-h", "--help"):
        print(open(os.path.join(top, "bench", "realbugs.sh")).read().split("set -u")[0])
        sys.exit(0)
    else:
        print("realbugs.sh: unknown argument %s" % a, file=sys.stderr); sys.exit(2)
if not manifests:
    manifests = [os.path.join(top, "bench", "realbugs.json")]

bugs = []
for m in manifests:
    try:
        with open(m) as f:
            bugs += json.load(f)
    except (OSError, ValueError) as e:
        print("realbugs.sh: cannot read manifest %s: %s" % (m, e), file=sys.stderr)
        sys.exit(2)
ids = [b["id"] for b in bugs]
dups = sorted({i for i in ids if ids.count(i) > 1})
if dups:
    print("realbugs.sh: duplicate ids: %s" % " ".join(dups), file=sys.stderr); sys.exit(2)
if only:
    bugs = [b for b in bugs if b["id"] in only]

def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()

def wanted(bug, side):
    """(path in repo, commit, expected sha256) of each file of one side."""
    commit = bug[side]
    out = [(bug["file"], commit, bug["sha256_" + side])]
    for p in bug.get("extra_files", []):
        out.append((p, commit, bug.get("extra_sha256", {}).get(p, {}).get(side)))
    return out

def try_recreate(bug, path, commit, dest):
    """Fill one cache file from a fetched mirror of the bug's repository."""
    gitdir = os.path.join(mirror, bug["repo"].replace("/", "+"), "repo")
    if not os.path.isdir(gitdir):
        return False
    r = subprocess.run(["git", "-C", gitdir, "show", "%s:%s" % (commit, path)],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    if r.returncode != 0:
        return False
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open(dest, "wb") as f:
        f.write(r.stdout)
    return True

def how_to(bug, path, commit, dest):
    return ("  %s: missing %s\n    re-create: fetch github:%s, then "
            "git -C %s/%s/repo show %s:%s > %s\n"
            "    (or the search index: read_file repo=%s path=%s commit=%s; "
            "or bench/realbugs.sh --recreate once the mirror is there)"
            % (bug["id"], dest, bug["repo"], mirror, bug["repo"].replace("/", "+"),
               commit, path, dest, bug["repo"], path, commit))

def run(bug, side, extra=()):
    """Findings of addrlimit on one side, run from the side's cache root so
    relative includes next to the file resolve."""
    root = os.path.join(cache, bug["id"], side)
    files = [bug["file"]] + list(bug.get("extra_files", []))
    cmd = [binary, "-q", "-f", "json", "-j1"]
    cmd += [a.replace("$TOP", top) for a in bug.get("args", [])] + list(extra) + files
    try:
        r = subprocess.run(cmd, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as e:
        raise RuntimeError("%s (%s): cannot run %s: %s" % (bug["id"], side, binary, e))
    try:
        doc = json.loads(r.stdout.decode("utf-8", "replace"))
    except ValueError:
        raise RuntimeError("%s (%s): addrlimit exited %d without a JSON report: %s"
                           % (bug["id"], side, r.returncode,
                              r.stderr.decode("utf-8", "replace")[:300]))
    return doc

def same_file(a, b):
    return os.path.normpath(a) == os.path.normpath(b)

def checks_of(bug):
    """The check that must fire, and the weaker ones that also count: a
    leak to user mode through an entry point the tool does not know is
    still found when it is reported as ds-unbalanced at the same line."""
    return {bug["check"]} | set(bug.get("also_checks", []))

def hits(bug, doc):
    lines = {bug["line"]} | set(bug.get("lines", []))
    for f in doc.get("findings", []):
        if f["check"] not in checks_of(bug):
            continue
        if same_file(f["file"], bug["file"]) and f["line"] in lines:
            return f
        for step in f.get("path", []):
            if same_file(step["file"], bug["file"]) and step["line"] in lines:
                return f
        # another return of the same function after the same raise or
        # acquire, folded into this finding
        for a in f.get("also", []):
            if (a.get("relation") == "same-cause" and same_file(a["file"], bug["file"])
                    and a["line"] in lines):
                return f
    return None

def after_fires(bug, doc):
    known = bug.get("after_known_lines", [])
    return [f for f in doc.get("findings", [])
            if f["check"] in checks_of(bug) and f.get("function") == bug["function"]
            and same_file(f["file"], bug["file"]) and f["line"] not in known]

classes = {}
probes = {}	# class -> [misses found with --entry, misses probed, after firing with --entry]
sources = {}	# found_by -> [hit, present]: recall on bugs found without the tool's help
missing_msgs = []
n_hit = n_present = n_after_bad = n_missing = n_weaker = 0
rows = []
for bug in bugs:
    absent = []
    for side in ("before", "after"):
        for path, commit, digest in wanted(bug, side):
            dest = os.path.join(cache, bug["id"], side, path)
            if not os.path.isfile(dest) and recreate:
                try_recreate(bug, path, commit, dest)
            if not os.path.isfile(dest):
                absent.append(how_to(bug, path, commit, dest))
            elif digest and sha256(dest) != digest:
                absent.append("  %s: %s has sha256 %s, the manifest says %s\n%s"
                              % (bug["id"], dest, sha256(dest), digest,
                                 how_to(bug, path, commit, dest)))
    c = classes.setdefault(bug["class"], [0, 0, 0, 0])  # hit, present, after bad, missing
    if absent:
        n_missing += 1
        c[3] += 1
        missing_msgs += absent
        rows.append("%-44s %-15s missing" % (bug["id"], bug["class"]))
        continue
    try:
        before = run(bug, "before")
        after = run(bug, "after")
    except RuntimeError as e:
        print("realbugs.sh: %s" % e, file=sys.stderr)
        sys.exit(2)
    h = hits(bug, before)
    bad = after_fires(bug, after)
    n_present += 1
    c[1] += 1
    if h:
        n_hit += 1
        c[0] += 1
    src = sources.setdefault(bug.get("found_by", "unknown"), [0, 0])
    src[1] += 1
    if h:
        src[0] += 1
    if bad:
        n_after_bad += 1
        c[2] += 1
    verdict = "MISS" if not h else ("hit" if h["check"] == bug["check"] else "hit (as %s)" % h["check"])
    if h and h["check"] != bug["check"]:
        n_weaker += 1
    row = "%-44s %-15s %-4s after %s" % (bug["id"], bug["class"], verdict,
                                          "silent" if not bad else "FIRES (%s:%d)"
                                          % (bad[0]["file"], bad[0]["line"]))
    if probe and not h:
        ph = hits(bug, run(bug, "before", ["--entry=" + bug["function"]]))
        pc = probes.setdefault(bug["class"], [0, 0, 0])
        pc[1] += 1
        pa = []
        if ph:
            pc[0] += 1
            pa = after_fires(bug, run(bug, "after", ["--entry=" + bug["function"]]))
            pc[2] += 1 if pa else 0
        row += "  [--entry=%s: %s%s]" % (bug["function"], "found as %s" % ph["check"] if ph else "still missed",
                                        "; after FIRES at line %d" % pa[0]["line"] if pa else "")
    if verbose and not h:
        got = ["%s:%d %s" % (f["file"], f["line"], f["check"]) for f in before.get("findings", [])]
        row += "\n    want %s at %s:%s; before reports: %s" % (
            bug["check"], bug["file"], sorted({bug["line"]} | set(bug.get("lines", []))),
            "; ".join(got) or "nothing")
    rows.append(row)

for r in rows:
    print(r)
if missing_msgs:
    print("\nmissing files (left out of the recall):")
    for m in missing_msgs:
        print(m)
print("\nrecall per class (hits / bugs with their files present):")
def pct(a, b):
    return "%5.1f%%" % (100.0 * a / b) if b else "   n/a"
for name in sorted(classes):
    h, p, bad, miss = classes[name]
    print("  %-15s %3d / %-3d %s   after still firing: %d   missing: %d"
          % (name, h, p, pct(h, p), bad, miss))
print("  %-15s %3d / %-3d %s   after still firing: %d   missing: %d"
      % ("overall", n_hit, n_present, pct(n_hit, n_present), n_after_bad, n_missing))
if probes:
    print("misses found when the bug's function is given with --entry (entry point not recognised) / misses:")
    for name in sorted(probes):
        print("  %-15s %3d / %-3d   after with --entry still firing: %d"
              % (name, probes[name][0], probes[name][1], probes[name][2]))
    print("  %-15s %3d / %-3d   after with --entry still firing: %d"
          % ("overall", sum(v[0] for v in probes.values()), sum(v[1] for v in probes.values()),
             sum(v[2] for v in probes.values())))
if len(sources) > 1 or "unknown" not in sources:
    print("recall by how the bug was found (tool-scan: a candidate the tool itself reported, so biased towards hits):")
    for name in sorted(sources):
        h, p = sources[name]
        print("  %-15s %3d / %-3d %s" % (name, h, p, pct(h, p)))
print("realbugs: %d bugs, %d present, %d hit (%d of them as a weaker check), recall %s, "
      "%d after files still firing, %d missing"
      % (len(bugs), n_present, n_hit, n_weaker, pct(n_hit, n_present).strip(), n_after_bad, n_missing))
if strict and (n_present == 0 or n_hit * 10 < n_present * 9 or n_after_bad):
    sys.exit(1)
sys.exit(0)
PY
