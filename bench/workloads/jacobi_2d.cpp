// bench/workloads/jacobi_2d.cpp - PolyBench jacobi-2d, 10 time steps on 2800x2800
// (EXTRALARGE size, fewer steps): a 5-point average from A into B, then back.
#include "workload.hpp"

namespace {

void jacobi_step(clpar::view<const float, 2> in, clpar::view<float, 2> out) {
  const std::size_t n = in.extent(0);
  for (auto i : clpar::prange(std::size_t(1), n - 1))
    for (auto j : clpar::prange(std::size_t(1), n - 1))
      out(i, j) = 0.2f * (in(i, j) + in(i, j - 1) + in(i, j + 1) + in(i + 1, j) + in(i - 1, j));
}

// The steps are calls of another function, so each would bring its data home at its
// end: clpar::resident keeps both arrays on the device until the time loop is done.
void jacobi_2d(int steps, clpar::view<float, 2> a, clpar::view<float, 2> b) {
  clpar::resident keep(a, b);
  for (int t = 0; t < steps; ++t) {
    jacobi_step(a, b);
    jacobi_step(b, a);
  }
}

std::vector<bench::instance> make(bool quick) {
  const std::size_t n = quick ? 50 : 2800;
  const int steps = quick ? 3 : 10;
  auto p = std::make_shared<ref::jacobi_problem>(ref::make_jacobi(n, steps));
  auto want = std::make_shared<std::vector<float>>();
  bench::instance w;
  w.workload = "jacobi_2d";
  w.size = std::to_string(n) + "x" + std::to_string(n) + ", " + std::to_string(steps) + " steps";
  // Each step reads one array and writes the other, twice.
  w.cost = {2.0 * steps * 5 * double(n * n), 2.0 * steps * 8 * double(n * n), true};
  w.reset = [p] {
    p->a = p->a0;
    p->b = p->b0;
  };
  w.clpar = [p] {
    jacobi_2d(p->steps, clpar::view<float, 2>(p->a.data(), p->n, p->n),
              clpar::view<float, 2>(p->b.data(), p->n, p->n));
  };
  w.reference = [p](bool parallel) { ref::jacobi(*p, parallel); };
  w.keep_reference = [p, want] { *want = p->a; };
  w.check = [p, want] { return bench::compare(p->a, *want, 1e-4); };
  return {w};
}

const bench::registration registered("jacobi_2d", make);

}  // namespace
