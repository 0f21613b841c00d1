// A region without an OpenCL variant is still one traced call (SPEC 3, CLPAR_TRACE).
// RUN: %clparxx -std=c++20 -O2 %s -o %t
// RUN: env CLPAR_TRACE=1 %t 2>&1 | FileCheck %s
#include <clpar/clpar.hpp>
#include <cstdio>
#include <vector>

int main() {
  std::vector<int> v(100, 1);
  int *p = v.data();
  for (auto i : clpar::prange(std::size_t(100)))
    p[i] += 1;
  // CHECK: clpar: {{.*}}trace-host-only-region.cpp:11:3 n=100 -> host (OpenMP variant only: uses the raw pointer 'p', whose extent is unknown; use a clpar::view) {{[0-9]+}} us
  std::printf("%d\n", v[5]);
  // CHECK: 2
}
