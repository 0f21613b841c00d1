// A vector slice statement whose views' rows all lie alike on four-element boundaries
// runs the kernel's aligned-rows form, built with each source's shift against the
// destination; rows that lie differently (a pitch of 62 floats) take the form for views
// whose innermost stride is 1, and a view strided within its rows the general form.
// Every view's positions fit in 32 bits, so each also takes that form (asked for with
// CLPAR_INDEX32=1: CPU devices such as PoCL keep 64 bits by rule), unless
// CLPAR_INDEX32=0 (WIDE).
// RUN: %clparxx -std=c++20 -O2 %s -o %t
// RUN: rm -rf %t.cache %t.cache64
// RUN: env CLPAR_INDEX32=1 CLPAR_DEVICE=opencl CLPAR_TRACE=1 CLPAR_CACHE_DIR=%t.cache POCL_KERNEL_CACHE=0 %t 2>%t.trace | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s < %t.trace
// RUN: env CLPAR_INDEX32=0 CLPAR_DEVICE=opencl CLPAR_TRACE=1 CLPAR_CACHE_DIR=%t.cache64 POCL_KERNEL_CACHE=0 %t 2>%t.trace64 | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=WIDE < %t.trace64
#include <clpar/clpar.hpp>
#include <cstdio>
#include <vector>

using clpar::slice;

float stencil(std::ptrdiff_t pitch) {
  std::vector<float> us(16 * pitch, 1.0f), vs(16 * pitch, 0.0f);
  clpar::view<float, 2> u(us.data(), 16, pitch), v(vs.data(), 16, pitch);
  const std::ptrdiff_t r = 16, c = pitch;
  v(slice(1, r - 1), slice(1, c - 1)) =
      0.25f * (u(slice(0, r - 2), slice(1, c - 1)) + u(slice(2, r), slice(1, c - 1)) +
               u(slice(1, r - 1), slice(0, c - 2)) + u(slice(1, r - 1), slice(2, c)));
  return vs[pitch + 1] + vs[14 * pitch + c - 2];
}

int main() {
  // North and south in line with the destination, west three elements past it, east one.
  // CHECK: clpar: kernel '[[KERNEL:clpar_slice_[0-9]+_3]]' on '{{.*}}' (options '-D CLPAR_ROWS4 -D CLPAR_SHIFT0=0 -D CLPAR_SHIFT1=0 -D CLPAR_SHIFT2=0 -D CLPAR_SHIFT3=3 -D CLPAR_SHIFT4=1 -D CLPAR_UNIT_INNER -D CLPAR_INDEX32 -D CLPAR_NO_ALIAS'): built from source
  // WIDE: clpar: kernel '[[KERNEL:clpar_slice_[0-9]+_3]]' on '{{.*}}' (options '-D CLPAR_ROWS4 -D CLPAR_SHIFT0=0 -D CLPAR_SHIFT1=0 -D CLPAR_SHIFT2=0 -D CLPAR_SHIFT3=3 -D CLPAR_SHIFT4=1 -D CLPAR_UNIT_INNER -D CLPAR_NO_ALIAS'): built from source
  // CHECK: clpar: {{.*}}aligned-rows-form.cpp:{{[0-9]+}}:3 {{.*}}-> {{.*}}
  std::printf("%g\n", stencil(64));
  // OUT: 2
  // CHECK: clpar: kernel '[[KERNEL]]' on '{{.*}}' (options '-D CLPAR_UNIT_INNER -D CLPAR_INDEX32 -D CLPAR_NO_ALIAS'): built from source
  // WIDE: clpar: kernel '[[KERNEL]]' on '{{.*}}' (options '-D CLPAR_UNIT_INNER -D CLPAR_NO_ALIAS'): built from source
  // CHECK: clpar: {{.*}}aligned-rows-form.cpp:{{[0-9]+}}:3 {{.*}}-> {{.*}}
  std::printf("%g\n", stencil(62));
  // OUT: 2
  // Every other column: only the 32-bit positions.
  std::vector<float> xs(64, 1.0f), ys(32, 0.0f);
  clpar::view<float> x(xs), y(ys);
  y[clpar::all] = 2.0f * x[slice(0, 64, 2)];
  // CHECK: clpar: kernel 'clpar_slice_[[@LINE-1]]_3' on '{{[^']*}}' (options '-D CLPAR_INDEX32 -D CLPAR_NO_ALIAS'): built from source
  // WIDE: clpar: kernel 'clpar_slice_[[@LINE-2]]_3' on '{{[^']*}}' (options '-D CLPAR_NO_ALIAS'): built from source
  std::printf("%g\n", ys[31]);
  // OUT: 2
}
