// A raw pointer has no known extent: OpenMP variant only.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void f(clpar::view<float> v, const float *p) {
  for (auto i : clpar::prange(v.size()))
    v[i] = p[i];
  // CHECK: remark-raw-pointer.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it uses the raw pointer 'p', whose extent is unknown; use a clpar::view; the OpenMP variant is used [-Rclpar]
}
