// A template instantiated with types of an unnamed namespace: each instantiation gets its
// kernel, told apart by the type's name without the unnamed namespace (which finds it at
// the loop).  A type whose name another type of the translation unit shares could be
// found instead: of such instantiations one is offloaded (the one the others are not), the
// others keep the OpenMP variant.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-CPP < %t.cpp
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

namespace {
struct meters {
  float v;
};
struct seconds {
  double v;
};
struct hours {
  double v;
};
} // namespace

namespace units {
namespace {
struct grams {
  int v;
};
} // namespace
} // namespace units

namespace other {
struct seconds {
  double v;
};
struct hours {
  float v;
};
} // namespace other

template <class T>
void scale(clpar::view<T> xs, float by) {
  for (auto i : clpar::prange(xs.size()))
    xs[i].v = decltype(xs[i].v)(xs[i].v * by);
}
// REMARK-DAG: remark: 1-D prange nest in 'scale<(anonymous namespace)::meters>' offloaded
// REMARK-DAG: remark: 1-D prange nest in 'scale<units::(anonymous namespace)::grams>' offloaded
// REMARK-DAG: remark: prange loop in 'scale<(anonymous namespace)::{{seconds|hours}}>' not offloaded to OpenCL: it instantiates it with '{{seconds|hours}}' from an unnamed namespace, whose name another type shares, so it cannot be named there (as does another instantiation here; a loop offloads one such instantiation only)
// CHECK-CPP-DAG: if constexpr (std::is_same_v<T, meters>)
// CHECK-CPP-DAG: if constexpr (std::is_same_v<T, units::grams>)

void use(clpar::view<meters> m, clpar::view<units::grams> g, clpar::view<seconds> s,
         clpar::view<other::seconds> o, clpar::view<hours> h) {
  scale(m, 2.0f);
  scale(g, 3.0f);
  scale(s, 4.0f);
  scale(o, 5.0f);
  scale(h, 6.0f);
}
