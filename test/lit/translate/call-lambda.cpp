// Lambdas called in a loop are translated; their captures become trailing arguments.
// RUN: rm -rf %t.cl && %translate -Rclpar --keep-generated=%t.cl %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cl/clpar_f_14_3.cl
#include <clpar/clpar.hpp>

void f(clpar::view<const float> x, clpar::view<float> y, float a) {
  auto axpy = [&](std::size_t i) { return a * x[i] + y[i]; };
  auto twice = [](float v) { return 2.0f * v; };
  // REMARK: call-lambda.cpp:[[@LINE+4]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_f_14_3' calling 'lambda at line 9', 'lambda at line 8' and an OpenMP variant [-Rclpar]
  // CHECK: {{^}}float clpar_fn_lambda(__global int *clpar_err, float v)
  // CHECK: {{^}}float clpar_fn_lambda_2(__global int *clpar_err, ulong i, float a, __global const float *x, long x_off, ulong x_e0, long x_s0, __global const float *y, long y_off, ulong y_e0, long y_s0)
  // CHECK: {{^ *}}y[{{.*}}] = clpar_fn_lambda(clpar_err, clpar_fn_lambda_2(clpar_err, i, a, x, x_off, x_e0, x_s0, y, y_off, y_e0, y_s0));
  for (auto i : clpar::prange(y.size()))
    y[i] = twice(axpy(i));
}
