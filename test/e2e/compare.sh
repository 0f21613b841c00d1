#!/bin/sh
# compare.sh MODE SERIAL CLPAR [expect-device]
#
# Runs SERIAL (the program built with the plain compiler and the header alone) and CLPAR
# (the same program built with clpar++) and fails unless their outputs are identical.
#   MODE host      CLPAR_DEVICE=host: the OpenMP variants
#   MODE opencl    CLPAR_DEVICE=opencl: the OpenCL device (PoCL here); with expect-device,
#                  also fails if any region call ran on the host (a silent fallback)
#   MODE gpu, cpu  CLPAR_DEVICE=opencl-gpu, opencl-cpu: an OpenCL GPU or CPU device (on a
#                  machine with both, as the GPU machine is); as opencl otherwise
#   MODE oclgrind  CLPAR_DEVICE=opencl under oclgrind; fails if its log is not empty
#   MODE shared    CLPAR_DEVICE=all over two PoCL devices (POCL_DEVICES="pthread pthread"):
#                  every call that can be shared out is (launch/shared_call.hpp); fails
#                  unless some call was
#   MODE auto      CLPAR_DEVICE unset, CLPAR_AUTO_DEVICES=all (PoCL is a candidate) and
#                  CLPAR_AUTO_START=wait (the cost model decides from the first call): fails
#                  if a site tries a variant for measurement more than once, or if no call
#                  was decided by predictions
#   MODE auto-results  as auto, but only the outputs are compared (threads that make a
#                  site's first calls at once may each try a variant), and at least one call
#                  must have run on each side
# In every mode but host, a kernel that fails to build fails the test.
# Each run starts with an empty kernel cache of its own (CLPAR_CACHE_DIR).  With
# E2E_EXPECT_TRACE set, the run's trace must contain that text (e.g. a kernel form's build
# option).  With E2E_COMPARE set, that command (given the expected and the actual output)
# decides whether the outputs agree instead of an exact diff (the generated programs'
# tolerance for floating point, test/generated/compare.py).
set -u
mode=$1 serial=$2 clpar=$3 expect_device=${4:-}
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

"$serial" >"$work/expected" 2>"$work/serial.err" || { echo "serial run failed"; cat "$work/serial.err"; exit 1; }
export POCL_KERNEL_CACHE=0
export CLPAR_CACHE_DIR="$work/kernel-cache"
case $mode in
  host) CLPAR_DEVICE=host CLPAR_TRACE=1 "$clpar" >"$work/actual" 2>"$work/trace" ;;
  opencl) CLPAR_DEVICE=opencl CLPAR_TRACE=1 "$clpar" >"$work/actual" 2>"$work/trace" ;;
  gpu) CLPAR_DEVICE=opencl-gpu CLPAR_TRACE=1 "$clpar" >"$work/actual" 2>"$work/trace" ;;
  cpu) CLPAR_DEVICE=opencl-cpu CLPAR_TRACE=1 "$clpar" >"$work/actual" 2>"$work/trace" ;;
  shared) POCL_DEVICES="pthread pthread" CLPAR_DEVICE=all CLPAR_TRACE=1 "$clpar" >"$work/actual" \
            2>"$work/trace" ;;
  oclgrind) CLPAR_DEVICE=opencl CLPAR_TRACE=1 oclgrind --log "$work/oclgrind.log" "$clpar" \
              >"$work/actual" 2>"$work/trace" ;;
  auto|auto-results) env -u CLPAR_DEVICE CLPAR_AUTO_DEVICES=all CLPAR_AUTO_START=wait CLPAR_TRACE=1 "$clpar" >"$work/actual" \
          2>"$work/trace" ;;
  *) echo "unknown mode $mode"; exit 2 ;;
esac
status=$?
cat "$work/trace"
if [ $status -ne 0 ]; then echo "clpar build exited with $status"; exit 1; fi
if [ -n "${E2E_COMPARE:-}" ]; then
  if ! $E2E_COMPARE "$work/expected" "$work/actual"; then echo "outputs disagree"; exit 1; fi
