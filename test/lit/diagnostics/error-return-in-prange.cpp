// return inside a prange loop is an error; return inside a lambda in it is not.
// RUN: rm -f %t.cpp && not %translate %flags 2>&1 | FileCheck %s
// RUN: not test -e %t.cpp
#include <clpar/clpar.hpp>

int f(clpar::view<int> v, int outer) {
  for (auto i : clpar::prange(v.size())) {
    if (v[i] < 0)
      return 1;
    // CHECK: error-return-in-prange.cpp:[[@LINE-1]]:7: error: 'return' inside a prange loop; use 'continue' to end an iteration
    auto g = [](int x) { return x + 1; };  // a lambda may return
    v[i] = g(v[i]);
  }
  return outer;
}
