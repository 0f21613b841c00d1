// Arrays of arrays (`float[3][3]`, `std::array<std::array<int, 2>, 3>`), local, a
// constant table or a struct's member, are one flat array in the kernel in C++'s order:
// `w[i][j]` is element i * 3 + j, computed in 64 bits and checked against the whole
// array's length; constant indices make a constant position.  Nested braced lists
// flatten, value-initialized elements are zero; size() of the array or of a row is the
// extent of its dimension; a row copied to a local array (`auto row = k[r];`) is copied
// element by element, and a range-based `for` over a row loops over its elements.  An
// object of such a struct from outside the loop passes
// each element (`R.m[1][2]`).  A reference bound to an element of a local struct's array
// member is an alias whatever the struct holds later (only the indices matter).
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_weights_32_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-REC < %t.cl/clpar_cells_68_3.cl
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#include <array>

constexpr float smooth[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};

struct mat2 {
  float m[2][2];
  mat2(float a) : m{{a, 0}, {0, a}} {}
  float det() const { return m[0][0] * m[1][1] - m[0][1] * m[1][0]; }
};

inline int p0(unsigned long i) { return int(i % 3); }

struct cell { std::array<std::array<float, 2>, 3> v; int tag; };

void weights(clpar::view<float, 2> a, clpar::view<float> b) {
  for (auto i : clpar::prange(b.size())) {
    float w[3][3] = {{0, 1}, {1, 4, 1}};
    std::array<std::array<int, 2>, 3> k{};
    float s = 0;
    for (int p = 0; p < 3; ++p)
      for (int q = 0; q < 3; ++q)
        s += w[p][q] * smooth[p][q] * a(i, q);
    k[2][1] = int(k.size() + k[0].size());
    std::array<int, 2> row = k[p0(i)];
    mat2 M(s);
    for (float x : w[p0(i)])
      s += x;
    b[i] = s + M.det() + float(k[2][1] + row[1]);
  }
}
// REMARK: multidim-arrays.cpp:32:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_weights_32_3' calling 'p0', 'mat2::mat2', 'mat2::det' and an OpenMP variant [-Rclpar]
// CHECK-CL: __constant float clpar_table_smooth[9] = {1.0f, 2.0f, 1.0f, 2.0f, 4.0f, 2.0f, 1.0f, 2.0f, 1.0f};
// CHECK-CL: self.m[0UL] = a;
// CHECK-CL-NEXT: self.m[1UL] = 0.0f;
// CHECK-CL-NEXT: self.m[2UL] = 0.0f;
// CHECK-CL-NEXT: self.m[3UL] = a;
// CHECK-CL: return (self.m[0L] * self.m[3L]) - (self.m[1L] * self.m[2L]);
// CHECK-CL: float w[9] = {0.0f, 1.0f, 0.0f, 1.0f, 4.0f, 1.0f};
// CHECK-CL-NEXT: int k[6] = {0};
// CHECK-CL: s += (w[clpar_checked(clpar_err, {{[0-9]+}}, (long)((((long)p) * 3L) + ((long)q)), 9UL)] * clpar_table_smooth[clpar_checked(clpar_err, {{[0-9]+}}, (long)((((long)p) * 3L) + ((long)q)), 9UL)]) *
// CHECK-CL: k[5L] = (int)(3UL + 2UL);
// A row copied to a local array: element by element, each at the row's place plus its own.
// CHECK-CL-NEXT: int row[2] = {k[clpar_checked(clpar_err, {{[0-9]+}}, (long)(((long)((ulong)clpar_fn_p0(clpar_err, i))) * 2L), 6UL)], k[clpar_checked(clpar_err, {{[0-9]+}}, (long)((((long)((ulong)clpar_fn_p0(clpar_err, i))) * 2L) + 1L), 6UL)]};
// A range-based for over a row: the row's place computed once, as C++ evaluates the
// range once, then its place plus the counter, checked.
// CHECK-CL: const long row_start = ((long)clpar_fn_p0(clpar_err, i)) * 3L;
// CHECK-CL-NEXT: for (ulong range_k = 0UL; range_k < 3UL; ++range_k)
// CHECK-CL-NEXT: {
// CHECK-CL-NEXT: float x = w[clpar_checked(clpar_err, {{[0-9]+}}, (long)(row_start + ((long)range_k)), 9UL)];

void cells(clpar::view<cell> cs, clpar::view<float> out, const mat2 &R) {
  for (auto i : clpar::prange(cs.size())) {
    cell c = cs[i];
    float &corner = c.v[2][1];
    c = cs[i];
    corner += R.m[1][0];
    cs[i] = c;
    out[i] = float(c.v.size());
  }
}
// REMARK: multidim-arrays.cpp:68:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_cells_68_3' and an OpenMP variant [-Rclpar]
// CHECK-REC: typedef struct {
// CHECK-REC-NEXT: float v[6];
// CHECK-REC-NEXT: int tag;
// CHECK-REC-NEXT: } clpar_rec_cell;
// CHECK-REC: float R_m_0__0_,
// CHECK-REC-NEXT: float R_m_0__1_,
// CHECK-REC-NEXT: float R_m_1__0_,
// CHECK-REC-NEXT: float R_m_1__1_)
// CHECK-REC: c.v[5L] += clpar_rec_mat2_make(R_m_0__0_, R_m_0__1_, R_m_1__0_, R_m_1__1_).m[2L];
// CHECK-REC: = 3.0f;
