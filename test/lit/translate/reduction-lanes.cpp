// A reduction whose iteration is only compound updates by values that read nothing the
// iterations change: the kernel's loop takes CLPAR_GRID_LANES iterations a global size
// apart per step, every value before the first update, and updates in the body's order.
// RUN: rm -rf %t.cl && %translate --dump-regions --keep-generated=%t.cl %flags | FileCheck %s --check-prefix=DUMP
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_norm2_16_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-2D < %t.cl/clpar_weighted_25_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-NOT-LANES < %t.cl/clpar_running_36_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-NOT-LANES < %t.cl/clpar_local_46_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-NOT-LANES < %t.cl/clpar_extremes_56_3.cl
#include <algorithm>
#include <clpar/clpar.hpp>

double norm2(clpar::view<const float> x, long long &count) {
  double s = 0;
  for (auto i : clpar::prange(x.size())) {
    s += double(x[i]) * double(x[i]);
    count += x[i] > 0.0f ? 1 : 0;
  }
  return s;
}

long long weighted(clpar::view<const int, 2> m) {
  long long s = 0;
  for (auto r : clpar::prange(m.extent(0)))
    for (auto c : clpar::prange(1, m.extent(1))) {
      s += m(r, c) * 2;
      s -= m(r, c - 1);
    }
  return s;
}

// Not the form: the body writes a view.
int running(clpar::view<int> v) {
  int s = 0;
  for (auto i : clpar::prange(v.size())) {
    v[i] = 2 * v[i];
    s += v[i];
  }
  return s;
}

// Not the form: a local variable between the updates.
float local(clpar::view<const float> v) {
  float s = 0;
  for (auto i : clpar::prange(v.size())) {
    const float t = v[i] * v[i];
    s += t;
  }
  return s;
}

// Not the form: x = max(x, e) is no compound assignment.
float extremes(clpar::view<const float> v) {
  float m = 0;
  for (auto i : clpar::prange(v.size())) {
    m = std::max(m, v[i]);
  }
  return m;
}
// DUMP: region 16:3 
// DUMP: reduction-lanes s+= count+=
// DUMP: region 25:3 
// DUMP: reduction-lanes s+= s-=
// DUMP: region 36:3 
// DUMP-NOT: reduction-lanes
// DUMP: region 46:3 
// DUMP-NOT: reduction-lanes
// DUMP: region 56:3 
// DUMP-NOT: reduction-lanes

// CHECK-CL: {{^}}#ifndef CLPAR_GRID_LANES
// CHECK-CL-NEXT: {{^}}#define CLPAR_GRID_LANES 4
// CHECK-CL: {{^ *}}for (ulong clpar_base = get_global_id(0); clpar_base < clpar_count0; clpar_base += CLPAR_GRID_LANES * get_global_size(0)) {
// CHECK-CL-NEXT: {{^ *}}double clpar_lane0[CLPAR_GRID_LANES];
// CHECK-CL-NEXT: {{^ *}}long clpar_lane1[CLPAR_GRID_LANES];
// CHECK-CL-NEXT: {{^}}#pragma unroll
// CHECK-CL-NEXT: {{^ *}}for (uint clpar_j = 0; clpar_j < CLPAR_GRID_LANES; ++clpar_j) {
// CHECK-CL-NEXT: {{^ *}}const ulong clpar_next = clpar_base + clpar_j * get_global_size(0);
// CHECK-CL-NEXT: {{^ *}}const ulong clpar_k0 = clpar_next < clpar_count0 ? clpar_next : clpar_count0 - 1;
// CHECK-CL-NEXT: {{^ *}}ulong i = (ulong)(clpar_first0 + (long)clpar_k0 * clpar_step0);
// CHECK-CL-NEXT: {{^ *}}clpar_lane0[clpar_j] = ((double)x[{{.*}}]) * ((double)x[{{.*}}]);
// CHECK-CL-NEXT: {{^ *}}clpar_lane1[clpar_j] = (long)((x[x_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)x_s0))] > 0.0f) ? 1 : 0);
// CHECK-CL-NEXT: {{^ *}}}
// CHECK-CL-NEXT: {{^}}#pragma unroll
// CHECK-CL-NEXT: {{^ *}}for (uint clpar_j = 0; clpar_j < CLPAR_GRID_LANES; ++clpar_j)
// CHECK-CL-NEXT: {{^ *}}if (clpar_base + clpar_j * get_global_size(0) < clpar_count0) {
// CHECK-CL-NEXT: {{^ *}}clpar_acc_s += clpar_lane0[clpar_j];
// CHECK-CL-NEXT: {{^ *}}clpar_acc_count += clpar_lane1[clpar_j];
// CHECK-CL-NEXT: {{^ *}}}
// CHECK-CL-NEXT: {{^ *}}}

// The outer dimension steps by the global size as before; the lanes are the inner one's.
// CHECK-2D: {{^ *}}for (ulong clpar_k0 = get_global_id(1); clpar_k0 < clpar_count0; clpar_k0 += get_global_size(1))
// CHECK-2D-NEXT: {{^ *}}for (ulong clpar_base = get_global_id(0); clpar_base < clpar_count1; clpar_base += CLPAR_GRID_LANES * get_global_size(0))
// CHECK-2D: {{^ *}}const ulong clpar_k1 = clpar_next < clpar_count1 ? clpar_next : clpar_count1 - 1;
// CHECK-2D: {{^ *}}clpar_acc_s += clpar_lane0[clpar_j];
// CHECK-2D-NEXT: {{^ *}}clpar_acc_s -= clpar_lane1[clpar_j];

// CHECK-NOT-LANES-NOT: CLPAR_GRID_LANES
// CHECK-NOT-LANES: {{^ *}}for (ulong clpar_k0 = get_global_id(0); clpar_k0 < clpar_count0; clpar_k0 += get_global_size(0))
