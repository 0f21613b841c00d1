// e2e: templates instantiated with classes declared after them, as a header-only
// library's templates are with a program's own types: a function template updating a
// view of structs with two of the program's structs (one in a namespace), a class
// template with a reduction over them, and the CRTP's base with loops calling the
// derived class's static member function and, through `static_cast<const D *>(this)`,
// its member function, for two derived classes.  Each instantiation
// gets its kernel (the translator declares the classes ahead of the templates); before,
// two such instantiations of one loop both ran its OpenMP variant.  Every loop offloads
// (sites.sh); the outputs must equal the serial build's.
//
// Values are small integers and halves: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <vector>

namespace lib {

template <class T>
void advance(clpar::view<T> v, float dt) {
  for (auto i : clpar::prange(v.size())) {  // region: 2
    v[i].x += dt * v[i].v;
    v[i].v -= 0.5f;
  }
}

template <class T>
struct totals {
  float kinetic(clpar::view<const T> v) const {
    float s = 0;
    for (auto i : clpar::prange(v.size()))  // region: 2
      s += v[i].v * v[i].v;
    return s;
  }
};

}  // namespace lib

template <class Derived>
struct sweep {
  void run(clpar::view<float> out) const {
    for (auto i : clpar::prange(out.size()))  // region: 2
      out[i] = Derived::weight(i) * out[i] + 1;
  }
  void shift(clpar::view<float> out) const {
    for (auto i : clpar::prange(out.size()))  // region: 2
      out[i] -= static_cast<const Derived *>(this)->offset();
  }
};

struct body {
  float x, v;
};

namespace app {
struct tracer {
  float x, v;
  int id;
};
}  // namespace app

struct doubling : sweep<doubling> {
  static float weight(std::size_t) { return 2; }
  float offset() const { return 0.5f; }
};

struct alternating : sweep<alternating> {
  static float weight(std::size_t i) { return i % 2 ? 0.5f : -1.0f; }
  float offset() const { return -3; }
};

int main() {
  const std::size_t n = 1000;
  std::vector<body> bs(n);
  std::vector<app::tracer> ts(n);
  for (std::size_t k = 0; k < n; ++k) {
    bs[k] = {float(int(k % 9)), float(int(k % 5)) - 2.0f};
    ts[k] = {float(int(k % 4)), float(int(k % 3)), int(k)};
  }
  clpar::view<body> b(bs.data(), n);
  clpar::view<app::tracer> t(ts.data(), n);
  lib::advance(b, 0.5f);
  lib::advance(t, 2.0f);
  std::vector<float> flat;
  for (const body &x : bs) flat.insert(flat.end(), {x.x, x.v});
  for (const app::tracer &x : ts) flat.insert(flat.end(), {x.x, x.v, float(x.id)});
  show("advanced", flat);
  const float kb = lib::totals<body>{}.kinetic(clpar::view<const body>(bs.data(), n));
  const float kt = lib::totals<app::tracer>{}.kinetic(clpar::view<const app::tracer>(ts.data(), n));
  show("kinetic", std::vector<float>{kb, kt});

  std::vector<float> out(n);
  for (std::size_t k = 0; k < n; ++k) out[k] = float(int(k % 7));
  clpar::view<float> o(out.data(), n);
  doubling{}.run(o);
  alternating{}.run(o);
  doubling{}.shift(o);
  alternating{}.shift(o);
  show("swept", out);
  return 0;
}
