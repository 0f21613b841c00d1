// e2e: member functions that change their object, called on elements of views of structs
// (and on fields of such elements, through a reference to one, in a function template,
// over a 2-D view, one whose value initializes a variable): the kernel changes a copy of
// the element and stores it back.  A user operator+= returning *this, a method calling
// another, and a call on a view the same call also reads (the general kernel form: p and
// q the same array).  Every loop here offloads (sites.sh); the outputs must equal the
// serial build's.
//
// Values are small integers and quarters: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <vector>

namespace {

struct body {
  float x, y, vx, vy;
  void advance(float dt) {
    x += dt * vx;
    y += dt * vy;
  }
  void kick(float ax, float ay) {
    vx += ax;
    vy += ay;
  }
  void bounce(float wall) {
    if (x > wall) {
      x = wall;
      vx = -vx;
    }
  }
  float coast(float dt) {  // moves and answers its kinetic energy
    advance(dt);
    return 0.5f * (vx * vx + vy * vy);
  }
  body &operator+=(const body &o) {
    vx += o.vx;
    vy += o.vy;
    return *this;
  }
};

struct tracked {
  int id;
  body b;
  void step(float dt) {
    b.advance(dt);
    b.bounce(4.0f);
    id += 1;
  }
};

void step(clpar::view<body> p, float dt) {
  for (auto i : clpar::prange(p.size())) {  // region: 2
    p[i].advance(dt);
    p[i].bounce(5.0f);
  }
}

void push(clpar::view<body> p, clpar::view<const body> q) {
  for (auto i : clpar::prange(p.size())) {  // region: 2
    p[i] += q[i];
    p[i].kick(0.25f, -0.5f);
  }
}

void walk(clpar::view<tracked> t, float dt) {
  for (auto i : clpar::prange(t.size())) {  // region: 1
    t[i].step(dt);
    t[i].b.kick(float(t[i].id % 3), 0.0f);
    auto &r = t[i];
    r.b.advance(dt);
  }
}

void energies(clpar::view<body> p, clpar::view<float> e) {
  for (auto i : clpar::prange(p.size())) {  // region: 1
    const float k = p[i].coast(0.25f);
    e[i] = k + p[i].x;
  }
}

template <class T>
void advance_all(clpar::view<T, 2> g, float dt) {
  for (auto i : clpar::prange(g.extent(0)))  // region: 1
    for (auto j : clpar::prange(g.extent(1))) g(i, j).advance(dt);
}

body start(std::size_t k) {
  return {float(int(k % 7)), float(int(k % 3)), float(int(k % 5) - 2) * 0.5f,
          float(int(k % 4) - 1) * 0.25f};
}

void show_bodies(const char *tag, const std::vector<body> &bs) {
  std::vector<float> flat;
  for (const body &b : bs) flat.insert(flat.end(), {b.x, b.y, b.vx, b.vy});
  show(tag, flat);
}

}  // namespace

int main() {
  const std::size_t n = 1000;
  std::vector<body> ps(n), qs(n);
  for (std::size_t k = 0; k < n; ++k) {
    ps[k] = start(k);
    qs[k] = start(k + 3);
  }
  clpar::view<body> p(ps.data(), n), q(qs.data(), n);
  step(p, 0.5f);
  push(p, q);  // two arrays
  step(p, 0.25f);
  show_bodies("step push step", ps);
  push(p, p);  // one array as both views: each element adds its own velocity
  show_bodies("push self", ps);

  std::vector<float> e(n);
  energies(p, clpar::view<float>(e.data(), n));
  show_bodies("coast", ps);
  show("energies", e);

  std::vector<tracked> ts(n);
  for (std::size_t k = 0; k < n; ++k) ts[k] = {int(k % 10), start(2 * k)};
  walk(clpar::view<tracked>(ts.data(), n), 0.5f);
  std::vector<float> flat;
  for (const tracked &t : ts) flat.insert(flat.end(), {float(t.id), t.b.x, t.b.y, t.b.vx, t.b.vy});
  show("walk", flat);

  const std::size_t rows = 20, cols = 30;
  std::vector<body> grid(rows * cols);
  for (std::size_t k = 0; k < grid.size(); ++k) grid[k] = start(5 * k);
  advance_all(clpar::view<body, 2>(grid.data(), rows, cols), 0.75f);
  show_bodies("grid", grid);
  return 0;
}
