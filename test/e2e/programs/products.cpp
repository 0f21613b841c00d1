// e2e: products, which the kernel's tiled form computes a block of iterations per
// work-item from reads staged in local memory (CMakeLists runs it with CLPAR_PRODUCT_TILES
// forcing shapes on PoCL and under oclgrind).  Sizes are no multiple of any block, and
// values are small integers, so every result is exact: the output must equal the serial
// build's exactly.
#include <clpar/clpar.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "digest.hpp"

// The plain product.
void matmul(clpar::view<const float, 2> a, clpar::view<const float, 2> b, clpar::view<float, 2> c) {
  for (auto i : clpar::prange(c.extent(0)))
    for (auto j : clpar::prange(c.extent(1))) {
      float s = 0;
      for (std::size_t k = 0; k < a.extent(1); ++k) s += a(i, k) * b(k, j);
      c(i, j) = s;
    }
}

// PolyBench's gemm: scalars in the loop and after it, the output read after the loop.
void gemm(float alpha, float beta, clpar::view<const float, 2> a, clpar::view<const float, 2> b,
          clpar::view<float, 2> c) {
  for (auto i : clpar::prange(c.extent(0)))
    for (auto j : clpar::prange(c.extent(1))) {
      float s = 0;
      for (std::size_t k = 0; k < a.extent(1); ++k) s += alpha * a(i, k) * b(k, j);
      c(i, j) = beta * c(i, j) + s;
    }
}

// Both factors transposed (the loop's variable first in one read, last in the other), an
// accumulator that starts from the output, double precision.
void transposed(clpar::view<const double, 2> at, clpar::view<const double, 2> bt,
                clpar::view<double, 2> c) {
  for (auto i : clpar::prange(c.extent(0)))
    for (auto j : clpar::prange(c.extent(1))) {
      double s = c(i, j);
      for (std::size_t k = 0; k < at.extent(0); ++k) s += at(k, i) * bt(j, k);
      c(i, j) = s;
    }
}

// Covariance's shape: four reads (two along each dimension, one not along the loop), a
// loop from a scalar to an inclusive end, an integer sum and a max with the loop
// variables in the body, a declaration inside the loop and one before it.
void centred(clpar::view<const int, 2> d, const std::vector<int>& mean, int first,
             clpar::view<int, 2> sum, clpar::view<int, 2> top) {
  for (auto i : clpar::prange(sum.extent(0)))
    for (auto j : clpar::prange(sum.extent(1))) {
      const int bias = int(i) - int(j);
      int s = 0, t = -1000000;
      for (int k = first; k <= int(d.extent(0)) - 1; ++k) {
        const int p = (d(k, i) - mean[i]) * (d(k, j) - mean[j]);
        s += (k % 2 == 0) ? p : -p;
        t = std::max(t, p - k + 2 * int(i) - int(j));
      }
      sum(i, j) = s + bias;
      top(i, j) = t;
    }
}

// A read along the loop alone (a weight per step), a prange with a start and a step, and
// strided views.
void weighted(clpar::view<const float, 2> a, const std::vector<float>& w,
              clpar::view<const float, 2> b, clpar::view<float, 2> c) {
  for (auto i : clpar::prange(std::size_t{1}, c.extent(0), std::size_t{2}))
    for (auto j : clpar::prange(c.extent(1))) {
      float s = 1;
      for (std::size_t k = 0; k < w.size(); ++k) s += a(i, k) * w[k] * b(k, j);
      c(i, j) = s > 0 ? s : 0;
    }
}

template <class T>
std::vector<T> filled(std::size_t n, int mod, int shift) {
  std::vector<T> v(n);
  for (std::size_t k = 0; k < n; ++k) v[k] = T(int((k * 7 + k / 3) % mod) - shift);
  return v;
}

int main() {
  const std::size_t m = 37, n = 45, l = 29;
  const auto a = filled<float>(m * l, 7, 3), b = filled<float>(l * n, 5, 2);
  std::vector<float> c(m * n);
  matmul(clpar::view<const float, 2>(a.data(), m, l), clpar::view<const float, 2>(b.data(), l, n),
         clpar::view<float, 2>(c.data(), m, n));
  show("matmul", c);
  gemm(2, 3, clpar::view<const float, 2>(a.data(), m, l),
       clpar::view<const float, 2>(b.data(), l, n), clpar::view<float, 2>(c.data(), m, n));
  show("gemm", c);

  const auto at = filled<double>(l * m, 9, 4), bt = filled<double>(n * l, 6, 3);
  std::vector<double> cd = filled<double>(m * n, 3, 1);
  transposed(clpar::view<const double, 2>(at.data(), l, m),
             clpar::view<const double, 2>(bt.data(), n, l), clpar::view<double, 2>(cd.data(), m, n));
  show("transposed", cd);

  const std::size_t rows = 53, cols = 21;
  const auto d = filled<int>(rows * cols, 13, 6);
  std::vector<int> mean(cols), sum(cols * cols), top(cols * cols);
  for (std::size_t k = 0; k < cols; ++k) mean[k] = int(k % 3) - 1;
  centred(clpar::view<const int, 2>(d.data(), rows, cols), mean, 2,
          clpar::view<int, 2>(sum.data(), cols, cols), clpar::view<int, 2>(top.data(), cols, cols));
  show("centred sum", sum);
  show("centred max", top);

  // Every other row of a, every other column of b, the output's rows 3 apart.
  const auto wa = filled<float>(2 * m * l, 5, 2), wb = filled<float>(l * 2 * n, 4, 2);
  const auto w = filled<float>(l, 3, 1);
  std::vector<float> wc(3 * m * n);
  weighted(clpar::view<const float, 2>(wa.data(), {m, l}, {2 * l, 1}), w,
           clpar::view<const float, 2>(wb.data(), {l, n}, {2 * n, 2}),
           clpar::view<float, 2>(wc.data(), {m, n}, {3 * n, 1}));
  show("weighted", wc);
}
