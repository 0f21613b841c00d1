// e2e: loops in function templates that use constants depending on the template
// argument: sizeof(T), std::numeric_limits<T>::max() and static constexpr members of a
// traits class, instantiated for float, double and int.
//
// A line that starts a region ends in "region: N", the number of times the program calls
// it, all instantiations together (sites.sh).
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

/// The grid of a fixed-point format: `scale` steps per unit, each `unit` long.
template <class T>
struct fixed_point;
template <>
struct fixed_point<float> {
  static constexpr float scale = 64.0f;
  static constexpr float unit = 0x1p-6f;
};
template <>
struct fixed_point<double> {
  static constexpr double scale = 0x1p20;
  static constexpr double unit = 0x1p-20;
};

/// Byte offsets of a packed array of T, folded into [0, 61).
template <class T>
void byte_offsets(clpar::view<T> v) {
  for (auto i : clpar::prange(v.size()))  // region: 3
    v[i] = T(int(i * sizeof(T) % 61));
}

/// v + d, saturating at the largest finite value.
template <class T>
void saturating_add(clpar::view<T> v, T d) {
  for (auto i : clpar::prange(v.size()))  // region: 3
    v[i] = v[i] > std::numeric_limits<T>::max() - d ? std::numeric_limits<T>::max() : v[i] + d;
}

/// Rounds down to the fixed-point grid.
template <class T>
void snap(clpar::view<T> v) {
  for (auto i : clpar::prange(v.size()))  // region: 2
    v[i] = std::floor(v[i] * fixed_point<T>::scale) * fixed_point<T>::unit;
}

int main() {
  const std::size_t n = 2000;
  std::vector<float> f(n);
  std::vector<double> d(n);
  std::vector<int> k(n);
  byte_offsets<float>(f);
  byte_offsets<double>(d);
  byte_offsets<int>(k);
  show("byte_offsets float", f);
  show("byte_offsets double", d);
  show("byte_offsets int", k);

  for (std::size_t i = 0; i < n; ++i) {
    f[i] = float(i % 10) * 3.5e37f;
    d[i] = double(i % 10) * 1.75e307;
    k[i] = std::numeric_limits<int>::max() - int(i % 1000) * 3;
  }
  saturating_add<float>(f, 5e37f);
  saturating_add<double>(d, 3e307);
  saturating_add<int>(k, 1500);
  show("saturating_add float", f);
  show("saturating_add double", d);
  show("saturating_add int", k);

  // Neither kind of value is on the grid: sevenths.
  for (std::size_t i = 0; i < n; ++i) {
    f[i] = float(int(i % 997) - 300) / 7.0f;
    d[i] = double(int(i % 991) - 400) / 7.0;
  }
  snap<float>(f);
  snap<double>(d);
  show("snap float", f);
  show("snap double", d);
}
