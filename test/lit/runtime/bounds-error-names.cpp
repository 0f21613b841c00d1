// clpar++ builds name the view in a bounds_error, and check std::vector subscripts in
// loops too, on the device (whose kernel stops the access and sends the call back to the
// host) and on the host.
// RUN: %clparxx -std=c++20 -O2 %s -o %t
// RUN: env CLPAR_DEVICE=opencl POCL_KERNEL_CACHE=0 %t | FileCheck %s
// RUN: env CLPAR_DEVICE=host %t | FileCheck %s
#include <clpar/clpar.hpp>
#include <cstdio>
#include <vector>

void gather(clpar::view<const int> src, clpar::view<const int> idx, clpar::view<int> out) {
  for (auto i : clpar::prange(out.size()))
    out[i] = src[idx[i]];
}

void gather_vector(const std::vector<int> &src, const std::vector<int> &idx,
                   std::vector<int> &out) {
  for (auto i : clpar::prange(out.size()))
    out[i] = src[idx[i]];
}

int main() {
  std::vector<int> src(10, 1), idx(50, 3), out(50);
  idx[17] = 12;
  try {
    gather(src, idx, out);
  } catch (const clpar::bounds_error &e) {
    std::printf("%s\n", e.what());
  }
  // CHECK: bounds-error-names.cpp:13:24: index 12 out of range for extent 10 of 'src'
  try {
    gather_vector(src, idx, out);
  } catch (const clpar::bounds_error &e) {
    std::printf("%s\n", e.what());
  }
  // CHECK-NEXT: bounds-error-names.cpp:19:24: index 12 out of range for extent 10 of 'src'
}
