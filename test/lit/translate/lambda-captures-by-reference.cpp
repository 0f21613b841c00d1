// Lambdas in kernels that change what they capture by reference, and lambdas passed to
// functions and lambdas.  A variable captured by reference that the lambda changes is
// passed by address (as a non-const reference parameter is); one it only reads, by value.
// A lambda without captures is a stateless object: passed as an argument it passes nothing.
// A lambda captured by another passes nothing either: calling it passes what it captures
// (the other passes those on, as the called one captures them).  A mutable lambda's copy
// is its own.
// RUN: rm -rf %t.cl && %translate -Rclpar --keep-generated=%t.cl %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=ACCUM < %t.cl/clpar_accumulate_23_3.cl
// RUN: FileCheck %s --check-prefix=RECORD < %t.cl/clpar_record_38_3.cl
// RUN: FileCheck %s --check-prefix=NESTED < %t.cl/clpar_nested_52_3.cl
// RUN: FileCheck %s --check-prefix=THROUGH < %t.cl/clpar_through_72_3.cl
// RUN: FileCheck %s --check-prefix=PASSED < %t.cl/clpar_passed_90_3.cl
#include <clpar/clpar.hpp>

struct sums {
  float s;
  int n;
};

void accumulate(clpar::view<float> out, float k) {
  for (auto i : clpar::prange(out.size())) {
    float s = 0, base = float(i);
    auto add = [&](float v) { s += v * k + base; };
    for (int j = 0; j < 3; ++j)
      add(float(j));
    out[i] = s;
  }
}
// REMARK-DAG: lambda-captures-by-reference.cpp:23:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_accumulate_23_3' calling 'lambda at line 25' and an OpenMP variant [-Rclpar]
// ACCUM: {{^}}void clpar_fn_lambda(__global int *clpar_err, float v, float *s, float k, float base)
// ACCUM-NEXT: {
// ACCUM-NEXT: (*s) += (v * k) + base;
// ACCUM: clpar_fn_lambda(clpar_err, (float)j, &s, k, base);

void record(clpar::view<float> out) {
  for (auto i : clpar::prange(out.size())) {
    sums a{0, 0};
    auto add = [&a](float v) { a.s += v; a.n += 1; };
    add(float(i));
    add(2.0f);
    out[i] = a.s / float(a.n);
  }
}
// REMARK-DAG: lambda-captures-by-reference.cpp:38:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_record_38_3' calling 'lambda at line 40' and an OpenMP variant [-Rclpar]
// RECORD: {{^}}void clpar_fn_lambda(__global int *clpar_err, float v, clpar_rec_sums *a)
// RECORD: (*a).s += v;
// RECORD: clpar_fn_lambda(clpar_err, (float)i, &a);

void nested(clpar::view<float> out) {
  for (auto i : clpar::prange(out.size())) {
    float s = 0;
    auto inner = [&s](float v) { s = s * 0.5f + v; };
    auto outer = [&s, &inner](float v) {
      inner(v);
      inner(v + 1);
      s += 1;
    };
    outer(float(i));
    out[i] = s;
  }
}
// REMARK-DAG: lambda-captures-by-reference.cpp:52:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_nested_52_3' calling 'lambda at line 54', 'lambda at line 55' and an OpenMP variant [-Rclpar]
// NESTED: {{^}}void clpar_fn_lambda_2(__global int *clpar_err, float v, float *s)
// NESTED-NEXT: {
// NESTED-NEXT: clpar_fn_lambda(clpar_err, v, &(*s));

// `around` names only `widen`: it captures that, and calling it passes what `widen`
// captures (by reference, as `widen` does).
void through(clpar::view<float> out) {
  for (auto i : clpar::prange(out.size())) {
    float lo = out[i], hi = out[i];
    auto widen = [&](float v) { lo = v < lo ? v : lo; hi = v > hi ? v : hi; };
    auto around = [&](float v) { widen(v - 1); widen(v + 1); };
    around(out[i]);
    out[i] = hi - lo;
  }
}
// REMARK-DAG: lambda-captures-by-reference.cpp:72:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_through_72_3' calling 'lambda at line 74', 'lambda at line 75' and an OpenMP variant [-Rclpar]
// THROUGH: {{^}}void clpar_fn_lambda_2(__global int *clpar_err, float v, float *lo, float *hi)
// THROUGH-NEXT: {
// THROUGH-NEXT: clpar_fn_lambda(clpar_err, v - 1.0f, &(*lo), &(*hi));

template <class F> float twice(F f, float x) { return f(f(x)); }

void passed(clpar::view<float> out) {
  auto square = [](float x) { return x * x; };
  auto apply = [](auto f, auto x) { return f(x) + 1; };
  for (auto i : clpar::prange(out.size()))
    out[i] = twice(square, out[i]) + apply(square, float(i));
}
// REMARK-DAG: lambda-captures-by-reference.cpp:90:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_passed_90_3' calling 'lambda at line 88', 'twice', 'lambda at line 89' and an OpenMP variant [-Rclpar]
// PASSED: {{^}}float clpar_fn_twice(__global int *clpar_err, float x)
// PASSED-NEXT: {
// PASSED-NEXT: return clpar_fn_lambda(clpar_err, clpar_fn_lambda(clpar_err, x));

// A mutable lambda declared in the loop changes its closure's copy of what it captures by
// copy, made in each iteration: not a write to the outer variable (the kernels do not hold
// such a copy: OpenMP).
void copies(clpar::view<float> out) {
  float base = 1.0f;
  for (auto i : clpar::prange(out.size())) {
    auto next = [base]() mutable {
      base += 1.0f;
      return base;
    };
    out[i] = next() + next();
  }
}
// REMARK-DAG: lambda-captures-by-reference.cpp:[[@LINE-6]]:12: remark: prange loop not offloaded to OpenCL: it assigns to a variable a lambda captured; the OpenMP variant is used [-Rclpar]
