// Reductions: an OpenMP reduction clause, and a kernel with a work-group tree reduction.
// RUN: rm -rf %t.cl && %translate -Rclpar --keep-generated=%t.cl %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_f_12_3.cl
#include <algorithm>
#include <clpar/clpar.hpp>

float f(clpar::view<const float> v) {
  float s = 0, m = 0;
  // REMARK: reduction-add-max.cpp:[[@LINE+1]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_f_12_3' with reductions 's' (+), 'm' (max) and an OpenMP variant [-Rclpar]
  for (auto i : clpar::prange(v.size())) {
    s += v[i];
    m = std::max(m, v[i]);
  }
  return s + m;
}
// CHECK-OMP: {{^ *}}1, false, false, false, nullptr, false, 1, true, false, false, true, 0, {{clpar_split|nullptr}}, {{true|false}}, true, false};
// CHECK-OMP: {{^ *}}{&s, ::clpar::rt::scalar_kind::f32, ::clpar::rt::reduction_op::add},
// CHECK-OMP-NEXT: {{^ *}}{&m, ::clpar::rt::scalar_kind::f32, ::clpar::rt::reduction_op::max},
// CHECK-OMP: {{^}}#pragma omp parallel for schedule(runtime) num_threads(clpar_schedule.threads()) reduction(+: s) reduction(max: m)
// CHECK-CL: {{^ *}}__global float *clpar_partials0, __local float *clpar_scratch0,
// CHECK-CL-NEXT: {{^ *}}__global float *clpar_partials1, __local float *clpar_scratch1)
// CHECK-CL: {{^ *}}float clpar_acc_s = (float)0;
// CHECK-CL-NEXT: {{^ *}}float clpar_acc_m = (float)-INFINITY;
// CHECK-CL-NEXT: {{^ *}}for (ulong clpar_k0 = get_global_id(0); clpar_k0 < clpar_count0; clpar_k0 += get_global_size(0))
// CHECK-CL: {{^ *}}clpar_acc_s += v[
// CHECK-CL-NEXT: {{^ *}}clpar_acc_m = clpar_std_max_float(clpar_acc_m, v[
// CHECK-CL: {{^ *}}for (; clpar_s > 0; clpar_s >>= 1) {
// CHECK-CL-NEXT: {{^ *}}if (clpar_lid < clpar_s && clpar_lid + clpar_s < clpar_lsize) {
// CHECK-CL: {{^ *}}clpar_scratch1[clpar_lid] = (clpar_scratch1[clpar_lid] < clpar_scratch1[clpar_lid + clpar_s]) ? clpar_scratch1[clpar_lid + clpar_s] : clpar_scratch1[clpar_lid];
// CHECK-CL: {{^ *}}clpar_partials1[clpar_group] = clpar_scratch1[0];
