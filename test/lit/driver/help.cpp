// --help prints the usage and every clpar option, and runs nothing else.
// RUN: %clparxx --help | FileCheck %s
// RUN: env CLPAR_CXX=/nonexistent %clparxx --help -c nothing.cpp | FileCheck %s

// CHECK: USAGE: clpar++ [clpar options] [compiler arguments]
// CHECK: --no-opencl
// CHECK: --no-opencl-gpu
// CHECK: --no-bounds-check
// CHECK: --strict-fp
// CHECK: -Rclpar
// CHECK: -Rno-clpar
// CHECK: --translate-headers=user|none
// CHECK: --translate-headers-in=DIR
// CHECK: --no-translate-headers-in=DIR
// CHECK: --keep-generated[=DIR]
// CHECK: --clpar-cxx=PATH
// CHECK: --clpar-launch CXX
// CHECK: -v
// CHECK: --version
// CHECK: --help
