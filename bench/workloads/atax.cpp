// bench/workloads/atax.cpp - PolyBench atax, y = A^T (A x), A 3800x4200 (EXTRALARGE):
// two matrix-vector products, memory-bound.
#include "workload.hpp"

namespace {

void atax(clpar::view<const float, 2> a, clpar::view<const float> x, clpar::view<float> tmp,
          clpar::view<float> y) {
  for (auto i : clpar::prange(a.extent(0))) {
    float t = 0;
    for (std::size_t j = 0; j < a.extent(1); ++j) t += a(i, j) * x[j];
    tmp[i] = t;
  }
  for (auto j : clpar::prange(a.extent(1))) {
    float s = 0;
    for (std::size_t i = 0; i < a.extent(0); ++i) s += a(i, j) * tmp[i];
    y[j] = s;
  }
}

std::vector<bench::instance> make(bool quick) {
  const std::size_t m = quick ? 38 : 3800, n = quick ? 42 : 4200;
  auto p = std::make_shared<ref::atax_problem>(ref::make_atax(m, n));
  auto want = std::make_shared<std::vector<float>>();
  bench::instance w;
  w.workload = "atax";
  w.size = std::to_string(m) + "x" + std::to_string(n);
  // A is read twice: once per product.
  w.cost = {4.0 * double(m * n), 4.0 * double(2 * m * n + 2 * (m + n)), true};
  w.reset = [] {};
  w.clpar = [p] { atax(clpar::view<const float, 2>(p->a.data(), p->m, p->n), p->x, p->tmp, p->y); };
  w.reference = [p](bool parallel) { ref::atax(*p, parallel); };
  w.keep_reference = [p, want] { *want = p->y; };
  w.check = [p, want] { return bench::compare(p->y, *want, 1e-4); };
  return {w};
}

const bench::registration registered("atax", make);

}  // namespace
