// Two perfectly nested pranges form one 2-D region; the inner loop is global id 0.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_blur_12_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
#include <clpar/clpar.hpp>

void blur(clpar::view<const float, 2> in, clpar::view<float, 2> out) {
  const std::size_t rows = out.extent(0);
  // The braces around the inner loop do not break the nest.
  // CHECK-CL: {{^}}__kernel void clpar_blur_12_3(
  for (auto i : clpar::prange(1, rows - 1)) {
    for (auto j : clpar::prange(out.extent(1))) {
      out(i, j) = 0.5f * (in(i - 1, j) + in(i + 1, j));
    }
  }
}
// CHECK-CL: {{^ *}}long clpar_first1, long clpar_step1, ulong clpar_count1,
// CHECK-CL: {{^ *}}__global const float *CLPAR_RESTRICT in, long in_off, ulong in_e0, ulong in_e1, long in_s0, long in_s1)
// An element-wise assignment: global id 0 takes blocks of four of the inner loop
// (Analysis/ElementwiseRows.h).
// CHECK-CL: {{^ *}}const ulong clpar_k0 = get_global_id(1);
// CHECK-CL-NEXT: {{^ *}}const ulong clpar_block = get_global_id(0);
// CHECK-CL-NEXT: {{^ *}}if (clpar_k0 >= clpar_count0)
// CHECK-OMP: {{^ *}}const auto clpar_r0 = clpar::prange(1, rows - 1);
// CHECK-OMP-NEXT: {{^ *}}const auto clpar_r1 = clpar::prange(out.extent(1));
// Rows times blocks of a row in one parallel loop; each block a plain inner loop.
// CHECK-OMP: {{^ *}}const std::uint64_t clpar_outer = clpar_n0;
// CHECK-OMP-NEXT: {{^ *}}const std::uint64_t clpar_bs = ::clpar::rt::inner_block_size(clpar_outer, clpar_n1, clpar_schedule.threads());
// CHECK-OMP-NEXT: {{^ *}}const std::uint64_t clpar_nb = (clpar_n1 + clpar_bs - 1) / clpar_bs;
// CHECK-OMP: {{^}}#pragma omp parallel for schedule(runtime) num_threads(clpar_schedule.threads())
// CHECK-OMP-NEXT: {{^ *}}for (std::uint64_t clpar_t = 0; clpar_t < clpar_outer * clpar_nb; ++clpar_t) {
// CHECK-OMP-NEXT: {{^ *}}std::uint64_t clpar_rest = clpar_nb == 1 ? clpar_t : clpar_t / clpar_nb;
// CHECK-OMP-NEXT: {{^ *}}const std::uint64_t clpar_k0 = clpar_rest;
// CHECK-OMP-NEXT: {{^ *}}const std::uint64_t clpar_from = clpar_nb == 1 ? 0 : clpar_t % clpar_nb * clpar_bs;
// CHECK-OMP-NEXT: {{^ *}}const std::uint64_t clpar_to = clpar_n1 - clpar_from < clpar_bs ? clpar_n1 : clpar_from + clpar_bs;
// CHECK-OMP-NEXT: {{^ *}}for (std::uint64_t clpar_k1 = clpar_from; clpar_k1 < clpar_to; ++clpar_k1) {
