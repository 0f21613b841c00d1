// A function taking a non-const reference gets its argument's address, so the argument
// must be a variable of the kernel (translate/reference-params.cpp); an element of a view
// lives in another address space.  So must a pointer argument point into the work-item's
// own memory (translate/pointer-iterators.cpp).
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void twice(float &x) { x *= 2; }

void f(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    twice(v[i]);
  // CHECK: remark-call-reference-param.cpp:[[@LINE-1]]:11: remark: prange loop not offloaded to OpenCL: it passes something other than a variable of the kernel to the reference parameter 'x' of 'twice'; the OpenMP variant is used [-Rclpar]
}

void halve(float *x) { *x /= 2; }

void g(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    halve(&v[i]);
  // CHECK: remark-call-reference-param.cpp:[[@LINE-1]]:11: remark: prange loop not offloaded to OpenCL: it passes a pointer other than one into an array the work-item holds (a local array or std::array) or to a variable of the loop to the parameter 'x' of 'halve'; the OpenMP variant is used [-Rclpar]
}
