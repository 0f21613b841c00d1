// Objects of stateless classes whose making may have effects (a user-provided constructor, a
// function that makes one) cannot be dropped from a kernel: each loop keeps its OpenMP
// variant with the reason.  A functor that holds data is a struct like any other
// (records.cpp), and one made of stateless functors is stateless itself; one that holds
// data and a function object is not translated.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

struct counted {
  counted() {}
  float operator()(float x) const { return x; }
};

counted make();
template <class F> float call(F f, float x) { return f(x); }

void made(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] = counted{}(v[i]);
  // CHECK-DAG: remark-function-object-refused.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it calls 'counted::operator()' on an object of the stateless class 'counted' made by an expression that may have effects; the OpenMP variant is used [-Rclpar]
}

void local(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    auto c = make();
    // CHECK-DAG: remark-function-object-refused.cpp:[[@LINE-1]]:10: remark: prange loop not offloaded to OpenCL: it declares 'c' of the stateless class 'counted' with an initializer that may have effects; the OpenMP variant is used [-Rclpar]
    v[i] = c(v[i]);
  }
}

void passed(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] = call(make(), v[i]);
  // CHECK-DAG: remark-function-object-refused.cpp:[[@LINE-1]]:17: remark: prange loop not offloaded to OpenCL: it passes an object of the stateless class 'counted' made by an expression that may have effects to 'call'; the OpenMP variant is used [-Rclpar]
}

struct half {
  float operator()(float x) const { return 0.5f * x; }
};
struct scaled {
  float k;
  half h;
  float operator()(float x) const { return k * h(x); }
};

void holds_data_and_functor(clpar::view<float> v, scaled s) {
  for (auto i : clpar::prange(v.size()))
    v[i] = s(v[i]);
  // CHECK-DAG: remark-function-object-refused.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it uses type 'scaled', which OpenCL C cannot represent: its member 'h' is an object of the stateless class 'half', which kernels do not hold in structs; the OpenMP variant is used [-Rclpar]
}
