// Non-type template parameters and parameter packs key an instantiation too; a
// dependent constant is resolved per instantiation (here: folded into each kernel).
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
// RUN: FileCheck %s --check-prefix=CHECK-CL3 < %t.cl/clpar_add_14_3_3_float.cl
// RUN: FileCheck %s --check-prefix=CHECK-CL5 < %t.cl/clpar_add_14_3_5_float.cl
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

// REMARK-DAG: remark: 1-D prange nest in 'add<3, float>' offloaded: OpenCL kernel 'clpar_add_14_3_3_float'
// REMARK-DAG: remark: 1-D prange nest in 'add<5, float>' offloaded: OpenCL kernel 'clpar_add_14_3_5_float'
template <int N, class T>
void add(clpar::view<T> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] += N * sizeof(T);
}
// CHECK-OMP: if constexpr ((N == static_cast<decltype(N)>(3LL)) && std::is_same_v<T, float>)
// CHECK-CL3: (float)(3UL * 4UL)
// CHECK-CL5: (float)(5UL * 4UL)

// REMARK-DAG: remark: 1-D prange nest in 'count<float, int>' offloaded: OpenCL kernel 'clpar_count_25_3_float_int'
// CHECK-OMP: if constexpr (std::is_same_v<::clpar::rt::type_list<Ts...>, ::clpar::rt::type_list<float, int>>)
template <class... Ts>
void count(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] = sizeof...(Ts);
}

void use(clpar::view<float> f, clpar::view<int> n) {
  add<3>(f);
  add<5>(f);
  count<float, int>(n);
}
