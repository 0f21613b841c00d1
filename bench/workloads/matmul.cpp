// bench/workloads/matmul.cpp - square matrix multiply C = A B (seed 002), 128 to 2048:
// one work-item per element of C, the obvious triple loop.
#include "workload.hpp"

namespace {

void matmul(clpar::view<const float, 2> a, clpar::view<const float, 2> b, clpar::view<float, 2> c) {
  for (auto i : clpar::prange(c.extent(0)))
    for (auto j : clpar::prange(c.extent(1))) {
      float s = 0;
      for (std::size_t k = 0; k < a.extent(1); ++k) s += a(i, k) * b(k, j);
      c(i, j) = s;
    }
}

bench::instance make_one(std::size_t n) {
  auto p = std::make_shared<ref::gemm_problem>(ref::make_gemm(n, n, n, 1, 0));
  auto want = std::make_shared<std::vector<float>>();
  bench::instance w;
  w.workload = "matmul";
  w.size = std::to_string(n);
  const double nn = double(n) * double(n);
  w.cost = {2 * nn * double(n), 4 * 3 * nn, false};
  w.reset = [] {};
  w.clpar = [p] {
    matmul(clpar::view<const float, 2>(p->a.data(), p->ni, p->nk),
           clpar::view<const float, 2>(p->b.data(), p->nk, p->nj),
           clpar::view<float, 2>(p->c.data(), p->ni, p->nj));
  };
  w.reference = [p](bool parallel) { ref::gemm(*p, parallel); };
  w.keep_reference = [p, want] { *want = p->c; };
  w.check = [p, want] { return bench::compare(p->c, *want, 1e-4); };
  return w;
}

std::vector<bench::instance> make(bool quick) {
  if (quick) return {make_one(40)};
  std::vector<bench::instance> all;
  for (std::size_t n : {128, 256, 512, 1024, 2048}) all.push_back(make_one(n));
  return all;
}

const bench::registration registered("matmul", make);

}  // namespace
