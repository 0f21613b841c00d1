// Iterations that reduce over an inner loop (Analysis/InnerReduction.h) get the kernel's
// split form: which loops qualify, with which accumulators and layout, and what the
// kernel and the host stub say of it.  --strict-fp keeps floating-point sums in order.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl --dump-regions %flags > %t.regions
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=DUMP < %t.regions
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_rows_19_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-OFFSET < %t.cl/clpar_offset_rows_105_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
// RUN: rm -rf %t.strict && %clpar-translate %s -o %t.strict.cpp --strict-fp --keep-generated=%t.strict %flags
// RUN: FileCheck %s --check-prefix=STRICT < %t.strict/clpar_rows_19_3.cl
// RUN: FileCheck %s --check-prefix=STRICT-MIN < %t.strict/clpar_min_max_73_3.cl
#include <clpar/clpar.hpp>

#include <algorithm>
#include <vector>

void rows(clpar::view<const float, 2> a, clpar::view<const float> x, clpar::view<float> y) {
  for (auto i : clpar::prange(a.extent(0))) {
    float t = 0;
    for (std::size_t j = 0; j < a.extent(1); ++j)
      t += a(i, j) * x[j];
    y[i] = t;
  }
}
// DUMP-LABEL: kernel=clpar_rows_
// DUMP: inner-reduction loop=1 var=j along-rows reassociates t:+
// CHECK-CL: __kernel
// CHECK-CL-NEXT: #ifdef CLPAR_LANES
// CHECK-CL-NEXT: __attribute__((reqd_work_group_size(CLPAR_LANES * CLPAR_ITEMS, 1, 1)))
// CHECK-CL: #ifdef CLPAR_LANES
// CHECK-CL: __local float clpar_part0[CLPAR_LANES * CLPAR_ITEMS];
// No return before the barriers (PoCL runs the code after them in every lane then):
// CHECK-CL-NOT: return;
// CHECK-CL: const ulong clpar_k0 = clpar_item_k < clpar_count0 ? clpar_item_k : clpar_count0 - 1;
// CHECK-CL-NEXT: ulong i = (ulong)(clpar_first0 + (long)clpar_k0 * clpar_step0);
// CHECK-CL-NEXT: float t = 0.0f;
// CHECK-CL-NOT: return;
// CHECK-CL: const ulong clpar_hi = a_e1;
// CHECK-CL: float t = (float)0;
// CHECK-CL-NEXT: if (clpar_lo < clpar_hi)
// CHECK-CL-NEXT: for (ulong clpar_base = clpar_lane; clpar_base < clpar_len; clpar_base += CLPAR_INNER_LANES * CLPAR_LANES) {
// CHECK-CL: const ulong j = (ulong)(clpar_lo + (ulong)clpar_r);
// CHECK-CL-NEXT: clpar_inner0[clpar_j] = a[
// CHECK-CL-NOT: return;
// CHECK-CL: barrier(CLK_LOCAL_MEM_FENCE);
// CHECK-CL: if (clpar_lane != 0 || clpar_item_k >= clpar_count0)
// CHECK-CL-NEXT: return;
// CHECK-CL-NEXT: t = t + clpar_part0[CLPAR_SLOT(clpar_item, 0)];
// CHECK-CL-NEXT: y[y_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)y_s0))] = t;
// CHECK-CL: #else
// CHECK-CL: for (ulong j = 0UL; j < a_e1; ++j)
// CHECK-CL: #endif
// The stub passes the trip count and the layout (2: lanes along rows).
// CHECK-OMP: {{^ *}}1, false, false, false, nullptr, false, 1, false, true, false, true, 2, {{clpar_split|nullptr}}, {{true|false}}, true, true};
// CHECK-OMP: static_cast<std::uint64_t>(static_cast<long long>(clpar_views[0].extent[1]) > 0LL ? static_cast<long long>(clpar_views[0].extent[1]) - 0LL : 0)};
// Under --strict-fp a float sum keeps its order: no split form.
// STRICT-NOT: CLPAR_LANES

void columns(clpar::view<const double, 2> a, const std::vector<double>& x, std::vector<double>& y) {
  for (auto j : clpar::prange(a.extent(1))) {
    double s = 0;
    for (std::size_t i = 0; i < a.extent(0); ++i) s -= a(i, j) * x[i];
    y[j] = s;
  }
}
// DUMP-LABEL: kernel=clpar_columns_
// DUMP: inner-reduction loop=1 var=i reassociates s:+
// CHECK-OMP: {{^ *}}1, true, false, false, nullptr, false, 1, false, true, false, true, 1, {{clpar_split|nullptr}}, {{true|false}}, true, true};

