// Arithmetic data members of objects declared outside the loop (a parameter by reference,
// a local, a global, a member's member) are kernel arguments read on the host when the
// region starts, as variables are.  A bit-field has no address to pass it by; an object
// declared in the loop is not read before it.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_apply_27_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

struct inner {
  double scale;
  int shift;
};
struct params {
  float a;
  inner in;
  unsigned flag : 1;
};
params defaults{1.5f, {2.0, 3}, 1};

struct solver {
  params p;
};

void apply(clpar::view<float> v, const params &p, const solver &s) {
  for (auto i : clpar::prange(v.size()))
    v[i] = p.a * v[i] + float(p.in.scale) + defaults.a + float(s.p.in.shift);
}
// REMARK-DAG: object-members.cpp:27:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_apply_27_3'
// CHECK-CL: float p_a,
// CHECK-CL-NEXT: double p_in_scale,
// CHECK-CL-NEXT: float defaults_a,
// CHECK-CL-NEXT: int s_p_in_shift)
// CHECK-OMP: ::clpar::rt::scalar_arg_of(p.a),
// CHECK-OMP: ::clpar::rt::scalar_arg_of(p.in.scale),
// CHECK-OMP: ::clpar::rt::scalar_arg_of(::defaults.a),
// CHECK-OMP: ::clpar::rt::scalar_arg_of(s.p.in.shift),

void flags(clpar::view<float> v, const params &p) {
  for (auto i : clpar::prange(v.size()))
    v[i] += float(p.flag);
  // REMARK-DAG: object-members.cpp:[[@LINE-1]]:21: remark: prange loop not offloaded to OpenCL: it reads the bit-field 'flag', which the host cannot pass by address; the OpenMP variant is used
}

struct worker {
  params p;
  clpar::view<float> v;
  void run() {
    for (auto i : clpar::prange(v.size()))
      v[i] *= p.a;
  }
};
// REMARK-DAG: object-members.cpp:[[@LINE-4]]:5: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_run_{{[0-9]+}}_5'
// CHECK-OMP: ::clpar::rt::scalar_arg_of(this->p.a),

void use(worker &w) { w.run(); }

// A variable of an unnamed namespace is named through its enclosing namespace.
namespace tune {
namespace {
float gain = 2.0f;
params preset{0.5f, {1.0, 1}, 0};
} // namespace
} // namespace tune

void tuned(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] *= tune::gain + tune::preset.a;
}
// CHECK-OMP: ::clpar::rt::scalar_arg_of(::tune::gain),
// CHECK-OMP: ::clpar::rt::scalar_arg_of(::tune::preset.a),
