// e2e: pointers declared in a loop body, C style, to an element of a view (of structs
// and of numbers, 1-D and 2-D), to a local and to an element of a struct with a base
// class: `p->m`, `*p`, member functions through `p->f()` (a non-const one runs on a
// copy of the element stored back), an inherited member function through the pointer.
// And the comma operator: in a `for` increment, in an expression, in an argument.
// Every loop here offloads (sites.sh); the outputs must equal the serial build's.
//
// Values are small integers and quarters: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <vector>

namespace {

struct body {
  float x, v;
  void advance(float dt) { x += dt * v; }
  float energy() const { return 0.5f * v * v; }
};

struct tagged : body {
  int id;
};

void move(clpar::view<body> b, clpar::view<float> e, float dt) {
  for (auto i : clpar::prange(b.size())) {  // region: 2
    body *p = &b[i];
    p->v += 0.25f;
    p->advance(dt);
    float *q = &e[i];
    *q = p->energy() + (*p).x;
  }
}

void grid(clpar::view<int, 2> g) {
  for (auto i : clpar::prange(g.extent(0)))  // region: 1
    for (auto j : clpar::prange(g.extent(1))) {
      int *c = &g(i, j);
      int t = 0;
      int *acc = &t;
      for (int k = 0, w = 1; k < 4; ++k, w += 2) *acc += w * (*c % 3);
      *c = (++*acc, *acc + int(i));
    }
}

void ids(clpar::view<tagged> t, clpar::view<float> out) {
  for (auto i : clpar::prange(t.size())) {  // region: 1
    const tagged *p = &t[i];
    out[i] = p->energy() + float(p->id) + p->x;
  }
}

float twice(float a) { return 2.0f * a; }

void commas(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {  // region: 1
    float a = v[i], b = 1.0f;
    v[i] = twice((b += a, b * 0.5f));
  }
}

}  // namespace

int main() {
  const std::size_t n = 1000;
  std::vector<body> bs(n);
  for (std::size_t k = 0; k < n; ++k) bs[k] = {float(int(k % 9)), float(int(k % 5)) - 2.0f};
  std::vector<float> e(n);
  clpar::view<body> b(bs.data(), n);
  move(b, clpar::view<float>(e.data(), n), 0.5f);
  move(b, clpar::view<float>(e.data(), n), 0.25f);
  std::vector<float> flat;
  for (const body &x : bs) flat.insert(flat.end(), {x.x, x.v});
  show("move", flat);
  show("energy", e);

  const std::size_t rows = 30, cols = 40;
  std::vector<int> gs(rows * cols);
  for (std::size_t k = 0; k < gs.size(); ++k) gs[k] = int(k % 17);
  grid(clpar::view<int, 2>(gs.data(), rows, cols));
  show("grid", gs);

  std::vector<tagged> ts(n);
  for (std::size_t k = 0; k < n; ++k) {
    ts[k].x = float(int(k % 4));
    ts[k].v = float(int(k % 3));
    ts[k].id = int(k);
  }
  std::vector<float> out(n);
  ids(clpar::view<tagged>(ts.data(), n), clpar::view<float>(out.data(), n));
  show("ids", out);

  std::vector<float> v(n);
  for (std::size_t k = 0; k < n; ++k) v[k] = float(int(k % 13)) * 0.25f;
  commas(clpar::view<float>(v.data(), n));
  show("commas", v);
  return 0;
}
