// std::invoke(f, args...) of a lambda is the call f(args...): translated alike, judged
// alike (error-outer-write-through-lambda.cpp), the lambda's captures read alike.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#include <functional>

template <class F>
void generate(clpar::view<float> v, const F &f) {
  for (auto i : clpar::prange(v.size()))
    v[i] = std::invoke(f, i);
}
// CHECK-DAG: invoke-lambda.cpp:11:3: remark: 1-D prange nest in 'generate<(lambda at {{.*}})>' offloaded: OpenCL kernel 'clpar_generate_11_3_lambda_{{[0-9a-f]+}}' calling 'lambda at line 29' and an OpenMP variant [-Rclpar]

void local(clpar::view<float> v, float a) {
  for (auto i : clpar::prange(v.size())) {
    auto scale = [a](float x) { return a * x; };
    v[i] = std::invoke(scale, v[i]);
  }
  // CHECK-DAG: invoke-lambda.cpp:[[@LINE-4]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_local_{{[0-9]+}}_3' calling 'lambda at line [[@LINE-3]]'
  const auto twice = [](auto x) { return 2 * x; };
  for (auto i : clpar::prange(v.size()))
    v[i] = std::invoke(twice, v[i]);
  // CHECK-DAG: invoke-lambda.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it calls a generic lambda, or one with default arguments, through std::invoke; the OpenMP variant is used [-Rclpar]
}

void use(clpar::view<float> v, float shift) {
  generate(v, [shift](std::size_t i) { return float(i) + shift; });
}
