// bench/workloads/conv2d.cpp - a 3x3 convolution of a 4096x4096 image (PolyBench/GPU
// 2DCONV): one work-item per interior pixel, memory-bound.
#include "workload.hpp"

namespace {

void conv2d(clpar::view<const float, 2> a, clpar::view<float, 2> b) {
  for (auto i : clpar::prange(std::size_t(1), a.extent(0) - 1))
    for (auto j : clpar::prange(std::size_t(1), a.extent(1) - 1))
      b(i, j) = 0.2f * a(i - 1, j - 1) + 0.5f * a(i - 1, j) - 0.8f * a(i - 1, j + 1) -
                0.3f * a(i, j - 1) + 0.6f * a(i, j) - 0.9f * a(i, j + 1) + 0.4f * a(i + 1, j - 1) +
                0.7f * a(i + 1, j) + 0.1f * a(i + 1, j + 1);
}

std::vector<bench::instance> make(bool quick) {
  const std::size_t n = quick ? 70 : 4096;
  auto p = std::make_shared<ref::conv2d_problem>(ref::make_conv2d(n, n));
  auto want = std::make_shared<std::vector<float>>();
  bench::instance w;
  w.workload = "conv2d";
  w.size = std::to_string(n) + "x" + std::to_string(n);
  w.cost = {17.0 * double(n * n), 8.0 * double(n * n), true};
  w.reset = [] {};
  w.clpar = [p] {
    conv2d(clpar::view<const float, 2>(p->in.data(), p->ni, p->nj),
           clpar::view<float, 2>(p->out.data(), p->ni, p->nj));
  };
  w.reference = [p](bool parallel) { ref::conv2d(*p, parallel); };
  w.keep_reference = [p, want] { *want = p->out; };
  w.check = [p, want] { return bench::compare(p->out, *want, 1e-4); };
  return {w};
}

const bench::registration registered("conv2d", make);

}  // namespace
