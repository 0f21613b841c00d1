#!/bin/sh
# test/integration/deb_install.sh BUILD_DIR LIBDIR CPACK WORK_DIR - the Debian package
# (cmake/Packaging.cmake) made from BUILD_DIR, checked as a user gets it.
#
#   Always: `CPACK -G DEB` into WORK_DIR; the file is clpar_<version>_<arch>.deb; its
#   Depends name the packages of every library its binaries link and what clpar++ needs
#   to compile (the OpenCL ICD loader, Clang, libomp), and it Recommends an OpenCL driver;
#   it holds exactly what `cmake --install` installs, under /usr (LIBDIR is
#   CMAKE_INSTALL_LIBDIR), and its CMake and pkg-config files name no path of the build.
#
#   As root with CLPAR_TEST_DEB_INSTALL=1 (integration.deb-install, run alone by
#   scripts/test.sh): `apt-get install ./clpar_*.deb`, which installs what it declares;
#   then the example (common/scale.cpp and common/uses_scale.cpp) is built against /usr
#   three ways, each found with no hint: a CMake project through find_package(clpar) and
#   clpar_target, clpar++ from PATH, and `pkg-config --cflags --libs clpar` with the plain
#   compiler linking.  Each program runs with CLPAR_DEVICE=opencl-cpu (PoCL) and must
#   trace its loop on that device.  `apt-get purge clpar` follows, also on failure.
#   Where a clpar package is already known to dpkg, or clpar files lie in /usr, the test
#   fails rather than replace or remove them.
#
#   Otherwise (integration.deb): the same three builds against the package unpacked with
#   `dpkg-deb -x` into a scratch root (CMAKE_PREFIX_PATH, its clpar++, PKG_CONFIG_PATH),
#   and the test says that the install part was skipped.
set -eu
build=$(cd "$1" && pwd) libdir=$2 cpack=$3 work=$4
common=$(cd "$(dirname "$0")/common" && pwd)
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd -P)
# Kernels are built afresh, and no cache outside WORK_DIR is written.
export POCL_KERNEL_CACHE=0 CLPAR_CACHE_DIR="$work/kernel-cache"

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# --- The package and its metadata --------------------------------------------------------
"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$work/package" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; fail "cpack -G DEB"; }
set -- "$work"/package/*.deb
if [ $# -ne 1 ] || [ ! -f "$1" ]; then fail "cpack made no single .deb: $*"; fi
deb=$1
version=$(dpkg-deb -f "$deb" Version)
arch=$(dpkg --print-architecture)
[ "$(basename "$deb")" = "clpar_${version}_$arch.deb" ] ||
  fail "the package is $(basename "$deb"), not clpar_${version}_$arch.deb"
echo "package: $(basename "$deb")"
for field in Package Version Architecture Maintainer Section Depends Recommends; do
  value=$(dpkg-deb -f "$deb" $field)
  [ -n "$value" ] || fail "the package has no $field"
  echo "  $field: $value"
done
[ "$(dpkg-deb -f "$deb" Package)" = clpar ] || fail "the package is not named clpar"
[ "$(dpkg-deb -f "$deb" Section)" = devel ] || fail "the package's Section is not devel"

# The names of a comma-separated relation field, one a line, alternatives split too.
relation_names() {
  dpkg-deb -f "$deb" "$1" | tr '|' ',' | tr ',' '\n' | sed 's/([^)]*)//; s/:any//; s/^ *//; s/ *$//' |
    grep -v '^$'
}
relation_names Depends >"$work/depends"
relation_names Recommends >"$work/recommends"
depends_on() { grep -qx "$1" "$work/depends"; }

# What clpar++ needs to compile: the runtime's dlopen'ed loader cannot be seen in its ELF
# files, Clang's resource folder and libomp's omp.h serve the translator's parse.
for package in ocl-icd-libopencl1 clang-19 libomp-19-dev; do
  depends_on $package || fail "Depends lacks $package"
done
grep -qx pocl-opencl-icd "$work/recommends" || fail "Recommends lacks pocl-opencl-icd"
grep -qx python3-matplotlib "$work/recommends" || fail "Recommends lacks python3-matplotlib"
dpkg-deb -c "$deb" | grep -q ' \./usr/bin/clpar-timeline$' || fail "the package lacks clpar-timeline"

# --- Its files: exactly what `cmake --install` installs ------------------------------------
cmake --install "$build" --prefix "$work/install" >"$work/install.log" 2>&1 ||
  { cat "$work/install.log"; fail "cmake --install"; }
(cd "$work/install" && find . ! -type d | sed 's|^\./|/usr/|' | LC_ALL=C sort) >"$work/installed"
dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { print $6 }' | sed 's|^\./|/|' | LC_ALL=C sort \
  >"$work/packaged"
