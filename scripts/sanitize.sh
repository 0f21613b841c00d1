#!/bin/sh
# scripts/sanitize.sh asan|tsan [ctest regex] - builds clpar with sanitizers and runs its
# tests under them.
#
#   asan  AddressSanitizer + UndefinedBehaviorSanitizer (LeakSanitizer included), in
#         build-asan: the whole tree, translator included
#   tsan  ThreadSanitizer, in build-tsan: the runtime and its unit tests (the translator is
#         single-threaded and left out), then the e2e programs that call clpar from several
#         threads (TSAN_PROGRAMS), compiled by the regular build's clpar++ (build/, or
#         CLPAR_BUILD) with clang-19 and -fsanitize=thread and run against build-tsan's
#         runtime (LD_LIBRARY_PATH overrides the programs' RUNPATH), with OpenMP's
#         synchronization reported to ThreadSanitizer by LLVM's archer tool
#         (OMP_TOOL_LIBRARIES)
#
# The tree is configured with clang-19 and -DCLPAR_SANITIZE (docs/environment.md, "Build
# options").  Every sanitizer stops the program at its first report, so a report fails its
# test.  Suppressions (test/sanitizers/) name only PoCL, LLVM and the ICD loader.
#
# asan without a regex: the unit tests (labels runtime, header, driver, translator; not the
# oclgrind runs nor the compile_fail checks) and every e2e and generated-program test but
# the oclgrind ones; with one: the tests it selects (ctest -R), oclgrind runs and
# compile_fail checks left out.
# tsan: the runtime and header unit tests (or those the regex selects), then each program
# of TSAN_PROGRAMS (default: threads threads_gaps gap_writes faults) in the modes host and
# opencl of test/e2e/compare.sh (threads also auto-results).
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
translator=ON
[ "$kind" = tsan ] && translator=OFF
# shellcheck disable=SC2086 # extra arguments split into words
configure_sanitized "$build" "$sanitizers" -DCLPAR_BUILD_TRANSLATOR=$translator \
  ${SANITIZE_CMAKE_ARGS:-}
if [ "$kind" = tsan ]; then
  # PoCL's worker threads share PoCL's objects under PoCL's locks, which ThreadSanitizer
  # does not see (its interceptors ignore libpocl: test/sanitizers/tsan.supp), while the
  # std::string code they run is the instrumented copy in the program: one worker keeps
  # those false reports away; clpar's own threads are unaffected.
  export POCL_MAX_PTHREAD_COUNT=1
  # Reports go to files too: a test that captures stderr would take them with it.
  rm -rf "$build/tsan-reports"
  mkdir -p "$build/tsan-reports"
  export TSAN_OPTIONS="$TSAN_OPTIONS:log_path=$build/tsan-reports/report"
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
if [ "$kind" = tsan ]; then
  ctest --test-dir "$build" --output-on-failure -j "$jobs" -L 'runtime|header' \
    -LE 'oclgrind|compile_fail' ${2:+-R "$2"} || status=1
  tools=${CLPAR_BUILD:-$root/build}
  [ -x "$tools/bin/clpar++" ] || { echo "sanitize.sh: build clpar in $tools first" >&2; exit 1; }
  programs=$build/e2e-programs
  mkdir -p "$programs"
  for name in ${TSAN_PROGRAMS:-threads threads_gaps gap_writes faults}; do
    src=test/e2e/programs/$name.cpp
    clang++-19 -std=c++20 -O1 -g -fsanitize=thread -fopenmp -Iinclude "$src" \
      -o "$programs/${name}_serial"
    CLPAR_CXX=clang++-19 "$tools/bin/clpar++" -std=c++20 -O1 -g -fsanitize=thread "$src" \
      -o "$programs/${name}_clpar"
    modes="host opencl"
    # Its threads make thousands of calls: enough for auto to send some each way.
    [ "$name" = threads ] && modes="$modes auto-results"
    for mode in $modes; do
      if LD_LIBRARY_PATH="$build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
        test/e2e/compare.sh "$mode" "$programs/${name}_serial" "$programs/${name}_clpar" \
          >"$programs/$name.$mode.log" 2>&1; then
        echo "tsan: $name $mode: passed"
      else
        echo "tsan: $name $mode: FAILED"
        tail -n 60 "$programs/$name.$mode.log"
        status=1
      fi
    done
  done
  for report in "$build"/tsan-reports/report*; do
    [ -e "$report" ] || continue
    echo "tsan: $report:"
    head -n 80 "$report"
    status=1
  done
elif [ $# -ge 2 ]; then
  ctest --test-dir "$build" --output-on-failure -j "$jobs" -R "$2" -E 'oclgrind' \
    -LE compile_fail || status=1
else
  ctest --test-dir "$build" --output-on-failure -j "$jobs" -L 'runtime|header|driver|translator' \
    -LE 'oclgrind|compile_fail' || status=1
  ctest --test-dir "$build" --output-on-failure -j "$jobs" -R '^(e2e|generated)\.' -E 'oclgrind' ||
    status=1
fi
exit $status