// Several accumulators, counted, under a condition; min and max are exact in any order.
void min_max(clpar::view<const float, 2> a, clpar::view<float> out, clpar::view<int> count) {
  for (auto i : clpar::prange(a.extent(0))) {
    float lowest = 1e30f, highest = -1e30f;
    int nonzero = 0;
    for (std::size_t j = 1; j <= a.extent(1) - 1; ++j)
      if (a(i, j) != 0.0f) {
        lowest = std::min(lowest, a(i, j));
        highest = std::max(highest, a(i, j));
        nonzero++;
      }
    out[i] = highest - lowest;
    count[i] = nonzero;
  }
}
// DUMP-LABEL: kernel=clpar_min_max_
// DUMP: inner-reduction loop=3 var=j along-rows highest:max lowest:min nonzero:+
// STRICT-MIN: #ifdef CLPAR_LANES
// STRICT-MIN: lowest = (clpar_part1[CLPAR_SLOT(clpar_item, 0)] < lowest) ? clpar_part1[CLPAR_SLOT(clpar_item, 0)] : lowest;

// A flat vector indexed by a row base the iteration computes first; an integer hash.
void flat(const std::vector<unsigned>& a, std::size_t n, std::vector<unsigned>& h) {
  for (auto i : clpar::prange(h.size())) {
    const std::size_t base = i * n;
    unsigned x = 0;
    for (std::size_t j = 0; j < n; ++j) x ^= a[base + j] * 2654435761u;
    h[i] = x;
  }
}
// DUMP-LABEL: kernel=clpar_flat_
// DUMP: inner-reduction loop=2 var=j along-rows x:^

// Reads the loop checks when it starts: in the split form too, over the whole loop.
void offset_rows(clpar::view<const float, 2> a, clpar::view<float> y) {
  for (auto i : clpar::prange(y.size())) {
    const std::size_t off = i % 2;
    float t = 0;
    for (std::size_t j = 0; j < a.extent(1) - 1; ++j) t += a(i, j + off);
    y[i] = t;
  }
}
// CHECK-OFFSET: #ifdef CLPAR_LANES
// CHECK-OFFSET: clpar_ok0 = clpar_in_range(clpar_err, {{[0-9]+}}, (long)(j + off), a_e1);
// CHECK-OFFSET: if (clpar_lo < clpar_hi && clpar_ok0)
// CHECK-OFFSET-NEXT: for (ulong clpar_base = clpar_lane;
// CHECK-OFFSET: #else

// Two dimensions: the innermost one's neighbours read neighbouring columns.
void product(clpar::view<const float, 2> a, clpar::view<const float, 2> b,
             clpar::view<float, 2> c) {
  for (auto i : clpar::prange(c.extent(0)))
    for (auto j : clpar::prange(c.extent(1))) {
      float s = 0;
      for (std::size_t k = 0; k < a.extent(1); ++k) s = s + a(i, k) * b(k, j);
      c(i, j) = s;
    }
}
// DUMP-LABEL: kernel=clpar_product_
// DUMP: inner-reduction loop=1 var=k reassociates s:+

