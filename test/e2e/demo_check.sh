#!/bin/sh
# test/e2e/demo_check.sh BUILD_DIR - scripts/demo.sh on an existing build: a row for the
# serial build, one for OpenMP and one per usable OpenCL device that `clpar-info --json`
# lists (and no other: calibration lines are not devices), each naming the device's type
# and agreeing with the serial result.
set -eu
build=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$(CLPAR_DEMO_NO_BUILD=1 CLPAR_CACHE_DIR="$build/demo-kernel-cache" \
  "$root/scripts/demo.sh" "$build")
echo "$out"
devices=$("$build/bin/clpar-info" --json | python3 "$root/scripts/usable-devices.py" |
  cut -d'|' -f1,2 | tr '|' ' ')
rows=$(echo "$out" | grep -c '^| [0-9]*:[0-9]* ' || true)
want=$(echo "$devices" | grep -c . || true)
[ "$rows" = "$want" ] || { echo "FAIL: $rows device rows, clpar-info lists $want usable devices"; exit 1; }
echo "$devices" | while read -r pd type; do
  echo "$out" | grep -q "^| $pd $type " || { echo "FAIL: no row '$pd $type'"; exit 1; }
done
echo "$out" | grep -q '^| header only' || { echo "FAIL: no serial row"; exit 1; }
echo "$out" | grep -q '^| OpenMP' || { echo "FAIL: no OpenMP row"; exit 1; }
if echo "$out" | grep -q '| NO '; then
  echo "FAIL: a variant's result differs from the serial one"
  exit 1
fi
