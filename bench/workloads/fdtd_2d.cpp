// bench/workloads/fdtd_2d.cpp - PolyBench fdtd-2d, 10 time steps on 2000x2600
// (EXTRALARGE size, fewer steps): four field updates per step.
#include "workload.hpp"

namespace {

using field = clpar::view<float, 2>;

void fdtd_2d(int steps, field ex, field ey, field hz, clpar::view<const float> fict) {
  const std::size_t nx = ex.extent(0), ny = ex.extent(1);
  for (int t = 0; t < steps; ++t) {
    for (auto j : clpar::prange(ny)) ey(0, j) = fict[std::size_t(t)];
    for (auto i : clpar::prange(std::size_t(1), nx))
      for (auto j : clpar::prange(ny)) ey(i, j) = ey(i, j) - 0.5f * (hz(i, j) - hz(i - 1, j));
    for (auto i : clpar::prange(nx))
      for (auto j : clpar::prange(std::size_t(1), ny))
        ex(i, j) = ex(i, j) - 0.5f * (hz(i, j) - hz(i, j - 1));
    for (auto i : clpar::prange(nx - 1))
      for (auto j : clpar::prange(ny - 1))
        hz(i, j) = hz(i, j) - 0.7f * (ex(i, j + 1) - ex(i, j) + ey(i + 1, j) - ey(i, j));
  }
}

std::vector<bench::instance> make(bool quick) {
  const std::size_t nx = quick ? 30 : 2000, ny = quick ? 40 : 2600;
  const int steps = quick ? 3 : 10;
  auto p = std::make_shared<ref::fdtd_problem>(ref::make_fdtd(nx, ny, steps));
  auto want = std::make_shared<std::vector<float>>();
  bench::instance w;
  w.workload = "fdtd_2d";
  w.size = std::to_string(nx) + "x" + std::to_string(ny) + ", " + std::to_string(steps) + " steps";
  // Per step: ey and ex read hz and update themselves (3 x 4 bytes each), hz reads ex, ey
  // and updates itself (4 x 4 bytes).
  w.cost = {11.0 * steps * double(nx * ny), 40.0 * steps * double(nx * ny), true};
  w.reset = [p] {
    p->ex = p->ex0;
    p->ey = p->ey0;
    p->hz = p->hz0;
  };
  w.clpar = [p] {
    fdtd_2d(p->steps, field(p->ex.data(), p->nx, p->ny), field(p->ey.data(), p->nx, p->ny),
            field(p->hz.data(), p->nx, p->ny), p->fict);
  };
  w.reference = [p](bool parallel) { ref::fdtd(*p, parallel); };
  w.keep_reference = [p, want] { *want = p->hz; };
  w.check = [p, want] { return bench::compare(p->hz, *want, 1e-4); };
  return {w};
}

const bench::registration registered("fdtd_2d", make);

}  // namespace
