#!/bin/sh
# scripts/test.sh - installs what is missing, builds, and runs the whole test suite.
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh build
# Kernel caches of OpenCL implementations must not hide build failures from the tests.
export POCL_KERNEL_CACHE=0
ctest --test-dir build --output-on-failure -j "$(nproc)"
