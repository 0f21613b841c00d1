// Array members of structs (`float v[3]`, `std::array<double, 3>`) of arithmetic
// elements: a C array field of the OpenCL C struct, indexed (checked against its length
// unless the index is a constant within it), written element by element, set by
// aggregate and member initializers, copied to a local array, bound to a reference; an
// object from outside the loop passes each element as an argument of its own.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_nudge_33_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-OUT < %t.cl/clpar_weigh_49_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-CTOR < %t.cl/clpar_build_59_3.cl
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#include <array>
#include <vector>

struct vec3 {
  float v[3];
  float norm2() const { return v[0] * v[0] + v[1] * v[1] + v[2] * v[2]; }
};

struct weights {
  std::array<double, 4> w;
  int shift;
};

struct point {
  float c[3] = {1, 2};
  point() = default;
  point(float x, float y) : c{x, y, x + y} {}
};

void nudge(clpar::view<vec3> ps, clpar::view<float> out) {
  for (auto i : clpar::prange(ps.size())) {
    vec3 t = ps[i];
    t.v[1] += t.v[0];
    ps[i].v[2] = t.v[1];
    out[i] = t.norm2();
  }
}
// REMARK-DAG: record-arrays.cpp:33:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_nudge_33_3' calling 'vec3::norm2' and an OpenMP variant [-Rclpar]
// CHECK-CL: typedef struct {
// CHECK-CL-NEXT:   float v[3];
// CHECK-CL-NEXT: } clpar_rec_vec3;
// CHECK-CL: clpar_rec_vec3 clpar_rec_vec3_make(float v0_0, float v0_1, float v0_2) {
// CHECK-CL: t.v[1] += t.v[0];
// CHECK-CL: ps[ps_off + ({{.*}})].v[2] = t.v[1];

void weigh(clpar::view<double> out, const weights &ws) {
  for (auto i : clpar::prange(out.size()))
    out[i] = ws.w[(i + ws.shift) % 4];
}
// REMARK-DAG: record-arrays.cpp:49:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_weigh_49_3' and an OpenMP variant [-Rclpar]
// CHECK-OUT: int ws_shift,
// CHECK-OUT: double ws_w_0_,
// CHECK-OUT: double ws_w_3_)
// CHECK-OUT: clpar_rec_weights_make(ws_w_0_, ws_w_1_, ws_w_2_, ws_w_3_, ws_shift).w[clpar_checked(clpar_err, {{[0-9]+}}, (long)((i + ((ulong)ws_shift)) % 4UL), 4UL)]

void build(clpar::view<float> out) {
  for (auto i : clpar::prange(out.size())) {
    point a;
    point b(out[i], 2.0f);
    vec3 z{};
    vec3 y{{out[i]}};
    out[i] = a.c[2] + b.c[2] + z.v[1] + y.v[0] + y.v[2];
  }
}
// REMARK-DAG: record-arrays.cpp:59:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_build_59_3' calling 'point::point', 'point::point' and an OpenMP variant [-Rclpar]
// The default member initializer leaves c[2] zero; the constructor sets each element.
// CHECK-CTOR: self.c[0UL] = 1.0f;
// CHECK-CTOR: self.c[2UL] = 0.0f;
// CHECK-CTOR: self.c[0UL] = x;
// CHECK-CTOR: self.c[2UL] = x + y;

void whole(clpar::view<float> out, const std::vector<vec3> &ps) {
  for (auto i : clpar::prange(out.size())) {
    const float *p = ps[i].v;
    out[i] = p[0];
  }
}
// REMARK-DAG: record-arrays.cpp:[[@LINE-4]]:{{[0-9]+}}: remark: prange loop not offloaded to OpenCL: {{.*}}the OpenMP variant is used [-Rclpar]

void copy_array(clpar::view<double> out, const std::vector<weights> &ws) {
  for (auto i : clpar::prange(out.size())) {
    std::array<double, 4> w = ws[i].w;
    w[1] += w[0];
    out[i] = w[1] + ws[i].w[3];
  }
}
// REMARK-DAG: record-arrays.cpp:[[@LINE-6]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_copy_array_[[@LINE-6]]_3' and an OpenMP variant [-Rclpar]

void alias(clpar::view<double> out, std::vector<weights> &ws) {
  for (auto i : clpar::prange(out.size())) {
    const auto &w = ws[i].w;
    auto &x = ws[i].w;
    x[0] = w[1] * 2.0;
    out[i] = w[0];
  }
}
// REMARK-DAG: record-arrays.cpp:[[@LINE-7]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_alias_[[@LINE-7]]_3' and an OpenMP variant [-Rclpar]
