// A call to a function whose body is not visible keeps the loop on OpenMP.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

float helper(float x);

void f(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] = helper(v[i]);
  // CHECK: remark-call-not-translated.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it calls 'helper', whose body is not visible; the OpenMP variant is used [-Rclpar]
}
