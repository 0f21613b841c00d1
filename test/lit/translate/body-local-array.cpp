// Arrays in a kernel body.  A std::array<T, N> or T[N] of arithmetic T declared in the
// body (or in a called function) is a private array of the work-item: element access
// (checked against N unless the index is a constant below N), size() (a literal),
// front(), back(); a braced list initializes it and what the list leaves out is zero.  A constexpr array, or a const one of static
// storage, read by the body is a __constant table of the kernel's program,
// clpar_table_<name>, with every element (the list's missing ones zero); bool tables are
// stored as uchar.  A table read by a function template gets one table per instantiation.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cl/clpar_smooth_40_3.cl
// RUN: %syntax-check-output
#include <array>
#include <clpar/clpar.hpp>

// REMARK: body-local-array.cpp:40:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_smooth_40_3' calling 'poly', 'poly' and an OpenMP variant [-Rclpar]

constexpr std::array<int, 5> weights = {1, 4, 6, 4, 1};
constexpr float gains[4] = {0.5f, 1.0f, 1.5f};
static const double offsets[3] = {0.125, 0.25, 0.5};
constexpr bool odd[4] = {false, true, false, true};
int unused_global_table[2] = {1, 2}; // not constant: no table (and not read)

template <class T>
T poly(T x) {
  constexpr T coeffs[3] = {T(1), T(2), T(3)};
  return coeffs[0] + x * (coeffs[1] + x * coeffs[2]);
}

// CHECK: {{^}}__constant int clpar_table_weights[5] = {1, 4, 6, 4, 1};
// CHECK-DAG: {{^}}__constant float clpar_table_gains[4] = {0.5f, 1.0f, 1.5f, 0.0f};
// CHECK-DAG: {{^}}__constant double clpar_table_offsets[3] = {0.125, 0.25, 0.5};
// CHECK-DAG: {{^}}__constant uchar clpar_table_odd[4] = {(uchar)0, (uchar)1, (uchar)0, (uchar)1};
// CHECK-DAG: {{^}}__constant int [[INT_TABLE:clpar_table_coeffs(_2)?]][3] = {1, 2, 3};
// CHECK-DAG: {{^}}__constant float [[FLOAT_TABLE:clpar_table_coeffs(_2)?]][3] = {1.0f, 2.0f, 3.0f};
// CHECK: {{^}}float [[FLOAT_POLY:clpar_fn_poly(_2)?]](__global int *clpar_err, float x)
// CHECK: return [[FLOAT_TABLE]][0] + (x * ([[FLOAT_TABLE]][
// CHECK: {{^}}int [[INT_POLY:clpar_fn_poly(_2)?]](__global int *clpar_err, int x)
// CHECK: return [[INT_TABLE]][0] + (x * ([[INT_TABLE]][
void smooth(clpar::view<const float> in, clpar::view<float> out, clpar::view<double> d,
            clpar::view<int> k) {
  for (auto i : clpar::prange(out.size())) {
    std::array<float, 5> w{1.0f, 2.0f};
    int hist[4] = {};
    std::array<int, 3> cnt = {{int(i), 2}};
    float acc = 0.0f;
    for (std::size_t t = 0; t < w.size(); ++t) {
      w[t] += float(weights[t]) * in[i];
      acc += w[t];
      hist[t % 4] += weights[t];
    }
    cnt.front() += 1;
    cnt.back() = cnt[0] * 2;
    out[i] = acc + w.front() + w.back() + gains[i % 4] + float(hist[0] + hist[3]) +
             float(weights.size()) + poly(out[i]);
    d[i] = offsets[i % 3];
    k[i] = cnt[1] + odd[i % 4] + poly(k[i]);
  }
}
// CHECK: {{^}}__kernel void clpar_smooth_40_3(
// CHECK: {{^ *}}ulong i = (ulong)(clpar_first0 + (long)clpar_k0 * clpar_step0);
// CHECK-NEXT: {{^ *}}float w[5] = {1.0f, 2.0f};
// CHECK-NEXT: {{^ *}}int hist[4] = {0};
// CHECK-NEXT: {{^ *}}int cnt[3] = {(int)i, 2};
// CHECK-NEXT: {{^ *}}float acc = 0.0f;
// size() is the literal 5.
// CHECK-NEXT: {{^ *}}for (ulong t = 0UL; t < 5UL; ++t)
// CHECK-NEXT: {{^ *}}{
// CHECK-NEXT: {{^ *}}w[clpar_checked(clpar_err, {{[0-9]+}}, (long)t, 5UL)] += ((float)clpar_table_weights[clpar_checked(clpar_err, {{[0-9]+}}, (long)t, 5UL)]) * in[
// CHECK-NEXT: {{^ *}}acc += w[clpar_checked(clpar_err, {{[0-9]+}}, (long)t, 5UL)];
// CHECK-NEXT: {{^ *}}hist[clpar_checked(clpar_err, {{[0-9]+}}, (long)(t % 4UL), 4UL)] += clpar_table_weights[clpar_checked(clpar_err, {{[0-9]+}}, (long)t, 5UL)];
// CHECK-NEXT: {{^ *}}}
// front() and back() are elements 0 and N - 1, also as assignment targets.
// CHECK-NEXT: {{^ *}}cnt[0UL] += 1;
// CHECK-NEXT: {{^ *}}cnt[2UL] = cnt[0UL] * 2;
// CHECK-NEXT: {{^ *}}out[{{.*}}] = (((((acc + w[0UL]) + w[4UL]) + clpar_table_gains[clpar_checked(clpar_err, {{[0-9]+}}, (long)(i % 4UL), 4UL)]) + ((float)(hist[0] + hist[3]))) + 5.0f) + [[FLOAT_POLY]](clpar_err, out[
// CHECK-NEXT: {{^ *}}d[{{.*}}] = clpar_table_offsets[clpar_checked(clpar_err, {{[0-9]+}}, (long)(i % 3UL), 3UL)];
// CHECK-NEXT: {{^ *}}k[{{.*}}] = (cnt[1UL] + ((int)((bool)clpar_table_odd[clpar_checked(clpar_err, {{[0-9]+}}, (long)(i % 4UL), 4UL)]))) + [[INT_POLY]](clpar_err, k[
// CHECK-NEXT: {{^}}}
// CHECK-NOT: unused_global_table
