// A reduction's update may not be used as a value: each iteration would see its own
// partial sum, not the serial one.
// RUN: rm -f %t.cpp && not %translate %flags 2>&1 | FileCheck %s
// RUN: not test -e %t.cpp
#include <clpar/clpar.hpp>

int f(clpar::view<float> v) {
  int count = 0, total = 0;
  for (auto i : clpar::prange(v.size()))
    v[i] = float(count += 1);
  // CHECK: error-reduction-value-used.cpp:[[@LINE-1]]:24: error: 'count' is updated like a reduction where the update's value is used; a reduction's value is only known after the loop
  for (auto i : clpar::prange(v.size()))
    if ((total += 2) > 10)
      v[i] = 0;
  // CHECK: error-reduction-value-used.cpp:[[@LINE-2]]:16: error: 'total' is updated like a reduction where the update's value is used; a reduction's value is only known after the loop
  return count + total;
}
