// Pointers a kernel cannot take as references: one the loop may point elsewhere (assigned,
// incremented, declared in a 'for' header), one used other than through '*' or '->'
// (compared, passed on), one whose element's index may change after it.  Each loop keeps
// its OpenMP variant with the reason.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

struct body {
  float x, v;
};

void moved(clpar::view<body> b) {
  for (auto i : clpar::prange(b.size())) {
    body *p = &b[i];
    // CHECK-DAG: remark-pointer-refused.cpp:[[@LINE-1]]:11: remark: prange loop not offloaded to OpenCL: it declares the pointer 'p', which the loop may point elsewhere (kernels use a pointer as a reference); the OpenMP variant is used [-Rclpar]
    if (i > 0)
      p = &b[i - 1];
    p->x = 1.0f;
  }
}

void compared(clpar::view<float> v, clpar::view<float> w) {
  for (auto i : clpar::prange(v.size())) {
    float *p = &v[i];
    float *q = &w[i];
    if (p != q)
      // CHECK-DAG: remark-pointer-refused.cpp:[[@LINE-1]]:9: remark: prange loop not offloaded to OpenCL: it uses the pointer 'p' other than through '*' or '->'; the OpenMP variant is used [-Rclpar]
      *p = *q;
  }
}

void iterated(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    float s = 0;
    for (const float *p = &v[0]; p != &v[0] + 4; ++p)
      // CHECK-DAG: remark-pointer-refused.cpp:[[@LINE-1]]:23: remark: prange loop not offloaded to OpenCL: it declares the pointer 'p', which the loop may point elsewhere (kernels use a pointer as a reference); the OpenMP variant is used [-Rclpar]
      s += *p;
    v[i] = s;
  }
}

void index_changes(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    std::size_t k = i;
    float *p = &v[k];
    // CHECK-DAG: remark-pointer-refused.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it points 'p' to an element whose index uses 'k', which the loop may change; the OpenMP variant is used [-Rclpar]
    k = 0;
    *p = v[k];
  }
}
