// e2e: prange loops in variadic templates.  A loop that names a function parameter pack
// ('vs' below) is left as written and runs serially (region: 0, sites.sh); the same
// template's other loops are translated, including one that counts the pack with
// sizeof...; loops whose body ends in a fold expression over a non-type pack (with and
// without braces) are translated per instantiation; and a generic lambda takes a pack of
// scalars it folds before its loop (one instantiation: a lambda's loop offloads only one
// instantiation with a parameter pack).
//
// Values are small integers and quarters: exact in every variant.  A line that starts a
// region ends in "region: N", the number of times the program calls it, all
// instantiations together (sites.sh).
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <vector>

template <class... Vs>
void sum_into(clpar::view<float> out, Vs... vs) {
  for (auto i : clpar::prange(out.size()))  // region: 0
    out[i] = (vs[i] + ...);
  for (auto i : clpar::prange(out.size()))  // region: 2
    out[i] *= float(sizeof...(vs));
}

template <int... Ns>
void add_all(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size())) v[i] += (Ns + ...);  // region: 2
  for (auto i : clpar::prange(v.size())) {  // region: 2
    v[i] = v[i] * 2 - (Ns * ...);
  }
}

int main() {
  const std::size_t n = 3000;
  std::vector<float> a(n), b(n), c(n), out(n);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = float(int(i % 17) - 8) * 0.25f;
    b[i] = float(int(i % 5));
    c[i] = float(int(i % 3) - 1) * 0.5f;
  }
  clpar::view<float> vo(out.data(), n);
  sum_into(vo, clpar::view<const float>(a.data(), n), clpar::view<const float>(b.data(), n));
  show("two", out);
  sum_into(vo, clpar::view<const float>(a.data(), n), clpar::view<const float>(b.data(), n),
           clpar::view<const float>(c.data(), n));
  show("three", out);

  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = int(i % 101) - 50;
  add_all<1, 2, 3>(clpar::view<int>(v.data(), n));
  show("1 2 3", v);
  add_all<4, -5>(clpar::view<int>(v.data(), n));
  show("4 -5", v);

  auto scaled = [](clpar::view<float> x, auto... factors) {
    const float f = (1.0f * ... * float(factors));
    for (auto i : clpar::prange(x.size()))  // region: 2
      x[i] = x[i] * f + 1.0f;
  };
  scaled(vo, 2, 0.5f);
  show("scaled 1", out);
  scaled(vo, 3, 0.25f);
  show("scaled 0.75", out);
}