if ! diff -u "$work/installed" "$work/packaged" >"$work/files.diff"; then
  cat "$work/files.diff"
  fail "the package's files differ from what cmake --install installs (- installed, + packaged)"
fi
for file in /usr/bin/clpar++ /usr/bin/clpar-translate /usr/bin/clpar-info \
            /usr/include/clpar/clpar.hpp /usr/include/clpar/rt/region.hpp \
            "/usr/$libdir/libclpar_rt.so" "/usr/$libdir/cmake/clpar/clparConfig.cmake" \
            "/usr/$libdir/pkgconfig/clpar.pc" /usr/share/clpar/clpar-toolchain.cmake; do
  grep -qx "$file" "$work/packaged" || fail "the package lacks $file"
done
echo "files: $(wc -l <"$work/packaged") ($(grep -c '^/usr/include/' "$work/packaged") headers)"

root="$work/root"
dpkg-deb -x "$deb" "$root"

# Every library that the package's programs and libraries link comes from itself or from
# a package that Depends names.
find "$root" -type f | while read -r file; do
  if head -c 4 "$file" | grep -q 'ELF'; then
    objdump -p "$file" | awk '$1 == "NEEDED" { print $2 }'
  fi
done | LC_ALL=C sort -u >"$work/needed"
# owner PATH: the package that holds PATH, which dpkg may know by its name before the merge
# of /lib into /usr/lib, or by the file a link names.
owner() {
  real=$(readlink -f "$1")
  for candidate in "$1" "$real" "${real#/usr}" "/usr$1"; do
    dpkg-query -S "$candidate" 2>/dev/null | sed -n '1s/[:,].*//p' | grep . && return 0
  done
  return 1
}
ldconfig=$(command -v ldconfig || echo /sbin/ldconfig)
while read -r library; do
  [ -e "$root/usr/$libdir/$library" ] && continue
  path=$("$ldconfig" -p | awk -v l="$library" '$1 == l { print $NF; exit }')
  [ -n "$path" ] || fail "no library $library on this machine"
  package=$(owner "$path") || fail "no package holds $path"
  depends_on "$package" ||
    fail "the package's programs link $library (from $package); Depends lacks $package"
done <"$work/needed"

