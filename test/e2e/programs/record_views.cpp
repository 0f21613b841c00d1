// e2e: views and vectors of structs (arrays of structures): elements read whole, by
// field or by structured binding, fields written, whole elements assigned, a padded struct (alignas), a struct
// with a double and an int, a 2-D view of structs.  Every loop here offloads (sites.sh);
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
}
