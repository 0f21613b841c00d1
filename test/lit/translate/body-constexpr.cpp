// Constant values in a kernel body: constexpr variables (of the loop's function and of the
// body) and constexpr function calls with constant arguments become literals, even where
// the function's body could not be translated (a range-based for); a constexpr or
// ordinary function called with run-time arguments is translated.  A kernel runs, so
// std::is_constant_evaluated() and __builtin_is_constant_evaluated() are false there,
// except where C++ itself evaluates them as constants (a constexpr or const variable's
// initializer, an if constexpr condition).  if constexpr keeps only the taken branch (the
// other may call what no kernel can).  A function template called from the body is
// translated once per instantiation, each with its own branch of its if constexpr.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cl/clpar_consts_57_3.cl
// RUN: %syntax-check-output
#include <array>
#include <type_traits>
#include <clpar/clpar.hpp>

// REMARK: body-constexpr.cpp:57:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_consts_57_3' calling 'mix', 'square', 'twice', 'mix', 'mix' and an OpenMP variant [-Rclpar]

constexpr int square(int x) { return x * x; }
constexpr double scale = 0.25;
int twice(int x) { return 2 * x; }
constexpr std::array<int, 4> weights = {1, 2, 3, 4};
constexpr int total() {
  int s = 0;
  for (int w : weights)
    s += w;
  return s;
}
float opaque(float); // no body: no kernel could call it

template <class T>
T mix(T a, T b) {
  if (std::is_constant_evaluated())
    return a;
  if constexpr (std::is_floating_point_v<T>)
    return a * T(0.5) + b * T(0.5);
  else
    return (a + b) / 2;
}

constexpr int pick() {
  if (std::is_constant_evaluated())
    return 7;
  return 3;
}

// CHECK: {{^}}int clpar_fn_mix(__global int *clpar_err, int a, int b)
// CHECK-NEXT: {{^}}{
// CHECK-NEXT: {{^ *}}if (false)
// CHECK-NEXT: {{^ *}}return a;
// CHECK-NEXT: {{^ *}}return (a + b) / 2;
// CHECK-NEXT: {{^}}}
// CHECK: {{^}}int clpar_fn_square(__global int *clpar_err, int x)
// CHECK: {{^}}int clpar_fn_twice(__global int *clpar_err, int x)
void consts(clpar::view<int> k, clpar::view<float> f, clpar::view<double> d) {
  constexpr int limit = square(6) + 1;
  for (auto i : clpar::prange(k.size())) {
    constexpr int inner = square(3);
    const int p = pick(); // a constant expression: is_constant_evaluated() is true
    int q = pick();       // evaluated at run time: false
    bool ce = std::is_constant_evaluated() || __builtin_is_constant_evaluated();
    if constexpr (std::is_constant_evaluated()) // always true
      q += 100;
    else
      q += 200;
    if (__builtin_expect(k[i] > limit, 0))
      k[i] = limit;
    k[i] = mix(k[i], inner) + square(k[i]) + twice(p) + q + ce + total();
    if constexpr (sizeof(float) == 8)
      f[i] = opaque(f[i]);
    else
      f[i] = mix(f[i], 1.0f);
    d[i] = mix(d[i], scale);
  }
}
// CHECK: {{^}}float clpar_fn_mix_2(__global int *clpar_err, float a, float b)
// CHECK-NEXT: {{^}}{
// CHECK-NEXT: {{^ *}}if (false)
// CHECK-NEXT: {{^ *}}return a;
// CHECK-NEXT: {{^ *}}return (a * ((float)0.5)) + (b * ((float)0.5));
// CHECK-NEXT: {{^}}}
// CHECK: {{^}}double clpar_fn_mix_3(__global int *clpar_err, double a, double b)
// CHECK-NEXT: {{^}}{
// CHECK-NEXT: {{^ *}}if (false)
// CHECK-NEXT: {{^ *}}return a;
// CHECK-NEXT: {{^ *}}return (a * 0.5) + (b * 0.5);
// CHECK-NEXT: {{^}}}

// CHECK: {{^}}__kernel void clpar_consts_57_3(
// CHECK: {{^ *}}ulong i = (ulong)(clpar_first0 + (long)clpar_k0 * clpar_step0);
// CHECK-NEXT: {{^ *}}const int inner = 9;
// CHECK-NEXT: {{^ *}}const int p = 7;
// CHECK-NEXT: {{^ *}}int q = 3;
// CHECK-NEXT: {{^ *}}bool ce = false || false;
// CHECK-NEXT: {{^ *}}q += 100;
// __builtin_expect(e, c) is e.
// CHECK-NEXT: {{^ *}}if ((bool)((long)(k[{{[^]]*}}] > 37)))
// CHECK-NEXT: {{^ *}}k[{{[^]]*}}] = 37;
// CHECK-NEXT: {{^ *}}k[[K:\[k_off \+ \(\(clpar_idx\)i \* CLPAR_INNER\(\(clpar_idx\)k_s0\)\)\]]] = ((((clpar_fn_mix(clpar_err, k[[K]], inner) + clpar_fn_square(clpar_err, k[[K]])) + clpar_fn_twice(clpar_err, p)) + q) + ((int)ce)) + 10;
// CHECK-NEXT: {{^ *}}f[[F:\[f_off \+ \(\(clpar_idx\)i \* CLPAR_INNER\(\(clpar_idx\)f_s0\)\)\]]] = clpar_fn_mix_2(clpar_err, f[[F]], 1.0f);
// CHECK-NEXT: {{^ *}}d[[D:\[d_off \+ \(\(clpar_idx\)i \* CLPAR_INNER\(\(clpar_idx\)d_s0\)\)\]]] = clpar_fn_mix_3(clpar_err, d[[D]], 0.25);
// CHECK-NEXT: {{^}}}
// CHECK-NOT: opaque
