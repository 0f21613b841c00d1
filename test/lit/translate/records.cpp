// Structs of the user's in kernels: a class of arithmetic fields (and fields of such
// classes), without bases, virtual functions or non-trivial copies, is a struct of the
// OpenCL C program.  Locals, parameters, return values, aggregate and constructor
// initialization, member functions (const ones take the object's value, others that
// change it its address), overloaded operators, defaulted comparisons, and objects
// declared outside the loop (built from their fields, each a kernel argument; a private
// field is read at its offset) all translate.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_step_50_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-FN < %t.cl/clpar_apply_88_3_scale.cl
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

struct float2 { // the name of an OpenCL C vector type
  float x = 0, y = 0;
  float2 operator+(const float2 &o) const { return {x + o.x, y + o.y}; }
  float2 &operator+=(const float2 &o) {
    x += o.x;
    y += o.y;
    return *this;
  }
  float dot(float2 o) const { return x * o.x + y * o.y; }
  bool operator==(const float2 &) const = default;
};

struct particle {
  float2 pos, vel;
  int kind;
};

struct cplx {
  double re, im;
  cplx(double r, double i) : re(r), im(i) {}
  cplx operator*(const cplx &o) const { return {re * o.re - im * o.im, re * o.im + im * o.re}; }
};

float2 twice(float2 p) { return p + p; }

// CHECK-CL: // float2
// CHECK-CL-NEXT: typedef struct {
// CHECK-CL-NEXT:   float x;
// CHECK-CL-NEXT:   float y;
// CHECK-CL-NEXT: } clpar_rec_float2;
// CHECK-CL: clpar_rec_float2 clpar_rec_float2_make(float v0, float v1) {
// CHECK-CL: clpar_rec_float2 pos;
// CHECK-CL: clpar_rec_float2 vel;
// CHECK-CL: } clpar_rec_particle;
void step(clpar::view<float> out, clpar::view<const float> x, const particle &proto) {
  for (auto i : clpar::prange(out.size())) {
    particle p = proto;
    p.pos.x += x[i];
    float2 d;
    d.y = x[i];
    p.vel += d;
    float2 q = twice(p.vel);
    cplx z(q.x, 1.0), w = z * z;
    out[i] = q.dot(p.pos) + float(w.re) + (q == p.pos ? 1.0f : 0.0f) + float(p.kind);
  }
}
// REMARK-DAG: records.cpp:50:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_step_50_3' calling 'float2::float2', 'float2::operator+=', 'float2::operator+', 'twice', 'cplx::cplx', 'cplx::operator*', 'float2::dot', 'float2::operator==' and an OpenMP variant [-Rclpar]
// CHECK-CL: void clpar_fn_float2_op_plus_eq(__global int *clpar_err, clpar_rec_float2 *self, clpar_rec_float2 o)
// CHECK-CL-NEXT: {
// CHECK-CL-NEXT:   (*self).x += o.x;
// CHECK-CL: clpar_rec_float2 clpar_fn_float2_op_plus(__global int *clpar_err, clpar_rec_float2 self, clpar_rec_float2 o)
// CHECK-CL: clpar_rec_cplx clpar_fn_cplx_make(__global int *clpar_err, double r, double i)
// CHECK-CL-NEXT: {
// CHECK-CL-NEXT:   clpar_rec_cplx self;
// CHECK-CL-NEXT:   self.re = r;
// CHECK-CL-NEXT:   self.im = i;
// CHECK-CL-NEXT:   return self;
// CHECK-CL: bool clpar_fn_float2_op_eq_eq(__global int *clpar_err, clpar_rec_float2 self, clpar_rec_float2 arg0)
// CHECK-CL: clpar_rec_particle p = clpar_rec_particle_make(clpar_rec_float2_make(proto_pos_x, proto_pos_y), clpar_rec_float2_make(proto_vel_x, proto_vel_y), proto_kind);
// CHECK-CL: clpar_rec_float2 d = clpar_fn_float2_make(clpar_err);
// CHECK-CL: clpar_fn_float2_op_plus_eq(clpar_err, &p.vel, d);

// A functor with private fields, not const: its call changes nothing, so it takes the
// object's value; the host reads the fields at their offsets.
class scale {
  float k_;
  int bias_;

public:
  scale(float k, int b) : k_(k), bias_(b) {}
  float operator()(float x) { return k_ * x + float(bias_); }
};
template <class F> void apply(clpar::view<float> v, F f) {
  for (auto i : clpar::prange(v.size()))
    v[i] = f(v[i]);
}
template void apply(clpar::view<float>, scale);
// REMARK-DAG: records.cpp:88:3: remark: 1-D prange nest in 'apply<scale>' offloaded: OpenCL kernel 'clpar_apply_88_3_scale' calling 'scale::operator()' and an OpenMP variant [-Rclpar]
// CHECK-FN: float clpar_fn_scale_op_call(__global int *clpar_err, clpar_rec_scale self, float x)
// CHECK-FN: clpar_fn_scale_op_call(clpar_err, clpar_rec_scale_make(k_, bias_),
// CHECK-OMP: scalar_arg_of((*reinterpret_cast<const float *>(reinterpret_cast<const char *>(__builtin_addressof(f)) + 0))),
// CHECK-OMP-NEXT: scalar_arg_of((*reinterpret_cast<const int *>(reinterpret_cast<const char *>(__builtin_addressof(f)) + 4))),

// A member function of the loop's own class, with the object's fields as arguments.
struct integrator {
  float dt, gain;
  float rate(float x) const { return dt * gain * x; }
  void run(clpar::view<float> v) {
    for (auto i : clpar::prange(v.size()))
      v[i] += rate(v[i]);
  }
};
// REMARK-DAG: records.cpp:103:5: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_run_103_5' calling 'integrator::rate' and an OpenMP variant [-Rclpar]
// CHECK-OMP: scalar_arg_of(this->dt),
// CHECK-OMP-NEXT: scalar_arg_of(this->gain),

// Structured bindings of a struct: the bound object is a local, each name its field; a
// reference binding aliases the element.
void bindings(clpar::view<float> out, clpar::view<float2> vs, const particle &proto) {
  for (auto i : clpar::prange(out.size())) {
    auto [pos, vel, kind] = proto;
    auto &[x, y] = vs[i];
    x += pos.x;
    out[i] = y * float(kind) + vel.x;
  }
}
// REMARK-DAG: records.cpp:[[@LINE-7]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_bindings_{{[0-9]+}}_3' and an OpenMP variant [-Rclpar]
// CHECK-BIND: clpar_rec_particle bound = clpar_rec_particle_make(
// CHECK-BIND: vs[vs_off + ({{.*}})].x += bound.pos.x;
// CHECK-BIND: = (vs[vs_off + ({{.*}})].y * ((float)bound.kind)) + bound.vel.x;
// RUN: FileCheck %s --check-prefix=CHECK-BIND < %t.cl/clpar_bindings_114_3.cl
