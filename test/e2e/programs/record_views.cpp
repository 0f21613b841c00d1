// e2e: views and vectors of structs (arrays of structures): elements read whole, by
// field or by structured binding, fields written, whole elements assigned, a padded struct
// (alignas), a struct with a double and an int, a 2-D view of structs, structs of 12 and
// 20 bytes through sub-views that start between the runtime's 256-byte buffer marks (two
// overlapping views of one array in one call, then reversed and strided ones).  Every loop here offloads (sites.sh);
// the outputs must equal the serial build's.
//
// Values are small integers and quarters: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <vector>

namespace {

struct particle {
  float x, y, vx, vy;
  float speed2() const { return vx * vx + vy * vy; }
};

struct alignas(16) vec3 {
  float x, y, z;
  vec3 operator+(const vec3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
};

struct cell {
  double weight;
  int kind;
};

struct point {  // 12 bytes: elements do not fall on 256-byte marks
  float x, y, z;
};

struct sample {  // 20 bytes
  int id;
  float a, b, c, d;
};

void drift(clpar::view<point> to, clpar::view<const point> from) {
  for (auto i : clpar::prange(to.size())) {  // region: 2
    to[i].x += from[i].y;
    to[i].z = from[i].x - to[i].y;
  }
}

void mix(clpar::view<sample> s, clpar::view<const point> p) {
  for (auto i : clpar::prange(s.size())) {  // region: 2
    sample t = s[i];
    t.a += p[i].z;
    t.d = t.b * 0.5f + float(t.id % 4);
    s[i] = t;
  }
}

void advance(std::vector<particle> &ps, float dt, float bound) {
  clpar::view<particle> v(ps.data(), ps.size());
  for (auto i : clpar::prange(v.size())) {  // region: 2
    particle p = v[i];
    p.x += dt * p.vx;
    p.y += dt * p.vy;
    if (p.x > bound) {
      p.x = bound;
      p.vx = -p.vx;
    }
    v[i] = p;
    v[i].vy -= 0.25f;
  }
}

void energies(clpar::view<const particle> ps, clpar::view<float> e) {
  for (auto i : clpar::prange(ps.size())) {  // region: 1
    const auto [x, y, vx, vy] = ps[i];
    e[i] = 0.5f * ps[i].speed2() + (x > y ? vx : vy);
  }
}

void shift(clpar::view<vec3, 2> grid, vec3 by) {
  for (auto i : clpar::prange(grid.extent(0)))  // region: 1
    for (auto j : clpar::prange(grid.extent(1)))
      grid(i, j) = grid(i, j) + by;
}

void weigh(const std::vector<cell> &cells, clpar::view<double> out) {
  for (auto i : clpar::prange(out.size()))  // region: 1
    out[i] = cells[i].kind == 1 ? cells[i].weight * 2.0 : cells[i].weight;
}

}  // namespace

int main() {
  const std::size_t n = 1000, rows = 24, cols = 40;
  std::vector<particle> ps(n);
  for (std::size_t k = 0; k < n; ++k)
    ps[k] = {float(int(k % 17)) * 0.5f, float(int(k % 5)), float(int(k % 7) - 3) * 0.25f,
             float(int(k % 3) - 1) * 0.5f};
  advance(ps, 0.5f, 6.0f);
  advance(ps, 0.5f, 6.0f);
  std::vector<float> flat(n * 4), e(n);
  for (std::size_t k = 0; k < n; ++k) {
    flat[4 * k] = ps[k].x;
    flat[4 * k + 1] = ps[k].y;
    flat[4 * k + 2] = ps[k].vx;
    flat[4 * k + 3] = ps[k].vy;
  }
  show("particles", flat);
  energies(clpar::view<const particle>(ps.data(), n), clpar::view<float>(e.data(), n));
  show("energies", e);

  std::vector<vec3> grid(rows * cols);
  for (std::size_t k = 0; k < grid.size(); ++k)
    grid[k] = {float(int(k % 9)), float(int(k % 4)) * 0.25f, -float(int(k % 6))};
  shift(clpar::view<vec3, 2>(grid.data(), rows, cols), vec3{0.5f, -1.0f, 2.0f});
  std::vector<float> g;
  for (const vec3 &c : grid) g.insert(g.end(), {c.x, c.y, c.z});
  show("grid", g);

  std::vector<cell> cells(n);
  for (std::size_t k = 0; k < n; ++k) cells[k] = {double(int(k % 11)) * 0.25, int(k % 3)};
  std::vector<double> w(n);
  weigh(cells, clpar::view<double>(w.data(), n));
  show("weights", w);

  // Sub-views of a vector of 12-byte points, each call's written and read views disjoint
  // parts of one vector: starting 1003 and 3 elements in, then a reversed and a strided
  // one once the vector lives on the device.  Then 20-byte samples, the same way.
  std::vector<point> pts(2 * n + 16);
  for (std::size_t k = 0; k < pts.size(); ++k)
    pts[k] = {float(int(k % 13)), float(int(k % 7)) * 0.5f, float(int(k % 5))};
  using clpar::slice;
  clpar::view<point> all(pts.data(), pts.size());
  drift(all[slice(1003, 2003)], all[slice(3, 1003)]);
  drift(all[slice(499, -1, -1)], all[slice(1009, 2009, 2)]);
  std::vector<float> q;
  for (const point &c : pts) q.insert(q.end(), {c.x, c.y, c.z});
  show("points", q);

  std::vector<sample> samples(n + 5);
  for (std::size_t k = 0; k < samples.size(); ++k)
    samples[k] = {int(k), float(int(k % 9)), float(int(k % 3)), 0.25f, 0.0f};
  clpar::view<sample> sv(samples.data(), samples.size());
  mix(sv[slice(5, 505)], all[slice(9, 509)]);
  mix(sv[slice(506, 1005, 2)], all[slice(0, 500, 2)]);
  std::vector<float> sm;
  for (const sample &c : samples) sm.insert(sm.end(), {float(c.id), c.a, c.b, c.c, c.d});
  show("samples", sm);
}
