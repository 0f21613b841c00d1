// A private array passed by reference: a function's non-const reference parameter
// (`std::array<float, 3> &`, `float (&)[3]`, an array of structs) is a pointer to the
// caller's array, passed as `&a[0]` (which the analyses of the body see as a write of
// it); one the function never changes, a const reference too long to pass element by
// element (more than 64) and a lambda's capture by reference that only reads become a
// const pointer passed by the array's name.  The function indexes the pointer as its
// own array, checked against the array's length, and passes it on.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cl/clpar_sorted_62_3.cl
// RUN: %syntax-check-output
#include <array>
#include <clpar/clpar.hpp>
#include <utility>

struct vec2 {
  float x, y;
};

// CHECK: {{^}}void clpar_fn_order(__global int *clpar_err, float *a)
// CHECK-NEXT: {{^}}{
// CHECK-NEXT: {{^}}  if (a[0UL] > a[1UL])
// CHECK-NEXT: {{^}}    clpar_fn_swap(clpar_err, &a[0UL], &a[1UL]);
void order(std::array<float, 3> &a) {
  if (a[0] > a[1])
    std::swap(a[0], a[1]);
}

// CHECK: {{^}}float clpar_fn_median(__global int *clpar_err, float *a)
// CHECK-NEXT: {{^}}{
// CHECK-NEXT: {{^}}  clpar_fn_order(clpar_err, &a[0UL]);
float median(std::array<float, 3> &a) {
  order(a);
  return a[1];
}

// CHECK: {{^}}void clpar_fn_zero(__global int *clpar_err, float *h, int k)
// CHECK-NEXT: {{^}}{
// CHECK-NEXT: {{^}}  h[clpar_checked(clpar_err, {{[0-9]+}}, (long)k, 100UL)] = 0.0f;
void zero(float (&h)[100], int k) { h[k] = 0; }

// The lambda that changes h, translated at its call before total's.
// CHECK: {{^}}void clpar_fn_lambda(__global int *clpar_err, int k, float *h)
// CHECK: {{^}}float clpar_fn_total(__global int *clpar_err, const float *h)
float total(const float (&h)[100]) {
  float s = 0;
  for (float x : h)
    s += x;
  return s;
}

// CHECK: {{^}}float clpar_fn_first_x(__global int *clpar_err, const clpar_rec_vec2 *p)
float first_x(vec2 (&p)[2]) { return p[0].x; }

// CHECK: {{^}}float clpar_fn_lambda_2(__global int *clpar_err, int k, const float *h)

// REMARK: array-references.cpp:[[@LINE+6]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_sorted_[[@LINE+6]]_3' calling 'std::swap', 'order', 'median', 'zero', 'lambda at line [[@LINE+12]]', 'total', 'first_x', 'lambda at line [[@LINE+13]]' and an OpenMP variant [-Rclpar]
// CHECK: {{^}}  const float m = clpar_fn_median(clpar_err, &a[0UL]);
// CHECK: {{^}}  clpar_fn_zero(clpar_err, &h[0UL], 3);
// CHECK: {{^}}  clpar_fn_lambda(clpar_err, 4, &h[0UL]);
// CHECK-NEXT: {{^}}  out[{{.*}}] = ((clpar_fn_total(clpar_err, h) + clpar_fn_first_x(clpar_err, p)) + clpar_fn_lambda_2(clpar_err, 5, h)) + m;
void sorted(clpar::view<const float> in, clpar::view<float> out) {
  for (auto i : clpar::prange(out.size())) {
    std::array<float, 3> a{in[i], 1.0f, -in[i]};
    const float m = median(a);
    float h[100] = {};
    vec2 p[2] = {{m, 1.0f}};
    zero(h, 3);
    auto bump = [&h](int k) { h[k] += 1.0f; };
    auto get = [&](int k) { return h[k]; };
    bump(4);
    out[i] = total(h) + first_x(p) + get(5) + m;
  }
}
