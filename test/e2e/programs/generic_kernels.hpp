// test/e2e/programs/generic_kernels.hpp - a header-only library of generic kernels for the
// generic_kernels e2e program: generic_kernels_a.cpp instantiates it for float and double,
// generic_kernels_b.cpp for float and int (and other template arguments of box_sum), and
// generic_kernels_main.cpp uses it too; the three are compiled separately and linked.
//
// clpar++ translates the loops and slice statements of a project's own headers in each
// translation unit that includes them, once per instantiation.  The same instantiation
// (axpy<float>, the inline clamp) made in several translation units must link into one
// program that is correct whichever copy the linker keeps.
//
// A line that starts a region ends in "region: N": the program calls that region N times,
// all instantiations together (sites.sh checks CLPAR_TRACE against these counts, so an
// instantiation left serial is noticed).  Element values are small integers and quarters,
// so that every result is exact in every variant and in any order of summation.
#ifndef CLPAR_TEST_E2E_GENERIC_KERNELS_HPP
#define CLPAR_TEST_E2E_GENERIC_KERNELS_HPP

#include <clpar/clpar.hpp>

#include <algorithm>
#include <cstddef>
#include <limits>

namespace gk {

/// y = a * x + y.
template <class T>
void axpy(T a, clpar::view<const T> x, clpar::view<T> y) {
  for (auto i : clpar::prange(y.size()))  // region: 15
    y[i] = a * x[i] + y[i];
}

/// The same as a slice statement.
template <class T>
void axpy_slice(T a, clpar::view<const T> x, clpar::view<T> y) {
  y[clpar::all] = a * x + y;  // region: 12
}

/// out = c * in + s * (the sum of the four neighbours) on the interior of a 2-D grid.
template <class T>
void stencil5(T c, T s, clpar::view<const T, 2> in, clpar::view<T, 2> out) {
  const std::size_t rows = in.extent(0), cols = in.extent(1);
  for (auto i : clpar::prange(std::size_t(1), rows - 1))  // region: 24
    for (auto j : clpar::prange(std::size_t(1), cols - 1))
      out(i, j) = c * in(i, j) + s * (in(i - 1, j) + in(i + 1, j) + in(i, j - 1) + in(i, j + 1));
}

/// A function template called inside a loop of a template.
template <class T>
constexpr T square(T x) {
  return x * x;
}

/// Reductions: the sum, the sum of squares and the largest element (lowest() when empty).
template <class T>
T sum_of(clpar::view<const T> v) {
  T s = T(0);
  for (auto i : clpar::prange(v.size()))  // region: 12
    s += v[i];
  return s;
}

template <class T>
T sum_of_squares(clpar::view<const T> v) {
  T s = T(0);
  for (auto i : clpar::prange(v.size()))  // region: 6
    s += square(v[i]);
  return s;
}

template <class T>
T max_of(clpar::view<const T> v) {
  T m = std::numeric_limits<T>::lowest();
  for (auto i : clpar::prange(v.size()))  // region: 12
    m = std::max(m, v[i]);
  return m;
}

/// out[i] = in[i - R] + ... + in[i + R] wherever the window fits; elements of out nearer
/// the ends keep their values.  R, a non-type template argument, bounds the inner loop.
template <int R, class T>
void box_sum(clpar::view<const T> in, clpar::view<T> out) {
  static_assert(R >= 0, "box_sum: the radius must not be negative");
  const std::size_t n = in.size();
  const std::size_t hi = n > std::size_t(2 * R) ? n - R : std::size_t(R);
  for (auto i : clpar::prange(std::size_t(R), hi)) {  // region: 18
    T acc = T(0);
    for (int k = 0; k <= 2 * R; ++k)
      acc += in[i - R + k];
    out[i] = acc;
  }
}

/// Clamps every element into [lo, hi]: an ordinary inline function, used by two
/// translation units.
inline void clamp(clpar::view<int> v, int lo, int hi) {
  for (auto i : clpar::prange(v.size()))  // region: 4
    v[i] = v[i] < lo ? lo : (v[i] > hi ? hi : v[i]);
}

}  // namespace gk

#endif  // CLPAR_TEST_E2E_GENERIC_KERNELS_HPP
