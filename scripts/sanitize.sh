#!/bin/sh
# scripts/sanitize.sh asan|tsan [ctest regex] - builds clpar with sanitizers and runs its
# tests under them.
#
#   asan  AddressSanitizer + UndefinedBehaviorSanitizer (LeakSanitizer included), in
#         build-asan
#   tsan  ThreadSanitizer, in build-tsan, with OpenMP's synchronization reported to it by
#         LLVM's archer tool (OMP_TOOL_LIBRARIES)
#
# The tree is configured with clang-19 and -DCLPAR_SANITIZE (docs/environment.md, "Build
# options"): the runtime, the tools, the unit tests and the e2e programs (their serial and
# their clpar++ builds) are all instrumented.  Every sanitizer stops the program at its
# first report, so a report fails its test.  Suppressions (test/sanitizers/) name only
# PoCL, LLVM and the ICD loader.
#
# Without a regex: the unit tests (labels runtime, header, driver, translator; not the
# oclgrind runs nor the compile_fail checks) and every e2e test but the oclgrind ones.
# With one: the tests it selects (ctest -R), oclgrind runs and compile_fail checks left out.
# Extra configure arguments: SANITIZE_CMAKE_ARGS.  SANITIZE_TARGETS: build only these
# targets (the tests of targets left out then fail as not built: pick them with the regex).
# Parallel test jobs: SANITIZE_JOBS (default 1: PoCL itself runs a thread per core).
set -eu
cd "$(dirname "$0")/.."
root=$PWD
kind=${1:-}
case $kind in
  asan) sanitizers=address,undefined ;;
  tsan) sanitizers=thread ;;
  *) echo "usage: scripts/sanitize.sh asan|tsan [ctest regex]" >&2; exit 2 ;;
esac
build=$root/build-$kind
. scripts/sanitizer-common.sh
# shellcheck disable=SC2086 # extra arguments split into words
configure_sanitized "$build" "$sanitizers" ${SANITIZE_CMAKE_ARGS:-}
if [ "$kind" = tsan ]; then
  archer=/usr/lib/llvm-19/lib/libarcher.so
  if [ -e "$archer" ]; then
    export OMP_TOOL_LIBRARIES=$archer
  else
    echo "sanitize.sh: $archer is missing: OpenMP regions will report false races" >&2
  fi
fi
# shellcheck disable=SC2086 # one word per target
cmake --build "$build" ${SANITIZE_TARGETS:+--target $SANITIZE_TARGETS}

export POCL_KERNEL_CACHE=0
export CLPAR_CACHE_DIR="$build/test-kernel-cache"
rm -rf "$CLPAR_CACHE_DIR"
jobs=${SANITIZE_JOBS:-1}
status=0
if [ $# -ge 2 ]; then
  ctest --test-dir "$build" --output-on-failure -j "$jobs" -R "$2" -E 'oclgrind' \
    -LE compile_fail || status=1
else
  ctest --test-dir "$build" --output-on-failure -j "$jobs" -L 'runtime|header|driver|translator' \
    -LE 'oclgrind|compile_fail' || status=1
  ctest --test-dir "$build" --output-on-failure -j "$jobs" -R '^e2e\.' -E 'oclgrind' || status=1
fi
exit $status
