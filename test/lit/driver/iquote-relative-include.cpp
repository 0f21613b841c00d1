// `#include "x.h"` still finds x.h beside the source, before any other directory, though
// the compiler reads a translated copy elsewhere.
// RUN: rm -rf %t && mkdir -p %t/Inputs
// RUN: echo '#error "the working directory was searched first"' > %t/Inputs/iquote-relative-include.h
// RUN: cd %t && %clparxx --no-opencl -iquote %t -I %t %s -o %t/program
// RUN: %t/program | FileCheck %s

// CHECK: value 42

#include "Inputs/iquote-relative-include.h"

#include <cstdio>

int main() {
  std::printf("value %d\n", IQUOTE_RELATIVE_INCLUDE_VALUE);
  return 0;
}
