#!/bin/sh
# background_start.sh SERIAL CLPAR
#
# auto starts OpenCL and builds kernels on a background thread while calls run on the host
# (runtime/device/background_start.hpp), with PoCL as auto's device (CLPAR_AUTO_DEVICES=all):
#   1. a program that ends before the device is ready: its calls ran on the host while
#      OpenCL started, it exits with status 0 and its output is the serial build's
#   2. a program that ends while its kernel builds in the background (the calibration
#      already in the cache, a new build option each run so the kernel builds anew): the
#      same, five times (LLVM's exit handlers ran under PoCL's compiler before exit waited)
#   3. the device failing to start: no OpenCL platform, and a platform without devices
#      (POCL_DEVICES names none): every call on the host, with the reason
#   4. CLPAR_AUTO_START=wait: the first call waits for OpenCL and is decided as before
set -u
serial=$1 clpar=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
cache="$work/cache"

fail() { echo "FAIL: $*"; [ -f "$work/trace" ] && cat "$work/trace"; exit 1; }

# run CALLS SLEEP_MS [VAR=value...]: the clpar build under auto, trace in $work/trace
run() {
  calls=$1 sleep_ms=$2
  shift 2
  "$serial" "$calls" 0 >"$work/expected" || fail "serial run"
  env -u CLPAR_DEVICE POCL_KERNEL_CACHE=0 CLPAR_AUTO_DEVICES=all CLPAR_TRACE=1 \
    CLPAR_CACHE_DIR="$cache" "$@" "$clpar" "$calls" "$sleep_ms" >"$work/actual" \
    2>"$work/trace" || fail "clpar run exited with $?"
  diff -u "$work/expected" "$work/actual" || fail "outputs differ"
}

run 1 0
grep -q -- '-> host (auto: OpenCL is starting in the background)' "$work/trace" ||
  fail "1: the first call did not run on the host while OpenCL started"
echo "1: ended before the device was ready"

run 1 0 CLPAR_AUTO_START=wait  # stores the calibration
for i in 1 2 3 4 5; do
  run 3 100 CLPAR_CL_BUILD_OPTIONS="-D CLPAR_BACKGROUND_TEST=$i"
  grep -q 'calibration of .* read from the cache' "$work/trace" || fail "2: calibration not cached"
  grep -q -- '-> host (auto: the kernel is building in the background)' "$work/trace" ||
    fail "2.$i: no call ran on the host while the kernel built"
done
echo "2: ended while kernels built, five times"

mkdir "$work/no-vendors"
# In the background, a call sees the failed start only if the start ends before it (the
# machine's load decides); the start's own warning is always printed, and with
# CLPAR_AUTO_START=wait every call gives the reason.
no_platform="OCL_ICD_VENDORS=$work/no-vendors"
for failure in "$no_platform:no OpenCL platform" "POCL_DEVICES=none:no OpenCL device"; do
  variable=${failure%%:*} why=${failure#*:}
  run 2 50 "$variable"
  grep -q -- "^clpar: warning: $why; calls run on the host" "$work/trace" ||
    fail "3: the background start did not say '$why'"
  if grep '^clpar: .* n=' "$work/trace" | grep -v -q -- '-> host'; then fail "3: a call left the host"; fi
  run 2 0 "$variable" CLPAR_AUTO_START=wait
  [ "$(grep -c -- "-> host ($why)" "$work/trace")" -eq 2 ] ||
    fail "3: with CLPAR_AUTO_START=wait, not every call says '$why'"
done
echo "3: a device that fails to start leaves every call on the host"

run 1 0 CLPAR_AUTO_START=wait CLPAR_CL_BUILD_OPTIONS="-D CLPAR_BACKGROUND_TEST=wait"
grep -q 'starting in the background\|building in the background' "$work/trace" &&
  fail "4: CLPAR_AUTO_START=wait, yet the call did not wait"
grep -q 'built from source' "$work/trace" || fail "4: the call did not build its kernel"
echo "4: CLPAR_AUTO_START=wait builds at the call"
