// A non-const member function of a user's class is not judged a write: clpar cannot see
// whether it modifies anything (standard containers are judged; see
// error-outer-write-through-call.cpp).
// RUN: %translate %flags 2>&1 | FileCheck %s --allow-empty
// RUN: %syntax-check-output
// CHECK-NOT: error:
#include <clpar/clpar.hpp>

struct Table {
  float scale;
  float get(float x) { return scale * x; }
};

void f(clpar::view<float> v, Table t) {
  for (auto i : clpar::prange(v.size()))
    v[i] = t.get(v[i]);
}
