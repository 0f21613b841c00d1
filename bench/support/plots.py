#!/usr/bin/env python3
"""bench/support/plots.py - draws the plots of one suite run from its results.json.

    plots.py RESULTS.json PLOT_DIR [RESULTS.md]

RESULTS.json is what bench_report (bench/support/report.cpp) writes: the records, each
instance's ratios against the aims ("aims"), the aims' values ("targets") and the variants'
titles in table order ("variants").  Draws into PLOT_DIR (created if missing) each of these
that has data in the run, as PNG:

    kernel_vs_hand   clpar GPU kernel time over the hand-written OpenCL and CUDA kernels'
    end_to_end       every variant's end-to-end time per call
    bandwidth        memory-bound GPU kernels' share of the device copy bandwidth
    openmp_vs_hand   clpar OpenMP over the hand-written OpenMP loop (end to end)
    auto_vs_best     clpar auto over the faster of clpar OpenMP and clpar GPU (end to end)

With RESULTS.md, ends it with a Plots section that links them relative to its directory
(replacing the one an earlier run of this script left).  Exit status 1 when a file cannot
be read or written, 3 when matplotlib is missing.
"""
import io
import json
import math
import os
import sys

try:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt
    from matplotlib import ticker
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
except ImportError:
    print(f"plots.py: matplotlib is missing for {sys.executable}; install python3-matplotlib "
          "(Debian) or matplotlib for that Python", file=sys.stderr)
    sys.exit(3)

# A variant's colour, the same in every plot.  Okabe and Ito's palette: its colours stay
# apart for colour-blind readers too.
VARIANT_COLORS = {
    "serial": "#969696",
    "openmp-hand": "#D55E00",
    "clpar-host": "#E69F00",
    "clpar-gpu": "#0072B2",
    "clpar-gpu-cached": "#0072B2",
    "clpar-pocl": "#CC79A7",
    "clpar-auto": "#009E73",
    "opencl-hand": "#56B4E9",
    "cuda-hand": "#3C3C3C",
    "cublas": "#F0E442",
}
PARITY_COLOR, AIM_COLOR, SECOND_AIM_COLOR = "#282828", "#C81E1E", "#7828A0"
MISS_COLOR, LABEL_COLOR, STRIPE_COLOR = "#B01818", "#404040", "#F2F2F2"

WIDTH_IN = 8.6  # the plot area; category labels and value labels come on top
DPI = 120
NICE_RATIOS = [0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100]


class Series:
    """One bar per category: values[i] (None: no bar) labelled label(i, value)."""

    def __init__(self, name, color, values, label):
        self.name, self.color, self.values, self.label = name, color, values, label


class Reference:
    """A dashed vertical line at value, named in the legend."""

    def __init__(self, value, name, color):
        self.value, self.name, self.color = value, name, color


def drawn(v):
    return v is not None and v > 0 and math.isfinite(v)


def geomean(values):
    values = [v for v in values if drawn(v)]
    return math.exp(sum(map(math.log, values)) / len(values)) if values else None


def ratio_text(v, aim):
    return f"{v:.2f}×" + (" miss" if v > aim else "")


def time_text(ms):
    """Three significant digits or so, as the tables print them."""
    return f"{ms:.{0 if ms >= 100 else 1 if ms >= 10 else 2 if ms >= 1 else 3}f}"


