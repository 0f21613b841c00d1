// long double has no OpenCL C equivalent: OpenMP variant only.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void f(clpar::view<double> v) {
  for (auto i : clpar::prange(v.size())) {
    long double x = v[i];
    // CHECK: remark-type-not-representable.cpp:[[@LINE-1]]:17: remark: prange loop not offloaded to OpenCL: it uses type 'long double', which OpenCL C cannot represent; the OpenMP variant is used [-Rclpar]
    v[i] = double(x * 2);
  }
}
