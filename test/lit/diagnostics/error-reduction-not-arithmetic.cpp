// A reduction-shaped update of an outer pointer is an error.
// RUN: not %translate %flags 2>&1 | FileCheck %s
#include <clpar/clpar.hpp>

void f(clpar::view<int> v, int *p) {
  for (auto i : clpar::prange(v.size())) {
    p += v[i];
    // CHECK: error-reduction-not-arithmetic.cpp:[[@LINE-1]]:7: error: reduction variable 'p' must have an arithmetic type
  }
}
