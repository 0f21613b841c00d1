// A lambda declared outside the loop is one closure that every iteration calls: what it
// changes of what it captures by reference, or of its own copies (a mutable lambda), every
// iteration changes.  (A mutable lambda declared in the loop changes its own closure's
// copy: translate/lambda-captures-by-reference.cpp.)  One that only reads is fine.
// RUN: not %translate -Rclpar %flags 2>&1 | FileCheck %s
#include <clpar/clpar.hpp>

#include <array>
#include <functional>

void outside(clpar::view<float> out, float scale) {
  int count = 0;
  float sum = 0;
  auto inc = [&count] { ++count; };
  auto add = [&](float v) { sum += v * scale; };
  auto next = [n = 0]() mutable { return n += 1; };
  auto scaled = [scale](float v) { return v * scale; };
  struct tally {
    int n;
  } t{0};
  auto count_in = [&t] { t.n += 1; };
  for (auto i : clpar::prange(out.size())) {
    inc();
    // CHECK: error-outer-write-through-lambda.cpp:[[@LINE-1]]:5: error: calls 'inc', a lambda declared outside the prange loop, which changes 'count', captured by reference; only reductions may update outer variables
    add(out[i]);
    // CHECK: error-outer-write-through-lambda.cpp:[[@LINE-1]]:5: error: calls 'add', a lambda declared outside the prange loop, which changes 'sum', captured by reference; only reductions may update outer variables
    out[i] = float(next()) + scaled(out[i]);
    // CHECK: error-outer-write-through-lambda.cpp:[[@LINE-1]]:20: error: calls 'next', a lambda declared outside the prange loop, which changes its copy of 'n', which every iteration shares; declare the lambda in the loop
    // CHECK-NOT: calls 'scaled'
    count_in();
    // CHECK: error-outer-write-through-lambda.cpp:[[@LINE-1]]:5: error: calls 'count_in', a lambda declared outside the prange loop, which changes 't', captured by reference; only reductions may update outer variables
  }
}

// An element of an array a mutable lambda holds is part of its copy; an element of a
// clpar::view it holds is the memory the view shows, and an element of an array it
// captures by reference the caller's, written as the loop body may write one.
void elements(clpar::view<float> out) {
  float w[2] = {1, 2};
  std::array<float, 2> s{1, 2};
  std::array<float, 64> a{};
  auto bump_w = [w](std::size_t i) mutable { return w[0] += float(i); };
  auto bump_s = [s](std::size_t i) mutable { return s[i % 2] += 1; };
  auto put = [out](std::size_t i) mutable { out[i] = 1; };
  auto fill = [&a](std::size_t i) { a[i % 64] = 2; };
  for (auto i : clpar::prange(out.size())) {
    out[i] = bump_w(i);
    // CHECK: error-outer-write-through-lambda.cpp:[[@LINE-1]]:14: error: calls 'bump_w', a lambda declared outside the prange loop, which changes its copy of 'w', which every iteration shares; declare the lambda in the loop
    out[i] += bump_s(i);
    // CHECK: error-outer-write-through-lambda.cpp:[[@LINE-1]]:15: error: calls 'bump_s', a lambda declared outside the prange loop, which changes its copy of 's', which every iteration shares; declare the lambda in the loop
    put(i);
    fill(i);
    std::invoke(bump_w, i);
    // CHECK: error-outer-write-through-lambda.cpp:[[@LINE-1]]:5: error: calls 'bump_w', a lambda declared outside the prange loop, which changes its copy of 'w', which every iteration shares; declare the lambda in the loop
    // CHECK-NOT: calls 'put'
    // CHECK-NOT: calls 'fill'
  }
}
// CHECK-NOT: error:
