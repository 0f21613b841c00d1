// break out of a prange loop is an error; break inside an inner loop is not.
// RUN: rm -f %t.cpp && not %translate %flags 2>&1 | FileCheck %s
// RUN: not test -e %t.cpp
#include <clpar/clpar.hpp>

int f(clpar::view<int> v, int outer) {
  for (auto i : clpar::prange(v.size())) {
    if (v[i] < 0)
      break;
    // CHECK: error-break-in-prange.cpp:[[@LINE-1]]:7: error: 'break' leaves a prange loop; iterations are independent, so a loop cannot stop early
    for (int k = 0; k < 3; ++k)
      if (k == 1) break;  // a break of an inner loop is fine
  }
  return outer;
}
