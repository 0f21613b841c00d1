#!/bin/sh
# scripts/fuzz.sh SECONDS [corpus dir] - feeds mutated C++ sources to the translator for
# SECONDS seconds (libFuzzer, test/fuzz/TranslateFuzzer.cpp).
#
# Builds clpar-translate-fuzz in build-fuzz (FUZZ_BUILD_DIR to use another tree configured
# alike) with clang-19, AddressSanitizer + UndefinedBehaviorSanitizer and the translator's
# assertions on (-DCLPAR_FUZZ=ON; docs/environment.md, "Build options"), then runs it at
# low priority on the corpus directory (default build-fuzz/fuzz-corpus, where it keeps the
# inputs that reached new code), seeded with the sources of the lit tests and the e2e
# programs.  Diagnostics are fine; a crash, an assertion, a sanitizer report or an input
# that takes more than FUZZ_TIMEOUT seconds (default 10; raise it on a loaded machine,
# where parsing the standard headers alone can take that long) is a bug: libFuzzer stops and writes the input to
# build-fuzz/fuzz-artifacts/ (crash-*, timeout-*, leak-*, oom-*).  Reproduce one with
#   build-fuzz/bin/clpar-translate-fuzz FILE
# and shrink it with
#   build-fuzz/bin/clpar-translate-fuzz -minimize_crash=1 -runs=2000 FILE
# Statistics (executions, exec/s, coverage) are on stderr at the end, and in
# build-fuzz/fuzz-artifacts/last-run.log.
set -eu
cd "$(dirname "$0")/.."
root=$PWD
seconds=${1:-}
case $seconds in
  ''|*[!0-9]*) echo "usage: scripts/fuzz.sh SECONDS [corpus dir]" >&2; exit 2 ;;
esac
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
corpus=${2:-$build/fuzz-corpus}
. scripts/sanitizer-common.sh
configure_sanitized "$build" address,undefined -DCLPAR_FUZZ=ON >/dev/null
cmake --build "$build" --target clpar-translate-fuzz

# The seeds: every lit test's and e2e program's source, under names that keep their paths.
seeds=$build/fuzz-seeds
rm -rf "$seeds"
mkdir -p "$seeds" "$corpus" "$build/fuzz-artifacts"
find test/lit test/e2e/programs -name '*.cpp' | while read -r f; do
  cp "$f" "$seeds/$(echo "$f" | tr / _)"
done

# The precompiled prelude (test/fuzz/TranslateFuzzer.cpp): clpar.hpp and the standard
# headers the seeds include, built by the tree's own compiler with the options the target
# parses with.  An input that defines a macro before including clpar.hpp (say
# CLPAR_NO_BOUNDS_CHECK) then sees the header as already included; FUZZ_PCH=0 turns the
# prelude off.
if [ "${FUZZ_PCH:-1}" != 0 ]; then
  cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
  prelude=$build/fuzz-prelude.hpp
  {
    echo '#include <clpar/clpar.hpp>'
    for h in algorithm array atomic chrono cmath cstddef cstdint cstdio cstdlib cstring \
             functional limits memory numeric optional stdexcept string thread type_traits \
             utility vector; do
      echo "#include <$h>"
    done
  } >"$prelude"
  "$cxx" -x c++-header -std=c++20 -fopenmp -I include -I test/e2e/programs "$prelude" \
    -o "$build/fuzz-prelude.pch"
  export CLPAR_FUZZ_PCH="$build/fuzz-prelude.pch"
fi

# -close_fd_mask=3: the translator's diagnostics are not printed (libFuzzer's own report
# and the sanitizers' still are).
log=$build/fuzz-artifacts/last-run.log
echo "fuzzing for $seconds s; progress in $log"
status=0
nice -n 10 "$build/bin/clpar-translate-fuzz" -max_len="${FUZZ_MAX_LEN:-16384}" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=4096 \
  -max_total_time="$seconds" -close_fd_mask=3 -print_final_stats=1 \
  -artifact_prefix="$build/fuzz-artifacts/" "$corpus" "$seeds" >"$log" 2>&1 || status=$?
tail -n 40 "$log"
exit $status
