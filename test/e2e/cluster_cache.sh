#!/bin/sh
# cluster_cache.sh SERIAL CLPAR RANKS
#
# The kernel cache as a cluster's ranks use it (docs/scaling.md), through a real program on
# the OpenCL CPU device (PoCL):
#   1. RANKS processes started together on an empty cache, each with its own node-local
#      rank: every kernel is built once (the others wait for its entry, kernel_cache's
#      build claims), the calibration is measured once, no entry is corrupt, no claim is
#      left behind, and every output equals the serial build's
#  1b. 4 ranks under auto, with the CPU device as a candidate: its calibration is measured
#      once and read by the other ranks
#   2. a read-only CLPAR_CACHE_DIR (a read-only bind mount, in a private mount namespace)
#      that holds the kernels: every kernel from the cache, no warning
#   3. an empty read-only CLPAR_CACHE_DIR: kernels built from source, no warning
#   4. CLPAR_CACHE_READONLY_DIR holding the kernels in front of an empty CLPAR_CACHE_DIR:
#      every kernel from the read-only one, nothing written to the other
# 2 and 3 need unshare(1) with user and mount namespaces; without them they are skipped
# (said on the output), the rest still runs.
set -u
serial=$1 clpar=$2 ranks=$3
work=$(mktemp -d) || exit 1
trap 'chmod -R u+rwx "$work"; rm -rf "$work"' EXIT
cache="$work/cache"

fail() { echo "FAIL: $*"; exit 1; }
"$serial" >"$work/expected" || fail "serial run"

# run NAME [VAR=value...]: the clpar build on the device; output in $work/NAME.out, trace in
# $work/NAME.trace.
run() {
  name=$1
  shift
  env POCL_KERNEL_CACHE=0 POCL_MAX_PTHREAD_COUNT=1 CLPAR_DEVICE=opencl-cpu CLPAR_TRACE=1 \
    "$@" "$clpar" >"$work/$name.out" 2>"$work/$name.trace" ||
    fail "$name exited with $?: $(cat "$work/$name.trace")"
  diff -u "$work/expected" "$work/$name.out" || fail "$name: output differs"
}
entries() { find "$1" -name '*.clk' -type f 2>/dev/null | wc -l; }

# 1. Ranks starting together.
i=0
while [ "$i" -lt "$ranks" ]; do
  (run "rank$i" CLPAR_CACHE_DIR="$cache" OMPI_COMM_WORLD_LOCAL_RANK="$i" >"$work/rank$i.result" &&
    echo ok >>"$work/rank$i.result") &
  i=$((i + 1))
done
wait
i=0
while [ "$i" -lt "$ranks" ]; do
  grep -q '^ok$' "$work/rank$i.result" || fail "1: rank $i: $(cat "$work/rank$i.result")"
  i=$((i + 1))
done
kernels=$(grep -h 'built from source\|from the kernel cache' "$work"/rank*.trace |
  sed "s/^.*kernel '\([^']*\)'.*$/\1/" | sort -u | wc -l)
[ "$kernels" -gt 0 ] || fail "1: no kernel in the traces"
builds=$(cat "$work"/rank*.trace | grep -c 'built from source')
hits=$(cat "$work"/rank*.trace | grep -c 'from the kernel cache')
waited=$(cat "$work"/rank*.trace | grep -c "for another process's build")
measured=$(cat "$work"/rank*.trace | grep -c "calibration of .* measured, ")
echo "1: $ranks ranks, $kernels kernels: $builds builds, $hits loads from the cache" \
  "($waited after waiting for another rank's build), calibration measured $measured times"
[ "$builds" = "$kernels" ] || fail "1: $builds builds of $kernels kernels"
[ "$measured" -le 1 ] || fail "1: the calibration was measured $measured times"
grep -l 'warning' "$work"/rank*.trace && fail "1: a rank warned"
[ -z "$(find "$cache" -name '*.claim')" ] || fail "1: a build claim was left behind"
[ "$(entries "$cache")" -ge "$kernels" ] || fail "1: $(entries "$cache") entries"

# 1b. The same under auto with the CPU device as a candidate: its calibration is measured
# by one rank and read by the others.
i=0
while [ "$i" -lt 4 ]; do
  (run "auto$i" CLPAR_CACHE_DIR="$work/auto-cache" OMPI_COMM_WORLD_LOCAL_RANK="$i" \
    CLPAR_DEVICE=auto CLPAR_AUTO_DEVICES=all CLPAR_AUTO_START=wait >"$work/auto$i.result" &&
    echo ok >>"$work/auto$i.result") &
  i=$((i + 1))
done
wait
for i in 0 1 2 3; do
  grep -q '^ok$' "$work/auto$i.result" || fail "1b: rank $i: $(cat "$work/auto$i.result")"
done
measured=$(cat "$work"/auto*.trace | grep -c "calibration of .* measured, ")
read=$(cat "$work"/auto*.trace | grep -c "calibration of .* read from the cache")
echo "1b: calibration measured $measured time(s), read $read times"
[ "$measured" = 1 ] || fail "1b: the calibration was measured $measured times"

# 2 and 3. A read-only CLPAR_CACHE_DIR.
mkdir "$work/empty"
if unshare -rm true 2>/dev/null; then
  for case in full empty; do
    dir=$cache
    [ "$case" = empty ] && dir="$work/empty"
    env POCL_KERNEL_CACHE=0 POCL_MAX_PTHREAD_COUNT=1 CLPAR_DEVICE=opencl-cpu CLPAR_TRACE=1 \
      CLPAR_CACHE_DIR="$dir" unshare -rm sh -c \
      'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && exec "$2"' sh "$dir" "$clpar" \
      >"$work/ro-$case.out" 2>"$work/ro-$case.trace" ||
      fail "read-only $case cache: exited with $?: $(cat "$work/ro-$case.trace")"
    diff -u "$work/expected" "$work/ro-$case.out" || fail "read-only $case cache: output differs"
    grep 'warning' "$work/ro-$case.trace" && fail "read-only $case cache: a warning"
    grep -q "is read-only" "$work/ro-$case.trace" || fail "read-only $case cache: not traced"
  done
  grep -q 'built from source' "$work/ro-full.trace" && fail "2: a kernel built although cached"
  grep -q 'from the kernel cache' "$work/ro-empty.trace" && fail "3: a hit in an empty cache"
  [ "$(entries "$work/empty")" = 0 ] || fail "3: an entry written"
  echo "2, 3: read-only cache directories read without a warning"
else
  echo "2, 3: skipped: unshare -rm is not permitted here"
fi

# 4. A read-only cache in front of an empty writable one.
chmod 755 "$cache"
run readonly CLPAR_CACHE_READONLY_DIR="$cache" CLPAR_CACHE_DIR="$work/own"
grep -q 'built from source' "$work/readonly.trace" && fail "4: a kernel built although shared"
[ "$(entries "$work/own")" = 0 ] || fail "4: $(entries "$work/own") entries written"
echo "4: every kernel from CLPAR_CACHE_READONLY_DIR, nothing written"
echo "PASS"
