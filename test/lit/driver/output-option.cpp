// -o names the object, the assembly and the program; the program runs.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clparxx --no-opencl -c %s -o %t/named.o
// RUN: %clparxx --no-opencl -S %s -o %t/named.s
// RUN: %clparxx --no-opencl %s -o %t/program
// RUN: ls %t | FileCheck --check-prefix=FILES %s
// RUN: %t/program | FileCheck --check-prefix=OUT %s

// FILES: named.o
// FILES-NEXT: named.s
// FILES-NEXT: program

// OUT: output-option says hello

#include <cstdio>

int main() {
  std::puts("output-option says hello");
  return 0;
}
