// Regions in a template keep their data on the device between them, as in any function:
// each instantiation is planned, and when all of them insert the same syncs the function
// gets one data scope that every instantiation's regions use.  Instantiations whose plans
// differ (an `if constexpr` with host code in one of them) copy back at once instead.
// RUN: %translate %flags > /dev/null
// RUN: FileCheck %s < %t.cpp
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#include <cstddef>

// CHECK-LABEL: {{^}}T smooth(
// CHECK-SAME: { ::clpar::rt::data_scope clpar_scope("{{.*}}template-residency.cpp:[[@LINE+2]]:{{[0-9]+}} smooth");
template <class T>
T smooth(clpar::view<T> a, clpar::view<T> b, int steps) {
  for (int s = 0; s < steps; ++s) {
    for (auto i : clpar::prange(std::size_t(1), a.size() - 1))
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / T(3);
    for (auto i : clpar::prange(std::size_t(1), a.size() - 1))
      a[i] = b[i];
  }
  // CHECK: "{{.*}}template-residency.cpp:[[@LINE-5]]:5 smooth<float>"
  // CHECK: &clpar_scope};
  // CHECK: "{{.*}}template-residency.cpp:[[@LINE-7]]:5 smooth<double>"
  // CHECK: &clpar_scope};
  // CHECK: {{^}}  clpar_scope.sync(); return a[a.size() / 2];
  return a[a.size() / 2];
}

// CHECK-LABEL: {{^}}template <class T> void differ(
// CHECK-NOT: {{^[^/]*}}::clpar::rt::data_scope
// CHECK: "{{.*}}template-residency.cpp:[[@LINE+3]]:3 differ<float>"
// CHECK-NOT: {{^[^/]*}}&clpar_scope
template <class T> void differ(clpar::view<T> a) {
  for (auto i : clpar::prange(a.size()))
    a[i] += 1;
  if constexpr (sizeof(T) == 4)
    a[0] = 0; // host code in the float instantiation only
  for (auto i : clpar::prange(a.size()))
    a[i] *= 2;
}
// clpar::resident and sync_host() in a template are the runtime's, as anywhere.
// CHECK-LABEL: {{^}}template <class T> T held(
// CHECK: ::clpar::rt::resident_hold keep(clpar_keep_views, 1, "{{.*}}template-residency.cpp:[[@LINE+6]]:3");
// CHECK: {{^  }}clpar_scope.sync(); ::clpar::rt::sync_host(::clpar::rt::view_arg_of(a, true), "{{.*}}template-residency.cpp:[[@LINE+9]]:3");
// CHECK-NOT: resident_hold
// CHECK-NOT: rt::sync_host(
// CHECK: {{^}}int main()
template <class T> T held(clpar::view<T> a, int n) {
  clpar::resident keep(a);
  for (int s = 0; s < n; ++s)
    for (auto i : clpar::prange(a.size()))
      a[i] = a[i] * T(2);
  a.sync_host();
  return a[3];
}


int main() {
  float f[8] = {}, g[8] = {};
  double d[8] = {}, e[8] = {};
  smooth(clpar::view<float>(f, 8), clpar::view<float>(g, 8), 2);
  smooth(clpar::view<double>(d, 8), clpar::view<double>(e, 8), 2);
  differ(clpar::view<float>(f, 8));
  differ(clpar::view<double>(d, 8));
  held(clpar::view<float>(f, 8), 2);
  held(clpar::view<double>(d, 8), 2);
}
