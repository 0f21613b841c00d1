// std::vector and std::array are 1-D views in kernels; size() is their extent.
// RUN: %translate --dump-regions %flags | FileCheck %s
// RUN: %syntax-check-output
#include <array>
#include <vector>
#include <clpar/clpar.hpp>

void scale(std::vector<double> &v, const std::array<double, 4> &w) {
  // CHECK: {{^}}region [[@LINE+1]]:3 dims=1 kernel=clpar_scale_10_3
  for (auto i : clpar::prange(v.size()))
    v[i] = v[i] * w[i % w.size()];
}
// CHECK-NEXT: {{^}}  dim 0 var=i type=ulong range=clpar::prange(v.size())
// CHECK-NEXT: {{^}}  view v kind=vector elem=double rank=1 written
// CHECK-NEXT: {{^}}  view w kind=array elem=double rank=1 read
// CHECK-NEXT: {{^}}  fp64
