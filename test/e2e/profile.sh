#!/bin/sh
# profile.sh MODE CLPAR CHECKER [TIMELINE PYTHON]
#
# CLPAR_PROFILE and CLPAR_SUMMARY through CLPAR, a program built with clpar++, run on the
# OpenCL device (PoCL here) with a kernel cache of its own; CHECKER is profile_check.py.
#   MODE trace       CLPAR_PROFILE=<dir>/profile-%p.json: one file, named with the pid, no
#                    temporary left, which CHECKER finds well-formed and nested, with
#                    builds; a second run's file has cache loads instead
#   MODE summary     CLPAR_SUMMARY=1 with CLPAR_TRACE=1: CHECKER finds the table's header
#                    and a row per traced site with the traced number of calls
#   MODE unwritable  CLPAR_PROFILE in a directory that does not exist: the program's output
#                    and exit status are unchanged, and stderr has the one warning
#   MODE timeline    PYTHON runs TIMELINE (bin/clpar-timeline) on the profile of a run with
#                    builds: it succeeds, and CHECKER finds the picture a PNG file of a
#                    plausible size; on a file that is no profile it fails with one message
set -u
mode=$1 clpar=$2 checker=$3 timeline=${4:-} python=${5:-python3}
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
export POCL_KERNEL_CACHE=0 CLPAR_CACHE_DIR="$work/kernel-cache" CLPAR_DEVICE=opencl
unset CLPAR_PROFILE CLPAR_SUMMARY CLPAR_TRACE

# Runs CLPAR with the given environment assignments; its stdout and stderr go to
# $work/out and $work/err.
run() {
  env "$@" "$clpar" >"$work/out" 2>"$work/err"
  status=$?
  if [ $status -ne 0 ]; then echo "$clpar exited with $status"; cat "$work/err"; exit 1; fi
}

case $mode in
  trace)
    mkdir "$work/profiles"
    run CLPAR_PROFILE="$work/profiles/profile-%p.json"
    files=$(ls "$work/profiles")
    echo "written: $files"
    case $files in
      profile-[0-9]*.json) ;;
      *) echo "error: expected one profile-<pid>.json, found: $files"; exit 1 ;;
    esac
    if [ -s "$work/err" ]; then echo "error: unexpected stderr:"; cat "$work/err"; exit 1; fi
    python3 "$checker" trace "$work/profiles/$files" || exit 1
    run CLPAR_PROFILE="$work/second.json"
    python3 "$checker" trace "$work/second.json" --cache-hit || exit 1
    ;;
  summary)
    run CLPAR_SUMMARY=1 CLPAR_TRACE=1
    grep -A 1000 'CLPAR_SUMMARY=1' "$work/err"
    python3 "$checker" summary "$work/err" || exit 1
    ;;
  unwritable)
    run
    mv "$work/out" "$work/expected"
    path="$work/no-such-dir/profile.json"
    run CLPAR_PROFILE="$path"
    cat "$work/err"
    if ! diff -u "$work/expected" "$work/out"; then echo "error: output changed"; exit 1; fi
    echo "clpar: warning: cannot write profile $path: No such file or directory" >"$work/want"
    if ! diff -u "$work/want" "$work/err"; then echo "error: stderr is not the one warning"; exit 1; fi
    ;;
  timeline)
    run CLPAR_PROFILE="$work/profile.json"
    "$python" "$timeline" "$work/profile.json" "$work/timeline.png" --title "e2e.profile" ||
      { echo "error: clpar-timeline failed"; exit 1; }
    python3 "$checker" png "$work/timeline.png" || exit 1
    "$python" "$timeline" "$work/out" "$work/none.png" 2>"$work/timeline-err"
    status=$?
    cat "$work/timeline-err"
    if [ $status -ne 1 ] || [ -e "$work/none.png" ] ||
       [ "$(grep -c '^clpar-timeline: ' "$work/timeline-err")" -ne 1 ]; then
      echo "error: on a file that is no profile, want exit 1 and one message, no picture"
      exit 1
    fi
    ;;
  *) echo "unknown mode $mode"; exit 2 ;;
esac
