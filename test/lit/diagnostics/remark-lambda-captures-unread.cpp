// A lambda made before the loop holds copies of what it captures by copy, which the kernel
// (reading the variables by name when the region starts) gets only while the variables
// are unchanged; else, and for a lambda made in another function, which captures
// variables the loop cannot name, the host reads the closure's copies where the
// translator can tag its lambda (and the loop names none of those variables itself).
// Where not, the loop stays on OpenMP (e2e lambda_copies: the results).
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#include <array>
#include <vector>

void changed(clpar::view<float> v) {
  float scale = 2;
  std::array<float, 2> taps{1, 2};
  const auto f = [scale](float x) { return x * scale; };
  const auto g = [taps](std::size_t i) { return taps[i % 2]; };
  scale = 3;
  // The loop names 'scale' too: the kernel would need it twice, with two values.
  for (auto i : clpar::prange(v.size()))
    v[i] = f(v[i]) + scale;
  // CHECK: remark-lambda-captures-unread.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it calls a lambda made before the loop with a copy of 'scale', which changes after the lambda is made (line 19); the kernel would read the changed value; the OpenMP variant is used [-Rclpar]
  taps[1] = 5;
  // The host reads g's copy of 'taps' from the closure (tagged where it is made).
  // CHECK: remark-lambda-captures-unread.cpp:[[@LINE+1]]:3: remark: 1-D prange nest offloaded
  for (auto i : clpar::prange(v.size()))
    v[i] = g(i);
}

// Two lambdas with copies of one variable, made before and after it changes: the kernel
// has one argument for it.
void both(clpar::view<float> v) {
  float scale = 2;
  const auto f = [scale](float x) { return x * scale; };
  scale = 3;
  const auto h = [scale](float x) { return x + scale; };
  for (auto i : clpar::prange(v.size()))
    v[i] = f(v[i]) + h(v[i]);
  // CHECK: remark-lambda-captures-unread.cpp:[[@LINE-1]]:{{[0-9]+}}: remark: prange loop not offloaded to OpenCL: it calls lambdas that capture 'scale', one read from its closure and one by name; the OpenMP variant is used [-Rclpar]
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

// A lambda made in another function (here given to a template) is read through the tag
// the translator gives it (translate/closure-tags.cpp), except where it cannot be tagged.
template <class F>
void apply(clpar::view<float> v, F f) {
  for (auto i : clpar::prange(v.size()))
    v[i] = f(v[i]);
  // CHECK-DAG: remark-lambda-captures-unread.cpp:[[@LINE-1]]:12: remark: prange loop in 'apply<(lambda at {{.*}})>' not offloaded to OpenCL: it calls a lambda made where the loop cannot name what it captures, and the host cannot read its captures: the lambda is mutable; the OpenMP variant is used [-Rclpar]
}

template <class F>
void apply_copy(clpar::view<float> v, F f) {
  for (auto i : clpar::prange(v.size()))
    v[i] = f(v[i]);
  // CHECK-DAG: remark-lambda-captures-unread.cpp:[[@LINE-1]]:12: remark: prange loop in 'apply_copy<(lambda at {{.*}})>' not offloaded to OpenCL: it calls a lambda made where the loop cannot name what it captures, and the host cannot read its captures: the lambda captures 'w' by copy, whose type is neither trivially copyable nor a std::vector of trivially copyable values; the OpenMP variant is used [-Rclpar]
}

// Two instantiations whose closure types have no tag cannot both take the chain's last
// branch.
template <class F>
void apply_both(clpar::view<float> v, F f) {
  for (auto i : clpar::prange(v.size()))
    v[i] = f(v[i]);
  // CHECK-DAG: remark-lambda-captures-unread.cpp:[[@LINE-2]]:3: remark: prange loop in 'apply_both<(lambda at {{.*}})>' not offloaded to OpenCL: it instantiates it with a lambda's closure type, which cannot be named there (the lambda is mutable) (as does another instantiation here; a loop offloads one such instantiation only); the OpenMP variant is used [-Rclpar]
}

// The closure an array's element: the host has no name to read it by.
template <class F>
void apply_first(clpar::view<float> v, const std::array<F, 1> &fs) {
  for (auto i : clpar::prange(v.size()))
    v[i] = fs[0](v[i]);
  // CHECK-DAG: remark-lambda-captures-unread.cpp:[[@LINE-1]]:12: remark: prange loop in 'apply_first<(lambda at {{.*}})>' not offloaded to OpenCL: it calls a lambda made where the loop cannot name what it captures, and the closure is no parameter, variable or member the host can read it from; the OpenMP variant is used [-Rclpar]
}

// A lambda that captures another.
template <class F>
void apply_nested(clpar::view<float> v, F f) {
  for (auto i : clpar::prange(v.size()))
    v[i] = f(v[i]);
  // CHECK-DAG: remark-lambda-captures-unread.cpp:[[@LINE-1]]:12: remark: prange loop in 'apply_nested<(lambda at {{.*}})>' not offloaded to OpenCL: it calls a lambda made where the loop cannot name what it captures, and it captures the lambda 'inner'; the OpenMP variant is used [-Rclpar]
}

void library(clpar::view<float> v, float factor) {
  apply_first(v, std::array{[factor](float x) { return x * factor; }});
  const auto inner = [factor](float x) { return x - factor; };
  apply_nested(v, [inner](float x) { return inner(x) * 2; });
  apply(v, [factor](float x) mutable { return x + factor; });
  std::vector<std::vector<float>> w(4, std::vector<float>(2, 1.0f));
  apply_copy(v, [w](float x) { return x + w[0][1]; });
  apply_both(v, [factor](float x) mutable { return x * factor; });
  apply_both(v, [factor](float x) mutable { return x - factor; });
}
