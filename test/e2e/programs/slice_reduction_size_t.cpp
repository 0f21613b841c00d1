// e2e: slice reductions whose result type is spelled in several words (std::size_t is
// unsigned long): sum, prod and dot of std::size_t and unsigned long long views.  The
// translator once declared the accumulator with a functional cast, unsigned long(0), which
// does not compile (found by the generated-program tests).
#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

int main() {
  const std::size_t n = 301;
  std::vector<std::size_t> a(n);
  std::vector<unsigned long long> b(n);
  for (std::size_t k = 0; k < n; ++k) {
    a[k] = (k * 7 + 30) % 61;
    b[k] = (k * 13 + 5) % 17 + 1;
  }
  clpar::view<std::size_t> va(a);
  clpar::view<unsigned long long> vb(b);
  const auto s = clpar::sum(va[clpar::slice(1, n, 2)]);
  const auto p = clpar::prod(vb[clpar::slice(0, 40)]);
  const auto d = clpar::dot(va, va);
  const auto m = clpar::max(va[clpar::slice(n - 1, -1, -3)]);
  std::printf("sum=%zu prod=%llu dot=%zu max=%zu\n", s, p, d, m);
}
