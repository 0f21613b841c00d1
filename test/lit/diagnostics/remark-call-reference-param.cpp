// A function taking a non-const reference cannot be translated.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
#include <clpar/clpar.hpp>

void twice(float &x) { x *= 2; }
// CHECK: remark-call-reference-param.cpp:[[@LINE-1]]:19: remark: prange loop not offloaded to OpenCL: it calls 'twice', whose parameter 'x' has type 'float &' (kernels pass arithmetic values and clpar::view); the OpenMP variant is used [-Rclpar]

void f(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    float t = v[i];
    twice(t);
    v[i] = t;
  }
}
