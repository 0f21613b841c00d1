#!/bin/sh
# test/integration/mpi.sh PREFIX WORK_DIR MPIEXEC SOURCE GENERATOR - the MPI example
# (SOURCE, examples/mpi_jacobi/mpi_jacobi.cpp) built with the installed clpar in PREFIX in
# the four ways of test/integration/mpi/CMakeLists.txt, each program then run on 4 ranks on
# the host with --check by test/e2e/mpi_jacobi.sh.
set -eu
prefix=$1 work=$2 mpiexec=$3 source=$4 generator=$5
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
mkdir -p "$work"

build() {
  name=$1
  shift
  echo "== $name"
  cmake -S "$here/mpi" -B "$work/$name" -G "$generator" -DCMAKE_BUILD_TYPE=Release \
    -DEXAMPLE_SOURCE="$source" "$@" >"$work/$name.log" 2>&1 &&
    cmake --build "$work/$name" >>"$work/$name.log" 2>&1 ||
    { cat "$work/$name.log"; echo "$name: the build failed"; exit 1; }
  "$here/../e2e/mpi_jacobi.sh" host "$mpiexec" "$work/$name/mpi_jacobi" "$source" \
    --n 64 --steps 5 >"$work/$name.run" 2>&1 ||
    { cat "$work/$name.run"; echo "$name: the run failed"; exit 1; }
  tail -1 "$work/$name.run"
}

build launcher -DCMAKE_PREFIX_PATH="$prefix" -DUSE_FIND_MPI=ON
build wrapper -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_COMPILER=mpicxx
toolchain=$prefix/share/clpar/clpar-toolchain.cmake
build toolchain -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_CXX_FLAGS=--clpar-cxx=mpicxx
build toolchain-find-mpi -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DUSE_FIND_MPI=ON
echo "mpi: four builds ran"
