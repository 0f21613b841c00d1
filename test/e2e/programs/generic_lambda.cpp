// e2e: loops and a slice statement in generic lambdas, each instantiated for several
// element types: parameters declared auto (views of rank 1 and 2, scalars), a lambda with
// an explicit template parameter list, and a generic lambda capturing by reference.
//
// Values are small integers and quarters: exact in every variant.  A line that starts a
// region ends in "region: N", the number of times the program calls it, all
// instantiations together (sites.sh).
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <cstdio>
#include <type_traits>
#include <vector>

template <class T>
std::vector<T> numbers(std::size_t n, int period, int offset) {
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = T(int(i % period) - offset);
  return v;
}

int main() {
  // The brief's example: view and scale both deduced.
  auto scale = [](auto v, auto s) {
    for (auto i : clpar::prange(v.extent(0)))  // region: 4
      v[i] *= s;
  };
  // An explicit template parameter list.
  auto shift_square = []<class T>(clpar::view<T> v, T d) {
    for (auto i : clpar::prange(v.size()))  // region: 3
      v[i] = (v[i] + d) * (v[i] - d);
  };
  // A 2-D nest whose element type is named through the parameter's type.
  auto ramp = [](auto m) {
    using T = typename decltype(m)::value_type;
    for (auto i : clpar::prange(m.extent(0)))  // region: 2
      for (auto j : clpar::prange(m.extent(1)))
        m(i, j) += T(int(i % 8) * 2 - int(j % 5));
  };
  // Captures by reference; the scalar's type is not the elements'.
  int bias = 3;
  auto add_bias = [&](auto dst, auto src) {
    for (auto i : clpar::prange(dst.size()))  // region: 3
      dst[i] = src[i] + bias;
  };
  // A slice statement.
  auto accumulate = [](auto y, auto x) {
    y[clpar::all] += x * x;  // region: 2
  };

  const std::size_t n = 3001;
  std::vector<float> f = numbers<float>(n, 13, 6);
  std::vector<double> d = numbers<double>(n, 9, 4);
  std::vector<int> k = numbers<int>(n, 21, 10);

  scale(clpar::view<float>(f), 0.25f);
  scale(clpar::view<double>(d), 0.5);
  scale(clpar::view<int>(k), 3);
  scale(clpar::view<float>(f)[clpar::slice(0, 3001, 2)], -2.0f);  // a strided view
  shift_square(clpar::view<float>(f), 1.5f);
  shift_square(clpar::view<double>(d), 0.25);
  shift_square(clpar::view<int>(k), 7);
  show("scale, shift_square float", f);
  show("scale, shift_square double", d);
  show("scale, shift_square int", k);

  std::vector<float> mf = numbers<float>(37 * 41, 7, 3);
  std::vector<double> md = numbers<double>(64 * 48, 11, 5);
  ramp(clpar::view<float, 2>(mf.data(), 37, 41));
  ramp(clpar::view<double, 2>(md.data(), 64, 48));
  show("ramp float", mf);
  show("ramp double", md);

  std::vector<float> of(n);
  std::vector<double> od(n);
  std::vector<int> ok(n);
  add_bias(clpar::view<float>(of), clpar::view<const float>(f));
  bias = -5;
  add_bias(clpar::view<double>(od), clpar::view<const double>(d));
  add_bias(clpar::view<int>(ok), clpar::view<const int>(k));
  show("add_bias float", of);
  show("add_bias double", od);
  show("add_bias int", ok);

  accumulate(clpar::view<float>(of), clpar::view<const float>(f));
  accumulate(clpar::view<int>(ok), clpar::view<const int>(k));
  show("accumulate float", of);
  show("accumulate int", ok);
}
