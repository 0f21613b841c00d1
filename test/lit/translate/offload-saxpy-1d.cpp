// A 1-D prange over views becomes an OpenCL kernel plus an OpenMP variant.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_saxpy_19_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
#include <clpar/clpar.hpp>

void saxpy(float a, clpar::view<const float> x, clpar::view<float> y) {
  // REMARK: offload-saxpy-1d.cpp:[[@LINE+10]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_saxpy_19_3' taking four iterations of 'i' per work-item and an OpenMP variant [-Rclpar]
  // The innermost stride is a constant 1 in the form the runtime builds for views whose
  // innermost stride is 1 (region_info::unit_inner):
  // CHECK-CL: {{^}}#ifdef CLPAR_UNIT_INNER
  // CHECK-CL-NEXT: {{^}}#define CLPAR_INNER(stride) 1
  // CHECK-CL-NEXT: {{^}}#else
  // CHECK-CL-NEXT: {{^}}#define CLPAR_INNER(stride) (stride)
  // CHECK-CL: {{^}}__kernel void clpar_saxpy_19_3(
  // CHECK-CL-NEXT: {{^ *}}long clpar_first0, long clpar_step0, ulong clpar_count0,
  // CHECK-CL-NEXT: {{^ *}}__global int *clpar_err,
  for (auto i : clpar::prange(y.size()))
    y[i] = a * x[i] + y[i];
}
// CHECK-CL-NEXT: {{^ *}}__global float *CLPAR_RESTRICT y, long y_off, ulong y_e0, long y_s0,
// CHECK-CL-NEXT: {{^ *}}__global const float *CLPAR_RESTRICT x, long x_off, ulong x_e0, long x_s0,
// CHECK-CL-NEXT: {{^ *}}float a)
// An element-wise assignment: four iterations per work-item (Analysis/ElementwiseRows.h),
// on one aligned float4 of y where the runtime builds the aligned-rows form, with the
// prange's first value in the alignment:
// CHECK-CL: {{^ *}}const ulong clpar_block = get_global_id(0);
// CHECK-CL-NEXT: {{^}}#ifdef CLPAR_ROWS4
// CHECK-CL-NEXT: {{^ *}}const long clpar_j0 = 4 * (long)clpar_block - ((y_off + clpar_first0) & 3);
// CHECK-CL: {{^ *}}ulong i = (ulong)(clpar_first0 + (long)clpar_k0 * clpar_step0);
// CHECK-CL-NEXT: {{^ *}}(*(__global float4 *)(y + y_off + ((clpar_idx)i))) = (a * clpar_window4(x + x_off + ((clpar_idx)i), CLPAR_SHIFT1)) + (*(__global float4 *)(y + y_off + ((clpar_idx)i)));
// Otherwise four a global size apart, every value before the first store:
// CHECK-CL: {{^}}#else
// CHECK-CL: {{^ *}}const ulong clpar_next = clpar_block + clpar_j * get_global_size(0);
// CHECK-CL: {{^ *}}ulong i = (ulong)(clpar_first0 + (long)clpar_k0 * clpar_step0);
// CHECK-CL-NEXT: {{^ *}}clpar_value[clpar_j] = (a * x[x_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)x_s0))]) + y[y_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)y_s0))];
// CHECK-CL: {{^ *}}y[y_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)y_s0))] = clpar_value[clpar_j];

// CHECK-OMP: {{^}}#include <clpar/rt/region.hpp>
// CHECK-OMP: {{^}}#line 1 "{{.*}}offload-saxpy-1d.cpp"
// CHECK-OMP: {{^ *}}const auto clpar_r0 = clpar::prange(y.size());
// CHECK-OMP: {{^ *}}::clpar::rt::view_arg_of(y, true),
// CHECK-OMP-NEXT: {{^ *}}::clpar::rt::view_arg_of(x, false),
// CHECK-OMP: {{^ *}}::clpar::rt::scalar_arg_of(a),
// CHECK-OMP: {{^ *}}::clpar::rt::region_call clpar_call(clpar_request);
// CHECK-OMP-NEXT: {{^ *}}if (!clpar_call.ran_on_device()) {
// CHECK-OMP: {{^}}#pragma omp parallel for schedule(runtime) num_threads(clpar_schedule.threads())
// CHECK-OMP-NEXT: {{^ *}}for (std::uint64_t clpar_k0 = 0; clpar_k0 < clpar_n0; ++clpar_k0) {
// CHECK-OMP-NEXT: {{^ *}}auto i = clpar_r0.at(clpar_k0);
// CHECK-OMP: {{^}}#line 20 "{{.*}}offload-saxpy-1d.cpp"
// CHECK-OMP-NEXT: {{^ *}}y[i] = a * x[i] + y[i];
// CHECK-OMP: {{^}}#line 20 "{{.*}}offload-saxpy-1d.cpp"
