#!/bin/sh
# scripts/demo.sh [BUILD_DIR] - installs what is missing, builds, and runs the
# inside-polygon demo (examples/polygon.cpp): serial, OpenMP, and every OpenCL device
# found, each checked against the serial result.
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}
[ -n "${CLPAR_DEMO_NO_BUILD:-}" ] || scripts/setup.sh "$build"
bin=$build/examples
info=$build/bin/clpar-info

echo
echo "Inside-polygon mask, 1024x1024 pixels, 24 edges (times in ms; 'first' includes"
echo "building the kernel, 'median' is over 9 later calls; speed-up = the row's own serial"
echo "loop ('serial ms', measured in the same process) / its median; OpenCL rows give the"
echo "device's P:D and type)"
echo
echo "| variant                  |  serial ms |   first ms |  median ms | speed-up | same  |"
echo "|--------------------------|-----------:|-----------:|-----------:|---------:|-------|"
status=0
"$bin/polygon_serial" --label "header only (g++ -O2)" 2>/dev/null || status=1
CLPAR_DEVICE=host "$bin/polygon" --label "OpenMP ($(nproc) threads)" 2>/dev/null || status=1
# One row per usable OpenCL device, from clpar-info --json.
"$info" --json 2>/dev/null | python3 scripts/usable-devices.py |
while IFS='|' read -r pd type name; do
  CLPAR_DEVICE=$pd "$bin/polygon" --label "$pd $type $(echo "$name" | cut -c1-15)" 2>/dev/null ||
    exit 1
done || status=1
exit $status
