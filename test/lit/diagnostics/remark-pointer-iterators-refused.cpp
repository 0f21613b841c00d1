// Pointers into private arrays that a kernel cannot follow (translate/pointer-iterators.cpp
// has the ones it can): into a constant table of the program, pointed into another array
// later, chosen between two arrays, returned into the function's own array, a call's
// pointer into a variable passed by address, and a pointer used as a value of its own.
// Each loop keeps its OpenMP variant with the reason.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#include <numeric>

constexpr float weights[3] = {1, 2, 1};

void table(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] = std::accumulate(weights, weights + 3, v[i]);
  // CHECK-DAG: remark-pointer-iterators-refused.cpp:[[@LINE-1]]:28: remark: prange loop not offloaded to OpenCL: it passes a pointer other than one into an array the work-item holds (a local array or std::array) or to a variable of the loop to the parameter '__first' of 'std::accumulate'; the OpenMP variant is used [-Rclpar]
  for (auto i : clpar::prange(v.size())) {
    float a[3] = {v[i], 1, 2};
    const float *p = a;
    p = weights;
    // CHECK-DAG: remark-pointer-iterators-refused.cpp:[[@LINE-1]]:9: remark: prange loop not offloaded to OpenCL: it uses a pointer into an array other than one the work-item holds (a local array or std::array, not a constant table, a view or a struct's array member); the OpenMP variant is used [-Rclpar]
    v[i] = p[1];
  }
}

void elsewhere(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    float a[2] = {v[i], 1}, b[2] = {2, 3};
    float *p = a;
    if (v[i] > 0)
      p = b;
    // CHECK-DAG: remark-pointer-iterators-refused.cpp:[[@LINE-1]]:9: remark: prange loop not offloaded to OpenCL: it points a pointer into another array than the one it was declared with; the OpenMP variant is used [-Rclpar]
    v[i] = *p;
  }
}

void chosen(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    float a[2] = {v[i], 1}, b[2] = {2, 3};
    const float *pa = a, *pb = b;
    const float *p = v[i] > 0 ? pa : pb;
    // CHECK-DAG: remark-pointer-iterators-refused.cpp:[[@LINE-1]]:31: remark: prange loop not offloaded to OpenCL: it chooses between pointers into two arrays; the OpenMP variant is used [-Rclpar]
    v[i] = *p;
  }
}

const float *own(const float *) {
  float mine[2] = {1, 2};
  return mine + 1;
  // CHECK-DAG: remark-pointer-iterators-refused.cpp:[[@LINE-1]]:3: remark: prange loop not offloaded to OpenCL: it returns a pointer into an array of its own; the OpenMP variant is used [-Rclpar]
}

void owned(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    float a[2] = {v[i], 1};
    v[i] = own(a) == a ? 1.0f : 0.0f;
  }
}

float *same(float *p) { return p; }

void variable(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    float t = v[i];
    v[i] = *same(&t);
    // CHECK-DAG: remark-pointer-iterators-refused.cpp:[[@LINE-1]]:13: remark: prange loop not offloaded to OpenCL: it uses a pointer a call returns other than one into an array it is given; the OpenMP variant is used [-Rclpar]
  }
}

void as_value(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    float a[2] = {v[i], 1};
    const float *p = a;
    v[i] = static_cast<float>(reinterpret_cast<std::uintptr_t>(p) % 2);
    // CHECK-DAG: remark-pointer-iterators-refused.cpp:[[@LINE-1]]:64: remark: prange loop not offloaded to OpenCL: it uses the pointer 'p' other than through '*', '[]', arithmetic, comparisons or as an argument; the OpenMP variant is used [-Rclpar]
  }
}
