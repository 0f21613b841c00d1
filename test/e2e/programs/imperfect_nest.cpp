// e2e: imperfect prange nests, whose levels have declarations between them: each
// work-item makes them again on the device; the OpenMP variant runs the outer loop in
// parallel and the rest as written.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

// Row scaling: a per-row factor computed before the inner loop (the values are chosen
// so that every result is exact, whether or not the device contracts a * b + c).
void scale_rows(clpar::view<float, 2> out, clpar::view<const float, 2> in,
                clpar::view<const float, 1> weight) {
  for (auto i : clpar::prange(out.extent(0))) { // region: 1
    const float w = std::sqrt(weight(i)) + 0.5f;
    float bias = static_cast<float>(i % 7) * 0.25f;
    for (auto j : clpar::prange(out.extent(1)))
      out(i, j) = in(i, j) * w + bias;
  }
}

// A 3-D nest with declarations at two levels, one a lookup table of the plane.
void planes(clpar::view<int, 3> out) {
  for (auto z : clpar::prange(out.extent(0))) { // region: 1
    const std::array<int, 4> taps{1, -2, 3, -4};
    const int base = static_cast<int>(z) * 100;
    for (auto y : clpar::prange(out.extent(1))) {
      const int row = base + static_cast<int>(y) * 10;
      for (auto x : clpar::prange(out.extent(2)))
        out(z, y, x) = row + taps[x % taps.size()] * static_cast<int>(x);
    }
  }
}

// A perfect outer pair, then a declaration before the innermost level.
template <class T>
void tiles(clpar::view<T, 3> out, T step) {
  for (auto a : clpar::prange(out.extent(0))) // region: 2
    for (auto b : clpar::prange(out.extent(1))) {
      const T corner = std::min(static_cast<T>(a), static_cast<T>(b)) * step;
      for (auto c : clpar::prange(out.extent(2)))
        out(a, b, c) = corner + static_cast<T>(c);
    }
}

int main() {
  const std::size_t rows = 37, cols = 53;
  std::vector<float> in(rows * cols), out(rows * cols), weight(rows);
  for (std::size_t k = 0; k < in.size(); ++k)
    in[k] = static_cast<float>((k * 13) % 29) - 9.0f;
  for (std::size_t k = 0; k < rows; ++k)
    weight[k] = static_cast<float>((k % 5 + 1) * (k % 5 + 1)); // exact square roots
  scale_rows(clpar::view<float, 2>(out.data(), rows, cols),
             clpar::view<const float, 2>(in.data(), rows, cols),
             clpar::view<const float, 1>(weight.data(), rows));
  show("scale_rows", out);

  std::vector<int> cube(5 * 7 * 9);
  planes(clpar::view<int, 3>(cube.data(), 5, 7, 9));
  show("planes", cube);

  std::vector<float> tf(4 * 6 * 8);
  std::vector<double> td(4 * 6 * 8);
  tiles(clpar::view<float, 3>(tf.data(), 4, 6, 8), 0.5f);
  tiles(clpar::view<double, 3>(td.data(), 4, 6, 8), 0.25);
  show("tiles<float>", tf);
  show("tiles<double>", td);
}
