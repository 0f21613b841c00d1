// A member function of a class template: a kernel per instantiation of the class, with
// the object's views and scalars (this->a, this->w) as the kernel's arguments.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

template <class T>
struct Grid {
  clpar::view<const T, 2> a;
  clpar::view<T, 2> b;
  T w;
  void step() {
    for (auto i : clpar::prange(1, a.extent(0) - 1))
      for (auto j : clpar::prange(1, a.extent(1) - 1))
        b(i, j) = w * (a(i - 1, j) + a(i + 1, j) + a(i, j - 1) + a(i, j + 1));
  }
  // REMARK-DAG: template-class-member.cpp:14:5: remark: 2-D prange nest in 'Grid<float>::step' offloaded: OpenCL kernel 'clpar_step_14_5_float' taking four iterations of 'j' per work-item and an OpenMP variant [-Rclpar]
  // REMARK-DAG: template-class-member.cpp:14:5: remark: 2-D prange nest in 'Grid<double>::step' offloaded: OpenCL kernel 'clpar_step_14_5_double' taking four iterations of 'j' per work-item and an OpenMP variant [-Rclpar]
  // CHECK-OMP: if constexpr (std::is_same_v<T, float>)
  // CHECK-OMP: ::clpar::rt::view_arg_of(this->b, true),
  // CHECK-OMP: ::clpar::rt::view_arg_of(this->a, false),
  // CHECK-OMP: ::clpar::rt::scalar_arg_of(this->w),
};

void use(Grid<float> &f, Grid<double> &d) {
  f.step();
  d.step();
}
