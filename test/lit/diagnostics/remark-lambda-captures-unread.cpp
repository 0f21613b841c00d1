// A lambda made before the loop holds copies of what it captures by copy, which the kernel
// (reading the variables by name when the region starts) gets only while the variables
// are unchanged; a lambda made in another function captures variables the loop cannot
// name.  Either keeps the loop on OpenMP (e2e lambda_copies: the results).
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#include <array>

void changed(clpar::view<float> v) {
  float scale = 2;
  std::array<float, 2> taps{1, 2};
  const auto f = [scale](float x) { return x * scale; };
  const auto g = [taps](std::size_t i) { return taps[i % 2]; };
  scale = 3;
  for (auto i : clpar::prange(v.size()))
    v[i] = f(v[i]);
  // CHECK: remark-lambda-captures-unread.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it calls a lambda made before the loop with a copy of 'scale', which changes after the lambda is made (line 16); the kernel would read the changed value; the OpenMP variant is used [-Rclpar]
  taps[1] = 5;
  for (auto i : clpar::prange(v.size()))
    v[i] = g(i);
  // CHECK: remark-lambda-captures-unread.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it calls a lambda made before the loop with a copy of 'taps', which changes after the lambda is made (line 20); the kernel would read the changed value; the OpenMP variant is used [-Rclpar]
}

// Unchanged, or const: the kernel reads what the lambda holds.
void unchanged(clpar::view<float> v, float scale) {
  const float shift = 1;
  const auto f = [scale, shift](float x) { return x * scale + shift; };
  // CHECK: remark-lambda-captures-unread.cpp:[[@LINE+1]]:3: remark: 1-D prange nest offloaded
  for (auto i : clpar::prange(v.size()))
    v[i] = f(v[i]);
}

// A mutable lambda made in the loop changes its own copy of an array, which is no view of
// the caller's.
void mutable_copy(clpar::view<float> v) {
  std::array<float, 2> s{1, 2};
  // CHECK: remark-lambda-captures-unread.cpp:[[@LINE-1]]:24: remark: prange loop not offloaded to OpenCL: it calls a mutable lambda that holds its own copy of the array 's'; the OpenMP variant is used [-Rclpar]
  for (auto i : clpar::prange(v.size())) {
    auto k = [s](std::size_t j) mutable { return s[j % 2] += 1; };
    v[i] = k(i);
  }
}

template <class F>
void apply(clpar::view<float> v, F f) {
  for (auto i : clpar::prange(v.size()))
    v[i] = f(v[i]);
  // CHECK: remark-lambda-captures-unread.cpp:[[@LINE-1]]:12: remark: prange loop in 'apply<(lambda at {{.*}})>' not offloaded to OpenCL: it calls a lambda made where the loop cannot name 'factor', which it captures; the host cannot read the lambda's captures; the OpenMP variant is used [-Rclpar]
}

void library(clpar::view<float> v, float factor) {
  apply(v, [factor](float x) { return x + factor; });
}
