#!/bin/sh
# transfers.sh CLPAR TO_DEVICE TO_HOST
#
# Fails unless CLPAR (a program built with clpar++), run on the OpenCL device with
# CLPAR_TRACE=1, reports exactly TO_DEVICE transfers to the device and TO_HOST to the host
# in its trace's "clpar: transfers in total" line: data that stays on the device between
# regions (SPEC 1.5) shows as fewer transfers than region calls.
set -u
clpar=$1 want_device=$2 want_host=$3
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
CLPAR_DEVICE=opencl CLPAR_TRACE=1 POCL_KERNEL_CACHE=0 CLPAR_CACHE_DIR="$work/kernel-cache" \
  "$clpar" >/dev/null 2>"$work/trace" || { echo "$clpar failed"; cat "$work/trace"; exit 1; }
total=$(grep '^clpar: transfers in total: ' "$work/trace")
echo "$total"
got_device=$(echo "$total" | sed -n 's/.*to device \([0-9]*\) .*/\1/p')
got_host=$(echo "$total" | sed -n 's/.*to host \([0-9]*\) .*/\1/p')
if [ "$got_device" != "$want_device" ] || [ "$got_host" != "$want_host" ]; then
  echo "error: $want_device transfers to the device and $want_host to the host expected"
  grep '^clpar: transfers' "$work/trace"
  exit 1
fi
