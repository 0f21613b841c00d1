#!/bin/sh
# faults.sh SERIAL CLPAR FAULT EXPECT
#
# Runs CLPAR (programs/faults.cpp built with clpar++) on the OpenCL device with
# CLPAR_FAULT=FAULT (runtime/device/fault_injection.hpp) and an empty kernel cache, and
# checks that the fault was injected (the trace says "clpar: fault: ...") and that:
#   EXPECT same          the output equals SERIAL's (the failed operations' calls ran on
#                        the host, or the failed read was tried again)
#   EXPECT device_error  the program ended with clpar::device_error naming the memory
#                        (exit code 3: address and size known), and everything it printed
#                        before is the start of SERIAL's output
set -u
. "$(dirname "$0")/fault_outcome.sh"
serial=$1 clpar=$2 fault=$3 expect=$4
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

"$serial" >"$work/expected" || { echo "serial run failed"; exit 1; }
POCL_KERNEL_CACHE=0 CLPAR_CACHE_DIR="$work/kernel-cache" CLPAR_DEVICE=opencl CLPAR_TRACE=1 \
  CLPAR_FAULT="$fault" "$clpar" >"$work/actual" 2>"$work/trace"
status=$?
cat "$work/trace"
if ! grep -q '^clpar: fault: ' "$work/trace"; then
  echo "CLPAR_FAULT=$fault injected nothing"; exit 1
fi
case $expect in
  same)
    if [ $status -ne 0 ]; then echo "exited with $status"; cat "$work/actual"; exit 1; fi
    if ! diff -u "$work/expected" "$work/actual"; then echo "outputs differ"; exit 1; fi ;;
  device_error)
    if ! ended_in_device_error "$status" "$work/expected" "$work/actual"; then
      echo "exited with $status: not a clpar::device_error naming the memory after a correct"
      echo "start of the serial output"
      cat "$work/actual"; exit 1
    fi ;;
  *) echo "unknown expectation $expect"; exit 2 ;;
esac
echo "CLPAR_FAULT=$fault: $expect"
