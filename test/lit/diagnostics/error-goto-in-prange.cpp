// goto inside a prange loop is an error.
// RUN: rm -f %t.cpp && not %translate %flags 2>&1 | FileCheck %s
// RUN: not test -e %t.cpp
#include <clpar/clpar.hpp>

int f(clpar::view<int> v, int outer) {
  for (auto i : clpar::prange(v.size())) {
    if (v[i] < 0)
      goto out;
    // CHECK: error-goto-in-prange.cpp:[[@LINE-1]]:7: error: 'goto' inside a prange loop
  }
out:
  return outer;
}
