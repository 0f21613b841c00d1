// --no-opencl: OpenMP variants only, no runtime calls in the output.
// RUN: %translate --no-opencl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cpp
#include <clpar/clpar.hpp>

void f(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] = 3;
  // REMARK: remark-no-opencl.cpp:[[@LINE-2]]:3: remark: 1-D prange nest: OpenMP variant only (--no-opencl) [-Rclpar]
}
// CHECK-NOT: {{^}}#include <clpar/rt/region.hpp>
// CHECK-NOT: region_call
// CHECK: {{^}}#pragma omp parallel for
