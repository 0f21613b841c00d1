// Every operator family of SPEC 1.2 in a fused slice kernel: arithmetic, comparison and
// logical, bitwise and shifts, math functions, where and cast.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=ARITH < %t.cl/clpar_slice_13_3.cl
// RUN: FileCheck %s --check-prefix=LOGIC < %t.cl/clpar_slice_14_3.cl
// RUN: FileCheck %s --check-prefix=BITS < %t.cl/clpar_slice_15_3.cl
// RUN: FileCheck %s --check-prefix=MATH < %t.cl/clpar_slice_16_3.cl
#include <clpar/clpar.hpp>

void f(clpar::view<float> x, clpar::view<const float> y, clpar::view<int> k,
       clpar::view<const int> j) {
  x[clpar::all] = -x * y / 3.0f - (y + 1.0f);
  k[clpar::all] = clpar::cast<int>((x > y) && !(j == 2) || (j <= 0));
  k[clpar::all] = (j % 7 & 3 | j ^ 5) << 2 >> 1 ^ ~j;
  x[clpar::all] = clpar::where(y > 0.0f, clpar::sqrt(y) + clpar::fma(y, y, 1.0f), clpar::abs(y)) +
                  clpar::min(x, y) + clpar::cast<float>(clpar::abs(j));
}
// ARITH: {{^ *}}clpar_dst[{{[^]]*}}] = (((-clpar_v1[{{[^]]*}}]) * clpar_v2[{{[^]]*}}]) / clpar_s0) - (clpar_v3[{{[^]]*}}] + clpar_s1);
// LOGIC: {{^ *}}clpar_dst[{{[^]]*}}] = (int)(((clpar_v1[{{[^]]*}}] > clpar_v2[{{[^]]*}}]) && (!(clpar_v3[{{[^]]*}}] == clpar_s0))) || (clpar_v4[{{[^]]*}}] <= clpar_s1));
// BITS: {{^ *}}clpar_dst[{{[^]]*}}] = (((((clpar_v1[{{[^]]*}}] % clpar_s0) & clpar_s1) | (clpar_v2[{{[^]]*}}] ^ clpar_s2)) << clpar_s3) >> clpar_s4) ^ (~clpar_v3[{{[^]]*}}]);
// MATH: {{^ *}}clpar_dst[{{[^]]*}}] = (((clpar_v1[{{[^]]*}}] > clpar_s0) ? (sqrt(clpar_v2[{{[^]]*}}]) + fma(clpar_v3[{{[^]]*}}], clpar_v4[{{[^]]*}}], clpar_s1)) : fabs(clpar_v5[{{[^]]*}}])) + clpar_std_min_float(clpar_v6[{{[^]]*}}], clpar_v7[{{[^]]*}}])) + ((float)((int)abs(clpar_v8[{{[^]]*}}])));
