// Built-in arrays have no view descriptor: OpenMP variant only.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void f(clpar::view<float> v) {
  float table[4] = {1, 2, 3, 4};
  for (auto i : clpar::prange(v.size()))
    v[i] = table[i % 4];
  // CHECK: remark-builtin-array.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it indexes a built-in array or pointer; use a clpar::view, std::vector or std::array; the OpenMP variant is used [-Rclpar]
}
