// A slice assignment becomes a region over the destination's extents: leaves evaluated
// once, the statement as written as the fallback for shape errors and overlap, one fused
// kernel and one OpenMP loop.
// RUN: rm -rf %t.cl && %translate -Rclpar --keep-generated=%t.cl %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_slice_12_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
#include <clpar/clpar.hpp>

void saxpy(float a, clpar::view<const float> x, clpar::view<float> y) {
  // REMARK: slice-saxpy.cpp:[[@LINE+1]]:3: remark: 1-D slice assignment offloaded: OpenCL kernel 'clpar_slice_12_3' and an OpenMP variant [-Rclpar]
  y[clpar::all] = a * x + y;
}
// The operands are the lambda's arguments, evaluated once; the fallback reuses them.
// CHECK-OMP: {{^ *}}[&](auto clpar_dst, const auto clpar_s0, auto clpar_v1, auto clpar_v2) -> void { // clpar: slice statement
// CHECK-OMP-NEXT: {{^ *}}if (!::clpar::rt::same_extents(clpar_dst, clpar_v1, clpar_v2) || ::clpar::rt::needs_temporary(clpar_dst, clpar_v1, clpar_v2)) {
// CHECK-OMP-NEXT: {{^ *}}const ::clpar::rt::view_arg clpar_host_views[] = {::clpar::rt::view_arg_of(clpar_dst, true), ::clpar::rt::view_arg_of(clpar_v1, false), ::clpar::rt::view_arg_of(clpar_v2, false)};
// CHECK-OMP-NEXT: {{^ *}}::clpar::rt::prepare_host_access(clpar_host_views, 3, "{{.*}}slice-saxpy.cpp:12:3");
// CHECK-OMP-NEXT: {{^ *}}std::move(clpar_dst) = clpar_s0 * clpar_v1 + clpar_v2;
// CHECK-OMP-NEXT: {{^ *}}return;
// Four iterations per work-item (region_info::inner_block), and an aligned-rows form
// (region_info::aligned_rows):
// CHECK-OMP: {{^ *}}1, false, false, false, nullptr, false, 4, false, false, true, true, 0, {{clpar_split|nullptr}}, {{true|false}}, true, true};
// The OpenMP loop counts with a signed variable, which is the index itself (so that the
// compiler sees an affine index and vectorizes):
// CHECK-OMP: {{^ *}}for (std::int64_t clpar_k0 = 0; clpar_k0 < static_cast<std::int64_t>(clpar_n0); ++clpar_k0) {
// CHECK-OMP-NEXT: {{^ *}}const std::size_t clpar_i0 = static_cast<std::size_t>(clpar_k0);
// CHECK-OMP: {{^ *}}clpar_dst.data()[static_cast<std::ptrdiff_t>(clpar_i0) * clpar_dst.stride(0)] = (clpar_s0 * clpar_v1.data()[static_cast<std::ptrdiff_t>(clpar_i0) * clpar_v1.stride(0)]) + clpar_v2.data()[static_cast<std::ptrdiff_t>(clpar_i0) * clpar_v2.stride(0)];
// Built with CLPAR_ROWS4 (contiguous views): each source's four elements out of the
// aligned float4s around them, with its shift against the destination a build-time
// constant:
// CHECK-CL-NOT: clpar_checked(
// CHECK-CL: {{^}}#ifdef CLPAR_ROWS4
// CHECK-CL-NEXT: {{^}}float4 clpar_window4(__global const float *p, const uint k) {
// CHECK-CL: {{^ *}}const ulong clpar_block = get_global_id(0);
// CHECK-CL-NEXT: {{^}}#ifdef CLPAR_ROWS4
// CHECK-CL-NEXT: {{^ *}}const long clpar_j0 = 4 * (long)clpar_block - ((clpar_dst_off + clpar_first0) & 3);
// CHECK-CL-NEXT: {{^ *}}if (clpar_j0 >= 0 && clpar_j0 + 4 <= (long)clpar_count0) {
// CHECK-CL-NEXT: {{^ *}}const ulong clpar_k0 = (ulong)clpar_j0;
// CHECK-CL-NEXT: {{^ *}}ulong clpar_i0 = (ulong)(clpar_first0 + (long)clpar_k0 * clpar_step0);
// CHECK-CL-NEXT: {{^ *}}(*(__global float4 *)(clpar_dst + clpar_dst_off + ((clpar_idx)clpar_i0))) = (clpar_s0 * clpar_window4(clpar_v1 + clpar_v1_off + ((clpar_idx)clpar_i0), CLPAR_SHIFT1)) + clpar_window4(clpar_v2 + clpar_v2_off + ((clpar_idx)clpar_i0), CLPAR_SHIFT2);
// The first and last work-items of a row, lane by lane with clamped loads:
// CHECK-CL: {{^ *}}float clpar_value[4];
// CHECK-CL: {{^ *}}const ulong clpar_k0 = (ulong)clamp(clpar_j0 + (long)clpar_j, 0L, (long)clpar_count0 - 1);
// CHECK-CL: {{^ *}}clpar_value[clpar_j] = (clpar_s0 * clpar_v1[clpar_v1_off + ((clpar_idx)clpar_i0 * CLPAR_INNER((clpar_idx)clpar_v1_s0))]) + clpar_v2[clpar_v2_off + ((clpar_idx)clpar_i0 * CLPAR_INNER((clpar_idx)clpar_v2_s0))];
// CHECK-CL: {{^ *}}if (clpar_t >= 0 && clpar_t < (long)clpar_count0) {
// CHECK-CL: {{^ *}}clpar_dst[clpar_dst_off + ((clpar_idx)clpar_i0 * CLPAR_INNER((clpar_idx)clpar_dst_s0))] = clpar_value[clpar_j];
// CHECK-CL: {{^}}#else
// Unaligned or strided: four a global size apart, every value computed (with loads that
// read the last element again past the end) before the first store:
// CHECK-CL: {{^ *}}float clpar_value[4];
// CHECK-CL: {{^ *}}const ulong clpar_next = clpar_block + clpar_j * get_global_size(0);
// CHECK-CL-NEXT: {{^ *}}const ulong clpar_k0 = clpar_next < clpar_count0 ? clpar_next : clpar_count0 - 1;
// CHECK-CL: {{^ *}}clpar_value[clpar_j] = (clpar_s0 * clpar_v1[clpar_v1_off + ((clpar_idx)clpar_i0 * CLPAR_INNER((clpar_idx)clpar_v1_s0))]) + clpar_v2[clpar_v2_off + ((clpar_idx)clpar_i0 * CLPAR_INNER((clpar_idx)clpar_v2_s0))];
// CHECK-CL: {{^ *}}const ulong clpar_k0 = clpar_block + clpar_j * get_global_size(0);
// CHECK-CL-NEXT: {{^ *}}if (clpar_k0 < clpar_count0) {
// CHECK-CL: {{^ *}}clpar_dst[clpar_dst_off + ((clpar_idx)clpar_i0 * CLPAR_INNER((clpar_idx)clpar_dst_s0))] = clpar_value[clpar_j];
// CHECK-CL: {{^}}#endif
// CHECK-OMP: {{^ *}}}((y[clpar::all]), (a), (x), (y));
