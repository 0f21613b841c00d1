#!/bin/sh
# bench/cold_start_ranks.sh PROGRAM RANKS... - a cold start of RANKS copies of PROGRAM at
# once on one machine, each with its own node-local rank (OMPI_COMM_WORLD_LOCAL_RANK, as
# mpirun gives it), on an empty kernel cache.  Per row: the wall time from the first start
# to the last exit; the programs (kernel, device, options); builds from source; loads from
# the cache, and how many of them waited for another rank's build; calibrations measured;
# and the entries the cache holds at the end (programs and calibrations).  A rank that
# found an entry corrupt would have built it again, so builds equal to programs also say
# that none did.  One row per RANKS value, each on a cache of its own, so "1" is the
# baseline.  The environment passes through (CLPAR_DEVICE and the like); the driver's and
# PoCL's own caches start empty per row too, as on a new machine:
#
#   CLPAR_DEVICE=opencl-gpu bench/cold_start_ranks.sh build/test/e2e/kernel_bodies_clpar 1 16
#
# Timings belong here, not in tests (test/e2e/cluster_cache.sh checks the counts).
set -u
program=$1
shift
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
now_ms() { date +%s%3N; }
printf '| ranks | wall s | programs | builds | cache loads | of them after waiting | calibrations measured | cache entries |\n'
printf '|---:|---:|---:|---:|---:|---:|---:|---:|\n'
rows=0
for ranks in "$@"; do
  rows=$((rows + 1))
  row="$work/$rows"
  mkdir -p "$row/cache" "$row/nv" "$row/pocl"
  start=$(now_ms)
  i=0
  while [ "$i" -lt "$ranks" ]; do
    env CLPAR_TRACE=1 CLPAR_CACHE_DIR="$row/cache" OMPI_COMM_WORLD_LOCAL_RANK="$i" \
      CUDA_CACHE_PATH="$row/nv" POCL_CACHE_DIR="$row/pocl" \
      "$program" >/dev/null 2>"$row/trace.$i" || echo "rank $i of $ranks exited with $?" >&2 &
    i=$((i + 1))
  done
  wait
  end=$(now_ms)
  cat "$row"/trace.* >"$row/traces"
  # A program: kernel, device and options (the text before ": built" or ": from").
  grep 'built from source\|from the kernel cache' "$row/traces" |
    sed "s/^clpar: \(kernel .*\): \(built from source\|from the kernel cache\).*$/\1/" \
    >"$row/programs"
  kernels=$(sort -u "$row/programs" | wc -l)
  grep 'built from source' "$row/traces" |
    sed "s/^clpar: \(kernel .*\): built from source.*$/\1/" | sort | uniq -d |
    sed "s/^/  built more than once: /" >&2
  builds=$(grep -c 'built from source' "$row/traces")
  loads=$(grep -c 'from the kernel cache' "$row/traces")
  waited=$(grep -c "for another process's build" "$row/traces")
  measured=$(grep -c 'calibration of .* measured, ' "$row/traces")
  entries=$(find "$row/cache" -name '*.clk' -type f | wc -l)
  printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$ranks" \
    "$(echo "$start $end" | awk '{printf "%.2f", ($2 - $1) / 1000}')" \
    "$kernels" "$builds" "$loads" "$waited" "$measured" "$entries"
done
