#!/bin/sh
# scripts/test.sh - installs what is missing, builds, and runs the whole test suite: all
# tests in parallel but the one that installs the Debian package into /usr
# (integration.deb-install, label deb-install), which then runs alone.
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh build
# Kernel caches of OpenCL implementations must not hide build failures from the tests,
# and clpar's own starts empty and stays out of the user's home (tests that exercise it
# set their own CLPAR_CACHE_DIR).
export POCL_KERNEL_CACHE=0
export CLPAR_CACHE_DIR="$PWD/build/test-kernel-cache"
rm -rf "$CLPAR_CACHE_DIR"
ctest --test-dir build --output-on-failure -j "$(nproc)" -LE deb-install
# As root it installs the package with apt-get and purges it again; otherwise ctest
# reports it skipped.
CLPAR_TEST_DEB_INSTALL=1 ctest --test-dir build --output-on-failure -L deb-install
