#!/bin/sh
# scripts/difftest.sh - differential testing with generated programs, for a set time.
#
#   scripts/difftest.sh --seconds N [--seed S] [--keep DIR] [--programs K] [--size normal|small]
#                       [--opencl-every M] [--build DIR]
#
# Generates batches of K random valid programs (test/generated/gen.py, seeds S, S+1, ...)
# until N seconds have passed.  Each batch is built with the plain compiler and the header
# alone (the reference) and with clpar++, both -std=c++20 -O2, and run with
# CLPAR_DEVICE=host, under oclgrind (CLPAR_DEVICE=opencl; its log must stay empty) and,
# every M-th batch, with CLPAR_DEVICE=opencl (PoCL, whose kernel builds cost about half a
# second each), each run with an empty kernel cache of its own; compare.py checks
# that the outputs agree (test/generated/README.md).  Every program that disagrees, and
# every batch that clpar++ or the reference fails to build or that crashes, is saved to
# DIR/seed-S[-program-P]/: the source, the reference's output, each mode's output and
# trace, and reproduce.sh, the one line that reproduces it.  Ends with one line:
#   difftest: B batches, programs generated G, agreed A, failed F (seconds T)
# and exits 1 if any failed.  Defaults: seed 1, keep ./difftest-failures, 10 programs of
# normal size, PoCL every 3rd batch (0: never), build directory ./build.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
seconds='' seed=1 keep=$PWD/difftest-failures programs=10 size=normal opencl_every=3
build=$root/build
while [ $# -gt 0 ]; do
  case $1 in
    --seconds) seconds=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --programs) programs=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --opencl-every) opencl_every=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    *) echo "difftest.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[ -n "$seconds" ] || { echo "difftest.sh: --seconds N is required" >&2; exit 2; }
case $keep in /*) ;; *) keep=$PWD/$keep ;; esac
gen=$root/test/generated/gen.py
compare=$root/test/generated/compare.py
clparxx=$build/bin/clpar++
[ -x "$clparxx" ] || { echo "difftest.sh: no $clparxx (build clpar first)" >&2; exit 2; }
# shellcheck source=scripts/generated-batch.sh
. "$root/scripts/generated-batch.sh"
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
mkdir -p "$keep"
export POCL_KERNEL_CACHE=0

start=$(date +%s)
batches=0 generated=0 failed=0
while [ $(( $(date +%s) - start )) -lt "$seconds" ]; do
  s=$((seed + batches))
  batches=$((batches + 1))
  dir=$work/seed-$s
  generated=$((generated + programs))
  modes="host oclgrind"
  if [ "$opencl_every" -gt 0 ] && { [ $((batches % opencl_every)) -eq 1 ] || [ "$opencl_every" -eq 1 ]; }; then
    modes="$modes opencl"
  fi
  # The reference and the clpar++ build; a build failure fails the whole batch.
  bad=''
  if ! build_batch "$root" "$clparxx" "$s" "$programs" "$size" "$dir"; then
    bad=$batch_failure
  elif ! "$dir/serial" >"$dir/expected" 2>"$dir/serial.err"; then
    bad="the reference run fails"
  fi
  if [ -n "$bad" ]; then
    failed=$((failed + programs))
    echo "seed $s: $bad (all $programs programs count as failed)"
    mkdir -p "$keep/seed-$s"
    cp "$dir"/batch.cpp "$dir"/*.log "$keep/seed-$s/" 2>/dev/null
    printf '%s\n' "python3 $gen --seed $s --programs $programs --size $size -o batch.cpp && $clparxx $batch_flags batch.cpp -o clpar" \
      >"$keep/seed-$s/reproduce.sh"
    continue
  fi
  # Each mode: which programs disagree ("P MODE" lines).  A run that stops early leaves
  # its later programs' lines out: compare.py names them too.
  : >"$dir/failing"
  for mode in $modes; do
    rm -rf "$dir/kernel-cache"
    export CLPAR_CACHE_DIR="$dir/kernel-cache"
    case $mode in
      oclgrind) CLPAR_DEVICE=opencl CLPAR_TRACE=1 oclgrind --log "$dir/oclgrind.log" "$dir/clpar" \
                  >"$dir/$mode.out" 2>"$dir/$mode.trace" ;;
      *) CLPAR_DEVICE=$mode CLPAR_TRACE=1 "$dir/clpar" >"$dir/$mode.out" 2>"$dir/$mode.trace" ;;
    esac
    echo "exit status $?" >>"$dir/$mode.trace"
    python3 "$compare" "$dir/expected" "$dir/$mode.out" >"$dir/$mode.compare"
    for p in $(sed -n 's/^programs that disagree: //p' "$dir/$mode.compare"); do
      echo "$p $mode" >>"$dir/failing"
    done
    # oclgrind's findings name the kernel, whose name carries the program's number
    # (clpar_program_P_... or, for a loop moved into a function, clpar_pP_...).
    if [ "$mode" = oclgrind ] && [ -s "$dir/oclgrind.log" ]; then
      ps=$(grep -o 'clpar_p[a-z]*_\?[0-9][0-9]*' "$dir/oclgrind.log" | grep -o '[0-9][0-9]*$' | sort -u)
      for p in ${ps:-?}; do echo "$p oclgrind" >>"$dir/failing"; done
    fi
  done
  for p in $(cut -d' ' -f1 "$dir/failing" | sort -u); do
    failed=$((failed + 1))
    mode=$(grep -m1 "^$p " "$dir/failing" | cut -d' ' -f2)
    out=$keep/seed-$s-program-$p
    mkdir -p "$out"
    echo "seed $s program $p disagrees ($(grep "^$p " "$dir/failing" | cut -d' ' -f2 | sort -u | tr '\n' ' ')): $out"
    if [ "$p" = "?" ]; then
      cp "$dir/batch.cpp" "$out/program.cpp"
    else
      python3 "$gen" --seed "$s" --programs "$programs" --size "$size" --only "$p" -o "$out/program.cpp"
    fi
    cp "$dir/expected" "$out/expected.out"
    for m in $modes; do cp "$dir/$m.out" "$dir/$m.trace" "$dir/$m.compare" "$out/"; done
    [ -s "$dir/oclgrind.log" ] && cp "$dir/oclgrind.log" "$out/"
    device=opencl run=''
    [ "$mode" = host ] && device=host
    [ "$mode" = oclgrind ] && run='oclgrind --log oclgrind.log '
    echo "c++ $batch_flags program.cpp -o serial && $clparxx $batch_flags program.cpp -o clpar &&" \
         "./serial >expected.out && CLPAR_DEVICE=$device CLPAR_TRACE=1 POCL_KERNEL_CACHE=0" \
         "CLPAR_CACHE_DIR=\$(mktemp -d) $run./clpar >actual.out; python3 $compare expected.out actual.out" \
         >"$out/reproduce.sh"
  done
  rm -rf "$dir"
done
agreed=$((generated - failed))
echo "difftest: $batches batches, programs generated $generated, agreed $agreed, failed $failed" \
     "(seconds $(( $(date +%s) - start )))"
[ "$failed" -eq 0 ]
