// Products (Analysis/ProductTiles.h) get the kernel's tiled form: which loops qualify, how
// each read is staged, and what the kernel and the host stub say of it.  The form keeps
// every iteration's loop in order, so --strict-fp keeps it.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl --dump-regions %flags > %t.regions
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=DUMP < %t.regions
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_matmul_17_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
// RUN: rm -rf %t.strict && %clpar-translate %s -o %t.strict.cpp --strict-fp --keep-generated=%t.strict %flags
// RUN: FileCheck %s --check-prefix=STRICT < %t.strict/clpar_matmul_17_3.cl
#include <clpar/clpar.hpp>

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
// DUMP-LABEL: kernel=clpar_matmul_
// DUMP: product-tiles a:dim0:loop-last b:dim1{{$}}
// The form's fixed work-group comes first, then the split form's.
// CHECK-CL: __kernel
// CHECK-CL-NEXT: #if defined(CLPAR_TILE_R)
// CHECK-CL-NEXT: __attribute__((reqd_work_group_size(CLPAR_GROUP_C, CLPAR_GROUP_R, 1)))
// CHECK-CL-NEXT: #elif defined(CLPAR_LANES)
// The tiles: a's along the block's rows, loaded with the loop's steps neighbouring; b's
// along its columns, with the columns neighbouring.  Each tile's reads are fetched into
// registers first (the next tile's while the work-items compute on this one).
// CHECK-CL: #if defined(CLPAR_TILE_R)
// CHECK-CL: #define CLPAR_FETCH0 ((CLPAR_TILE_K * CLPAR_TI + CLPAR_GROUP - 1) / CLPAR_GROUP)
// CHECK-CL: __local float clpar_tile0[CLPAR_TILE_K][CLPAR_TI + CLPAR_PAD];
// CHECK-CL-NEXT: float clpar_next0[CLPAR_FETCH0];
// CHECK-CL-NEXT: __local float clpar_tile1[CLPAR_TILE_K][CLPAR_TJ + CLPAR_PAD];
// CHECK-CL-NEXT: float clpar_next1[CLPAR_FETCH1];
// CHECK-CL-NEXT: float clpar_acc0[CLPAR_TILE_R][CLPAR_TILE_C];
// CHECK-CL: clpar_acc0[clpar_r][clpar_c] = s;
// CHECK-CL: if (clpar_len > 0) {
// CHECK-CL: const uint clpar_kk = clpar_e % CLPAR_TILE_K, clpar_x = clpar_e / CLPAR_TILE_K;
// CHECK-CL: clpar_v = a[a_off + ((clpar_idx)i * (clpar_idx)a_s0 + (clpar_idx)k * CLPAR_INNER((clpar_idx)a_s1))];
// CHECK-CL: clpar_next0[clpar_f] = clpar_v;
// CHECK-CL: const uint clpar_kk = clpar_e / CLPAR_TJ, clpar_x = clpar_e % CLPAR_TJ;
// CHECK-CL: clpar_v = b[b_off + ((clpar_idx)k * (clpar_idx)b_s0 + (clpar_idx)j * CLPAR_INNER((clpar_idx)b_s1))];
// CHECK-CL: for (ulong clpar_kb = 0; clpar_kb < clpar_len; clpar_kb += CLPAR_TILE_K) {
// CHECK-CL: clpar_tile0[clpar_kk][clpar_x] = clpar_next0[clpar_f];
// CHECK-CL: clpar_tile1[clpar_kk][clpar_x] = clpar_next1[clpar_f];
// CHECK-CL: if (clpar_kb + CLPAR_TILE_K < clpar_len) {
// CHECK-CL: clpar_v0[clpar_x] = clpar_tile0[clpar_kk][CLPAR_ROW(clpar_x)];
// CHECK-CL: clpar_v1[clpar_x] = clpar_tile1[clpar_kk][CLPAR_COL(clpar_x)];
// The loop's body for each iteration of the block, from registers.
// CHECK-CL: float s = clpar_acc0[clpar_r][clpar_c];
// CHECK-CL-NEXT: s += clpar_t0 * clpar_t1;
// CHECK-CL-NEXT: clpar_acc0[clpar_r][clpar_c] = s;
// After the loop, each iteration in range stores its result.
// CHECK-CL: {{^ *}}s = clpar_acc0[clpar_r][clpar_c];
// CHECK-CL-NEXT: c[c_off + ((clpar_idx)i * (clpar_idx)c_s0 + (clpar_idx)j * CLPAR_INNER((clpar_idx)c_s1))] = s;
// CHECK-CL: #elif defined(CLPAR_LANES)
// CHECK-CL: #else
// CHECK-CL: #endif
// The stub says the kernel has the form (the last field) and passes the trip count.
// CHECK-OMP: {{^ *}}2, false, false, false, nullptr, false, 1, false, true, false, true, 1, {{clpar_split|nullptr}}, true, true, true};
// CHECK-OMP: static_cast<std::uint64_t>(static_cast<long long>(clpar_views[0].extent[1]) > 0LL ? static_cast<long long>(clpar_views[0].extent[1]) - 0LL : 0)};
// Under --strict-fp the split form goes (it reorders the sum), the tiled form stays.
// STRICT: #if defined(CLPAR_TILE_R)
// STRICT-NOT: CLPAR_LANES

