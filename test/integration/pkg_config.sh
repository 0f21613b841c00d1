#!/bin/sh
# test/integration/pkg_config.sh PREFIX CXX WORK_DIR - the installed clpar through
# pkg-config, as a Makefile uses it: the library source compiled by clpar++
# (`pkg-config --variable=clparxx clpar`), the program compiled and everything linked by
# the plain compiler with `pkg-config --cflags --libs clpar`; and a header-only build with
# the plain compiler and --cflags alone.  Each program checks its own result.
set -eu
prefix=$1 cxx=$2 work=$3
common=$(cd "$(dirname "$0")/common" && pwd)
rm -rf "$work"
mkdir -p "$work"
cd "$work"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
unset PKG_CONFIG_LIBDIR

version=$(pkg-config --modversion clpar)
cflags=$(pkg-config --cflags clpar)
libs=$(pkg-config --libs clpar)
clparxx=$(pkg-config --variable=clparxx clpar)
echo "clpar $version: cflags '$cflags' libs '$libs' clpar++ '$clparxx'"
[ -x "$clparxx" ] || { echo "clparxx names no program: $clparxx" >&2; exit 1; }

# The translated object calls the runtime: linking it is what --libs is for.
# shellcheck disable=SC2086 # flags split into words
"$clparxx" $cflags -O2 -c "$common/scale.cpp" -o scale.o
nm -C scale.o | grep -q ' U clpar::rt::' || { echo "scale.o does not call the runtime" >&2; exit 1; }
# shellcheck disable=SC2086
"$cxx" $cflags -O2 -c "$common/uses_scale.cpp" -o uses_scale.o
# shellcheck disable=SC2086
"$cxx" uses_scale.o scale.o $libs -o uses_scale
./uses_scale
CLPAR_DEVICE=host ./uses_scale

# The header alone: a serial program from the plain compiler.
# shellcheck disable=SC2086
"$cxx" $cflags -I"$common" -O2 "$common/saxpy.cpp" -o saxpy_serial
./saxpy_serial
