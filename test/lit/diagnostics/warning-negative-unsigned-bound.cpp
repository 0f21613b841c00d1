// A negative constant bound meeting an unsigned one is almost always a mistake.
// RUN: %translate %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void f(clpar::view<int> v) {
  for (auto i : clpar::prange(-1, v.size()))
    v[i] = 1;
  // CHECK: warning-negative-unsigned-bound.cpp:[[@LINE-2]]:31: warning: negative bound -1 of a prange over 'unsigned long' converts to a huge value; the range is empty [-Wclpar]
  for (auto i : clpar::prange(-2, 5))
    v[std::size_t(i + 2)] = 2;
  // CHECK-NOT: warning:
}
