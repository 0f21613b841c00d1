#!/bin/sh
# sites.sh CLPAR SOURCE...
#
# Fails unless CLPAR (a program built with clpar++) calls each region of its SOURCEs (its
# .cpp files and the project's own headers) as often as the source says.  A line that
# starts a region, the outermost prange of a nest or a slice statement, ends in a comment
# "region: N": the program calls it N times, all instantiations of a template together.
# CLPAR runs on the OpenCL device with CLPAR_TRACE=1; each traced call
# "clpar: FILE:LINE:COL ... n=N -> ..." counts for FILE:LINE, where FILE must be the
# SOURCE's path as given (a site in a header names the header, not a translated copy).
# A loop or an instantiation that clpar++ left serial is never traced: it counts 0.
set -u
clpar=$1
shift
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

CLPAR_DEVICE=opencl CLPAR_TRACE=1 POCL_KERNEL_CACHE=0 CLPAR_CACHE_DIR="$work/kernel-cache" \
  "$clpar" >/dev/null 2>"$work/trace" || { echo "$clpar failed"; cat "$work/trace"; exit 1; }
grep '^clpar: .* n=[0-9][0-9]* -> ' "$work/trace" >"$work/calls"

status=0 regions=0
for source; do
  grep -n 'region: [0-9][0-9]*' "$source" | sed 's/^\([0-9]*\):.*region: \([0-9]*\).*/\1 \2/' \
    >"$work/marks"
  while read -r line want; do
    regions=$((regions + 1))
    got=$(awk -v site="clpar: $source:$line:" 'index($0, site) == 1' "$work/calls" | wc -l)
    if [ "$got" -eq "$want" ]; then
      echo "$source:$line: $got calls"
    else
      echo "$source:$line: error: $want calls expected, $got traced"
      status=1
    fi
  done <"$work/marks"
done
if [ "$regions" -eq 0 ]; then echo "no line says 'region: N' in $*"; exit 1; fi
if [ "$status" -ne 0 ]; then
  echo "calls traced per site:"
  if [ -s "$work/calls" ]; then
    sed 's/^clpar: \([^ ]*\) .*/\1/' "$work/calls" | sort | uniq -c
  else
    echo "  (none)"
  fi
fi
exit "$status"