// Reads at transposed positions, one along the loop alone, the loop variables in the body.
void mixed(clpar::view<const double, 2> at, const std::vector<double>& w,
           clpar::view<const double, 2> bt, clpar::view<double, 2> c) {
  for (auto i : clpar::prange(c.extent(0)))
    for (auto j : clpar::prange(c.extent(1))) {
      double s = 0;
      for (std::size_t k = 0; k < w.size(); ++k) {
        const double p = at(k, i) * w[k];
        s += (i == j ? 2.0 : 1.0) * p * bt(j, k);
      }
      c(i, j) = s;
    }
}
// DUMP-LABEL: kernel=clpar_mixed_
// DUMP: product-tiles at:dim0 w:dim0:loop-last bt:dim1:loop-last uses-index

// Not products: a read along both dimensions; a view the region writes read in the loop;
// a declaration before the loop used in it; reads under a condition (out of range where
// it fails, and the form would load them); one dimension; three dimensions.
void both(clpar::view<const float, 2> a, clpar::view<const float, 2> d,
          clpar::view<float, 2> c) {
  for (auto i : clpar::prange(c.extent(0)))
    for (auto j : clpar::prange(c.extent(1))) {
      float s = 0;
      for (std::size_t k = 0; k < a.extent(1); ++k) s += a(i, k) * d(i, j);
      c(i, j) = s;
    }
}
// DUMP-LABEL: kernel=clpar_both_
// DUMP-NOT: product-tiles
// DUMP: region

void self(clpar::view<float, 2> c) {
  for (auto i : clpar::prange(c.extent(0)))
    for (auto j : clpar::prange(c.extent(1))) {
      float s = 0;
      for (std::size_t k = 0; k < c.extent(1); ++k) s += c(i, k) * c(k, j);
      c(i, j) = s;
    }
}
// DUMP-LABEL: kernel=clpar_self_
// DUMP-NOT: product-tiles
// DUMP: region

void scaled(clpar::view<const float, 2> a, clpar::view<const float, 2> b,
            clpar::view<float, 2> c) {
  for (auto i : clpar::prange(c.extent(0)))
    for (auto j : clpar::prange(c.extent(1))) {
      const float f = float(i + j);
      float s = 0;
      for (std::size_t k = 0; k < a.extent(1); ++k) s += f * a(i, k) * b(k, j);
      c(i, j) = s;
    }
}
// DUMP-LABEL: kernel=clpar_scaled_
// DUMP-NOT: product-tiles
// DUMP: region

void guarded(clpar::view<const float, 2> a, clpar::view<const float, 2> b,
             clpar::view<float, 2> c) {
  for (auto i : clpar::prange(c.extent(0)))
    for (auto j : clpar::prange(c.extent(1))) {
      float s = 0, t = 0;
      for (std::size_t k = 0; k < a.extent(1); ++k) {
        if (k < b.extent(0))
          s += a(i, k) * b(k, j);
        t += k + 1 < b.extent(0) ? b(k + 1, j) : a(i, k);
      }
      c(i, j) = s + t;
    }
}
// DUMP-LABEL: kernel=clpar_guarded_
// DUMP-NOT: product-tiles
// DUMP: region

void one(clpar::view<const float, 2> a, clpar::view<const float> x, clpar::view<float> y) {
  for (auto i : clpar::prange(a.extent(0))) {
    float t = 0;
    for (std::size_t k = 0; k < a.extent(1); ++k) t += a(i, k) * x[k];
    y[i] = t;
  }
}
// DUMP-LABEL: kernel=clpar_one_
// DUMP-NOT: product-tiles
// DUMP: region

void batch(clpar::view<const float, 3> a, clpar::view<const float, 2> b,
           clpar::view<float, 3> c) {
  for (auto n : clpar::prange(c.extent(0)))
    for (auto i : clpar::prange(c.extent(1)))
      for (auto j : clpar::prange(c.extent(2))) {
        float s = 0;
        for (std::size_t k = 0; k < b.extent(0); ++k) s += a(n, i, k) * b(k, j);
        c(n, i, j) = s;
      }
}
// DUMP-LABEL: kernel=clpar_batch_
// DUMP-NOT: product-tiles

// The remark names both forms (-Rclpar); under --strict-fp only the tiled one.
// RUN: %clpar-translate %s -o %t.remarks.cpp -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clpar-translate %s -o %t.strict-remarks.cpp -Rclpar --strict-fp %flags 2>&1 | FileCheck %s --check-prefix=STRICT-REMARK
// REMARK: remark: 2-D prange nest offloaded: OpenCL kernel 'clpar_matmul_17_3' sharing each iteration's loop over 'k' among work-items, tiling the loop over 'k' for blocks of iterations and an OpenMP variant
// STRICT-REMARK: remark: 2-D prange nest offloaded: OpenCL kernel 'clpar_matmul_17_3' tiling the loop over 'k' for blocks of iterations and an OpenMP variant
