// e2e: loops in the member functions of a class template, instantiated for float and
// double: a 2-D stencil in a member defined outside the class, reductions in members
// defined inside it, a time loop of steps that swaps the two grids.
//
// The stencil rounds down to whole numbers (weights 1/2 and 1/8 of values below 1024), so
// that every value and every sum is exact in float and double, in any order.  A line that
// starts a region ends in "region: N", the number of times the program calls it, both
// instantiations together (sites.sh).
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>
#include <vector>

template <class T>
struct Grid {
  clpar::view<T, 2> a, b;  // the current grid and the one the next step writes

  void step();

  // Member views (this->a) are the kernel's arguments.
  T total() const {
    T s = T(0);
    for (auto i : clpar::prange(a.extent(0)))  // region: 18
      for (auto j : clpar::prange(a.extent(1)))
        s += a(i, j);
    return s;
  }

  // A view copied into a local works the same.

  T peak() const {
    const clpar::view<const T, 2> g = a;
    T m = std::numeric_limits<T>::lowest();
    for (auto i : clpar::prange(g.extent(0)))  // region: 4
      for (auto j : clpar::prange(g.extent(1)))
        m = std::max(m, g(i, j));
    return m;
  }
};

template <class T>
void Grid<T>::step() {
  const std::size_t rows = a.extent(0), cols = a.extent(1);
  for (auto i : clpar::prange(std::size_t(1), rows - 1))  // region: 18
    for (auto j : clpar::prange(std::size_t(1), cols - 1))
      b(i, j) = std::floor(T(0.5) * a(i, j) +
                           T(0.125) * (a(i - 1, j) + a(i + 1, j) + a(i, j - 1) + a(i, j + 1)));
  std::swap(a, b);
}

template <class T>
void simulate(const char* type, std::size_t rows, std::size_t cols, int steps) {
  std::vector<T> p(rows * cols);
  for (std::size_t k = 0; k < p.size(); ++k) p[k] = T(int((k * 97 + k / cols * 31) % 1024));
  std::vector<T> q = p;  // the boundary stays as it is
  Grid<T> grid{clpar::view<T, 2>(p.data(), rows, cols), clpar::view<T, 2>(q.data(), rows, cols)};
  std::printf("%s %zux%zu: total", type, rows, cols);
  for (int t = 0; t < steps; ++t) {
    grid.step();
    std::printf(" %.17g", double(grid.total()));
  }
  std::printf(" peak %.17g\n", double(grid.peak()));
  show("p", p);
  show("q", q);
}

int main() {
  simulate<float>("float", 48, 40, 5);
  simulate<float>("float", 33, 65, 4);
  simulate<double>("double", 48, 40, 5);
  simulate<double>("double", 64, 64, 4);
}
