// Three nested pranges are one 3-D region; a fourth stays inside the body (serial).
// RUN: %translate --dump-regions %flags | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void fill(clpar::view<int, 3> a, clpar::view<int, 4> b) {
  // CHECK: {{^}}region [[@LINE+1]]:3 dims=3 kernel=clpar_fill_8_3
  for (auto i : clpar::prange(a.extent(0)))
    for (auto j : clpar::prange(a.extent(1)))
      for (auto k : clpar::prange(a.extent(2)))
        a(i, j, k) = int(i * 100 + j * 10 + k);
  // CHECK: {{^}}region [[@LINE+1]]:3 dims=3 kernel=none
  for (auto i : clpar::prange(b.extent(0)))
    for (auto j : clpar::prange(b.extent(1)))
      for (auto k : clpar::prange(b.extent(2)))
        for (auto l : clpar::prange(b.extent(3)))
          b(i, j, k, l) = 1;
  // CHECK: {{^}}  not-offloaded [[@LINE-2]]:9 contains a prange loop nested more than three deep; it runs serially in each iteration
}
