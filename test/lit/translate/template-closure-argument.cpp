// An instantiation whose argument cannot be named in the template (a lambda's closure
// type) takes the chain's last branch: offloaded when it is the only one there, the
// OpenMP variant when several share it.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

template <class F>
void apply(clpar::view<float> v, F f) {
  for (auto i : clpar::prange(v.size()))
    v[i] = f(v[i]);
}
// CHECK: template-closure-argument.cpp:10:3: remark: 1-D prange nest in 'apply<(lambda at {{.*}}template-closure-argument.cpp:24:12)>' offloaded: OpenCL kernel 'clpar_apply_10_3_u{{[0-9a-f]+}}' calling 'lambda at line 24' and an OpenMP variant [-Rclpar]

template <class F>
void apply2(clpar::view<float> v, F f) {
  for (auto i : clpar::prange(v.size()))
    v[i] = f(v[i]);
}
// CHECK-DAG: template-closure-argument.cpp:17:3: remark: prange loop in 'apply2<(lambda at {{.*}}:25:13)>' not offloaded to OpenCL: it instantiates it with a lambda's closure type, which cannot be named there (as does another instantiation here; a loop offloads one such instantiation only); the OpenMP variant is used [-Rclpar]
// CHECK-DAG: template-closure-argument.cpp:17:3: remark: prange loop in 'apply2<(lambda at {{.*}}:26:13)>' not offloaded to OpenCL: it instantiates it with a lambda's closure type

void use(clpar::view<float> v) {
  apply(v, [](float x) { return 2 * x; });
  apply2(v, [](float x) { return 2 * x; });
  apply2(v, [](float x) { return 3 * x; });
}
