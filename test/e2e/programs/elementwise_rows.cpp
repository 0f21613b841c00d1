// e2e: prange nests whose iteration is one element-wise assignment (the kernel's
// element-wise form, lib/Analysis/ElementwiseRows.h), at every layout its aligned-rows form
// is built for: first values 0 to 5 of the innermost prange, views starting 0 to 3
// elements past a four-element boundary, reads at offsets -2 to 2 along rows and -1 to 1
// across them, rows shorter than four and rows with partial work-items at both ends; a
// pitch that is not a multiple of 4 and a stepped prange (the general path); float,
// double, int and long; compound assignments and a destination read element for element.
// Values are small integers, so every result is exact whether or not a device contracts
// a * x + y into an fma.
#include <clpar/clpar.hpp>

#include <cstddef>
#include <cstdio>
#include <vector>

#include "digest.hpp"

namespace {

template <class T>
std::vector<T> numbers(std::size_t n, int mod) {
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = T(int(i % mod) - mod / 2);
  return v;
}

// A 5-point stencil with reads two apart along rows, from column `first` on.
template <class T>
void stencil(clpar::view<const T, 2> in, clpar::view<T, 2> out, std::size_t first,
             std::size_t columns, T scale) {
  const std::size_t rows = out.extent(0);
  for (auto i : clpar::prange(std::size_t(1), rows - 1))
    for (auto j : clpar::prange(first, first + columns))
      out(i, j) = scale * (in(i, j - 2) + in(i - 1, j) + in(i, j) + in(i + 1, j) + in(i, j + 2));
}

// fdtd-2d's updates: the destination read where it is written.
void fields(clpar::view<float, 2> ex, clpar::view<float, 2> hz, std::size_t first) {
  for (auto i : clpar::prange(ex.extent(0)))
    for (auto j : clpar::prange(first, ex.extent(1)))
      ex(i, j) = ex(i, j) - 0.5f * (hz(i, j) - hz(i, j - 1));
  for (auto i : clpar::prange(hz.extent(0) - 1))
    for (auto j : clpar::prange(hz.extent(1) - 1))
      hz(i, j) -= 0.25f * (ex(i, j + 1) - ex(i, j) + ex(i + 1, j));
}

// 1-D: compound assignments from a first value, and a stepped prange.
template <class T>
void axpy(T a, clpar::view<const T> x, clpar::view<T> y, std::size_t first, std::size_t n) {
  for (auto i : clpar::prange(first, first + n)) y[i] += a * x[i + 1] - x[i - 1];
}

void every_other(clpar::view<const double> x, clpar::view<double> y) {
  for (auto i : clpar::prange(std::size_t(1), y.size(), 2)) y[i] = 3.0 * x[i] - y[i];
}

}  // namespace

int main() {
  // 2-D float and int over windows of arrays with pitches 64 and 60 (rows alike on
  // four-element boundaries) and 62 (rows lying differently), the windows starting 0 to 3
  // columns in, every first value from 2 to 5 and widths from 1 to 41.
  for (std::ptrdiff_t pitch : {64, 60, 62}) {
    std::vector<float> us = numbers<float>(12 * pitch, 17), vs(12 * pitch, 1.0f);
    std::vector<int> is = numbers<int>(12 * pitch, 13), os(12 * pitch, 0);
    for (std::ptrdiff_t c0 : {0, 1, 2, 3})
      for (std::size_t first : {2, 3, 4, 5})
        for (std::size_t w : {1, 2, 3, 5, 8, 41}) {
          const std::size_t width = static_cast<std::size_t>(pitch - c0) - 4 - 1;
          if (first + w + 2 > width) continue;
          clpar::view<const float, 2> u(us.data() + c0, {12, width}, {pitch, 1});
          clpar::view<float, 2> v(vs.data() + (c0 + 1) % 4, {12, width}, {pitch, 1});
          stencil(u, v, first, w, 0.25f);
          clpar::view<const int, 2> a(is.data() + (3 * c0) % 4, {12, width}, {pitch, 1});
          clpar::view<int, 2> b(os.data() + c0, {12, width}, {pitch, 1});
          stencil(a, b, first, w, 3);
        }
    char tag[32];
    std::snprintf(tag, sizeof tag, "float stencil pitch %td", pitch);
    show(tag, vs);
    std::snprintf(tag, sizeof tag, "int stencil pitch %td", pitch);
    show(tag, os);
  }

  // fdtd's fields at several widths and first values.
  for (std::size_t cols : {3, 9, 37})
    for (std::size_t first : {1, 2, 3}) {
      std::vector<float> ex = numbers<float>(10 * cols, 7), hz = numbers<float>(10 * cols, 5);
      fields(clpar::view<float, 2>(ex.data(), 10, cols), clpar::view<float, 2>(hz.data(), 10, cols),
             first);
      char tag[32];
      std::snprintf(tag, sizeof tag, "fields %zu from %zu", cols, first);
      show(tag, hz);
    }

  // 1-D double and long: every first value and view position, several counts.
  std::vector<double> dx = numbers<double>(200, 9), dy = numbers<double>(200, 5);
  std::vector<long> lx = numbers<long>(200, 11), ly = numbers<long>(200, 3);
  for (std::size_t at : {0, 1, 2, 3})
    for (std::size_t first : {1, 2, 3, 4})
      for (std::size_t n : {1, 3, 4, 6, 29}) {
        clpar::view<const double> x(dx.data() + (at + 1) % 4, 150);
        clpar::view<double> y(dy.data() + at, 150);
        axpy(2.0, x, y, first, n);
        clpar::view<const long> xl(lx.data() + 3 - at, 150);
        clpar::view<long> yl(ly.data() + at, 150);
        axpy(-1L, xl, yl, first, n);
      }
  show("double axpy", dy);
  show("long axpy", std::vector<double>(ly.begin(), ly.end()));
  every_other(clpar::view<const double>(dx), clpar::view<double>(dy));
  show("double every other", dy);
  return 0;
}
