// e2e generic_kernels (with generic_kernels_b.cpp and generic_kernels_main.cpp, compiled
// separately and linked): generic_kernels.hpp's templates instantiated for float and
// double in this translation unit.
#include "generic_kernels.hpp"

#include "digest.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace {

// y = x + quarters through axpy and axpy_slice, sums of five, the reductions.
template <class T>
void vectors(const std::string& type) {
  for (std::size_t n : {std::size_t(0), std::size_t(1000), std::size_t(4099)}) {
    std::vector<T> x(n), y(n), z(n, T(-1));
    for (std::size_t i = 0; i < n; ++i) {
      x[i] = T(int(i % 17) - 8);
      y[i] = T(int(i % 5)) * T(0.25);
    }
    gk::axpy<T>(T(1.5), x, y);
    gk::axpy_slice<T>(T(-0.5), x, y);
    gk::box_sum<2, T>(y, z);
    const T sum = gk::sum_of<T>(y), sum_sq = gk::sum_of_squares<T>(y), max = gk::max_of<T>(z);
    std::printf("a %s n=%zu sum=%.17g sum_sq=%.17g max=%.17g\n", type.c_str(), n, double(sum),
                double(sum_sq), double(max));
    show(("a " + type + " y").c_str(), y);
    show(("a " + type + " z").c_str(), z);
  }
}

// Six steps of the 5-point stencil (weights 1/2 and 1/8) between two grids.
template <class T>
void grids(const std::string& type) {
  const std::size_t shapes[][2] = {{37, 53}, {64, 64}};
  for (const auto& shape : shapes) {
    const std::size_t rows = shape[0], cols = shape[1];
    std::vector<T> p(rows * cols);
    for (std::size_t k = 0; k < p.size(); ++k) p[k] = T(int((k * 7 + k / cols * 3) % 16));
    std::vector<T> q = p;
    clpar::view<T, 2> a(p.data(), rows, cols), b(q.data(), rows, cols);
    for (int t = 0; t < 3; ++t) {
      gk::stencil5<T>(T(0.5), T(0.125), a, b);
      gk::stencil5<T>(T(0.5), T(0.125), b, a);
    }
    const std::string tag = "a " + type + " " + std::to_string(rows) + "x" + std::to_string(cols);
    show((tag + " p").c_str(), p);
    show((tag + " q").c_str(), q);
  }
}

}  // namespace

void run_a() {
  vectors<float>("float");
  vectors<double>("double");
  grids<float>("float");
  grids<double>("double");
}
