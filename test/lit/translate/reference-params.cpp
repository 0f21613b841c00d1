// Non-const reference parameters of called functions: a parameter the function changes
// gets its argument's address (a variable of the kernel: a local or a field of one); one
// it never changes gets the value.  Scalars and structs alike.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cl/clpar_f_34_3.cl
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

struct body {
  float x, v;
};

void twice(float &x) { x *= 2; }
float peek(float &x) { return x + 1; } // never changes x
void kick(body &b, float dt) {
  b.v += dt;
  twice(b.x);
}
void sort2(int &a, int &b) {
  if (b < a) {
    int t = a;
    a = b;
    b = t;
  }
}

// CHECK: void clpar_fn_twice(__global int *clpar_err, float *x)
// CHECK-NEXT: {
// CHECK-NEXT:   (*x) *= 2.0f;
// CHECK: float clpar_fn_peek(__global int *clpar_err, float x)
// CHECK: void clpar_fn_kick(__global int *clpar_err, clpar_rec_body *b, float dt)
// CHECK: clpar_fn_twice(clpar_err, &(*b).x);
void f(clpar::view<float> v, clpar::view<int> k) {
  for (auto i : clpar::prange(v.size())) {
    float t = v[i];
    twice(t);
    body b{t, peek(t)};
    kick(b, 0.5f);
    int lo = k[i], hi = int(i % 7);
    sort2(lo, hi);
    k[i] = hi - lo;
    v[i] = b.x + b.v;
  }
}
// REMARK: reference-params.cpp:34:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_f_34_3' calling 'twice', 'peek', 'kick', 'sort2' and an OpenMP variant [-Rclpar]
// CHECK: twice(clpar_err, &t);
// CHECK: clpar_fn_peek(clpar_err, t)
// CHECK: clpar_fn_kick(clpar_err, &b, 0.5f);
// CHECK: clpar_fn_sort2(clpar_err, &lo, &hi);
