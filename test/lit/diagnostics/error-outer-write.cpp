// Writes to outer variables that are not reductions are errors.
// RUN: rm -f %t.cpp && not %translate %flags 2>&1 | FileCheck %s
// RUN: not test -e %t.cpp
#include <clpar/clpar.hpp>

int f(clpar::view<int> v, int outer) {
  for (auto i : clpar::prange(v.size())) {
    outer = v[i];
    // CHECK: error-outer-write.cpp:[[@LINE-1]]:11: error: write to 'outer', declared outside the prange loop; only reductions (x += e, x *= e, x = std::min(x, e), ...) may update outer variables
    outer++;
    // CHECK: error-outer-write.cpp:[[@LINE-1]]:10: error: write to 'outer', declared outside the prange loop
  }
  return outer;
}
