// Kernels have up to three dimensions: a rank-4 slice statement stays with the header.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
#include <clpar/clpar.hpp>

void f(clpar::view<float, 4> a, clpar::view<const float, 4> b) {
  a(clpar::all, clpar::all, clpar::all, clpar::all) = 2.0f * b;
  // CHECK: remark-slice-rank4.cpp:[[@LINE-1]]:3: remark: slice statement not offloaded: it has rank 4 (kernels have up to 3 dimensions); the header evaluates it serially [-Rclpar]
}
