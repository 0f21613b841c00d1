// A built-in array of one dimension declared outside the loop (a local, a global, a
// reference parameter) is a view of its elements, Kind builtin: passed through
// view_arg_of, read and written in the kernel as a std::array is, and checked in the
// OpenMP variant (the header build cannot check it).
// RUN: rm -rf %t.cl && %translate -Rclpar --keep-generated=%t.cl --dump-regions %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=HOST < %t.cpp
// RUN: FileCheck %s --check-prefix=CL < %t.cl/clpar_stencil_15_3.cl
#include <clpar/clpar.hpp>

float table[8];

void stencil(clpar::view<const float> in, clpar::view<float> out, float scale) {
  const float w[3] = {0.25f * scale, 0.5f * scale, 0.25f * scale};
  for (auto i : clpar::prange(std::size_t(1), in.size() - 1))
    out[i] = w[0] * in[i - 1] + w[1] * in[i] + w[2] * in[i + 1] + table[i % 8];
}
// HOST: ::clpar::rt::view_arg_of(w, false),
// HOST: ::clpar::rt::view_arg_of(::table, false),
// HOST: out[i] = ::clpar::rt::checked_subscript(w, 0, "{{.*}}builtin-array.cpp", 16, 17, "w") * in[i - 1] + ::clpar::rt::checked_subscript(w, 1, "{{.*}}builtin-array.cpp", 16, 36, "w") * in[i] + ::clpar::rt::checked_subscript(w, 2, "{{.*}}builtin-array.cpp", 16, 51, "w") * in[i + 1] + ::clpar::rt::checked_subscript(table, i % 8, "{{.*}}builtin-array.cpp", 16, 78, "table");
// CL: __global const float *CLPAR_RESTRICT w, long w_off, ulong w_e0, long w_s0,
// CL: __global const float *CLPAR_RESTRICT table, long table_off, ulong table_e0, long table_s0)
// CL: table[table_off + ((clpar_idx)clpar_checked(clpar_err, {{[0-9]+}}, (long)(i % 8UL), table_e0)

// Written through a reference parameter; a range-based for over one inside the body.
void row_sums(clpar::view<const float, 2> m, float (&sums)[16], const double (&scale)[4]) {
  for (auto i : clpar::prange(std::size_t(16))) {
    double s = 0;
    for (double c : scale)
      s += c;
    sums[i] = float(s) * m(i, 0);
  }
}
// HOST: ::clpar::rt::view_arg_of(scale, false),
// HOST: ::clpar::rt::view_arg_of(sums, true),
// HOST: ::clpar::rt::checked_subscript(sums, i, "{{.*}}builtin-array.cpp", 31, 11, "sums") = float(s) * m(i, 0);

// REMARK: builtin-array.cpp:15:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_stencil_15_3' and an OpenMP variant [-Rclpar]
// REMARK: builtin-array.cpp:27:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_row_sums_27_3' sharing each iteration's loop over 'range_k' among work-items and an OpenMP variant [-Rclpar]
// REMARK: region 15:3
// REMARK: view w kind=builtin elem=float rank=1 read
// REMARK: view ::table kind=builtin elem=float rank=1 read
// REMARK: region 27:3
// REMARK: view scale kind=builtin elem=double rank=1 read
// REMARK: view sums kind=builtin elem=float rank=1 written
