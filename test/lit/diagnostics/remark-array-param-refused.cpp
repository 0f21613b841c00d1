// Array parameters a kernel cannot pass: a non-const reference to an array other than one
// the loop declares (a struct's array member: the function would change the caller's
// array, which the kernel passes by address only for its private arrays), the same
// parameter translated for a private array and later given a member, and a std::array
// parameter translated for an array the kernel holds, later given a container from
// outside the loop (a view).  Each loop keeps its OpenMP variant with the reason.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#include <array>

void fill(float (&v)[3]) { v[0] = v[1] = v[2] = 1; }

struct trio {
  float v[3];
};

void changes(clpar::view<float> b) {
  for (auto i : clpar::prange(b.size())) {
    trio t{};
    fill(t.v);
    b[i] = t.v[0];
  }
}
// CHECK-DAG: remark-array-param-refused.cpp:13:19: remark: prange loop not offloaded to OpenCL: it calls 'fill', whose parameter 'v' has type 'float (&)[3]' (kernels pass arithmetic values and clpar::view); the OpenMP variant is used [-Rclpar]

void changes_later(clpar::view<float> b) {
  for (auto i : clpar::prange(b.size())) {
    float p[3] = {};
    trio t{};
    fill(p);
    fill(t.v);
    // CHECK-DAG: remark-array-param-refused.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it passes an array other than one the loop declares to the reference parameter 'v' of 'fill'; the OpenMP variant is used [-Rclpar]
    b[i] = p[0] + t.v[1];
  }
}

float first(const std::array<float, 2> &v) { return v[0]; }

void mixed(clpar::view<float> b, const std::array<float, 2> &outside) {
  for (auto i : clpar::prange(b.size())) {
    std::array<float, 2> mine = {b[i], 1};
    b[i] = first(mine) + first(outside);
    // CHECK-DAG: remark-array-param-refused.cpp:[[@LINE-1]]:32: remark: prange loop not offloaded to OpenCL: it passes an array other than one the kernel holds (a local array, a constant table, a struct's array member) to the parameter 'v' of 'first'; the OpenMP variant is used [-Rclpar]
  }
}
