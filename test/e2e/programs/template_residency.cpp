// e2e: data residency (SPEC 1.5) in templates.  A function template's regions keep their
// views on the device between them as a plain function's do: twenty calls of a smoothing
// step per instantiation move each view to the device once and home once.  The held
// variant keeps a view resident with clpar::resident and brings it home with sync_host().
// e2e.template_residency.transfers checks the counts (transfers.sh).
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <cstddef>
#include <vector>

template <class T>
T smooth(clpar::view<T> a, clpar::view<T> b, int steps) {
  for (int s = 0; s < steps; ++s) {
    for (auto i : clpar::prange(std::size_t(1), a.size() - 1)) // region: 20
      b[i] = (a[i - 1] + a[i] + a[i + 1]) * T(0.25) + a[i] * T(0.25);
    for (auto i : clpar::prange(std::size_t(1), a.size() - 1)) // region: 20
      a[i] = b[i];
  }
  return a[a.size() / 2];
}

template <class T>
T held(clpar::view<T> a, int steps) {
  clpar::resident keep(a);
  for (int s = 0; s < steps; ++s)
    for (auto i : clpar::prange(a.size())) // region: 10
      a[i] = a[i] * T(2);
  a.sync_host();
  return a[3];
}

int main() {
  const std::size_t n = 1000;
  std::vector<float> a(n), b(n), h(n);
  std::vector<double> c(n), d(n);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i % 17);
    c[i] = static_cast<double>(i % 13);
    h[i] = static_cast<float>(i % 5);
  }
  const float x = smooth(clpar::view<float>(a), clpar::view<float>(b), 10);
  const double y = smooth(clpar::view<double>(c), clpar::view<double>(d), 10);
  const float z = held(clpar::view<float>(h), 10);
  show("smooth<float>", a);
  show("smooth<double>", c);
  show("held<float>", h);
  std::printf("middle %.9g %.17g held %.9g\n", x, y, z);
}
