// A generic lambda called in a loop, in a function that also defines a lambda holding a
// prange: translating the call's arguments added functions while the call's own function
// was held by reference (a use after free; found by the generated-program tests, seed 6014,
// and by the translator under AddressSanitizer).  Both loops are offloaded.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#include <vector>

template <class T>
T gen_clamp(T x) {
  const T lo = T(1), hi = T(100);
  return x < lo ? lo : (x > hi ? hi : x);
}

template <class T>
T gen_step(T x) {
  return x > T(0) ? x : T(0);
}

void program() {
  const auto lam = [](auto x, auto y) { return x * y + y; };
  std::vector<int> a0(481);
  clpar::view<int> v0(a0);
  std::vector<double> a1(528);
  clpar::view<double, 3> v1(a1.data(), 4, 12, 11);
  std::vector<float> out(481);
  const float c2 = 0.375f;
  // CHECK: lambda-call-beside-lambda-prange.cpp:[[@LINE+1]]:3: remark: 1-D prange nest offloaded
  for (auto i : clpar::prange(v0.extent(0)).schedule(clpar::dynamic, 7)) {
    float t4 = 0.0f;
    for (int k4 = 0; k4 < 3; ++k4)
      t4 += lam(gen_step(float(v1(3 - k4, k4, (k4 + 3) % 11))),
                (((gen_clamp(k4) != k4) && ((int(i) & v0[i]) >= k4)) ? 0.5f : c2));
    out[i] = t4;
  }
  auto p3_k8 = [&]() {
    // CHECK: lambda-call-beside-lambda-prange.cpp:[[@LINE+1]]:5: remark: 1-D prange nest offloaded
    for (auto i : clpar::prange(2, 481, 2).schedule(clpar::guided)) v0[i] = int(i);
  };
  p3_k8();
}
