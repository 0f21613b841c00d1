// Functions with visible bodies are translated into the kernel, views as base, offset,
// extents and strides; callees come before callers, each once.
// RUN: rm -rf %t.cl && %translate -Rclpar --keep-generated=%t.cl %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cl/clpar_mask_20_3.cl
#include <clpar/clpar.hpp>

template <class T> T square(T x) { return x * x; }
constexpr int kEdges = 3;

bool near(clpar::view<const float, 2> pts, float x, float y) {
  for (int i = 0; i < kEdges; ++i)
    if (square(pts(i, 0) - x) + square(pts(i, 1) - y) < 4.0f)
      return true;
  return false;
}

void mask(clpar::view<const float, 2> pts, clpar::view<int, 2> out) {
  // REMARK: call-function-with-view.cpp:[[@LINE+1]]:3: remark: 2-D prange nest offloaded: OpenCL kernel 'clpar_mask_20_3' calling 'square', 'near' and an OpenMP variant [-Rclpar]
  for (auto y : clpar::prange(out.extent(0)))
    for (auto x : clpar::prange(out.extent(1)))
      out(y, x) = near(pts, float(x), float(y)) ? 1 : 0;
}
// CHECK: {{^}}float clpar_fn_square(__global int *clpar_err, float x)
// CHECK: {{^}}bool clpar_fn_near(__global int *clpar_err, __global const float *pts, long pts_off, ulong pts_e0, ulong pts_e1, long pts_s0, long pts_s1, float x, float y)
// CHECK: {{^ *}}for (int i = 0; i < 3; ++i)
// CHECK: {{^ *}}return true;
// CHECK: {{^ *}}out[{{.*}}] = clpar_fn_near(clpar_err, pts, pts_off, pts_e0, pts_e1, pts_s0, pts_s1, (float)x, (float)y) ? 1 : 0;
