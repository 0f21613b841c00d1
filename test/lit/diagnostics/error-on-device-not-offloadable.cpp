// A loop marked .on(clpar::device) or .on(clpar::all_devices) that cannot be offloaded is an error.
// RUN: rm -f %t.cpp && not %translate %flags 2>&1 | FileCheck %s
// RUN: not test -e %t.cpp
#include <clpar/clpar.hpp>

int f(clpar::view<int> v, int outer) {
  int *p = v.data();
  for (auto i : clpar::prange(v.size()).on(clpar::device))
    v[i] = p[i];
  // CHECK: error-on-device-not-offloadable.cpp:[[@LINE-1]]:12: error: prange loop marked .on(clpar::device) cannot be offloaded: it uses the raw pointer 'p', whose extent is unknown; use a clpar::view
  return outer;
}

int g(clpar::view<int> v, int outer) {
  int *p = v.data();
  for (auto i : clpar::prange(v.size()).on(clpar::all_devices))
    v[i] = p[i];
  // CHECK: error-on-device-not-offloadable.cpp:[[@LINE-1]]:12: error: prange loop marked .on(clpar::all_devices) cannot be offloaded: it uses the raw pointer 'p', whose extent is unknown; use a clpar::view
  return outer;
}
