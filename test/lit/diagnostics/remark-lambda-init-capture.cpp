// A call of a lambda with an init-capture keeps the loop on OpenMP: the captured
// variable lives only in the closure, so the host has no name to pass it by.  The
// output compiles.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void f(clpar::view<float> v) {
  auto scale = [k = 3.0f](float x) { return x * k; };
  // CHECK: remark-lambda-init-capture.cpp:[[@LINE-1]]:17: remark: prange loop not offloaded to OpenCL: it calls a lambda with an init-capture; the OpenMP variant is used [-Rclpar]
  for (auto i : clpar::prange(v.size()))
    v[i] = scale(v[i]);
}
