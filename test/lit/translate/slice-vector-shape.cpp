// Slice assignments take four iterations per work-item (inner_block 4), reductions one.
// An aligned-rows form with T4 vectors (aligned_rows): one element type, arithmetic, math
// built-ins that take vectors, where by a comparison of vectors; where between scalars
// only, casts, mixed types and min/max take the four one by one, a global size apart.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cpp
// RUN: FileCheck %s --check-prefix=STENCIL < %t.cl/clpar_slice_23_3.cl
// RUN: FileCheck %s --check-prefix=INT < %t.cl/clpar_slice_32_3.cl
// RUN: FileCheck %s --check-prefix=WHERE < %t.cl/clpar_slice_36_3.cl
// RUN: FileCheck %s --check-prefix=SCALAR < %t.cl/clpar_slice_39_3.cl
#include <clpar/clpar.hpp>

using clpar::all;
using clpar::slice;

float f(clpar::view<float> x, clpar::view<const float> y, clpar::view<double> d,
        clpar::view<int> k, clpar::view<const int> j, clpar::view<float, 2> u,
        clpar::view<const float, 2> v) {
  const std::ptrdiff_t r = u.extent(0), c = u.extent(1);
  x[all] += clpar::sqrt(y) * 2.0f - clpar::fma(y, y, x);
  // CHECK: {{^ *}}1, false, false, false, nullptr, false, 4, false, false, true, true, 0, {{clpar_split|nullptr}}, {{true|false}}, true, true};
  u(slice(1, r - 1), slice(1, c - 1)) =
      0.25f * (v(slice(0, r - 2), slice(1, c - 1)) + v(slice(2, r), slice(1, c - 1)) +
               v(slice(1, r - 1), slice(0, c - 2)) + v(slice(1, r - 1), slice(2, c)));
  // CHECK: {{^ *}}2, false, false, false, nullptr, false, 4, false, false, true, true, 0, {{clpar_split|nullptr}}, {{true|false}}, true, true};
  // CHECK: {{^ *}}for (std::int64_t clpar_k1 = static_cast<std::int64_t>(clpar_from); clpar_k1 < static_cast<std::int64_t>(clpar_to); ++clpar_k1) {
  // CHECK-NEXT: {{^ *}}const std::size_t clpar_i0 = static_cast<std::size_t>(clpar_k0);
  // CHECK-NEXT: {{^ *}}const std::size_t clpar_i1 = static_cast<std::size_t>(clpar_k1);
  // STENCIL: {{^}}#ifdef CLPAR_ROWS4
  // STENCIL: {{^ *}}(*(__global float4 *)(clpar_dst + clpar_dst_off + ((clpar_idx)clpar_i0 * (clpar_idx)clpar_dst_s0 + (clpar_idx)clpar_i1))) = clpar_s0 * (((clpar_window4(clpar_v1 + clpar_v1_off + ((clpar_idx)clpar_i0 * (clpar_idx)clpar_v1_s0 + (clpar_idx)clpar_i1), CLPAR_SHIFT1) + clpar_window4(clpar_v2 + clpar_v2_off + ((clpar_idx)clpar_i0 * (clpar_idx)clpar_v2_s0 + (clpar_idx)clpar_i1), CLPAR_SHIFT2)) + clpar_window4(clpar_v3 + clpar_v3_off + ((clpar_idx)clpar_i0 * (clpar_idx)clpar_v3_s0 + (clpar_idx)clpar_i1), CLPAR_SHIFT3)) + clpar_window4(clpar_v4 + clpar_v4_off + ((clpar_idx)clpar_i0 * (clpar_idx)clpar_v4_s0 + (clpar_idx)clpar_i1), CLPAR_SHIFT4));
  k[all] = j * 3 - k;
  // CHECK: {{^ *}}1, false, false, false, nullptr, false, 4, false, false, true, true, 0, {{clpar_split|nullptr}}, {{true|false}}, true, true};
  // INT: {{^}}int4 clpar_window4(__global const int *p, const uint k) {
  // INT: {{^ *}}(*(__global int4 *)(clpar_dst + clpar_dst_off + ((clpar_idx)clpar_i0))) = (clpar_window4(clpar_v1 + clpar_v1_off + ((clpar_idx)clpar_i0), CLPAR_SHIFT1) * clpar_s0) - clpar_window4(clpar_v2 + clpar_v2_off + ((clpar_idx)clpar_i0), CLPAR_SHIFT2);
  x[all] = clpar::where(y > 0.0f, y, 0.0f);
  // CHECK: {{^ *}}1, false, false, false, nullptr, false, 4, false, false, true, true, 0, {{clpar_split|nullptr}}, {{true|false}}, true, true};
  // WHERE: {{^ *}}(*(__global float4 *)(clpar_dst + clpar_dst_off + ((clpar_idx)clpar_i0))) = (clpar_window4(clpar_v1 + clpar_v1_off + ((clpar_idx)clpar_i0), CLPAR_SHIFT1) > clpar_s0) ? clpar_window4(clpar_v2 + clpar_v2_off + ((clpar_idx)clpar_i0), CLPAR_SHIFT2) : clpar_s1;
  x[all] = clpar::where(y > 0.0f, 1.0f, 0.0f); // selects between scalars only
  // CHECK: {{^ *}}1, false, false, false, nullptr, false, 4, false, false, false, true, 0, {{clpar_split|nullptr}}, {{true|false}}, true, true};
  // SCALAR-NOT: float4
  // SCALAR: {{^ *}}float clpar_value[4];
  // SCALAR-NOT: float4
  // SCALAR: {{^ *}}clpar_value[clpar_j] = (clpar_v1[clpar_v1_off + ((clpar_idx)clpar_i0 * CLPAR_INNER((clpar_idx)clpar_v1_s0))] > clpar_s0) ? clpar_s1 : clpar_s2;
  // SCALAR-NOT: float4
  d[all] = clpar::cast<double>(y) + d;
  // CHECK: {{^ *}}1, true, false, false, nullptr, false, 4, false, false, false, true, 0, {{clpar_split|nullptr}}, {{true|false}}, true, true};
  x[all] = clpar::min(x, y);
  // CHECK: {{^ *}}1, false, false, false, nullptr, false, 4, false, false, false, true, 0, {{clpar_split|nullptr}}, {{true|false}}, true, true};
  return clpar::sum(y * y);
  // CHECK: {{^ *}}1, false, false, false, nullptr, false, 1, true, false, false, true, 0, {{clpar_split|nullptr}}, {{true|false}}, true, false};
}

