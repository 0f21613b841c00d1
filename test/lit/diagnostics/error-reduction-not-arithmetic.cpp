// A reduction-shaped update of an outer pointer or std::complex is an error; so is any
// other change of an outer std::complex by its operators (the standard library's others,
// std::atomic's, are not judged).
// RUN: not %translate %flags 2>&1 | FileCheck %s
#include <clpar/clpar.hpp>

#include <complex>

void f(clpar::view<int> v, int *p) {
  for (auto i : clpar::prange(v.size())) {
    p += v[i];
    // CHECK: error-reduction-not-arithmetic.cpp:[[@LINE-1]]:7: error: reduction variable 'p' must have an arithmetic type
  }
}

void g(clpar::view<const std::complex<float>> v) {
  std::complex<float> sum, last;
  for (auto i : clpar::prange(v.size())) {
    sum += v[i];
    // CHECK: error-reduction-not-arithmetic.cpp:[[@LINE-1]]:9: error: reduction variable 'sum' must have an arithmetic type; reduce a complex number's real and imaginary parts in two variables
    last = v[i];
    // CHECK: error-reduction-not-arithmetic.cpp:[[@LINE-1]]:10: error: write to 'last', declared outside the prange loop; only reductions (x += e, x *= e, x = std::min(x, e), ...) may update outer variables
  }
}
