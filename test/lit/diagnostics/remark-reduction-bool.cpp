// A bool reduction stays on the host (the OpenMP variant reduces it).
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

bool any_negative(clpar::view<const int> v) {
  bool any = false;
  for (auto i : clpar::prange(v.size()))
    any |= v[i] < 0;
  // CHECK: remark-reduction-bool.cpp:[[@LINE-2]]:3: remark: prange loop not offloaded to OpenCL: it reduces the bool 'any' (OpenCL C has no bool in global memory); the OpenMP variant is used [-Rclpar]
  return any;
}
