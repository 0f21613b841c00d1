// Every call whose views' positions fit in 32 bits takes the kernel's 32-bit form
// (-D CLPAR_INDEX32), unless the call takes the split form of an inner reduction, which
// keeps 64-bit positions, or CLPAR_INDEX32=0 (WIDE); CLPAR_INDEX32=1 asks for it on PoCL,
// a CPU device, where the rules keep 64 bits.  The results are the same.
// RUN: %clparxx -std=c++20 -O2 %s -o %t
// RUN: rm -rf %t.cache %t.cache64
// RUN: env CLPAR_INDEX32=1 CLPAR_DEVICE=opencl CLPAR_TRACE=1 CLPAR_CACHE_DIR=%t.cache POCL_KERNEL_CACHE=0 %t 2>%t.trace | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s < %t.trace
// RUN: env CLPAR_INDEX32=0 CLPAR_DEVICE=opencl CLPAR_TRACE=1 CLPAR_CACHE_DIR=%t.cache64 POCL_KERNEL_CACHE=0 %t 2>%t.trace64 | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=WIDE < %t.trace64
// With form trials on (TRIALS), the split form's calls time both widths, the 32-bit one
// built by the call that first times it, and every call's result is the same.
// RUN: rm -rf %t.cache-trials
// RUN: env CLPAR_INDEX32=1 CLPAR_FORM_TRIALS=1 CLPAR_DEVICE=opencl CLPAR_TRACE=1 CLPAR_CACHE_DIR=%t.cache-trials POCL_KERNEL_CACHE=0 %t trials 2>%t.trace-trials | FileCheck %s --check-prefix=TRIALS-OUT
// RUN: FileCheck %s --check-prefix=TRIALS < %t.trace-trials
#include <clpar/clpar.hpp>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

// y = A x, a row's dot product an inner reduction.
void product(clpar::view<const float, 2> a, clpar::view<const float> x, clpar::view<float> y) {
  for (auto i : clpar::prange(y.extent(0))) {
    float s = 0;
    for (std::size_t j = 0; j < x.extent(0); ++j) s += a(i, j) * x[j];
    y[i] = s;
  }
}

int main(int argc, char** argv) {
  const std::size_t n = 64;
  std::vector<float> a(n * n), x(n), y(n);
  for (std::size_t k = 0; k < a.size(); ++k) a[k] = float(k % 7);
  for (std::size_t k = 0; k < n; ++k) x[k] = float(k % 3);
  const auto run = [&] {
    product(clpar::view<const float, 2>(a.data(), n, n), clpar::view<const float>(x.data(), n),
            clpar::view<float>(y.data(), n));
    double sum = 0;
    for (float v : y) sum += v;
    std::printf("%g\n", sum);
  };
  if (argc > 1 && std::string(argv[1]) == "trials") {
    setenv("CLPAR_SPLIT_LANES", "8", 1);
    for (int call = 0; call < 8; ++call) run();
    // TRIALS-OUT: {{^}}[[SUM:[0-9]+]]{{$}}
    // TRIALS-OUT-COUNT-7: {{^}}[[SUM]]{{$}}
    // TRIALS: clpar: kernel '[[KERNEL:clpar_product_[0-9]+_3]]' on '{{.*}}' (options '-D CLPAR_UNIT_INNER -D CLPAR_LANES=8 {{[^']*}} -D CLPAR_NO_ALIAS'): built from source
    // TRIALS: clpar: kernel '[[KERNEL]]' on '{{.*}}' (options '-D CLPAR_UNIT_INNER -D CLPAR_LANES=8 {{[^']*}} -D CLPAR_INDEX32 -D CLPAR_NO_ALIAS'): built from source
    // TRIALS: clpar: {{.*}}index-width-form.cpp:{{[0-9]+}}:3: forms timed on '{{.*}}' for n from 2^6, inner loop from 2^6: '-D CLPAR_UNIT_INNER -D CLPAR_LANES=8 {{[^']*}} -D CLPAR_NO_ALIAS' {{[0-9.]+}} us, '-D CLPAR_UNIT_INNER -D CLPAR_LANES=8 {{[^']*}} -D CLPAR_INDEX32 -D CLPAR_NO_ALIAS' {{[0-9.]+}} us; keeps '{{[^']*}}'
    return 0;
  }
  setenv("CLPAR_SPLIT_LANES", "0", 1);
  run();
  // WIDE-NOT: CLPAR_INDEX32
  // OUT: [[SUM:[0-9]+]]
  // CHECK: clpar: kernel '[[KERNEL:clpar_product_[0-9]+_3]]' on '{{.*}}' (options '-D CLPAR_UNIT_INNER -D CLPAR_INDEX32 -D CLPAR_NO_ALIAS'): built from source
  // WIDE: clpar: kernel '[[KERNEL:clpar_product_[0-9]+_3]]' on '{{.*}}' (options '-D CLPAR_UNIT_INNER -D CLPAR_NO_ALIAS'): built from source
  setenv("CLPAR_SPLIT_LANES", "8", 1);
  run();
  // OUT-NEXT: [[SUM]]
  // CHECK: clpar: kernel '[[KERNEL]]' on '{{.*}}' (options '-D CLPAR_UNIT_INNER -D CLPAR_LANES=8 {{[^']*}} -D CLPAR_NO_ALIAS'): built from source
  // WIDE: clpar: kernel '[[KERNEL]]' on '{{.*}}' (options '-D CLPAR_UNIT_INNER -D CLPAR_LANES=8 {{[^']*}} -D CLPAR_NO_ALIAS'): built from source
  // CHECK-NOT: CLPAR_INDEX32
  // WIDE-NOT: CLPAR_INDEX32
}
