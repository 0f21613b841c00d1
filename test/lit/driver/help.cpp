// --help prints the usage and every clpar option, and runs nothing else.
// RUN: %clparxx --help | FileCheck %s
// RUN: env CLPAR_CXX=/nonexistent %clparxx --help -c nothing.cpp | FileCheck %s

// CHECK: USAGE: clpar++ [clpar options] [compiler arguments]
// CHECK: --no-opencl
// CHECK: --no-opencl-gpu
// CHECK: --no-bounds-check
// CHECK: --strict-fp
// CHECK: -Rclpar
// CHECK: --keep-generated[=DIR]
// CHECK: --clpar-cxx=PATH
// CHECK: -v
// CHECK: --version
// CHECK: --help
