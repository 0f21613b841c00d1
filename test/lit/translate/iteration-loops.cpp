// region_info::iteration_loops: set when one iteration runs a loop of its own, in the body
// or in a function the kernel calls (auto's first guess counts such iterations as heavier).
// RUN: %translate %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cpp
#include <clpar/clpar.hpp>

float dot_row(clpar::view<const float, 2> a, std::size_t i) {
  float s = 0;
  for (std::size_t k = 0; k < a.extent(1); ++k)
    s += a(i, k);
  return s;
}

void plain(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] = 2.0f * v[i];
}
// CHECK: {{^ *}}1, false, false, false, nullptr, false, 4, false, false, true, true, 0, {{clpar_split|nullptr}}, {{true|false}}, true, false};

void inner_loop(clpar::view<const float, 2> a, clpar::view<float> out) {
  for (auto i : clpar::prange(out.size())) {
    float s = 0;
    for (std::size_t k = 0; k < a.extent(1); ++k)
      s += a(i, k);
    out[i] = s;
  }
}
// CHECK: {{^ *}}1, false, false, false, nullptr, false, 1, false, true, false, true, 2, {{clpar_split|nullptr}}, {{true|false}}, true, true};

void called_loop(clpar::view<const float, 2> a, clpar::view<float> out) {
  for (auto i : clpar::prange(out.size()))
    out[i] = dot_row(a, i);
}
// (dot_row's access is checked in the kernel: its index is not the loop variable's.)
// CHECK: {{^ *}}1, false, false, false, nullptr, true, 1, false, true, false, true, 0, {{clpar_split|nullptr}}, {{true|false}}, true, true};
