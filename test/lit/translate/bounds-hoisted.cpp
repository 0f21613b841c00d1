// Affine indices of accesses that run in every iteration are checked once, before
// launch, in the host stub; accesses under a condition keep their per-access check.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_f_10_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
#include <clpar/clpar.hpp>

void f(clpar::view<const float, 2> in, clpar::view<float, 2> out, clpar::view<const int> flag) {
  for (auto i : clpar::prange(out.extent(0)))
    for (auto j : clpar::prange(1, out.extent(1) - 1)) {
      out(i, j) = in(i, j - 1) + in(i, 2 * j + 1);
      if (flag[i] > 0)
        out(i, j) = in(i, j * j);
    }
}
// The right side's accesses are checked first (C++17 evaluates it first), each index
// in turn; the error names where the header build reports it: m(i, j) at the `(`.
// CHECK-OMP: {{^ *}}::clpar::rt::first_out_of_range clpar_bad(2);
// CHECK-OMP-NEXT: {{^ *}}clpar_bad.check(clpar_dims, 2, 0LL, {1LL, 0LL}, clpar_views[1].extent[0]);
// CHECK-OMP-NEXT: {{^ *}}clpar_bad.check(clpar_dims, 2, -1LL, {0LL, 1LL}, clpar_views[1].extent[1]);
// CHECK-OMP-NEXT: {{^ *}}clpar_bad.check(clpar_dims, 2, 0LL, {1LL, 0LL}, clpar_views[1].extent[0]);
// CHECK-OMP-NEXT: {{^ *}}clpar_bad.check(clpar_dims, 2, 1LL, {0LL, 2LL}, clpar_views[1].extent[1]);
// CHECK-OMP-NEXT: {{^ *}}clpar_bad.check(clpar_dims, 2, 0LL, {1LL, 0LL}, clpar_views[0].extent[0]);
// CHECK-OMP-NEXT: {{^ *}}clpar_bad.check(clpar_dims, 2, 0LL, {0LL, 1LL}, clpar_views[0].extent[1]);
// CHECK-OMP-NEXT: {{^ *}}switch (clpar_bad.failed()) {
// CHECK-OMP-NEXT: {{^ *}}case 0:
// CHECK-OMP-NEXT: {{^ *}}throw ::clpar::bounds_error("{{.*}}bounds-hoisted.cpp", 12, 21, clpar_bad.index(), clpar_views[1].extent[0], "in");
// CHECK-OMP: {{^ *}}case 5:
// CHECK-OMP-NEXT: {{^ *}}throw ::clpar::bounds_error("{{.*}}bounds-hoisted.cpp", 12, 10, clpar_bad.index(), clpar_views[0].extent[1], "out");
// CHECK-OMP-NEXT: {{^ *}}default:
// CHECK-OMP: {{^ *}}::clpar::rt::region_call clpar_call(clpar_request);
// CHECK-CL: {{^ *}}out[out_off + ((clpar_idx)i * (clpar_idx)out_s0 + (clpar_idx)j * CLPAR_INNER((clpar_idx)out_s1))] = in[in_off + ((clpar_idx)i * (clpar_idx)in_s0 + (clpar_idx)(j - 1UL) * CLPAR_INNER((clpar_idx)in_s1))] + in[in_off + ((clpar_idx)i * (clpar_idx)in_s0 + (clpar_idx)((2UL * j) + 1UL) * CLPAR_INNER((clpar_idx)in_s1))];
// CHECK-CL-NEXT: {{^ *}}if (flag[flag_off + ((clpar_idx)clpar_checked(clpar_err, 3, (long)i, flag_e0) * CLPAR_INNER((clpar_idx)flag_s0))] > 0)
// CHECK-CL-NEXT: {{^ *}}out[out_off + ((clpar_idx)clpar_checked(clpar_err, 4, (long)i, out_e0) * (clpar_idx)out_s0 + (clpar_idx)clpar_checked(clpar_err, 4, (long)j, out_e1) * CLPAR_INNER((clpar_idx)out_s1))] = in[in_off + ((clpar_idx)clpar_checked(clpar_err, 5, (long)i, in_e0) * (clpar_idx)in_s0 + (clpar_idx)clpar_checked(clpar_err, 5, (long)(j * j), in_e1) * CLPAR_INNER((clpar_idx)in_s1))];
