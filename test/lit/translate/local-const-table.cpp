// A const array with constant values, local to the function around the loop (a
// stencil's weights), is a __constant table of the kernel program like a constexpr or a
// static one; a const array whose values are known only when the program runs is a view
// of the host's array (translate/builtin-array.cpp).
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cl/clpar_blur_16_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-RUNTIME < %t.cl/clpar_scaled_30_3.cl
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#include <array>

void blur(clpar::view<const float, 2> in, clpar::view<float, 2> out) {
  const float k[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};
  const std::array<int, 2> shift{-1, 1};
  for (auto i : clpar::prange(1, in.extent(0) - 1)) {
    float s = 0;
    for (int a = 0; a < 3; ++a)
      for (int b = 0; b < 3; ++b)
        s += k[a][b] * in(i + a - 1, 1 + b - 1);
    out(i, 0) = s / 16 + float(shift[i % 2]);
  }
}
// REMARK: local-const-table.cpp:16:3: remark: 1-D prange nest offloaded
// CHECK: __constant float clpar_table_k[9] = {1.0f, 2.0f, 1.0f, 2.0f, 4.0f, 2.0f, 1.0f, 2.0f, 1.0f};
// CHECK: __constant int clpar_table_shift[2] = {-1, 1};

void scaled(clpar::view<float> v, float by) {
  const float w[2] = {by, 2 * by};
  for (auto i : clpar::prange(v.size()))
    v[i] *= w[i % 2];
}
// REMARK: local-const-table.cpp:30:3: remark: 1-D prange nest offloaded
// CHECK-RUNTIME-NOT: __constant
// CHECK-RUNTIME: __global
