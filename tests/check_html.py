#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Checks of addrlimit's HTML report (--html) against its text report of
the same run, for tests/cli.sh and tests/html-browser.sh.

    check_html.py DIR TEXT            every page in DIR: well-formed, UTF-8,
                                      self-contained, links resolve; and
                                      what the pages say matches TEXT
    check_html.py --page FILE TEXT N  one finding page (or a browser's DOM
                                      dump of it) against finding N of TEXT
    check_html.py --index FILE TEXT   the index (or its DOM dump) likewise

A finding page must show each step K of the path as a label "K" + message
under the source line of the step, in the excerpt of the step's file, and
mark the fault's line.  Prints what is wrong and exits 1, or exits 0."""
import os
import re
import sys
from html.parser import HTMLParser

VOID = {"meta", "br", "hr", "wbr"}
FORBIDDEN = {"script", "link", "img", "iframe", "object", "embed", "frame", "base", "form"}
LINE = re.compile(r"^(.+?):(\d+):(\d+): (error|warning|note): (.*)$")
errors = []


def need(cond, what):
    if not cond:
        errors.append(what)
    return cond


def shown(text):
    """A message as the page must show it: control characters as their
    Unicode pictures, bytes that are not UTF-8 as U+FFFD."""
    out = []
    for ch in text:
        o = ord(ch)
        if ch in "\t\n":
            out.append(ch)
        elif o < 0x20:
            out.append(chr(0x2400 + o))
        elif o == 0x7F:
            out.append("\u2421")
        else:
            out.append(ch)
    return "".join(out)


def read_text_report(path):
    """Findings of a gcc-style report: dicts with their notes, in order."""
    findings = []
    raw = open(path, "rb").read().decode("utf-8", errors="replace")
    for line in raw.split("\n"):
        m = LINE.match(line)
        if not m:
            continue
        file, ln, col, kind, msg = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4), m.group(5)
        c = re.match(r"^(.*) \[([a-z-]+)\]$", msg)
        if kind == "note" and not c:    # a step of the finding above (a note finding ends in [id])
            findings[-1]["notes"].append((file, ln, col, shown(msg)))
            continue
        rel = re.match(r"^(reached from here|same source|same cause): ", msg)
        if kind == "note" and rel:   # a finding folded into the one above
            findings[-1]["also"].append((file, ln, col, shown(c.group(1)[rel.end():]), c.group(2)))
            continue
        findings.append({"file": file, "line": ln, "col": col, "sev": kind,
                         "msg": shown(c.group(1)), "check": c.group(2), "notes": [], "also": []})
    return findings


class Page(HTMLParser):
    """The parts of a page the checks look at, plus structural problems
    when strict (a page as written; a browser's DOM dump is re-serialised)."""

    def __init__(self, strict):
        super().__init__(convert_charrefs=not strict)
        self.strict = strict
        self.stack = []         # [tag, attrs, text chunks]
        self.text = {}          # id -> text content
        self.ids = []
        self.hrefs = []
        self.problems = []
        self.file = None        # excerpt being read
        self.line = None        # last source line seen in it
        self.rows = {}          # (file, line) -> classes of its rows
        self.steps = {}         # K -> (file, line, label text)
        self.fault = None       # (file, line) of the #fault element
        self.section = None
        self.rows_in = {}       # view id -> finding rows
        self.links = {}         # href -> texts of links to it
        self.h1 = None
        self.h2 = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in FORBIDDEN:
            self.problems.append("forbidden element <%s>" % tag)
        for k, v in attrs:
            if k in ("src", "srcset", "action") or k.startswith("on"):
                self.problems.append("attribute %s=%r" % (k, v))
        if "href" in a:
            self.hrefs.append(a["href"])
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "section" and "view" in a.get("class", ""):
            self.section = a.get("id")
            self.rows_in[self.section] = -1     # the header row
        if tag == "tr" and self.section:
            self.rows_in[self.section] += 1
        if tag not in VOID:
            self.stack.append([tag, a, []])

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1][0] != tag:
            # a DOM dump closes what the parser implied (tbody); a written page must not need it
            if self.strict:
                self.problems.append("</%s> closes <%s>" % (tag, self.stack[-1][0] if self.stack else "nothing"))
            while self.stack and self.stack[-1][0] != tag:
                self.stack.pop()
            if not self.stack:
                return
        t, a, chunks = self.stack.pop()
        text = "".join(chunks)
        cls = a.get("class", "").split()
        if "id" in a:
            self.text[a["id"]] = text
        if t == "div" and "file" in cls:
            self.file, self.line = text, None
        elif t == "td" and "ln" in cls:
            self.line = int(text)
            tr = next((f for f in reversed(self.stack) if f[0] == "tr"), None)
            # a line can be in several excerpts (the path came back to it)
            key = (self.file, self.line)
            self.rows[key] = self.rows.get(key, "") + " " + (tr[1].get("class", "") if tr else "")
        elif t == "a" and "href" in a:
            self.links.setdefault(a["href"], []).append(text)
        elif t == "section":
            self.section = None
        elif t == "h1":
            self.h1 = text
        elif t == "h2":
            self.h2.append(text)
        m = re.match(r"^step-(\d+)$", a.get("id", ""))
        if m:
            self.steps[int(m.group(1))] = (self.file, self.line, text)
        if a.get("id") == "fault":
            self.fault = (self.file, self.line)

    def add_text(self, s):
        for f in self.stack:
            f[2].append(s)

    def handle_data(self, data):
        if self.strict and not any(f[0] == "style" for f in self.stack):
            for ch in "<>&\"'":
                if ch in data:
                    self.problems.append("unescaped %r in text %r" % (ch, data[:60]))
                    break
        self.add_text(data)

    def handle_entityref(self, name):
        ent = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}
        if need(name in ent, "unknown entity &%s;" % name):
            self.add_text(ent[name])

    def handle_charref(self, name):
        self.add_text(chr(int(name[1:], 16) if name[0] in "xX" else int(name)))


