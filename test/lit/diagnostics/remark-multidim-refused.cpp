// Arrays of arrays reach kernels indexed to an element: a row on its own (a pointer to
// it, a range-based 'for' over the rows or over a plane, front()) keeps the loop on
// OpenMP with the reason.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#include <array>

void row_pointer(clpar::view<float> b) {
  for (auto i : clpar::prange(b.size())) {
    float w[2][3] = {};
    float *row = w[1];
    // CHECK-DAG: remark-multidim-refused.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it uses type 'float *', which OpenCL C cannot represent; the OpenMP variant is used [-Rclpar]
    b[i] = row[0];
  }
}

void over_rows(clpar::view<float> b) {
  for (auto i : clpar::prange(b.size())) {
    std::array<std::array<float, 3>, 2> w{};
    for (auto &row : w)
      // CHECK-DAG: remark-multidim-refused.cpp:[[@LINE-1]]:20: remark: prange loop not offloaded to OpenCL: it loops over the rows of 'w', an array of 2 dimensions; kernels index such arrays to an element; the OpenMP variant is used [-Rclpar]
      row[0] = 1;
    b[i] = w[0][0];
  }
}

void over_a_plane(clpar::view<float> b) {
  for (auto i : clpar::prange(b.size())) {
    float w[2][3][2] = {};
    for (auto &row : w[0])
      // CHECK-DAG: remark-multidim-refused.cpp:[[@LINE-1]]:20: remark: prange loop not offloaded to OpenCL: it loops over a row of 'w', an array of 3 dimensions, other than one of its last dimension; the OpenMP variant is used [-Rclpar]
      b[i] += row[0];
  }
}

void front_row(clpar::view<float> b) {
  for (auto i : clpar::prange(b.size())) {
    std::array<std::array<float, 3>, 2> w{};
    b[i] = w.front()[1];
    // CHECK-DAG: remark-multidim-refused.cpp:[[@LINE-1]]:23: remark: prange loop not offloaded to OpenCL: it takes a sub-view inside the loop; kernels index elements only; the OpenMP variant is used [-Rclpar]
  }
}

struct grid { float g[2][2]; };

void row_size(clpar::view<grid> gs, clpar::view<int> n) {
  for (auto i : clpar::prange(gs.size())) {
    grid q = gs[i];
    int k = 0;
    n[i] = int(q.g[k++][0] + 1);
  }
}
// The last loop offloads: an element's indices may have side effects.
// CHECK-DAG: remark-multidim-refused.cpp:49:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_row_size_49_3' and an OpenMP variant [-Rclpar]
