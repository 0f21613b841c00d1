// bench/workloads/norm.cpp - the Euclidean norm of 2^24 floats through a prange sum
// reduction (accumulated in double), memory-bound.
#include <cmath>

#include "workload.hpp"

namespace {

double norm(clpar::view<const float> x) {
  double s = 0;
  for (auto i : clpar::prange(x.size())) s += double(x[i]) * double(x[i]);
  return std::sqrt(s);
}

std::vector<bench::instance> make(bool quick) {
  const std::size_t n = quick ? 10000 : std::size_t(1) << 24;
  auto p = std::make_shared<ref::norm_problem>(ref::make_norm(n));
  auto got = std::make_shared<double>(0);
  auto want = std::make_shared<double>(0);
  bench::instance w;
  w.workload = "norm";
  w.size = quick ? "10000" : "2^24";
  w.cost = {2.0 * double(n), 4.0 * double(n), true};
  w.reset = [] {};
  w.clpar = [p, got] { *got = norm(p->x); };
  w.reference = [p, got](bool parallel) {
    ref::norm(*p, parallel);
    *got = p->result;
  };
  w.keep_reference = [p, want] { *want = p->result; };
  w.check = [got, want] { return bench::compare(got.get(), want.get(), 1, 1e-9); };
  return {w};
}

const bench::registration registered("norm", make);

}  // namespace
