#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Structural checks of addrlimit's SARIF output for tests/cli.sh: the
document parses, says 2.1.0, lists every rule once, and each result has a
rule, a level, a location with line and column, a fingerprint and, when it
has a path, a codeFlow whose steps all have locations and messages."""
import json
import sys

doc = json.load(open(sys.argv[1]))
errors = []
def need(cond, what):
    if not cond:
        errors.append(what)

need(doc.get("version") == "2.1.0", "version is not 2.1.0")
runs = doc.get("runs", [])
need(len(runs) == 1, "expected one run")
run = runs[0]
rules = run["tool"]["driver"]["rules"]
ids = [r["id"] for r in rules]
need(len(ids) == len(set(ids)), "duplicate rule ids")
need("ds-leak" in ids, "ds-leak rule missing")
for r in rules:
    need(r["defaultConfiguration"]["level"] in ("error", "warning", "note"), "bad rule level")
    need(r["shortDescription"]["text"], "rule without description")
need(run.get("columnKind") == "unicodeCodePoints", "columnKind")
results = run["results"]
need(len(results) >= 1, "no results")
for res in results:
    need(res["ruleId"] in ids, "unknown ruleId")
    need(ids[res["ruleIndex"]] == res["ruleId"], "ruleIndex does not match ruleId")
    need(res["level"] in ("error", "warning", "note"), "bad level")
    region = res["locations"][0]["physicalLocation"]["region"]
    need(region["startLine"] >= 1 and region["startColumn"] >= 1, "bad region")
    need(res["partialFingerprints"], "no fingerprint")
    for cf in res.get("codeFlows", []):
        for tf in cf["threadFlows"]:
            need(len(tf["locations"]) >= 2, "codeFlow too short")
            for loc in tf["locations"]:
                need(loc["location"]["message"]["text"], "step without message")
                need(loc["location"]["physicalLocation"]["region"]["startLine"] >= 1, "step without line")
leak = [r for r in results if r["ruleId"] == "ds-leak"]
need(leak and leak[0]["level"] == "error", "ds-leak result missing or not an error")
need(leak and leak[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 7, "ds-leak not at line 7")
inv = run["invocations"][0]
need(inv["exitCode"] == 2 and inv["executionSuccessful"] is False, "invocation exit status")
need(any("nope.c" in n["message"]["text"] for n in inv["toolExecutionNotifications"]),
     "missing input not reported in notifications")
if errors:
    print("\n".join(errors))
    sys.exit(1)
print("sarif ok")
