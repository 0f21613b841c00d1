// A product's calls time other tile shapes beside the rule's form (here, on PoCL with
// CLPAR_FORM_TRIALS=1 and CLPAR_INDEX32=1, which gives a CPU device the 32-bit rule form
// too, the rules tile nothing: the general form in both index widths, one
// iteration per work-item in 16x16 groups 32 steps deep, and the 2x2 block 32 deep), keep
// one, and every call's result is the same.  A second process finds the choice in the
// kernel cache (CACHED) and times nothing.
// RUN: %clparxx -std=c++20 -O2 %s -o %t
// RUN: rm -rf %t.cache
// RUN: env CLPAR_INDEX32=1 CLPAR_FORM_TRIALS=1 CLPAR_DEVICE=opencl CLPAR_TRACE=1 CLPAR_CACHE_DIR=%t.cache POCL_KERNEL_CACHE=0 %t 2>%t.trace | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s < %t.trace
// RUN: env CLPAR_INDEX32=1 CLPAR_FORM_TRIALS=1 CLPAR_DEVICE=opencl CLPAR_TRACE=1 CLPAR_CACHE_DIR=%t.cache POCL_KERNEL_CACHE=0 %t 2>%t.trace2 | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=CACHED < %t.trace2
#include <clpar/clpar.hpp>
#include <cstdio>
#include <vector>

void matmul(clpar::view<const float, 2> a, clpar::view<const float, 2> b,
            clpar::view<float, 2> c) {
  for (auto i : clpar::prange(c.extent(0)))
    for (auto j : clpar::prange(c.extent(1))) {
      float s = 0;
      for (std::size_t k = 0; k < a.extent(1); ++k) s += a(i, k) * b(k, j);
      c(i, j) = s;
    }
}

int main() {
  // 40 x 48 outputs, 72 steps: no block divides them.
  const std::size_t ni = 40, nj = 48, nk = 72;
  std::vector<float> a(ni * nk), b(nk * nj), c(ni * nj);
  for (std::size_t k = 0; k < a.size(); ++k) a[k] = float(k % 5);
  for (std::size_t k = 0; k < b.size(); ++k) b[k] = float(k % 3) - 1;
  std::vector<float> want(ni * nj, 0);
  for (std::size_t i = 0; i < ni; ++i)
    for (std::size_t j = 0; j < nj; ++j)
      for (std::size_t k = 0; k < nk; ++k) want[i * nj + j] += a[i * nk + k] * b[k * nj + j];
  for (int call = 0; call < 14; ++call) {
    matmul(clpar::view<const float, 2>(a.data(), ni, nk), clpar::view<const float, 2>(b.data(), nk, nj),
           clpar::view<float, 2>(c.data(), ni, nj));
    std::printf("%s\n", c == want ? "same" : "differs");
  }
  // OUT-COUNT-14: {{^}}same{{$}}
  // OUT-NOT: differs
}
// CHECK: clpar: {{.*}}tile-shape-trials.cpp:{{[0-9]+}}:3: forms timed on '{{.*}}' for n from 2^10, inner loop from 2^6: '-D CLPAR_UNIT_INNER -D CLPAR_INDEX32 -D CLPAR_NO_ALIAS' {{[0-9.]+}} us, '-D CLPAR_UNIT_INNER -D CLPAR_NO_ALIAS' {{[0-9.]+}} us, '-D CLPAR_UNIT_INNER -D CLPAR_TILE_R=1 -D CLPAR_TILE_C=1 -D CLPAR_GROUP_R=16 -D CLPAR_GROUP_C=16 -D CLPAR_TILE_K=32 {{[^']*}} -D CLPAR_INDEX32 -D CLPAR_NO_ALIAS' {{[0-9.]+}} us, '-D CLPAR_UNIT_INNER -D CLPAR_TILE_R=2 -D CLPAR_TILE_C=2 -D CLPAR_GROUP_R=16 -D CLPAR_GROUP_C=16 -D CLPAR_TILE_K=32 -D CLPAR_RUN_R=2 -D CLPAR_RUN_C=2 -D CLPAR_INDEX32 -D CLPAR_NO_ALIAS' {{[0-9.]+}} us; keeps '{{[^']*}}'
// CACHED: clpar: {{.*}}tile-shape-trials.cpp:{{[0-9]+}}:3: form on '{{.*}}' for n from 2^10, inner loop from 2^6 from the kernel cache: '{{[^']*}}'
// CACHED-NOT: forms timed
