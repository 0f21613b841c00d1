// A sub-view held in a local variable is not offloaded (yet).
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void f(clpar::view<float, 2> m, clpar::view<float> out) {
  for (auto i : clpar::prange(out.size())) {
    auto row = m(i, clpar::all);
    // CHECK: remark-subview-local.cpp:[[@LINE-1]]:10: remark: prange loop not offloaded to OpenCL: it declares 'row' of type 'clpar::view<float{{.*}}>'; kernels hold only arithmetic locals, structs and references to elements or locals; the OpenMP variant is used [-Rclpar]
    out[i] = row[0];
  }
}
