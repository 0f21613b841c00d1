// prange(...).unchecked() and --no-bounds-check drop the kernel's bounds checks.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cl/clpar_f_9_3.cl
// RUN: rm -rf %t.nb && %clpar-translate %s -o %t.nb.cpp --no-bounds-check --keep-generated=%t.nb %flags
// RUN: FileCheck %s < %t.nb/clpar_f_9_3.cl
#include <clpar/clpar.hpp>
void f(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()).unchecked())
    v[i] = 2.0f * v[i];
}
// CHECK-NOT: clpar_checked
// CHECK: {{^ *}}clpar_value[clpar_j] = 2.0f * v[v_off + ((clpar_idx)i * CLPAR_INNER((clpar_idx)v_s0))];
