#!/bin/sh
# vendor_record.sh SERIAL CLPAR SWITCH_SERIAL SWITCH_CLPAR CLPAR_INFO
#
# A run that lists every OpenCL platform records which vendor library holds every device of
# the kind its CLPAR_DEVICE wants (runtime/device/vendor_record.hpp); a later run opens that
# library alone, without the ICD loader, and its calls go through the vendor's dispatch
# tables (runtime/device/opencl_loader.hpp).  PoCL is the wanted CPU device here
# (CLPAR_DEVICE=opencl-cpu); every run must print the serial output:
#   1. the first run lists every platform, records PoCL's library, runs calls on PoCL
#   2. the next run lists PoCL's platform alone, from that library, and runs calls on it;
#      clpar-info (text and --json) shows the record
#   3. CLPAR_PLATFORMS=all lists every platform again; another value warns and means needed
#   4. a vendor directory of its own (OCL_ICD_VENDORS) naming a copy of PoCL's library makes
#      a record of its own; the copy changed since (a new modification time) is not opened
#      alone, every platform is listed and the record made anew
#   5. under PoCL's library alone, a failed launch (CLPAR_FAULT=enqueue:2, whose checks ask
#      each call's queue, context or program for its device): the output still serial
#   6. auto, which wants a GPU, records nothing on a machine without one
#   7. a program (programs/device_switch.cpp) whose later calls set CLPAR_DEVICE=opencl-gpu
#      after its first call listed PoCL's platform alone: one warning, the serial output
set -u
serial=$1 clpar=$2 switch_serial=$3 switch_clpar=$4 info=$5
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
"$serial" >"$work/expected" || { echo "serial run failed"; exit 1; }

fail() { echo "FAIL: $*"; cat "$work/trace"; exit 1; }

# run LABEL [VAR=value...]: the clpar build (with $program_args) and a trace, its output
# checked
program_args=
run() {
  label=$1
  shift
  env CLPAR_DEVICE=opencl-cpu CLPAR_TRACE=1 POCL_KERNEL_CACHE=0 CLPAR_CACHE_DIR="$work/cache" \
    "$@" "$clpar" $program_args >"$work/actual" 2>"$work/trace" || fail "$label: exited with $?"
  diff -u "$work/expected" "$work/actual" >/dev/null || fail "$label: outputs differ"
}
listed_every() { grep -q 'clpar: start: OpenCL platforms (' "$work/trace"; }
listed_alone() { grep -q "clpar: start: OpenCL platform [0-9]* '.*' alone (.*), from $1, " "$work/trace"; }
recorded() { grep -q "clpar: start: recorded $1 as the library of every $2 device" "$work/trace"; }
on_device() { grep '^clpar: .* n=[0-9]* -> ' "$work/trace" | grep -v -q -- '-> host'; }

run 1
listed_every || fail "1: the first run did not list every platform"
library=$(sed -n 's/^clpar: start: recorded \(.*\) as the library of every cpu device.*/\1/p' \
  "$work/trace")
case $library in
  /*pocl*) ;;
  *) fail "1: no PoCL library recorded ('$library')" ;;
esac
on_device || fail "1: no call ran on the device"
echo "1: every platform listed, $library recorded"

run 2
listed_alone "$library" || fail "2: the platform was not listed alone from $library"
listed_every && fail "2: every platform listed too"
recorded "$library" cpu && fail "2: recorded again, though nothing changed"
on_device || fail "2: no call ran on the device"
CLPAR_CACHE_DIR="$work/cache" "$info" >"$work/trace" 2>&1 || fail "2: clpar-info failed"
grep -q "^  CPU devices: $library, platform [0-9]* 'Portable Computing Language', opened alone by runs that want only them$" \
  "$work/trace" || fail "2: clpar-info does not show the record"
CLPAR_CACHE_DIR="$work/cache" "$info" --json >"$work/trace" 2>&1 || fail "2: clpar-info --json failed"
python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))["kernel_cache"]["vendor_records"]
assert [(x["kind"], x["library"], x["usable"]) for x in r] == [("cpu", sys.argv[2], True)], r' \
  "$work/trace" "$library" || fail "2: clpar-info --json does not show the record"
echo "2: PoCL's platform alone, from its library, calls on it; clpar-info shows the record"

run 3 CLPAR_PLATFORMS=all
listed_every || fail "3: CLPAR_PLATFORMS=all did not list every platform"
listed_alone "$library" && fail "3: a platform listed alone under CLPAR_PLATFORMS=all"
run 3.2 CLPAR_PLATFORMS=some
grep -q "^clpar: warning: CLPAR_PLATFORMS='some' is not needed or all; using needed$" \
  "$work/trace" || fail "3: no warning for CLPAR_PLATFORMS=some"
listed_alone "$library" || fail "3: CLPAR_PLATFORMS=some did not mean needed"
echo "3: CLPAR_PLATFORMS=all lists every platform; another value warns and means needed"

# PoCL finds its device modules and kernel library beside its own file (lib/pocl/,
# share/pocl/): the copy gets links to the real ones.
libdir=$(dirname "$library")
mkdir "$work/vendors" "$work/lib" "$work/share"
cp "$library" "$work/lib/libpocl-copy.so"
ln -s "$libdir/pocl" "$work/lib/pocl"
ln -s "$libdir/../../share/pocl" "$work/share/pocl"
echo "$work/lib/libpocl-copy.so" >"$work/vendors/pocl-copy.icd"
run 4.1 OCL_ICD_VENDORS="$work/vendors"
listed_every || fail "4: a new vendor directory, yet not every platform listed"
recorded "$work/lib/libpocl-copy.so" cpu || fail "4: the copy was not recorded"
run 4.2 OCL_ICD_VENDORS="$work/vendors"
listed_alone "$work/lib/libpocl-copy.so" || fail "4: the copy was not opened alone"
touch -d '2001-01-01' "$work/lib/libpocl-copy.so"
run 4.3 OCL_ICD_VENDORS="$work/vendors"
grep -q "libpocl-copy.so changed since it was recorded; listing every platform" "$work/trace" ||
  fail "4: the changed library was not noticed"
listed_every || fail "4: the changed library, yet not every platform listed"
recorded "$work/lib/libpocl-copy.so" cpu || fail "4: not recorded anew"
echo "4: a vendor directory of its own recorded apart; a changed library not opened alone"

run 5 CLPAR_FAULT=enqueue:2
listed_alone "$library" || fail "5: the platform was not listed alone"
grep -q '^clpar: fault: .*CLPAR_FAULT enqueue:2' "$work/trace" || fail "5: no launch failed"
echo "5: a failed launch under the library alone: serial output"

run 6.1 CLPAR_DEVICE=auto
recorded '.*' gpu && fail "6: a GPU library recorded on a machine without a GPU"
run 6.2 CLPAR_DEVICE=auto
grep -q 'clpar: start: OpenCL platform [0-9]* .* alone' "$work/trace" &&
  fail "6: auto opened a library alone"
echo "6: auto records nothing without a GPU"

"$switch_serial" >"$work/expected" || { echo "serial run failed"; exit 1; }
clpar=$switch_clpar program_args=opencl-gpu
run 7
listed_alone "$library" || fail "7: the platform was not listed alone"
[ "$(grep -c "^clpar: warning: CLPAR_DEVICE='opencl-gpu' may want devices this process did not list: its first device call opened only $library, the library of every cpu device" "$work/trace")" -eq 1 ] ||
  fail "7: not one warning for the later CLPAR_DEVICE"
echo "7: a later CLPAR_DEVICE wanting other devices: one warning, serial output"