def bar_chart(path, title, note, axis_label, categories, series, references=(), mean=False,
              scale="ratio", bar_in=0.2):
    """Horizontal grouped bars, one row per category that has a bar, top down; with `mean`
    a last row of each series' geometric mean.  The value axis by `scale`: "ratio" (log,
    ticks 0.5×, 1×, 2×...), "ms" (log) or "share" (linear from 0%).  False when there is
    nothing to draw."""
    rows = [i for i, _ in enumerate(categories) if any(drawn(s.values[i]) for s in series)]
    series = [s for s in series if any(drawn(s.values[i]) for i in rows)]
    if not rows:
        return False
    names = [categories[i] for i in rows]
    values = [[s.values[i] for i in rows] for s in series]
    labels = [[s.label(i, s.values[i]) if drawn(s.values[i]) else "" for i in rows]
              for s in series]
    with_mean = mean and len(rows) > 1
    if with_mean:
        names.append("geometric mean")
        for j, s in enumerate(series):
            g = geomean(values[j])
            values[j].append(g)
            labels[j].append(s.label(None, g) if drawn(g) else "")

    n = len(series)
    row_in = n * bar_in + 0.22
    plot_in = len(names) * row_in
    fig = plt.figure(figsize=(WIDTH_IN, plot_in), dpi=DPI)
    ax = fig.add_axes([0, 0, 1, 1])
    bar = 1.0 / (n + 0.22 / bar_in)  # bar thickness in row units

    for i in range(len(names)):
        if i % 2 == 0:
            ax.axhspan(i - 0.5, i + 0.5, color=STRIPE_COLOR, zorder=0, lw=0)
    label_size = 7.5 if bar_in < 0.16 else 9
    for j, s in enumerate(series):
        offset = (j - (n - 1) / 2) * bar
        ys = [i + offset for i in range(len(names))]
        widths = [v if drawn(v) else 0 for v in values[j]]
        ax.barh(ys, widths, height=bar * 0.9, color=s.color, zorder=2)
        for i, (y, v, text) in enumerate(zip(ys, values[j], labels[j])):
            if not text:
                continue
            # On the row's colour, so that a reference line does not cross it.
            box = {"boxstyle": "square,pad=0.1", "lw": 0,
                   "fc": STRIPE_COLOR if i % 2 == 0 else "white"} if references else None
            ax.annotate(text, (v, y), xytext=(3, 0), textcoords="offset points", va="center",
                        ha="left", fontsize=label_size, zorder=4, bbox=box,
                        color=MISS_COLOR if "miss" in text or "FAIL" in text else LABEL_COLOR,
                        annotation_clip=False)
    for r in references:
        ax.axvline(r.value, color=r.color, ls=(0, (4, 3)), lw=1.4, zorder=3)

    everything = [v for row in values for v in row if drawn(v)] + [r.value for r in references]
    if scale == "share":
        lo, hi = 0, max(everything) * 1.25
        ax.xaxis.set_major_formatter(ticker.FuncFormatter(lambda f, _: f"{100 * f:.0f}%"))
    else:
        ax.set_xscale("log")
        lo, hi = min(everything) / 1.3, max(everything) * 1.6
        ax.xaxis.set_major_formatter(ticker.FuncFormatter(
            lambda v, _: f"{v:g}×" if scale == "ratio" else f"{v:g}"))
    if scale == "ratio":
        ax.xaxis.set_major_locator(ticker.FixedLocator(
            [t for t in NICE_RATIOS if lo <= t <= hi]))
        ax.xaxis.set_minor_locator(ticker.NullLocator())
    ax.set_xlim(lo, hi)
    ax.grid(axis="x", which="major", color="#D0D0D0", lw=0.8, zorder=1)
    ax.grid(axis="x", which="minor", color="#E8E8E8", lw=0.5, zorder=1)
    ax.set_axisbelow(True)

    ax.set_ylim(len(names) - 0.5, -0.5)
    ax.set_yticks(range(len(names)), names, fontsize=10)
    ax.tick_params(axis="y", length=0, pad=6)
    ax.tick_params(axis="x", labelsize=9.5)
    if with_mean:
        ax.get_yticklabels()[-1].set_fontweight("bold")
        ax.axhline(len(names) - 1.5, color="#808080", lw=0.8, zorder=3)
    tall = plot_in > 9
    if tall:  # tick labels over the plot too: its top is far from the axis below
        ax.tick_params(axis="x", top=True, labeltop=True)
    for side in ("right", "top"):
        ax.spines[side].set_visible(False)
    ax.set_xlabel(axis_label, fontsize=10.5, labelpad=8)

    # Over the plot, bottom up: the legend, the note, the title, left-aligned with the
    # category labels.  Measured once drawn, in pixels.
    handles = [Patch(color=s.color, label=s.name) for s in series]
    handles += [Line2D([], [], color=r.color, ls=(0, (4, 3)), lw=1.4, label=r.name)
                for r in references]
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    left = min(t.get_window_extent(renderer).x0 for t in ax.get_yticklabels())
    top = ax.get_window_extent(renderer).y1
    if tall:
        top = max(t.get_window_extent(renderer).y1 for t in ax.get_xticklabels()
                  if t.get_text())

    def at(x, y):  # pixels to figure coordinates, which the saved picture's crop keeps
        return tuple(fig.transFigure.inverted().transform((x, y)))

    # The legend in as few rows as fit over the plot, read left to right.
    room = ax.get_window_extent(renderer).x1 - left
    for lines in range(1, len(handles) + 1):
        ncols = -(-len(handles) // lines)
        columns = [handles[k::ncols] for k in range(ncols)]  # filled column by column
        legend = fig.legend(handles=[h for c in columns for h in c], loc="lower left",
                            frameon=False, fontsize=10, ncol=ncols,
                            bbox_to_anchor=at(left, top + 8), borderaxespad=0,
                            handlelength=1.8, columnspacing=1.5)
        fig.canvas.draw()
        if legend.get_window_extent(renderer).width <= room or ncols == 1:
            break
        legend.remove()
    note_text = fig.text(*at(left, legend.get_window_extent(renderer).y1 + 8), note,
                         fontsize=9.5, color="#505050", va="bottom", ha="left")
    fig.canvas.draw()
    fig.text(*at(left, note_text.get_window_extent(renderer).y1 + 6), title, fontsize=14,
             fontweight="bold", va="bottom", ha="left")
    save(fig, path)
    plt.close(fig)
    return True


def save(fig, path):
    """As PNG with a palette where Pillow is (matplotlib's own dependency): a third of
    the size, no visible change for flat colours and text."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI, bbox_inches="tight", pad_inches=0.15)
    try:
        from PIL import Image
    except ImportError:
        with open(path, "wb") as f:
            f.write(buffer.getvalue())
        return
    buffer.seek(0)
    with Image.open(buffer) as image:
        image.convert("RGB").quantize(256, dither=Image.Dither.NONE).save(path, optimize=True)


def instance_name(a):
    return f"{a['workload']} {a['size']}"


def plots_of(run):
    """The plots' drawing functions, each with its file name and title."""
    aims, targets = run["aims"], run["targets"]
    categories = [instance_name(a) for a in aims]
    results = {(r["workload"], r["size"], r["variant"]): r for r in run["results"]}

    def find(i, variant):
        return results.get((aims[i]["workload"], aims[i]["size"], variant))

    def notes(r):
        """Where auto or a device variant ran, and a failed check, as the tables show."""
        n = ""
        if r["variant"] in ("clpar-gpu", "clpar-pocl") and r["where"] != "device":
            n += f" ({r['where']})"
        if r["variant"] == "clpar-auto":
            n += " (dev)" if r["where"] == "device" else f" ({r['where']})"
        return n + ("" if r["check"] else " FAIL")

    def aim_series(name, color, field, extra=None):
        aim = targets[field]

        def label(i, v):
            return ratio_text(v, aim) + (extra(i) if extra and i is not None else "")
        return Series(name, color, [a[field] for a in aims], label)

    def parity(text):
        return Reference(1.0, text, PARITY_COLOR)

    def kernel_vs_hand(path, title):
        ocl, cuda = targets["gpu_kernel_vs_opencl_hand"], targets["gpu_kernel_vs_cuda_hand"]
        return bar_chart(
            path, title,
            "Median kernel time per call (OpenCL profiling, CUDA events); "
            f"aims {ocl:g}× (OpenCL) and {cuda:g}× (CUDA); miss: above its aim.",
            "clpar GPU kernel time ÷ hand-written kernel time (log scale; lower is better)",
            categories,
            [aim_series("clpar GPU ÷ OpenCL, hand", VARIANT_COLORS["opencl-hand"],
                        "gpu_kernel_vs_opencl_hand"),
             aim_series("clpar GPU ÷ CUDA, hand", VARIANT_COLORS["cuda-hand"],
                        "gpu_kernel_vs_cuda_hand")],
            [parity("1×: as fast as hand-written"),
             Reference(ocl, f"aim against OpenCL, {ocl:g}×", AIM_COLOR),
             Reference(cuda, f"aim against CUDA, {cuda:g}×", SECOND_AIM_COLOR)],
            mean=True, bar_in=0.17)

    def end_to_end(path, title):
        series = []
        for v in run["variants"]:
            if v["first_call_only"]:
                continue

            def value(i, variant=v["id"]):
                r = find(i, variant)
                if r is None:
                    return None
                t = r["median_s"] if r["median_s"] is not None else r["cold_s"]
                return t * 1e3 if t is not None else None

            def label(i, ms, variant=v["id"]):
                return time_text(ms) + notes(find(i, variant))
            series.append(Series(v["title"], VARIANT_COLORS.get(v["id"], "#3C3C3C"),
                                 [value(i) for i in range(len(aims))], label))
        return bar_chart(
            path, title,
            "Median over the warm calls (the first call where there are none); copies in "
            "and out included; (dev)/(host)/(mixed): where auto ran it.",
            "time per call, ms (log scale; shorter is faster)", categories, series,
            scale="ms", bar_in=0.11)

    def bandwidth(path, title):
        aim = targets["gpu_fraction_of_copy_bandwidth"]
        copy = next((l["value"] for l in run["limits"] if l["name"] == "device copy bandwidth"),
                    None)

        def label(i, f):
            return (f"{100 * f:.0f}%" + (" miss" if f < aim else "") +
                    (f" ({aims[i]['gpu_kernel_gb_per_s']:.0f} GB/s)" if i is not None else ""))
        return bar_chart(
            path, title,
            "Least traffic per call over the median kernel time, against the device copy "
            "bandwidth measured in this run" + (f" ({copy:.0f} GB/s)" if copy else "") +
            "; miss: under the aim.",
            "share of the device copy bandwidth (higher is better)", categories,
            [Series("clpar GPU kernel", VARIANT_COLORS["clpar-gpu"],
                    [a["gpu_fraction_of_copy_bandwidth"] for a in aims], label)],
            [Reference(aim, f"aim {100 * aim:.0f}%", AIM_COLOR)], scale="share", bar_in=0.26)

    def openmp_vs_hand(path, title):
        aim = targets["openmp_vs_hand"]
        return bar_chart(
            path, title,
            "End-to-end medians; the same loop nest with #pragma omp parallel for; "
            "miss: above the aim.",
            "clpar OpenMP time ÷ hand-written OpenMP time (log scale; lower is better)",
            categories,
            [aim_series("clpar OpenMP ÷ OpenMP, hand", VARIANT_COLORS["clpar-host"],
                        "openmp_vs_hand")],
            [parity("1×: as fast as hand-written"), Reference(aim, f"aim {aim:g}×", AIM_COLOR)],
            mean=True, bar_in=0.26)

    def auto_vs_best(path, title):
        field = "auto_vs_faster_of_openmp_and_gpu"
        aim = targets[field]

        def where(i):
            r = find(i, "clpar-auto")
            return notes(r) if r else ""
        return bar_chart(
            path, title,
            "End-to-end medians; (dev)/(host)/(mixed): where auto ran it; miss: above the aim.",
            "clpar auto time ÷ the faster variant's time (log scale; lower is better)",
            categories,
            [aim_series("clpar auto ÷ faster of clpar OpenMP, clpar GPU",
                        VARIANT_COLORS["clpar-auto"], field, where)],
            [parity("1×: as fast as the faster"), Reference(aim, f"aim {aim:g}×", AIM_COLOR)],
            mean=True, bar_in=0.26)

    return [
        ("kernel_vs_hand", "clpar GPU kernel time / hand-written kernel time", kernel_vs_hand),
        ("end_to_end", "End-to-end time per call, median (ms)", end_to_end),
        ("bandwidth", "Memory-bound GPU kernels: share of the copy bandwidth", bandwidth),
        ("openmp_vs_hand", "clpar OpenMP / hand-written OpenMP loop", openmp_vs_hand),
        ("auto_vs_best", "clpar auto / the faster of clpar OpenMP and clpar GPU", auto_vs_best),
    ]


def plots_section(drawn_plots, plot_dir, md_path):
    """The markdown that links the plots, relative to md_path's directory."""
    link = os.path.relpath(plot_dir, os.path.dirname(os.path.abspath(md_path)))
    text = "\n### Plots\n"
    for file, title in drawn_plots:
        target = file if link == "." else f"{link}/{file}".replace(os.sep, "/")
        text += f"\n![{title}]({target})\n"
    return text


def main(argv):
    if len(argv) not in (3, 4):
        print("usage: plots.py RESULTS.json PLOT_DIR [RESULTS.md]", file=sys.stderr)
        return 2
    json_path, plot_dir = argv[1], argv[2]
    md_path = argv[3] if len(argv) == 4 else None
    try:
        with open(json_path, encoding="utf-8") as f:
            run = json.load(f)
        os.makedirs(plot_dir, exist_ok=True)
        drawn_plots = []
        for file, title, draw in plots_of(run):
            png = file + ".png"
            if draw(os.path.join(plot_dir, png), title):
                drawn_plots.append((png, title))
        if md_path:
            with open(md_path, encoding="utf-8") as f:
                md = f.read()
            cut = md.find("\n### Plots\n")  # a section an earlier run appended
            if cut >= 0:
                md = md[:cut]
            if drawn_plots:
                md += plots_section(drawn_plots, plot_dir, md_path)
            with open(md_path, "w", encoding="utf-8") as f:
                f.write(md)
    except (OSError, ValueError, KeyError) as e:
        print(f"plots.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
