// Kernels have up to three dimensions: a rank-4 slice statement runs its first two
// dimensions as one index space, split again by division by the second extent.
// RUN: rm -rf %t.cl && %translate -Rclpar --keep-generated=%t.cl %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cl/clpar_slice_10_3.cl
#include <clpar/clpar.hpp>

void f(clpar::view<float, 4> a, clpar::view<const float, 4> b) {
  // REMARK: slice-rank4.cpp:[[@LINE+1]]:3: remark: 3-D slice assignment offloaded: OpenCL kernel 'clpar_slice_10_3' and an OpenMP variant [-Rclpar]
  a(clpar::all, clpar::all, clpar::all, clpar::all) = 2.0f * b;
}
// CHECK: {{^ *}}clpar_value[clpar_j] = clpar_s0 * clpar_v1[clpar_v1_off + ((clpar_idx)(clpar_i0 / clpar_dst_e1) * (clpar_idx)clpar_v1_s0 + (clpar_idx)(clpar_i0 % clpar_dst_e1) * (clpar_idx)clpar_v1_s1 + (clpar_idx)clpar_i1 * (clpar_idx)clpar_v1_s2 + (clpar_idx)clpar_i2 * CLPAR_INNER((clpar_idx)clpar_v1_s3))];
// CHECK: {{^ *}}clpar_dst[clpar_dst_off + ((clpar_idx)(clpar_i0 / clpar_dst_e1) * (clpar_idx)clpar_dst_s0 + (clpar_idx)(clpar_i0 % clpar_dst_e1) * (clpar_idx)clpar_dst_s1 + (clpar_idx)clpar_i1 * (clpar_idx)clpar_dst_s2 + (clpar_idx)clpar_i2 * CLPAR_INNER((clpar_idx)clpar_dst_s3))] = clpar_value[clpar_j];
