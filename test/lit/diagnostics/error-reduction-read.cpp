// A reduction variable may not be read in the loop.
// RUN: rm -f %t.cpp && not %translate %flags 2>&1 | FileCheck %s
// RUN: not test -e %t.cpp
#include <clpar/clpar.hpp>

int f(clpar::view<int> v, int outer) {
  for (auto i : clpar::prange(v.size())) {
    outer += v[i];
    // CHECK: error-reduction-read.cpp:[[@LINE-1]]:11: error: 'outer' is updated like a reduction but also read elsewhere in the prange loop; a reduction's value is only known after the loop
    v[i] = outer;
  }
  return outer;
}
