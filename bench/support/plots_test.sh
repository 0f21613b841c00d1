#!/bin/sh
# bench/support/plots_test.sh BENCH_REPORT RECORDS OUT_DIR PYTHON - the bench.plots test:
# bench_report and plots.py (run by PYTHON) on RECORDS into an emptied OUT_DIR; then
# OUT_DIR/results.md must link all five plots, each a PNG file (check_plots.sh).
set -u
report=$1 records=$2 out=$3 python=$4
support=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out"
mkdir -p "$out" || exit 1
"$report" "$records" "$out/results.md" "$out/results.json" || exit 1
"$python" "$support/plots.py" "$out/results.json" "$out/plots" "$out/results.md" || exit 1
sh "$support/check_plots.sh" "$out/results.md" \
  kernel_vs_hand end_to_end bandwidth openmp_vs_hand auto_vs_best
