#!/bin/sh
# fault_sweep.sh SERIAL CLPAR
#
# Every fault point of programs/faults.cpp: for each kind of CLPAR_FAULT
# (runtime/device/fault_injection.hpp) and N = 1, 2, ... until the program makes no Nth
# operation of that kind, runs CLPAR on the OpenCL device with CLPAR_FAULT=KIND:N and checks
# the outcome SPEC 5 allows:
#   build, alloc, enqueue, write, read,  the serial build's output, exit 0 (a failed read
#   group                                is tried again; a refused work-group makes the
#                                        site's later calls take the general form)
#   device-lost                          the serial build's output, or clpar::device_error
#                                        naming the memory (exit 3) after a correct start of
#                                        the serial build's output
# The device is FAULT_DEVICE's CLPAR_DEVICE value (opencl unless set; opencl-gpu on a GPU
# machine).  Kernels are built once into a shared cache for every kind but build, whose runs each start
# with an empty cache.  Prints how many points each kind had and how they ended.
set -u
. "$(dirname "$0")/fault_outcome.sh"
serial=$1 clpar=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
export POCL_KERNEL_CACHE=0 CLPAR_DEVICE=${FAULT_DEVICE:-opencl}
"$serial" >"$work/expected" || { echo "serial run failed"; exit 1; }
CLPAR_CACHE_DIR="$work/warm" "$clpar" >/dev/null 2>&1 || { echo "warm-up run failed"; exit 1; }

failures=0
for kind in build alloc enqueue read write device-lost group; do
  same=0 lost=0 n=1
  while [ $n -le 500 ]; do
    cache="$work/warm"
    [ $kind = build ] && cache="$work/cold-$n"
    CLPAR_CACHE_DIR="$cache" CLPAR_TRACE=1 CLPAR_FAULT=$kind:$n "$clpar" >"$work/actual" \
      2>"$work/trace"
    status=$?
    grep -q '^clpar: fault: ' "$work/trace" || break
    if [ $status -eq 0 ] && cmp -s "$work/expected" "$work/actual"; then
      same=$((same + 1))
    elif [ $kind = device-lost ] &&
         ended_in_device_error "$status" "$work/expected" "$work/actual"; then
      lost=$((lost + 1))
    else
      echo "FAIL: CLPAR_FAULT=$kind:$n exited with $status:"
      diff -u "$work/expected" "$work/actual" | head -20
      tail -n 20 "$work/trace"
      failures=$((failures + 1))
    fi
    n=$((n + 1))
  done
  echo "$kind: $((n - 1)) fault points, $same ended with the serial output, $lost in device_error"
  [ $n -gt 1 ] || { echo "FAIL: no $kind operation to fail"; failures=$((failures + 1)); }
done
[ $failures -eq 0 ]
