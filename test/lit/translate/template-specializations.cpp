// Shapes of templates that must keep their instantiations apart or stay plain code:
// `template <auto N>` instantiated with 4 and 4u (equal values of different types); an
// explicit specialization of a class template's member, which is ordinary code for its
// arguments; an `if constexpr` whose branch is discarded in one instantiation.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cpp
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

template <auto N> void shift(clpar::view<int> a) {
  for (auto i : clpar::prange(a.size()))
    a[i] = (int(i) - N) / 2;
}
// REMARK-DAG: remark: 1-D prange nest in 'shift<4>' offloaded: OpenCL kernel 'clpar_shift_11_3_4'
// REMARK-DAG: remark: 1-D prange nest in 'shift<4U>' offloaded: OpenCL kernel 'clpar_shift_11_3_4U'
// CHECK: if constexpr (std::is_same_v<decltype(N), int> && (N == static_cast<decltype(N)>(4LL)))
// CHECK: else if constexpr (std::is_same_v<decltype(N), unsigned int> && (N == static_cast<decltype(N)>(4ULL)))

template <class T> struct Grid {
  clpar::view<T> cells;
  void step();
};
template <> void Grid<float>::step() {
  for (auto i : clpar::prange(cells.size()))
    cells[i] = cells[i] * 0.5f;
}
// REMARK-DAG: template-specializations.cpp:[[@LINE-3]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_step_24_3'
// CHECK: template <> void Grid<float>::step() {
// CHECK-NOT: if constexpr
// CHECK: "clpar_step_24_3",

template <bool B> void maybe(clpar::view<int> a) {
  for (auto i : clpar::prange(a.size()))
    if constexpr (B)
      a[i] = 1;
}
// REMARK-DAG: remark: 1-D prange nest in 'maybe<true>' offloaded
// REMARK-DAG: remark: 1-D prange nest in 'maybe<false>' offloaded

void use(clpar::view<int> a, Grid<float> &g) {
  shift<4>(a);
  shift<4u>(a);
  g.step();
  maybe<true>(a);
  maybe<false>(a);
}
