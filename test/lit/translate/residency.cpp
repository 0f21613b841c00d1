// Data scopes (SPEC 1.5): regions of a function keep data on the device; host code gets a
// sync before it, jumps and block ends too; where no sync can be placed soundly the
// regions copy back at once.  clpar::resident and sync_host() become runtime calls.
// RUN: %translate %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cpp
#include <clpar/clpar.hpp>
#include <cstdio>
#include <vector>

int use(std::vector<float> &v);

// CHECK-LABEL: {{^}}void steps(
// CHECK-SAME: ::clpar::rt::data_scope clpar_scope("{{.*}}residency.cpp:[[@LINE+1]]:{{[0-9]+}} steps");
void steps(clpar::view<float> a, clpar::view<float> b, int n, std::vector<float> &raw) {
  // A loop of regions and scalar code: no sync inside.
  // CHECK: {{^}}  for (int t = 0; t < n; ++t) {
  // CHECK-NOT: {{^ *}}clpar_scope.{{s}}ync()
  // CHECK: &clpar_scope};
  // CHECK-NOT: {{^ *}}clpar_scope.{{s}}ync()
  // CHECK: &clpar_scope};
  for (int t = 0; t < n; ++t) {
    for (auto i : clpar::prange(a.size())) b[i] = a[i] + 1;
    int half = t / 2;
    std::swap(a, b);
    b[clpar::all] = a * 2.0f + float(half);
  }
  // Host access through the container and a call: a sync before each.
  // CHECK: clpar_scope.sync(); raw[0] = 1;
  raw[0] = 1;
  // CHECK: clpar_scope.sync(); std::printf("%d\n", use(raw));
  std::printf("%d\n", use(raw));
  // Host code without regions: one sync before the whole statement.
  // CHECK: clpar_scope.sync(); if (n > 3) raw[1] = 2;
  if (n > 3) raw[1] = 2;
  // A host statement as a branch beside a region is wrapped.
  // CHECK: if (n > 4) { clpar_scope.sync(); raw[1] = 3; }
  // CHECK-NEXT: else
  if (n > 4) raw[1] = 3;
  else
    for (auto i : clpar::prange(a.size())) a[i] = 0;
  // A loop condition that reads memory: its regions copy back at once.
  // CHECK: clpar_scope.sync(); while (raw[2] < 3.0f) {
  // CHECK-NOT: &clpar_{{s}}cope
  // CHECK: placement_request>(clpar_r0.get_placement()), nullptr, 0};
  while (raw[2] < 3.0f) {
    for (auto i : clpar::prange(a.size())) a[i] = a[i] + 1;
    raw[2] += 1.0f;
  }
  // Jumps and the end of the function.
  // CHECK: clpar_scope.sync(); if (n == 0) return;
  if (n == 0) return;
  // CHECK: {{^}}clpar_scope.sync(); }
}

// CHECK-LABEL: {{^}}void held(
void held(clpar::view<float> a) {
  // CHECK: const ::clpar::rt::view_arg clpar_keep_views[] = {::clpar::rt::view_arg_of(a, true)}; ::clpar::rt::resident_hold keep(clpar_keep_views, 1, "{{.*}}residency.cpp:[[@LINE+1]]:3");
  clpar::resident keep(a);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 2;
  // CHECK: clpar_scope.sync(); ::clpar::rt::sync_host(::clpar::rt::view_arg_of(a, true), "{{.*}}residency.cpp:[[@LINE+1]]:3");
  a.sync_host();
  // CHECK: {{^}}clpar_scope.sync(); }
}

// A function with goto has no scope: each region copies back at once.
// CHECK-LABEL: {{^}}void jumps(
// CHECK-NOT: data_{{s}}cope
// CHECK: get_placement()), nullptr, 0};
// CHECK-NOT: data_{{s}}cope
// CHECK: {{^}}// end of file
void jumps(clpar::view<float> a) {
again:
  for (auto i : clpar::prange(a.size())) a[i] = a[i] - 1;
  if (a[0] > 0) goto again;
}
// end of file
