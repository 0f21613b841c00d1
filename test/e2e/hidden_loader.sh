#!/bin/sh
# hidden_loader.sh MODE SERIAL CLPAR
#
# SPEC 5: a program built with clpar++ (OpenCL variants included) runs on the host, with the
# serial build's output, where OpenCL's ICD loader is missing (runtime/device/opencl_loader).
#   MODE linked    neither CLPAR nor the runtime library it loads names libOpenCL among its
#                  needed libraries (readelf -d), and with CLPAR_OPENCL_LIBRARY naming a file
#                  that does not exist, CLPAR runs under CLPAR_DEVICE=opencl and under auto
#   MODE hidden    the system's libOpenCL.so.1 is made unloadable (/dev/null mounted over it,
#                  in a private mount namespace: unshare) and CLPAR runs as a user would run
#                  it; exits 77 (skipped) where this machine allows no mount namespace
# Each run must print the serial output with every call on the host; under
# CLPAR_DEVICE=opencl the trace must also have the one-line warning (under auto, a program
# whose calls are all too small for a device may end before the runtime looks for OpenCL).
set -u
mode=$1 serial=$2 clpar=$3
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
"$serial" >"$work/expected" || { echo "serial run failed"; exit 1; }
export CLPAR_CACHE_DIR="$work/kernel-cache" POCL_KERNEL_CACHE=0 CLPAR_TRACE=1

check() {  # check LABEL: the last run's output and trace
  if ! diff -u "$work/expected" "$work/actual"; then echo "$1: outputs differ"; exit 1; fi
  if [ "${CLPAR_DEVICE:-}" = opencl ] && ! grep -q '^clpar: warning: cannot open the OpenCL ICD loader: .*; calls run on the host$' \
       "$work/trace"; then
    echo "$1: no warning in the trace:"; cat "$work/trace"; exit 1
  fi
  if grep '^clpar: .* n=[0-9]* -> ' "$work/trace" | grep -v -q -- '-> host'; then
    echo "$1: a call ran elsewhere than the host"; exit 1
  fi
  echo "$1: host, serial output"
}

case $mode in
  linked)
    runtime=$(ldd "$clpar" | awk '/libclpar_rt/ { print $3 }')
    [ -n "$runtime" ] || { echo "$clpar does not load libclpar_rt"; exit 1; }
    for f in "$clpar" "$runtime"; do
      if readelf -d "$f" | grep NEEDED | grep -q libOpenCL; then
        echo "$f needs libOpenCL"; exit 1
      fi
    done
    for device in opencl auto; do
      if [ $device = auto ]; then unset CLPAR_DEVICE; else export CLPAR_DEVICE=$device; fi
      CLPAR_OPENCL_LIBRARY="$work/no-such-dir/libOpenCL.so.1" "$clpar" >"$work/actual" \
        2>"$work/trace" || { echo "exited with $?"; cat "$work/trace"; exit 1; }
      check "CLPAR_DEVICE=$device, CLPAR_OPENCL_LIBRARY missing"
    done ;;
  hidden)
    loader=$(ldconfig -p | awk '$1 == "libOpenCL.so.1" { print $NF; exit }')
    [ -n "$loader" ] || { echo "no libOpenCL.so.1 on this machine to hide"; exit 77; }
    for how in "unshare -rm" "unshare -m"; do
      if $how sh -c 'mount --bind /dev/null "$1"' sh "$loader" 2>/dev/null; then
        for device in opencl auto; do
          if [ $device = auto ]; then unset CLPAR_DEVICE; else export CLPAR_DEVICE=$device; fi
          $how sh -c 'mount --bind /dev/null "$1" && exec "$2"' sh "$loader" "$clpar" \
            >"$work/actual" 2>"$work/trace" || { echo "exited with $?"; cat "$work/trace"; exit 1; }
          check "CLPAR_DEVICE=$device, $loader hidden ($how)"
        done
        exit 0
      fi
    done
    echo "no private mount namespace here: cannot hide $loader"; exit 77 ;;
  *) echo "unknown mode $mode"; exit 2 ;;
esac
