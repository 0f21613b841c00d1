// Members of a view other than size() and extent(d) are not translated.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void f(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] = float(v.stride(0));
  // CHECK: remark-view-member.cpp:[[@LINE-1]]:20: remark: prange loop not offloaded to OpenCL: it calls 'stride' on 'v'; kernels support element access, size() and extent(d); the OpenMP variant is used [-Rclpar]
}

// A view that a lambda made elsewhere captures is named as the lambda names it (the host
// reads it from the closure).
template <class F>
void apply(clpar::view<float> v, F f) {
  for (auto i : clpar::prange(v.size()))
    v[i] = f(i);
}

void g(clpar::view<float> a, clpar::view<const float> w) {
  apply(a, [w](std::size_t i) { return w.empty() ? 0.0f : w[i]; });
  // CHECK: remark-view-member.cpp:[[@LINE-1]]:42: remark: prange loop in 'apply<(lambda at {{.*}})>' not offloaded to OpenCL: it calls 'empty' on 'w'; kernels support element access, size() and extent(d); the OpenMP variant is used [-Rclpar]
}
