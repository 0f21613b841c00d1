// std::invoke(f, args...) is the call f(args...) for a lambda (a generic one too), a
// function object or a function the call names: translated alike, judged alike
// (error-outer-write-through-lambda.cpp, error-outer-write-through-call.cpp), a lambda's
// captures read alike.  What the call does not show (a pointer to a member, a function
// pointer held in a variable) keeps the loop on OpenMP.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#include <functional>

struct Ramp {
  float step;
  float operator()(std::size_t i) const { return step * float(i); }
};
struct Next {
  int operator()(int a) { return a + 1; } // non-const: called on a copy made in the loop
};
float twice(float x) { return 2 * x; }
struct Shifted {
  float operator()(float x, float by = 1) const { return x + by; }
};
struct Point {
  float x;
  float norm() const { return x < 0 ? -x : x; }
};

template <class F>
void generate(clpar::view<float> v, const F &f) {
  for (auto i : clpar::prange(v.size()))
    v[i] = std::invoke(f, i);
}
// CHECK-DAG: invoke.cpp:30:3: remark: 1-D prange nest in 'generate<(lambda at {{.*}})>' offloaded: OpenCL kernel 'clpar_generate_30_3_lambda_{{[0-9a-f]+}}' calling 'lambda at line 65' and an OpenMP variant [-Rclpar]
// CHECK-DAG: invoke.cpp:30:3: remark: 1-D prange nest in 'generate<Ramp>' offloaded: OpenCL kernel 'clpar_generate_30_3_Ramp' calling 'Ramp::operator()' and an OpenMP variant [-Rclpar]

void local(clpar::view<float> v, float a, Ramp r) {
  for (auto i : clpar::prange(v.size())) {
    auto scale = [a](float x) { return a * x; };
    v[i] = std::invoke(scale, v[i]);
  }
  // CHECK-DAG: invoke.cpp:[[@LINE-4]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_local_{{[0-9]+}}_3' calling 'lambda at line [[@LINE-3]]'
  const auto square = [](auto x) { return x * x; };
  for (auto i : clpar::prange(v.size()))
    v[i] = std::invoke(square, v[i]) + float(std::invoke(square, int(i)));
  // CHECK-DAG: invoke.cpp:[[@LINE-2]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_local_{{[0-9]+}}_3' calling 'lambda at line [[@LINE-3]]', 'lambda at line [[@LINE-3]]' and an OpenMP variant
  for (auto i : clpar::prange(v.size()))
    v[i] = std::invoke(r, i) + float(std::invoke(Next{}, int(i))) + std::invoke(twice, a) +
           std::invoke(&twice, v[i]);
  // CHECK-DAG: invoke.cpp:[[@LINE-3]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_local_{{[0-9]+}}_3' calling 'Ramp::operator()', 'Next::operator()', 'twice' and an OpenMP variant
}

void refused(clpar::view<float> v, float (*f)(float)) {
  for (auto i : clpar::prange(v.size()))
    v[i] = std::invoke(f, v[i]);
  // CHECK-DAG: invoke.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it calls through std::invoke a pointer to a member or a function pointer held in a variable; the OpenMP variant is used [-Rclpar]
  for (auto i : clpar::prange(v.size()))
    v[i] = std::invoke(&Point::norm, Point{v[i]});
  // CHECK-DAG: invoke.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it calls through std::invoke a pointer to a member or a function pointer held in a variable; the OpenMP variant is used [-Rclpar]
  for (auto i : clpar::prange(v.size()))
    v[i] = std::invoke(Shifted{}, v[i]);
  // CHECK-DAG: invoke.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it calls 'Shifted::operator()' through std::invoke leaving a default argument out; the OpenMP variant is used [-Rclpar]
}

void use(clpar::view<float> v, float shift) {
  generate(v, [shift](std::size_t i) { return float(i) + shift; });
  generate(v, Ramp{shift});
}
