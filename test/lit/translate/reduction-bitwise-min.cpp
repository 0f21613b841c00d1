// Integer reductions of every kind get their identity and combining operation.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cl/clpar_f_10_3.cl
#include <algorithm>
#include <clpar/clpar.hpp>

long f(clpar::view<const int> v) {
  int a = -1, o = 0, x = 0, lo = 1 << 30, p = 1; long d = 0;
  for (auto i : clpar::prange(v.size())) {
    a &= v[i];
    o |= v[i];
    x ^= v[i];
    lo = std::min(lo, v[i]);
    p *= 1 + (v[i] & 1);
    d -= v[i];
  }
  return a + o + x + lo + p + d;
}
// CHECK: {{^ *}}int clpar_acc_a = (int)~(int)0;
// CHECK-NEXT: {{^ *}}int clpar_acc_o = (int)0;
// CHECK-NEXT: {{^ *}}int clpar_acc_x = (int)0;
// CHECK-NEXT: {{^ *}}int clpar_acc_lo = (int)INT_MAX;
// CHECK-NEXT: {{^ *}}int clpar_acc_p = (int)1;
// CHECK-NEXT: {{^ *}}long clpar_acc_d = (long)0;
// CHECK: {{^ *}}clpar_acc_lo = min(clpar_acc_lo, v[
// CHECK: {{^ *}}clpar_acc_d -= (long)v[
// CHECK: {{^ *}}clpar_scratch0[clpar_lid] = clpar_scratch0[clpar_lid] & clpar_scratch0[clpar_lid + clpar_s];
// CHECK: {{^ *}}clpar_scratch3[clpar_lid] = (clpar_scratch3[clpar_lid + clpar_s] < clpar_scratch3[clpar_lid]) ? clpar_scratch3[clpar_lid + clpar_s] : clpar_scratch3[clpar_lid];
// CHECK: {{^ *}}clpar_scratch5[clpar_lid] = clpar_scratch5[clpar_lid] + clpar_scratch5[clpar_lid + clpar_s];
