// A prange loop that names a function parameter pack is left as written (serial): each
// instantiation names the pack's elements, which the template's text cannot.  The
// template's other loops are translated, and the output compiles.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

template <class... Vs>
void sum_into(clpar::view<float> out, Vs... vs) {
  for (auto i : clpar::prange(out.size()))
    out[i] = (vs[i] + ...);
  // CHECK-DAG: remark-parameter-pack.cpp:[[@LINE-2]]:3: remark: prange loop uses the function parameter pack 'vs', whose elements translated code cannot name; it is not translated and runs serially [-Rclpar]
  for (auto i : clpar::prange(out.size()))
    out[i] *= float(sizeof...(vs));
  // CHECK-DAG: remark-parameter-pack.cpp:[[@LINE-2]]:3: remark: 1-D prange nest in 'sum_into<clpar::view<float>, clpar::view<float>>' offloaded
}

void use(clpar::view<float> out, clpar::view<float> a, clpar::view<float> b) {
  sum_into(out, a, b);
}
