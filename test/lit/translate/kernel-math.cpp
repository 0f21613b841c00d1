// std:: and C math functions map to OpenCL built-ins of the argument's type.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cl/clpar_m_10_3.cl
#include <cmath>
#include <algorithm>
#include <clpar/clpar.hpp>

void m(clpar::view<float> f, clpar::view<double> d, clpar::view<int> k) {
  for (auto i : clpar::prange(f.size())) {
    f[i] = std::sqrt(f[i]) + sqrtf(f[i]) + std::fabs(f[i]);
    d[i] = std::exp(d[i]) + std::pow(d[i], 2.0);
    k[i] = std::abs(k[i]) + std::max(k[i], 3);
    f[i] = std::min(f[i], 1.0f);
  }
}
// CHECK: {{^}}#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// CHECK: = (sqrt(f[{{.*}}]) + sqrt(f[{{.*}}])) + fabs(f[
// CHECK: = exp(d[{{.*}}]) + pow(d[{{.*}}], 2.0);
// CHECK: = ((int)abs(k[{{.*}}])) + max(k[{{.*}}], 3);
// CHECK: = clpar_std_min_float(f[{{.*}}], 1.0f);

// A kernel that calls no std::clamp has no clamp helper (kernels of older programs stay
// byte for byte what they were, and so do their cache keys).
// RUN: not grep clpar_std_clamp %t.cl/clpar_m_10_3.cl

// C++17's three-argument std::hypot: OpenCL's hypot takes two.
// RUN: FileCheck %s --check-prefix=HYPOT < %t.cl/clpar_length_30_3.cl
void length(clpar::view<float> f, clpar::view<double> d) {
  for (auto i : clpar::prange(f.size())) {
    f[i] = std::hypot(f[i], 1.0f, 2.0f);
    d[i] = std::hypot(d[i], 3.0, d[i]);
  }
}
// HYPOT: = hypot(hypot(f[{{.*}}], 1.0f), 2.0f);
// HYPOT: = hypot(hypot(d[{{.*}}], 3.0), d[{{.*}}]);
