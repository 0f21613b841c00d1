// std::complex<float> and <double> in kernels: a struct of re and im, computed by helpers
// of the kernel program named after the operation (only those called, each after the
// helpers it calls); the parts of a complex number declared outside the loop are scalar
// arguments the host reads as the elements of an array of two (lvalues).
// RUN: rm -rf %t.cl && %translate -Rclpar --keep-generated=%t.cl %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cl/clpar_f_40_3.cl
// RUN: FileCheck %s --check-prefix=HOST < %t.cpp
#include <clpar/clpar.hpp>

#include <complex>

using namespace std::complex_literals;

// CHECK: {{^}}// std::complex<float>
// CHECK-NEXT: {{^}}typedef struct {
// CHECK-NEXT: {{^}}  float re;
// CHECK-NEXT: {{^}}  float im;
// CHECK-NEXT: {{^}}} clpar_complex_float;
// CHECK: {{^}}// std::complex<double>
// CHECK: {{^}}} clpar_complex_double;
// CHECK-NOT: clpar_complex_float_sin
// CHECK: {{^}}clpar_complex_float clpar_complex_float_mul(clpar_complex_float a, clpar_complex_float b) {
// CHECK: {{^}}clpar_complex_float clpar_complex_float_div(
// CHECK: {{^}}clpar_complex_float clpar_complex_float_mulr(clpar_complex_float a, float x) { return clpar_complex_float_make(a.re * x, a.im * x); }
// CHECK: {{^}}float clpar_complex_float_abs(clpar_complex_float a) { return hypot(a.re, a.im); }
// CHECK: {{^}}float clpar_complex_float_arg(
// CHECK: {{^}}clpar_complex_float clpar_complex_float_exp(
// CHECK: {{^}}clpar_complex_float clpar_complex_float_log(clpar_complex_float a) { return clpar_complex_float_make(log(clpar_complex_float_abs(a)), clpar_complex_float_arg(a)); }
// CHECK: {{^}}clpar_complex_float clpar_complex_float_pow(
// CHECK: {{^}}clpar_complex_float clpar_complex_float_powi(clpar_complex_float a, int k) {
// CHECK: {{^}}bool clpar_complex_double_eqr(
// CHECK: {{^}}clpar_complex_double clpar_complex_double_from_float(clpar_complex_float a) { return clpar_complex_double_make((double)a.re, (double)a.im); }
// CHECK: __global const char *CLPAR_RESTRICT z_bytes
// CHECK: float c_real,
// CHECK-NEXT: float c_imag)
void f(clpar::view<const std::complex<float>> z, clpar::view<std::complex<float>> w,
       clpar::view<double> out) {
  const std::complex<float> c{0.5f, -1.0f};
  for (auto i : clpar::prange(z.size())) {
    std::complex<float> a = z[i], b;
    b = a * a / (c + 1.0f);
    b += 2if;
    b *= 0.5f;
    b.imag(std::abs(a));
    w[i] = std::pow(b, a) + std::pow(a, 3);
    std::complex<double> d = b;
    out[i] = d == 2.0 ? 1.0 : std::real(d);
  }
}
// CHECK: clpar_complex_float a = z[z_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)z_s0))];
// CHECK-NEXT: clpar_complex_float b = clpar_complex_float_make(0.0f, 0.0f);
// CHECK-NEXT: b = clpar_complex_float_div(clpar_complex_float_mul(a, a), clpar_complex_float_addr(clpar_complex_float_make(c_real, c_imag), 1.0f));
// CHECK-NEXT: b = clpar_complex_float_add(b, clpar_complex_float_make(0.0f, 2.0f));
// CHECK-NEXT: b = clpar_complex_float_mulr(b, 0.5f);
// CHECK-NEXT: b.im = clpar_complex_float_abs(a);
// CHECK-NEXT: w[w_off + {{.*}}] = clpar_complex_float_add(clpar_complex_float_pow(b, a), clpar_complex_float_powi(a, 3));
// CHECK-NEXT: clpar_complex_double d = clpar_complex_double_from_float(b);
// CHECK-NEXT: out[out_off + {{.*}}] = clpar_complex_double_eqr(d, 2.0) ? 1.0 : d.re;
// HOST: ::clpar::rt::scalar_arg_of(reinterpret_cast<const float (&)[2]>(c)[0]),
// HOST-NEXT: ::clpar::rt::scalar_arg_of(reinterpret_cast<const float (&)[2]>(c)[1]),
// REMARK: complex.cpp:40:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_f_40_3' and an OpenMP variant [-Rclpar]
