// Slice statements are replaced inside functions only (the replacement is a lambda that
// captures by reference), also as the body of an if or a loop.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>
#include <vector>

std::vector<float> g(100, 1.0f);
float at_namespace_scope = clpar::sum(clpar::view<float>(g));
// CHECK-NOT: slice-where-translated.cpp:9:{{.*}}remark

void f(clpar::view<float> a, clpar::view<float> b) {
  if (a.size() > 0)
    b[clpar::all] += 1.0f;
  // CHECK: slice-where-translated.cpp:[[@LINE-1]]:5: remark: 1-D slice assignment offloaded
  for (int k = 0; k < 2; ++k)
    b[clpar::all] = b + a;
  // CHECK: slice-where-translated.cpp:[[@LINE-1]]:5: remark: 1-D slice assignment offloaded
}
