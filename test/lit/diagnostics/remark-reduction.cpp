// Reductions get an OpenMP reduction clause; the kernel variant comes later.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cpp
#include <algorithm>
#include <clpar/clpar.hpp>

float f(clpar::view<const float> v) {
  float s = 0, m = 0;
  for (auto i : clpar::prange(v.size())) {
    s += v[i];
    m = std::max(m, v[i]);
  }
  // REMARK: remark-reduction.cpp:[[@LINE-4]]:3: remark: prange loop not offloaded to OpenCL: it updates the reduction variable 's' (reductions on OpenCL devices are not implemented yet); the OpenMP variant is used [-Rclpar]
  return s + m;
}
// CHECK: {{^}}#pragma omp parallel for schedule(runtime) num_threads(clpar_schedule.threads()) reduction(+: s) reduction(max: m)
