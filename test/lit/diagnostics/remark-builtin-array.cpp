// Built-in arrays from outside the loop: one of one dimension is a view
// (translate/builtin-array.cpp); one of more dimensions, or an array that is no named
// variable, keeps the loop on OpenMP.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void f(clpar::view<float> v) {
  float table[2][2] = {{1, 2}, {3, 4}};
  for (auto i : clpar::prange(v.size()))
    v[i] = table[i % 2][0];
  // CHECK: remark-builtin-array.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it indexes 'table', a built-in array of more than one dimension from outside the loop; kernels index those of one dimension (or use a clpar::view of its elements); the OpenMP variant is used [-Rclpar]
}

void g(clpar::view<float> v, bool first) {
  float a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
  for (auto i : clpar::prange(v.size()))
    v[i] = (first ? a : b)[i % 4];
  // CHECK: remark-builtin-array.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it indexes a built-in array or pointer; use a clpar::view, std::vector or std::array; the OpenMP variant is used [-Rclpar]
}
