// How each share of dimension 0 touches the views (Analysis/DeviceSplit.h): per view, the
// axis whose index is Coef * i + c in every access, the window of c, and the same for its
// writes; a region that writes where i alone does not decide gets no table.
// RUN: %translate %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cpp
#include <clpar/clpar.hpp>

void f(clpar::view<float, 2> c, clpar::view<const float, 2> a, clpar::view<float> x,
       clpar::view<float, 2> t, std::size_t n) {
  // CHECK-LABEL: clpar_f_{{[0-9]+}}_3
  // A product: a is read at rows k too, so every share needs all of it; c by rows of i.
  for (auto i : clpar::prange(n).on(clpar::all_devices))
    for (auto j : clpar::prange(n)) {
      float s = 0;
      for (std::size_t k = 0; k < n; ++k)
        s += a(i, k) * a(k, j);
      c(i, j) = s;
    }
  // CHECK: static constexpr ::clpar::rt::split_view clpar_split[] = {
  // CHECK-NEXT: {{\{\{}}-1, 0LL, 0LL, 0LL}, {-1, 0LL, 0LL, 0LL}},
  // CHECK-NEXT: {{\{\{}}0, 1LL, 0LL, 0LL}, {0, 1LL, 0LL, 0LL}},
  // CHECK: 1, clpar_split, true, true};

  // A stencil reads i - 1 to i + 1 and writes i.
  for (auto i : clpar::prange(std::size_t{1}, n - 1))
    x[i] = x[i - 1] + x[i + 1];
  // CHECK: {{\{\{}}0, 1LL, -1LL, 1LL}, {0, 1LL, 0LL, 0LL}},

  // Pairs of elements: coefficient 2, window 0 to 1.
  for (auto i : clpar::prange(n / 2)) {
    x[2 * i] = 1;
    x[2 * i + 1] = 2;
  }
  // CHECK: {{\{\{}}0, 2LL, 0LL, 1LL}, {0, 2LL, 0LL, 1LL}},

  // Columns: a transpose writes t(j, i), axis 1.
  for (auto i : clpar::prange(n))
    for (auto j : clpar::prange(n))
      t(j, i) = c(i, j);
  // CHECK: {{\{\{}}1, 1LL, 0LL, 0LL}, {1, 1LL, 0LL, 0LL}},
  // CHECK-NEXT: {{\{\{}}0, 1LL, 0LL, 0LL}, {-1, 0LL, 0LL, 0LL}},

  // Reversed: the index n - 1 - i holds a scalar, so no share can tell what it writes.
  for (auto i : clpar::prange(n))
    x[n - 1 - i] = 3;
  // CHECK: 0, nullptr};
}
