#!/usr/bin/env python3
"""profile_check.py: checks CLPAR_PROFILE's trace file and CLPAR_SUMMARY's table.

  profile_check.py trace FILE [--cache-hit]
      FILE is a Chrome trace event file (runtime/trace/profile.hpp): a JSON object with
      traceEvents and displayTimeUnit; every complete event ("X") has name, cat, ph, ts,
      dur, pid, tid and args, and the args its category needs; every transfer, build and
      cache load lies within a region call or a sync on its thread (the background
      worker's builds excepted); at least one call, one transfer and one build (with
      --cache-hit: one cache load and no build).
  profile_check.py summary STDERR
      STDERR is a run's stderr under CLPAR_TRACE=1 and CLPAR_SUMMARY=1: the table has its
      header, a row for every site the trace lines name with as many calls as lines, and
      a total row that adds the rows up.
  profile_check.py png FILE
      FILE is a picture clpar-timeline drew: a PNG file (its signature, then the IHDR
      chunk) of at least 800x200 pixels and at most 4000x4000, over 10 KB (a blank picture
      of that size is smaller).
Exits 1 with a message per problem found.
"""
import json
import re
import struct
import sys
from collections import Counter, defaultdict

CATEGORIES = {"call", "transfer", "build", "cache", "start", "sync"}
ARGS = {
    "call": {"site", "decision", "why", "iterations"},
    "transfer": {"site", "bytes", "direction"},
    "build": {"site", "kernel", "cache"},
    "cache": {"site", "kernel", "cache"},
    "sync": {"site", "bytes"},
    "start": set(),
}
NESTED = {"transfer", "build", "cache"}
BACKGROUND_THREAD = "clpar background start"
# Rounding of microseconds with three decimals, as doubles.
SLACK_US = 1e-3

problems = []


def problem(text):
    problems.append(text)


def check_trace(path, cache_hit):
    with open(path, encoding="utf-8") as f:
        trace = json.load(f)
    if set(trace) != {"traceEvents", "displayTimeUnit"}:
        problem(f"top-level keys are {sorted(trace)}")
    if trace.get("displayTimeUnit") != "ms":
        problem("displayTimeUnit is not ms")
    events = trace["traceEvents"]
    background = set()
    spans = []
    for e in events:
        if e.get("ph") == "M":
            if e.get("name") == "thread_name" and e["args"]["name"] == BACKGROUND_THREAD:
                background.add(e["tid"])
            continue
        missing = {"name", "cat", "ph", "ts", "dur", "pid", "tid", "args"} - set(e)
        if missing:
            problem(f"event lacks {sorted(missing)}: {e}")
            continue
        if e["ph"] != "X":
            problem(f"phase {e['ph']!r}, not X: {e}")
        if e["cat"] not in CATEGORIES:
            problem(f"unknown category {e['cat']!r}")
            continue
        if not ARGS[e["cat"]] <= set(e["args"]):
            problem(f"{e['cat']} lacks args {sorted(ARGS[e['cat']] - set(e['args']))}: {e}")
        if e["ts"] < 0 or e["dur"] < 0:
            problem(f"negative time: {e}")
        spans.append(e)

    counts = Counter(e["cat"] for e in spans)
    for cat in ["call", "transfer"] + (["cache"] if cache_hit else ["build"]):
        if counts[cat] == 0:
            problem(f"no {cat} event (counts: {dict(counts)})")
    if cache_hit and counts["build"]:
        problem(f"{counts['build']} builds where every kernel should come from the cache")
    for e in spans:
        if e["cat"] == "transfer" and e["args"]["direction"] not in (
                "host-to-device", "device-to-host"):
            problem(f"transfer direction {e['args']['direction']!r}")
        if e["cat"] in ("build", "cache") and e["args"]["cache"] != (
                "hit" if e["cat"] == "cache" else "miss"):
            problem(f"{e['cat']} says cache {e['args']['cache']!r}")

    holders = defaultdict(list)
    for e in spans:
        if e["cat"] in ("call", "sync"):
            holders[e["tid"]].append(e)
    for e in spans:
        if e["cat"] not in NESTED or e["tid"] in background:
            continue
        inside = [h for h in holders[e["tid"]]
                  if h["ts"] - SLACK_US <= e["ts"]
                  and e["ts"] + e["dur"] <= h["ts"] + h["dur"] + SLACK_US]
        if not inside:
            problem(f"{e['cat']} at {e['ts']} us on thread {e['tid']} lies in no call or sync: {e}")
    print(f"{path}: {len(spans)} events {dict(sorted(counts.items()))}")


def check_summary(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()
    calls = Counter()
    for line in lines:
        m = re.match(r"clpar: (\S+) n=\d+ -> ", line)
        if m:
            calls[m.group(1)] += 1
    if not calls:
        problem("no trace line of a region call")
    header = [i for i, line in enumerate(lines)
              if re.fullmatch(r"clpar: site +host calls +host ms +device calls +device ms"
                              r" +to device +to host +builds +cache hits", line)]
    if len(header) != 1:
        problem(f"{len(header)} table headers")
        return
    rows = {}
    width = len(lines[header[0]])
    for line in lines[header[0] + 1:]:
        if not line.startswith("clpar: ") or len(line) != width:
            break
        cells = line[len("clpar: "):].rsplit(None, 10)
        # site, host calls, host ms, device calls, device ms, to device (n unit),
        # to host (n unit), builds, cache hits
        if len(cells) != 11:
            problem(f"row of {len(cells)} cells: {line!r}")
            continue
        rows[cells[0].rstrip()] = cells[1:]
    for site, n in calls.items():
        row = rows.get(site)
        if row is None:
            problem(f"no row for site {site}")
        elif int(row[0]) + int(row[2]) != n:
            problem(f"{site}: {row[0]} + {row[2]} calls in the table, {n} in the trace")
    total = rows.get("total")
    if total is None:
        problem("no total row")
    else:
        for column in (0, 2, 8, 9):
            added = sum(int(r[column]) for s, r in rows.items() if s != "total")
            if int(total[column]) != added:
                problem(f"total column {column} is {total[column]}, the rows add up to {added}")
    print(f"{path}: {len(rows) - 1} sites in the table, {sum(calls.values())} calls traced")


def check_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        problem(f"{path} does not start with the PNG signature")
        return
    if data[12:16] != b"IHDR":
        problem(f"{path} has no IHDR chunk first")
        return
    width, height = struct.unpack(">II", data[16:24])
    if not (800 <= width <= 4000 and 200 <= height <= 4000):
        problem(f"{path} is {width}x{height} pixels")
    if len(data) <= 10_000:
        problem(f"{path} has {len(data)} bytes only")
    print(f"{path}: PNG, {width}x{height} pixels, {len(data)} bytes")


def main(argv):
    if len(argv) >= 3 and argv[1] == "trace":
        check_trace(argv[2], "--cache-hit" in argv[3:])
    elif len(argv) == 3 and argv[1] == "summary":
        check_summary(argv[2])
    elif len(argv) == 3 and argv[1] == "png":
        check_png(argv[2])
    else:
        print(__doc__)
        return 2
    for p in problems:
        print("error:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
