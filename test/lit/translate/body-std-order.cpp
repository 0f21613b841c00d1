// std::min, std::max and std::clamp in a kernel.  On floating point they keep C++'s
// definitions, where a NaN operand or a tie decides which argument comes back (min(a, b)
// is b < a ? b : a), unlike OpenCL's fmin/min: helpers clpar_std_*_<type> compute them.
// On integers (and bool) OpenCL's min, max and clamp give the same values.  The
// initializer-list forms fold from the left, as std::min_element and std::max_element
// do (the first of equal values).
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cl/clpar_order_36_3.cl
// RUN: %syntax-check-output
#include <algorithm>
#include <clpar/clpar.hpp>

// REMARK: body-std-order.cpp:36:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_order_36_3' and an OpenMP variant [-Rclpar]

// The helpers, with C++'s comparisons.
// CHECK: {{^}}#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// CHECK: {{^}}float clpar_std_min_float(float a, float b) { return (b < a) ? b : a; }
// CHECK-NEXT: {{^}}float clpar_std_max_float(float a, float b) { return (a < b) ? b : a; }
// CHECK-NEXT: {{^}}float clpar_std_clamp_float(float v, float lo, float hi) { return v < lo ? lo : (hi < v ? hi : v); }
// CHECK-NEXT: {{^}}double clpar_std_min_double(double a, double b) { return (b < a) ? b : a; }
// CHECK-NEXT: {{^}}double clpar_std_max_double(double a, double b) { return (a < b) ? b : a; }
// CHECK-NEXT: {{^}}double clpar_std_clamp_double(double v, double lo, double hi) { return v < lo ? lo : (hi < v ? hi : v); }

// CHECK: {{^}}__kernel void clpar_order_36_3(
// CHECK: {{^ *}}ulong i = (ulong)(clpar_first0 + (long)clpar_k0 * clpar_step0);
// CHECK-NEXT: {{^ *}}f[[F:\[f_off \+ \(\(clpar_idx\)i \* CLPAR_INNER\(\(clpar_idx\)f_s0\)\)\]]] = (clpar_std_max_float(f[[F]], 0.5f) + clpar_std_min_float(clpar_std_min_float(f[[F]], 2.0f), -1.0f)) + clpar_std_clamp_float(f[[F]], -1.0f, 1.0f);
// CHECK-NEXT: {{^ *}}d[[D:\[d_off \+ \(\(clpar_idx\)i \* CLPAR_INNER\(\(clpar_idx\)d_s0\)\)\]]] = (clpar_std_min_double(d[[D]], 1.0) + clpar_std_max_double(clpar_std_max_double(d[[D]], 0.0), 3.0)) + clpar_std_clamp_double(d[[D]], 0.0, 2.0);
// CHECK-NEXT: {{^ *}}k[[K:\[k_off \+ \(\(clpar_idx\)i \* CLPAR_INNER\(\(clpar_idx\)k_s0\)\)\]]] = (clamp(k[[K]], -5, 5) + min(min(k[[K]], 7), 9)) + max(k[[K]], 2);
// CHECK-NEXT: {{^ *}}u[[U:\[u_off \+ \(\(clpar_idx\)i \* CLPAR_INNER\(\(clpar_idx\)u_s0\)\)\]]] = min(u[[U]], 3u) + clamp(u[[U]], 1u, 10u);
// An explicit template argument converts the arguments; the mixed call computes in double.
// CHECK-NEXT: {{^ *}}f[[F]] += clpar_std_max_double((double)f[[F]], 0.25) + ((double)clpar_std_min_float(f[[F]], 4.0f));
// CHECK-NEXT: {{^ *}}l[[L:\[l_off \+ \(\(clpar_idx\)i \* CLPAR_INNER\(\(clpar_idx\)l_s0\)\)\]]] = max((long)k[[K]], 3L) + max(max(l[[L]], 0L), -7L);
// CHECK-NEXT: {{^ *}}b[[B:\[b_off \+ \(\(clpar_idx\)i \* CLPAR_INNER\(\(clpar_idx\)b_s0\)\)\]]] = (bool)max((uchar)b[[B]], (uchar)(k[[K]] > 0));
void order(clpar::view<float> f, clpar::view<double> d, clpar::view<int> k,
           clpar::view<unsigned> u, clpar::view<long> l, clpar::view<bool> b) {
  for (auto i : clpar::prange(f.size())) {
    f[i] = std::max(f[i], 0.5f) + std::min({f[i], 2.0f, -1.0f}) + std::clamp(f[i], -1.0f, 1.0f);
    d[i] = std::min(d[i], 1.0) + std::max({d[i], 0.0, 3.0}) + std::clamp(d[i], 0.0, 2.0);
    k[i] = std::clamp(k[i], -5, 5) + std::min({k[i], 7, 9}) + std::max(k[i], 2);
    u[i] = std::min(u[i], 3u) + std::clamp(u[i], 1u, 10u);
    f[i] += std::max<double>(f[i], 0.25) + std::min(f[i], 4.0f);
    l[i] = std::max<long>(k[i], 3) + std::max({l[i], 0L, -7L});
    b[i] = std::max(bool(b[i]), k[i] > 0);
  }
}
// No OpenCL fmin/fmax stands in for std::min/max.
// CHECK-NOT: fmin(
// CHECK-NOT: fmax(
