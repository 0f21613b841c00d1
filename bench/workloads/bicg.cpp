// bench/workloads/bicg.cpp - PolyBench bicg (the BiCG kernel), s = A^T r and q = A p,
// A 4200x3800 (EXTRALARGE): two matrix-vector products, memory-bound.
#include "workload.hpp"

namespace {

void bicg(clpar::view<const float, 2> a, clpar::view<const float> r, clpar::view<const float> p,
          clpar::view<float> s, clpar::view<float> q) {
  for (auto j : clpar::prange(a.extent(1))) {
    float sum = 0;
    for (std::size_t i = 0; i < a.extent(0); ++i) sum += r[i] * a(i, j);
    s[j] = sum;
  }
  for (auto i : clpar::prange(a.extent(0))) {
    float sum = 0;
    for (std::size_t j = 0; j < a.extent(1); ++j) sum += a(i, j) * p[j];
    q[i] = sum;
  }
}

std::vector<bench::instance> make(bool quick) {
  const std::size_t n = quick ? 42 : 4200, m = quick ? 38 : 3800;
  auto b = std::make_shared<ref::bicg_problem>(ref::make_bicg(n, m));
  auto want_s = std::make_shared<std::vector<float>>();
  auto want_q = std::make_shared<std::vector<float>>();
  bench::instance w;
  w.workload = "bicg";
  w.size = std::to_string(n) + "x" + std::to_string(m);
  w.cost = {4.0 * double(n * m), 4.0 * double(2 * n * m + 2 * (n + m)), true};
  w.reset = [] {};
  w.clpar = [b] {
    bicg(clpar::view<const float, 2>(b->a.data(), b->n, b->m), b->r, b->p, b->s, b->q);
  };
  w.reference = [b](bool parallel) { ref::bicg(*b, parallel); };
  w.keep_reference = [b, want_s, want_q] {
    *want_s = b->s;
    *want_q = b->q;
  };
  w.check = [b, want_s, want_q] {
    const bench::check s = bench::compare(b->s, *want_s, 1e-4),
                       q = bench::compare(b->q, *want_q, 1e-4);
    return bench::check{s.ok && q.ok, std::max(s.error, q.error)};
  };
  return {w};
}

const bench::registration registered("bicg", make);

}  // namespace
