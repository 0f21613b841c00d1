// Structs with base classes: each base that holds data is a field of its own at the
// front of the kernel's struct (clpar_baseN_<class>), empty bases none; inherited fields
// and member functions reach the base's field; a view of a derived struct keeps the
// host's layout, checked base by base.  A base whose tail padding the derived class
// reuses (a base that is not POD for layout) lies elsewhere in OpenCL C: refused for a
// view, fine for a local.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_update_46_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-TWO < %t.cl/clpar_charge_81_3.cl
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

struct vec3 {
  float x, y, z;
  float dot(const vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
  void shift(float d) { x += d; }
};

struct particle : vec3 {
  float m;
  particle(float a, float mass) : vec3{a, a, a}, m(mass) {}
  void settle(float d) {
    shift(d);
    z += m;
  }
};

struct tag {};
struct charge {
  float q;
};
struct ion : tag, particle, charge {
  int id;
};

struct padded {
  int k;
  char c;
  padded() : k(0), c(0) {}  // not POD for layout: a derived class may use its tail
};
struct reused : padded {
  char d;
};

void update(clpar::view<particle> p, float dt) {
  for (auto i : clpar::prange(p.size())) {
    p[i].x += dt * p[i].m;
    p[i].settle(0.25f);
    const vec3 v = p[i];
    const particle made(dt, 2.0f);
    p[i].y = v.dot(made) + static_cast<const vec3 &>(made).z;
  }
}
// REMARK-DAG: inheritance.cpp:[[@LINE-8]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_update_46_3' calling 'vec3::shift', 'particle::settle', 'particle::particle', 'vec3::dot' and an OpenMP variant [-Rclpar]
// CHECK-CL: typedef struct {
// CHECK-CL-NEXT:   float x;
// CHECK-CL-NEXT:   float y;
// CHECK-CL-NEXT:   float z;
// CHECK-CL-NEXT: } clpar_rec_vec3;
// CHECK-CL: typedef struct {
// CHECK-CL-NEXT:   clpar_rec_vec3 clpar_base0_vec3;
// CHECK-CL-NEXT:   float m;
// CHECK-CL-NEXT: } clpar_rec_particle;
// CHECK-CL: void clpar_fn_particle_settle(__global int *clpar_err, clpar_rec_particle *self, float d)
// CHECK-CL-NEXT: {
// CHECK-CL-NEXT:   clpar_fn_vec3_shift(clpar_err, &(*self).clpar_base0_vec3, d);
// CHECK-CL-NEXT:   (*self).clpar_base0_vec3.z += (*self).m;
// CHECK-CL: clpar_rec_particle clpar_fn_particle_make(__global int *clpar_err, float a, float mass)
// CHECK-CL-NEXT: {
// CHECK-CL-NEXT:   clpar_rec_particle self;
// CHECK-CL-NEXT:   self.clpar_base0_vec3 = clpar_rec_vec3_make(a, a, a);
// CHECK-CL-NEXT:   self.m = mass;
// CHECK-CL: p[{{.*}}].clpar_base0_vec3.x += dt * p[{{.*}}].m;
// CHECK-CL: clpar_rec_particle element = p[{{.*}}];
// CHECK-CL-NEXT: clpar_fn_particle_settle(clpar_err, &element, 0.25f);
// CHECK-CL-NEXT: p[{{.*}}] = element;
// CHECK-CL: const clpar_rec_vec3 v = p[{{.*}}].clpar_base0_vec3;
// CHECK-CL: .clpar_base0_vec3.y = clpar_fn_vec3_dot(clpar_err, v, made.clpar_base0_vec3) + made.clpar_base0_vec3.z;

void charge(clpar::view<ion> s) {
  for (auto i : clpar::prange(s.size())) {
    s[i].q += float(s[i].id);
    s[i].z = s[i].dot(vec3{1.0f, 2.0f, 3.0f});
  }
}
// REMARK-DAG: inheritance.cpp:[[@LINE-5]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_charge_81_3' calling 'vec3::dot' and an OpenMP variant [-Rclpar]
// CHECK-TWO: // ion
// CHECK-TWO-NEXT: typedef struct {
// CHECK-TWO-NEXT:   clpar_rec_particle clpar_base0_particle;
// CHECK-TWO-NEXT:   clpar_rec_charge clpar_base1_charge;
// CHECK-TWO-NEXT:   int id;
// CHECK-TWO-NEXT: } clpar_rec_ion;
// CHECK-TWO: s[{{.*}}].clpar_base1_charge.q += (float)s[{{.*}}].id;
// CHECK-TWO: s[{{.*}}].clpar_base0_particle.clpar_base0_vec3.z = clpar_fn_vec3_dot(clpar_err, s[{{.*}}].clpar_base0_particle.clpar_base0_vec3, clpar_rec_vec3_make(1.0f, 2.0f, 3.0f));

void tails(clpar::view<reused> r, clpar::view<int> out) {
  for (auto i : clpar::prange(r.size()))
    out[i] = r[i].k + r[i].d;
}
// REMARK-DAG: inheritance.cpp:[[@LINE-2]]:17: remark: prange loop not offloaded to OpenCL: it uses a view of 'reused', whose fields lie elsewhere on the host ('d' at byte 5, in OpenCL C at byte 8); the OpenMP variant is used [-Rclpar]

void locals(clpar::view<int> out) {
  for (auto i : clpar::prange(out.size())) {
    reused r;
    r.d = char(i);
    out[i] = r.k + r.d;
  }
}
// REMARK-DAG: inheritance.cpp:[[@LINE-6]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_locals_103_3' calling 'padded::padded', 'reused::reused' and an OpenMP variant [-Rclpar]

// Value-initialization zeroes what the constructors leave alone: a base's implicit
// constructor that sets one field of two (d.b is zero in C++) keeps the loop on OpenMP;
// one that sets both translates.
struct half_set {
  float a = 1;
  float b;
};
struct over_half : half_set {
  over_half() = default;
  float c = 2;
};
struct all_set {
  float a = 1, b = 2;
};
struct over_all : all_set {
  over_all() = default;
  float c = 3;
};
void zeroes(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    over_half d{};
    over_all g{};
    v[i] = d.b + g.b;
  }
}
// REMARK-DAG: inheritance.cpp:[[@LINE-5]]:15: remark: prange loop not offloaded to OpenCL: it value-initializes 'over_half', whose default constructor is not trivial; the OpenMP variant is used [-Rclpar]
void set(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    over_all g{};
    v[i] = g.b + g.c;
  }
}
// REMARK-DAG: inheritance.cpp:[[@LINE-5]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_set_{{[0-9]+}}_3' calling 'all_set::all_set', 'over_all::over_all' and an OpenMP variant [-Rclpar]

