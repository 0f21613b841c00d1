// test/e2e/programs/lambda_library.hpp - a header-only library of algorithms that take
// lambdas, for the lambda_library e2e program: lambda_library_a.cpp and
// lambda_library_b.cpp call it with lambdas of their own (capturing by copy and by
// reference, generic, returned by a function, kept in a class template), and
// lambda_library_main.cpp runs both; the three are compiled separately and linked.
//
// clpar++ tells the instantiations apart by the tag each lambda gets where it is written
// and reads what a lambda captures from its closure, so that every call below runs on
// the device.  A line that starts a region ends in "region: N": the program calls that
// region N times, all instantiations together (sites.sh).  Element values are small
// integers and quarters, so that every result is exact in every variant.
#ifndef CLPAR_TEST_E2E_LAMBDA_LIBRARY_HPP
#define CLPAR_TEST_E2E_LAMBDA_LIBRARY_HPP

#include <clpar/clpar.hpp>

#include <cstddef>
#include <functional>
#include <utility>

namespace ll {

/// v[i] = f(v[i]), the closure taken by value.
template <class T, class F>
void transform(clpar::view<T> v, F f) {
  for (auto i : clpar::prange(v.size()))  // region: 13
    v[i] = f(v[i]);
}

/// f(i) for every i below n, the closure a forwarding reference passed on.
template <class F>
void for_index(std::size_t n, F &&f) {
  for (auto i : clpar::prange(n))  // region: 4
    std::forward<F>(f)(i);
}

/// v[i] = f(i), called through std::invoke.
template <class T, class F>
void generate(clpar::view<T> v, const F &f) {
  for (auto i : clpar::prange(v.size()))  // region: 3
    v[i] = std::invoke(f, i);
}

/// The sum of f(v[i]), the closure taken by const reference.
template <class T, class F>
T transform_sum(clpar::view<const T> v, const F &f) {
  T s = 0;
  for (auto i : clpar::prange(v.size()))  // region: 2
    s += f(v[i]);
  return s;
}

/// g(i, j) = f(i, j, g(i, j)) on a 2-D view, the closure a member.
template <class F>
class grid_map {
public:
  explicit grid_map(F f) : f_(f) {}
  void operator()(clpar::view<float, 2> g) const {
    for (auto i : clpar::prange(g.extent(0)))  // region: 2
      for (auto j : clpar::prange(g.extent(1)))
        g(i, j) = f_(i, j, g(i, j));
  }

private:
  F f_;
};

/// A lambda written in the library itself, made in every file that calls scale: the
/// same tag in each.
inline void scale(clpar::view<float> v, float s) {
  transform(v, [s](float x) { return s * x; });
}

/// Lambdas written in templates: one text, a closure type per instantiation, told apart
/// by the template's arguments.
template <class T>
void shift(clpar::view<T> v, T by) {
  transform(v, [by](T x) { return x + by; });
}

template <int N>
void power(clpar::view<float> v) {
  transform(v, [](float x) {
    float r = 1;
    for (int k = 0; k < N; ++k)
      r *= x;
    return r;
  });
}

} // namespace ll

#endif // CLPAR_TEST_E2E_LAMBDA_LIBRARY_HPP
