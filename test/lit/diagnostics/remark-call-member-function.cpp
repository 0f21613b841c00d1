// Member functions (other than static ones and lambdas) are not translated.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
#include <clpar/clpar.hpp>

struct Scale {
  float k;
  float apply(float x) const { return k * x; }
};

void f(clpar::view<float> v, Scale s) {
  for (auto i : clpar::prange(v.size()))
    v[i] = s.apply(v[i]);
  // CHECK: remark-call-member-function.cpp:[[@LINE-1]]:14: remark: prange loop not offloaded to OpenCL: it calls the member function 'apply'; the OpenMP variant is used [-Rclpar]
}
