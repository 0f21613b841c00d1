// References declared in a loop body: bound to a view's element, a local array's element
// or a local, each use is the element (or local) itself; a const reference bound to a
// temporary is a constant holding its value.  A reference whose element's index uses a
// variable that changes while the reference lives keeps the loop on OpenMP.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_scale_13_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-TMP < %t.cl/clpar_rows_27_3.cl
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void scale(clpar::view<float, 2> a, clpar::view<const float, 2> b) {
  // REMARK-DAG: reference-locals.cpp:[[@LINE+1]]:3: remark: 2-D prange nest offloaded
  for (auto i : clpar::prange(a.extent(0)))
    for (auto j : clpar::prange(a.extent(1))) {
      auto &x = a(i, j);
      const auto &y = b(i, j);
      x += y * 2.0f;
      x *= 0.5f;
    }
}
// CHECK-CL-NOT: &x
// CHECK-CL: a[{{.*}}] += b[{{.*}}] * 2.0f;
// CHECK-CL: a[{{.*}}] *= 0.5f;

void rows(clpar::view<float, 2> a, clpar::view<float> out) {
  // REMARK-DAG: reference-locals.cpp:[[@LINE+1]]:3: remark: 1-D prange nest offloaded
  for (auto i : clpar::prange(a.extent(0))) {
    const float &first = a(i, 0) * 2.0f;
    float sum = 0;
    float &total = sum;
    for (std::size_t k = 0; k < a.extent(1); ++k) {
      float &e = a(i, k);
      e = e + first;
      total += e;
    }
    out[i] = sum;
  }
}
// CHECK-TMP: const float first =
// CHECK-TMP: sum += a[

void moving(clpar::view<float, 2> a) {
  for (auto i : clpar::prange(a.extent(0))) {
    std::size_t k = 0;
    float &m = a(i, k);
    // REMARK-DAG: reference-locals.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it binds the reference 'm' to an element whose index uses 'k', which the loop may change; the OpenMP variant is used
    k = 3;
    m = 1.0f;
  }
}

void stepping(clpar::view<float, 2> a) {
  for (auto i : clpar::prange(a.extent(0))) {
    std::size_t k = 0;
    float &m = a(i, k++);
    // REMARK-DAG: reference-locals.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it binds the reference 'm' with an initializer that has side effects; the OpenMP variant is used
    m = float(k);
  }
}
