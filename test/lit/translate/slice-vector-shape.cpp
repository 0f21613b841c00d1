// Which slice statements take four iterations per work-item through T4 vectors
// (region_info::inner_block 4): one element type, arithmetic, and math built-ins that
// take vectors.  Comparisons, where, casts, mixed types, min/max and reductions do not.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl %flags
// RUN: FileCheck %s < %t.cpp
// RUN: FileCheck %s --check-prefix=STENCIL < %t.cl/clpar_slice_20_3.cl
// RUN: FileCheck %s --check-prefix=INT < %t.cl/clpar_slice_26_3.cl
// RUN: FileCheck %s --check-prefix=SCALAR < %t.cl/clpar_slice_29_3.cl
#include <clpar/clpar.hpp>

using clpar::all;
using clpar::slice;

float f(clpar::view<float> x, clpar::view<const float> y, clpar::view<double> d,
        clpar::view<int> k, clpar::view<const int> j, clpar::view<float, 2> u,
        clpar::view<const float, 2> v) {
  const std::ptrdiff_t r = u.extent(0), c = u.extent(1);
  x[all] += clpar::sqrt(y) * 2.0f - clpar::fma(y, y, x);
  // CHECK: {{^ *}}1, false, false, false, nullptr, false, 4, false, false};
  u(slice(1, r - 1), slice(1, c - 1)) =
      0.25f * (v(slice(0, r - 2), slice(1, c - 1)) + v(slice(2, r), slice(1, c - 1)) +
               v(slice(1, r - 1), slice(0, c - 2)) + v(slice(1, r - 1), slice(2, c)));
  // CHECK: {{^ *}}2, false, false, false, nullptr, false, 4, false, false};
  // STENCIL: {{^ *}}clpar_v1_s1 == 1 && (clpar_v1_off & 3) == 0 && (clpar_v1_s0 & 3) == 0 &&
  // STENCIL: {{^ *}}(*(__global float4 *)(clpar_dst + clpar_dst_off + (long)clpar_i0 * clpar_dst_s0 + (long)clpar_i1)) = clpar_s0 *
  k[all] = j * 3 - k;
  // CHECK: {{^ *}}1, false, false, false, nullptr, false, 4, false, false};
  // INT: {{^ *}}(*(__global int4 *)(clpar_dst + clpar_dst_off + (long)clpar_i0)) = ((*(__global const int4 *)(clpar_v1 + clpar_v1_off + (long)clpar_i0)) * clpar_s0) - (*(__global const int4 *)(clpar_v2 + clpar_v2_off + (long)clpar_i0));
  x[all] = clpar::where(y > 0.0f, y, 0.0f);
  // CHECK: {{^ *}}1, false, false, false, nullptr, false, 1, false, false};
  // SCALAR-NOT: float4
  // SCALAR-NOT: clpar_block
  d[all] = clpar::cast<double>(y) + d;
  // CHECK: {{^ *}}1, true, false, false, nullptr, false, 1, false, false};
  x[all] = clpar::min(x, y);
  // CHECK: {{^ *}}1, false, false, false, nullptr, false, 1, false, false};
  return clpar::sum(y * y);
  // CHECK: {{^ *}}1, false, false, false, nullptr, false, 1, true, false};
}
