#!/bin/sh
# shared_devices.sh PROGRAM [REPEAT]
#
# PROGRAM is bench/shared_devices (built with clpar++).  Runs it on one device
# (CLPAR_DEVICE=$ONE, opencl-gpu unless set), shared out over every usable device
# (CLPAR_DEVICE=all) and under auto (which weighs the two ways per loop), side by side, and
# prints each workload's time per call and the one-device time over the others (above 1:
# faster than one device).  Each run starts with an empty kernel cache of its own.  The devices
# are those OpenCL lists: to share over the GPUs alone, leave the CPU platform out of the
# ICD loader's list (OCL_ICD_FILENAMES).
set -eu
program=$1 repeat=${2:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
one=${ONE:-opencl-gpu}
CLPAR_CACHE_DIR="$work/one" CLPAR_DEVICE=$one "$program" "$repeat" >"$work/one.txt"
CLPAR_CACHE_DIR="$work/shared" CLPAR_DEVICE=all CLPAR_TRACE=1 "$program" "$repeat" \
  >"$work/shared.txt" 2>"$work/shared.trace"
CLPAR_CACHE_DIR="$work/auto" CLPAR_DEVICE=auto CLPAR_TRACE=1 "$program" "$repeat" \
  >"$work/auto.txt" 2>"$work/auto.trace"
echo "one device: CLPAR_DEVICE=$one; shared: CLPAR_DEVICE=all; auto: weighed per loop"
awk 'FILENAME ~ /one.txt/ { one[$1] = $3; n[$1] = $2; next }
     FILENAME ~ /shared.txt/ { shared[$1] = $3; next }
     { printf "%-8s %-8s one %9.3f ms  shared %9.3f ms (%5.2fx)  auto %9.3f ms (%5.2fx)\n",
              $1, n[$1], one[$1], shared[$1], one[$1] / shared[$1], $3, one[$1] / $3 }' \
  "$work/one.txt" "$work/shared.txt" "$work/auto.txt"
echo "shared: each site's last call"
grep '^clpar: .*shared_devices.cpp:[0-9]*:[0-9]* .*%' "$work/shared.trace" |
  awk '{ site = $2; last[site] = $0 } END { for (s in last) print last[s] }' |
  sed 's/^clpar: .*shared_devices.cpp:\([0-9]*\):[0-9]* \(n=[0-9]*\) -> \(.*\) (CLPAR_DEVICE=all.*$/  line \1 \2: \3/' |
  sort
echo "auto: each site's last call"
grep '^clpar: .*shared_devices.cpp:[0-9]*:[0-9]* ' "$work/auto.trace" |
  awk '{ site = $2; last[site] = $0 } END { for (s in last) print last[s] }' |
  sed 's/^clpar: .*shared_devices.cpp:\([0-9]*\):[0-9]* \(n=[0-9]*\) -> /  line \1 \2: /' | sort
