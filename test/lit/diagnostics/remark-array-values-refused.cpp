// Whole std::arrays that kernels do not take as values: the OpenMP variant is used.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#include <array>

using state = std::array<double, 2>;

state deriv(const state &y) { return {y[1], -y[0]}; }

// An element of a call's result (or the result passed on as an argument): only a
// declaration, a whole assignment or a return takes it.
void element(clpar::view<double> v) {
  for (auto i : clpar::prange(v.size())) {
    const state y{v[i], 1.0};
    v[i] = deriv(y)[0];
    // CHECK: remark-array-values-refused.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it uses the std::array a call returns other than to initialize, assign or return a whole array; the OpenMP variant is used [-Rclpar]
  }
}

// A std::array from outside the loop is a view in the kernel, not a value it holds.
void outside(clpar::view<double> v, const state &w) {
  for (auto i : clpar::prange(v.size())) {
    state y{v[i], 1.0};
    y = w;
    // CHECK: remark-array-values-refused.cpp:[[@LINE-1]]:7: remark: prange loop not offloaded to OpenCL: it fills a whole array from one other than the kernel holds (a local array, a constant table, a struct's array member, a function's result); the OpenMP variant is used [-Rclpar]
    v[i] = y[0];
  }
}

// A std::array made in an argument (a call's result passed on, a braced list) is not
// passed to a reference parameter: named first, it is.
state euler(const state &y) { return {y[0] + y[1], y[1]}; }
double total(const state &y) { return y[0] + y[1]; }

void passed_on(clpar::view<double> v) {
  for (auto i : clpar::prange(v.size())) {
    const state y{v[i], 1.0};
    v[i] = total(euler(y));
    // CHECK: remark-array-values-refused.cpp:[[@LINE-1]]:18: remark: prange loop not offloaded to OpenCL: it passes a std::array made in the argument (a call's result or a braced list) to 'total'; declare it as a local array first and pass that; the OpenMP variant is used [-Rclpar]
  }
}

void braced(clpar::view<double> v) {
  for (auto i : clpar::prange(v.size())) {
    v[i] = total(state{v[i], 2.0});
    // CHECK: remark-array-values-refused.cpp:[[@LINE-1]]:18: remark: prange loop not offloaded to OpenCL: it passes a std::array made in the argument (a call's result or a braced list) to 'total'; declare it as a local array first and pass that; the OpenMP variant is used [-Rclpar]
  }
}
