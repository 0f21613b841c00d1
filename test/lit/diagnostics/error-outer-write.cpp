// Writes to outer variables that are not reductions are errors.
// RUN: rm -f %t.cpp && not %translate %flags 2>&1 | FileCheck %s
// RUN: not test -e %t.cpp
#include <clpar/clpar.hpp>

#include <array>
#include <atomic>
#include <string>

int f(clpar::view<int> v, int outer) {
  for (auto i : clpar::prange(v.size())) {
    outer = v[i];
    // CHECK: error-outer-write.cpp:[[@LINE-1]]:11: error: write to 'outer', declared outside the prange loop; only reductions (x += e, x *= e, x = std::min(x, e), ...) may update outer variables
    outer++;
    // CHECK: error-outer-write.cpp:[[@LINE-1]]:10: error: write to 'outer', declared outside the prange loop
  }
  return outer;
}

// A standard library class's assignment writes it as any other: only std::atomic's
// updates are left alone (every work-item's are atomic).
int whole(clpar::view<int> v) {
  std::array<int, 2> last{};
  std::string name;
  std::atomic<int> count{0};
  for (auto i : clpar::prange(v.size())) {
    last = {v[i], 0};
    // CHECK: error-outer-write.cpp:[[@LINE-1]]:10: error: write to 'last', declared outside the prange loop
    name = "x";
    // CHECK: error-outer-write.cpp:[[@LINE-1]]:10: error: write to 'name', declared outside the prange loop
    count += v[i];
    // CHECK-NOT: error: write to 'count'
  }
  return last[0] + count;
}
