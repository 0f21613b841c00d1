// A lambda written in a generic lambda is one text for a closure type per
// specialization of the generic lambda's call operator: its wrapping names the types of
// the `auto` parameters (`decltype(x)`), and each instantiation's condition compares
// them.  A std::vector captured by copy is copied by the wrapper too, and the stub reads
// that copy.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=CHECK-OUT < %t.cpp
#include <clpar/clpar.hpp>

#include <vector>

template <class T, class F>
void transform(clpar::view<T> v, F f) {
  for (auto i : clpar::prange(v.size()))
    v[i] = f(v[i]);
}
// CHECK-DAG: closure-in-generic-lambda.cpp:15:3: remark: 1-D prange nest in 'transform<float, (lambda at {{.*}}:30:21)>' offloaded: OpenCL kernel 'clpar_transform_15_3_float_lambda_{{[0-9a-f]+}}_{{[a-z0-9_]+}}' calling 'lambda at line 30'
// CHECK-DAG: closure-in-generic-lambda.cpp:15:3: remark: 1-D prange nest in 'transform<int, (lambda at {{.*}}:30:21)>' offloaded: OpenCL kernel 'clpar_transform_15_3_int_lambda_{{[0-9a-f]+}}_{{[a-z0-9_]+}}' calling 'lambda at line 30'
// CHECK-DAG: closure-in-generic-lambda.cpp:15:3: remark: 1-D prange nest in 'transform<float, (lambda at {{.*}}:35:16)>' offloaded: OpenCL kernel 'clpar_transform_15_3_float_lambda_{{[0-9a-f]+}}' calling 'lambda at line 35'
// (In a function with an `auto...` pack, no wrapping: the chain's last branch.)
// CHECK-DAG: closure-in-generic-lambda.cpp:15:3: remark: 1-D prange nest in 'transform<float, (lambda at {{.*}}:37:21)>' offloaded: OpenCL kernel 'clpar_transform_15_3_u{{[0-9a-f]+}}' calling 'lambda at line 37'
// CHECK-OUT: if constexpr (std::is_same_v<T, float> && ((::clpar::rt::closure_key_v<F> == 0x{{[0-9a-f]+}}ULL) && std::is_same_v<::clpar::rt::closure_context_t<F>, ::clpar::rt::type_list<clpar::view<float, 1>, float>>))
// CHECK-OUT: if constexpr (std::is_same_v<T, int> && ((::clpar::rt::closure_key_v<F> == 0x{{[0-9a-f]+}}ULL) && std::is_same_v<::clpar::rt::closure_context_t<F>, ::clpar::rt::type_list<clpar::view<int, 1>, int>>))
// CHECK-OUT: ::clpar::rt::tag_closure<0x{{[0-9a-f]+}}ULL, ::clpar::rt::type_list<decltype(view), decltype(by)>>([by](auto x) { return x + decltype(x)(by); }, by)
// CHECK-OUT: ::clpar::rt::tag_closure<0x{{[0-9a-f]+}}ULL>([taps](float x) { return x * taps[1]; }, taps)

void run(clpar::view<float> a, clpar::view<int> b) {
  const auto offset_all = [](auto view, auto by) {
    transform(view, [by](auto x) { return x + decltype(x)(by); });
  };
  offset_all(a, 1.5f);
  offset_all(b, 3);
  std::vector<float> taps{0.5f, 2.0f};
  transform(a, [taps](float x) { return x * taps[1]; });
  const auto packed = [](auto view, auto... by) {
    transform(view, [](float x) { return x + 1; });
  };
  packed(a, 1, 2);
}
