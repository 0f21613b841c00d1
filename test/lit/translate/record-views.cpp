// Views and vectors of structs: a kernel indexes them as arrays of the struct, whose
// OpenCL C layout must be the host's (each field at a multiple of its size, the host's
// alignas kept), with elements of a power of two bytes (the runtime places device
// buffers at multiples of 256 bytes from the host's data).  Such regions keep the plain
// kernel form.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_advance_29_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-PAD < %t.cl/clpar_shift_43_3.cl
// RUN: %cxx -std=c++20 -fopenmp -fsyntax-only -I%clpar_include %t.cpp
#include <clpar/clpar.hpp>

#include <vector>

struct particle {
  float x, y, vx, vy;
};
struct alignas(16) vec3 {
  float x, y, z;
};
struct loose {
  float x, y, z;
};
struct flagged {
  int k;
  bool on;
};

void advance(clpar::view<particle> ps, float dt) {
  for (auto i : clpar::prange(ps.size())) {
    ps[i].x += dt * ps[i].vx;
    particle p = ps[i];
    p.y = p.x;
    ps[i] = p;
  }
}
// REMARK-DAG: record-views.cpp:29:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_advance_29_3' and an OpenMP variant [-Rclpar]
// CHECK-CL: __global clpar_rec_particle *ps, long ps_off, ulong ps_e0, long ps_s0,
// CHECK-CL: ps[ps_off + ({{.*}})].x += dt * ps[ps_off + ({{.*}})].vx;
// CHECK-CL: clpar_rec_particle p = ps[ps_off + ({{.*}})];
// CHECK-CL: ps[ps_off + ({{.*}})] = p;

void shift(std::vector<vec3> &v, const std::vector<loose> &l, float by) {
  for (auto i : clpar::prange(v.size()))
    v[i].z += by;
}
// REMARK-DAG: record-views.cpp:43:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_shift_43_3' and an OpenMP variant [-Rclpar]
// CHECK-PAD: typedef struct __attribute__((aligned(16))) {

void loose_elements(clpar::view<float> out, const std::vector<loose> &l) {
  for (auto i : clpar::prange(out.size()))
    out[i] = l[i].x;
}
// REMARK-DAG: record-views.cpp:[[@LINE-2]]:17: remark: prange loop not offloaded to OpenCL: it uses a view of 'loose', whose elements take 12 bytes; views of structs need elements of a power of two bytes up to 256 (alignas pads a struct to one); the OpenMP variant is used [-Rclpar]

void bool_field(clpar::view<int> out, clpar::view<const flagged> f) {
  for (auto i : clpar::prange(out.size()))
    out[i] = f[i].k;
}
// REMARK-DAG: record-views.cpp:[[@LINE-2]]:17: remark: prange loop not offloaded to OpenCL: it uses a view of 'flagged', whose fields include the bool 'on', which has no defined size in OpenCL C's global memory; the OpenMP variant is used [-Rclpar]
