// User names that mean something in OpenCL C are renamed inside kernels.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cl/clpar_f_9_3.cl
#include <clpar/clpar.hpp>

void f(clpar::view<float> global, float half) {
  // CHECK: {{^ *}}__global float *clpar_u_global_, long clpar_u_global__off,
  for (auto i : clpar::prange(global.size())) {
    float min = global[i];
    float x_off = half;
    global[i] = min + x_off;
  }
}
// CHECK: {{^ *}}float clpar_u_half_)
// CHECK: {{^ *}}float clpar_u_min_ = clpar_u_global_[
// CHECK-NEXT: {{^ *}}float clpar_u_x_off_ = clpar_u_half_;
