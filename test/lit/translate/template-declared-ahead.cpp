// A template instantiated with classes declared after it (a header's template and the
// program's own structs, the CRTP's derived classes): each instantiation's condition
// names the class, which is declared ahead of the top-level declaration holding the
// template, on that declaration's line (the lines after it keep their numbers).  Before,
// two such instantiations shared the OpenMP variant.  A class nested in a class cannot be
// declared ahead: two such instantiations keep the OpenMP variant.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cpp
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

namespace lib {
template <class T>
void scale_all(clpar::view<T> v, float by) {
  for (auto i : clpar::prange(v.size()))
    v[i].x *= by;
}
} // namespace lib
// CHECK: /* clpar: declared ahead */ struct particle; namespace app { class cell; } namespace lib {
// CHECK: if constexpr (std::is_same_v<T, particle>)
// CHECK: if constexpr (std::is_same_v<T, app::cell>)
// REMARK-DAG: template-declared-ahead.cpp:15:3: remark: 1-D prange nest in 'lib::scale_all<particle>' offloaded
// REMARK-DAG: template-declared-ahead.cpp:15:3: remark: 1-D prange nest in 'lib::scale_all<app::cell>' offloaded

template <class Derived>
struct stencil {
  void run(clpar::view<float> out) {
    for (auto i : clpar::prange(out.size()))
      out[i] = Derived::weight(i) * out[i];
  }
};
// CHECK: /* clpar: declared ahead */ struct twice; struct halve; template <class Derived>
// REMARK-DAG: template-declared-ahead.cpp:28:5: remark: 1-D prange nest in 'stencil<twice>::run' offloaded
// REMARK-DAG: template-declared-ahead.cpp:28:5: remark: 1-D prange nest in 'stencil<halve>::run' offloaded

template <class T>
float first_of(clpar::view<T> v) {
  float s = 0;
  for (auto i : clpar::prange(v.size()))
    s += v[i].x;
  return s;
}
// REMARK-DAG: template-declared-ahead.cpp:39:3: remark: prange loop in 'first_of<holder::inner>' not offloaded to OpenCL: it instantiates it with 'holder::inner', which is declared after the template (as does another instantiation here; a loop offloads one such instantiation only); the OpenMP variant is used [-Rclpar]
// REMARK-DAG: template-declared-ahead.cpp:39:3: remark: prange loop in 'first_of<holder::other>' not offloaded to OpenCL: it instantiates it with 'holder::other', which is declared after the template (as does another instantiation here; a loop offloads one such instantiation only); the OpenMP variant is used [-Rclpar]
// REMARK-DAG: template-declared-ahead.cpp:39:3: remark: 1-D prange nest in 'first_of<particle>' offloaded

struct particle {
  float x, v;
};
namespace app {
class cell {
public:
  float x;
  int k;
};
} // namespace app
struct twice : stencil<twice> {
  static float weight(std::size_t) { return 2; }
};
struct halve : stencil<halve> {
  static float weight(std::size_t i) { return i % 2 ? 0.5f : 1.0f; }
};
struct holder {
  struct inner {
    float x;
  };
  struct other {
    float y, x;
  };
};

float use(clpar::view<particle> p, clpar::view<app::cell> c, clpar::view<float> f,
          clpar::view<holder::inner> h, clpar::view<holder::other> o) {
  lib::scale_all(p, 2.0f);
  lib::scale_all(c, 3.0f);
  twice{}.run(f);
  halve{}.run(f);
  return first_of(p) + first_of(h) + first_of(o);
}

// The CRTP's derived object by pointer, `static_cast<const D *>(this)->f()`, in the base's
// loop: the derived classes hold no data, so their member functions run without an object.
template <class Derived>
struct policy {
  void apply(clpar::view<float> out) const {
    for (auto i : clpar::prange(out.size()))
      out[i] = static_cast<const Derived *>(this)->factor() * out[i];
  }
};
struct triple : policy<triple> {
  float factor() const { return 3; }
};
struct quarter : policy<quarter> {
  float factor() const { return 0.25f; }
};
void policies(clpar::view<float> f) {
  triple{}.apply(f);
  quarter{}.apply(f);
}
// REMARK-DAG: template-declared-ahead.cpp:[[@LINE-14]]:5: remark: 1-D prange nest in 'policy<triple>::apply' offloaded: OpenCL kernel 'clpar_apply_{{[0-9]+}}_5_triple' calling 'triple::factor'
// REMARK-DAG: template-declared-ahead.cpp:[[@LINE-15]]:5: remark: 1-D prange nest in 'policy<quarter>::apply' offloaded: OpenCL kernel 'clpar_apply_{{[0-9]+}}_5_quarter' calling 'quarter::factor'
// CHECK: /* clpar: declared ahead */ struct triple; struct quarter; template <class Derived>