def parse(path, strict):
    data = open(path, "rb").read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        errors.append("%s: not UTF-8: %s" % (path, e))
        text = data.decode("utf-8", errors="replace")
    p = Page(strict)
    p.feed(text)
    p.close()
    if strict:
        need(text.startswith("<!DOCTYPE html>\n"), "%s: no doctype" % path)
        need('<meta charset="utf-8">' in text[:1024], "%s: no <meta charset>" % path)
        style = re.findall(r"<style>(.*?)</style>", text, re.S)
        need(not any(re.search(r"url\(|@import|@font-face", s) for s in style),
             "%s: the CSS loads something" % path)
        need(not p.stack, "%s: unclosed %s" % (path, [f[0] for f in p.stack]))
        for pr in p.problems:
            errors.append("%s: %s" % (path, pr))
        dup = {i for i in p.ids if p.ids.count(i) > 1}
        need(not dup, "%s: duplicate ids %s" % (path, sorted(dup)))
    return p


def check_links(dir, pages):
    for name, p in pages.items():
        for h in p.hrefs:
            target, _, frag = h.partition("#")
            if not need(re.match(r"^(index|finding-[1-9][0-9]*)\.html$|^$", target),
                        "%s: link %r leaves the report" % (name, h)):
                continue
            other = pages.get(target or name)
            if need(other is not None, "%s: link %r to a missing page" % (name, h)) and frag:
                need(frag in other.ids, "%s: link %r to a missing anchor" % (name, h))


def check_page(p, f, n, what):
    need(p.h1 == "%s %s" % (f["sev"], f["msg"]), "%s: heading %r, want %r" % (what, p.h1, f["msg"]))
    loc = "%s:%d:%d" % (f["file"], f["line"], f["col"])
    need(loc in p.links.get("#fault", []), "%s: no location %s linking to the fault" % (what, loc))
    need(p.fault and p.fault == (f["file"], f["line"]),
         "%s: fault marked at %r, want %s:%d" % (what, p.fault, f["file"], f["line"]))
    need("fault" in p.rows.get((f["file"], f["line"]), ""), "%s: fault line not highlighted" % what)
    need(len(p.steps) == len(f["notes"]), "%s: %d steps shown, want %d" % (what, len(p.steps), len(f["notes"])))
    for k, (file, line, col, msg) in enumerate(f["notes"], 1):
        got = p.steps.get(k)
        want = (file, line, "%d%s" % (k, msg))
        if need(got == want, "%s: step %d is %r, want %r" % (what, k, got, want)):
            need(re.search(r"\b(step|fault)\b", p.rows.get((file, line), "")),
                 "%s: line of step %d not highlighted" % (what, k))


def check_also(p, f, what):
    # the callers folded into the finding: listed with place, check and message
    for k, (file, line, col, msg, check) in enumerate(f["also"], 1):
        t = p.text.get("also-%d" % k, "")
        need("%s:%d:%d" % (file, line, col) in t and check in t and msg in t,
             "%s: folded caller %d (%s:%d %s) not listed: %r" % (what, k, file, line, check, t[:120]))
    need("also-%d" % (len(f["also"]) + 1) not in p.text, "%s: more folded callers listed than reported" % what)


def check_index(p, findings, what):
    for n, f in enumerate(findings, 1):
        need(f["msg"] in p.links.get("finding-%d.html" % n, []),
             "%s: finding %d (%s) not listed" % (what, n, f["msg"]))
    total = len(findings)
    need("All: %d finding%s" % (total, "" if total == 1 else "s") in p.h2,
         "%s: no 'All: %d findings' heading in %r" % (what, total, p.h2[:3]))
    want = total or 1   # "No findings."
    need(p.rows_in.get("all") == want,
         "%s: the all view has %r rows, want %d" % (what, p.rows_in.get("all"), want))
    by_check = {}
    for f in findings:
        by_check[f["check"]] = by_check.get(f["check"], 0) + 1
    for c, k in by_check.items():
        need(p.rows_in.get("check-" + c) == k,
             "%s: view check-%s has %r rows, want %d" % (what, c, p.rows_in.get("check-" + c), k))


def main():
    args = sys.argv[1:]
    if args[0] == "--page":
        findings = read_text_report(args[2])
        n = int(args[3])
        check_page(parse(args[1], False), findings[n - 1], n, args[1])
        check_also(parse(args[1], False), findings[n - 1], args[1])
    elif args[0] == "--index":
        check_index(parse(args[1], False), read_text_report(args[2]), args[1])
    else:
        dir, findings = args[0], read_text_report(args[1])
        names = sorted(os.listdir(dir))
        want = ["index.html"] + ["finding-%d.html" % n for n in range(1, len(findings) + 1)]
        need(sorted(want) == names, "pages %s, want %s" % (names[:8], sorted(want)[:8]))
        pages = {name: parse(os.path.join(dir, name), True) for name in names if name.endswith(".html")}
        check_links(dir, pages)
        if "index.html" in pages:
            check_index(pages["index.html"], findings, "index.html")
        for n, f in enumerate(findings, 1):
            if "finding-%d.html" % n in pages:
                check_page(pages["finding-%d.html" % n], f, n, "finding-%d.html" % n)
                check_also(pages["finding-%d.html" % n], f, "finding-%d.html" % n)
    for e in errors[:40]:
        print(e)
    sys.exit(1 if errors else 0)


main()
