// A lambda's closure type, a template argument of a loop's instantiation, is named by
// the tag the translator gives the lambda where it is written (Analysis/ClosureTags):
// each instantiation gets its branch and kernel, and the stub reads the lambda's
// captures from the closure (clpar/rt/instantiation.hpp).
// RUN: rm -rf %t.cl && %translate -Rclpar --keep-generated=%t.cl %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=CHECK-OUT < %t.cpp
#include <clpar/clpar.hpp>

#include <array>
#include <utility>
#include <vector>

template <class F>
void apply(clpar::view<float> v, F f) {
  for (auto i : clpar::prange(v.size()))
    v[i] = f(v[i]);
}
// CHECK-DAG: template-closure-argument.cpp:16:3: remark: 1-D prange nest in 'apply<(lambda at {{.*}}template-closure-argument.cpp:53:12)>' offloaded: OpenCL kernel 'clpar_apply_16_3_lambda_{{[0-9a-f]+}}' calling 'lambda at line 53' and an OpenMP variant [-Rclpar]
// CHECK-DAG: template-closure-argument.cpp:16:3: remark: 1-D prange nest in 'apply<(lambda at {{.*}}:54:12)>' offloaded
// CHECK-DAG: template-closure-argument.cpp:16:3: remark: 1-D prange nest in 'apply<(lambda at {{.*}}:55:12)>' offloaded
// CHECK-OUT: if constexpr ((::clpar::rt::closure_key_v<F> == 0x{{[0-9a-f]+}}ULL))
// CHECK-OUT: ::clpar::rt::closure_capture<0>(f)

// A forwarding reference, the closure passed on by std::forward; captures by reference.
template <class F>
void for_index(long n, F &&f) {
  for (auto i : clpar::prange(n))
    std::forward<F>(f)(i);
}
// CHECK-DAG: template-closure-argument.cpp:28:3: remark: 1-D prange nest in 'for_index<(lambda at {{.*}})>' offloaded
// CHECK-OUT: ::clpar::rt::closure_key_v<F> == 0x{{[0-9a-f]+}}ULL
// CHECK-OUT: std::forward<F>(f)(i);

// The closure a member of a class template.
template <class F>
struct mapper {
  F f_;
  void run(clpar::view<float> v) {
    for (auto i : clpar::prange(v.size()))
      v[i] = f_(v[i]);
  }
};
// CHECK-DAG: template-closure-argument.cpp:40:5: remark: 1-D prange nest in 'mapper<(lambda at {{.*}})>::run' offloaded
// CHECK-OUT: ::clpar::rt::closure_capture<0>(this->f_)

// A lambda made by a function: its captures are the function's parameters.
auto make_scaler(float s) { return [s](float x) { return s * x; }; }
// CHECK-OUT: auto make_scaler(float s) { return ::clpar::rt::tag_closure<0x{{[0-9a-f]+}}ULL>([s](float x) { return s * x; }, s); }

void use(clpar::view<float> v, std::vector<float> &out) {
  float a = 2, b = 1;
  apply(v, [a](float x) { return a * x; });
  apply(v, [a, b](float x) { return a * x + b; });
  apply(v, [](float x) { return x - 1; });
  // CHECK-OUT: apply(v, ::clpar::rt::tag_closure<0x{{[0-9a-f]+}}ULL>([a](float x) { return a * x; }, a));
  // CHECK-OUT: apply(v, ::clpar::rt::tag_closure<0x{{[0-9a-f]+}}ULL>([a, b](float x) { return a * x + b; }, a, b));
  // CHECK-OUT: apply(v, ::clpar::rt::tag_closure<0x{{[0-9a-f]+}}ULL>([](float x) { return x - 1; }));
  std::array<float, 3> w{1, 2, 3};
  for_index(static_cast<long>(out.size()), [&](long i) { out[i] = v[i] * w[i % 3]; });
  // CHECK-OUT: [&](long i) { out[i] = v[i] * w[i % 3]; }, ::clpar::rt::closure_ref(out), ::clpar::rt::closure_ref(v), ::clpar::rt::closure_ref(w)));
  auto s = make_scaler(0.5f);
  mapper<decltype(s)> m{s};
  m.run(v);
}

// A lambda written in a template: one text, a closure type per instantiation, which the
// wrapping tells apart by the template's arguments.
template <class T, class F>
void apply_t(clpar::view<T> v, F f) {
  for (auto i : clpar::prange(v.size()))
    v[i] = f(v[i]);
}
// CHECK-DAG: remark: 1-D prange nest in 'apply_t<float, (lambda at {{.*}})>' offloaded
// CHECK-DAG: remark: 1-D prange nest in 'apply_t<double, (lambda at {{.*}})>' offloaded
// CHECK-OUT: if constexpr (std::is_same_v<T, float> && ((::clpar::rt::closure_key_v<F> == 0x{{[0-9a-f]+}}ULL) && std::is_same_v<::clpar::rt::closure_context_t<F>, ::clpar::rt::type_list<float, ::clpar::rt::value_list<static_cast<int>(2LL)>>>))

template <class T, int N>
void shift(clpar::view<T> v, T by) {
  apply_t(v, [by](T x) { return x + N * by; });
}
// CHECK-OUT: apply_t(v, ::clpar::rt::tag_closure<0x{{[0-9a-f]+}}ULL, ::clpar::rt::type_list<T, ::clpar::rt::value_list<N>>>([by](T x) { return x + N * by; }, by));

void use_shift(clpar::view<float> f, clpar::view<double> d) {
  shift<float, 2>(f, 0.5f);
  shift<double, 2>(d, 0.25);
}
