#!/bin/sh
# scripts/difftest_batches.sh - generated-program batches built on one machine and run on
# another: the differential tests (test/generated/README.md) on a device the build
# machine lacks, such as the GPU machine, where no compiler is needed.
#
#   scripts/difftest_batches.sh build DIR [--seed S] [--batches N] [--programs K]
#                                         [--size normal|small] [--build BUILD]
#   scripts/difftest_batches.sh run DIR [MODE]
#
# build: N batches (default 4) of K programs (default 25) from test/generated/gen.py, seeds
# S (default 1), S+1, ..., each built with the plain compiler and the header alone (the
# reference) and with BUILD's clpar++ (default ./build), both -std=c++20 -O2, into
# DIR/seed-S/{batch.cpp,serial,clpar}; DIR/lib gets BUILD's runtime library (and libxxhash),
# DIR/bin the comparison scripts, so that DIR alone can be carried to the other machine.
# A batch that does not build stops the script (exit 1).
#
# run: every batch in DIR through test/e2e/compare.sh MODE (default gpu:
# CLPAR_DEVICE=opencl-gpu; any of its modes) with compare.py, each with an empty kernel
# cache; each batch's log in DIR/seed-S/MODE.log.  Needs sh, python3 and the device's
# OpenCL.  Prints a line per batch and ends with
#   difftest_batches: B batches, P programs, F batches disagree (MODE)
# and exits 1 if any batch disagrees or crashes.
set -u
usage() {
  echo "usage: $0 build DIR [--seed S] [--batches N] [--programs K] [--size normal|small]" \
    "[--build BUILD]" >&2
  echo "       $0 run DIR [MODE]" >&2
  exit 2
}
[ $# -ge 2 ] || usage
action=$1 dir=$2
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)

case $action in
  build)
    seed=1 batches=4 programs=25 size=normal build=$root/build
    while [ $# -gt 0 ]; do
      [ $# -ge 2 ] || usage
      case $1 in
        --seed) seed=$2 ;;
        --batches) batches=$2 ;;
        --programs) programs=$2 ;;
        --size) size=$2 ;;
        --build) build=$2 ;;
        *) usage ;;
      esac
      shift 2
    done
    clparxx=$build/bin/clpar++
    [ -x "$clparxx" ] || { echo "$0: no $clparxx (build clpar first)" >&2; exit 2; }
    # shellcheck source=scripts/generated-batch.sh
    . "$root/scripts/generated-batch.sh"
    mkdir -p "$dir/lib" "$dir/bin" || exit 1
    # The runtime, and the xxHash library it links, which the other machine may lack.
    cp -L "$build/lib/libclpar_rt.so.0" "$dir/lib/" || exit 1
    ldd "$build/lib/libclpar_rt.so.0" | awk '/libxxhash/ { print $3 }' | while read -r lib; do
      cp -L "$lib" "$dir/lib/"
    done
    cp "$root/test/e2e/compare.sh" "$root/test/generated/compare.py" "$dir/bin/"
    k=0
    while [ "$k" -lt "$batches" ]; do
      s=$((seed + k))
      build_batch "$root" "$clparxx" "$s" "$programs" "$size" "$dir/seed-$s" ||
        { echo "seed $s: $batch_failure (logs in $dir/seed-$s)" >&2; exit 1; }
      echo "seed $s: built"
      k=$((k + 1))
    done
    ;;
  run)
    mode=${1:-gpu}
    dir=$(cd "$dir" && pwd) || exit 2
    export LD_LIBRARY_PATH="$dir/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    export E2E_COMPARE="python3 $dir/bin/compare.py"
    count=0 programs=0 bad=0
    for b in "$dir"/seed-*; do
      [ -x "$b/clpar" ] || continue
      count=$((count + 1))
      n=$(grep -c '^static void program_[0-9]*()' "$b/batch.cpp")
      programs=$((programs + n))
      if sh "$dir/bin/compare.sh" "$mode" "$b/serial" "$b/clpar" >"$b/$mode.log" 2>&1; then
        echo "$(basename "$b"): $n programs agree ($mode)"
      else
        bad=$((bad + 1))
        why=$(grep -e 'programs that disagree' -e 'exited with' -e 'run failed' "$b/$mode.log" |
                head -3 | tr '\n' ' ')
        echo "$(basename "$b"): DISAGREES ($mode): $why"
      fi
    done
    echo "difftest_batches: $count batches, $programs programs, $bad batches disagree ($mode)"
    [ "$bad" -eq 0 ] && [ "$count" -gt 0 ]
    ;;
  *) usage ;;
esac
