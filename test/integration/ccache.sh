#!/bin/sh
# test/integration/ccache.sh PREFIX WORK_DIR - ccache in front of the installed clpar++
# (the toolchain file with CMAKE_CXX_COMPILER_LAUNCHER=ccache), with ccache told to hash
# `clpar++ --version` (compiler_check; docs/driver.md, "Compiler caches"):
#   a rebuild hits; a moved copy of the same install hits; an install whose translator or
#   headers differ misses, although clpar++ itself is the same file; another underlying
#   compiler (CLPAR_CXX) misses.  Every build's program runs and checks its result.
set -eu
prefix=$1 work=$2
common=$(cd "$(dirname "$0")/common" && pwd)
command -v ccache >/dev/null || { echo "ccache is not installed" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work/src"
cp "$common/saxpy.cpp" "$common/saxpy.h" "$work/src/"
cat >"$work/src/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(cached CXX)
set(CMAKE_CXX_STANDARD 20)
add_executable(saxpy saxpy.cpp)
CMAKE
export CCACHE_DIR="$work/ccache" CCACHE_COMPILERCHECK='%compiler% --version'
unset CCACHE_DISABLE CCACHE_RECACHE CCACHE_PREFIX CCACHE_BASEDIR

# build NAME PREFIX: configures and builds in $work/NAME, runs the program, and prints
# how many compilations ccache served from the cache and how many it compiled.
build() {
  ccache --zero-stats >/dev/null
  cmake -S "$work/src" -B "$work/$1" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    "-DCMAKE_TOOLCHAIN_FILE=$2/share/clpar/clpar-toolchain.cmake" \
    -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >"$work/$1.log" 2>&1 ||
    { cat "$work/$1.log"; exit 1; }
  cmake --build "$work/$1" >>"$work/$1.log" 2>&1 || { cat "$work/$1.log"; exit 1; }
  "$work/$1/saxpy" >/dev/null
  ccache --print-stats | awk '
    $1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { hit += $2 }
    $1 == "cache_miss" { miss += $2 }
    END { printf "%d %d\n", hit, miss }'
}
expect() {
  if [ "$2" != "$3" ]; then
    echo "FAIL: $1: hits and misses $2, expected $3" >&2
    exit 1
  fi
  echo "ok: $1 ($2)"
}

expect "first build" "$(build first "$prefix")" "0 1"
expect "rebuild" "$(build again "$prefix")" "1 0"

cp -a "$prefix" "$work/moved"
expect "a moved copy of the install" "$(build moved "$work/moved")" "1 0"

# Only a header that the generated code includes changes, not clpar++ (cp -a keeps its
# time stamp too).
cp -a "$prefix" "$work/headers"
echo "// another build" >>"$work/headers/include/clpar/rt/openmp.hpp"
expect "other headers" "$(build headers "$work/headers")" "0 1"

cp -a "$prefix" "$work/translator"
echo >>"$work/translator/bin/clpar-translate"  # still runs: trailing bytes of an ELF file
expect "another translator" "$(build translator "$work/translator")" "0 1"

if command -v clang++-19 >/dev/null; then
  expect "another underlying compiler" "$(CLPAR_CXX=clang++-19 build clang "$prefix")" "0 1"
fi
