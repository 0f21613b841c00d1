#!/usr/bin/env python3
"""clpar-timeline PROFILE.json OUT.png [--title T] [--from MS] [--to MS]

Draws a CLPAR_PROFILE file (the Chrome trace event file the runtime writes at exit;
runtime/trace/profile.hpp gives its grammar) as a timeline picture, with matplotlib.

One lane per thread that recorded activities, named by the file's thread names ("clpar
background start") or its id, the process's main thread first.  Each complete event
("ph": "X"; ts and dur in microseconds) is a bar in its lane at its nesting depth: a region
call on the top row, what it waited for (OpenCL's start, a build, a transfer) under it.
Bars are coloured by category, region calls by where they ran (the host, or a device),
transfers by direction; their names are written on them where they fit.  --from and --to
(milliseconds from the first activity) draw part of the run.

Exit status 1 when PROFILE cannot be read or has no complete events or OUT cannot be
written, 2 on a usage error, 3 when matplotlib is missing.
"""
import argparse
import json
import re
import sys

try:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt
    from matplotlib.patches import Patch
except ImportError:
    print(f"clpar-timeline: matplotlib is missing for {sys.executable}; install "
          "python3-matplotlib (Debian) or matplotlib for that Python", file=sys.stderr)
    sys.exit(3)

# Kinds of bars, in the legend's order: (name in the legend, colour).  Okabe and Ito's
# palette, whose colours stay apart for colour-blind readers too.
KINDS = {
    "device call": ("region call on a device", "#0072B2"),
    "host call": ("region call on the host", "#E69F00"),
    "start": ("OpenCL start", "#999999"),
    "build": ("kernel build", "#D55E00"),
    "cache": ("kernel cache load", "#F0E442"),
    "to device": ("transfer to the device", "#009E73"),
    "to host": ("transfer to the host", "#56B4E9"),
    "sync": ("copy-back outside a call", "#CC79A7"),
    "other": ("other", "#404040"),
}
DARK = {"device call", "build", "to device", "sync", "other"}  # white text on these

ROW_IN, LANE_GAP_IN, WIDTH_IN, DPI = 0.36, 0.3, 11.5, 110


class Event:
    def __init__(self, raw):
        self.name = str(raw.get("name", ""))
        self.cat = raw.get("cat", "")
        self.start = float(raw["ts"]) / 1e3  # ms
        self.end = self.start + max(float(raw.get("dur", 0)), 0.0) / 1e3
        self.tid = raw.get("tid", 0)
        self.args = raw.get("args") or {}
        self.depth = 0

    def kind(self):
        if self.cat == "call":
            return "host call" if self.args.get("decision", "host") == "host" else "device call"
        if self.cat == "transfer":
            return "to host" if self.args.get("direction") == "device-to-host" else "to device"
        return self.cat if self.cat in KINDS else "other"

    def label(self):
        """The name with its paths' directories left out; a transfer's with its size."""
        text = re.sub(r"/(?:[^/\s]+/)+([^/\s]+)", r"\1", self.name)
        if self.cat == "transfer" and "bytes" in self.args:
            text += f", {size_text(float(self.args['bytes']))}"
        return text


def size_text(n):
    for unit in ("B", "KiB", "MiB"):
        if n < 1024:
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GiB"


def read_profile(path):
    """The complete events, the thread names and the process's name and id."""
    with open(path, encoding="utf-8") as f:
        try:
            trace = json.load(f)
        except ValueError as e:
            raise ValueError(f"not a Chrome trace event file: {e}") from None
    raw = trace.get("traceEvents", []) if isinstance(trace, dict) else trace
    if not isinstance(raw, list):
        raise ValueError("no traceEvents list")
    threads, process, pid = {}, None, None
    events = []
    for e in raw:
        if not isinstance(e, dict):
            continue
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            threads[e.get("tid")] = (e.get("args") or {}).get("name", "")
        elif e.get("ph") == "M" and e.get("name") == "process_name":
            process, pid = (e.get("args") or {}).get("name"), e.get("pid")
        elif e.get("ph") == "X" and "ts" in e:
            events.append(Event(e))
    return events, threads, process, pid


