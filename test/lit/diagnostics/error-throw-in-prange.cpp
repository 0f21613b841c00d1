// throw inside a prange loop is an error.
// RUN: rm -f %t.cpp && not %translate %flags 2>&1 | FileCheck %s
// RUN: not test -e %t.cpp
#include <clpar/clpar.hpp>

int f(clpar::view<int> v, int outer) {
  for (auto i : clpar::prange(v.size())) {
    if (v[i] < 0)
      throw 1;
    // CHECK: error-throw-in-prange.cpp:[[@LINE-1]]:7: error: 'throw' inside a prange loop; an exception cannot leave a parallel region
  }
  return outer;
}