# The CMake and pkg-config files know nothing of the machine that built them.
for file in "$root/usr/$libdir/cmake/clpar"/*.cmake "$root/usr/$libdir/pkgconfig/clpar.pc" \
            "$root/usr/share/clpar/clpar-toolchain.cmake"; do
  for path in "$build" "$source_dir" /usr/local; do
    if grep -qF "$path" "$file"; then fail "${file#"$root"} names $path"; fi
  done
done

# --- The example, built three ways -------------------------------------------------------
# run NAME PROGRAM: runs it on PoCL, which must have run its loop in scale.cpp.
run() {
  CLPAR_DEVICE=opencl-cpu CLPAR_TRACE=1 "$2" >"$work/$1.out" 2>"$work/$1.trace" ||
    { cat "$work/$1.out" "$work/$1.trace"; fail "$1: the program failed"; }
  grep -q '^scale ok$' "$work/$1.out" || fail "$1: no result"
  grep '^clpar: [^ ]*scale\.cpp:[0-9]*:[0-9]* n=' "$work/$1.trace" >"$work/$1.calls" ||
    { cat "$work/$1.trace"; fail "$1: no traced call of scale.cpp's loop"; }
  if grep -q -- '-> host' "$work/$1.calls"; then
    cat "$work/$1.trace"
    fail "$1: the loop ran on the host, not on the OpenCL device"
  fi
  echo "ok: $1: $(head -n 1 "$work/$1.calls")"
}

# build_all PREFIX: PREFIX is /usr (installed) or the unpacked root's usr; the builds
# must find exactly that clpar, the installed one with no hint at all.
build_all() {
  prefix=$1
  src="$work/example"
  mkdir -p "$src"
  cp "$common/scale.cpp" "$common/uses_scale.cpp" "$src/"
  cat >"$src/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(deb_example LANGUAGES CXX)
find_package(clpar 0.1 CONFIG REQUIRED)
add_executable(uses_scale uses_scale.cpp scale.cpp)
clpar_target(uses_scale)
CMAKE
  hint=""
  [ "$prefix" = /usr ] || hint="-DCMAKE_PREFIX_PATH=$prefix"
  # shellcheck disable=SC2086 # no hint: no word
  if ! { cmake -S "$src" -B "$work/cmake-build" -G Ninja -DCMAKE_BUILD_TYPE=Release $hint &&
         cmake --build "$work/cmake-build"; } >"$work/cmake.log" 2>&1; then
    cat "$work/cmake.log"
    fail "find_package: the project does not build"
  fi
  found=$(sed -n 's/^clpar_DIR:PATH=//p' "$work/cmake-build/CMakeCache.txt")
  [ "$found" = "$prefix/$libdir/cmake/clpar" ] ||
    fail "find_package found clpar in '$found', not in $prefix/$libdir/cmake/clpar"
  run find_package "$work/cmake-build/uses_scale"

  if [ "$prefix" = /usr ]; then
    clparxx=$(command -v clpar++) || fail "clpar++ is not in PATH"
    [ "$clparxx" = /usr/bin/clpar++ ] || fail "clpar++ in PATH is $clparxx, not /usr/bin/clpar++"
  else
    clparxx="$prefix/bin/clpar++"
  fi
  # -v: the commands, so that the headers and the runtime can be seen to come from PREFIX.
  "$clparxx" -v -std=c++20 -O2 "$src/scale.cpp" "$src/uses_scale.cpp" -o "$work/direct" \
    >"$work/direct.log" 2>&1 || { cat "$work/direct.log"; fail "clpar++ does not build"; }
  grep -q -- "-I$prefix/include" "$work/direct.log" ||
    { cat "$work/direct.log"; fail "clpar++ does not use $prefix/include"; }
  grep -q -- "-L$prefix/$libdir" "$work/direct.log" ||
    { cat "$work/direct.log"; fail "clpar++ does not link $prefix/$libdir"; }
  run clpar++ "$work/direct"

  cflags=$(pkg-config --cflags clpar) || fail "pkg-config finds no clpar"
  libs=$(pkg-config --libs clpar)
  [ "$(readlink -f "$(pkg-config --variable=clparxx clpar)")" = "$(readlink -f "$clparxx")" ] ||
    fail "pkg-config's clparxx is $(pkg-config --variable=clparxx clpar), not $clparxx"
  # shellcheck disable=SC2086 # flags split into words
  { "$clparxx" $cflags -O2 -c "$src/scale.cpp" -o "$work/scale.o" &&
    c++ $cflags -O2 -c "$src/uses_scale.cpp" -o "$work/uses_scale.o" &&
    c++ "$work/uses_scale.o" "$work/scale.o" $libs -o "$work/pkg-config"; } ||
    fail "pkg-config: the example does not build"
  run pkg-config "$work/pkg-config"
}

if [ "$(id -u)" -ne 0 ] || [ "${CLPAR_TEST_DEB_INSTALL:-}" != 1 ]; then
  export CMAKE_PREFIX_PATH="" PKG_CONFIG_PATH="$root/usr/$libdir/pkgconfig"
  build_all "$root/usr"
  echo "install part skipped: it needs root and CLPAR_TEST_DEB_INSTALL=1" \
    "(apt-get install of the package into /usr, then purged); the unpacked package was used"
  exit 0
fi

# --- Installed with apt-get, and purged again --------------------------------------------
status=$(dpkg-query -W -f='${Status}' clpar 2>/dev/null || true)
case $status in
  "" | "unknown ok not-installed" | "purge ok not-installed") ;;
  *) fail "dpkg knows a clpar package already ($status); this test installs and purges" \
       "clpar, so it leaves that one alone: remove it first or run without" \
       "CLPAR_TEST_DEB_INSTALL" ;;
esac
sed 's|/include/clpar/.*|/include/clpar|' "$work/packaged" | LC_ALL=C sort -u |
  while read -r file; do
    [ -e "$file" ] || [ -L "$file" ] || continue
    fail "$file exists without a clpar package (an install into /usr?); this test would" \
      "overwrite it and its purge remove it: remove it first"
  done

installed=0
purge() {
  [ $installed = 1 ] || return 0
  installed=0
  echo "purging clpar"
  DEBIAN_FRONTEND=noninteractive apt-get purge -y -q clpar >"$work/purge.log" 2>&1 ||
    { cat "$work/purge.log" >&2; echo "FAIL: apt-get purge clpar" >&2; return 1; }
}
trap 'purge' EXIT
trap 'exit 1' HUP INT TERM

installed=1
DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb" >"$work/apt.log" 2>&1 ||
  { cat "$work/apt.log"; fail "apt-get install $deb"; }
[ "$(dpkg-query -W -f='${Status} ${Version}' clpar)" = "install ok installed $version" ] ||
  fail "apt-get did not install clpar $version"
echo "installed: clpar $version"

unset CMAKE_PREFIX_PATH PKG_CONFIG_PATH PKG_CONFIG_LIBDIR clpar_DIR CLPAR_CXX
build_all /usr

purge || exit 1
if dpkg-query -W -f='${Status}' clpar 2>/dev/null | grep -qv not-installed; then
  fail "clpar is still known to dpkg after the purge"
fi
[ ! -e /usr/bin/clpar++ ] || fail "/usr/bin/clpar++ is left after the purge"
echo "purged: clpar"
