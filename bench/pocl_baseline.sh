#!/bin/sh
# bench/pocl_baseline.sh BASELINE_BUILD BUILD OUT_DIR [ROUNDS] [--quick] [--workload NAME]...
#
# The suite's workloads (all, or those named; --quick: small sizes, one call each) on the
# OpenCL CPU device (PoCL) from two builds, one against the other: issue 15's "no workload
# slower than at the baseline on PoCL by more than 10%".
#
# Each round runs bench_suite from BASELINE_BUILD, then from BUILD, one process each,
# CLPAR_DEVICE=opencl-cpu, each with an empty kernel cache of its own and PoCL's cache off
# (alternating processes: the host's noise, which moves a process's times by 10 to 15% on
# a shared 16-core machine, falls on both sides alike).  ROUNDS is 3 by default.  Writes
# OUT_DIR/records.tsv (raw records, variant pocl-baseline or pocl), OUT_DIR/run.log (stderr)
# and OUT_DIR/comparison.md: per workload the best median of each side over the rounds (the
# call's end-to-end time and, in brackets, the kernel's), their ratio, and the rounds' medians.
# The exit status is non-zero when a program fails or any result differs from its
# reference; the ratios are reported, never judged (timings are no test).
#
# A build directory holds bench/bench_suite and, in a carried build, lib/ with
# libclpar_rt.so*.  A baseline build of an older commit, for example 82d42d0:
#
#   git worktree add /tmp/baseline 82d42d0
#   cmake -S /tmp/baseline -B /tmp/baseline-build -G Ninja -DCMAKE_BUILD_TYPE=Release
#   cmake --build /tmp/baseline-build --target bench_workloads
#   bench/pocl_baseline.sh /tmp/baseline-build build /tmp/pocl-vs-82d42d0
set -u
if [ $# -lt 3 ]; then
  echo "usage: $0 BASELINE_BUILD BUILD OUT_DIR [ROUNDS] [--quick] [--workload NAME]..." >&2
  exit 2
fi
baseline=$(cd "$1" && pwd) || exit 2
build=$(cd "$2" && pwd) || exit 2
out=$3
shift 3
rounds=3
options=  # passed to bench_suite: --quick, --workload NAME
while [ $# -gt 0 ]; do
  case $1 in
    --quick) options="$options --quick" ;;
    --workload)
      if [ $# -lt 2 ]; then echo "$0: --workload needs a name" >&2; exit 2; fi
      case $2 in *[!A-Za-z0-9_]* | '') echo "$0: no workload '$2'" >&2; exit 2 ;; esac
      options="$options --workload $2"
      shift ;;
    *[!0-9]* | '') echo "$0: ROUNDS must be a number, not '$1'" >&2; exit 2 ;;
    *) rounds=$1 ;;
  esac
  shift
done
for b in "$baseline" "$build"; do
  if [ ! -x "$b/bench/bench_suite" ]; then
    echo "$0: no $b/bench/bench_suite" >&2
    exit 2
  fi
done
mkdir -p "$out"
records=$out/records.tsv
log=$out/run.log
: >"$records"
: >"$log"
export POCL_KERNEL_CACHE=0 CLPAR_DEVICE=opencl-cpu
status=0

# side LABEL BUILD ROUND - one process of BUILD's suite, its records appended.
side() {
  cache=$out/kernel-cache-$1
  rm -rf "$cache"
  libs=$LD_LIBRARY_PATH_BEFORE
  [ -d "$2/lib" ] && libs="$2/lib${libs:+:$libs}"
  echo "== round $3, $1: $2/bench/bench_suite" >>"$log"
  start=$(date +%s)
  env LD_LIBRARY_PATH="$libs" CLPAR_CACHE_DIR="$cache" "$2/bench/bench_suite" --variant "$1" \
    $options >>"$records" 2>>"$log"
  rc=$?
  echo "bench: round $3, $1: exit $rc after $(($(date +%s) - start)) s" >&2
  [ $rc -eq 0 ] || status=1
  rm -rf "$cache"
}

LD_LIBRARY_PATH_BEFORE=${LD_LIBRARY_PATH:-}
round=1
while [ "$round" -le "$rounds" ]; do
  side pocl-baseline "$baseline" "$round"
  side pocl "$build" "$round"
  round=$((round + 1))
done

# <result> records (bench/support/measure.hpp): $2 workload, $3 size, $4 variant, $6 and $7
# the first call's seconds (end-to-end, kernel), $8 and $9 the medians', $11 the check.
awk -F '\t' -v rounds="$rounds" -v baseline_dir="$baseline" -v build_dir="$build" '
  $1 != "result" { next }
  {
    key = $2 " " $3
    if (!(key in seen)) { seen[key] = 1; order[++n] = key }
    side = ($4 == "pocl-baseline") ? "b" : "n"
    t = $8 > 0 ? $8 : $6  # a run without repeats (--quick) has its first call only
    k = $9 > 0 ? $9 : $7
    runs[side, key] = runs[side, key] (runs[side, key] == "" ? "" : ", ") sprintf("%.2f", t * 1e3)
    if (!((side, key) in best) || t < best[side, key]) best[side, key] = t
    if (k > 0 && (!((side, key) in kernel) || k < kernel[side, key])) kernel[side, key] = k
    if ($11 != "ok") bad[key] = bad[key] " " $4 ":" $11
  }
  function ms(side, key) {
    s = sprintf("%.2f", best[side, key] * 1e3)
    if ((side, key) in kernel) s = s sprintf(" (%.2f)", kernel[side, key] * 1e3)
    return s
  }
  END {
    print "# PoCL: this build against the baseline"
    print ""
    print "Baseline `" baseline_dir "`, this build `" build_dir "`, " rounds \
          " round(s) of alternating processes (CLPAR_DEVICE=opencl-cpu)."
    print "Best median of each side over the rounds in ms, the best kernel median in brackets;"
    print "ratio = this build / baseline (end-to-end), above 1.10 marked."
    print ""
    printf "| workload | baseline ms | this build ms | ratio | baseline rounds |"
    print " this build rounds | check |"
    print "|---|---:|---:|---:|---|---|---|"
    worst = 0
    for (i = 1; i <= n; ++i) {
      key = order[i]
      if (!(("b", key) in best) || !(("n", key) in best)) {
        print "| " key " | missing on one side | | | | | |"
        continue
      }
      ratio = best["b", key] > 0 ? best["n", key] / best["b", key] : 0
      if (ratio > worst) { worst = ratio; worst_key = key }
      sum += log(ratio > 0 ? ratio : 1); ++counted
      print "| " key " | " ms("b", key) " | " ms("n", key) " | " sprintf("%.2f", ratio) \
            (ratio > 1.10 ? " (above 1.10)" : "") " | " runs["b", key] " | " runs["n", key] \
            " | " (key in bad ? "differs:" bad[key] : "ok") " |"
    }
    print ""
    if (counted > 0)
      printf "Geometric mean %.2f; the most %.2f (%s).\n", exp(sum / counted), worst, worst_key
    else
      print "No workload ran on both sides."
  }' "$records" >"$out/comparison.md" || status=1
if awk -F '\t' '$1 == "result" && $11 != "ok" { bad = 1 } END { exit !bad }' "$records"; then
  echo "bench: a result differs from its reference; see $out/comparison.md" >&2
  status=1
fi
echo "bench: $out/comparison.md (exit $status)" >&2
exit $status
