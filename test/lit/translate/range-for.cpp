// Range-based for loops in kernels over arrays the kernel holds: a local std::array or
// built-in array, a constexpr table, a struct's array member (of an element, a local or an
// object from outside).  Each is a counted loop over the elements; a loop variable by value
// is a copy of the element, one by reference names the element at each use (and writes
// through it); the elements need no bounds check.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-LOCAL < %t.cl/clpar_local_28_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-MEMBER < %t.cl/clpar_member_49_3.cl
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#include <array>
#include <vector>

struct poly {
  float c[4];
  float at(float x) const {
    float s = 0;
    for (float k : c)
      s = s * x + k;
    return s;
  }
};

constexpr int taps[3] = {1, 2, 1};

void local(clpar::view<int> out) {
  for (auto i : clpar::prange(out.size())) {
    std::array<int, 4> a{int(i), 1, 2, 3};
    for (auto &x : a)
      x *= 2;
    int s = 0;
    for (const int x : a)
      s += x;
    for (int t : taps)
      s += t;
    out[i] = s;
  }
}
// REMARK-DAG: range-for.cpp:28:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_local_28_3' and an OpenMP variant [-Rclpar]
// CHECK-LOCAL: for (ulong range_k = 0UL; range_k < 4UL; ++range_k)
// CHECK-LOCAL: a[range_k] *= 2;
// CHECK-LOCAL: for (ulong [[K2:[a-z_0-9]+]] = 0UL; [[K2]] < 4UL; ++[[K2]])
// CHECK-LOCAL: const int x = a[[[K2]]];
// CHECK-LOCAL: for (ulong [[K3:[a-z_0-9]+]] = 0UL; [[K3]] < 3UL; ++[[K3]])
// CHECK-LOCAL: int t = clpar_table_taps[[[K3]]];

void member(clpar::view<float> out, const std::vector<poly> &ps, const poly &q) {
  for (auto i : clpar::prange(out.size())) {
    poly p = ps[i];
    for (float &k : p.c)
      k += 1.0f;
    float s = p.at(out[i]) + q.at(1.0f);
    for (float k : q.c)
      s += k;
    for (const float &k : ps[i].c)
      s -= k;
    out[i] = s;
  }
}
// REMARK-DAG: range-for.cpp:49:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_member_49_3' calling 'poly::at' and an OpenMP variant [-Rclpar]
// CHECK-MEMBER: float clpar_fn_poly_at(__global int *clpar_err, clpar_rec_poly self, float x)
// CHECK-MEMBER: float k = self.c[range_k];
// CHECK-MEMBER: p.c[range_k] += 1.0f;
// CHECK-MEMBER: float k = clpar_rec_poly_make(q_c_0_, q_c_1_, q_c_2_, q_c_3_).c[{{[a-z_0-9]+}}];
// CHECK-MEMBER: s -= ps[ps_off + ({{.*}})].c[{{[a-z_0-9]+}}];

// Over a vector, an std::array or a view from outside the loop: counted to its size, the
// elements unchecked; by reference, writes go to the element.
// RUN: FileCheck %s --check-prefix=CHECK-OUTER < %t.cl/clpar_outer_73_3.cl
void outer(clpar::view<float> out, const std::vector<float> &w, std::array<int, 3> &counts,
           std::vector<poly> &ps) {
  for (auto i : clpar::prange(out.size())) {
    float s = 0;
    for (float x : w)
      s += x * out[i];
    for (const poly &p : ps)
      s += p.c[0];
    for (int c : counts)
      s -= float(c);
    out[i] = s;
  }
}
// REMARK-DAG: range-for.cpp:[[@LINE-11]]:3: remark: 1-D prange nest offloaded
// CHECK-OUTER: for (ulong range_k = 0UL; range_k < w_e0; ++range_k)
// CHECK-OUTER: float x = w[w_off + ((clpar_idx)range_k * CLPAR_INNER((clpar_idx)w_s0))];
// CHECK-OUTER: for (ulong [[K:[a-z_0-9]+]] = 0UL; [[K]] < ps_e0; ++[[K]])
// CHECK-OUTER: s += ps[ps_off + ((clpar_idx)[[K]] * CLPAR_INNER((clpar_idx)ps_s0))].c[0];
// CHECK-OUTER: for (ulong [[C:[a-z_0-9]+]] = 0UL; [[C]] < counts_e0; ++[[C]])
// CHECK-OUTER: int c = counts[counts_off + ((clpar_idx)[[C]] * CLPAR_INNER((clpar_idx)counts_s0))];
