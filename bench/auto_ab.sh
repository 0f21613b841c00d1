#!/bin/sh
# bench/auto_ab.sh OLD_BUILD NEW_BUILD OUT_DIR [ROUNDS] - auto against the faster variant,
# two builds side by side on one machine.
#
# Each BUILD holds bench/bench_suite, bench/bench_report and (in a carried build) lib/ with
# libclpar_rt.so*.  Per build, with a kernel cache of its own: the host variant once, then
# per round the GPU variant (which stores the kernels and the calibration) and auto; prints
# bench_report's "auto / faster" geometric mean for each build and round.  Records:
# OUT_DIR/<old|new>-<round>.tsv.
set -u
if [ $# -lt 3 ]; then
  echo "usage: $0 OLD_BUILD NEW_BUILD OUT_DIR [ROUNDS]" >&2
  exit 2
fi
out=$3
rounds=${4:-2}
mkdir -p "$out"
export POCL_KERNEL_CACHE=0
for v in old new; do
  [ $v = old ] && build=$(cd "$1" && pwd) || build=$(cd "$2" && pwd)
  export CLPAR_CACHE_DIR="$out/$v-kernel-cache" CUDA_CACHE_PATH="$out/$v-cuda-cache"
  rm -rf "$CLPAR_CACHE_DIR" "$CUDA_CACHE_PATH"
  (
    [ -d "$build/lib" ] && export LD_LIBRARY_PATH="$build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    CLPAR_DEVICE=host "$build/bench/bench_suite" --variant clpar-host >"$out/$v-host.tsv" 2>/dev/null
    round=1
    while [ $round -le "$rounds" ]; do
      records=$out/$v-$round.tsv
      cp "$out/$v-host.tsv" "$records"
      CLPAR_DEVICE=opencl-gpu "$build/bench/bench_suite" --variant clpar-gpu-cached \
        >>"$records" 2>/dev/null
      CLPAR_DEVICE=auto "$build/bench/bench_suite" --variant clpar-auto >>"$records" 2>/dev/null
      "$build/bench/bench_report" "$records" "$out/$v-$round.md" "$out/$v-$round.json" >/dev/null
      echo "$v round $round: auto / faster $(grep '^| geometric mean' "$out/$v-$round.md" |
                                             awk -F'|' '{print $(NF-1)}')"
      round=$((round + 1))
    done
  )
done
