// e2e: member function templates of an ordinary (non-template) class, each instantiated
// for several element types: one defined in the class and one outside it, a static one,
// one with a reduction and one with a slice statement.
//
// A line that starts a region ends in "region: N", the number of times the program calls
// it, all instantiations together (sites.sh).
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <cstdio>
#include <vector>

class Levels {
 public:
  explicit Levels(int count) : count_(count) {}

  // The member is copied into a local: a loop that reads a member through `this` is
  // OpenMP-only today, in any member function (template or not).
  template <class T>
  void clip(clpar::view<T> v) const {
    const T top = T(count_ - 1);
    for (auto i : clpar::prange(v.size()))  // region: 4
      v[i] = v[i] < T(0) ? T(0) : (v[i] > top ? top : v[i]);
  }

  template <class T>
  int count_equal(clpar::view<const T> v, T value) const;

  template <class T>
  static void ramp(clpar::view<T> v, T step) {
    for (auto i : clpar::prange(v.size()))  // region: 3
      v[i] = T(int(i % 29) - 9) * step;
  }

  template <class T>
  void sharpen(clpar::view<T> dst, clpar::view<const T> src) const {
    dst[clpar::all] = T(2) * dst - src;  // region: 2
  }

 private:
  int count_;
};

template <class T>
int Levels::count_equal(clpar::view<const T> v, T value) const {
  int count = 0;
  for (auto i : clpar::prange(v.size()))  // region: 4
    count += v[i] == value ? 1 : 0;
  return count;
}

int main() {
  const std::size_t n = 2500;
  const Levels levels(12);
  std::vector<float> f(n), g(n);
  std::vector<double> d(n);
  std::vector<int> k(n), m(n);
  Levels::ramp<float>(f, 0.5f);
  Levels::ramp<double>(d, 0.75);
  Levels::ramp<int>(k, 2);
  show("ramp float", f);
  show("ramp double", d);
  show("ramp int", k);

  g = f;
  m = k;
  levels.clip<float>(g);
  levels.clip<double>(d);
  levels.clip<int>(m);
  levels.clip<int>(clpar::view<int>(k)[clpar::slice(0, 2500, 5)]);  // a strided view
  show("clip float", g);
  show("clip double", d);
  show("clip int", m);
  show("clip int, every fifth", k);

  std::printf("count_equal float=%d double=%d int=%d int=%d\n",
              levels.count_equal<float>(g, 0.0f), levels.count_equal<double>(d, 11.0),
              levels.count_equal<int>(m, 4), levels.count_equal<int>(k, -2));

  levels.sharpen<float>(g, f);
  levels.sharpen<int>(m, k);
  show("sharpen float", g);
  show("sharpen int", m);
}
