// Views and vectors of structs: a kernel indexes them as arrays of the struct, whose
// OpenCL C layout must be the host's (each field at a multiple of its size, the host's
// alignas kept), of any size: the kernel takes such a view's offset in bytes (the
// runtime places device buffers at multiples of 256 bytes from the host's data, which
// need not be whole elements of a 12-byte struct).  Such regions keep the plain kernel form.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_advance_29_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-PAD < %t.cl/clpar_shift_44_3.cl
// RUN: %syntax-check-output
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
// CHECK-CL: __global char *ps_bytes, long ps_boff, ulong ps_e0, long ps_s0,
// CHECK-CL: __global clpar_rec_particle *ps = (__global clpar_rec_particle *)(ps_bytes + ps_boff);
// CHECK-CL: ps[ps_off + ({{.*}})].x += dt * ps[ps_off + ({{.*}})].vx;
// CHECK-CL: clpar_rec_particle p = ps[ps_off + ({{.*}})];
// CHECK-CL: ps[ps_off + ({{.*}})] = p;

void shift(std::vector<vec3> &v, const std::vector<loose> &l, float by) {
  for (auto i : clpar::prange(v.size()))
    v[i].z += by;
}
// REMARK-DAG: record-views.cpp:44:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_shift_44_3' and an OpenMP variant [-Rclpar]
// CHECK-PAD: typedef struct __attribute__((aligned(16))) {

void loose_elements(clpar::view<float> out, const std::vector<loose> &l) {
  for (auto i : clpar::prange(out.size()))
    out[i] = l[i].x;
}
// REMARK-DAG: record-views.cpp:[[@LINE-3]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_loose_elements_[[@LINE-3]]_3' and an OpenMP variant [-Rclpar]

void bool_field(clpar::view<int> out, clpar::view<const flagged> f) {
  for (auto i : clpar::prange(out.size()))
    out[i] = f[i].k;
}
// REMARK-DAG: record-views.cpp:[[@LINE-2]]:17: remark: prange loop not offloaded to OpenCL: it uses a view of 'flagged', whose fields include the bool 'on', which has no defined size in OpenCL C's global memory; the OpenMP variant is used [-Rclpar]
// RUN: FileCheck %s --check-prefix=CHECK-LOOSE < %t.cl/clpar_loose_elements_51_3.cl
// CHECK-LOOSE: __global const char *CLPAR_RESTRICT l_bytes, long l_boff, ulong l_e0, long l_s0
// CHECK-LOOSE: {
// CHECK-LOOSE-NEXT: __global const clpar_rec_loose *l = (__global const clpar_rec_loose *)(l_bytes + l_boff);
// CHECK-LOOSE-NEXT: const long l_off = 0;
// CHECK-LOOSE: = l[l_off + ({{.*}})].x;
