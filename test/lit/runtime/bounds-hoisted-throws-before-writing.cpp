// A hoisted check that fails throws before any element is written, with the access's
// location (where the header build reports it), the index and the extent; a loop that
// runs no iteration checks nothing.
// RUN: %clparxx -std=c++20 -O2 %s -o %t
// RUN: env CLPAR_DEVICE=opencl POCL_KERNEL_CACHE=0 %t | FileCheck %s
// RUN: env CLPAR_DEVICE=host %t | FileCheck %s
#include <clpar/clpar.hpp>
#include <cstdio>
#include <vector>

void sum_rows(clpar::view<const int, 2> m, clpar::view<int> out, std::size_t cols) {
  for (auto i : clpar::prange(out.size())) {
    int s = 0;
    for (std::size_t c = 0; c < cols; ++c)
      s += m(i, c);
    out[i] = s;
  }
}

int main() {
  std::vector<int> data(6 * 4, 1), out(6, -7);
  clpar::view<const int, 2> m(data.data(), 6, 4);
  try {
    sum_rows(m, out, 5);  // column 4 does not exist
  } catch (const clpar::bounds_error &e) {
    std::printf("line %u col %u index %zu extent %zu\n", e.line(), e.column(), e.index(),
                e.extent());
  }
  // CHECK: line 15 col 13 index 4 extent 4
  bool untouched = true;
  for (int v : out) untouched = untouched && v == -7;
  std::printf("untouched %d\n", untouched);
  // CHECK-NEXT: untouched 1
  clpar::view<const int, 2> empty(data.data(), 6, 0);
  sum_rows(empty, out, 0);  // the inner loop runs no iteration: no error
  std::printf("out %d\n", out[0]);
  // CHECK-NEXT: out 0
}
