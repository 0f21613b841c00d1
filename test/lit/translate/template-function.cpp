// A prange loop in a function template gets a kernel and an OpenMP variant per
// instantiation; the loop's text becomes an `if constexpr` chain on the template
// arguments, so each instantiation compiles its own branch.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_axpy_18_3_double.cl
// RUN: %translate --dump-regions %flags | FileCheck %s --check-prefix=DUMP
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

// REMARK-DAG: template-function.cpp:18:3: remark: 1-D prange nest in 'axpy<float>' offloaded: OpenCL kernel 'clpar_axpy_18_3_float' taking four iterations of 'i' per work-item and an OpenMP variant [-Rclpar]
// REMARK-DAG: template-function.cpp:18:3: remark: 1-D prange nest in 'axpy<double>' offloaded: OpenCL kernel 'clpar_axpy_18_3_double' taking four iterations of 'i' per work-item and an OpenMP variant [-Rclpar]
// CHECK-OMP: {{^}}#include <clpar/rt/instantiation.hpp>
// CHECK-OMP: { if constexpr (std::is_same_v<T, float>) { // clpar: 1-D prange nest at {{.*}}template-function.cpp:18:3: OpenCL kernel 'clpar_axpy_18_3_float' and OpenMP variant
// CHECK-OMP: "{{.*}}template-function.cpp:18:3 axpy<float>", "clpar_axpy_18_3_float",
template <class T>
void axpy(T a, clpar::view<const T> x, clpar::view<T> y) {
  for (auto i : clpar::prange(y.size()))
    y[i] = a * x[i] + y[i];
}
// CHECK-OMP: else if constexpr (std::is_same_v<T, double>) { // clpar: 1-D prange nest at {{.*}}: OpenCL kernel 'clpar_axpy_18_3_double' and OpenMP variant
// CHECK-OMP: "{{.*}}template-function.cpp:18:3 axpy<double>", "clpar_axpy_18_3_double",
// The last branch, for instantiations this file does not have, is the loop as written.
// CHECK-OMP: {{^ *}}else {{$}}
// CHECK-OMP-NEXT: {{^}}#line 18 "{{.*}}template-function.cpp"
// CHECK-OMP-NEXT: {{^  }}for (auto i : clpar::prange(y.size()))
// CHECK-OMP-NEXT: {{^    }}y[i] = a * x[i] + y[i]; }{{$}}

// Only the double instantiation needs fp64: on a device without it, that instantiation
// alone runs on the host (the runtime decides per region, from its needs_fp64).
// DUMP: {{^}}region 18:3 dims=1 kernel=clpar_axpy_18_3_float
// DUMP-NOT: fp64
// DUMP: {{^}}region 18:3 dims=1 kernel=clpar_axpy_18_3_double
// DUMP: {{^  }}fp64

// The double instantiation's kernel has double arguments.
// CHECK-CL: __kernel void clpar_axpy_18_3_double(
// CHECK-CL: __global double *CLPAR_RESTRICT y,
// CHECK-CL: double a)

void use(clpar::view<const float> xf, clpar::view<float> yf, clpar::view<const double> xd,
         clpar::view<double> yd) {
  axpy(2.0f, xf, yf);
  axpy(2.0, xd, yd);
  axpy(3.0f, xf, yf); // the same instantiation: nothing new
}
