// A member function is translated when it runs on a record the kernel can hold (see
// translate/records.cpp); called through a pointer, its object is out of reach.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

struct Scale {
  float k;
  float apply(float x) const { return k * x; }
};

void f(clpar::view<float> v, const Scale *s) {
  for (auto i : clpar::prange(v.size()))
    v[i] = s->apply(v[i]);
  // CHECK: remark-call-member-function.cpp:[[@LINE-1]]:15: remark: prange loop not offloaded to OpenCL: it calls the member function 'apply'; the OpenMP variant is used [-Rclpar]
}
