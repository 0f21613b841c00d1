// Whole std::arrays as values: assigned as statements of their own (element by element;
// from a braced list or a call through a private copy, since those may read the target),
// and returned by value from functions, which fill the caller's array through a pointer
// parameter (`result`) in each `return`, pass it on to a function whose result they
// return, and are called to initialize a new array directly.
// RUN: rm -rf %t.cl && %translate -Rclpar --keep-generated=%t.cl %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cl/clpar_f_36_3.cl
#include <clpar/clpar.hpp>

#include <array>

using state = std::array<double, 2>;

state deriv(const state &y) { return {y[1], -y[0]}; }
// CHECK: {{^}}void clpar_fn_deriv(__global int *clpar_err, double clpar_arg_y_0, double clpar_arg_y_1, double *result)
// CHECK: {{^}}    result[0UL] = y[1UL];
// CHECK-NEXT: {{^}}    result[1UL] = -y[0UL];
// CHECK-NEXT: {{^}}    return;

state slope(const state &y) { return deriv(y); }
// CHECK: {{^}}void clpar_fn_slope(
// CHECK: {{^}}    clpar_fn_deriv(clpar_err, y[0UL], y[1UL], &result[0UL]);
// CHECK-NEXT: {{^}}    return;

state step(const state &y) {
  state n = y;
  n[0] += 0.5;
  return n;
}
// CHECK: {{^}}void clpar_fn_step(
// CHECK: {{^}}    result[0UL] = n[0UL];
// CHECK-NEXT: {{^}}    result[1UL] = n[1UL];

void f(clpar::view<double> v) {
  for (auto i : clpar::prange(v.size())) {
    state y{v[i], 1.0};
    state k = slope(y);
    y = step(y);
    y = {y[1], y[0]};
    k = y;
    v[i] = y[0] + k[1];
  }
}
// CHECK: {{^}}  double k[2];
// CHECK-NEXT: {{^}}  clpar_fn_slope(clpar_err, y[0UL], y[1UL], &k[0UL]);
// CHECK-NEXT: {{^}}  {
// CHECK-NEXT: {{^}}    double copy[2];
// CHECK-NEXT: {{^}}    clpar_fn_step(clpar_err, y[0UL], y[1UL], &copy[0UL]);
// CHECK-NEXT: {{^}}    y[0UL] = copy[0UL];
// CHECK-NEXT: {{^}}    y[1UL] = copy[1UL];
// CHECK-NEXT: {{^}}  }
// CHECK-NEXT: {{^}}  {
// CHECK-NEXT: {{^}}    double [[COPY:[a-z_]*copy[a-z0-9_]*]][2];
// CHECK-NEXT: {{^}}    [[COPY]][0UL] = y[1UL];
// CHECK-NEXT: {{^}}    [[COPY]][1UL] = y[0UL];
// CHECK-NEXT: {{^}}    y[0UL] = [[COPY]][0UL];
// CHECK-NEXT: {{^}}    y[1UL] = [[COPY]][1UL];
// CHECK-NEXT: {{^}}  }
// CHECK-NEXT: {{^}}  {
// CHECK-NEXT: {{^}}    k[0UL] = y[0UL];
// CHECK-NEXT: {{^}}    k[1UL] = y[1UL];
// CHECK-NEXT: {{^}}  }
// REMARK: array-values.cpp:36:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_f_36_3' calling 'deriv', 'slope', 'step' and an OpenMP variant [-Rclpar]
