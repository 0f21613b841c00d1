// Objects of stateless classes (no data members, no virtual functions) in kernels: their
// member functions become functions without an object, and the objects themselves pass
// nothing (a parameter, a capture, a local or a temporary).  A templated call operator's
// forwarding references take the arguments' values; std::forward names its argument.
// RUN: rm -rf %t.cl && %translate -Rclpar --keep-generated=%t.cl %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=APPLY < %t.cl/clpar_apply_19_3_square.cl
// RUN: FileCheck %s --check-prefix=PLUS < %t.cl/clpar_total_28_3_std_plus_void_909f5ddc.cl
// RUN: FileCheck %s --check-prefix=MADE < %t.cl/clpar_made_40_3.cl
#include <clpar/clpar.hpp>

#include <functional>

struct square {
  float operator()(float x) const { return x * x; }
};

template <class F> void apply(clpar::view<float> v, F f) {
  for (auto i : clpar::prange(v.size()))
    v[i] = f(v[i]);
}
// REMARK-DAG: function-objects.cpp:19:3: remark: 1-D prange nest in 'apply<square>' offloaded: OpenCL kernel 'clpar_apply_19_3_square' calling 'square::operator()' and an OpenMP variant [-Rclpar]
// APPLY: {{^}}float clpar_fn_square_op_call(__global int *clpar_err, float x)
// APPLY: {{^ *}}v[{{.*}}] = clpar_fn_square_op_call(clpar_err, v[{{.*}}]);

template <class Op> float total(clpar::view<const float> v, Op op) {
  float s = 0;
  for (auto i : clpar::prange(v.size()))
    s += op(v[i], 1.0f);
  return s;
}
// REMARK-DAG: function-objects.cpp:28:3: remark: 1-D prange nest in 'total<std::plus<void>>' offloaded: OpenCL kernel 'clpar_total_28_3_std_plus_void_909f5ddc' with reductions 's' (+), calling 'std::plus<>::operator()' and an OpenMP variant [-Rclpar]
// PLUS: {{^}}float clpar_fn_plus_op_call(__global int *clpar_err, float clpar_u___t_, float clpar_u___u_)
// PLUS-NEXT: {
// PLUS-NEXT: return clpar_u___t_ + clpar_u___u_;

template <class F> float twice(F f, float x) { return f(f(x)); }

void made(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    square s;
    auto l = [s](float x) { return s(x) + 1.0f; };
    v[i] = twice(square{}, v[i]) + l(v[i]) + std::negate<>{}(v[i]);
  }
}
// REMARK-DAG: function-objects.cpp:40:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_made_40_3' calling 'square::operator()', 'twice', 'lambda at line 42', 'std::negate<>::operator()' and an OpenMP variant [-Rclpar]
// MADE: {{^}}float clpar_fn_twice(__global int *clpar_err, float x)
// MADE: {{^}}float clpar_fn_lambda(__global int *clpar_err, float x)
// MADE-NEXT: {
// MADE-NEXT: return clpar_fn_square_op_call(clpar_err, x) + 1.0f;
// MADE: {{^ *}}v[{{.*}}] = (clpar_fn_twice(clpar_err, v[{{.*}}]) + clpar_fn_lambda(clpar_err, v[{{.*}}])) + clpar_fn_negate_op_call(clpar_err, v[{{.*}}]);

// A functor whose members are stateless functors is stateless too.
template <class F, class G> struct composed {
  F f;
  G g;
  float operator()(float x) const { return f(g(x)); }
};
// REMARK-DAG: function-objects.cpp:19:3: remark: 1-D prange nest in 'apply<composed<square, std::negate<void>>>' offloaded: OpenCL kernel 'clpar_apply_19_3_{{[0-9a-z_]+}}' calling 'square::operator()', 'std::negate<>::operator()', 'composed<square, std::negate<void>>::operator()' and an OpenMP variant [-Rclpar]

int main() {
  float a[8] = {};
  apply(clpar::view<float>(a, 8), square{});
  float t = total(clpar::view<const float>(a, 8), std::plus<>{});
  made(clpar::view<float>(a, 8));
  apply(clpar::view<float>(a, 8), composed<square, std::negate<>>{});
  return int(t);
}
