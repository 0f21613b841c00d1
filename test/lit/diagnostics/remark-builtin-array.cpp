// Built-in arrays from outside the loop: one of one dimension is a view
// (translate/builtin-array.cpp), and so is one of more dimensions of arithmetic values
// or structs (translate/outer-multidim-arrays.cpp); one of other elements, or an array
// that is no named variable, keeps the loop on OpenMP.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void f(clpar::view<float> v) {
  long double table[2][2] = {{1, 2}, {3, 4}};
  for (auto i : clpar::prange(v.size()))
    v[i] = float(table[i % 2][0]);
  // CHECK: remark-builtin-array.cpp:[[@LINE-1]]:18: remark: prange loop not offloaded to OpenCL: it indexes 'table', a built-in array of more than one dimension from outside the loop whose elements are no arithmetic values or structs a kernel holds; the OpenMP variant is used [-Rclpar]
}

void g(clpar::view<float> v, bool first) {
  float a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
  for (auto i : clpar::prange(v.size()))
    v[i] = (first ? a : b)[i % 4];
  // CHECK: remark-builtin-array.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it indexes a built-in array or pointer; use a clpar::view, std::vector or std::array; the OpenMP variant is used [-Rclpar]
}
