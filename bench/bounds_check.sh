#!/bin/sh
# bench/bounds_check.sh BUILD_DIR [REPEAT] [SCALE] - kernel time with and without bounds
# checks, side by side in one run, on the device CLPAR_DEVICE names (default: opencl).
set -eu
build=${1:-build}
repeat=${2:-15}
scale=${3:-1}
export CLPAR_DEVICE=${CLPAR_DEVICE:-opencl}
"$build/bench/bounds_check_checked" "$repeat" "$scale" > /tmp/clpar-bench-checked.txt
"$build/bench/bounds_check_unchecked" "$repeat" "$scale" > /tmp/clpar-bench-unchecked.txt
echo "| workload | kernel us, checked | kernel us, unchecked | cost of checks |"
echo "|---|---:|---:|---:|"
paste -d'|' /tmp/clpar-bench-checked.txt /tmp/clpar-bench-unchecked.txt | tail -n +2 |
awk -F'|' '{
  n = split($1, a, "  +"); m = split($2, b, "  +");
  ck = a[n-1]; un = b[m-1];
  printf("| %s | %.1f | %.1f | %+.1f%% |\n", a[1], ck, un, (ck / un - 1) * 100);
}'
