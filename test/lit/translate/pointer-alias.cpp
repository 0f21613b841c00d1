// Pointers declared in a loop body to an element or a local, which never point
// elsewhere, are aliases as references are: `p->m`, `*p`, member functions through
// `p->f()`.  The comma operator translates, parenthesized wherever it stands; several
// variables declared in a `for` header are declared in a block around the loop.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_move_16_3.cl
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

struct body {
  float x, v;
  void advance(float dt) { x += dt * v; }
};

void move(clpar::view<body> b, clpar::view<float> e, float dt) {
  for (auto i : clpar::prange(b.size())) {
    body *p = &b[i];
    p->v += 1.0f;
    p->advance(dt);
    float *q = &e[i];
    float t = 0.0f;
    float *r = &t;
    for (int k = 0, j = 0; k < 3; ++k, j += 2)
      *r += float(j);
    *q = (*r, p->x + (*p).v);
  }
}
// REMARK: pointer-alias.cpp:16:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_move_16_3' calling 'body::advance' and an OpenMP variant [-Rclpar]
// The pointers need no storage; each use is the element or local they point to.
// CHECK-CL: ulong i = {{.*}};
// CHECK-CL-NEXT: {{^ *;$}}
// CHECK-CL-NEXT: b[b_off + ({{.*}})].v += 1.0f;
// CHECK-CL-NEXT: {
// CHECK-CL-NEXT: clpar_rec_body element = b[b_off + ({{.*}})];
// CHECK-CL-NEXT: clpar_fn_body_advance(clpar_err, &element, dt);
// CHECK-CL-NEXT: b[b_off + ({{.*}})] = element;
// CHECK-CL-NEXT: }
// CHECK-CL-NEXT: {{^ *;$}}
// CHECK-CL-NEXT: float t = 0.0f;
// CHECK-CL-NEXT: {{^ *;$}}
// Several variables in a 'for' header: declared in a block around the loop.
// CHECK-CL-NEXT: {
// CHECK-CL-NEXT: int k = 0;
// CHECK-CL-NEXT: int j = 0;
// CHECK-CL-NEXT: for (; k < 3; (++k, j += 2))
// CHECK-CL-NEXT: t += (float)j;
// CHECK-CL-NEXT: }
// CHECK-CL-NEXT: e[e_off + ({{.*}})] = (t, b[b_off + ({{.*}})].x + b[b_off + ({{.*}})].v);
