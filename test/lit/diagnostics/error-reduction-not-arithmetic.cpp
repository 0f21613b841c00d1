// A reduction-shaped update of an outer pointer or a std::complex of an element type
// kernels do not compute is an error, and so is a complex product; so is any other change
// of an outer std::complex by its operators (the standard library's others, std::atomic's,
// are not judged).  A std::complex<float> or <double> sum is a reduction
// (translate/complex-reduction.cpp).
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
  std::complex<long double> sum;
  std::complex<float> last, product{1, 0}, fine;
  for (auto i : clpar::prange(v.size())) {
    sum += v[i];
    // CHECK: error-reduction-not-arithmetic.cpp:[[@LINE-1]]:9: error: reduction variable 'sum' must have an arithmetic type or be a std::complex<float> or <double>
    last = v[i];
    // CHECK: error-reduction-not-arithmetic.cpp:[[@LINE-1]]:10: error: write to 'last', declared outside the prange loop; only reductions (x += e, x *= e, x = std::min(x, e), ...) may update outer variables
    product *= v[i];
    // CHECK: error-reduction-not-arithmetic.cpp:[[@LINE-1]]:13: error: complex reduction variable 'product' is updated with '*='; complex numbers are reduced only by += and -=
    fine -= v[i];
    // CHECK-NOT: 'fine'
  }
}
