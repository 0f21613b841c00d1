// Views passed to translated functions must be named views, not sub-view expressions.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

float first(clpar::view<const float> r) { return r[0]; }

void f(clpar::view<const float, 2> m, clpar::view<float> out) {
  for (auto i : clpar::prange(out.size()))
    out[i] = first(m(i, clpar::all));
  // CHECK: remark-call-view-expression.cpp:[[@LINE-1]]:20: remark: prange loop not offloaded to OpenCL: it passes a view expression to 'first'; pass a named view; the OpenMP variant is used [-Rclpar]
}
