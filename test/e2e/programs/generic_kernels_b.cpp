// e2e generic_kernels (with generic_kernels_a.cpp and generic_kernels_main.cpp, compiled
// separately and linked): generic_kernels.hpp's templates instantiated for float (axpy,
// axpy_slice, sum_of and max_of as in generic_kernels_a.cpp, box_sum with other radii)
// and int, and its inline clamp, which generic_kernels_main.cpp uses too.
#include "generic_kernels.hpp"

#include "digest.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace {

// y = x + y0 through axpy and axpy_slice; box sums of radius 1, then 3; the reductions.
template <class T>
void vectors(const std::string& type) {
  for (std::size_t n : {std::size_t(2), std::size_t(777), std::size_t(3001)}) {
    std::vector<T> x(n), y(n), z(n, T(7)), w(n, T(0));
    for (std::size_t i = 0; i < n; ++i) {
      x[i] = T(int(i % 11) - 5);
      y[i] = T(int(i % 9));
    }
    gk::axpy<T>(T(3), x, y);
    gk::axpy_slice<T>(T(-2), x, y);
    gk::box_sum<1, T>(y, z);
    gk::box_sum<3, T>(z, w);
    const T sum = gk::sum_of<T>(w), max = gk::max_of<T>(w);
    std::printf("b %s n=%zu sum=%.17g max=%.17g\n", type.c_str(), n, double(sum), double(max));
    show(("b " + type + " y").c_str(), y);
    show(("b " + type + " z").c_str(), z);
    show(("b " + type + " w").c_str(), w);
  }
}

// The inline function, on a whole vector and on every third element.
void clamped() {
  std::vector<int> v(3000);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = int(i * 37 % 301) - 150;
  gk::clamp(v, -100, 120);
  gk::clamp(clpar::view<int>(v)[clpar::slice(1, 3000, 3)], -20, 30);
  show("b clamp", v);
}

}  // namespace

void run_b() {
  vectors<float>("float");
  vectors<int>("int");
  clamped();
}
