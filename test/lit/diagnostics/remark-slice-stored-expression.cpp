// A statement that uses a stored expression variable stays with the header (the
// translator offloads the statements in which an expression is written out).
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
#include <clpar/clpar.hpp>

void f(float a, clpar::view<const float> x, clpar::view<float> y) {
  auto e = a * x;
  y[clpar::all] = e + y;
  // CHECK: remark-slice-stored-expression.cpp:[[@LINE-1]]:3: remark: slice statement not offloaded: it builds an element-wise expression it cannot follow; the header evaluates it serially [-Rclpar]
}
