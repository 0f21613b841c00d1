// Generic lambdas, with `auto` parameters or a template parameter list: a kernel per
// specialization of the call operator, chosen by decltype of the parameters.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void use(clpar::view<float> f, clpar::view<double> d) {
  auto scale = [](auto v, auto s) {
    for (auto i : clpar::prange(v.size()))
      v[i] *= s;
  };
  // REMARK-DAG: template-generic-lambda.cpp:10:5: remark: 1-D prange nest in 'use::lambda(clpar::view<float>, float)' offloaded: OpenCL kernel 'clpar_use_10_5_clpar_view_float_float_{{[0-9a-f]+}}' taking four iterations of 'i' per work-item and an OpenMP variant [-Rclpar]
  // REMARK-DAG: template-generic-lambda.cpp:10:5: remark: 1-D prange nest in 'use::lambda(clpar::view<double>, double)' offloaded: OpenCL kernel 'clpar_use_10_5_clpar_view_double_double_{{[0-9a-f]+}}' taking four iterations of 'i' per work-item and an OpenMP variant [-Rclpar]
  // CHECK-OMP: if constexpr (std::is_same_v<decltype(v), clpar::view<float, 1>> && std::is_same_v<decltype(s), float>)
  scale(f, 2.0f);
  scale(d, 2.0);
  auto fill = []<class T>(clpar::view<T> v, T x) {
    for (auto i : clpar::prange(v.size()))
      v[i] = x;
  };
  // REMARK-DAG: template-generic-lambda.cpp:19:5: remark: 1-D prange nest in 'use::lambda(clpar::view<int>, int)' offloaded: OpenCL kernel 'clpar_use_19_5_int' taking four iterations of 'i' per work-item and an OpenMP variant [-Rclpar]
  // CHECK-OMP: if constexpr (std::is_same_v<T, int>)
  int storage[4];
  fill(clpar::view<int>(storage, 4), 7);
}

// decltype(x) at the loop would name the local x, not the parameter: no condition, so
// the two instantiations share the OpenMP variant.
void shadowed(clpar::view<float> f, clpar::view<double> d) {
  auto g = [](auto x) {
    int x_count = 0;
    {
      int x = 1;
      for (auto i : clpar::prange(std::size_t(4)))
        x_count += x + int(i);
    }
    return x_count;
  };
  g(f);
  g(d);
  // REMARK-DAG: template-generic-lambda.cpp:[[@LINE-7]]:7: remark: prange loop in 'shadowed::lambda(clpar::view<float>)' not offloaded to OpenCL: it names its 'auto' parameter 'x' also for a variable declared before the loop (as does another instantiation here; a loop offloads one such instantiation only); the OpenMP variant is used [-Rclpar]
}
