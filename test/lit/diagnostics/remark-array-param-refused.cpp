// Array parameters a kernel cannot pass element by element: a non-const reference to an
// array (the function changes the caller's array), and a std::array parameter translated
// for an array the kernel holds, later given a container from outside the loop (a view).
// Each loop keeps its OpenMP variant with the reason.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
#include <clpar/clpar.hpp>

#include <array>

void fill(float (&v)[3]) { v[0] = v[1] = v[2] = 1; }

void changes(clpar::view<float> b) {
  for (auto i : clpar::prange(b.size())) {
    float p[3] = {};
    fill(p);
    b[i] = p[0];
  }
}
// CHECK-DAG: remark-array-param-refused.cpp:10:19: remark: prange loop not offloaded to OpenCL: it calls 'fill', whose parameter 'v' has type 'float (&)[3]' (kernels pass arithmetic values and clpar::view); the OpenMP variant is used [-Rclpar]

float first(const std::array<float, 2> &v) { return v[0]; }

void mixed(clpar::view<float> b, const std::array<float, 2> &outside) {
  for (auto i : clpar::prange(b.size())) {
    std::array<float, 2> mine = {b[i], 1};
    b[i] = first(mine) + first(outside);
    // CHECK-DAG: remark-array-param-refused.cpp:[[@LINE-1]]:32: remark: prange loop not offloaded to OpenCL: it passes an array other than one the kernel holds (a local array, a constant table, a struct's array member) to the parameter 'v' of 'first'; the OpenMP variant is used [-Rclpar]
  }
}
