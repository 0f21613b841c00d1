// What kernels do not compute of std::complex (libstdc++'s representation, complex
// integers, ...): the OpenMP variant is used.  (Functions of namespace std that are not
// <complex>'s, std::swap and std::exchange, are translated from their bodies: e2e
// complex_numbers.)
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
#include <clpar/clpar.hpp>

#include <complex>

void representation(clpar::view<const std::complex<float>> v, clpar::view<float> out) {
  for (auto i : clpar::prange(v.size()))
    out[i] = v[i].__rep() == 0.0f ? 1.0f : 2.0f;  // libstdc++'s _Complex float
  // CHECK: remark-complex-refused.cpp:[[@LINE-1]]:19: remark: prange loop not offloaded to OpenCL: it calls 'std::complex<float>::__rep', which kernels do not compute for std::complex; the OpenMP variant is used [-Rclpar]
}

void integers(clpar::view<const std::complex<int>> v, clpar::view<int> out) {
  for (auto i : clpar::prange(v.size()))
    out[i] = v[i].real();
  // CHECK: remark-complex-refused.cpp:[[@LINE-1]]:19: remark: prange loop not offloaded to OpenCL: it calls 'std::complex<int>::real' on 'std::complex<int>'; kernels compute std::complex of float and double; the OpenMP variant is used [-Rclpar]
}

void effects(clpar::view<std::complex<float>> v) {
  for (auto i : clpar::prange(v.size() / 2)) {
    std::size_t k = 2 * i;
    v[k++] += v[k];
    // CHECK: remark-complex-refused.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it changes a complex number named by an expression with effects; the OpenMP variant is used [-Rclpar]
  }
}

void gnu_imaginary(clpar::view<std::complex<float>> v) {
  for (auto i : clpar::prange(v.size())) {
    std::complex<float> z = 2.0if;  // the compiler's _Complex float, not std::complex_literals'
    // CHECK: remark-complex-refused.cpp:[[@LINE-1]]:29: remark: prange loop not offloaded to OpenCL: it makes 'std::complex<float>' from the compiler's _Complex type; the OpenMP variant is used [-Rclpar]
    v[i] += z;
  }
}

void extended(clpar::view<const std::complex<long double>> v, clpar::view<double> out) {
  for (auto i : clpar::prange(v.size()))
    out[i] = double(std::abs(v[i]));
  // CHECK: remark-complex-refused.cpp:[[@LINE-1]]:21: remark: prange loop not offloaded to OpenCL: it calls 'std::abs' on 'std::complex<long double>'; kernels compute std::complex of float and double; the OpenMP variant is used [-Rclpar]
}
