// Accesses in serial loops with region-invariant bounds are checked before launch too:
// the loop variable is a further dimension of the check, and checks in the same loop are
// compared by its iterations (nest 1), so the error is the serial loop's first.  A loop whose bounds depend on
// the region's indices is checked in the kernel when it starts (its first and last index).
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_gemm_14_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
#include <clpar/clpar.hpp>

void gemm(clpar::view<const float, 2> a, clpar::view<const float, 2> b,
          clpar::view<float, 2> c) {
  const std::size_t k = a.extent(1);
  for (auto i : clpar::prange(c.extent(0)))
    for (auto j : clpar::prange(c.extent(1))) {
      float s = 0;
      for (std::size_t l = 0; l < k; ++l)
        s += a(i, l) * b(l, j);
      for (std::size_t t = 0; t < i; ++t)
        s += a(t, 0);
      c(i, j) = s;
    }
}
// CHECK-OMP: {{^ *}}const ::clpar::rt::dim_arg clpar_check_dims[] = {clpar_dims[0], clpar_dims[1], ::clpar::rt::dim_arg{0LL, 1, static_cast<std::uint64_t>(static_cast<long long>(k) > 0LL ? static_cast<long long>(k) - 0LL : 0)}, };
// CHECK-OMP: {{^ *}}clpar_bad.check(clpar_check_dims, 3, 0LL, {0LL, 0LL, 1LL}, clpar_views[0].extent[1], 1);
// CHECK-OMP: {{^ *}}clpar_bad.check(clpar_check_dims, 3, 0LL, {0LL, 1LL, 0LL}, clpar_views[1].extent[1], 1);
// CHECK-OMP: {{^ *}}case 2:
// CHECK-OMP-NEXT: {{^ *}}throw ::clpar::bounds_error("{{.*}}bounds-hoisted-inner-loop.cpp", 18, 25, clpar_bad.index(), clpar_views[1].extent[0], "b");
// CHECK-CL: {{^ *}}s += a[a_off + ((clpar_idx)i * (clpar_idx)a_s0 + (clpar_idx)l * CLPAR_INNER((clpar_idx)a_s1))] * b[b_off + ((clpar_idx)l * (clpar_idx)b_s0 + (clpar_idx)j * CLPAR_INNER((clpar_idx)b_s1))];
// CHECK-CL: {{^ *}}const ulong t = (ulong)(0UL);
// CHECK-CL-NEXT: {{^ *}}if (t < i) {
// CHECK-CL-NEXT: {{^ *}}clpar_ok[[OK:[0-9]+]] = clpar_in_range(clpar_err, 2, (long)t, a_e0) &&
// CHECK-CL-NEXT: {{^ *}}clpar_in_range(clpar_err, 2, (long)0, a_e1);
// CHECK-CL: {{^ *}}const ulong t = (ulong)(i - 1);
// CHECK-CL: {{^ *}}if (clpar_ok[[OK]])
// CHECK-CL-NEXT: {{^ *}}for (ulong t = 0UL; t < i; ++t)
// CHECK-CL-NEXT: {{^ *}}s += a[a_off + ((clpar_idx)t * (clpar_idx)a_s0 + (clpar_idx)0 * CLPAR_INNER((clpar_idx)a_s1))];
