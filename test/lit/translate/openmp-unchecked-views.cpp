// A view whose every access has all its indices checked before the region runs is read
// through clpar::rt::unchecked in the OpenMP variant (a declaration that shadows the view
// in the loop body); a view with an access checked per access keeps the header's checks.
// Without a kernel (--no-opencl) or without checks nothing is checked before launch, so
// nothing is shadowed.
// RUN: %translate %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cpp
// RUN: %clpar-translate %s -o %t.noocl.cpp --no-opencl %flags
// RUN: FileCheck %s --check-prefix=NONE < %t.noocl.cpp
// RUN: %clpar-translate %s -o %t.nobc.cpp --no-bounds-check %flags
// RUN: FileCheck %s --check-prefix=NONE < %t.nobc.cpp
#include <clpar/clpar.hpp>

void stencil(clpar::view<const float, 2> in, clpar::view<float, 2> out) {
  const std::size_t n = in.extent(0);
  for (auto i : clpar::prange(std::size_t(1), n - 1))
    for (auto j : clpar::prange(std::size_t(1), n - 1))
      out(i, j) = 0.25f * (in(i, j - 1) + in(i, j + 1) + in(i + 1, j) + in(i - 1, j));
}
// CHECK: {{^ *}}const auto clpar_unchecked0 = ::clpar::rt::unchecked(out);
// CHECK-NEXT: {{^ *}}const auto clpar_unchecked1 = ::clpar::rt::unchecked(in);
// CHECK: {{^ *}}#pragma omp parallel for
// CHECK: {{^ *}}try {
// CHECK-NEXT: #pragma GCC diagnostic push
// CHECK-NEXT: #pragma GCC diagnostic ignored "-Wshadow"
// CHECK-NEXT: {{^ *}}const auto &out = clpar_unchecked0;
// CHECK-NEXT: {{^ *}}const auto &in = clpar_unchecked1;
// CHECK-NEXT: #pragma GCC diagnostic pop

void halves(clpar::view<const float> in, clpar::view<float> out) {
  for (auto i : clpar::prange(out.extent(0)))
    out[i] = i % 2 ? in[i / 2] : 0.0f;
}
// `in` is read under ?: (checked per access): only `out` is shadowed.
// CHECK: {{^ *}}const auto clpar_unchecked0 = ::clpar::rt::unchecked(out);
// CHECK-NOT: ::clpar::rt::unchecked(in)
// CHECK: {{^ *}}const auto &out = clpar_unchecked0;
// CHECK-NOT: const auto &in =
// CHECK: {{^ *}}#pragma GCC diagnostic pop

float first(clpar::view<const float> v) { return v[0]; }

void passed(clpar::view<const float> in, clpar::view<float> out) {
  for (auto i : clpar::prange(out.extent(0)))
    out[i] = in[i] + first(in);
}
// `in` is also passed to a function, which checks its own accesses: only `out`.
// CHECK: {{^ *}}const auto clpar_unchecked0 = ::clpar::rt::unchecked(out);
// CHECK-NOT: ::clpar::rt::unchecked(in)
// CHECK: {{^ *}}const auto &out = clpar_unchecked0;
// CHECK-NOT: const auto &in =
// CHECK: {{^ *}}#pragma GCC diagnostic pop

// NONE-NOT: {{^ *}}const auto clpar_unchecked
