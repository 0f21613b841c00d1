// bench/workloads/gemm.cpp - PolyBench gemm, C = alpha A B + beta C (LARGE: 1000x1100x1200).
#include "workload.hpp"

namespace {

void gemm(float alpha, float beta, clpar::view<const float, 2> a, clpar::view<const float, 2> b,
          clpar::view<float, 2> c) {
  for (auto i : clpar::prange(c.extent(0)))
    for (auto j : clpar::prange(c.extent(1))) {
      float s = 0;
      for (std::size_t k = 0; k < a.extent(1); ++k) s += a(i, k) * b(k, j);
      c(i, j) = alpha * s + beta * c(i, j);
    }
}

std::vector<bench::instance> make(bool quick) {
  const std::size_t ni = quick ? 40 : 1000, nj = quick ? 50 : 1100, nk = quick ? 60 : 1200;
  auto p = std::make_shared<ref::gemm_problem>(ref::make_gemm(ni, nj, nk, 1.5f, 1.2f));
  auto want = std::make_shared<std::vector<float>>();
  bench::instance w;
  w.workload = "gemm";
  w.size = std::to_string(ni) + "x" + std::to_string(nj) + "x" + std::to_string(nk);
  w.cost = {2.0 * double(ni * nj * nk), 4.0 * double(ni * nk + nk * nj + 2 * ni * nj), false};
  w.reset = [p] { p->c = p->c0; };
  w.clpar = [p] {
    gemm(p->alpha, p->beta, clpar::view<const float, 2>(p->a.data(), p->ni, p->nk),
         clpar::view<const float, 2>(p->b.data(), p->nk, p->nj),
         clpar::view<float, 2>(p->c.data(), p->ni, p->nj));
  };
  w.reference = [p](bool parallel) { ref::gemm(*p, parallel); };
  w.keep_reference = [p, want] { *want = p->c; };
  w.check = [p, want] { return bench::compare(p->c, *want, 1e-4); };
  return {w};
}

const bench::registration registered("gemm", make);

}  // namespace