// The CRTP: a member function of an empty base runs on the derived object, translated once
// per derived record (clpar_fn_<derived>_<function>); `static_cast<const D &>(*this)` is
// that object, and an accessor returning it (`derived()`) is the object itself.
// RUN: FileCheck %s --check-prefix=CHECK-CRTP < %t.cl/clpar_crtp_168_3.cl
template <class D>
struct vec_ops {
  const D &derived() const { return static_cast<const D &>(*this); }
  D &derived() { return static_cast<D &>(*this); }
  float norm2() const { return derived().dot(derived()); }
  float first() const { return 2 * static_cast<const D &>(*this).x; }
  void scale(float s) { derived().mul(s); }
};
struct v2 : vec_ops<v2> {
  float x, y;
  float dot(const v2 &o) const { return x * o.x + y * o.y; }
  void mul(float s) { x *= s; y *= s; }
};
struct v3 : vec_ops<v3> {
  float x, y, z;
  float dot(const v3 &o) const { return x * o.x + y * o.y + z * o.z; }
  void mul(float s) { x *= s; y *= s; z *= s; }
};
void crtp(clpar::view<v2> p, clpar::view<v3> q, clpar::view<float> out) {
  for (auto i : clpar::prange(out.size())) {
    v2 a = p[i];
    a.scale(0.5f);
    out[i] = a.norm2() + q[i].norm2() + q[i].first();
    p[i].scale(2.0f);
  }
}
// REMARK: inheritance.cpp:168:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_crtp_168_3' calling 'v2::mul', 'vec_ops<v2>::scale', 'v2::dot', 'vec_ops<v2>::norm2', 'v3::dot', 'vec_ops<v3>::norm2', 'vec_ops<v3>::first' and an OpenMP variant [-Rclpar]
// CHECK-CRTP: void clpar_fn_v2_scale(__global int *clpar_err, clpar_rec_v2 *self, float s)
// CHECK-CRTP-NEXT: {
// CHECK-CRTP-NEXT: clpar_fn_v2_mul(clpar_err, &(*self), s);
// CHECK-CRTP: float clpar_fn_v2_norm2(__global int *clpar_err, clpar_rec_v2 self)
// CHECK-CRTP-NEXT: {
// CHECK-CRTP-NEXT: return clpar_fn_v2_dot(clpar_err, self, self);
// CHECK-CRTP: float clpar_fn_v3_norm2(__global int *clpar_err, clpar_rec_v3 self)
// CHECK-CRTP: float clpar_fn_v3_first(__global int *clpar_err, clpar_rec_v3 self)
// CHECK-CRTP-NEXT: {
// CHECK-CRTP-NEXT: return 2.0f * self.x;
// CHECK-CRTP: clpar_fn_v2_scale(clpar_err, &a, 0.5f);
