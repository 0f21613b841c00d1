// std::pair in kernels: a struct of `first` and `second` (the library writes its
// assignment operators out, so it is not trivially copyable, and they are translated as
// member functions); structured bindings of it, which C++ makes through get<>, name its
// fields.
// RUN: rm -rf %t.cl && %translate -Rclpar --keep-generated=%t.cl %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cl/clpar_f_22_3.cl
#include <clpar/clpar.hpp>

#include <utility>

std::pair<int, float> argmax2(float a, float b) {
  auto best = std::make_pair(0, a);
  if (b > best.second)
    best = {1, b};
  return best;
}
// CHECK: {{^}}typedef struct {
// CHECK-NEXT: {{^}}  int first;
// CHECK-NEXT: {{^}}  float second;
void f(clpar::view<float> v, clpar::view<int> k, std::pair<float, int> off) {
  for (auto i : clpar::prange(v.size())) {
    auto [at, top] = argmax2(v[i], off.first);
    std::pair<float, int> p{top, at};
    auto &[pf, ps] = p;
    ps += 2;
    v[i] = pf + off.first;
    k[i] = p.second + off.second;
  }
}
// REMARK: std-pair.cpp:22:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_f_22_3' calling 'std::pair<int, float>::pair', 'std::make_pair', 'std::pair<int, float>::operator=', 'argmax2', 'std::pair<float, int>::pair' and an OpenMP variant [-Rclpar]
// CHECK: {{^}}void clpar_fn_pair_op_eq(__global int *clpar_err, clpar_rec_pair *self, clpar_rec_pair clpar_u___p_)
// CHECK: {{^}}  clpar_rec_pair bound = clpar_fn_argmax2(clpar_err, v[{{.*}}], off_first);
// CHECK-NEXT: {{^}}  clpar_rec_pair_2 p = clpar_fn_pair_make_2(clpar_err, bound.second, bound.first);
// CHECK-NEXT: {{^}}  ;
// CHECK-NEXT: {{^}}  p.second += 2;
// CHECK-NEXT: {{^}}  v[{{.*}}] = p.first + off_first;
// CHECK-NEXT: {{^}}  k[{{.*}}] = p.second + off_second;
