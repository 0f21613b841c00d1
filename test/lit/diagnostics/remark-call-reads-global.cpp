// A called function that reads a mutable global cannot get it on the device.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

float gain = 2.0f;
float amplify(float x) { return gain * x; }
// CHECK: remark-call-reads-global.cpp:[[@LINE-1]]:33: remark: prange loop not offloaded to OpenCL: it reads the global variable 'gain' in a called function; the OpenMP variant is used [-Rclpar]

void f(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] = amplify(v[i]);
}
