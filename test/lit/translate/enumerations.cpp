// Enumerations (scoped or not) are their underlying integer types in a kernel: a
// variable or member of enumeration type outside the loop is a scalar argument, its
// enumerators literals, a local of the type an integer local.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_apply_19_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

enum class mode : unsigned char { add, mul, keep };
enum color { red = 2, green = 5 };
struct op {
  mode m;
  float k;
};

void apply(clpar::view<float> v, clpar::view<int> c, mode m, const op &o, color col) {
  // REMARK: enumerations.cpp:[[@LINE+1]]:3: remark: 1-D prange nest offloaded
  for (auto i : clpar::prange(v.size())) {
    v[i] = (m == mode::add) ? v[i] + 1 : v[i] * 2;
    if (o.m == mode::mul)
      v[i] += o.k;
    mode local = (i % 2 == 0) ? mode::keep : m;
    if (local == mode::keep)
      c[i] = col + static_cast<int>(m);
  }
}
// CHECK-CL: uchar m,
// CHECK-CL: uchar o_m,
// CHECK-CL: uint col)
// CHECK-CL: uchar clpar_u_local_ =
// CHECK-OMP: ::clpar::rt::scalar_arg_of(m),
