// Taking a sub-view inside a kernel expression is not offloaded (yet).
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void f(clpar::view<float, 2> m, clpar::view<float> out) {
  for (auto i : clpar::prange(out.size()))
    out[i] = m(i, clpar::all)[0];
  // CHECK: remark-subview-expression.cpp:[[@LINE-1]]:32: remark: prange loop not offloaded to OpenCL: it takes a sub-view inside the loop; kernels index elements only; the OpenMP variant is used [-Rclpar]
}
