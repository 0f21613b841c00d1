// bench/workloads/covariance.cpp - PolyBench covariance of 1000 points with 800 features:
// column means, centring, then the full 800x800 matrix of column products.
#include "workload.hpp"

namespace {

void covariance(clpar::view<float, 2> data, clpar::view<float> mean, clpar::view<float, 2> cov) {
  const std::size_t n = data.extent(0), m = data.extent(1);
  for (auto j : clpar::prange(m)) {
    float s = 0;
    for (std::size_t i = 0; i < n; ++i) s += data(i, j);
    mean[j] = s / float(n);
  }
  for (auto i : clpar::prange(n))
    for (auto j : clpar::prange(m)) data(i, j) -= mean[j];
  for (auto i : clpar::prange(m))
    for (auto j : clpar::prange(m)) {
      float s = 0;
      for (std::size_t k = 0; k < n; ++k) s += data(k, i) * data(k, j);
      cov(i, j) = s / float(n - 1);
    }
}

std::vector<bench::instance> make(bool quick) {
  const std::size_t n = quick ? 50 : 1000, m = quick ? 40 : 800;
  auto p = std::make_shared<ref::covariance_problem>(ref::make_covariance(n, m));
  auto want = std::make_shared<std::vector<float>>();
  bench::instance w;
  w.workload = "covariance";
  w.size = std::to_string(n) + "x" + std::to_string(m);
  w.cost = {2.0 * double(m * m * n), 4.0 * double(2 * n * m + m * m), false};
  w.reset = [p] { p->data = p->data0; };
  w.clpar = [p] {
    covariance(clpar::view<float, 2>(p->data.data(), p->n, p->m), p->mean,
               clpar::view<float, 2>(p->cov.data(), p->m, p->m));
  };
  w.reference = [p](bool parallel) { ref::covariance(*p, parallel); };
  w.keep_reference = [p, want] { *want = p->cov; };
  w.check = [p, want] { return bench::compare(p->cov, *want, 1e-4); };
  return {w};
}

const bench::registration registered("covariance", make);

}  // namespace
