// A reduction variable has one operation.
// RUN: rm -f %t.cpp && not %translate %flags 2>&1 | FileCheck %s
// RUN: not test -e %t.cpp
#include <clpar/clpar.hpp>

int f(clpar::view<int> v, int outer) {
  for (auto i : clpar::prange(v.size())) {
    outer += v[i];
    outer *= 2;
    // CHECK: error-reduction-mixed-ops.cpp:[[@LINE-1]]:11: error: 'outer' is updated with both '+=' and '*=' in one prange loop; a reduction has one operation
  }
  return outer;
}