// Otherwise, four reads per element: the four a global size apart, each stored as it is
// computed.
// STENCIL: {{^}}#else
// STENCIL-NOT: clpar_value
// STENCIL: {{^ *}}const ulong clpar_k1 = clpar_block + clpar_j * get_global_size(0);
// STENCIL-NEXT: {{^ *}}if (clpar_k1 >= clpar_count1)
// STENCIL-NOT: clpar_value
// STENCIL: {{^ *}}clpar_dst[clpar_dst_off + ((clpar_idx)clpar_i0 * (clpar_idx)clpar_dst_s0 + (clpar_idx)clpar_i1 * CLPAR_INNER((clpar_idx)clpar_dst_s1))] = clpar_s0 *
// Otherwise, two reads per element (as int): the four values computed, the loads
// unconditional (the last element again past the end), then the stores.
// INT: {{^}}#else
// INT: {{^ *}}int clpar_value[4];
// INT: {{^ *}}clpar_value[clpar_j] = (clpar_v1[clpar_v1_off + ((clpar_idx)clpar_i0 * CLPAR_INNER((clpar_idx)clpar_v1_s0))] * clpar_s0) - clpar_v2[clpar_v2_off + ((clpar_idx)clpar_i0 * CLPAR_INNER((clpar_idx)clpar_v2_s0))];
// INT: {{^ *}}clpar_dst[clpar_dst_off + ((clpar_idx)clpar_i0 * CLPAR_INNER((clpar_idx)clpar_dst_s0))] = clpar_value[clpar_j];
