// Several sources in one command: compiled to one object each, or linked together.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cd %t && %clparxx --no-opencl -c %s %S/Inputs/several-sources-helper.cpp
// RUN: ls %t | FileCheck --check-prefix=OBJECTS %s
// RUN: %clparxx --no-opencl %s %S/Inputs/several-sources-helper.cpp -o %t/program
// RUN: %t/program | FileCheck --check-prefix=OUT %s

// OBJECTS: several-sources-helper.o
// OBJECTS-NEXT: several-sources.o

// OUT: helper says 7

#include <cstdio>

int helper(int);

int main() {
  std::printf("helper says %d\n", helper(6));
  return 0;
}
