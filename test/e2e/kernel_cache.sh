#!/bin/sh
# kernel_cache.sh CLPAR_INFO SERIAL CLPAR
#
# The kernel cache (SPEC 4) through a real program on the OpenCL device (PoCL here):
#   1. an empty cache: kernels built from source, entries written, private directory
#   2. the same cache: every kernel from the cache
#   3. every entry truncated: detected, rebuilt from source, rewritten
#   4. every entry's payload changed: the same
#   5. CLPAR_CACHE=0: built from source, nothing written
#   6. a directory others can write: a warning, the program runs on, nothing written
#   7. clpar-info shows the entries and --clear-cache removes them
# Every run's output must equal the serial build's.
set -u
info=$1 serial=$2 clpar=$3
work=$(mktemp -d) || exit 1
trap 'chmod -R u+rwx "$work"; rm -rf "$work"' EXIT
cache="$work/cache"

fail() { echo "FAIL: $*"; [ -f "$work/trace" ] && cat "$work/trace"; exit 1; }

"$serial" >"$work/expected" || fail "serial run"
run() {  # run [VAR=value...]: the clpar build on the device, trace in $work/trace
  env POCL_KERNEL_CACHE=0 CLPAR_DEVICE=opencl CLPAR_TRACE=1 CLPAR_CACHE_DIR="$cache" "$@" \
    "$clpar" >"$work/actual" 2>"$work/trace" || fail "clpar run exited with $?"
  diff -u "$work/expected" "$work/actual" || fail "outputs differ"
  grep -v '(nothing to do)' "$work/trace" | grep -q -- '-> host' && fail "a region ran on the host"
  return 0
}
entries() { find "$cache" -name '*.clk' -type f 2>/dev/null | wc -l; }

run
built=$(grep -c 'built from source' "$work/trace")
[ "$built" -gt 0 ] || fail "1: no kernel built"
grep -q 'from the kernel cache' "$work/trace" && fail "1: a hit in an empty cache"
[ "$(entries)" -ge "$built" ] || fail "1: $(entries) entries for $built kernels"
[ "$(stat -c %a "$cache")" = 700 ] || fail "1: cache directory mode $(stat -c %a "$cache")"
echo "1: $built kernels built and stored"

run
grep -q 'built from source' "$work/trace" && fail "2: a kernel built although cached"
[ "$(grep -c 'from the kernel cache' "$work/trace")" -eq "$built" ] || fail "2: hits"
echo "2: $built kernels from the cache"

for f in "$cache"/*.clk; do truncate -s $(( $(stat -c %s "$f") / 2 )) "$f"; done
run
[ "$(grep -c 'built from source' "$work/trace")" -eq "$built" ] || fail "3: truncated entries used"
run
[ "$(grep -c 'from the kernel cache' "$work/trace")" -eq "$built" ] || fail "3: not rewritten"
echo "3: truncated entries rebuilt"

for f in "$cache"/*.clk; do
  # One byte in the middle (the payload) turned into its complement.
  at=$(( $(stat -c %s "$f") / 2 ))
  byte=$(od -An -tu1 -j "$at" -N1 "$f" | tr -d ' ')
  printf "$(printf '\\%03o' $(( 255 - byte )))" |
    dd of="$f" bs=1 seek="$at" conv=notrunc 2>/dev/null
done
run
[ "$(grep -c 'built from source' "$work/trace")" -eq "$built" ] || fail "4: corrupt entries used"
echo "4: corrupt entries rebuilt"

rm -rf "$cache"
run CLPAR_CACHE=0
[ "$(grep -c 'built from source' "$work/trace")" -eq "$built" ] || fail "5: builds"
[ -e "$cache" ] && fail "5: CLPAR_CACHE=0 made the cache directory"
echo "5: CLPAR_CACHE=0 writes nothing"

mkdir -p "$cache" && chmod 0777 "$cache"
run
grep -q 'warning: kernel cache not used' "$work/trace" || fail "6: no warning"
[ "$(entries)" -eq 0 ] || fail "6: wrote into a directory others can write"
chmod 0700 "$cache"
echo "6: unsafe directory refused with a warning"

run
CLPAR_CACHE_DIR="$cache" "$info" >"$work/info" || fail "clpar-info"
grep -q "kernel cache: $cache" "$work/info" || fail "7: clpar-info shows no cache place"
grep -q "^  $(entries) entr" "$work/info" || fail "7: clpar-info entry count: $(cat "$work/info")"
CLPAR_CACHE_DIR="$cache" "$info" --clear-cache >"$work/info" || fail "clpar-info --clear-cache"
[ "$(entries)" -eq 0 ] || fail "7: entries left after --clear-cache"
grep -q '^  0 entries' "$work/info" || fail "7: clpar-info after clearing: $(cat "$work/info")"
echo "7: clpar-info counts and clears"
