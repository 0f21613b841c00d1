// A lambda declared outside the loop is one closure that every iteration calls: what it
// changes of what it captures by reference, or of its own copies (a mutable lambda), every
// iteration changes.  (A mutable lambda declared in the loop changes its own closure's
// copy: translate/lambda-captures-by-reference.cpp.)  One that only reads is fine.
// RUN: not %translate -Rclpar %flags 2>&1 | FileCheck %s
#include <clpar/clpar.hpp>

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
// CHECK-NOT: error:
