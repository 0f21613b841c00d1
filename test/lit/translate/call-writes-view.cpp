// A called function that writes through its view parameter makes the caller's view
// written (copied back), and the parameter non-const.
// RUN: %translate --dump-regions %flags | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void bump(clpar::view<float> v, std::size_t i) { v[i] += 1.0f; }

void f(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    bump(v, i);
}
// CHECK: {{^}}  view v kind=view elem=float rank=1 written
