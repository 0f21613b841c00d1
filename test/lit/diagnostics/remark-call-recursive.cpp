// Recursion cannot be translated into OpenCL C.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
// CHECK: remark-call-recursive.cpp:[[@LINE-1]]:37: remark: prange loop not offloaded to OpenCL: it calls 'fib' recursively; the OpenMP variant is used [-Rclpar]

void f(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] = fib(int(i));
}
