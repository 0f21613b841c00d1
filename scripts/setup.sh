#!/bin/sh
# scripts/setup.sh [BUILD_DIR] - installs the Debian 12 packages clpar needs (only those
# missing), then configures and builds clpar into BUILD_DIR (default: build).
set -eu
cd "$(dirname "$0")/.."
build=${1:-build}

packages="clang-19 libclang-19-dev llvm-19-dev llvm-19-tools libomp-19-dev pocl-opencl-icd \
ocl-icd-opencl-dev opencl-clhpp-headers opencl-c-headers clinfo oclgrind libgtest-dev \
cmake ninja-build g++ python3 python3-matplotlib pkgconf ccache libxxhash-dev nlohmann-json3-dev \
dpkg-dev file openmpi-bin libopenmpi-dev"
missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "clpar: installing$missing"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing
fi

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build "$build"
