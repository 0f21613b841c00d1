# shellcheck shell=sh
# scripts/generated-batch.sh - sourced by difftest.sh and difftest_batches.sh: one batch of
# generated programs (test/generated/README.md), written and built.

# build_batch ROOT CLPARXX SEED PROGRAMS SIZE DIR: test/generated/gen.py's batch for SEED
# (PROGRAMS programs of SIZE) into DIR/batch.cpp, built with the plain compiler and the
# header alone (the reference, DIR/serial) and with CLPARXX (DIR/clpar), both with
# $batch_flags; each build's output in DIR/serial-build.log and DIR/clpar-build.log.
# Returns 1 with batch_failure saying which step failed, else 0.
# shellcheck disable=SC2086 # $batch_flags is meant to split
build_batch() {
  batch_flags="-std=c++20 -O2 -I$1/include -I$1/test/generated"
  batch_failure=
  mkdir -p "$6" || { batch_failure="cannot make $6"; return 1; }
  if ! python3 "$1/test/generated/gen.py" --seed "$3" --programs "$4" --size "$5" \
         -o "$6/batch.cpp"; then
    batch_failure="gen.py fails"
  elif ! c++ $batch_flags "$6/batch.cpp" -o "$6/serial" >"$6/serial-build.log" 2>&1; then
    batch_failure="the reference does not build"
  elif ! "$2" $batch_flags "$6/batch.cpp" -o "$6/clpar" >"$6/clpar-build.log" 2>&1; then
    batch_failure="clpar++ fails"
  fi
  [ -z "$batch_failure" ]
}
