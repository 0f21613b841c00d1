// A member function that changes its object, called as a whole statement or initializer on
// the element of a view (or a field of one): the kernel copies the element to a local,
// calls the function on the copy's address and stores the copy back.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=STEP < %t.cl/clpar_step_29_3.cl
// RUN: FileCheck %s --check-prefix=NESTED < %t.cl/clpar_nested_45_3.cl
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

struct body {
  float x, y, vx, vy;
  void advance(float dt) {
    x += dt * vx;
    y += dt * vy;
  }
  body &operator+=(const body &o) {
    vx += o.vx;
    vy += o.vy;
    return *this;
  }
};

struct tracked {
  int id;
  body b;
};

void step(clpar::view<body> p, clpar::view<const body> kick, float dt) {
  for (auto i : clpar::prange(p.size())) {
    // REMARK: element-method.cpp:[[@LINE-1]]:3: remark: 1-D prange nest offloaded
    p[i] += kick[i];
    p[i].advance(dt);
  }
}
// STEP: {{^}}void clpar_fn_body_op_plus_eq(__global int *clpar_err, clpar_rec_body *self, clpar_rec_body o)
// STEP: {{^}}void clpar_fn_body_advance(__global int *clpar_err, clpar_rec_body *self, float dt)
// STEP: {{^ *}}clpar_rec_body [[E1:[a-z_]+]] = p[p_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)p_s0))];
// STEP-NEXT: {{^ *}}clpar_fn_body_op_plus_eq(clpar_err, &[[E1]], kick[kick_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)kick_s0))]);
// STEP-NEXT: {{^ *}}p[p_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)p_s0))] = [[E1]];
// STEP: {{^ *}}clpar_rec_body [[E2:[a-z_]+]] = p[p_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)p_s0))];
// STEP-NEXT: {{^ *}}clpar_fn_body_advance(clpar_err, &[[E2]], dt);
// STEP-NEXT: {{^ *}}p[p_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)p_s0))] = [[E2]];

void nested(clpar::view<tracked> t, float dt) {
  for (auto i : clpar::prange(t.size())) {
    // REMARK: element-method.cpp:[[@LINE-1]]:3: remark: 1-D prange nest offloaded
    t[i].b.advance(dt);
    auto &r = t[i];
    r.b.advance(dt);
    r.id += 1;
  }
}
// The field of an element (and through a reference to the element, as before).
// NESTED: {{^ *}}clpar_rec_tracked [[E3:[a-z_]+]] = t[t_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)t_s0))];
// NESTED-NEXT: {{^ *}}clpar_fn_body_advance(clpar_err, &[[E3]].b, dt);
// NESTED-NEXT: {{^ *}}t[t_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)t_s0))] = [[E3]];
// NESTED: {{^ *}}clpar_rec_tracked [[E4:[a-z_]+]] = t[t_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)t_s0))];
// NESTED-NEXT: {{^ *}}clpar_fn_body_advance(clpar_err, &[[E4]].b, dt);
// NESTED-NEXT: {{^ *}}t[t_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)t_s0))] = [[E4]];

// As a variable's whole initializer: the copy before the declaration, the store after.
// RUN: FileCheck %s --check-prefix=INIT < %t.cl/clpar_energies_71_3.cl
struct spring {
  float x, k;
  float stretch(float by) {
    x += by;
    return 0.5f * k * x * x;
  }
};
void energies(clpar::view<spring> s, clpar::view<float> e) {
  for (auto i : clpar::prange(s.size())) {
    const float u = s[i].stretch(0.5f);
    e[i] = u;
  }
}
// INIT: {{^ *}}clpar_rec_spring [[E5:[a-z_]+]] = s[s_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)s_s0))];
// INIT-NEXT: {{^ *}}const float u = clpar_fn_spring_stretch(clpar_err, &[[E5]], 0.5f);
// INIT-NEXT: {{^ *}}s[s_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)s_s0))] = [[E5]];
