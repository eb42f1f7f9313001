#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The HTML report (--html) in a real browser.  Headless Chromium loads the
# pages from file:// and the test reads back the DOM it built: the index
# lists every finding; a finding page shows every step of its path
# numbered, with its message, under its line in its file; the CSS-only
# filters show one view at a time; a screenshot of a finding page is a
# real picture.  Installs Debian's chromium when it is missing.  Ends with
# the line "N passed, N failed" and exits non-zero on any failure.
#
#   ADDRLIMIT=path/to/addrlimit bash tests/html-browser.sh
#   SHOT=docs/img/finding.png bash tests/html-browser.sh    # also keep the screenshot
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
bin=${ADDRLIMIT:-$top/addrlimit}
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok()  { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; [ $# -gt 1 ] && printf '%s\n' "$2" | sed 's/^/#   /'; return 0; }
finish() { echo "$pass passed, $fail failed"; [ $fail -eq 0 ]; exit; }

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
	echo "# chromium not found: installing Debian's"
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null &&
	   apt-get update -qq >"$tmp/apt.log" 2>&1 &&
	   DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >>"$tmp/apt.log" 2>&1; then
		browser=$(command -v chromium)
	else
		bad "install chromium (apt-get, as root)" "$(tail -5 "$tmp/apt.log" 2>/dev/null)"
		finish
	fi
fi
ok "browser: $("$browser" --version 2>/dev/null | head -1)"

# run_browser ARGS... URL: headless, no profile of ours left behind, bounded in time
run_browser() {
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
		--user-data-dir="$tmp/profile" --hide-scrollbars "$@" 2>>"$tmp/browser.log"
}

# One report for every case: many findings, all checks, paths across files.
cases="$here/cases"
(cd "$cases" && "$bin" -j1 --html="$tmp/report" . >"$tmp/report.txt" 2>/dev/null)
rc=$?
if [ $rc -eq 1 ] && [ -f "$tmp/report/index.html" ]; then
	ok "addrlimit --html wrote the report (exit 1: findings)"
else
	bad "addrlimit --html wrote the report" "exit $rc"
	finish
fi

# The finding pages to load: the first, one whose path crosses files, the
# longest path, and a 4-step goto path that fits a screenshot whole.
pick=$(python3 - "$tmp/report.txt" <<'EOP'
import re, sys
lines = open(sys.argv[1], errors="replace").read().split("\n")
n, steps, files, cross, longest, shot = 0, {}, {}, None, None, None
for l in lines:
    m = re.match(r"^(.+?):\d+:\d+: (error|warning|note): ", l)
    if not m:
        continue
    if re.search(r"note: (reached from here|same source|same cause): ", l):   # folded into the finding above
        continue
    if m.group(2) != "note" or re.search(r" \[[a-z-]+\]$", l):   # a note finding ends in [id]
        n += 1
        steps[n], files[n] = 0, {m.group(1)}
    else:
        steps[n] += 1
        files[n].add(m.group(1))
for k in sorted(steps):
    if cross is None and len(files[k]) > 1 and steps[k] >= 3 and "setter-helper" in "".join(files[k]):
        cross = k
    if longest is None or steps[k] > steps[longest]:
        longest = k
    if shot is None and "goto-skip-restore" in "".join(files[k]) and steps[k] >= 3:
        shot = k
print(1, cross or 1, longest, shot or cross or 1)
EOP
)
read -r first cross longest shotn <<<"$pick"
for n in $(printf '%s\n' "$first" "$cross" "$longest" "$shotn" | sort -nu); do
	page="$tmp/report/finding-$n.html"
	run_browser --dump-dom "file://$page" >"$tmp/dom-$n.html"
	steps=$(grep -c 'id="step-' "$tmp/dom-$n.html")
	if [ ! -s "$tmp/dom-$n.html" ]; then
		bad "finding-$n.html: the browser gave no DOM" "$(tail -5 "$tmp/browser.log")"
	elif python3 "$here/check_html.py" --page "$tmp/dom-$n.html" "$tmp/report.txt" "$n" >"$tmp/check.log" 2>&1; then
		ok "finding-$n.html in the browser: $steps numbered steps with their messages, under their lines, fault marked"
	else
		bad "finding-$n.html in the browser" "$(head -20 "$tmp/check.log")"
	fi
done

run_browser --dump-dom "file://$tmp/report/index.html" >"$tmp/dom-index.html"
if python3 "$here/check_html.py" --index "$tmp/dom-index.html" "$tmp/report.txt" >"$tmp/check.log" 2>&1; then
	ok "index.html in the browser: every finding listed, every check's view complete"
else
	bad "index.html in the browser" "$(head -20 "$tmp/check.log")"
fi

# The filters are CSS only (the report has no script).  A test page of our
# own frames the index at several URLs and asks the browser which views it
# actually displays.
cat >"$tmp/filters.html" <<'EOH'
<!DOCTYPE html>
<meta charset="utf-8">
<pre id="out"></pre>
<iframe src="report/index.html"></iframe>
<iframe src="report/index.html#check-ds-no-save"></iframe>
<iframe src="report/index.html#dir-1"></iframe>
<iframe src="report/index.html#file-1"></iframe>
<iframe src="report/index.html#all"></iframe>
<script>
window.addEventListener("load", function () {
	var out = [];
	document.querySelectorAll("iframe").forEach(function (f) {
		var d = f.contentDocument, seen = [];
		if (!d) {
			out.push("no-access");
			return;
		}
		d.querySelectorAll("section.view").forEach(function (s) {
			if (getComputedStyle(s).display !== "none")
				seen.push(s.id + ":" + (s.querySelectorAll("tr").length - 1));
		});
		out.push((f.getAttribute("src").split("#")[1] || "-") + " shows " + seen.join(" "));
	});
	document.getElementById("out").textContent = out.join("\n");
});
</script>
EOH
run_browser --allow-file-access-from-files --virtual-time-budget=5000 --dump-dom \
	"file://$tmp/filters.html" >"$tmp/dom-filters.html"
got=$(sed -n '/<pre id="out">/,/<\/pre>/p' "$tmp/dom-filters.html" | sed 's/<[^>]*>//g' | grep ' shows ')
# every finding: errors, warnings and notes that end in their check id (a step's note does not)
total=$(grep -vE 'note: (reached from here|same source|same cause): ' "$tmp/report.txt" |
	grep -cE '^[^:]+:[0-9]+:[0-9]+: ((error|warning): |note: .*\[[a-z-]+\]$)')
nosave=$(grep -cE '^[^:]+:[0-9]+:[0-9]+: (error|warning): .*\[ds-no-save\]$' "$tmp/report.txt")
want="- shows all:$total
check-ds-no-save shows check-ds-no-save:$nosave
dir-1 shows dir-1:[0-9]+
file-1 shows file-1:[0-9]+
all shows all:$total"
if [ "$(grep -cE "^($(tr '\n' '|' <<<"$want" | sed 's/|$//'))\$" <<<"$got")" -eq 5 ]; then
	ok "filters without script: each URL shows exactly its view ($nosave of $total for ds-no-save)"
else
	bad "filters without script" "got:
$got
want:
$want"
fi

# A screenshot of a finding page must be a real picture: the asked size,
# and far from blank.  (SHOT= keeps it: docs/img/finding.png is this one.)
shot="$tmp/finding.png"
run_browser --screenshot="$shot" --window-size=1200,900 "file://$tmp/report/finding-$shotn.html" >/dev/null
if python3 - "$shot" >"$tmp/png.log" 2>&1 <<'EOP'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
w, h = struct.unpack(">II", data[16:24])
assert (w, h) == (1200, 900), "size %dx%d" % (w, h)
idat, i = b"", 8
while i < len(data):
    n, kind = struct.unpack(">I4s", data[i:i + 8])
    if kind == b"IDAT":
        idat += data[i + 8:i + 8 + n]
    i += 12 + n
raw = zlib.decompress(idat)
distinct = len(set(raw))
busy = sum(1 for b in raw if b not in (0, 255)) / len(raw)
print("%d bytes, %d distinct byte values, %.1f%% not flat" % (len(data), distinct, busy * 100))
assert len(data) > 20000 and distinct > 64 and busy > 0.01, "looks blank"
EOP
then
	ok "screenshot of finding-$shotn.html: 1200x900, $(cat "$tmp/png.log")"
	if [ -n "${SHOT:-}" ]; then
		mkdir -p "$(dirname "$SHOT")" && cp "$shot" "$SHOT" && echo "# screenshot saved as $SHOT"
	fi
else
	bad "screenshot of finding-$shotn.html" "$(cat "$tmp/png.log"; tail -5 "$tmp/browser.log")"
fi

finish
