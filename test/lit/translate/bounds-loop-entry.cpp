// Checks made in the kernel when a loop starts (Analysis/LoopEntryChecks.h): an access in
// every iteration whose index moves monotonically with the loop's variable is checked at
// the first and last values, then runs unchecked; anything else keeps its check.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cl/clpar_entries_58_3.cl
// RUN: rm -rf %t.off && %clpar-translate %s -o %t.off.cpp --no-bounds-check --keep-generated=%t.off %flags
// RUN: FileCheck %s --check-prefix=OFF < %t.off/clpar_entries_58_3.cl
#include <clpar/clpar.hpp>

int walk(clpar::view<const int> w, int n, int m) {
  int s = 0;
  for (int k = 1; k < n; ++k) {
    s += w[2 * k + 1] - w[k - 1];      // monotonic: checked at entry
    s += w[k * k];                     // not monotonic: per access
    if (w[n - k] > 0)                  // the condition runs every time: at entry
      s += w[k];                       // conditional: per access
    const int r = (k + 2) % n;         // n - 1 against the extent, k + 2 against 0
    const unsigned u = unsigned(k) % 7u; // 6 against the extent: u is never negative
    s += w[r] + w[u];
  }
  for (int k = 0; k < m; ++k) {
    if (s > 100) continue;
    s += w[k];                         // after a continue: per access
  }
  for (int k = 0; k < m; ++k) {
    s += w[k];                         // the loop may leave early: per access
    if (s > 1000) break;
  }
  for (int k = 0; k < m; ++k) {
    s += w[k];                         // the bound changes in the loop: per access
    --m;
  }
  return s;
}
// CHECK: bool clpar_in_range(__global int *err, int access, long i, ulong n) {
// CHECK-LABEL: int clpar_fn_walk(
// CHECK: const int k = (int)(1);
// CHECK-NEXT: if (k < n) {
// CHECK-NEXT: clpar_ok0 = clpar_in_range(clpar_err, 1, (long)((2 * k) + 1), w_e0) &&
// CHECK-NEXT: clpar_in_range(clpar_err, 2, (long)(k - 1), w_e0) &&
// CHECK-NEXT: clpar_in_range(clpar_err, 4, (long)(n - k), w_e0) &&
// CHECK-NEXT: clpar_in_range(clpar_err, 6, (long)(n - 1), w_e0) &&
// CHECK-NEXT: clpar_in_range(clpar_err, 6, (long)(k + 2), 0x8000000000000000UL) &&
// CHECK-NEXT: clpar_in_range(clpar_err, 7, (long)(7u - 1u), w_e0);
// CHECK: const int k = (int)(n - 1);
// CHECK: if (clpar_ok0)
// CHECK-NEXT: for (int k = 1; k < n; ++k)
// CHECK: s += w[w_off + ((clpar_idx)((2 * k) + 1) * CLPAR_INNER((clpar_idx)w_s0))] - w[w_off + ((clpar_idx)(k - 1) * CLPAR_INNER((clpar_idx)w_s0))];
// CHECK-NEXT: s += w[w_off + ((clpar_idx)clpar_checked(clpar_err, 3, (long)(k * k), w_e0) * CLPAR_INNER((clpar_idx)w_s0))];
// CHECK-NEXT: if (w[w_off + ((clpar_idx)(n - k) * CLPAR_INNER((clpar_idx)w_s0))] > 0)
// CHECK-NEXT: s += w[w_off + ((clpar_idx)clpar_checked(clpar_err, 5, (long)k, w_e0) * CLPAR_INNER((clpar_idx)w_s0))];
// CHECK: s += w[w_off + ((clpar_idx)r * CLPAR_INNER((clpar_idx)w_s0))] + w[w_off + ((clpar_idx)u * CLPAR_INNER((clpar_idx)w_s0))];
// CHECK-NOT: clpar_ok1
// CHECK: return s;

void entries(clpar::view<const int> w, clpar::view<int> out, int n) {
  for (auto i : clpar::prange(out.size()))
    out[i] = walk(w, n, int(i));
}
// OFF-NOT: clpar_in_range
// OFF-NOT: clpar_checked
