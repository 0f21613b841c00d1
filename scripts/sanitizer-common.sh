# scripts/sanitizer-common.sh - sourced by sanitize.sh and fuzz.sh (from the repository's
# root): configuring a tree built with sanitizers, and the sanitizers' options.

# configure_sanitized BUILD SANITIZERS [cmake arguments...]: clang-19, -DCLPAR_SANITIZE
# (docs/environment.md, "Build options"), ccache where there is one.  Optimized a little,
# with line tables only and assertions on: stack traces name every line, and the
# Clang-heavy translator compiles much faster than with -O2 -g.
configure_sanitized() {
  build=$1 sanitizers=$2
  shift 2
  debug_flags="-O1 -gline-tables-only"
  launcher=
  if command -v ccache >/dev/null; then
    launcher="-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache"
  fi
  # shellcheck disable=SC2086 # the launcher's words are meant to split
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    "-DCMAKE_CXX_FLAGS_DEBUG=$debug_flags" "-DCMAKE_C_FLAGS_DEBUG=$debug_flags" \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
    "-DCLPAR_SANITIZE=$sanitizers" $launcher "$@"
}

# Every sanitizer stops the program at its first report; suppressions (test/sanitizers/)
# name only PoCL, LLVM and the ICD loader.  Building runs sanitized programs too
# (clpar-translate through clpar++, test discovery), so these hold for the build as well.
supp=$PWD/test/sanitizers
# use_sigaltstack=0: LLVM (loaded by PoCL) installs an alternate signal stack of its own on
# the threads that compile kernels, and ASan, finding it there at thread exit, fails to
# unmap it as its own ("AddressSanitizer failed to deallocate", CHECK failed).
# allow_user_poisoning=0: LLVM's bump allocator poisons and unpoisons its slabs where its
# header code is compiled with ASan (the translator's files) and not where it is not
# (libLLVM, libclang-cpp), so memory that one allocates and the other reads is reported
# (use-after-poison in Clang's FoldingSet, translating test/lit/translate/slice-reduction.cpp).
export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:use_sigaltstack=0:allow_user_poisoning=0"
export LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1"
# ignore_noninstrumented_modules=1: what archer asks for (libomp itself is not instrumented).
export TSAN_OPTIONS="halt_on_error=1:abort_on_error=1:second_deadlock_stack=1:ignore_noninstrumented_modules=1:suppressions=$supp/tsan.supp"