elif ! diff -u "$work/expected" "$work/actual"; then echo "outputs differ"; exit 1; fi
# E2E_EXPECT_TRACE_IF_BUILT (a word of the kernels' source, found in the program's binary,
# or with E2E_KERNEL_DIR, clpar++'s --keep-generated folder, in the OpenCL C of the kernels
# the trace says the run built): the trace must show E2E_EXPECT_TRACE only where some such
# kernel has it (a generated batch whose loops have no split form, or only loops kept on
# the host, say).  With E2E_KERNEL_DIR, a kernel whose OpenCL C also has the word
# E2E_UNLESS_BUILT (a form forced too that takes precedence: a product's tiles over its
# split form) does not count.
if [ -n "${E2E_EXPECT_TRACE_IF_BUILT:-}" ]; then
  built=
  if [ -n "${E2E_KERNEL_DIR:-}" ]; then
    for kernel in $(sed -n "s/^clpar: kernel '\([^']*\)' on .*/\1/p" "$work/trace" | sort -u); do
      source=$E2E_KERNEL_DIR/$kernel.cl
      grep -q -e "$E2E_EXPECT_TRACE_IF_BUILT" "$source" 2>/dev/null || continue
      [ -n "${E2E_UNLESS_BUILT:-}" ] && grep -q -e "$E2E_UNLESS_BUILT" "$source" && continue
      built=1
    done
  elif grep -q -a -e "$E2E_EXPECT_TRACE_IF_BUILT" "$clpar"; then
    built=1
  fi
  [ -n "$built" ] || E2E_EXPECT_TRACE=
fi
if [ -n "${E2E_EXPECT_TRACE:-}" ] && ! grep -q -e "$E2E_EXPECT_TRACE" "$work/trace"; then
  echo "the trace lacks '$E2E_EXPECT_TRACE'"; exit 1
fi
if [ "$mode" = oclgrind ] && [ -s "$work/oclgrind.log" ]; then
  echo "oclgrind reported:"; cat "$work/oclgrind.log"; exit 1
fi
# A kernel that does not build falls back to the host, whose outputs agree: a translator
# bug all the same, which no comparison of outputs would show.
if [ "$mode" != host ] && grep -q "^clpar: build log of kernel" "$work/trace"; then
  echo "a kernel failed to build"; exit 1
fi
# A kernel oclgrind cannot run falls back to another form or the host: not tested then.
if [ "$mode" = oclgrind ] && grep -q 'OCLGRIND FATAL ERROR' "$work/trace"; then
  echo "oclgrind could not run a kernel"; exit 1
fi
if [ "$mode" != host ] && [ -n "$expect_device" ]; then
  if ! grep -q '^clpar: ' "$work/trace"; then echo "no region calls traced"; exit 1; fi
  # A loop the program itself placed with .on(clpar::host) is no silent fallback.
  if grep '^clpar: ' "$work/trace" | grep -v -e '(nothing to do)' -e '(\.on(clpar::host))' |
       grep -q -- '-> host'; then
    echo "a region ran on the host although it should have run on the OpenCL device"; exit 1
  fi
fi
if [ "$mode" = host ] && grep '^clpar: ' "$work/trace" | grep -v -q -- '-> host'; then
  echo "CLPAR_DEVICE=host, yet a region ran elsewhere"; exit 1
fi
if [ "$mode" = shared ] && ! grep -q '^clpar: .* -> [0-9]*:[0-9]* .*%, [0-9]*:[0-9]* ' "$work/trace"; then
  echo "no call was shared out over the two devices"; exit 1
fi
if [ "$mode" = auto-results ]; then
  if ! grep '^clpar: ' "$work/trace" | grep -q -- '-> host'; then echo "no call ran on the host"; exit 1; fi
  if ! grep '^clpar: .* -> ' "$work/trace" | grep -v -q -- '-> host'; then
    echo "no call ran on the device"; exit 1
  fi
fi
if [ "$mode" = auto ]; then
  # "clpar: SITE n=N -> WHERE (auto: measuring the device...": one trial per site, size and
  # variant.
  # (The periodic re-measurement of a close loser, "measuring the predicted slower side
  # again", is not a first trial.)
  tried_twice=$(grep -o '^clpar: [^ ]* n=[0-9]* .*(auto: measuring the \(host\|device\);' "$work/trace" |
                  sed 's/^clpar: \([^ ]*\) \(n=[0-9]*\) .*measuring the \([a-z]*\);$/\1 \2 \3/' |
                  sort | uniq -d)
  if [ -n "$tried_twice" ]; then echo "variants tried more than once: $tried_twice"; exit 1; fi
  if ! grep -q 'predicted faster; predicted host [0-9]* us, device [0-9]* us' "$work/trace"; then
    echo "no call was decided by the cost model's predictions"; exit 1
  fi
fi
if [ -n "${E2E_COMPARE:-}" ]; then echo "outputs agree ($mode)"; else echo "outputs identical ($mode)"; fi
