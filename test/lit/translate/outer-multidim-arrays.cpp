// An array of arrays declared outside the loop (a local made at run time, nested
// std::arrays by const reference, a reference parameter the loop writes, three
// dimensions) is one view of all its elements in C++'s order, Kind builtin or array:
// `k[a][b]` is element a * 3 + b, computed in 64 bits and checked against the whole
// array's length.  A row on its own keeps the loop on OpenMP.  (A const one with
// constant values is a table: translate/local-const-table.cpp.)
// RUN: rm -rf %t.cl && %translate -Rclpar --keep-generated=%t.cl --dump-regions %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=HOST < %t.cpp
// RUN: FileCheck %s --check-prefix=CL < %t.cl/clpar_blur_21_3.cl
#include <clpar/clpar.hpp>

#include <array>

float first(const float (&row)[3]) { return row[0]; }

void blur(clpar::view<const float, 2> in, clpar::view<float, 2> out, float centre,
          const std::array<std::array<float, 2>, 3> &mix, float (&hits)[4][6]) {
  float k[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};
  k[1][1] = centre;
  for (auto i : clpar::prange(std::size_t(1), in.extent(0) - 1))
    for (auto j : clpar::prange(std::size_t(1), in.extent(1) - 1)) {
      float s = 0;
      for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b)
          s += k[a][b] * in(i + a - 1, j + b - 1);
      out(i, j) = s + mix[i % 3][j % 2];
    }
  for (auto r : clpar::prange(std::size_t(4)))
    for (auto c : clpar::prange(std::size_t(6)))
      hits[r][c] = k[r % 3][2] + float(r * 6 + c);
  for (auto r : clpar::prange(std::size_t(4)))
    hits[r][0] = first(k[r % 3]);
}
// HOST: ::clpar::rt::view_arg_of(k, false),
// HOST: ::clpar::rt::view_arg_of(mix, false),
// HOST: ::clpar::rt::view_arg_of(hits, true),
// CL: __global const float *CLPAR_RESTRICT k, long k_off, ulong k_e0, long k_s0,
// (The indices' bounds are known before the launch: checked there, not in the kernel.)
// CL: s += k[k_off + ((clpar_idx)((((long)a) * 3L) + ((long)b)) * CLPAR_INNER((clpar_idx)k_s0))] * in[

void cube(clpar::view<double> v, const double (&w)[2][3][4]) {
  for (auto i : clpar::prange(v.size()))
    v[i] = w[i % 2][1][i % 4] + w[1][2][3];
}

// REMARK: outer-multidim-arrays.cpp:21:3: remark: 2-D prange nest offloaded
// REMARK: outer-multidim-arrays.cpp:29:3: remark: 2-D prange nest offloaded
// REMARK: outer-multidim-arrays.cpp:33:24: remark: prange loop not offloaded to OpenCL: it passes an array other than one the kernel holds (a local array, a constant table, a struct's array member) to the parameter 'row' of 'first'; the OpenMP variant is used [-Rclpar]
// REMARK: outer-multidim-arrays.cpp:43:3: remark: 1-D prange nest offloaded
// REMARK: region 21:3
// REMARK-DAG: view k kind=builtin elem=float rank=1 read
// REMARK-DAG: view mix kind=array elem=float rank=1 read
// REMARK: region 29:3
// REMARK-DAG: view hits kind=builtin elem=float rank=1 written
// REMARK: region 43:3
// REMARK: view w kind=builtin elem=double rank=1 read
