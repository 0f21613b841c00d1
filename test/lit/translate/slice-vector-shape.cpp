// Slice assignments take four iterations per work-item (inner_block 4), reductions one.
// T4 vectors: one element type, arithmetic, math built-ins that take vectors; comparisons,
// where, casts, mixed types and min/max take the four one by one, a global size apart.
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
  // CHECK: {{^ *}}1, false, false, false, nullptr, false, 4, false, false};
  // SCALAR-NOT: float4
  // SCALAR: {{^ *}}float clpar_value[4];
  // SCALAR-NOT: float4
  // SCALAR: {{^ *}}clpar_value[clpar_j] = (clpar_v1[clpar_v1_off + (long)clpar_i0 * clpar_v1_s0] > clpar_s0) ? clpar_v2[clpar_v2_off + (long)clpar_i0 * clpar_v2_s0] : clpar_s1;
  // SCALAR-NOT: float4
  d[all] = clpar::cast<double>(y) + d;
  // CHECK: {{^ *}}1, true, false, false, nullptr, false, 4, false, false};
  x[all] = clpar::min(x, y);
  // CHECK: {{^ *}}1, false, false, false, nullptr, false, 4, false, false};
  return clpar::sum(y * y);
  // CHECK: {{^ *}}1, false, false, false, nullptr, false, 1, true, false};
}

// Unaligned, four reads per element: the four a global size apart, each stored as it is
// computed.
// STENCIL-NOT: clpar_value
// STENCIL: {{^ *}}const ulong clpar_k1 = clpar_block + clpar_j * get_global_size(0);
// STENCIL-NEXT: {{^ *}}if (clpar_k1 >= clpar_count1)
// STENCIL-NOT: clpar_value
// STENCIL: {{^ *}}clpar_dst[clpar_dst_off + (long)clpar_i0 * clpar_dst_s0 + (long)clpar_i1 * clpar_dst_s1] = clpar_s0 *
// Two reads per element (as int): the four values computed, the loads unconditional (the
// last element again past the end), then the stores.
// INT: {{^ *}}int clpar_value[4];
// INT: {{^ *}}clpar_value[clpar_j] = (clpar_v1[clpar_v1_off + (long)clpar_i0 * clpar_v1_s0] * clpar_s0) - clpar_v2[clpar_v2_off + (long)clpar_i0 * clpar_v2_s0];
// INT: {{^ *}}clpar_dst[clpar_dst_off + (long)clpar_i0 * clpar_dst_s0] = clpar_value[clpar_j];
