// <cmath> functions on integer arguments compute in double, as C++'s overloads for
// integer types do (std::sqrt(int) is std::sqrt(double(int))); a float argument mixed
// with an integer one promotes both to double (std::pow(float, int) is a double).
// lround and friends are round (or rint) converted; the classification functions
// (isnan, signbit, ...) give bool; std::abs of an int stays an int.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cl/clpar_ints_27_3.cl
// RUN: %syntax-check-output
#include <cmath>
#include <cstdlib>
#include <clpar/clpar.hpp>

// REMARK: body-cmath-integers.cpp:27:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_ints_27_3' and an OpenMP variant [-Rclpar]

// CHECK: {{^}}#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// CHECK: {{^}}__kernel void clpar_ints_27_3(
// CHECK: {{^ *}}ulong i = (ulong)(clpar_first0 + (long)clpar_k0 * clpar_step0);
// CHECK-NEXT: {{^ *}}d[[D:\[d_off \+ \(\(clpar_idx\)i \* CLPAR_INNER\(\(clpar_idx\)d_s0\)\)\]]] = (((sqrt((double)k[[K:\[k_off \+ \(\(clpar_idx\)i \* CLPAR_INNER\(\(clpar_idx\)k_s0\)\)\]]]) + exp((double)k[[K]])) + pow((double)k[[K]], 2.0)) + pow((double)2.0f, (double)k[[K]])) + floor((double)k[[K]]);
// CHECK-NEXT: {{^ *}}f[[F:\[f_off \+ \(\(clpar_idx\)i \* CLPAR_INNER\(\(clpar_idx\)f_s0\)\)\]]] = (float)((((double)sqrt(f[[F]])) + pow((double)f[[F]], 2.0)) + ((double)hypot(f[[F]], 1.0f)));
// CHECK-NEXT: {{^ *}}l[[L:\[l_off \+ \(\(clpar_idx\)i \* CLPAR_INNER\(\(clpar_idx\)l_s0\)\)\]]] = (((long)round(((double)k[[K]]) / 3.0)) + ((long)round(f[[F]]))) + ((long)round((double)k[[K]]));
// CHECK-NEXT: {{^ *}}l[[L]] += ((long)rint((double)q[[Q:\[q_off \+ \(\(clpar_idx\)i \* CLPAR_INNER\(\(clpar_idx\)q_s0\)\)\]]])) + ((long)round((double)q[[Q]]));
// CHECK-NEXT: {{^ *}}b[[B:\[b_off \+ \(\(clpar_idx\)i \* CLPAR_INNER\(\(clpar_idx\)b_s0\)\)\]]] = (((int)((bool)isnan(f[[F]]))) + (2 * ((int)((bool)signbit({{.*}}k[[K]]))))) + (4 * ((int)((bool)isinf(d[[D]]))));
// CHECK-NEXT: {{^ *}}d[[D]] += ((atan2((double)k[[K]], 3.0) + cbrt((double)k[[K]])) + fmod((double)k[[K]], 7.0)) + log((double)(((int)abs(k[[K]])) + 1));
// CHECK-NEXT: {{^ *}}d[[D]] += ((fabs((double)q[[Q]]) + ldexp((double)k[[K]], 3)) + fmax((double)k[[K]], (double)0.5f)) + sqrt((double)s[[S:\[s_off \+ \(\(clpar_idx\)i \* CLPAR_INNER\(\(clpar_idx\)s_s0\)\)\]]]);
void ints(clpar::view<const int> k, clpar::view<const long long> q, clpar::view<const short> s,
          clpar::view<double> d, clpar::view<float> f, clpar::view<long> l, clpar::view<int> b) {
  for (auto i : clpar::prange(k.size())) {
    d[i] = std::sqrt(k[i]) + std::exp(k[i]) + std::pow(k[i], 2) + std::pow(2.0f, k[i]) + std::floor(k[i]);
    f[i] = std::sqrt(f[i]) + std::pow(f[i], 2) + std::hypot(f[i], 1.0f);
    l[i] = std::lround(k[i] / 3.0) + std::lround(f[i]) + std::lround(k[i]);
    l[i] += std::llrint(q[i]) + std::llround(q[i]);
    b[i] = std::isnan(f[i]) + 2 * std::signbit(k[i]) + 4 * std::isinf(d[i]);
    d[i] += std::atan2(k[i], 3) + std::cbrt(k[i]) + std::fmod(k[i], 7) + std::log(std::abs(k[i]) + 1);
    d[i] += std::fabs(q[i]) + std::ldexp(k[i], 3) + std::fmax(k[i], 0.5f) + std::sqrt(s[i]);
  }
}
