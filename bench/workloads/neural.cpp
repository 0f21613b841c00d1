// bench/workloads/neural.cpp - a dense layer with a sigmoid, Y = sigmoid(X W + b), with
// 1024x1024 inputs and weights (seed 002), and a 2-layer perceptron's forward pass built
// from two such layers (batch 128, 1024 wide).
#include <cmath>

#include "workload.hpp"

namespace {

float sigmoid(float z) {
  return 1.0f / (1.0f + std::exp(-z));
}

void sigmoid_layer(clpar::view<const float, 2> x, clpar::view<const float, 2> w,
                   clpar::view<const float> bias, clpar::view<float, 2> y) {
  for (auto r : clpar::prange(y.extent(0)))
    for (auto o : clpar::prange(y.extent(1))) {
      float z = bias[o];
      for (std::size_t k = 0; k < x.extent(1); ++k) z += x(r, k) * w(k, o);
      y(r, o) = sigmoid(z);
    }
}

using matrix = clpar::view<const float, 2>;

void mlp_forward(matrix x, matrix w1, clpar::view<const float> b1, clpar::view<float, 2> h,
                 matrix w2, clpar::view<const float> b2, clpar::view<float, 2> y) {
  sigmoid_layer(x, w1, b1, h);
  sigmoid_layer(h, w2, b2, y);
}

bench::instance make_one(const char* name, std::size_t batch, std::size_t n, bool two_layers) {
  auto p = std::make_shared<ref::mlp_problem>(ref::make_mlp(batch, n));
  auto want = std::make_shared<std::vector<float>>();
  bench::instance w;
  w.workload = name;
  w.size = two_layers ? "batch " + std::to_string(batch) + ", " + std::to_string(n)
                      : std::to_string(n) + "x" + std::to_string(n);
  const double layers = two_layers ? 2 : 1, b = double(batch), nn = double(n) * double(n);
  w.cost = {layers * 2 * b * nn, 4 * layers * (2 * b * double(n) + nn), false};
  w.reset = [] {};
  if (two_layers) {
    w.clpar = [p] {
      const std::size_t b = p->batch, n = p->n;
      mlp_forward(matrix(p->x.data(), b, n), matrix(p->w1.data(), n, n), p->b1,
                  clpar::view<float, 2>(p->h.data(), b, n), matrix(p->w2.data(), n, n), p->b2,
                  clpar::view<float, 2>(p->y.data(), b, n));
    };
    w.reference = [p](bool parallel) { ref::mlp(*p, parallel); };
    w.keep_reference = [p, want] { *want = p->y; };
    w.check = [p, want] { return bench::compare(p->y, *want, 1e-4); };
  } else {
    w.clpar = [p] {
      const std::size_t b = p->batch, n = p->n;
      sigmoid_layer(matrix(p->x.data(), b, n), matrix(p->w1.data(), n, n), p->b1,
                    clpar::view<float, 2>(p->h.data(), b, n));
    };
    w.reference = [p](bool parallel) {
      ref::sigmoid_layer(p->x, p->w1, p->b1, p->h, p->batch, p->n, p->n, parallel);
    };
    w.keep_reference = [p, want] { *want = p->h; };
    w.check = [p, want] { return bench::compare(p->h, *want, 1e-4); };
  }
  return w;
}

const bench::registration sigmoid_registered("sigmoid_layer", [](bool quick) {
  return std::vector<bench::instance>{
      make_one("sigmoid_layer", quick ? 48 : 1024, quick ? 48 : 1024, false)};
});

const bench::registration mlp_registered("mlp", [](bool quick) {
  return std::vector<bench::instance>{make_one("mlp", quick ? 16 : 128, quick ? 40 : 1024, true)};
});

}  // namespace
