#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Behaviour-unchanged check for refactoring: run two addrlimit binaries on the
# same inputs and compare their reports byte for byte (text, JSON and the
# --fix diff), so a restructuring can show an empty diff.
#
#   scripts/same-findings.sh OLD NEW PATH...
#
# Each PATH is run as one invocation (a folder is one whole-tree run), with
# the default checks in text and JSON, with --full in JSON and with --fix
# (address-limit trees only: the diff goes to stdout).  Differences are
# printed; the last line is "same: N runs" or "DIFFERENT: N of M runs", and
# the exit status is 0 only when every run is identical.
set -u
[ $# -ge 3 ] || { sed -n '3,12{s/^# \{0,1\}//;p}' "$0"; exit 2; }
old=$1 new=$2; shift 2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
runs=0 diffs=0
one() {	# label, args...
	local label=$1; shift
	runs=$((runs + 1))
	"$old" "$@" >"$tmp/a.out" 2>"$tmp/a.err"; echo "rc=$?" >>"$tmp/a.out"
	"$new" "$@" >"$tmp/b.out" 2>"$tmp/b.err"; echo "rc=$?" >>"$tmp/b.out"
	# --stats and progress lines carry times: compare the rest of stderr
	for f in a b; do grep -v -E '^(time|addrlimit: [0-9.]+ s|relevance:|stats:)' "$tmp/$f.err" \
		| grep -v -E ' [0-9.]+ s\b' >"$tmp/$f.err2"; done
	if ! cmp -s "$tmp/a.out" "$tmp/b.out" || ! cmp -s "$tmp/a.err2" "$tmp/b.err2"; then
		diffs=$((diffs + 1))
		echo "== DIFFERENT: $label"
		diff "$tmp/a.out" "$tmp/b.out" | head -20
		diff "$tmp/a.err2" "$tmp/b.err2" | head -20
	else
		echo "== same: $label ($(grep -c . "$tmp/a.out") lines)"
	fi
}
for p in "$@"; do
	one "$p text" -q "$p"
	one "$p json" -q --format=json "$p"
	one "$p json --full" -q --full --format=json "$p"
	one "$p --fix" -q --fix "$p"
done
if [ $diffs -eq 0 ]; then echo "same: $runs runs"; else echo "DIFFERENT: $diffs of $runs runs"; exit 1; fi
