// Locals, if/else, inner serial loops and continue are translated into the kernel.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cl/clpar_count_10_3.cl
#include <clpar/clpar.hpp>

void count(clpar::view<const int> v, clpar::view<int> out, int limit) {
  // CHECK: {{^ *}}int limit)
  // CHECK: {{^ *}}ulong i = (ulong)(clpar_first0 + (long)clpar_k0 * clpar_step0);
  for (auto i : clpar::prange(out.size())) {
    int n = 0;
    if (v[i] < 0)
      continue;
    for (int k = 0; k < limit; ++k) {
      if (k == v[i])
        break;
      n += 2;
    }
    unsigned u = 3;
    while (u > 0) --u;
    do { ++n; } while (n < 1);
    out[i] = n;
  }
}
// CHECK-NEXT: {{^ *}}int n = 0;
// CHECK-NEXT: {{^ *}}if (v[{{.*}}] < 0)
// CHECK-NEXT: {{^ *}}return;
// CHECK-NEXT: {{^ *}}for (int k = 0; k < limit; ++k)
// CHECK-NEXT: {{^ *}}{
// CHECK-NEXT: {{^ *}}if (k == v[{{.*}}])
// CHECK-NEXT: {{^ *}}break;
// CHECK-NEXT: {{^ *}}n += 2;
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: {{^ *}}uint u = 3u;
// CHECK-NEXT: {{^ *}}while (u > 0u)
// CHECK-NEXT: {{^ *}}--u;
// CHECK-NEXT: {{^ *}}do
// CHECK: {{^ *}}while (n < 1);
