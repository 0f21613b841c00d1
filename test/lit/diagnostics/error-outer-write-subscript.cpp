// A write to an outer variable from a view element, the loop's only statement: the error,
// not an internal failure.  (The fuzzer found the reduction check asking view::operator[],
// called with two arguments like std::min, for its name: an assertion in Clang with
// assertions on; test/fuzz/regressions/outer-assign-from-subscript.cpp.)
// RUN: rm -f %t.cpp && not %translate %flags 2>&1 | FileCheck %s
// RUN: not test -e %t.cpp
#include <clpar/clpar.hpp>

int f(clpar::view<int> v, int outer) {
  for (auto i : clpar::prange(v.size())) outer = v[i];
  // CHECK: error-outer-write-subscript.cpp:[[@LINE-1]]:48: error: write to 'outer', declared outside the prange loop; only reductions
  return outer;
}
