// Sums of a std::complex<float> or <double> declared outside the loop: the kernel's
// accumulator is a complex value whose parts are reduced as two sums, each with its own
// partials, which the runtime adds to the variable's parts (a std::complex<T> is an array
// of two T); the OpenMP variant sums through a reduction declared in the stub's block.
// RUN: rm -rf %t.cl && %translate -Rclpar --keep-generated=%t.cl %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_f_17_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-T < %t.cl/clpar_g_53_3_double.cl
#include <clpar/clpar.hpp>

#include <complex>

std::complex<float> f(clpar::view<const std::complex<float>> v, float &re) {
  std::complex<float> s{1, 2};
  // REMARK: complex-reduction.cpp:[[@LINE+1]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_f_17_3' with reductions 's' (+), 're' (+) and an OpenMP variant [-Rclpar]
  for (auto i : clpar::prange(v.size())) {
    s += v[i] * 2.0f;
    s -= 1.0f;
    re += v[i].real();
  }
  return s;
}
// CHECK-OMP: {{^ *}}{&reinterpret_cast<float (&)[2]>(s)[0], ::clpar::rt::scalar_kind::f32, ::clpar::rt::reduction_op::add},
// CHECK-OMP-NEXT: {{^ *}}{&reinterpret_cast<float (&)[2]>(s)[1], ::clpar::rt::scalar_kind::f32, ::clpar::rt::reduction_op::add},
// CHECK-OMP-NEXT: {{^ *}}{&re, ::clpar::rt::scalar_kind::f32, ::clpar::rt::reduction_op::add},
// CHECK-OMP: static_cast<::clpar::rt::placement_request>({{.*}}.get_placement()), clpar_reductions, 3,
// CHECK-OMP: {{^}}#pragma omp declare reduction(clpar_complex_sum : std::complex<float>, std::complex<double> : omp_out += omp_in) initializer(omp_priv = decltype(omp_orig){})
// CHECK-OMP: {{^}}#pragma omp parallel for schedule(runtime) num_threads(clpar_schedule.threads()) reduction(clpar_complex_sum: s) reduction(+: re)

// CHECK-CL: {{^ *}}__global float *clpar_partials0, __local float *clpar_scratch0,
// CHECK-CL-NEXT: {{^ *}}__global float *clpar_partials1, __local float *clpar_scratch1,
// CHECK-CL-NEXT: {{^ *}}__global float *clpar_partials2, __local float *clpar_scratch2)
// CHECK-CL: {{^ *}}clpar_complex_float clpar_acc_s;
// CHECK-CL-NEXT: {{^ *}}clpar_acc_s.re = (float)0;
// CHECK-CL-NEXT: {{^ *}}clpar_acc_s.im = (float)0;
// CHECK-CL-NEXT: {{^ *}}float clpar_acc_re = (float)0;
// CHECK-CL: {{^ *}}clpar_acc_s = clpar_complex_float_add(clpar_acc_s, clpar_complex_float_mulr(v[
// CHECK-CL-NEXT: {{^ *}}clpar_acc_s = clpar_complex_float_subr(clpar_acc_s, 1.0f);
// CHECK-CL-NEXT: {{^ *}}clpar_acc_re += v[{{.*}}].re;
// CHECK-CL: {{^ *}}clpar_scratch0[clpar_lid] = clpar_acc_s.re;
// CHECK-CL-NEXT: {{^ *}}clpar_scratch1[clpar_lid] = clpar_acc_s.im;
// CHECK-CL-NEXT: {{^ *}}clpar_scratch2[clpar_lid] = clpar_acc_re;
// CHECK-CL: {{^ *}}clpar_scratch1[clpar_lid] = clpar_scratch1[clpar_lid] + clpar_scratch1[clpar_lid + clpar_s];
// CHECK-CL: {{^ *}}clpar_partials0[clpar_group] = clpar_scratch0[0];
// CHECK-CL-NEXT: {{^ *}}clpar_partials1[clpar_group] = clpar_scratch1[0];
// CHECK-CL-NEXT: {{^ *}}clpar_partials2[clpar_group] = clpar_scratch2[0];

// In a function template, with a reference to the variable and a 2-D nest.
template <class T>
void g(clpar::view<const T, 2> a, std::complex<T> &z) {
  // REMARK: complex-reduction.cpp:[[@LINE+1]]:3: remark: 2-D prange nest in 'g<double>' offloaded: OpenCL kernel 'clpar_g_53_3_double' with reductions 'z' (+) and an OpenMP variant [-Rclpar]
  for (auto i : clpar::prange(a.extent(0)))
    for (auto j : clpar::prange(a.extent(1)))
      z += std::polar(a(i, j), T(0.25) * T(j));
}
template void g<double>(clpar::view<const double, 2>, std::complex<double> &);
// CHECK-OMP: {{^ *}}{&reinterpret_cast<double (&)[2]>(z)[0], ::clpar::rt::scalar_kind::f64, ::clpar::rt::reduction_op::add},
// CHECK-OMP-NEXT: {{^ *}}{&reinterpret_cast<double (&)[2]>(z)[1], ::clpar::rt::scalar_kind::f64, ::clpar::rt::reduction_op::add},
// CHECK-OMP: reduction(clpar_complex_sum: z)

// CHECK-T: {{^ *}}clpar_complex_double clpar_acc_z;
// CHECK-T: {{^ *}}clpar_acc_z = clpar_complex_double_add(clpar_acc_z, clpar_complex_double_polar(
// CHECK-T: {{^ *}}clpar_partials1[clpar_group] = clpar_scratch1[0];
