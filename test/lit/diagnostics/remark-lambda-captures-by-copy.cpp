// A lambda declared in the loop that copies a loop-local variable is not translated
// (the copy would have to be taken where the lambda is created).
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void f(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    float k = 2.0f;
    auto g = [k](float x) { return k * x; };
    // CHECK: remark-lambda-captures-by-copy.cpp:[[@LINE-1]]:15: remark: prange loop not offloaded to OpenCL: it calls a lambda that captures 'k', declared in the loop, by copy; the OpenMP variant is used [-Rclpar]
    v[i] = g(v[i]);
  }
}