def nest(events):
    """Sets each event's depth within its thread: the number of events that hold it."""
    by_thread = {}
    for e in sorted(events, key=lambda e: (e.start, -e.end)):
        open_events = by_thread.setdefault(e.tid, [])
        while open_events and open_events[-1].end <= e.start:
            open_events.pop()
        e.depth = len(open_events)
        open_events.append(e)


def summary(events):
    calls = [e for e in events if e.cat == "call"]
    on_device = sum(e.kind() == "device call" for e in calls)
    moved = sum(float(e.args.get("bytes", 0)) for e in events if e.cat == "transfer")
    builds = sum(e.cat == "build" for e in events)
    loads = sum(e.cat == "cache" for e in events)
    span = max(e.end for e in events) - min(e.start for e in events)
    transfers = sum(e.cat == "transfer" for e in events)
    return (f"{count(len(calls), 'region call')} ({len(calls) - on_device} on the host, "
            f"{on_device} on a device), {count(transfers, 'transfer')} "
            f"({size_text(moved)}), {count(builds, 'kernel build')}, "
            f"{count(loads, 'kernel cache load')}; {span:.1f} ms from the first activity to "
            "the last")


def count(n, thing):
    return f"{n} {thing}" + ("" if n == 1 else "s")


def legend_layout(fig, handles):
    """The handles in the order that reads row by row, and as many columns as make the
    fewest rows that fit."""
    for lines in range(1, len(handles) + 1):
        ncol = -(-len(handles) // lines)
        columns = [handles[k::ncol] for k in range(ncol)]  # matplotlib fills columns first
        ordered = [h for c in columns for h in c]
        legend = fig.legend(handles=ordered, ncol=ncol, frameon=False, fontsize=9.5,
                            handlelength=1.4, columnspacing=1.4)
        fig.canvas.draw()
        fits = legend.get_window_extent().width <= (WIDTH_IN - 0.3) * DPI
        legend.remove()
        if fits or ncol == 1:
            return ordered, ncol


def draw(events, threads, process, pid, out, title, begin, end):
    nest(events)
    everything = events
    if begin is not None or end is not None:
        lo = begin if begin is not None else float("-inf")
        hi = end if end is not None else float("inf")
        events = [e for e in events if e.end >= lo and e.start <= hi]
        if not events:
            raise ValueError("no activity between --from and --to")
    x0 = begin if begin is not None else min(e.start for e in events)
    x1 = end if end is not None else max(e.end for e in events)
    if x1 <= x0:
        x1 = x0 + 1e-3

    # Lanes top down: the main thread (its id is the process's), then the others by id.
    tids = sorted({e.tid for e in events}, key=lambda t: (t != pid, str(t)))
    depth = {t: max(e.depth for e in events if e.tid == t) + 1 for t in tids}
    top, lane_top = 0.0, {}
    for t in tids:
        lane_top[t] = top
        top += depth[t] + LANE_GAP_IN / ROW_IN
    rows = top - LANE_GAP_IN / ROW_IN

    # Over the plot: the title, a line of totals and the legend, in as few rows as fit.
    present = [k for k in KINDS if any(e.kind() == k for e in events)]
    fig = plt.figure(figsize=(WIDTH_IN, 4), dpi=DPI)
    handles, ncol = legend_layout(fig, [Patch(color=KINDS[k][1], label=KINDS[k][0])
                                        for k in present])
    legend_in = 0.27 * -(-len(handles) // ncol)
    header_in, footer_in, left_in = 0.85 + legend_in + 0.15, 0.7, 1.9
    height_in = rows * ROW_IN + header_in + footer_in
    fig.set_size_inches(WIDTH_IN, height_in)

    def from_top(inches):
        return 1 - inches / height_in

    fig.text(0.12 / WIDTH_IN, from_top(0.12), title or f"clpar profile of {process or 'a process'}",
             fontsize=13, fontweight="bold", va="top")
    fig.text(0.12 / WIDTH_IN, from_top(0.45), summary(everything), fontsize=9.5,
             color="#505050", va="top")
    fig.legend(handles=handles, ncol=ncol, loc="upper left", frameon=False, fontsize=9.5,
               bbox_to_anchor=(0.08 / WIDTH_IN, from_top(0.78)), borderaxespad=0,
               handlelength=1.4, columnspacing=1.4)
    ax = fig.add_axes([left_in / WIDTH_IN, footer_in / height_in,
                       (WIDTH_IN - left_in - 0.3) / WIDTH_IN, rows * ROW_IN / height_in])
    ax.set_xlim(x0, x1)
    ax.set_ylim(rows, 0)

    # One broken_barh per kind and row: thousands of calls stay quick to draw.  A bar is at
    # least a pixel and a half wide, so that the shortest calls still show.
    plot_px = ax.get_window_extent().width
    ms_per_px = (x1 - x0) / plot_px
    bars = {}
    for e in events:
        y = lane_top[e.tid] + e.depth
        bars.setdefault((e.kind(), y), []).append(
            (e.start, max(e.end - e.start, 1.5 * ms_per_px)))
    for (kind, y), spans in bars.items():
        # A white edge keeps back-to-back bars apart; it would hide the narrowest ones.
        wide = [s for s in spans if s[1] > 4 * ms_per_px]
        narrow = [s for s in spans if s[1] <= 4 * ms_per_px]
        for group, edge in ((wide, 0.4), (narrow, 0)):
            if group:
                ax.broken_barh(group, (y + 0.08, 0.84), facecolors=KINDS[kind][1],
                               edgecolor="white", linewidth=edge)

    # Names on the bars wide enough for them (cut short with an ellipsis where half fits).
    char_px = 6.2  # an 8-point character's mean width at DPI
    for e in events:
        left, right = max(e.start, x0), min(e.end, x1)
        room = int((right - left) / ms_per_px / char_px) - 1
        text = e.label()
        if room < len(text):
            if room < 8:
                continue
            text = text[:room - 1] + "…"
        kind = e.kind()
        ax.text((left + right) / 2, lane_top[e.tid] + e.depth + 0.5, text, ha="center",
                va="center", fontsize=8, clip_on=True,
                color="white" if kind in DARK else "black")

    # Lanes: a name at the left, a light band behind each.
    names = []
    for t in tids:
        name = threads.get(t) or ("main thread" if t == pid else f"thread {t}")
        names.append((lane_top[t] + depth[t] / 2, name))
        ax.axhspan(lane_top[t], lane_top[t] + depth[t], color="#F4F4F4", zorder=0, lw=0)
    ax.set_yticks([y for y, _ in names], [n for _, n in names], fontsize=10)
    ax.tick_params(axis="y", length=0)
    ax.set_xlabel("time since the first activity (ms)", fontsize=10)
    ax.tick_params(axis="x", labelsize=9)
    ax.grid(axis="x", color="#DDDDDD", lw=0.6)
    ax.set_axisbelow(True)
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)

    fig.savefig(out, dpi=DPI)
    plt.close(fig)


def main(argv):
    parser = argparse.ArgumentParser(
        prog="clpar-timeline",
        description="Draws a CLPAR_PROFILE file as a timeline picture (PNG).")
    parser.add_argument("profile", help="the file CLPAR_PROFILE named")
    parser.add_argument("out", help="the picture to write (.png)")
    parser.add_argument("--title", help="the picture's title (default: the process's name)")
    parser.add_argument("--from", dest="begin", type=float, metavar="MS",
                        help="draw from this time (ms since the first activity)")
    parser.add_argument("--to", dest="end", type=float, metavar="MS",
                        help="draw up to this time (ms since the first activity)")
    args = parser.parse_args(argv[1:])
    try:
        events, threads, process, pid = read_profile(args.profile)
        if not events:
            raise ValueError('no complete events ("ph": "X")')
        draw(events, threads, process, pid, args.out, args.title, args.begin, args.end)
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"clpar-timeline: {args.profile}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
