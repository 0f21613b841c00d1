// A kernel that writes a view and has more than one has a no-alias form: built with
// CLPAR_NO_ALIAS defined, its view parameters are restrict (region_info::no_alias, the
// last field), for calls whose written views share no memory with another view.  A kernel
// with one view, or one that writes none, has no such form.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=FIELDS < %t.cl/clpar_advance_23_3.cl
// RUN: FileCheck %s --check-prefix=SCALE < %t.cl/clpar_scale_36_3.cl
// RUN: FileCheck %s --check-prefix=SUM < %t.cl/clpar_dot_44_3.cl
// RUN: FileCheck %s --check-prefix=HOST < %t.cpp
#include <clpar/clpar.hpp>

struct vec3 {
  float x, y, z;
};

// FIELDS: {{^}}#ifdef CLPAR_NO_ALIAS
// FIELDS-NEXT: {{^}}#define CLPAR_RESTRICT restrict
// FIELDS-NEXT: {{^}}#else
// FIELDS-NEXT: {{^}}#define CLPAR_RESTRICT
// FIELDS-NEXT: {{^}}#endif
void advance(clpar::view<vec3> p, clpar::view<const vec3> v, clpar::view<float> e) {
  for (auto i : clpar::prange(p.size())) {
    p[i].x += v[i].x;
    p[i].y += v[i].y;
    e[i] = p[i].x * p[i].y;
  }
}
// FIELDS: {{^ *}}__global char *CLPAR_RESTRICT p_bytes, long p_boff, ulong p_e0, long p_s0,
// FIELDS-NEXT: {{^ *}}__global const char *CLPAR_RESTRICT v_bytes, long v_boff, ulong v_e0, long v_s0,
// FIELDS-NEXT: {{^ *}}__global float *CLPAR_RESTRICT e, long e_off, ulong e_e0, long e_s0)
// HOST: "clpar_advance_23_3",
// HOST: {{^ *}}1, false, false, false, nullptr, false, 1, false, false, false, true, 0, {{clpar_split|nullptr}}, false, true, true};

void scale(clpar::view<float> y, float a) {
  for (auto i : clpar::prange(y.size())) y[i] *= a;
}
// SCALE-NOT: CLPAR_RESTRICT
// HOST: "clpar_scale_36_3",
// HOST: {{^ *}}1, false, false, false, nullptr, false, 4, false, false, true, true, 0, {{clpar_split|nullptr}}, false, true, false};

float dot(clpar::view<const float> x, clpar::view<const float> y) {
  float s = 0;
  for (auto i : clpar::prange(x.size())) s += x[i] * y[i];
  return s;
}
// SUM-NOT: CLPAR_RESTRICT
// HOST: "clpar_dot_44_3",
// HOST: {{^ *}}1, false, false, false, nullptr, false, 1, true, false, false, true, 0, {{clpar_split|nullptr}}, false, true, false};
