// Arrays passed to functions: a `const float (&)[3]` or `const float (&)[2][2]`
// parameter, and a std::array one (by value or const reference) given an array the
// kernel holds (a local array, a table, a struct's array member, a row of an array of
// arrays), become one scalar parameter per element, copied into a private array of the
// parameter's name where the function starts.  A std::array parameter given a container
// from outside the loop stays a view.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_use_30_3.cl
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#include <array>

float dot3(const float (&a)[3], const float (&b)[3]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

float det2(const float (&m)[2][2]) { return m[0][0] * m[1][1] - m[0][1] * m[1][0]; }

float total(std::array<float, 2> v) {
  v[0] += v[1];
  return v[0];
}

constexpr float up[3] = {0, 0, 1};

struct frame { float m[2][2]; float n[3]; };

void use(clpar::view<float> out, const frame &f) {
  for (auto i : clpar::prange(out.size())) {
    float p[3] = {out[i], 1, 2};
    std::array<std::array<float, 2>, 2> q{};
    q[1][0] = out[i];
    out[i] = dot3(p, up) + dot3(f.n, p) + det2(f.m) + total(q[1]);
  }
}
// REMARK: array-params.cpp:30:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_use_30_3' calling 'dot3', 'det2', 'total' and an OpenMP variant [-Rclpar]
// CHECK-CL: float clpar_fn_dot3(__global int *clpar_err, float clpar_arg_a_0, float clpar_arg_a_1, float clpar_arg_a_2, float clpar_arg_b_0, float clpar_arg_b_1, float clpar_arg_b_2)
// CHECK-CL-NEXT: {
// CHECK-CL-NEXT: const float a[3] = {clpar_arg_a_0, clpar_arg_a_1, clpar_arg_a_2};
// CHECK-CL-NEXT: const float b[3] = {clpar_arg_b_0, clpar_arg_b_1, clpar_arg_b_2};
// CHECK-CL: float clpar_fn_det2(__global int *clpar_err, float clpar_arg_m_0, float clpar_arg_m_1, float clpar_arg_m_2, float clpar_arg_m_3)
// CHECK-CL-NEXT: {
// CHECK-CL-NEXT: const float m[4] = {clpar_arg_m_0, clpar_arg_m_1, clpar_arg_m_2, clpar_arg_m_3};
// CHECK-CL-NEXT: return (m[0L] * m[3L]) - (m[1L] * m[2L]);
// The by-value std::array is the function's own copy, which it may change.
// CHECK-CL: float clpar_fn_total(__global int *clpar_err, float clpar_arg_v_0, float clpar_arg_v_1)
// CHECK-CL-NEXT: {
// CHECK-CL-NEXT: float v[2] = {clpar_arg_v_0, clpar_arg_v_1};
// CHECK-CL: clpar_fn_dot3(clpar_err, p[0UL], p[1UL], p[2UL], clpar_table_up[0UL], clpar_table_up[1UL], clpar_table_up[2UL])
// CHECK-CL-SAME: clpar_fn_dot3(clpar_err, {{.*}}.n[0UL], {{.*}}.n[1UL], {{.*}}.n[2UL], p[0UL], p[1UL], p[2UL])
// CHECK-CL-SAME: clpar_fn_det2(clpar_err, {{.*}}.m[0UL], {{.*}}.m[1UL], {{.*}}.m[2UL], {{.*}}.m[3UL])
// CHECK-CL-SAME: clpar_fn_total(clpar_err, q[2L], q[3L])
