// A reduction over a slice expression becomes a region with one reduction variable; the
// replacement returns its value.  min and max of an empty expression fall back to the
// header, which throws.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_slice_11_10.cl
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
#include <clpar/clpar.hpp>

float norm2(clpar::view<const float> v) {
  return clpar::sum(v[clpar::slice(0, 100, 2)] * v[clpar::slice(0, 100, 2)]) + clpar::max(v);
}
// CHECK-OMP: {{^ *}}clpar_scope.sync(); return [&](auto clpar_v0, auto clpar_v1) -> float { // clpar: slice statement
// CHECK-OMP: {{^ *}}float clpar_acc = static_cast<float>(0);
// CHECK-OMP: reduction(+: clpar_acc)
// CHECK-OMP: {{^ *}}return clpar_acc; }((v[clpar::slice(0, 100, 2)]), (v[clpar::slice(0, 100, 2)])) + [&](auto clpar_v0) -> float { // clpar: slice statement
// CHECK-OMP: {{^ *}}if (!::clpar::rt::same_extents(clpar_v0) || clpar_v0.size() == 0) {
// CHECK-OMP-NEXT: {{^ *}}const ::clpar::rt::view_arg clpar_host_views[] = {::clpar::rt::view_arg_of(clpar_v0, false)};
// CHECK-OMP-NEXT: {{^ *}}::clpar::rt::prepare_host_access(clpar_host_views, 1, "{{.*}}");
// CHECK-OMP-NEXT: {{^ *}}return clpar::max(clpar_v0);
// CHECK-OMP: {{^ *}}return clpar_acc; }((v));
// The statement's values are taken several iterations at a time (Analysis/ReductionLanes.h).
// CHECK-CL: {{^ *}}clpar_lane0[clpar_j] = clpar_v0[clpar_v0_off + ((clpar_idx)clpar_i0 * CLPAR_INNER((clpar_idx)clpar_v0_s0))] * clpar_v1[clpar_v1_off + ((clpar_idx)clpar_i0 * CLPAR_INNER((clpar_idx)clpar_v1_s0))];
// CHECK-CL: {{^ *}}clpar_acc += clpar_lane0[clpar_j];
