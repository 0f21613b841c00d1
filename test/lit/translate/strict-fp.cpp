// --strict-fp: no contraction in kernels, and the runtime is told to build with
// correctly rounded division and sqrt.
// RUN: rm -rf %t.cl && %translate --strict-fp --keep-generated=%t.cl %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_f_10_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
#include <clpar/clpar.hpp>

void f(clpar::view<float> v, float a) {
  for (auto i : clpar::prange(v.size()))
    v[i] = a * v[i] + 1.0f;
}
// CHECK-CL: {{^}}#pragma OPENCL FP_CONTRACT OFF
// CHECK-OMP: {{^ *}}1, false, false, true, nullptr, false, 4, false, false, true, true, 0, {{clpar_split|nullptr}}, {{true|false}}, true, false};
