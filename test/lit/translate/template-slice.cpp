// Slice statements in templates: a kernel per instantiation, in an expression (a
// lambda called at once) since a reduction's value is used.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

template <class T>
T saxpy_norm(T a, clpar::view<const T> x, clpar::view<T> y) {
  y[clpar::all] = a * x + y;
  return clpar::sum(y * y);
}
// REMARK-DAG: template-slice.cpp:10:3: remark: 1-D slice assignment in 'saxpy_norm<float>' offloaded: OpenCL kernel 'clpar_slice_10_3_float' and an OpenMP variant [-Rclpar]
// REMARK-DAG: template-slice.cpp:10:3: remark: 1-D slice assignment in 'saxpy_norm<double>' offloaded: OpenCL kernel 'clpar_slice_10_3_double' and an OpenMP variant [-Rclpar]
// REMARK-DAG: template-slice.cpp:11:10: remark: 1-D slice reduction in 'saxpy_norm<float>' offloaded: OpenCL kernel 'clpar_slice_11_10_float' and an OpenMP variant [-Rclpar]
// REMARK-DAG: template-slice.cpp:11:10: remark: 1-D slice reduction in 'saxpy_norm<double>' offloaded: OpenCL kernel 'clpar_slice_11_10_double' and an OpenMP variant [-Rclpar]
// CHECK-OMP: [&]() { if constexpr (std::is_same_v<T, float>) { [&](
// CHECK-OMP: return [&]() -> decltype(auto) { if constexpr (std::is_same_v<T, float>) { return [&](

double use(clpar::view<const float> xf, clpar::view<float> yf, clpar::view<const double> xd,
           clpar::view<double> yd) {
  return saxpy_norm(2.0f, xf, yf) + saxpy_norm(2.0, xd, yd);
}