// Not inner reductions: each of these would change what the loop computes if its steps
// ran in another order or at once.
void not_reductions(clpar::view<const float, 2> a, clpar::view<float> y, int n) {
  for (auto i : clpar::prange(a.extent(0))) { // writes memory inside the loop
    for (std::size_t j = 0; j < a.extent(1); ++j) y[i] += a(i, j);
  }
  for (auto i : clpar::prange(a.extent(0))) { // reads its accumulator
    float t = 1;
    for (std::size_t j = 0; j < a.extent(1); ++j) t += a(i, j) * t;
    y[i] = t;
  }
  for (auto i : clpar::prange(a.extent(0))) { // leaves early
    float t = 0;
    for (std::size_t j = 0; j < a.extent(1); ++j) {
      if (a(i, j) < 0) break;
      t += a(i, j);
    }
    y[i] = t;
  }
  for (auto i : clpar::prange(a.extent(0))) { // bounds depend on the iteration
    float t = 0;
    for (std::size_t j = 0; j < i; ++j) t += a(i, j);
    y[i] = t;
  }
  for (auto i : clpar::prange(a.extent(0))) { // truncates every step
    int t = 0;
    for (std::size_t j = 0; j < a.extent(1); ++j) t += a(i, j);
    y[i] = float(t);
  }
  for (auto i : clpar::prange(a.extent(0))) { // std::min(e, t) keeps a NaN e
    float t = 0;
    for (std::size_t j = 0; j < a.extent(1); ++j) t = std::min(a(i, j), t);
    y[i] = t;
  }
  for (auto i : clpar::prange(a.extent(0))) { // a statement with an effect first
    y[i] = 0;
    float t = 0;
    for (std::size_t j = 0; j < a.extent(1); ++j) t += a(i, j);
    y[i] = t;
  }
  float total = 0; // a reduction of the region itself
  for (auto i : clpar::prange(a.extent(0))) {
    float t = 0;
    for (int j = 0; j < n; ++j) t += a(i, j);
    total += t;
  }
  y[0] = total;
}
// DUMP-LABEL: kernel=clpar_not_reductions_
// DUMP-NOT: inner-reduction
// DUMP-LABEL: kernel=clpar_not_reductions_
// DUMP-NOT: inner-reduction
// DUMP-LABEL: kernel=clpar_not_reductions_
// DUMP-NOT: inner-reduction
// DUMP-LABEL: kernel=clpar_not_reductions_
// DUMP-NOT: inner-reduction
// DUMP-LABEL: kernel=clpar_not_reductions_
// DUMP-NOT: inner-reduction
// DUMP-LABEL: kernel=clpar_not_reductions_
// DUMP-NOT: inner-reduction
// DUMP-LABEL: kernel=clpar_not_reductions_
// DUMP-NOT: inner-reduction
// DUMP-LABEL: kernel=clpar_not_reductions_
// DUMP-NOT: inner-reduction

// The remark names the split form (-Rclpar); not under --strict-fp for a float sum.
// RUN: %clpar-translate %s -o %t.remarks.cpp -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clpar-translate %s -o %t.strict-remarks.cpp -Rclpar --strict-fp %flags 2>&1 | FileCheck %s --check-prefix=STRICT-REMARK
// REMARK: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_rows_19_3' sharing each iteration's loop over 'j' among work-items and an OpenMP variant
// REMARK: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_not_reductions_134_3' and an OpenMP variant
// STRICT-REMARK: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_rows_19_3' and an OpenMP variant
// STRICT-REMARK: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_min_max_73_3' sharing each iteration's loop over 'j' among work-items and an OpenMP variant

// A loop body of accumulator updates only: each lane computes CLPAR_INNER_LANES of its
// steps' values before it adds any, in order (four where iterations neighbour each other
// and have at least 16 lanes each, else one); a body with more keeps one step at a time.
// RUN: FileCheck %s --check-prefix=LANES < %t.cl/clpar_rows_19_3.cl
// RUN: FileCheck %s --check-prefix=ONE-STEP < %t.cl/clpar_min_max_73_3.cl
// LANES: #ifndef CLPAR_INNER_LANES
// LANES-NEXT: #if CLPAR_LANES_FIRST || CLPAR_LANES < 16
// LANES-NEXT: #define CLPAR_INNER_LANES 1
// LANES-NEXT: #else
// LANES-NEXT: #define CLPAR_INNER_LANES 4
// LANES: float clpar_inner0[CLPAR_INNER_LANES];
// LANES: const ulong clpar_next = clpar_base + clpar_j * CLPAR_LANES;
// LANES-NEXT: const ulong clpar_r = clpar_next < clpar_len ? clpar_next : clpar_len - 1;
// LANES-NEXT: const ulong j = (ulong)(clpar_lo + (ulong)clpar_r);
// LANES-NEXT: clpar_inner0[clpar_j] = a[{{.*}}] * x[{{.*}}];
// LANES: if (clpar_base + clpar_j * CLPAR_LANES < clpar_len) {
// LANES-NEXT: t += clpar_inner0[clpar_j];
// ONE-STEP-NOT: CLPAR_INNER_LANES
// ONE-STEP: for (ulong clpar_r = clpar_lane; clpar_r < clpar_len; clpar_r += CLPAR_LANES) {
