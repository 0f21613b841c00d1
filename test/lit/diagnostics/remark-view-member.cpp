// Members of a view other than size() and extent(d) are not translated.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void f(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] = float(v.stride(0));
  // CHECK: remark-view-member.cpp:[[@LINE-1]]:20: remark: prange loop not offloaded to OpenCL: it calls 'stride' on 'v'; kernels support element access, size() and extent(d); the OpenMP variant is used [-Rclpar]
}
